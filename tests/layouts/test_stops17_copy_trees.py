"""Parallel trees of one set of images, colour originals beside a grey copy and masks (beam_jobs/discover/copy_trees.py):
the mask stop names `--label-level 0` and the `--exclude`s of the copy and the masks.

Blind round seventeen's Weizmann Horse Database (`rgb/`, `gray/`, `figure_ground/` of the same names)
stopped naming a layout file's mask folders only, the colour and grey copies left as two classes.
Neighbours of the kind: the same three trees under a split folder (`train/rgb/` ...: the excludes name
the split's folders), and a tree of PNGs under other names (`color/`, `grayscale/`, `silhouettes/`).
The twin, a stereo pair's `left/`, `right/` (both colour) beside `disparity/`, stops as before: which
tree is the input is the user's to say.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind17 import DATASETS
from helpers.refusals import command_refusal
from helpers.shipped import _gray_png, _image_bytes


def _put(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _trees(root: Path, colour: str, grey: str | None, masks: str, ext: str = "png", second_colour: str = "") -> Path:
    fmt = "PNG" if ext == "png" else "JPEG"
    for i in (1, 2, 5, 17, 40):
        name = f"img{i:03d}.{ext}"
        _put(root / colour / name, _image_bytes(f"c{i}", 20, 16, fmt))
        if grey:
            _put(root / grey / name, _image_bytes(f"g{i}", 20, 16, fmt, "L"))
        if second_colour:
            _put(root / second_colour / name, _image_bytes(f"s{i}", 20, 16, fmt))
        _put(root / masks / f"img{i:03d}.png", _gray_png(f"m{i}", 20, 16, [0, 255]))
    return root


def test_weizmann_stop_names_label_level_0_and_the_excludes(tmp_path: Path) -> None:
    said = command_refusal(DATASETS["weizmann_horse"](tmp_path / "download").root, tmp_path / "out")
    assert "--label-level 0 --exclude 'gray' --exclude 'figure_ground'" in said, said


@pytest.mark.parametrize("colour, grey, masks, expected", [
    ("train/rgb", "train/gray", "train/figure_ground", "--label-level 0 --exclude 'train/gray' --exclude 'train/figure_ground'"),
    ("color", "grayscale", "silhouettes", "--label-level 0 --exclude 'grayscale' --exclude 'silhouettes'"),
])
def test_copy_trees_of_the_kind_name_their_options(tmp_path: Path, colour, grey, masks, expected) -> None:
    said = command_refusal(_trees(tmp_path / "src", colour, grey, masks), tmp_path / "out")
    assert expected in said, said


def test_two_colour_trees_beside_masks_stop_without_the_options(tmp_path: Path) -> None:
    said = command_refusal(_trees(tmp_path / "src", "left", None, "disparity", second_colour="right"), tmp_path / "out")
    assert "--label-level 0 --exclude" not in said, said
