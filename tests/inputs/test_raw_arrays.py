"""Raw binary image arrays of a documented shape (issue 30): STL-10's and CIFAR-10/100's binary
versions, converted with no option. The miniatures are written as the datasets' pages and
TensorFlow Datasets' builders (`image_classification/stl10.py`, `cifar.py`) describe them, from
images and labels chosen here: every record's split, label and pixels are checked against those,
never against shardify's reading. Their hostile twins (cut short, a size no whole number of
records, a label past the names) are refused naming the file, or the record, with the reason.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.cli_runs import packages_imported_by
from helpers.shard_io import read_report, read_shard
from helpers.sources import convert
from shardify.converters import raw_arrays
from shardify.plan.raw_formats import raw_format_of
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

_STL10_NAMES = ["airplane", "bird", "car", "cat", "deer", "dog", "horse", "monkey", "ship", "truck"]
_CIFAR10_NAMES = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]
_CIFAR100_COARSE = [f"superclass_{i:02d}" for i in range(20)]
_CIFAR100_FINE = [f"class_{i:02d}" for i in range(100)]

# Truth: record id -> (split, label name or None, pixels [H, W, 3]).
Truth = dict[str, tuple[str, "str | None", np.ndarray]]


def _images(seed: int, count: int, side: int) -> np.ndarray:
    """Noise, so that a transposed or channel-swapped reading cannot match."""
    return np.random.default_rng(seed).integers(0, 256, (count, side, side, 3), dtype=np.uint8)


def _stl10_bytes(images: np.ndarray) -> bytes:
    """STL-10's order: each image channel after channel, each channel column-major (what tfds
    undoes with reshape(-1, 3, 96, 96).transpose(0, 3, 2, 1))."""
    return np.ascontiguousarray(images.transpose(0, 3, 2, 1)).tobytes()


def _cifar_record(labels: list[int], image: np.ndarray) -> bytes:
    """The label bytes, then 1024 red, 1024 green, 1024 blue, each row-major 32 x 32."""
    return bytes(labels) + np.ascontiguousarray(image.transpose(2, 0, 1)).tobytes()


def build_stl10(dest: Path) -> tuple[Path, Truth]:
    """`stl10_binary/` as stl10_binary.tar.gz unpacks: train 5, test 3 (labels 1..10), unlabeled 2."""
    root = dest / "stl10_binary"
    root.mkdir(parents=True)
    truth: Truth = {}
    for split, labels, seed in (("train", [1, 10, 3, 7, 2], 1), ("test", [4, 1, 10], 2), ("unlabeled", None, 3)):
        images = _images(seed, len(labels) if labels else 2, 96)
        (root / f"{split}_X.bin").write_bytes(_stl10_bytes(images))
        if labels is not None:
            (root / f"{split}_y.bin").write_bytes(bytes(labels))
        for index, image in enumerate(images):
            name = _STL10_NAMES[labels[index] - 1] if labels else None
            truth[f"{split}_X.bin#{index}"] = (split if labels else "unlabelled", name, image)
    (root / "class_names.txt").write_text("\n".join(_STL10_NAMES) + "\n")
    (root / "fold_indices.txt").write_text("0 1 2\n3 4\n")
    return root, truth


def build_cifar10_binary(dest: Path) -> tuple[Path, Truth]:
    """`cifar-10-batches-bin/` as cifar-10-binary.tar.gz unpacks: five batches of 2, a test batch of 3."""
    root = dest / "cifar-10-batches-bin"
    root.mkdir(parents=True)
    truth: Truth = {}
    files = [(f"data_batch_{b}.bin", "train", [b % 10, (3 * b) % 10]) for b in range(1, 6)]
    files.append(("test_batch.bin", "test", [9, 0, 5]))
    for seed, (name, split, labels) in enumerate(files):
        images = _images(10 + seed, len(labels), 32)
        (root / name).write_bytes(b"".join(_cifar_record([label], image) for label, image in zip(labels, images)))
        for index, (label, image) in enumerate(zip(labels, images)):
            truth[f"{name}#{index}"] = (split, _CIFAR10_NAMES[label], image)
    (root / "batches.meta.txt").write_text("\n".join(_CIFAR10_NAMES) + "\n\n")  # as shipped: a blank line at its end
    (root / "readme.html").write_text("<html></html>\n")
    return root, truth


def build_cifar100_binary(dest: Path) -> tuple[Path, Truth]:
    """`cifar-100-binary/`: train 4 and test 2 records of (coarse, fine) label bytes; the fine label is read."""
    root = dest / "cifar-100-binary"
    root.mkdir(parents=True)
    truth: Truth = {}
    for seed, (name, split, fine) in enumerate((("train.bin", "train", [0, 99, 42, 7]), ("test.bin", "test", [99, 3]))):
        images = _images(20 + seed, len(fine), 32)
        (root / name).write_bytes(b"".join(_cifar_record([f % 20, f], image) for f, image in zip(fine, images)))
        for index, (label, image) in enumerate(zip(fine, images)):
            truth[f"{name}#{index}"] = (split, _CIFAR100_FINE[label], image)
    (root / "coarse_label_names.txt").write_text("\n".join(_CIFAR100_COARSE) + "\n")
    (root / "fine_label_names.txt").write_text("\n".join(_CIFAR100_FINE) + "\n")
    return root, truth


def _pixels_of(record: dict) -> np.ndarray:
    """A record's pixels: its PNG decoded, or (`--store-pixels`) its raw bytes as they are, [H, W]
    for one channel as the PNG gives them."""
    if record[contract.IMAGE_FORMAT] == b"png":
        return np.asarray(Image.open(io.BytesIO(record[contract.IMAGE_ENCODED])))
    assert record[contract.IMAGE_FORMAT] == contract.RAW_PIXELS_FORMAT.encode()
    shape = (record[contract.IMAGE_HEIGHT], record[contract.IMAGE_WIDTH], record[contract.IMAGE_CHANNELS])
    pixels = np.frombuffer(record[contract.IMAGE_ENCODED], np.uint8).reshape(shape)
    return pixels[:, :, 0] if shape[2] == 1 else pixels


def _written(out: Path) -> dict[str, tuple[str, str | None, np.ndarray]]:
    """Every record of the output: id -> (split, label name or None, decoded pixels)."""
    manifest = load_manifest(str(out))
    found = {}
    for split, info in manifest.splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                index = record.get(contract.LABEL, contract.UNLABELLED)  # no labels at all: label mode none
                name = None if index == contract.UNLABELLED else manifest.labels[index]
                if name is not None:
                    assert record[contract.LABEL_TEXT].decode() == name
                pixels = _pixels_of(record)
                found[record[contract.IMAGE_FILENAME].decode()] = (split, name, pixels)
    return found


def _assert_matches(out: Path, truth: Truth) -> None:
    written = _written(out)
    assert sorted(written) == sorted(truth)
    for record_id, (split, name, image) in truth.items():
        got_split, got_name, pixels = written[record_id]
        assert (got_split, got_name) == (split, name), record_id
        assert np.array_equal(pixels, image), f"{record_id}: pixels differ"


@pytest.mark.parametrize("build", [build_stl10, build_cifar10_binary, build_cifar100_binary], ids=["stl10", "cifar10", "cifar100"])
def test_a_raw_binary_download_converts_with_every_label_and_pixel_right(build, tmp_path: Path) -> None:  # noqa: ANN001
    root, truth = build(tmp_path / "download")
    convert(root, tmp_path / "out", max_rejects="0")
    _assert_matches(tmp_path / "out", truth)
    assert read_report(tmp_path / "out", naming.REJECTS_FILENAME) == []
    inputs = load_manifest(str(tmp_path / "out")).inputs
    assert inputs["written"] == len(truth)


@pytest.mark.parametrize("build", [build_stl10, build_cifar10_binary], ids=["stl10", "cifar10"])
def test_with_store_pixels_each_record_holds_the_elements_own_pixels(build, tmp_path: Path) -> None:  # noqa: ANN001
    root, truth = build(tmp_path / "download")
    convert(root, tmp_path / "out", max_rejects="0", store_pixels="always")
    _assert_matches(tmp_path / "out", truth)
    formats = {record[contract.IMAGE_FORMAT] for shard in (tmp_path / "out").glob("*.tfrecord") for record in read_shard(shard)}
    assert formats == {b"raw"}


def test_stl10s_unlabelled_images_are_a_split_of_their_own_with_label_minus_one(tmp_path: Path) -> None:
    root, _ = build_stl10(tmp_path / "download")
    convert(root, tmp_path / "out", max_rejects="0")
    manifest = load_manifest(str(tmp_path / "out"))
    assert manifest.splits["unlabelled"].num_unlabelled == manifest.splits["unlabelled"].num_records == 2
    assert manifest.splits["train"].num_unlabelled == 0


def test_a_batch_cut_short_is_refused_by_name_and_the_others_are_kept(tmp_path: Path) -> None:
    root, truth = build_cifar10_binary(tmp_path / "download")
    cut = root / "data_batch_2.bin"
    cut.write_bytes(cut.read_bytes()[:-100])  # its second record cut short
    convert(root, tmp_path / "out")
    rejects = {r["path"]: r["reason"] for r in read_report(tmp_path / "out", naming.REJECTS_FILENAME)}
    assert rejects == {
        "data_batch_2.bin": "6,046 bytes is not a whole number of CIFAR-10 records of 3,073 bytes "
        "(1 and 2,973 bytes over): truncated, or not CIFAR-10's binary version"
    }
    _assert_matches(tmp_path / "out", {k: v for k, v in truth.items() if not k.startswith("data_batch_2.bin")})


def test_stl10_images_cut_at_a_record_boundary_are_refused_against_their_labels(tmp_path: Path) -> None:
    root, truth = build_stl10(tmp_path / "download")
    images = root / "train_X.bin"
    images.write_bytes(images.read_bytes()[: 4 * 3 * 96 * 96])  # 4 whole records; train_y.bin still labels 5
    (root / "test_X.bin").write_bytes((root / "test_X.bin").read_bytes() + b"\0")  # one byte over
    convert(root, tmp_path / "out")
    rejects = {r["path"]: r["reason"] for r in read_report(tmp_path / "out", naming.REJECTS_FILENAME)}
    assert rejects == {
        "train_X.bin": "the labels file holds more labels for the 4 images beside it",
        "test_X.bin": "82,945 bytes is not a whole number of STL-10 records of 27,648 bytes "
        "(3 and 1 bytes over): truncated, or not STL-10's binary version",
    }
    _assert_matches(tmp_path / "out", {k: v for k, v in truth.items() if k.startswith("unlabeled")})


def test_a_label_outside_the_names_rejects_its_record_alone(tmp_path: Path) -> None:
    cifar, cifar_truth = build_cifar10_binary(tmp_path / "cifar")
    batch = bytearray((cifar / "test_batch.bin").read_bytes())
    batch[3073] = 12  # the second record's label: CIFAR-10 has 0..9
    (cifar / "test_batch.bin").write_bytes(bytes(batch))
    convert(cifar, tmp_path / "cifar_out")
    rejects = [(r["path"], r["reason"]) for r in read_report(tmp_path / "cifar_out", naming.REJECTS_FILENAME)]
    assert rejects == [("test_batch.bin#1", "label 12 is outside 0..9, the 10 classes of batches.meta.txt")]
    _assert_matches(tmp_path / "cifar_out", {k: v for k, v in cifar_truth.items() if k != "test_batch.bin#1"})

    stl, stl_truth = build_stl10(tmp_path / "stl")
    (stl / "test_y.bin").write_bytes(bytes([4, 0, 11]))  # STL-10 counts 1..10
    convert(stl, tmp_path / "stl_out")
    rejects = sorted((r["path"], r["reason"]) for r in read_report(tmp_path / "stl_out", naming.REJECTS_FILENAME))
    assert rejects == [
        ("test_X.bin#1", "label 0 is outside 1..10, the 10 classes of class_names.txt"),
        ("test_X.bin#2", "label 11 is outside 1..10, the 10 classes of class_names.txt"),
    ]
    _assert_matches(tmp_path / "stl_out", {k: v for k, v in stl_truth.items() if k not in ("test_X.bin#1", "test_X.bin#2")})


class _Trickle(io.BytesIO):
    """A stream that returns at most 1,000 bytes a read, as a network stream may."""

    def read(self, size: int = -1) -> bytes:
        return super().read(min(size, 1000) if size >= 0 else 1000)


def test_labels_heading_records_stay_in_place_however_little_a_read_returns(tmp_path: Path) -> None:
    root, truth = build_cifar100_binary(tmp_path / "download")
    fmt = raw_format_of("train.bin")
    data = (root / "train.bin").read_bytes()
    labels = raw_arrays.read_labels(_Trickle(data), fmt, raw_arrays.record_count(len(data), fmt))
    assert [_CIFAR100_FINE[label] for label in labels] == [truth[f"train.bin#{i}"][1] for i in range(4)]


def test_converting_raw_arrays_imports_neither_tensorflow_nor_h5py(tmp_path: Path) -> None:
    root, _ = build_cifar10_binary(tmp_path / "download")
    result, imported = packages_imported_by(["convert", str(root), str(tmp_path / "out")], ["tensorflow", "h5py"])
    assert result.returncode == 0, result.stderr
    assert imported == []
