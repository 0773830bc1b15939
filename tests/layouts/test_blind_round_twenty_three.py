"""Round twenty-three, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The twelfth held-out batch of issue 30 (tests/helpers/blind23.py), chosen by kind and built without
changing shardify, each builder written after reading a stored source, judged as rounds twelve to
twenty-two: the first command, `shardify convert SRC OUT` with no option, must write exactly the truth's
records, splits, labels, texts and objects (each input once), or stop before writing (exit 2) naming every
option of the dataset's `FOLLOW`, with which the conversion is then right. Where it does neither the test is
`xfail(strict=True)` with what it does instead, so the defect stays recorded and a fix shows up as an
unexpected pass.

As measured on the branch blind23 at main's 6f26b9c (`python tests/helpers/blind_tally.py --batch 23`,
tests/helpers/blind23_baseline_6f26b9c.json): 0 right, 0 good stops, 5 stops naming nothing that converts
right (ck_plus, eurlex57k, gldv2, levir_cd, masakhanews), 0 exit 1, 5 wrong with exit 0 (hc18, pawpularity,
rsicd, sroie, strawberry).
Since blindfix23 (tests/layouts/test_blindfix23.py): pawpularity a good stop (a held-out split's table beside the
training table that holds its columns and the target: --labels train.csv --label-column Pawpularity), and the other
four stops before writing: 0 right, 1 good stop, 9 useless stops, 0 exit 1, 0 wrong exit 0.
Since blindfix23b: gldv2 a good stop (the stop over its hashed folders names --labels train.csv --label-column
landmark_id, a table keying every input by its id: beam_jobs/discover/keyed_table_hints.py) and levir_cd one
(LEVIR-CD/<split>/label/ in every split named by one glob, --label-level 0 --exclude 'LEVIR-CD/*/label'):
0 right, 3 good stops, 7 useless stops, 0 exit 1, 0 wrong exit 0. And masakhanews a good stop (a source of tables
in folders beside class lists, "no images or texts", now names --layout tables, with which it is right:
plan/file_signs.no_labels_message): 0 right, 4 good stops, 6 useless stops, 0 exit 1, 0 wrong exit 0.
Since the text-region row beside the images (beam_jobs/discover/box_beside.py's TXT_FORMATS, the row "Text
quadrilaterals beside their images"; tests/layouts/test_text_regions_beside.py): sroie right, 1 right, 4 good stops,
5 useless stops, 0 exit 1, 0 wrong exit 0.
Since LabelMe's documents beside the images are read (converters/labelme_shapes.py, box_beside.py's JSON_FORMATS;
tests/layouts/test_labelme_shapes.py): strawberry right, 2 right, 4 good stops, 4 useless stops, 0 exit 1, 0 wrong.
Since a JSON of entries each naming its image and split is read as the images' split file (converters/split_sources.py;
tests/layouts/test_karpathy_splits.py): rsicd right, 3 right, 4 good stops, 3 useless stops, 0 exit 1, 0 wrong.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind23 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    # ck_plus: right since readers25b (Emotion/'s _emotion.txt files mirroring the frames' tree read as their labels;
    # the builder's frames given split "train", the rounds' word for no split, where it had left None)
    # eurlex57k: a good stop since readers25a (--json-records . --text-column ... --label-column concepts, named)
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind23")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
