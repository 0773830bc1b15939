"""An eighth round of public downloads nobody here wrote a rule for, converted as a user first types it.

The miniatures (tests/helpers/unseen8.py) were chosen by kind of layout, not by name. The first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits,
labels, texts and objects (each input once), or stop before writing (exit 2, a `UsageError`) naming
options that then convert right. Where it does neither the test is `xfail(strict=True)` with what
it does instead, so the defect stays recorded and a fix shows up as an unexpected pass.

Before any fix (branch round8 from 97d3b46): 4 right (hard_hat, semantic_drone, trashnet, wnli), no
good stop, 5 stops naming nothing that helps (chexpert, crowdhuman, office31, tatoeba, udacity), 4
exit 1 (dog_breeds, olivetti, poem_sentiment, usps), 2 wrong with exit 0 (asl_alphabet: the flat test
set's `A_test.jpg`, `nothing_test.jpg` written unlabelled, their classes lost; ph2: each sample's
folder `IMD002/` read as a class, its lesion and roi masks written as records of it). After this
round's fixes (by kind, tests/layouts/test_round_eight_kinds.py): 8 right (asl_alphabet, crowdhuman,
poem_sentiment, udacity added), 2 good stops (ph2, office31), 2 stops naming nothing that helps
(chexpert, tatoeba), 3 exit 1 (dog_breeds, olivetti, usps), none wrong with exit 0. Since: dog_breeds right
(the eighth mends' labels.csv beside split folders), tatoeba right (a headerless tab table in a .txt read
as a table, its attribution column a template's fill, no text: the sentence pair is text and pair).

The judge is tests/helpers/unseen_judge.py: records read back from the shards against the truth
the builder wrote from the files it made, never the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.unseen8 import DATASETS
from helpers.unseen_judge import judge_first_command, recorded
from shardify.plan import layout_file

# What the first command does today where it is neither right nor a refusal whose option converts right.
WRONG = {
    "chexpert": ("STOPS BEFORE WRITING (exit 2) taking the patient folders for class folders, naming --labels FILE; "
                 "--labels train.csv then stops again, saying why no option helps: its 1.0/0.0/-1.0/blank observation "
                 "columns are not read as labels (no option reads them), and its paths start at the folder above SRC "
                 "(convert that folder); valid.csv labels the valid/ images and no one --labels reads both"),
}
# Per dataset that stops well: the options its refusal names, with which the conversion is right.
FOLLOW = {
    # a folder per sample (IMD002/) holding its image and its masks' folders (IMD002_lesion/): stops naming
    # --label-level 0, which then writes each dermoscopic image once, unlabelled, its masks set aside
    "ph2": {"label_level": 0},
}
# Per dataset that stops well naming a layout file's keys: the layout file written as its refusal says.
LAYOUTS = {
    # three domains holding the same class folders: stops naming `split_level: 1` and `label_levels`
    "office31": ("shardify_layout: 1\nlayout: image_folders\nmedia: image\nstructure:\n"
                 "  root: domain_adaptation_images/\n  split_level: 1\n"
                 "  label_levels:\n    amazon: 3\n    dslr: 3\n    webcam: 3\n"),
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
