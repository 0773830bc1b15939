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
Since blindfix31 (tests/layouts/test_blindfix31.py): a table of label numbers and names is the label column's
vocabulary (medical_abstracts right), split lists in .mat files named as their variable are read (hku_is right),
masks one folder below their images stop naming the folder's --exclude and what the rest then needs, numbered object
folders stop naming --label-from-name (eth80 a good stop), the masks' stop names --label-level 0 where one folder is
left (msra10k a good stop): 5 right, 2 good stops, 3 useless stops, 0 exit 1, 0 wrong exit 0.
Since readers30 (tests/layouts/test_readers30.py): a label column of joined tags stops naming --label-column with
--label-separator and, where a pair would be read, --text-column (mpst a good stop): 5 right, 3 good stops, 2 useless
stops, 0 exit 1, 0 wrong exit 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind31 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    # dfire: a good stop since readers33c's FOLLOW (YOLO labels with no names file; its stop names --label-names, and
    # --label-names smoke,fire, the README's names, converts it right)
    # eth80: a good stop since blindfix31 (WRONG EXIT 0 at 08959a2: the maps/ silhouettes written as records, each
    # image labelled by its object folder, 'apple1'); its --exclude '**/maps/**' --label-from-name writes it right
    # hit_uav: a good stop since readers31a (its stop names normal_xml/ a copy of normal_json/'s frames and its --exclude;
    # then the COCO files' "filename" keys are read: shardify/plan/format_copies.py, converters/coco_urls.py)
    # hku_is: right since blindfix31 (WRONG EXIT 0 at 08959a2: every image train, the {train,val,test}ImgSet.mat
    # lists unread): converters/mat_evidence_files.py reads a char matrix, shardify/plan/recognise.py the list
    # medical_abstracts: right since blindfix31 (WRONG EXIT 0 at 08959a2: medical_tc_labels.csv written as records):
    # beam_jobs/discover/code_name_tables.py
    # mpst: a good stop since readers30 (a useless stop at 08959a2: the 'tags' cells (', '-joined) read as unique
    # texts, --label-column 'synopsis_source' named): converters/joined_tags.py names --label-column 'tags'
    # --label-separator ',' --text-column 'plot_synopsis'
    # msra10k: a good stop since blindfix31 (a useless stop at 08959a2: --exclude '**/*.png' named, then a further stop
    # asked for --label-level 0); the stop names both
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind31")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
