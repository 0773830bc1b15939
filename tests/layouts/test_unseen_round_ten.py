"""A tenth round of public VISION downloads nobody here wrote a rule for, converted as a user first types it.

The miniatures (tests/helpers/unseen10.py) were chosen by kind of layout, not by name. The first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits,
labels and objects (each input once), or stop before writing (exit 2, a `UsageError`) naming
options that then convert right. Where it does neither the test is `xfail(strict=True)` with what
it does instead, so the defect stays recorded and a fix shows up as an unexpected pass.

Before any fix (branch round10 from 53d093c): 1 right (celebamask_hq), 2 good stops (domainnet,
sbd), 8 stops naming nothing that helps (bdd100k, chars74k, fairface, hateful_memes, hrsc2016,
icdar2015, market1501, shanghaitech), 1 exit 1 (300w: its `.pts` point files rejected as images),
1 wrong with exit 0 (wflw: WIDER's event folders `0--Parade/` written as every face's label). After
this round's fixes (by kind, tests/layouts/test_round_ten_kinds.py): 2 right (icdar2015 added), 7
good stops (300w, chars74k, fairface, shanghaitech and wflw added), 4 stops naming nothing that
helps (bdd100k, hateful_memes, hrsc2016, market1501), no exit 1, none wrong with exit 0. After mend eleven
(tests/layouts/test_mends_eleven.py): market1501 a good stop (query/ and gt_bbox/ splits of their own name, the
stop naming --label-from-name); 3 stops naming nothing that helps (bdd100k, hateful_memes, hrsc2016). After
round eleven's JSON documents of boxes (`box_formats.JSON_DOCUMENT`, tests/layouts/test_round_eleven_kinds.py):
bdd100k right (its `box2d` labels the objects, `poly2d` lanes none); 2 stops naming nothing that helps.

The judge is tests/helpers/unseen_judge.py: records read back from the shards against the truth
the builder wrote from the files it made, never the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.unseen10 import DATASETS
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a refusal whose option converts right.
WRONG = {
    # bdd100k: right since round eleven (one JSON document listing images and their boxes: box_formats' JSON_DOCUMENT)
    # hateful_memes: right since the eleventh mends (split-named JSON-lines tables beside the images read as the CSV
    # ones are, converters/json_line_cells.py: test_xfail_kinds_eleven.py)
    "hrsc2016": ("STOPS BEFORE WRITING (exit 2) saying the labels may be in HRSC2016/ImageSets/*.txt and FullDataSet/"
                 "Annotations/*.xml (no Pascal VOC <annotation>), naming --labels FILE or --label-level 0: no option reads "
                 "<HRSC_Image>'s <HRSC_Object> boxes and Class_ID as each image's objects"),
}
# Per dataset that stops well: the options its refusal names, with which the conversion is right.
FOLLOW = {
    # .pts beside the images under 01_Indoor/, 02_Outdoor/: stops naming --label-level 0 (and 2, the settings as classes)
    "300w": {"label_level": 0},
    # GoodImg/Bmp/Sample001/ beside BadImag/Bmp/Sample001/ (Msk/ masks beside Bmp/): names --label-level 5
    "chars74k": {"label_level": 5},
    # clipart/<class>/ beside sketch/<class>/ with clipart_train.txt ...: names --label-level 2, the splits from the lists
    "domainnet": {"label_level": 2},
    # fairface_label_{train,val}.csv: four columns could label; names --label-column and, for `East Asian`, --label-separator
    "fairface": {"label_column": "race", "label_separator": "none"},
    # img/ beside cls/ and inst/ .mat masks, train.txt and val.txt: names --label-level 0
    "sbd": {"label_level": 0},
    # part_A/train_data/images/ ...: split folders beneath the two parts, nothing labels the images: --label-level 0
    "shanghaitech": {"label_level": 0},
    # bounding_box_train/, bounding_box_test/ beside query/ and gt_bbox/ (re-identification's evaluation parts, splits
    # of their own name since mend eleven): loose files named by person id; names --label-from-name
    "market1501": {"label_from_name": r"^(\d+)_"},
    # list_98pt_rect_attr_{train,test}.txt rows of 206 numbers then the image, over WIDER's event folders: --label-level 0
    "wflw": {"label_level": 0},
}


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, tmp_path: Path) -> None:
    judge_first_command(DATASETS, name, tmp_path, FOLLOW.get(name))
