"""Round thirty-two, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The twenty-first held-out batch of issue 30 (tests/helpers/blind32.py), chosen by kind (3 image classification, 2
detection, 2 segmentation, 2 text, 1 multi-label) and built without changing shardify, each builder written after
reading a stored source, judged as rounds twelve to thirty-one: the first command, `shardify convert SRC OUT` with no
option, must write exactly the truth's records, splits, labels, texts and objects (each input once), or stop before
writing (exit 2) naming every option of the dataset's `FOLLOW`, with which the conversion is then right. Where it does
neither the test is `xfail(strict=True)` with what it does instead, so the defect stays recorded and a fix shows up
as an unexpected pass.

As measured on the branch blind32 at main's b21c74e (`python tests/helpers/blind_tally.py --batch 32`,
tests/helpers/blind32_baseline_b21c74e.json): 3 right (dermnet, monkeypox, movie_reviews), 3 good stops (forest,
gc10, magnetic_tile), 0 useless stops, 0 exit 1, 4 wrong with exit 0 (apparel, artaxor, flood, language_detection).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind32 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    "apparel": ("WRONG EXIT 0: each 'black_dress' folder one label 'black_dress', not its two words black and dress "
                "(the dataset's colour and garment)"),
    "artaxor": ("WRONG EXIT 0: the VoTT per-asset JSONs in <Order>/annotations/ unread; each photo labelled by its order "
                "folder with no objects"),
    "flood": ("WRONG EXIT 0: metadata.csv 'Image,Mask' read as a label table; each image labelled by its mask's file "
              "name ('0.png')"),
    "language_detection": ("WRONG EXIT 0: the 'Text,Language' rows written unlabelled; the Language column not taken as "
                           "the label"),
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind32")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
