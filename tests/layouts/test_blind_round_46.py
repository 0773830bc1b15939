"""Round forty-six, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The thirty-fifth held-out batch of issue 30 (tests/helpers/blind46.py), chosen as a user's downloads would mix them
(4 image classification, 2 detection, 1 segmentation, 2 text, 1 table; names A-H) and built without changing
shardify, each builder written after reading a stored source, judged as rounds twelve to forty-five: the first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits, labels, texts and
objects (each input once), or stop before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which
the conversion is then right. Where it does neither the test is `xfail(strict=True)` with what it does instead, so
the defect stays recorded and a fix shows up as an unexpected pass.

As measured on the branch blind46 at main's c1fa10a8 (`python tests/helpers/blind_tally.py --batch 46`,
tests/helpers/blind46_baseline_c1fa10a8.json): 4 right (bone_fracture, chatgpt_sentiment, cifake, fire_dataset), 4
good stops (chicken_disease: --labels; depression_reddit: --label-column; fluocells: --label-level 0; food_5k:
--label-from-name), 1 useless stop (dry_bean), 1 exit 1 (cottonweed), 0 WRONG EXIT 0. Since blindfix46
(tests/layouts/test_blindfix46.py): cottonweed right (a VIA checkbox's one checked option is the class; a region
written alone is one region), dry_bean a good stop (a spreadsheet copy beside a table of attributes no longer hides
it): 5 right, 5 good stops, 0 useless stops, 0 exit 1, 0 WRONG EXIT 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind46 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG: dict[str, str] = {}  # (cottonweed and dry_bean mended by blindfix46)


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind46")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
