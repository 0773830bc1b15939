"""Round thirty-three, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The twenty-second held-out batch of issue 30 (tests/helpers/blind33.py), chosen by kind (3 image classification, 2
detection, 2 segmentation, 2 text, 1 table) and built without changing shardify, each builder written after reading a
stored source, judged as rounds twelve to thirty-one: the first command, `shardify convert SRC OUT` with no option,
must write exactly the truth's records, splits, labels, texts and objects (each input once), or stop before writing
(exit 2) naming every option of the dataset's `FOLLOW`, with which the conversion is then right. Where it does
neither the test is `xfail(strict=True)` with what it does instead, so the defect stays recorded and a fix shows up
as an unexpected pass.

As measured on the branch blind33 at main's b21c74e (`python tests/helpers/blind_tally.py --batch 33`,
tests/helpers/blind33_baseline_b21c74e.json): 6 right (footwear, seaships, suicide_watch, tinyperson, vegetable,
weather), 2 good stops (nerve, tgs_salt), 2 stops naming nothing that converts right (uit_vsfc, zoo), 0 exit 1, 0
wrong with exit 0.
Since blindfix33 (tests/layouts/test_blindfix33.py): numbers files beside texts in split folders stop naming every
text file's pair and the split folders (uit_vsfc a good stop): 6 right, 3 good stops, 1 useless stop (zoo), 0 exit 1,
0 wrong exit 0.
Since tables31 (tests/layouts/test_tables31.py): zoo a good stop (a row a record of its columns): 6 right, 4 good stops.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind33 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    # uit_vsfc: a good stop since blindfix33 (a useless stop at b21c74e: its --layout-file named dev/'s pair alone and
    # no split folders, so every dev/ and test/ line was written as train); the stop now names every pair and
    # `split_folders: [dev, test, train]` (beam_jobs/discover/line_files.py, NumbersBesideTexts)
    # zoo: a good stop since tables31 (tests/layouts/test_tables31.py): its stop names --text-column none --keep-columns '*'
    # --label-column '18' --layout tables, which write each row a record of its columns (converters/attribute_rows.py)
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind33")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
