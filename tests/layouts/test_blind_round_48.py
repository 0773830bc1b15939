"""Round forty-eight, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The thirty-seventh held-out batch of issue 30 (tests/helpers/blind48.py), chosen as a user's downloads would mix them
(4 image classification, 2 detection, 1 segmentation, 2 text, 1 table; names R-Z) and built without changing
shardify, each builder written after reading a stored source, judged as rounds twelve to forty-five: the first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits, labels, texts and
objects (each input once), or stop before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which
the conversion is then right. Where it does neither the test is `xfail(strict=True)` with what it does instead, so
the defect stays recorded and a fix shows up as an unexpected pass.

As measured on the branch blind48 at main's c1fa10a8 (`python tests/helpers/blind_tally.py --batch 48`,
tests/helpers/blind48_baseline_c1fa10a8.json): 7 right (climate_tweets, raabin_wbc, road_vehicles, seadronessee,
sorghum_cultivar, spam_mails, sugarcane_leaf), 3 good stops (telco_churn: --text-column none --keep-columns '*'
--label-column Churn; trans10k: --label-level 0; tsrd: --label-from-name, its value not named), 0 useless stops,
0 exit 1, 0 WRONG EXIT 0. Since blindfix48 (tests/layouts/test_blindfix48.py) tsrd's stop names the expression too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind48 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right (none at c1fa10a8).
WRONG: dict[str, str] = {}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind48")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
