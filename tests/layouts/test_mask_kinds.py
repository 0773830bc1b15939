"""Images with masks beside them, named by a kind of name detection did not read (issue 30's blind
round thirteen: DUTS, CHASE_DB1, DAVIS 2017), each kind on neighbours built from their documented
layouts beside a twin that must not change:

- mask folders beside image folders under split folders named in an abbreviated word (DUTS's
  `DUTS-TR/`, `DUTS-TE/`: read as one class each, then as parts, and stopped), and a mask folder
  paired by name with the image folder beside it (`shardify.plan.mask_names`: DUT-OMRON's
  `pixelwiseGT-new-PNG/` beside `DUT-OMRON-image/`; ECSSD's `ground_truth_mask/` beside `images/`
  read as before). The twins: DUT-OMRON's names over photos stop (`mask_pixels`); a face-mask
  classifier's `with_mask/`, `without_mask/` (no image folder beside them) stay its classes (they
  were taken for two mask folders, each mirroring the other, and the run stopped);
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


def test_mask_folders_of_each_split_with_suffixed_masks_keep_the_splits(tmp_path: Path) -> None:
    """ISIC 2018 task 1 (challenge.isic-archive.com/data): `ISIC2018_Task1-2_Training_Input/
    ISIC_0000000.jpg` beside `ISIC2018_Task1_Training_GroundTruth/ISIC_0000000_segmentation.png`,
    and the validation pair of folders."""
    root = tmp_path / "isic2018"
    truth = {}
    for part, split, ids in (("Training", "train", [0, 1, 3, 4]), ("Validation", "validation", [12, 15])):
        for i in ids:
            write_file(root / f"ISIC2018_Task1-2_{part}_Input/ISIC_{i:07d}.jpg", image_bytes(seed=i))
            write_file(root / f"ISIC2018_Task1_{part}_GroundTruth/ISIC_{i:07d}_segmentation.png", mask := _mask(i))
            truth[f"ISIC2018_Task1-2_{part}_Input/ISIC_{i:07d}.jpg"] = (split, None, mask)
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
    """The twin: DUT-OMRON's names over photos of the same stems (many values): no masks."""
    root = tmp_path / "SOD"
    for n in range(4):
        write_file(root / f"SOD-image/{n:04d}.jpg", image_bytes(seed=n))
        write_file(root / f"pixelwiseGT-new-PNG/{n:04d}.png", image_bytes(fmt="PNG", seed=100 + n))
    with pytest.raises(UsageError, match=r"pixelwiseGT-new-PNG/.*not masks.*structure.mask_folders"):
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


# ---- split lists naming the folders of frames (video object segmentation) ------------------------------


def _davis(root: Path, lists: dict[str, dict[str, list[str]]]) -> dict[str, tuple[str, None, bytes]]:
    """DAVIS 2017 trainval's layout (davischallenge.org/davis2017/code.html): `JPEGImages/480p/<seq>/
    00000.jpg`, `Annotations/480p/<seq>/00000.png`, `ImageSets/<year>/<split>.txt` naming sequences."""
    truth = {}
    for year, splits in lists.items():
        for split, seqs in splits.items():
            write_file(root / f"ImageSets/{year}/{'val' if split == 'val' else split}.txt", "\n".join(seqs) + "\n")
    for split, seqs in lists["2017"].items():
        for s, seq in enumerate(seqs):
            for f in range(2 + s % 2):
                write_file(root / f"JPEGImages/480p/{seq}/{f:05d}.jpg", image_bytes(seed=len(truth)))
                write_file(root / f"Annotations/480p/{seq}/{f:05d}.png", mask := _mask(len(truth)))
                truth[f"JPEGImages/480p/{seq}/{f:05d}.jpg"] = (split, None, mask)
    return truth


def test_sequence_lists_give_each_frame_its_split_and_no_class(tmp_path: Path) -> None:
    """DAVIS 2017 as downloaded: its 2017 lists and the 2016 ones (a part of the same sequences)."""
    root = tmp_path / "DAVIS"
    truth = _davis(root, {"2017": {"train": ["bear", "bmx-bumps", "boat"], "val": ["bike-packing", "blackswan"]},
                          "2016": {"train": ["bear", "bmx-bumps"], "val": ["blackswan"]}})
    assert _convert(root, tmp_path / "out") == truth


def test_numbered_sequence_lists_give_each_frame_its_split_and_no_class(tmp_path: Path) -> None:
    """review13, the twin of DAVIS with its sequences numbered (`001`, `002`): numbers that short are
    left to content by `recognise`, and content_lists read them only as files' stems, so the lists were
    dropped unsaid and `001`..`005` written as classes in one split, exit 0."""
    root = tmp_path / "numbered"
    truth = _davis(root, {"2017": {"train": ["001", "002", "003"], "val": ["004", "005"]}})
    assert _convert(root, tmp_path / "out") == truth


def test_folders_listed_whole_without_masks_take_no_class_and_stop(tmp_path: Path) -> None:
    """Recordings listed per split (`lists/train.txt`: `rec_01`) and no masks: the folders are no
    classes, nothing else labels the frames, and the run stops asking for labels, writing nothing."""
    root = tmp_path / "recordings"
    for split, folders in (("train", ["rec_01", "rec_02"]), ("test", ["rec_03"])):
        write_file(root / f"lists/{split}.txt", "\n".join(folders) + "\n")
        for folder in folders:
            for f in range(3):
                write_file(root / f"frames/{folder}/{f:05d}.jpg", image_bytes(seed=f))
    with pytest.raises(UsageError, match="--label-level 0"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_class_folders_in_every_split_stay_classes_beside_file_lists(tmp_path: Path) -> None:
    """The twin: lists naming files (`cat/1.jpg`) over class folders present in both splits: the
    folders stay the classes; no folder is named whole by a list."""
    root = tmp_path / "pets"
    truth = {}
    rows: dict[str, list[str]] = {"train": [], "test": []}
    for label in ("cat", "dog"):
        for n in range(4):
            split = "test" if n == 3 else "train"
            write_file(root / f"images/{label}/{n}.jpg", image_bytes(seed=len(truth)))
            rows[split].append(f"{label}/{n}.jpg")
            truth[f"images/{label}/{n}.jpg"] = (split, label.encode(), None)
    for split, names in rows.items():
        write_file(root / f"{split}.txt", "\n".join(names) + "\n")
    assert _convert(root, tmp_path / "out") == truth
