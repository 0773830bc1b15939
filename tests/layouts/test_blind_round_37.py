"""Round thirty-seven, blind: 10 more public downloads nobody here tuned a rule for, converted as a user first types it.

The twenty-sixth held-out batch of issue 30 (tests/helpers/blind37.py), chosen by kind (3 image classification, 2
detection, 2 segmentation, 2 text, 1 table) and built without changing shardify, each builder written after reading a
stored source, judged as rounds twelve to thirty-six: the first command, `shardify convert SRC OUT` with no option,
must write exactly the truth's records, splits, labels, texts and objects (each input once), or stop before writing
(exit 2) naming every option of the dataset's `FOLLOW`, with which the conversion is then right. Where it does
neither the test is `xfail(strict=True)` with what it does instead, so the defect stays recorded and a fix shows up
as an unexpected pass.

As measured on the branch blind37 at main's a95f01c (`python tests/helpers/blind_tally.py --batch 37`,
tests/helpers/blind37_baseline_a95f01c.json): 1 right (doclaynet), 0 good stops, 7 stops naming nothing that converts
right (casting, ccp, cnmc, hands, librispeech, ljspeech, stroke), 1 exit 1 (sen1floods11), 1 WRONG WITH EXIT 0 (ships).
Since blindfix37 (tests/layouts/test_blindfix37.py): 1 right, 0 good stops, 8 useless stops (ships now stopping before
writing: class folders each only wrapping a folder of their own name), 1 exit 1, 0 wrong exit 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind37 import DATASETS, FOLLOW
from helpers.unseen_judge import judge_first_command, recorded

# What the first command does today where it is neither right nor a stop whose options convert right.
WRONG = {
    # ships: WRONG EXIT 0 at a95f01c (Kaggle's double folders 'shipsnet/shipsnet/' and 'scenes/scenes/' read as two
    # classes); a stop since blindfix37 (each class folder only wraps a folder of its own name); a good stop since
    # readers33g: it names --label-from-name, and with '^([01])__' the next stop names --unlabelled-files 'scenes/**'
    # for the whole scenes the pattern matches none of (beam_jobs/discover/unmatched_names.py), which converts right
    # casting: STOPPED naming --label-level / class_path at a95f01c (the raw copy and the split copy read as classes
    # over repeated sub-folders; no option named converted both right); since batch37fix a good stop: the class_leaf
    # it names, with the split_patterns it names, converts right (FOLLOW's layout)
    # cnmc: STOPPED naming --label-level 3/4 at a95f01c (the folds read as classes over repeated sub-folders; the
    # validation cells' CSV labels and the unlabelled test cells fit none of the options named); a good stop since
    # readers32: the validation table is read as that split's labels and the stop's layout file with class_leaf converts
    # ccp: STOPPED at a95f01c (the image-level tags in MATLAB files unread); right since readers33a: the tags read
    # as the photos' labels by label_list.mat's names (converters/mat_tags.py)
    # hands: STOPPED at a95f01c (the MATLAB corner boxes unread); right since readers33a: each image's .mat of corner
    # boxes read as its objects (converters/mat_boxes.py)
    # ljspeech: STOPPED at a95f01c (the WAVs audio inputs, no option named); a good stop since readers32: the clip stop
    # names metadata.csv's transcripts and --exclude 'wavs/**' --text-column 2 --keep-columns 1 (clip_transcripts)
    # librispeech: STOPPED at a95f01c (the FLACs audio inputs, no option named); a good stop since readers33d: the clip
    # stop names the `<id> <text>` .trans.txt files and --layout tables --exclude '**/*.flac' --exclude '*.TXT'
    # (clip_transcripts, converters/keyed_lines.py)
    # stroke: STOPPED at a95f01c (no column holds text); a good stop: the stop names --text-column none --keep-columns
    # '*' --label-column 'stroke', which convert it right (FOLLOW set by readers33a)
    "sen1floods11": ("STOPS (exit 2) since batch37fix (EXIT 1 at a95f01c: no records written, every float32 and int32 "
                     "TIFF chip rejected): no option stores float or negative pixels (pixel_types)"),
}


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("blind37")


@pytest.mark.parametrize("name", recorded(DATASETS, WRONG))
def test_the_first_command_is_right_or_stops_before_writing(name: str, work: Path) -> None:
    judge_first_command(DATASETS, name, work / name, FOLLOW.get(name))
