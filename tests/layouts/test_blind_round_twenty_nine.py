"""Round twenty-nine, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The eighteenth held-out batch of issue 30 (tests/helpers/blind29.py), chosen by kind (3 image classification, 2
detection, 2 segmentation, 2 text, 1 table), names A-M, and built without changing shardify, each builder written
after reading a stored source, judged as rounds twelve to twenty-eight: the first command, `shardify convert SRC OUT`
with no option, must write exactly the truth's records, splits, labels, texts and objects (each input once), or stop
before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which the conversion is then right. Where
it does neither the test is `xfail(strict=True)` with what it does instead, so the defect stays recorded and a fix
shows up as an unexpected pass.

As measured on the branch blind29 at main's beb2bce (`python tests/helpers/blind_tally.py --batch 29`,
tests/helpers/blind29_baseline_beb2bce.json): 2 right (alzheimer, fresh_rotten), 2 good stops (leap_gest, monuseg),
5 stops naming nothing that converts right (bbbc041, dailydialog, deepcrack, disaster_response, multi_domain), 0 exit
1, 1 wrong with exit 0 (egohands).
Since blindfix29 (tests/layouts/test_blindfix29.py): folders read as classes that each hold one annotation file of
their own stop (egohands a useless stop); the stop that finds no labels names sibling mask folders' --exclude
(deepcrack a good stop): 2 right, 3 good stops, 5 useless stops, 0 exit 1, 0 wrong exit 0.
Since readers29b (tests/layouts/test_readers29b.py): a labels table of `name-0;name-1;...` cells joined by id, and
pseudo-XML .review files labelled by their names, are read (disaster_response, multi_domain right); DailyDialog's
stop names its files of numbers, no longer --label-from-name (still useless): 4 right, 3 good stops, 3 useless stops,
0 exit 1, 0 wrong exit 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind29 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    # alzheimer, fresh_rotten: right (split folders of class folders)
    # leap_gest: a good stop (gesture folders repeated under subject folders; its --label-level 3 reads the gestures)
    # monuseg: a good stop (ImageScope XML beside the test TIFFs; its --label-level 0 writes them unlabelled)
    # bbbc041: right since readers29a (a useless stop at beb2bce: training.json and test.json unread); their corner
    # points read by shardify/plan/corner_point_documents.py
    "dailydialog": ("STOPS (exit 2): names the '__eou__' lines and the files of a number per utterance beside them "
                    "(readers29b; before, no labels found, offering --label-from-name); no option reads an utterance"),
    # deepcrack: a good stop since blindfix29 (a useless stop at beb2bce: its --label-level 0 then stopped on the
    # <split>_lab mask folders); the stop names --label-level 0 and the --exclude of each mask folder
    # disaster_response: right since readers29b (a useless stop before: disaster_categories.csv named a side table)
    # egohands: right since readers33a (STOPS since blindfix29; WRONG EXIT 0 at beb2bce: each frame labelled by its
    # video folder's name): each video's polygons.mat read as its frames' hands (converters/mat_frame_polygons.py)
    # multi_domain: right since readers29b (a useless stop before: the .review files read as label or split files)
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind29")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
