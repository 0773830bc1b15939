"""Round forty-five, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The thirty-fourth held-out batch of issue 30 (tests/helpers/blind45.py), chosen as a user's downloads would mix them
(4 image classification, 2 detection, 1 segmentation, 2 text, 1 table; names M-Z) and built without changing
shardify, each builder written after reading a stored source, judged as rounds twelve to forty-three: the first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits, labels, texts and
objects (each input once), or stop before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which
the conversion is then right. Where it does neither the test is `xfail(strict=True)` with what it does instead, so
the defect stays recorded and a fix shows up as an unexpected pass.

As measured on the branch blind45 at main's 471a2c81 (`python tests/helpers/blind_tally.py --batch 45`,
tests/helpers/blind45_baseline_471a2c81.json): 8 right (pizza_not_pizza, resume, retina_vessel, ship_detection,
stellar, tb_chest, tyre_quality, yoga_poses), 1 good stop (weapon_detection: --label-names), 0 useless stops,
0 exit 1, 1 WRONG EXIT 0 (twitter_reddit_sentiment). Since blindfix45 (tests/layouts/test_blindfix45.py):
twitter_reddit_sentiment a useless stop (one class number spelled two ways): 8 right, 1 good stop, 1 useless stop,
0 exit 1, 0 WRONG EXIT 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind45 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    # twitter_reddit_sentiment: right since readers35a (a float export's '-1.0' read as -1, its empty cells unlabelled:
    # converters/whole_decimal_labels.py); before, a stop naming no option (one number spelled two ways)
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind45")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
