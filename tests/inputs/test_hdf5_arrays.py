"""HDF5 array files (issue 30): an image array and a label vector per file, gzip-compressed as
h5py writes them for most published copies. Every record's split, label and pixels are checked
against the arrays written here; a file whose images or labels could be any of several datasets
stops the run before writing (exit 2) naming them; a compression bomb or an oversized chunk is
refused before it is decompressed, naming the file; and h5py is imported only when such a file is met.
"""

from __future__ import annotations

import io
from pathlib import Path

import h5py
import numpy as np
import pytest
from PIL import Image

from helpers.cli_runs import packages_imported_by, run_shardify
from helpers.shard_io import read_report, read_shard
from helpers.sources import convert
from shardify.converters import hdf5_arrays
from shardify.errors import InvalidInputError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest

Truth = dict[str, tuple[str, str, np.ndarray]]  # record id -> (split, label, pixels)


def _pixels(seed: int, shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, shape, dtype=np.uint8)


def build_digits(dest: Path) -> tuple[Path, Truth]:
    """`digits/`: `digits_train.h5` (x: uint8 [6, 28, 28], y: uint8 [6]) and `digits_test.h5`
    (images: uint8 [3, 16, 16, 3], labels: int64 [3, 1]), every dataset gzip-compressed in chunks."""
    root = dest / "digits"
    root.mkdir(parents=True)
    truth: Truth = {}
    files = (
        ("digits_train.h5", "train", "x", "y", _pixels(1, (6, 28, 28)), np.array([3, 0, 9, 3, 1, 7], np.uint8)),
        ("digits_test.h5", "test", "images", "labels", _pixels(2, (3, 16, 16, 3)), np.array([[5], [0], [2]], np.int64)),
    )
    for name, split, images_name, labels_name, images, labels in files:
        with h5py.File(root / name, "w") as h5:
            h5.create_dataset(images_name, data=images, compression="gzip", chunks=(2, *images.shape[1:]))
            h5.create_dataset(labels_name, data=labels, compression="gzip")
        for index, (image, label) in enumerate(zip(images, labels.reshape(-1))):
            truth[f"{name}#{images_name}:{index}"] = (split, str(int(label)), image)
    (root / "README.txt").write_text("digits, as HDF5\n")
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


def _written(out: Path) -> dict[str, tuple[str, str, np.ndarray]]:
    manifest = load_manifest(str(out))
    found = {}
    for split, info in manifest.splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                name = manifest.labels[record[contract.LABEL]]
                assert record[contract.LABEL_TEXT].decode() == name
                pixels = _pixels_of(record)
                found[record[contract.IMAGE_FILENAME].decode()] = (split, name, pixels)
    return found


def _assert_matches(out: Path, truth: Truth) -> None:
    written = _written(out)
    assert sorted(written) == sorted(truth)
    for record_id, (split, label, image) in truth.items():
        got_split, got_label, pixels = written[record_id]
        assert (got_split, got_label) == (split, label), record_id
        assert np.array_equal(pixels, image), f"{record_id}: pixels differ"


def test_gzip_hdf5_files_convert_with_every_label_and_pixel_right(tmp_path: Path) -> None:
    root, truth = build_digits(tmp_path / "download")
    convert(root, tmp_path / "out", max_rejects="0")
    _assert_matches(tmp_path / "out", truth)
    assert read_report(tmp_path / "out", naming.REJECTS_FILENAME) == []


def test_with_store_pixels_each_record_holds_the_elements_own_pixels(tmp_path: Path) -> None:
    root, truth = build_digits(tmp_path / "download")
    convert(root, tmp_path / "out", max_rejects="0", store_pixels="auto")  # 28x28 and 16x16: both under auto's limit
    _assert_matches(tmp_path / "out", truth)
    records = [record for shard in (tmp_path / "out").glob("*.tfrecord") for record in read_shard(shard)]
    assert {(r[contract.IMAGE_FORMAT], r[contract.IMAGE_CHANNELS]) for r in records} == {(b"raw", 1), (b"raw", 3)}


def test_a_negative_label_rejects_its_record_alone(tmp_path: Path) -> None:
    root, truth = build_digits(tmp_path / "download")
    with h5py.File(root / "digits_test.h5", "a") as h5:
        h5["labels"][1] = -1
    convert(root, tmp_path / "out")
    rejects = [(r["path"], r["reason"]) for r in read_report(tmp_path / "out", naming.REJECTS_FILENAME)]
    assert rejects == [("digits_test.h5#images:1", "label -1 of labels is negative")]
    _assert_matches(tmp_path / "out", {k: v for k, v in truth.items() if k != "digits_test.h5#images:1"})


def test_a_damaged_file_is_rejected_by_name_and_the_others_are_kept(tmp_path: Path) -> None:
    root, truth = build_digits(tmp_path / "download")
    damaged = root / "digits_test.h5"
    damaged.write_bytes(damaged.read_bytes()[:1500])  # cut inside its object headers
    convert(root, tmp_path / "out")
    rejects = [(r["path"], r["reason"]) for r in read_report(tmp_path / "out", naming.REJECTS_FILENAME)]
    assert [path for path, _ in rejects] == ["digits_test.h5"], rejects
    assert rejects[0][1].startswith("not a readable HDF5 file: "), rejects
    _assert_matches(tmp_path / "out", {k: v for k, v in truth.items() if k.startswith("digits_train.h5")})


def test_shapes_pick_the_arrays_and_names_settle_a_choice(tmp_path: Path) -> None:
    """A mask array beside the images: two image-shaped arrays, and only `images` is named so."""
    path = tmp_path / "seg.h5"
    with h5py.File(path, "w") as h5:
        h5["images"] = _pixels(1, (4, 8, 8, 3))
        h5["masks"] = _pixels(2, (4, 8, 8))
        h5["labels"] = np.arange(4, dtype=np.int32)
        h5["ids"] = np.arange(5, dtype=np.int32)  # not of the images' N: not a label vector
        h5["meta/scale"] = np.ones(4, np.float32)  # not whole numbers
    with open(path, "rb") as f:
        found = hdf5_arrays.find_arrays(f)
    assert found == hdf5_arrays.Hdf5Arrays((hdf5_arrays.Hdf5Part("images", "labels", 4, (8, 8, 3)),))


@pytest.mark.parametrize(
    "datasets, named",
    [
        ({"a": _pixels(1, (4, 8, 8)), "b": _pixels(2, (4, 8, 8)), "y": np.arange(4)}, "its datasets a, b could each be the images"),
        (
            {"x": _pixels(1, (4, 8, 8)), "y_coarse": np.arange(4), "y_fine": np.arange(4)},
            "its datasets y_coarse, y_fine could each be the labels of x",
        ),
    ],
    ids=["two image arrays", "two label vectors"],
)
def test_an_ambiguous_file_stops_the_run_before_writing_naming_the_datasets(tmp_path: Path, datasets: dict, named: str) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    source.mkdir()
    with h5py.File(source / "data.h5", "w") as h5:
        for name, values in datasets.items():
            h5.create_dataset(name, data=values, compression="gzip")
    result = run_shardify("convert", str(source), str(out))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    error = result.stderr.strip().splitlines()[-1]  # after the `converting SRC -> OUT` line
    assert error.startswith("error: ")
    assert f"data.h5: {named}, and neither their shapes nor their names tell which" in error
    assert "x (or images)" in error
    assert not (out / "manifest.json").exists()


def test_a_compression_bomb_is_refused_before_it_is_decompressed(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    # 2.4 MB of zeros (above the 1 MiB floor of the rule) in a few kB: gzip's ~1000:1 on zeros is
    # over the 200 the rule allows at any size (24 MB showed the same and cost ~20 s here)
    with h5py.File(source / "bomb_train.h5", "w") as h5:
        h5.create_dataset("x", shape=(3_000, 28, 28), dtype=np.uint8, compression="gzip", chunks=(1000, 28, 28), fillvalue=0)
        h5["x"][:] = 0
        h5["y"] = np.zeros(3_000, np.uint8)
    with h5py.File(source / "good_test.h5", "w") as h5:
        h5.create_dataset("x", data=_pixels(3, (2, 8, 8)), compression="gzip")
        h5["y"] = np.array([1, 2], np.uint8)
    assert (source / "bomb_train.h5").stat().st_size < 1 << 20
    convert(source, tmp_path / "out")
    rejects = [(r["path"], r["reason"]) for r in read_report(tmp_path / "out", naming.REJECTS_FILENAME)]
    assert [path for path, _ in rejects] == ["bomb_train.h5"], rejects
    assert "more than the 200 times the dataset 'x' may (a zip bomb?)" in rejects[0][1]
    assert load_manifest(str(tmp_path / "out")).inputs["written"] == 2


def test_a_chunk_over_the_limit_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hdf5_arrays, "MAX_CHUNK_BYTES", 1000)
    path = tmp_path / "a.h5"
    with h5py.File(path, "w") as h5:
        h5.create_dataset("x", data=_pixels(1, (4, 16, 16)), chunks=(4, 16, 16))
        h5["y"] = np.arange(4, dtype=np.uint8)
    with open(path, "rb") as f, pytest.raises(InvalidInputError, match=r"stored in chunks of \[4, 16, 16\] \(1,024 bytes\), more than"):
        hdf5_arrays.find_arrays(f)


def test_h5py_is_imported_only_when_an_hdf5_file_is_met(tmp_path: Path) -> None:
    source = tmp_path / "pets"
    for label in ("cat", "dog"):
        (source / label).mkdir(parents=True)
        for index in range(2):
            Image.fromarray(_pixels(index, (8, 8, 3))).save(source / label / f"{index}.png")
    result, imported = packages_imported_by(["convert", str(source), str(tmp_path / "out")], ["h5py", "tensorflow"])
    assert result.returncode == 0, result.stderr
    assert imported == []
