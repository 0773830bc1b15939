"""Folders of masks known by their shape, not their name (issue 30's blind round fourteen: STARE, Leeds
Butterfly), each kind on neighbours built from their documented layouts beside twins that must stop:

- folders of few-valued images mirroring the one folder of images beside them, all a split holds
  besides it (STARE's `labels-ah/im0001.ah.ppm`, `labels-vk/im0001.vk.ppm` beside
  `stare-images/im0001.ppm`, as bob.ip.binseg's loader reads them; HRF's `manual1/01_dr.tif` beside
  `images/01_dr.jpg` and its field-of-view `mask/01_dr_mask.tif`): the first command stopped naming
  only a layout file; now the images are records without a class, each with the first folder's
  mask (the words every mask adds to its image's stem, `.ah`, cut); DRIVE's split folders, whose
  `1st_manual/21_manual1.gif` names `images/21_training.tif` once each folder's own words are cut,
  likewise (never the field-of-view `mask/`). The twins: a third class folder of photos beside
  them, and DRIVE without the test set's observers' masks (the field-of-view masks would have been
  the test images'): both still stop, naming the folders;
- labels from the names (`--label-from-name`) beside such a folder (Leeds Butterfly's
  `segmentations/0010001_seg0.png` beside `images/0010001.png`; a `outlines/cat_1.png` beside
  `photos/cat_1.jpg`): the masks matched the pattern and were records of the images' classes; now
  they are masks, stored with their images. Leeds' first command stops naming `--label-from-name
  '^(\\d{3})'`, since its names begin with the codes `descriptions/001.txt` is named by; without
  such files (the twin) the images are records without labels, each with its mask.

Each truth is the test's own (the files it wrote), never the manifest's.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from helpers.mask_records import records, refused
from helpers.sources import image_bytes, write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_SIZE = (24, 16)


def _mask(seed: int, fmt: str = "PNG", mode: str = "L") -> bytes:
    """A two-valued mask (a shape on black) of _SIZE, different for each seed, saved as `fmt`."""
    mask = Image.new("L", _SIZE, 0)
    ImageDraw.Draw(mask).rectangle((1 + seed % 7, 1 + seed % 5, _SIZE[0] - 2, _SIZE[1] - 3), fill=255)
    buffer = io.BytesIO()
    mask.convert(mode).save(buffer, fmt)
    return buffer.getvalue()


def _pixels(data: bytes) -> list:
    """A mask's pixels as one channel: grey saved in three channels read as one, a palette's
    indices as they are (the classes, as the record keeps them)."""
    with Image.open(io.BytesIO(data)) as image:
        return np.asarray(image.convert("L") if image.mode in ("RGB", "RGBA") else image).tolist()


def _records(out: Path) -> dict[str, tuple[str, object, list | None]]:
    """{image path: (split, label text or None, its stored mask's pixels or None)} as written."""
    return records(out, _pixels)


_refused = refused


# ---- folders of masks mirroring the one folder of images --------------------------------------------------


def _stare(root: Path) -> dict:
    truth = {}
    for n in (1, 2, 3, 44):
        write_file(root / f"stare-images/im{n:04d}.ppm", image_bytes(fmt="PPM", size=_SIZE, seed=n))
        write_file(root / f"labels-ah/im{n:04d}.ah.ppm", ah := _mask(n, "PPM", "RGB"))  # grey in P6, as STARE's
        write_file(root / f"labels-vk/im{n:04d}.vk.ppm", _mask(n + 20, "PPM", "RGB"))
        truth[f"stare-images/im{n:04d}.ppm"] = ("train", None, _pixels(ah))
    return truth


def _hrf(root: Path) -> dict:
    # bob.ip.binseg's HRF loader: images/01_dr.jpg, manual1/01_dr.tif (the vessels), mask/01_dr_mask.tif (the field of view)
    truth = {}
    for n, (number, kind) in enumerate([(1, "dr"), (1, "g"), (1, "h"), (2, "dr"), (2, "g")]):
        stem = f"{number:02d}_{kind}"
        write_file(root / f"images/{stem}.jpg", image_bytes(size=_SIZE, seed=n))
        write_file(root / f"manual1/{stem}.tif", vessels := _mask(n, "TIFF"))
        write_file(root / f"mask/{stem}_mask.tif", _mask(99, "TIFF", "RGB"))
        truth[f"images/{stem}.jpg"] = ("train", None, _pixels(vessels))
    return truth


@pytest.mark.parametrize("build", [_stare, _hrf], ids=["stare", "hrf"])
def test_mask_folders_mirroring_the_one_image_folder_give_each_image_the_first_folders_mask(build, tmp_path: Path) -> None:
    truth = build(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _records(tmp_path / "out") == truth


def test_a_class_folder_of_photos_beside_the_mirror_still_stops(tmp_path: Path) -> None:
    """The twin: `outlines/` mirrors `scans/`, but `other/` (photos of other names) is a class folder
    too: which folders are classes the paths cannot tell."""
    root = tmp_path / "src"
    for n in range(4):
        write_file(root / f"scans/CT_{n:03d}.png", image_bytes(fmt="PNG", size=_SIZE, seed=n))
        write_file(root / f"outlines/CT_{n:03d}.png", _mask(n))
        write_file(root / f"other/IMG_{n}.png", image_bytes(fmt="PNG", size=_SIZE, seed=40 + n))
    assert "outlines/ repeats the file names of scans/" in _refused(root, tmp_path / "out")


def _drive(root: Path, test_observers: bool = True) -> dict:
    """DRIVE (drive.grand-challenge.org; loaders seen by search): `training/images/21_training.tif`,
    `training/1st_manual/21_manual1.gif`, `training/mask/21_training_mask.gif` (the field of view),
    `test/` with `2nd_manual/` too."""
    truth = {}
    for split, numbers, word in (("training", range(21, 24), "training"), ("test", range(1, 4), "test")):
        for n in numbers:
            write_file(root / f"{split}/images/{n:02d}_{word}.tif", image_bytes(fmt="TIFF", size=_SIZE, seed=n))
            write_file(root / f"{split}/mask/{n:02d}_{word}_mask.gif", _mask(99, "GIF"))
            truth[f"{split}/images/{n:02d}_{word}.tif"] = ("train" if split == "training" else split, None, None)
            if split == "test" and not test_observers:
                continue
            write_file(root / f"{split}/1st_manual/{n:02d}_manual1.gif", first := _mask(n, "GIF"))
            truth[f"{split}/images/{n:02d}_{word}.tif"] = ("train" if split == "training" else split, None, _pixels(first))
            if split == "test":
                write_file(root / f"{split}/2nd_manual/{n:02d}_manual2.gif", _mask(n + 9, "GIF"))
    return truth


def test_drives_masks_naming_the_images_by_their_number_give_each_the_first_observers(tmp_path: Path) -> None:
    """`21_manual1` names `21_training` once each folder's own words are cut: the first observer's
    mask is each record's, never the field of view's (`mask/`, which names the images too)."""
    truth = _drive(tmp_path / "DRIVE")
    run_conversion(ConvertConfig(str(tmp_path / "DRIVE"), str(tmp_path / "out")))
    assert _records(tmp_path / "out") == truth


def test_drive_without_the_test_sets_observers_still_stops(tmp_path: Path) -> None:
    """The twin (DRIVE as the challenge site gives it, test/ without its manual segmentations): the
    field-of-view masks would have been the test images' segmentation; the stop names the folder."""
    _drive(tmp_path / "DRIVE", test_observers=False)
    assert "training/1st_manual/" in _refused(tmp_path / "DRIVE", tmp_path / "out")


# ---- labels from the names beside a folder of masks ------------------------------------------------------


def _leeds(root: Path, descriptions: bool = True) -> dict:
    # josiahwang.com/dataset/leedsbutterfly: images/<ccc><nnnn>.png, segmentations/<ccc><nnnn>_seg0.png, descriptions/<ccc>.txt
    truth = {}
    for k, code in enumerate(("001", "002", "003")):
        for n in (1, 2):
            stem = f"{code}{n:04d}"
            write_file(root / f"images/{stem}.png", image_bytes(fmt="PNG", size=_SIZE, seed=10 * k + n))
            write_file(root / f"segmentations/{stem}_seg0.png", mask := _mask(10 * k + n))
            truth[f"images/{stem}.png"] = ("train", code.encode(), _pixels(mask))
        if descriptions:
            write_file(root / f"descriptions/{code}.txt", f"Species {code}\ncommon name {code}\n\nA butterfly.\n")
    return truth


def test_leeds_butterflys_first_command_names_the_code_pattern_with_which_masks_stay_masks(tmp_path: Path) -> None:
    truth = _leeds(tmp_path / "src")
    said = _refused(tmp_path / "src", tmp_path / "first")
    assert "segmentations/" in said and "--label-from-name '^(\\d{3})'" in said and "descriptions/001.txt" in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_from_name=r"^(\d{3})"))
    assert _records(tmp_path / "out") == truth


def test_labels_from_names_beside_an_outlines_folder_keep_the_outlines_as_masks(tmp_path: Path) -> None:
    """A neighbour of another naming: `photos/cat_1.jpg` beside `outlines/cat_1.png`, the class
    the name's first word (Oxford-IIIT Pet's naming, its masks in a folder named otherwise)."""
    root = tmp_path / "src"
    truth = {}
    for k, (label, n) in enumerate((("cat", 1), ("cat", 2), ("dog", 1), ("dog", 2), ("dog", 3))):
        write_file(root / f"photos/{label}_{n}.jpg", image_bytes(size=_SIZE, seed=k))
        write_file(root / f"outlines/{label}_{n}.png", mask := _mask(k))
        truth[f"photos/{label}_{n}.jpg"] = ("train", label.encode(), _pixels(mask))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out"), label_from_name=r"^([a-z]+)_\d"))
    assert _records(tmp_path / "out") == truth


def test_without_files_named_by_the_codes_the_images_are_unlabelled_with_their_masks(tmp_path: Path) -> None:
    """The twin: Leeds' layout without descriptions/: the leading digits are ids, as far as anything
    shows; no class is guessed from them."""
    truth = _leeds(tmp_path / "src", descriptions=False)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _records(tmp_path / "out") == {path: (split, None, mask) for path, (split, _, mask) in truth.items()}
