"""Round thirty, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The nineteenth held-out batch of issue 30 (tests/helpers/blind30.py), chosen by kind (3 image classification, 2
detection, 2 segmentation, 2 text, 1 multi-label table), names N to Z, built without changing shardify, each
builder written after reading a stored source, judged as rounds twelve to twenty-eight: the first command,
`shardify convert SRC OUT` with no option, must write exactly the truth's records, splits, labels, texts and objects
(each input once), or stop before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which the
conversion is then right. Where it does neither the test is `xfail(strict=True)` with what it does instead, so the
defect stays recorded and a fix shows up as an unexpected pass.

As measured on the branch blind30 at main's beb2bce (`python tests/helpers/blind_tally.py --batch 30`,
tests/helpers/blind30_baseline_beb2bce.json): 3 right (pistachio, rock_paper_scissors, welfake), 0 good stops, 6
stops naming nothing that converts right (rim_one_dl, rsod, rugd, sixray, tobacco3482, yeast), 0 exit 1, 1 wrong
with exit 0 (twitter15_16).
Since blindfix30 (tests/layouts/test_blindfix30.py): texts named by the ids a line file beside them lists stop
(twitter15_16 a useless stop): 3 right, 0 good stops, 7 useless stops, 0 exit 1, 0 wrong exit 0. Then a copy of the
download inside itself names the --exclude of the inner copy (tobacco3482 a good stop): 3 right, 1 good stop, 6
useless stops, 0 exit 1, 0 wrong exit 0. Then a folder named for inputs that come with masks
(`RUGD_frames-with-annotations/`) is no mask folder (rugd a good stop): 3 right, 2 good stops, 5 useless stops, 0
exit 1, 0 wrong exit 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind30 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    # pistachio, rock_paper_scissors, welfake: right at beb2bce
    # rim_one_dl: a good stop since readers33e (a useless stop at beb2bce: the classes at uneven depths, no --exclude of
    # the random partition's copies named): the -1-Disc-T and -1-Cup-T masks in RIM-ONE_DL_reference_segmentations/
    # are the images' masks (masks_beside._named_after), and the two partitions each offered as an --exclude
    # (set_signs._partition_copies)
    # rsod: right since readers33c (a useless stop at beb2bce: Annotation/labels/*.txt read as tables of boxes whose
    # numbers fit both x1,y1,x2,y2 and x,y,w,h, only a layout file's box_format lines named); the VOC file of the same
    # image decides (shardify/plan/box_witness.py); the tables read, their boxes the XMLs'
    # rugd: a good stop since blindfix30 (a useless stop at beb2bce: `RUGD_frames-with-annotations/` read as a mask
    # folder beside `RUGD_annotations/`, the scene folders as parts with repeated names); its --label-level 0 writes
    # the frames unlabelled, the colour masks beside them
    # sixray: a good stop since readers33c (a useless stop at beb2bce: the per-image Annotation/*.txt read as tables of
    # boxes whose numbers fit both box forms, and train_3850.txt set aside as another fold than test_1650.txt); its
    # --box-order xyxy converts it right (shardify/plan/list_folds.py: the numbers no folds)
    # tobacco3482: a good stop since blindfix30 (a useless stop at beb2bce: the nested copy named with only 'point SRC at
    # one copy'); its --exclude 'Tobacco3482-jpg/Tobacco3482-jpg/**' converts the outer copy right
    "twitter15_16": ("STOPS (exit 2) since blindfix30 (WRONG EXIT 0 at beb2bce: the propagation trees tree/<id>.txt "
                     "written as documents labelled by their collection folder, twitter15 or twitter16, source_tweets.txt "
                     "and label.txt left aside): names the lists, the trees and their --exclude; no option joins "
                     "label.txt's labels onto the tweets"),
    # yeast: a good stop since readers33b (useless before: no option read ARFF): the ARFF files read a row an instance
    # (converters/arff_tables.py), the stop names the labels yeast.xml lists (tests/layouts/test_readers33b.py)
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind30")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
