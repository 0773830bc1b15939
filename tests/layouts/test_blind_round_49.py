"""Round forty-nine, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The thirty-eighth held-out batch of issue 30 (tests/helpers/blind49.py), chosen as a user's downloads would mix them
(4 image classification, 2 detection, 1 segmentation, 2 text, 1 table; names A-I) and built without changing
shardify, each builder written after reading a stored source, judged as rounds twelve to forty-eight: the first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits, labels, texts and
objects (each input once), or stop before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which
the conversion is then right. Where it does neither the test is `xfail(strict=True)` with what it does instead, so
the defect stays recorded and a fix shows up as an unexpected pass.

As measured on the branch blind49 at main's b8633c40 (`python tests/helpers/blind_tally.py --batch 49`,
tests/helpers/blind49_baseline_b8633c40.json): 6 right (bleached_corals, drone_uav, emotions_in_text,
football_players, guava_disease, it_tickets), 1 good stop (fetal_health: --text-column none --keep-columns '*'
--label-column 'fetal_health'), 1 useless stop (bee_vs_wasp), 0 exit 1, 2 WRONG EXIT 0 (deepfish_segmentation,
emergency_vehicles).

Mended on branch mend49a (tests/layouts/test_mend49a.py): emergency_vehicles right (a split-named table of ids over
a train-named folder: beam_jobs/discover/held_out_in_split_folder.py); bee_vs_wasp a good stop (its two split flag
columns named as one variable, `is_validation+is_final_validation`, and read so from a layout file); the tally then
read 7 right, 2 good stops, 0 useless, 0 exit 1, 1 WRONG EXIT 0 (deepfish_segmentation, left as recorded).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind49 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG: dict[str, str] = {
    "deepfish_segmentation": "exit 0 at b8633c40: splits right (from train/val/test.csv), but each image labelled '0' "
    "or '1' from the CSVs' 'labels' column (the fish-present flag beside the mask), where the truth holds the "
    "segmentation frames unlabelled",
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind49")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
