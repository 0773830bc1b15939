"""Round twenty-seven, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The sixteenth held-out batch of issue 30 (tests/helpers/blind27.py), chosen by kind (detection, text, multi-label
and scored tables, hand keypoints, signature image pairs) and built without changing shardify, each builder written
after reading a stored source, judged as rounds twelve to twenty-five: the first command, `shardify convert SRC
OUT` with no option, must write exactly the truth's records, splits, labels, texts and objects (each input once),
or stop before writing (exit 2) naming every option of the dataset's `FOLLOW`, with which the conversion is then
right. Where it does neither the test is `xfail(strict=True)` with what it does instead, so the defect stays
recorded and a fix shows up as an unexpected pass.

As measured on the branch blind27 at main's 0dcd05d (`python tests/helpers/blind_tally.py --batch 27`,
tests/helpers/blind27_baseline_0dcd05d.json): 2 right (trash_icra19, xed), 2 good stops (crisislex, sign_data), 4
stops naming nothing that converts right (asap, hand_labels, humaid, mtsd), 2 exit 1 (icevision, ocnli), 0 wrong
with exit 0.
Since blindfix27 (tests/layouts/test_blindfix27.py): icevision stops before writing (a path of no folder in its
README crashed listed_folders; behind the crash the sequence folders were written as classes with exit 0, now a
mirror of per-image tables of boxes stops): 2 right, 2 good stops, 5 useless stops, 1 exit 1, 0 wrong exit 0. And
humaid a good stop (a stop over text folders outnumbered by row tables beside them names --layout tables): 2 right,
3 good stops, 4 useless stops, 1 exit 1, 0 wrong exit 0.
Since readers27a (tests/layouts/test_readers27a.py): icevision and mtsd right: 3 right, 3 good stops, 3 useless
stops, 1 exit 1, 0 wrong exit 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind27 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    # asap: a good stop since readers28b (tests/layouts/test_readers28b.py): 'no column is named as the label', offering
    # --label-column, which with domain1_score writes the training essays by score and valid_set.tsv's unlabelled
    # (every file read and the label column named: its scores withheld, plan/checks._every_file_read); at 0dcd05d
    # that stopped again, valid_set.tsv having no scores
    # crisislex: a good stop (its --layout tables reads the per-crisis CSVs right)
    "hand_labels": ("STOPS (exit 2): names the per-image JSONs (keys hand_pts, is_left) as annotations shardify does "
                    "not read; no option writes the images without them"),
    # humaid: a good stop since blindfix27 (it names --layout tables, which reads the per-event TSVs right; at
    # 0dcd05d it named folder levels only, --label-level 0 writing none of the rows)
    # icevision, mtsd: right since readers27a (IceVision's header TSV rows in a tree one folder deeper, MTSD's nested
    # bbox in annotations/<key>.json keyed by stem across images/<split>/: tests/layouts/test_readers27a.py)
    "ocnli": ("EXIT 1: RejectLimitError, the dev rows labelled '-' (no majority) rejected instead of written "
              "unlabelled"),
    # sign_data: a good stop (its --label-level 3 keeps the writer folders as classes)
    # trash_icra19, xed: right
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind27")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
