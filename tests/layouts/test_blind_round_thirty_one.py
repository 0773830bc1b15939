"""Round thirty-one, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The twentieth held-out batch of issue 30 (tests/helpers/blind31.py), chosen by kind (3 image classification, 2
detection, 2 segmentation, 2 text, 1 table) and built without changing shardify, each builder written after reading a
stored source, judged as rounds twelve to twenty-nine: the first command, `shardify convert SRC OUT` with no option,
must write exactly the truth's records, splits, labels, texts and objects (each input once), or stop before writing
(exit 2) naming every option of the dataset's `FOLLOW`, with which the conversion is then right. Where it does
neither the test is `xfail(strict=True)` with what it does instead, so the defect stays recorded and a fix shows up
as an unexpected pass.

As measured on the branch blind31 at main's 08959a2 (`python tests/helpers/blind_tally.py --batch 31`,
tests/helpers/blind31_baseline_08959a2.json): 3 right (afhq, blood_cells, cyberbullying), 0 good stops, 4 stops
naming nothing that converts right (dfire, hit_uav, mpst, msra10k), 0 exit 1, 3 wrong with exit 0 (eth80, hku_is,
medical_abstracts).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind31 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    "dfire": ("STOPS (exit 2): YOLO labels with no names file; names --label-names FILE, a file the download lacks (the "
              "names 'smoke', 'fire' are in the README only)"),
    "eth80": ("WRONG EXIT 0: each object folder's maps/ silhouettes '<object>-<a1>-<a2>-map.png' written as records "
              "beside the images"),
    "hit_uav": ("STOPS (exit 2): the VOC tree's XMLs read as naming other objects than folders; its --label-level 0 "
                "then rejects every frame, each named twice (normal_json/<split>/ and normal_xml/JPEGImages/)"),
    "hku_is": ("WRONG EXIT 0: every imgs/ image written as train; trainImgSet.mat, valImgSet.mat and testImgSet.mat, "
               "the split lists, unread"),
    "medical_abstracts": ("WRONG EXIT 0: medical_tc_labels.csv, the names of the label numbers, written as records "
                          "beside the abstracts"),
    "mpst": ("STOPS (exit 2): the 'tags' cells (', '-joined) read as unique texts; names --label-column "
             "'synopsis_source'; --label-column tags keeps each joined cell one label"),
    "msra10k": ("STOPS (exit 2): the masks beside their images named with --exclude '**/*.png', after which a further "
                "stop asks for --label-level 0"),
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind31")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
