"""A ninth newcomer trial (issue 30): eight public downloads no rule, test or doc named before, built
as miniatures of their published layouts (tests/helpers/newcomer_nine.py, each citing its source),
each converted as a newcomer would: `shardify convert SRC OUT` with no option, then the option the
output names. Every test asserts the RIGHT outcome (every record's split, label, text and objects
the dataset's own, or a stop naming an option that then converts right); where shardify does not
do it today the test is a strict xfail saying exactly what it does instead. Since the tenth mends
(tests/layouts/test_xfail_kinds_ten.py) massive and amazon_reviews_multi stop well: `annot_utt` is
`utt` with inline markup, and `.json` files of JSON lines are read as tables.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.newcomer_nine import SPECS
from helpers.shard_io import read_shard
from helpers.unseen4 import build
from helpers.unseen_judge import assert_first_command, assert_next_step, assert_right, recorded
from shardify.format import contract
from shardify.format.manifest import load_manifest

# What each first command does today, where it is not right (a fix shows up as an unexpected pass).
_FIRST_WRONG = {
    # inria_person: right since the eleventh mends (PASCAL Annotation 1.00 files read as each image's objects, a row
    # of box_formats; the .lst lists auxiliary: test_xfail_kinds_eleven.py)
    "gtsdb": "stops (exit 2) naming gt.txt: its rows name `00000.ppm` alone, which names the scene and the crops "
             "of class folders 01/, 11/, 38/ alike (not supported yet; gt.txt is read as GTSDB boxes where no crop "
             "folders share its names). It was: gt.txt unread, --labels gt.txt then one label per image, exit 1",
}

# The option the first command names (or, where it names none that fits, the one the docs give).
_FOLLOW = {
    "massive": {"label_column": "intent"},
    # named beside 'product_category' (the label is a guess), and the text beside 'review_title' (its pair otherwise)
    "amazon_reviews_multi": {"label_column": "stars", "text_column": "review_body"},
}


def _truth(name: str, work: Path):
    return build(SPECS[name], work / "download")


@pytest.mark.parametrize("name", recorded(SPECS, _FIRST_WRONG))
def test_first_command_is_right_or_stops_well(name, tmp_path):
    truth = _truth(name, tmp_path)
    assert_first_command(truth, tmp_path, _FOLLOW.get(name), lambda out: assert_right(truth, out))


def _segmentation_masks(out: Path) -> dict[str, bool]:
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                found[record[contract.IMAGE_FILENAME].decode()] = bool(record.get(contract.SEGMENTATION))
    return found


def test_msrc_images_carry_their_colour_masks(tmp_path):
    """MSRC-v2's GroundTruth/<stem>_GT.bmp is each image's mask: every record carries one."""
    truth = _truth("msrc_v2", tmp_path)
    assert_first_command(truth, tmp_path, None, lambda out: assert_right(truth, out))
    assert _segmentation_masks(tmp_path / "out") == {path: True for path in truth.records}


# The next step a newcomer takes after the first command's stop, where it names no option that converts.
_NEXT = {
    "massive": ({"label_column": "intent", "text_column": "utt"}, None),  # was: every row in train, exit 0
    # was: every review labelled by its `product_category` (not `stars`) with exit 0; now a stop naming both
    "amazon_reviews_multi": ({"layout": "tables", "text_column": "review_body"}, None),
}


@pytest.mark.parametrize("name", recorded(_NEXT, {n: why for n, (_, why) in _NEXT.items()}))
def test_next_step_is_right_or_stops(name, tmp_path):
    truth = _truth(name, tmp_path)
    assert_next_step(truth, tmp_path, _NEXT[name][0], lambda out: assert_right(truth, out))
