"""Masks in a sibling folder whose names add one affix to their images' (issue 30's blind round eighteen:
ETIS-Larib's `Ground Truth/p<n>.tif` beside `ETIS-LaribPolypDB/<n>.tif`, read as two classes, every
mask a record, exit 0), each kind on neighbours built from their documented layouts beside twins:

- the affix learned from the two folders (`shardify.plan.stem_affixes`), a head or a tail, with or
  without a separator: ETIS-Larib as it unpacks (a `p` before the number), ETIS-Larib as polyp
  loaders lay it out (`images/<n>.png`, `masks/p<n>.png`: `masks/p{img_id}` in the loaders found by
  search), a `mask_<n>` under `annotations/`, ISIC 2018 task 1 (`ISIC2018_Task1-2_Training_Input/
  ISIC_0000000.jpg`, `ISIC2018_Task1_Training_GroundTruth/ISIC_0000000_segmentation.png`, and the
  validation pair): each image a record without a class, with its own mask;
- a folder of masks beside a lone folder of images named for the dataset (`PolypSet/<n>.png`,
  `GroundTruth/<n>_gt.png`): the lone folder is no class (every record was labelled `PolypSet`);
- twins: masks whose names vary (`p1`, `q2`, ...), which no affix pairs, stop naming the folder and
  `--label-level 0 --exclude`, with which the images convert alone; a third class folder of photos
  beside them stops; a sibling class folder of photos whose names add a `k` (`kittens/k1.jpg`
  beside `cats/1.jpg`) stays a class.

Each truth is the test's own (the files it wrote), never the manifest's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.mask_records import MASK_SIZE, gray_pixels, records, refused, two_valued_mask
from helpers.sources import image_bytes, write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_NUMBERS = (1, 2, 3, 15, 96)


_SIZE, _mask, _pixels = MASK_SIZE, two_valued_mask, gray_pixels


def _records(out: Path) -> dict[str, tuple[str, object, list | None]]:
    """{image path: (split, label text or None, its stored mask's pixels or None)} as written."""
    return records(out, _pixels)


_refused = refused


def _pairs(root: Path, image: str, mask: str, fmt: str = "PNG", split: str = "train", seeds=_NUMBERS) -> dict:
    """Images at `image.format(n=...)` and their masks at `mask.format(n=...)`: the truth, each image's own mask."""
    truth = {}
    for n in seeds:
        write_file(root / image.format(n=n), image_bytes(fmt=fmt, size=_SIZE, seed=n))
        write_file(root / mask.format(n=n), data := _mask(n, "TIFF" if mask.endswith(".tif") else "PNG"))
        truth[image.format(n=n)] = (split, None, _pixels(data))
    return truth


def _etis(root: Path) -> dict:
    return _pairs(root, "ETIS-LaribPolypDB/{n}.tif", "Ground Truth/p{n}.tif", "TIFF")


def _etis_loaders(root: Path) -> dict:
    return _pairs(root, "ETIS-LaribPolypDB/images/{n}.png", "ETIS-LaribPolypDB/masks/p{n}.png")


def _mask_prefix(root: Path) -> dict:
    return _pairs(root, "scans/{n}.png", "annotations/mask_{n}.png")


def _isic2018(root: Path) -> dict:
    truth = _pairs(root, "ISIC2018_Task1-2_Training_Input/ISIC_{n:07d}.jpg",
                   "ISIC2018_Task1_Training_GroundTruth/ISIC_{n:07d}_segmentation.png", "JPEG", seeds=range(4))
    truth |= _pairs(root, "ISIC2018_Task1-2_Validation_Input/ISIC_{n:07d}.jpg",
                    "ISIC2018_Task1_Validation_GroundTruth/ISIC_{n:07d}_segmentation.png", "JPEG", "validation",
                    seeds=range(12255, 12258))
    write_file(root / "ISIC2018_Task1-2_Training_Input/LICENSE.txt", "CC-BY-NC\n")
    return truth


def _beside_lone_folder(root: Path) -> dict:
    return _pairs(root, "PolypSet/{n}.png", "GroundTruth/{n}_gt.png")


@pytest.mark.parametrize("build", [_etis, _etis_loaders, _mask_prefix, _isic2018, _beside_lone_folder],
                         ids=["etis", "etis_loaders", "mask_prefix", "isic2018", "beside_lone_folder"])
def test_each_image_is_a_record_without_a_class_with_its_own_mask(build, tmp_path: Path) -> None:
    truth = build(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert _records(tmp_path / "out") == truth


def _varying(root: Path) -> dict:
    truth = {}
    for letter, n in zip("pqmrs", _NUMBERS):
        write_file(root / f"ETIS-LaribPolypDB/{n}.tif", image_bytes(fmt="TIFF", size=_SIZE, seed=n))
        write_file(root / f"Ground Truth/{letter}{n}.tif", _mask(n, "TIFF"))
        truth[f"ETIS-LaribPolypDB/{n}.tif"] = ("train", None, None)
    return truth


def test_masks_whose_names_vary_stop_and_the_named_options_convert_the_images_alone(tmp_path: Path) -> None:
    truth = _varying(tmp_path / "src")
    said = _refused(tmp_path / "src", tmp_path / "first")
    assert "Ground Truth/" in said and "--label-level 0 --exclude 'Ground Truth'" in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=0, exclude=("Ground Truth",)))
    assert _records(tmp_path / "out") == truth


def test_a_third_class_folder_of_photos_beside_the_affixed_masks_still_stops(tmp_path: Path) -> None:
    root = tmp_path / "src"
    _etis(root)
    for n in _NUMBERS:
        write_file(root / f"other/IMG_{n}.tif", image_bytes(fmt="TIFF", size=_SIZE, seed=70 + n))
    assert "Ground Truth/" in _refused(root, tmp_path / "out")


def test_photos_whose_names_add_a_letter_stay_a_class(tmp_path: Path) -> None:
    root = tmp_path / "src"
    truth = {}
    for n in _NUMBERS:
        write_file(root / f"cats/{n}.jpg", image_bytes(size=_SIZE, seed=n))
        write_file(root / f"kittens/k{n}.jpg", image_bytes(size=_SIZE, seed=50 + n))
        truth |= {f"cats/{n}.jpg": ("train", b"cats", None), f"kittens/k{n}.jpg": ("train", b"kittens", None)}
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert _records(tmp_path / "out") == truth


@pytest.mark.parametrize("affix", ["mask_", ""], ids=["affixed", "same names"])
def test_each_splits_masks_pair_with_its_own_images(tmp_path: Path, affix: str) -> None:
    """`train/images/1.png` + `train/masks/mask_1.png` and the same names under `test/`: a mask was
    keyed by its name alone, so `train/masks/mask_1.png` named `train/images/1.png` and
    `test/images/1.png` both; every image was named by two masks and rejected, no record written
    (exit 1). Each mask folder now names the images of its own split's folder only."""
    src = tmp_path / "src"
    for offset, split in ((0, "train"), (100, "test")):
        for i in range(1, 7):
            write_file(src / f"{split}/images/{i}.png", image_bytes(size=MASK_SIZE, seed=i + offset, fmt="PNG"))
            write_file(src / f"{split}/masks/{affix}{i}.png", two_valued_mask(i + offset))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    got = _records(tmp_path / "out")
    assert sorted(got) == sorted(f"{split}/images/{i}.png" for split in ("train", "test") for i in range(1, 7))
    for path, (split, _, mask) in got.items():
        seed = int(path.rsplit("/", 1)[1].split(".")[0]) + (100 if split == "test" else 0)
        assert mask == gray_pixels(two_valued_mask(seed)), path
