"""Segmentation masks kept in one folder per split (SegNet's CamVid `trainannot/` beside `train/`,
Kaggle's `train_masks/` beside `train/`), and mask folders that are two readings of the same
images (Pascal VOC's `SegmentationClass/` beside `SegmentationObject/`).

Each mask folder alone covers only its split's images, so no single folder covered enough of them
and the first command stopped asking for labels. Now the folders are taken together, and a folder
that covers images another already covers is an alternative reading, left aside. Judged on the
records' mask bytes against the files written here.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from helpers.shard_io import read_shard
from helpers.sources import encoded, image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError
from shardify.format import contract


def _records(out: Path) -> dict[str, dict]:
    return {
        record[contract.IMAGE_FILENAME].decode(): dict(record, split=shard.name.split("-")[0])
        for shard in sorted(out.glob("*.tfrecord"))
        for record in read_shard(shard)
    }


def _per_split(root: Path, stems: dict[str, list[str]]) -> dict[str, tuple[str, bytes]]:
    """Images in `<split>/`, masks in `<split>_masks/` (Kaggle's shape; CamVid's is `<split>annot/`):
    {image path: (split, its mask's bytes)}."""
    truth: dict[str, tuple[str, bytes]] = {}
    for split, names in stems.items():
        (root / split).mkdir(parents=True)
        (root / f"{split}_masks").mkdir()
        for name in names:
            seed = len(truth)
            (root / split / f"{name}.png").write_bytes(image_bytes(fmt="PNG", seed=seed))
            mask = image_bytes(mode="L", fmt="PNG", seed=1000 + seed)
            (root / f"{split}_masks" / f"{name}.png").write_bytes(mask)
            truth[f"{split}/{name}.png"] = (split, mask)
    return truth


def test_a_mask_folder_per_split_gives_each_image_its_mask(tmp_path: Path) -> None:
    root = tmp_path / "road-scenes"
    truth = _per_split(root, {s: [f"{s}_{i:04d}" for i in range(4)] for s in ("train", "val", "test")})
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out)))
    records = _records(out)
    assert sorted(records) == sorted(truth)
    for name, (split, mask) in truth.items():
        assert records[name]["split"] == split, name
        assert records[name][contract.SEGMENTATION] == mask, name


def test_the_same_stems_in_every_split_are_refused_not_paired_by_guess(tmp_path: Path) -> None:
    """The hostile twin: `train/0000.png` and `val/0000.png`, whose masks only their folders tell
    apart. A mask's key names an image of every split, so each image is refused with the files it
    names, and the run writes nothing (exit 1), rather than give one split's mask to another's image."""
    root = tmp_path / "road-scenes"
    _per_split(root, {s: [f"{i:04d}" for i in range(4)] for s in ("train", "val")})
    out = tmp_path / "out"
    with pytest.raises(ShardifyError, match="names 2 files"):
        run_conversion(ConvertConfig(str(root), str(out)))
    assert not (out / "manifest.json").exists()


def test_two_readings_of_the_same_images_give_one_mask_each(tmp_path: Path) -> None:
    """Class and object masks of every image: one reading is stored (the first by name), the other
    left aside; no image is refused for having two."""
    root = tmp_path / "scenes"
    for folder in ("JPEGImages", "SegmentationClass", "SegmentationObject"):
        (root / folder).mkdir(parents=True)
    class_masks = {}
    for i in range(6):
        (root / "JPEGImages" / f"2007_{i:06d}.jpg").write_bytes(image_bytes(seed=i))
        class_masks[f"JPEGImages/2007_{i:06d}.jpg"] = image_bytes(mode="L", fmt="PNG", seed=100 + i)
        (root / "SegmentationClass" / f"2007_{i:06d}.png").write_bytes(class_masks[f"JPEGImages/2007_{i:06d}.jpg"])
        (root / "SegmentationObject" / f"2007_{i:06d}.png").write_bytes(image_bytes(mode="L", fmt="PNG", seed=200 + i))
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out)))
    records = _records(out)
    assert {name: record[contract.SEGMENTATION] for name, record in records.items()} == class_masks
    assert not (out / "rejected.jsonl").exists() or not (out / "rejected.jsonl").read_text().strip()


def _shape_mask(width: int, height: int, values: tuple[int, int]) -> "Image.Image":
    mask = Image.new("L", (width, height), values[0])
    ImageDraw.Draw(mask).ellipse((3, 2, width - 4, height - 3), fill=values[1])
    return mask


def _classes(png: bytes) -> np.ndarray:
    assert png.startswith(b"\x89PNG")
    return np.asarray(Image.open(io.BytesIO(png)))


def _assert_masks(root: Path, out: Path, truth: dict[str, np.ndarray]) -> None:
    """`shardify convert root out` with no option writes each image of `truth` with its classes."""
    run_conversion(ConvertConfig(str(root), str(out)))
    records = _records(out)
    assert sorted(records) == sorted(truth)
    for name, classes in truth.items():
        np.testing.assert_array_equal(_classes(records[name][contract.SEGMENTATION]), classes)


@pytest.mark.parametrize("fmt", ["GIF", "TIFF", "BMP"])
def test_lossless_masks_of_other_formats_keep_their_classes(tmp_path: Path, fmt: str) -> None:
    """Carvana's masks are GIFs, DRIVE's GIF and TIFF: stored as PNGs of the same class indices."""
    root = tmp_path / "cars"
    (root / "images").mkdir(parents=True)
    (root / "masks").mkdir()
    truth = {}
    for i in range(5):
        (root / "images" / f"car{i}.jpg").write_bytes(image_bytes(size=(24, 16), seed=i))
        mask = _shape_mask(24, 16, (0, 1 + i))  # class 1+i inside the shape, 0 outside
        if fmt == "GIF":  # a GIF is a palette: its indices are the classes, whatever their colours
            mask = Image.frombytes("P", mask.size, mask.tobytes())
            mask.putpalette([value for k in range(256) for value in (k * 37 % 256, k * 91 % 256, k * 53 % 256)])
        (root / "masks" / f"car{i}.{fmt.lower()}").write_bytes(encoded(mask, fmt, **({"optimize": False} if fmt == "GIF" else {})))
        truth[f"images/car{i}.jpg"] = np.asarray(_shape_mask(24, 16, (0, 1 + i)))
    _assert_masks(root, tmp_path / "out", truth)


def test_a_two_valued_jpeg_mask_is_cut_and_a_many_valued_one_refused(tmp_path: Path) -> None:
    """Kvasir-SEG's masks are JPEGs of a white polyp on black: grey along the edge, cut at 128.
    The hostile twin, a JPEG of several classes, is refused naming why: compression moved pixels
    between classes, and no cut recovers them."""
    root = tmp_path / "kvasir"
    (root / "images").mkdir(parents=True)
    (root / "masks").mkdir()
    two_valued = _shape_mask(40, 32, (0, 255))
    for i in range(9):
        (root / "images" / f"p{i}.jpg").write_bytes(image_bytes(size=(40, 32), seed=i))
        (root / "masks" / f"p{i}.jpg").write_bytes(encoded(two_valued, "JPEG", quality=75))
    many = np.tile(np.arange(0, 250, 250 // 40, dtype=np.uint8)[:40], (32, 1))  # 40 grey levels
    (root / "masks" / "p8.jpg").write_bytes(encoded(Image.fromarray(many, "L"), "JPEG", quality=75))
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out), max_rejects="20%"))
    records = _records(out)
    assert sorted(records) == [f"images/p{i}.jpg" for i in range(8)]
    want = np.asarray(two_valued)
    for record in records.values():
        got = _classes(record[contract.SEGMENTATION])
        assert set(np.unique(got)) <= {0, 255}
        assert (got != want).mean() < 0.02  # the cut puts back the shape, give or take its edge
    rejects = [json.loads(line) for line in (out / "rejected.jsonl").read_text().splitlines()]
    assert [r["path"] for r in rejects] == ["images/p8.jpg"] and "more than two values" in rejects[0]["reason"]


@pytest.mark.parametrize(
    "image_path, mask_path",
    [
        ("train/{id}_01.jpg", "train_masks/{id}_01_mask.gif"),  # Carvana
        ("ISIC2018_Task1-2_Training_Input/ISIC_{id}.jpg", "ISIC2018_Task1_Training_GroundTruth/ISIC_{id}_segmentation.png"),
    ],
    ids=["carvana", "isic"],
)
def test_masks_named_as_their_image_plus_a_mask_word(tmp_path: Path, image_path: str, mask_path: str) -> None:
    """`<stem>_mask`, `<stem>_segmentation`: the trailing word says what the file is, the stem whose."""
    root = tmp_path / "download"
    truth = {}
    for i in range(6):
        image, mask = root / image_path.format(id=f"{i:07d}"), root / mask_path.format(id=f"{i:07d}")
        image.parent.mkdir(parents=True, exist_ok=True)
        mask.parent.mkdir(parents=True, exist_ok=True)
        image.write_bytes(image_bytes(size=(24, 16), seed=i))
        classes = _shape_mask(24, 16, (0, 1 if i % 2 else 255))
        if mask.suffix == ".gif":  # a palette's indices, written as they are
            mask.write_bytes(encoded(Image.frombytes("P", classes.size, classes.tobytes()), "GIF", optimize=False))
        else:
            mask.write_bytes(encoded(classes, "PNG"))
        truth[str(image.relative_to(root))] = np.asarray(classes)
    _assert_masks(root, tmp_path / "out", truth)


def _siblings(root: Path, folders: dict[str, list[str]], fmt: str = "TIFF") -> dict[str, np.ndarray]:
    """Each image beside its mask in one folder (`<stem>.<ext>`, `<stem>_mask.<ext>`): {image: classes}."""
    truth = {}
    for folder, stems in folders.items():
        (root / folder).mkdir(parents=True, exist_ok=True)
        for stem in stems:
            ext = fmt.lower()
            (root / folder / f"{stem}.{ext}").write_bytes(image_bytes(fmt=fmt, size=(24, 16), seed=len(truth)))
            classes = _shape_mask(24, 16, (0, 255 if len(truth) % 2 else 1))
            (root / folder / f"{stem}_mask.{ext}").write_bytes(encoded(classes, fmt))
            truth[f"{folder}/{stem}.{ext}"] = np.asarray(classes)
    return truth


def test_masks_beside_their_images_in_subject_folders_stop_then_convert(tmp_path: Path) -> None:
    """The LGG MRI download (`kaggle_3m/<patient>/<patient>_<n>.tif` beside `..._<n>_mask.tif`): the
    masks were training images, the patients the classes, with exit 0. Now the masks are masks, and
    folders whose files carry their names stop before writing: subjects or classes is the user's
    to say."""
    root = tmp_path / "lgg-mri-segmentation"
    patients = ["TCGA_CS_4941_19960909", "TCGA_CS_4942_19970222", "TCGA_DU_5851_19950428"]
    truth = _siblings(root, {f"kaggle_3m/{p}": [f"{p}_{n}" for n in range(1, 4)] for p in patients})
    (root / "kaggle_3m" / "data.csv").write_text("Patient,RNASeqCluster\nTCGA_CS_4941,2\nTCGA_CS_4942,1\nTCGA_DU_5851,3\n")
    with pytest.raises(UsageError, match="--label-level 0") as refused:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "first")))
    assert "TCGA_CS_4941_19960909/" in str(refused.value) and not (tmp_path / "first" / "manifest.json").exists()
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out), label_level=0))
    records = _records(out)
    assert sorted(records) == sorted(truth)
    for name, classes in truth.items():
        assert records[name].get(contract.LABEL, -1) == -1, name
        np.testing.assert_array_equal(_classes(records[name][contract.SEGMENTATION]), classes)


def test_masks_beside_their_images_in_class_folders_keep_the_classes_when_asked(tmp_path: Path) -> None:
    """The neighbour whose folders are classes (BUSI's `benign/benign (1).png` beside `benign (1)_mask.png`):
    the same stop, and the level it names keeps them."""
    root = tmp_path / "Dataset_BUSI_with_GT"
    truth = _siblings(root, {c: [f"{c} ({n})" for n in range(1, 4)] for c in ("benign", "malignant", "normal")}, fmt="PNG")
    with pytest.raises(UsageError, match=r"--label-level 1 \(counted from SRC\) to keep the folders as the classes"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "first")))
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out), label_level=1))
    records = _records(out)
    assert sorted(records) == sorted(truth)
    for name, classes in truth.items():
        assert records[name][contract.LABEL_TEXT].decode() == name.split("/")[0], name
        np.testing.assert_array_equal(_classes(records[name][contract.SEGMENTATION]), classes)
