"""An eleventh round of public IMAGE downloads nobody here wrote a rule for, converted as a user first types it.

The miniatures (tests/helpers/unseen11.py) were chosen by kind of layout, most with annotations in a
format of their own, not by name. The first command, `shardify convert SRC OUT` with no option, must
write exactly the truth's records, splits, labels and objects (each input once), or stop before
writing (exit 2, a `UsageError`) naming options that then convert right. Where it does neither the
test is `xfail(strict=True)` with what it does instead, so the defect stays recorded and a fix shows
up as an unexpected pass.

Before any fix (branch round11 from 3c5dc2c): 3 right (ip102, patternnet, rsscn7), 1 good stop (fmd),
8 stops naming nothing that helps (breakhis, exdark, fddb, idrid, kth_tips2, raf_db, tt100k,
ua_detrac), no exit 1, 1 wrong with exit 0 (nwpu_vhr10: `positive image set/` and `negative image
set/` written as every image's label, its `ground truth/` boxes set aside). After this round's fixes (by
kind, tests/layouts/test_round_eleven_kinds.py): 7 right (fddb, nwpu_vhr10, tt100k, ua_detrac added), 3
good stops (breakhis, kth_tips2 added), 3 stops naming nothing that helps (exdark, idrid, raf_db), no
exit 1, none wrong with exit 0.

The judge is tests/helpers/unseen_judge.py: records read back from the shards against the truth
the builder wrote from the files it made, never the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.unseen11 import DATASETS
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a refusal whose option converts right.
WRONG = {
    "exdark": ("STOPS BEFORE WRITING (exit 2) saying SRC holds no class folders, naming --label-from-name, --labels or "
               "--label-level 0: the ExDark/<Class>/ folders beside the ExDark_Annno/<Class>/ mirror of bbGt box files, "
               "and imageclasslist.txt's coded sets, are not read"),
    "idrid": ("STOPS BEFORE WRITING (exit 2) saying the labels may be in the two Groundtruths CSVs, which shardify does not "
              "read: tables keyed by stem each labelling the split folder its name names are not read"),
    "raf_db": ("STOPS BEFORE WRITING (exit 2) saying the labels may be in basic/EmoLabel/list_patition_label.txt, which "
               "shardify does not read: a list naming train_00001.jpg for basic/Image/aligned/train_00001_aligned.jpg"),
}
# Per dataset that stops well: the options its refusal names, with which the conversion is right.
FOLLOW = {
    # benign/SOB/<tumour>/<patient>/<40X|100X|...>/: the magnifications a few parts of each patient; names
    # --label-level 4, 6 and 7 (the levels above whose names differ)
    "breakhis": {"label_level": 6},
    # <material>/sample_a/ .. sample_c/: the samples a few parts of each material; names --label-level 2
    "kth_tips2": {"label_level": 2},
    # image/<material>/ beside mask/<material>/ of the same names: names --label-level 3
    "fmd": {"label_level": 3},
}


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, tmp_path: Path) -> None:
    judge_first_command(DATASETS, name, tmp_path, FOLLOW.get(name))
