"""Round forty-two, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The thirty-first held-out batch of issue 30 (tests/helpers/blind42.py), chosen by kind (3 image classification, 2
detection, 2 segmentation, 1 text, 2 tables) and built without changing shardify, each builder written after reading
a stored source, judged as rounds twelve to thirty-nine: the first command, `shardify convert SRC OUT` with no
option, must write exactly the truth's records, splits, labels, texts and objects (each input once), or stop before
writing (exit 2) naming every option of the dataset's `FOLLOW`, with which the conversion is then right. Where it
does neither the test is `xfail(strict=True)` with what it does instead, so the defect stays recorded and a fix
shows up as an unexpected pass.

As measured on the branch blind42 at main's 5007f5c2 (`python tests/helpers/blind_tally.py --batch 42`,
tests/helpers/blind42_baseline_5007f5c2.json): 4 right (crop_weed, realwaste, sea_animals, wonders), 0 good stops,
5 stops naming nothing that converts right (pheme, sartorius, tnbc, totaltext, wdbc), 0 exit 1, 1 wrong with exit 0
(titanic). Since blindfix42 (tests/layouts/test_blindfix42.py): titanic, wdbc and tnbc good stops: 4 right, 3 good
stops, 3 useless stops (pheme, sartorius, totaltext). Since readers35b (tests/layouts/test_readers35b.py):
sartorius a good stop.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind42 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    "pheme": "a stop saying the source holds no images or texts, only .json files, naming only --layout-file: "
             "each thread's source tweet (source-tweets/<id>.json, its 'text') is no record it can read",
    "totaltext": "a stop naming --label-level 0 (no objects): Total-Text's polygon files (txt_format/<split>/"
                 "poly_gt_img<n>.txt, 'x: [[..]], y: [[..]], ornt: [..], transcriptions: [..]') are not read",
    # titanic: a good stop since blindfix42 (at 5007f5c2 each passenger was written as a text record of its Name,
    # exit 0); wdbc: a good stop since blindfix42 (the stop named --label-column '32', a measure);
    # tnbc: a good stop since blindfix42 (the stop named --label-level 2, the GT_<nn> masks as classes);
    # sartorius: a good stop since readers35b (--labels train.csv --key-column id --label-column cell_type)
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind42")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
