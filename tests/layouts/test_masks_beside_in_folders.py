"""Folders that each hold images and their masks side by side (issue 30's blind round nineteen:
KolektorSDD's `KolektorSDD/kos01/Part0.jpg` beside `Part0_label.bmp`, each `kos<nn>` folder written as
a class, exit 0). The folders' names decide (`shardify.plan.item_signs`):

- named like ids (a shared name and a number: `kos01` .. `kos50`): items, not classes; the run stops
  before writing, naming the folders, the mask word and `--label-level 0`, with which each image is a
  record without a label, holding its own mask;
- named as words (`crack/`, `scratch/`, `clean/`, each with `<stem>_mask.png` files): classes, converted
  as before, each image labelled by its folder and holding its own mask;
- twin: word folders without masks stay classes.

Each truth is the test's own (the files it wrote), never the manifest's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.mask_records import MASK_SIZE, gray_pixels, records, refused, two_valued_mask
from helpers.sources import image_bytes, write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_SIZE, _mask, _pixels = MASK_SIZE, two_valued_mask, gray_pixels


def _write(root: Path, folders: list[str], stems: list[str], mask: str | None, fmt: str = "PNG") -> dict[str, list]:
    """Images `<folder>/<stem>.<ext>` (and `<stem><mask>` masks beside them when `mask`); {image path: its mask's pixels}."""
    ext = "bmp" if fmt == "BMP" else "png"
    truth = {}
    for f, folder in enumerate(folders):
        for s, stem in enumerate(stems):
            seed = 10 * f + s
            write_file(root / folder / f"{stem}.jpg", image_bytes("L", "JPEG", _SIZE, seed=seed))
            if mask:
                write_file(root / folder / f"{stem}{mask}.{ext}", _mask(seed, fmt))
            truth[f"{folder}/{stem}.jpg"] = _pixels(_mask(seed, fmt)) if mask else None
    return truth


@pytest.fixture(scope="module")
def kolektor(tmp_path_factory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("kolektor")
    return root, _write(root / "KolektorSDD", ["kos01", "kos02", "kos17", "kos50"], ["Part0", "Part3", "Part6"],
                        "_label", "BMP")


def test_id_named_folders_with_masks_beside_stop_naming_label_level_0(kolektor, tmp_path):
    root, _ = kolektor
    message = refused(root, tmp_path / "out")
    assert "KolektorSDD/kos01/" in message and "_label" in message and "--label-level 0" in message


def test_label_level_0_writes_each_image_unlabelled_with_its_own_mask(kolektor, tmp_path):
    root, truth = kolektor
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_level=0))
    written = records(tmp_path / "out", _pixels)
    assert {path: (label, mask) for path, (_, label, mask) in written.items()} == {
        f"KolektorSDD/{path}": (None, pixels) for path, pixels in truth.items()}


@pytest.mark.parametrize("mask", ["_mask", None], ids=["word-folders-with-masks", "word-folders-no-masks"])
def test_word_named_folders_stay_classes(mask, tmp_path):
    truth = _write(tmp_path / "src", ["crack", "scratch", "clean"], ["img1", "img2", "img7"], mask)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = records(tmp_path / "out", _pixels)
    assert {path: (label, pixels) for path, (_, label, pixels) in written.items()} == {
        path: (path.split("/")[0].encode(), pixels) for path, pixels in truth.items()}
