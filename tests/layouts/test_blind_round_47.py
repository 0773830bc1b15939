"""Round forty-seven, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The thirty-sixth held-out batch of issue 30 (tests/helpers/blind47.py), chosen as a user's downloads would mix them
(4 image classification, 2 detection, 1 segmentation, 2 text, 1 table; names I-Q) and built without changing
shardify, each builder written after reading a stored source, judged as rounds twelve to forty-five: the first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits, labels, texts and
objects (each input once), or stop before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which
the conversion is then right. Where it does neither the test is `xfail(strict=True)` with what it does instead, so
the defect stays recorded and a fix shows up as an unexpected pass.

As measured on the branch blind47 at main's c1fa10a8 (`python tests/helpers/blind_tally.py --batch 47`,
tests/helpers/blind47_baseline_c1fa10a8.json): 5 right (ireland_news, jute_pest, kitchenware, microcontroller,
potato_pld), 4 good stops (idd_detection: --label-level 0; maternal_health: --text-column none --keep-columns '*'
--label-column 'RiskLevel'; oil_spill: --label-level 0 --exclude '*/labels_1D'; phishing_email: --label-column
'Email Type'), 1 useless stop (mini_mias), 0 exit 1, 0 WRONG EXIT 0. Since blindfix47 (tests/layouts/
test_blindfix47.py): mini_mias a good stop (--labels all-mias/Info.txt --label-column 3): 5 right, 5 good stops,
0 useless stops, 0 exit 1, 0 WRONG EXIT 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind47 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
# (mini_mias, a stop naming no option that converts it right at c1fa10a8, is a good stop since blindfix47:
# --labels all-mias/Info.txt --label-column 3, the space-separated lines' third field)
WRONG: dict[str, str] = {}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind47")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
