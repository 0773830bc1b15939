"""Round forty-three, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The thirty-second held-out batch of issue 30 (tests/helpers/blind43.py), chosen as a user's downloads would mix them
(4 image classification, 2 detection, 1 segmentation, 2 text, 1 table) and built without changing shardify, each
builder written after reading a stored source, judged as rounds twelve to forty-two: the first command, `shardify
convert SRC OUT` with no option, must write exactly the truth's records, splits, labels, texts and objects (each
input once), or stop before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which the
conversion is then right. Where it does neither the test is `xfail(strict=True)` with what it does instead, so the
defect stays recorded and a fix shows up as an unexpected pass.

As measured on the branch blind43 at main's 8aa88b1b (`python tests/helpers/blind_tally.py --batch 43`,
tests/helpers/blind43_baseline_8aa88b1b.json): 7 right (cardd, dog_emotion, financial_tweets, indian_food,
mango_leaf, symptom2disease, tea_sickness), 1 good stop (covid_qu: --label-level 4), 0 useless stops, 2 exit 1
(bank_marketing, drinks), 0 wrong with exit 0. Since blindfix43 (tests/layouts/test_blindfix43.py): drinks right:
8 right, 1 good stop, 1 exit 1 (bank_marketing); then bank_marketing a useless stop: 8 right, 1 good stop, 1 useless
stop, 0 exit 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind43 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    "bank_marketing": "a stop naming --text-column none --keep-columns '*' --label-column 'y', with which each table "
                      "is a split of its file's name ('bank_full', 'bank': bank.csv is a 10% sample of bank-full.csv, "
                      "no split); at 8aa88b1b exit 1, bank-names.txt (prose) keeping that stop off, every row rejected",
    # drinks: right since blindfix43 (at 8aa88b1b exit 1: labels_{train,test}.csv, 'frame,xmin,xmax,ymin,ymax,
    # class_id', were read as label files, each image of two boxes rejected as 'rows .. give it different labels')
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind43")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
