"""Masks in a twin tree (`GT/Training/` beside `Original/Training/`) are never inputs under `--label-level 0`.

Blind round twenty's Figaro1k (tests/helpers/blind20.py) ships `Original/{Training,Testing}/Frame<n>-org.jpg`
beside `GT/{Training,Testing}/Frame<n>-gt.pbm`, binary hair masks. The first command stops offering
`--label-level 0`; with it, every mask was written as a record beside its photograph, exit 0: the guard
for sibling folders of masks (`mirror_trees.sibling_mirror_pairs`: DRIVE's `training/1st_manual/` beside
`training/images/`) looked at folders of one parent only. It now pairs twin folders too
(`mirror_trees.twin_folders`): folders that part at one ancestor and run alike below it, the same names
or the same numbers under words each tree adds (`matting_00000000/` beside `clip_00000000/`).

The first command's stop, which offers `--label-level 0` for the folders above the splits, now names the
mask tree's `--exclude` too (`mirror_masks.twin_masks_hint`), with which the conversion is right.

Neighbour not in the batch: `scans/s01/take_0001/` beside `drawn/s01/line_0001/` (one tree's numbered
folders renamed in the other). Hostile twins: a stereo pair's `left/seq_01/` and `right/seq_01/`, photos
of the same names on both sides, are both inputs, as before; two trees of photos above split folders
stop as before, naming no `--exclude`.
"""

from __future__ import annotations

from pathlib import Path

from helpers.mask_records import MASK_SIZE, refused, two_valued_mask
from helpers.shipped import _image_bytes
from helpers.sources import convert, write_file
from helpers.unseen_judge import written_records


def _photo(key: str) -> bytes:
    return _image_bytes(key, *MASK_SIZE, "JPEG")


def _figaro_like(root: Path) -> None:
    for part, frames in (("Training", (1, 2, 151)), ("Testing", (121, 271))):
        for f in frames:
            write_file(root / f"Original/{part}/Frame{f:05d}-org.jpg", _photo(f"fg{f}"))
            write_file(root / f"GT/{part}/Frame{f:05d}-gt.png", two_valued_mask(f))


def test_figaro_like_gt_tree_stops_naming_its_mask_folders(tmp_path: Path) -> None:
    root = tmp_path / "src"
    _figaro_like(root)
    said = refused(root, tmp_path / "out", label_level=0)
    assert "GT/Testing/ repeats the file names of Original/Testing/" in said and "structure.mask_folders" in said
    assert "GT/Training/" in said


def test_neighbour_renamed_numbered_folders_stop(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for take in (1, 2):
        for n in (3, 4, 9):
            write_file(root / f"scans/s01/take_{take:04d}/{n:03d}.jpg", _photo(f"sc{take}{n}"))
            write_file(root / f"drawn/s01/line_{take:04d}/{n:03d}.png", two_valued_mask(take * 10 + n))
    said = refused(root, tmp_path / "out", label_level=0)
    assert "drawn/s01/line_0001/ repeats the file names of scans/s01/take_0001/" in said


def test_hostile_twin_stereo_photos_are_all_inputs(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for side in ("left", "right"):
        for n in (1, 2, 5):
            write_file(root / f"{side}/seq_01/{n:04d}.jpg", _photo(f"{side}{n}"))
    out = convert(root, tmp_path / "out", label_level=0)
    assert sorted(written_records(out)["records"]) == sorted(f"{s}/seq_01/{n:04d}.jpg" for s in ("left", "right") for n in (1, 2, 5))


def test_the_first_stop_names_the_mask_trees_exclude_which_converts_right(tmp_path: Path) -> None:
    root = tmp_path / "src"
    _figaro_like(root)
    said = refused(root, tmp_path / "out")
    assert "--label-level 0" in said and "--exclude 'GT'" in said
    records = written_records(convert(root, tmp_path / "followed", label_level=0, exclude=("GT",)))["records"]
    assert records == {f"Original/{part}/Frame{f:05d}-org.jpg": (split, None)
                       for part, split, frames in (("Training", "train", (1, 2, 151)), ("Testing", "test", (121, 271)))
                       for f in frames}


def test_hostile_twin_two_photo_trees_above_splits_name_no_exclude(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for tree in ("infrared", "visible"):
        for part in ("train", "test"):
            for n in (1, 2, 3):
                write_file(root / f"{tree}/{part}/{n:04d}.jpg", _photo(f"{tree}{part}{n}"))
    said = refused(root, tmp_path / "out")
    assert "--label-level 0" in said and "--exclude" not in said
