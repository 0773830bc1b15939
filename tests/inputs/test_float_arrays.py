"""Numeric-array datasets as public downloads ship them (issue 30, "Formats"): float images and
X/y pairs of separate `.npy` files, by kind, none of them named in the rules.

- Fashion-MNIST saved by a Keras user as `x_train.npy`/`y_train.npy`, `x_test.npy`/`y_test.npy`,
  the images divided by 255 (float32 in [0, 1]): paired by the role words of their names, split by
  their split words, named by Fashion-MNIST's documented classes, and every pixel back as the
  uint8 it was (the [0, 1] reading: * 255, rounded half to even).
- An `.h5` of float images of another shape (whole values 0-255, [N, 12, 10, 3]) and labels:
  cast as they are; one image holding a negative value is that image's one reject.
- A MATLAB file of a double image array, SVHN's count-last layout divided by 255 (`X` [8, 8, 3, N],
  `y` [N, 1]): read as SVHN's uint8 one is, every pixel back.
- `images.npy` + `labels.npy`, floats in [0, 1], one image holding a NaN: exactly one reject, its
  reason naming NaN, every other image written (nothing clipped, nothing silent).

The rule itself (converters/float_pixels.py) is checked on arrays whose readings are known: a
tie between the readings, a fraction in a 0-255 array, rounding half to even.
"""

from __future__ import annotations

import io
from pathlib import Path

import h5py
import numpy as np
import pytest
from PIL import Image

from helpers.shard_io import read_report, read_shard
from helpers.sources import convert
from shardify.converters import float_pixels
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest
from shardify.plan.known_names import FASHION_MNIST

Truth = dict[str, tuple[str, str, np.ndarray]]  # record id -> (split, label, uint8 pixels)


def _pixels(seed: int, shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, shape, dtype=np.uint8)


def _written(out: Path) -> Truth:
    manifest = load_manifest(str(out))
    found: Truth = {}
    for split, info in manifest.splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                pixels = np.asarray(Image.open(io.BytesIO(record[contract.IMAGE_ENCODED])))
                found[record[contract.IMAGE_FILENAME].decode()] = (split, record[contract.LABEL_TEXT].decode(), pixels)
    return found


def _assert_written(out: Path, truth: Truth) -> None:
    written = _written(out)
    assert sorted(written) == sorted(truth)
    for record_id, (split, label, image) in truth.items():
        assert written[record_id][:2] == (split, label), record_id
        assert np.array_equal(written[record_id][2], image), f"{record_id}: pixels differ"


def _rejects(out: Path) -> list[tuple[str, str]]:
    return [(r["path"], r["reason"]) for r in read_report(out, naming.REJECTS_FILENAME)]


def test_an_x_y_pair_of_npy_files_of_floats_in_0_1_converts_with_every_label_split_and_pixel(tmp_path: Path) -> None:
    root = tmp_path / "fashion-mnist-npy"
    root.mkdir()
    truth: Truth = {}
    for split, seed, labels in (("train", 1, [9, 0, 0, 3, 2, 7]), ("test", 2, [1, 8, 5])):
        images = _pixels(seed, (len(labels), 28, 28))
        np.save(root / f"x_{split}.npy", images.astype(np.float32) / 255.0)  # as `x_train / 255.0` saves them
        np.save(root / f"y_{split}.npy", np.asarray(labels, np.uint8))
        for index, label in enumerate(labels):
            truth[f"x_{split}.npy#{index}"] = (split, FASHION_MNIST[label], images[index])
    convert(root, tmp_path / "out", max_rejects="0")
    _assert_written(tmp_path / "out", truth)
    manifest = load_manifest(str(tmp_path / "out"))
    assert manifest.inputs["written"] == 9 and _rejects(tmp_path / "out") == []


def test_an_h5_of_whole_float_images_of_another_shape_is_cast_and_a_negative_image_rejected_alone(tmp_path: Path) -> None:
    root = tmp_path / "patches"
    root.mkdir()
    images = _pixels(3, (5, 12, 10, 3))
    values = images.astype(np.float64)
    values[3, 0, 0, 0] = -4.0  # not pixels under either reading
    labels = np.array([2, 0, 1, 1, 2], np.int64)
    with h5py.File(root / "patches_train.h5", "w") as h5:
        h5.create_dataset("images", data=values, compression="gzip")
        h5.create_dataset("labels", data=labels, compression="gzip")
    convert(root, tmp_path / "out")
    rejects = _rejects(tmp_path / "out")
    assert len(rejects) == 1 and rejects[0][0] == "patches_train.h5#images:3", rejects
    assert "negative" in rejects[0][1], rejects
    truth = {f"patches_train.h5#images:{i}": ("train", str(labels[i]), images[i]) for i in range(5) if i != 3}
    _assert_written(tmp_path / "out", truth)


def test_a_matlab_array_of_doubles_in_0_1_converts_as_its_uint8_twin_would(tmp_path: Path) -> None:
    import scipy.io

    root = tmp_path / "svhn_like"
    root.mkdir()
    images = _pixels(6, (3, 8, 8, 3))
    labels = np.array([[10], [1], [4]], np.uint8)
    scipy.io.savemat(root / "train_8x8.mat", {"X": np.moveaxis(images, 0, -1).astype(np.float64) / 255.0, "y": labels})
    convert(root, tmp_path / "out", max_rejects="0")
    _assert_written(tmp_path / "out", {f"train_8x8.mat#{i}": ("train", str(labels[i, 0]), images[i]) for i in range(3)})


def test_a_nan_image_among_float_images_is_one_reject_and_its_neighbours_are_written(tmp_path: Path) -> None:
    root = tmp_path / "digits"
    root.mkdir()
    images = _pixels(4, (4, 8, 8))
    values = images.astype(np.float32) / 255.0
    values[2, 4, 4] = np.nan
    np.save(root / "images.npy", values)
    np.save(root / "labels.npy", np.array([7, 1, 4, 1], np.int64))
    convert(root, tmp_path / "out")
    rejects = _rejects(tmp_path / "out")
    assert [path for path, _ in rejects] == ["images.npy#2"] and "NaN" in rejects[0][1], rejects
    truth = {f"images.npy#{i}": ("train", str(label), images[i]) for i, label in enumerate([7, 1, 4, 1]) if i != 2}
    _assert_written(tmp_path / "out", truth)


def test_the_reading_rule_on_arrays_whose_answer_is_known() -> None:
    # rounding half to even: 0.5/255 * 255 = 0.5 -> 0; 1.5/255 * 255 -> 2; 2.5/255 * 255 -> 2
    halves = np.array([[[0.5, 1.5, 2.5, 255.0]]]) / 255.0
    pixels, rejected = float_pixels.read_floats(halves)
    assert rejected == {} and pixels.tolist() == [[[0, 2, 2, 255]]]
    # only 0.0 and 1.0: both readings fit; [0, 1] wins the tie (a binary image, 0 and 255)
    pixels, _ = float_pixels.read_floats(np.array([[[0.0, 1.0]], [[1.0, 1.0]]]))
    assert pixels.tolist() == [[[0, 255]], [[255, 255]]]
    # whole values 0-255 in most images: cast; the image of fractions above 1 cannot be read either way
    pixels, rejected = float_pixels.read_floats(np.array([[[0.0, 200.0]], [[3.0, 17.0]], [[0.25, 12.5]]]))
    assert pixels[:2].tolist() == [[[0, 200]], [[3, 17]]]
    assert list(rejected) == [2] and "fractions" in rejected[2]
    # a whole-valued image in an array of [0, 1] floats: rejected, never clipped to 255
    _, rejected = float_pixels.read_floats(np.array([[[0.1, 0.9]], [[0.2, 0.3]], [[0.0, 40.0]]]))
    assert list(rejected) == [2] and "[0, 1]" in rejected[2]
    # infinities and values above 255: rejected with what they hold
    _, rejected = float_pixels.read_floats(np.array([[[0.1, np.inf]], [[0.5, 300.0]], [[0.2, 0.4]]]))
    assert sorted(rejected) == [0, 1] and "infinite" in rejected[0] and "above 255" in rejected[1]
    # uint8 arrays are given back as they are
    original = _pixels(5, (2, 3, 3))
    assert float_pixels.read_floats(original)[0] is original


def test_an_npz_of_flat_float_rows_is_read_as_square_grey_images_and_says_so() -> None:
    """sklearn's 8x8 digits saved as Keras' names: `x_train` float64 [N, 64] of whole values 0-16
    (cast: 0-255 whole), `y_train`; a row length that is no square is the file's reason, asking for the shape."""
    from shardify.converters import arrays
    from shardify.errors import InvalidInputError

    pixels = np.random.default_rng(7).integers(0, 17, (3, 64))
    buffer = io.BytesIO()
    np.savez(buffer, x_train=pixels.astype(np.float64), y_train=np.array([1, 2, 3]))
    buffer.seek(0)
    read = arrays.read_array_images(buffer, "digits.npz", arrays.ArrayFile(arrays.NPZ, "train", part="x_train"))
    assert read.flat and read.images.shape == (3, 8, 8) and read.rejected == {}
    assert read.floats == "floats of whole values 0-255, cast"
    assert np.array_equal(read.images.reshape(3, 64), pixels.astype(np.uint8))
    buffer = io.BytesIO()
    np.savez(buffer, x_train=np.zeros((3, 60)), y_train=np.array([1, 2, 3]))
    buffer.seek(0)
    with pytest.raises(InvalidInputError, match=r"rows of 60 values: not a square grey image a row \(give the shape\)"):
        arrays.read_array_images(buffer, "digits.npz", arrays.ArrayFile(arrays.NPZ, "train", part="x_train"))
