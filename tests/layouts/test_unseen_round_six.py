"""A sixth round of public downloads nobody here wrote a rule for, converted as a user first types it.

The miniatures (tests/helpers/unseen6.py) were chosen by kind of layout, not by name. The first
command, `shardify convert SRC OUT` with no option, must write exactly the truth's records, splits,
labels, texts and objects (each input once), or stop before writing (exit 2, a `UsageError`) naming
options that then convert right. Where it does neither the test is `xfail(strict=True)` with what
it does instead, so the defect stays recorded and a fix shows up as an unexpected pass. The second
test takes the step a user takes next: the option the message names.

Before any fix (main at 99d83cc): 8 right, 1 good stop (fine_food), 2 stops naming nothing that
helps (coco128, movie_posters), 2 exit 1 (corona_tweets, montgomery), 2 wrong with exit 0 (oidv4,
simpsons). After this round's fixes (by kind, tests/layouts/test_round_six_kinds.py): 9 right, 4
good stops (fine_food, coco128, corona_tweets, montgomery), 2 stops naming nothing that helps
(movie_posters, simpsons), none exit 1, none wrong with exit 0. Since the ninth mends simpsons is
right (a split of loose files named by the class folders beside it).

The judge is tests/helpers/unseen_judge.py: records read back from the shards against the truth
the builder wrote from the files it made, never the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.unseen6 import COCO80_NAMES, DATASETS
from helpers.unseen_judge import assert_first_command, assert_next_step, assert_right, recorded

# What the first command does today where it is neither right nor a refusal whose option converts right.
WRONG: dict[str, str] = {
    # simpsons: right since the ninth mends (a split of loose files named by the class folders beside it)
}
# Per dataset that stops well: the options its refusal names, with which the conversion is right.
FOLLOW = {
    # three columns of repeated numbers and no column named as the label: stops naming --label-column
    # (its first example is HelpfulnessNumerator; Score is the one the data page means)
    "fine_food": {"label_column": "Score"},
    # (corona_tweets: latin-1 rows under an ASCII header stopped naming --encoding; right with no option since
    # test_stops_to_right.py, OriginalTweet found by its content)
    # an X-ray and its two masks share a stem with a clinical reading: no longer read as image captions (every
    # input rejected, exit 1); stops asking where the labels are, naming --label-level 0 (the masks set aside)
    "montgomery": {"label_level": 0},
    # YOLO labels with no data.yaml: stops naming --label-names (it named --labels and --label-level 0, which
    # dropped every object); the COCO names in number order then name the numbers
    "coco128": {"label_names": COCO80_NAMES},
}


@pytest.mark.parametrize(
    "name",
    recorded(DATASETS, WRONG),
)
def test_the_first_command_is_right_or_stops_before_writing(name: str, tmp_path: Path) -> None:
    truth = DATASETS[name](tmp_path / "download")
    assert_first_command(truth, tmp_path, FOLLOW.get(name), lambda out: assert_right(truth, out))


# The next step: dataset, the options a user adds after the first command's message, what it does today.
NEXT_STEPS = {
    "corona_tweets (--text-column OriginalTweet, as the console said before the encoding stop)": (
        "corona_tweets", {"text_column": "OriginalTweet"}, None),
    "movie_posters (--labels Multi_Label_dataset/train.csv --label-column Genre, as its two refusals say)": (
        # (was exit 1: the header row read as a split list's row, 'names no file: Id', and each Genre
        # cell, a list literal, one class; both read as the keyed table's are since the eighth mends)
        "movie_posters", {"labels_file": "Multi_Label_dataset/train.csv", "label_column": "Genre"}, None),
    "corona_tweets (--text-column OriginalTweet --encoding latin-1)": (
        "corona_tweets", {"text_column": "OriginalTweet", "encoding": "latin-1"}, None),
}


@pytest.mark.parametrize(
    "step",
    recorded(NEXT_STEPS, {s: step[2] for s, step in NEXT_STEPS.items()}),
)
def test_the_next_step_a_user_takes_is_right_or_stops(step: str, tmp_path: Path) -> None:
    name, options, _ = NEXT_STEPS[step]
    truth = DATASETS[name](tmp_path / "download")
    assert_next_step(truth, tmp_path, options, lambda out: assert_right(truth, out))
