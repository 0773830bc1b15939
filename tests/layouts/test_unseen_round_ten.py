"""A tenth round of public VISION downloads nobody here wrote a rule for, converted as a user first types it.

The miniatures (tests/helpers/unseen10.py) were chosen by kind of layout, not by name. The first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits,
labels and objects (each input once), or stop before writing (exit 2, a `UsageError`) naming
options that then convert right. Where it does neither the test is `xfail(strict=True)` with what
it does instead, so the defect stays recorded and a fix shows up as an unexpected pass.

The judge is tests/helpers/unseen_judge.py: records read back from the shards against the truth
the builder wrote from the files it made, never the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.unseen10 import DATASETS
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a refusal whose option converts right.
WRONG: dict[str, str] = {}
# Per dataset that stops well: the options its refusal names, with which the conversion is right.
FOLLOW: dict[str, dict] = {}


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, tmp_path: Path) -> None:
    judge_first_command(DATASETS, name, tmp_path, FOLLOW.get(name))
