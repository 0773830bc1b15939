"""A seventh round of public downloads nobody here wrote a rule for, converted as a user first types it.

The miniatures (tests/helpers/unseen7.py) were chosen by kind of layout, not by name. The first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits,
labels, texts and objects (each input once), or stop before writing (exit 2, a `UsageError`) naming
options that then convert right. Where it does neither the test is `xfail(strict=True)` with what
it does instead, so the defect stays recorded and a fix shows up as an unexpected pass.

Before any fix (branch round7 from d06008d): 5 right (arxiv_topics, fruit_detection, hymenoptera,
movie_phrases, tweet_emotions), 1 good stop (womens_clothing), 6 stops naming nothing that helps
(drive, massachusetts, state_farm, subjectivity, taco, visdrone), 1 exit 1 (medmnist), 2 wrong with
exit 0 (sku110k: `train_0.jpg`, `val_0.jpg` read as labels `train`, `val`; stackoverflow: each
question's `Tags` list taken for its class). After this round's fixes (by kind,
tests/layouts/test_round_seven_kinds.py): 12 right (massachusetts, medmnist, sku110k, state_farm,
subjectivity, taco, visdrone added), 2 good stops (womens_clothing, stackoverflow), 1 stop naming
nothing that helps (drive: a mask folder not named as masks, a kind left to the mend of round
six's faults), none exit 1, none wrong with exit 0. Since the ninth mends drive stops well: its
first stop names 1st_manual/ as masks and the layout file's keys that then convert right.

The judge is tests/helpers/unseen_judge.py: records read back from the shards against the truth
the builder wrote from the files it made, never the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.unseen7 import DATASETS
from helpers.unseen_judge import judge_first_command, recorded
from shardify.plan import layout_file

# What the first command does today where it is neither right nor a refusal whose option converts right.
WRONG: dict[str, str] = {
    # drive: since the ninth mends the first stop names 1st_manual/ as masks and the layout file's keys that
    # then convert right (it named only --label-level N, whose run stopped again naming the masks)
}
# Per dataset that stops well: the options its refusal names, with which the conversion is right.
FOLLOW = {
    # five columns of repeated values (Rating, Recommended IND, ...), none named as the label
    "womens_clothing": {"label_column": "Rating"},
    # `Tags` is named like a label but unique to each question: stops naming Y, then Title and Body a pair
    "stackoverflow": {"label_column": "Y"},
}


# Per dataset that stops well naming a layout file's keys: the layout file `--dry-run --layout-file FILE`
# writes, mended as its refusal says.
LAYOUTS = {
    # 1st_manual/21_manual1.gif beside images/21_training.tif: stops naming the folder under
    # `structure.mask_folders` and, images/ then no class, `training: -1` under `label_levels`
    "drive": ("shardify_layout: 1\nlayout: image_folders\nmedia: image\nsplit_folders: [test, training]\n"
              "structure:\n  root: DRIVE/\n  split_level: 1\n  split_names: {training: train}\n"
              "  label_levels: {test: -1, training: -1}\n"
              "  mask_folders: [DRIVE/test/mask/, DRIVE/training/mask/, DRIVE/training/1st_manual/]\n"),
}


@pytest.mark.parametrize(
    "name",
    recorded(DATASETS, WRONG),
)
def test_the_first_command_is_right_or_stops_before_writing(name: str, tmp_path: Path) -> None:
    follow = FOLLOW.get(name)
    if name in LAYOUTS:  # (the layout file as `--layout-file` reads it into the conversion's options)
        follow = {"layout_given": layout_file.loads(LAYOUTS[name], where="layout.yaml").layout}
    judge_first_command(DATASETS, name, tmp_path, follow)
