"""Images with masks beside them, named by a kind of name detection did not read (issue 30's blind
round thirteen: DUTS, CHASE_DB1, DAVIS 2017), each kind on neighbours built from their documented
layouts beside a twin that must not change:

- a mask folder paired by name with an image folder beside it (`shardify.plan.mask_names`): DUTS's
  `DUTS-TR/DUTS-TR-Mask/` beside `DUTS-TR-Image/` (the split abbreviated, `TR`/`TE`), ECSSD's
  `ground_truth_mask/` beside `images/`, DUT-OMRON's `pixelwiseGT-new-PNG/` beside
  `DUT-OMRON-image/`. The twins: the same names over photos stop (`mask_pixels`); a face-mask
  classifier's `with_mask/`, `without_mask/` (no image folder beside them) stay its classes;
- observers' masks beside each image in its folder (CHASE_DB1's `_1stHO`, `_2ndHO`; DRIVE's
  `_manual1`, `_manual2` vocabulary): the first observer's mask is stored, the others' set aside. The
  twin: photos named `_manual` beside photos stop;
- a mask tree found by name whose files repeat the image folders' names (DAVIS's
  `Annotations/480p/<sequence>/` beside `JPEGImages/480p/<sequence>/`) was taken for class folders
  of masks by the mirror guard, which stopped on a reading detection had already made.

Each truth is the test's own (the files it wrote), never the manifest's.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from helpers.shard_io import read_shard
from helpers.sources import image_bytes, write_file
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract


def _mask(seed: int, fmt: str = "PNG", size: tuple[int, int] = (24, 16)) -> bytes:
    """A two-valued mask (a shape on black), different for each seed."""
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rectangle((1 + seed % 7, 1 + seed % 5, size[0] - 2, size[1] - 3), fill=255)
    buffer = io.BytesIO()
    mask.save(buffer, fmt)
    return buffer.getvalue()


def _records(out: Path) -> dict[str, tuple[str, object, bytes | None]]:
    """{image path: (split, label text or None, its mask's bytes or None)} as written."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            found[record[contract.IMAGE_FILENAME].decode()] = (
                shard.name.split("-")[0], record.get(contract.LABEL_TEXT), record.get(contract.SEGMENTATION))
    return found


def _convert(root: Path, out: Path) -> dict[str, tuple[str, object, bytes | None]]:
    run_conversion(ConvertConfig(str(root), str(out)))
    return _records(out)


# ---- a mask folder paired by name with the image folder beside it ----------------------------------------

# name -> (image folder, mask folder, stems, image extension): the datasets' own download layouts
_PAIRED = {
    # www.cse.cuhk.edu.hk/leojia/projects/hsaliency/dataset.html: images.zip, ground_truth_mask.zip
    "ECSSD": ("images", "ground_truth_mask", ["0001", "0002", "0003", "0004"], "jpg"),
    # saliencydetection.net/dut-omron: DUT-OMRON-image.zip, DUT-OMRON-gt-pixelwise.zip (pixelwiseGT-new-PNG/)
    "DUT-OMRON": ("DUT-OMRON-image", "pixelwiseGT-new-PNG", ["im005", "im007", "im013", "im016"], "jpg"),
}


@pytest.mark.parametrize("name", sorted(_PAIRED))
def test_a_mask_folder_named_beside_an_image_folder_gives_each_image_its_mask(name: str, tmp_path: Path) -> None:
    images, masks, stems, ext = _PAIRED[name]
    root = tmp_path / name
    truth = {}
    for n, stem in enumerate(stems):
        write_file(root / images / f"{stem}.{ext}", image_bytes(seed=n))
        write_file(root / masks / f"{stem}.png", mask := _mask(n))
        truth[f"{images}/{stem}.{ext}"] = ("train", None, mask)
    assert _convert(root, tmp_path / "out") == truth


def test_abbreviated_split_folders_each_with_paired_folders_keep_their_splits(tmp_path: Path) -> None:
    """DUTS's shape under another name: `<set>-TR/<set>-TR-Image/` and `-TE`; the masks stay masks."""
    root = tmp_path / "SOD"
    truth = {}
    for part, split in (("TR", "train"), ("TE", "test")):
        for n in range(3):
            write_file(root / f"SOD-{part}/SOD-{part}-Image/{part}_{n}.jpg", image_bytes(seed=n))
            write_file(root / f"SOD-{part}/SOD-{part}-Mask/{part}_{n}.png", mask := _mask(n + len(truth)))
            truth[f"SOD-{part}/SOD-{part}-Image/{part}_{n}.jpg"] = (split, None, mask)
    assert _convert(root, tmp_path / "out") == truth


def test_photos_in_a_folder_named_as_masks_stop_before_writing(tmp_path: Path) -> None:
    """The twin: `<set>-Mask/` holding photos of the same stems (many values): no masks."""
    root = tmp_path / "SOD"
    for n in range(4):
        write_file(root / f"SOD-Image/{n:04d}.jpg", image_bytes(seed=n))
        write_file(root / f"SOD-Mask/{n:04d}.png", image_bytes(fmt="PNG", seed=100 + n))
    with pytest.raises(UsageError, match=r"SOD-Mask/.*not masks.*structure.mask_folders"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_mask_words_in_class_names_without_an_image_folder_stay_classes(tmp_path: Path) -> None:
    """A face-mask classifier: `with_mask/1.jpg`, `without_mask/1.jpg`, the same numbers in each."""
    root = tmp_path / "face-mask"
    truth = {}
    for label in ("with_mask", "without_mask"):
        for n in range(3):
            write_file(root / label / f"{n}.jpg", image_bytes(seed=n + len(truth)))
            truth[f"{label}/{n}.jpg"] = ("train", label.encode(), None)
    got = _convert(root, tmp_path / "out")
    assert {k: (s, label) for k, (s, label, _) in got.items()} == {k: (s, label) for k, (s, label, _) in truth.items()}
    assert all(mask is None for _, _, mask in got.values())


# ---- observers' masks beside each image ------------------------------------------------------------------


@pytest.mark.parametrize("first, second", [("1stHO", "2ndHO"), ("manual1", "manual2")])
def test_the_first_observers_mask_is_stored_and_the_others_set_aside(first: str, second: str, tmp_path: Path) -> None:
    """CHASE_DB1's `Image_01L_1stHO.png`, `_2ndHO.png` beside `Image_01L.jpg` (one folder); DRIVE's
    observers' words `manual1`, `manual2`. Each observer's mask differs: the first's is the record's."""
    root = tmp_path / "retina"
    truth = {}
    for n, eye in enumerate(("01L", "01R", "02L", "02R")):
        write_file(root / f"Image_{eye}.jpg", image_bytes(seed=n))
        write_file(root / f"Image_{eye}_{first}.png", mask := _mask(n))
        write_file(root / f"Image_{eye}_{second}.png", _mask(n + 3))
        truth[f"Image_{eye}.jpg"] = ("train", None, mask)
    assert _convert(root, tmp_path / "out") == truth


def test_photos_named_for_an_observer_stop_before_writing(tmp_path: Path) -> None:
    """The twin: `IMG_0001_manual.jpg`, a second photo of each (a manual exposure), not a mask."""
    root = tmp_path / "exposures"
    for n in range(4):
        write_file(root / f"IMG_{n:04d}.jpg", image_bytes(seed=n))
        write_file(root / f"IMG_{n:04d}_manual.jpg", image_bytes(seed=50 + n))
    with pytest.raises(UsageError, match=r"_manual .*not masks"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
