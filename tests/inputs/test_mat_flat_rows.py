"""MATLAB files of a square row per image (issue 30, "Formats": MATLAB v5 image arrays), by kind.

Deng Cai's face and object sets (www.cad.zju.edu.cn/home/dengcai/Data/FaceData.html: ORL_32x32.mat,
Yale_32x32.mat, YaleB_32x32.mat, PIE, COIL20.mat) ship one `fea` array of N x 1024 doubles (whole
values 0-255, a 32 x 32 image a row) and `gnd`, N x 1, the subject or object; his own code shows a
face with `reshape(fea(i,:), [32, 32])`, MATLAB's column-major order. Checked here:

- a Yale-like file of double rows and a COIL-like one of uint8 rows under split-named folders:
  every record's pixels are the column-major square (an asymmetric picture shows the transpose),
  labels the subjects as stored, splits from the folders;
- an unsplit file is the train split, as an unsplit NPZ is;
- twins that must not be read as images: rows of floats in [0, 1] (as likely features) refused by
  name, and rows of 36 numbers (6 x 6: as likely measurements) not taken for images at all.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
import scipy.io
from PIL import Image

from helpers.shard_io import read_report, read_shard
from helpers.sources import convert
from shardify.errors import ShardifyError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _faces(seed: int, count: int, side: int) -> np.ndarray:
    """[count, side, side] uint8 pictures, each with a bright top row: not symmetric under a transpose."""
    faces = np.random.default_rng(seed).integers(0, 200, (count, side, side), dtype=np.uint8)
    faces[:, 0, :] = 255
    return faces


def _rows(faces: np.ndarray) -> np.ndarray:
    """The faces as MATLAB writes them a row each: column by column (Fortran order)."""
    return np.stack([face.reshape(-1, order="F") for face in faces])


def _written(out: Path) -> dict[str, tuple[str, str, np.ndarray]]:
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                pixels = np.asarray(Image.open(io.BytesIO(record[contract.IMAGE_ENCODED])))
                found[record[contract.IMAGE_FILENAME].decode()] = (split, record[contract.LABEL_TEXT].decode(), pixels)
    return found


@pytest.fixture(scope="module")
def split_faces(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("faces") / "FaceData"
    truth = {}
    for split, name, dtype, seed in (("train", "Yale_32x32.mat", np.float64, 1), ("test", "COIL20.mat", np.uint8, 2)):
        faces = _faces(seed, 5, 32)
        subjects = np.asarray([[1], [1], [2], [15], [15]], dtype=np.float64)
        (root / split).mkdir(parents=True)
        scipy.io.savemat(root / split / name, {"fea": _rows(faces).astype(dtype), "gnd": subjects})
        for i, face in enumerate(faces):
            truth[f"{split}/{name}#{i}"] = (split, str(int(subjects[i, 0])), face)
    out = convert(root, root.parent / "out", max_rejects="0")
    return out, truth


def test_square_rows_are_the_column_major_faces_with_their_subjects_and_splits(split_faces) -> None:
    out, truth = split_faces
    written = _written(out)
    assert sorted(written) == sorted(truth)
    for record_id, (split, label, face) in truth.items():
        assert written[record_id][:2] == (split, label), record_id
        assert np.array_equal(written[record_id][2], face), f"{record_id}: not the column-major square"
        assert not np.array_equal(written[record_id][2], face.T)


def test_an_unsplit_file_of_rows_is_the_train_split(tmp_path: Path) -> None:
    root = tmp_path / "orl"
    root.mkdir()
    faces = _faces(3, 4, 16)
    scipy.io.savemat(root / "ORL_16x16.mat", {"fea": _rows(faces).astype(np.float64), "gnd": np.asarray([[3], [3], [40], [40]])})
    written = _written(convert(root, tmp_path / "out", max_rejects="0"))
    assert {rid: entry[:2] for rid, entry in written.items()} == {
        "ORL_16x16.mat#0": ("train", "3"), "ORL_16x16.mat#1": ("train", "3"),
        "ORL_16x16.mat#2": ("train", "40"), "ORL_16x16.mat#3": ("train", "40"),
    }


def test_rows_of_floats_in_0_1_are_refused_as_possible_features(tmp_path: Path) -> None:
    root = tmp_path / "features"
    root.mkdir()
    features = np.random.default_rng(4).random((6, 64))
    scipy.io.savemat(root / "deep_features.mat", {"fea": features, "gnd": np.arange(6).reshape(-1, 1)})
    with pytest.raises(ShardifyError):
        convert(root, tmp_path / "out")
    reasons = [row["reason"] for row in read_report(tmp_path / "out", "rejected.jsonl")]
    assert any("as likely features" in reason for reason in reasons), reasons


def test_rows_too_short_to_be_a_square_image_are_not_images(tmp_path: Path) -> None:
    root = tmp_path / "measurements"
    root.mkdir()
    rows = np.random.default_rng(5).integers(0, 255, (6, 36)).astype(np.float64)
    scipy.io.savemat(root / "measurements.mat", {"fea": rows, "gnd": np.arange(6).reshape(-1, 1)})
    with pytest.raises(ShardifyError) as stopped:
        convert(root, tmp_path / "out")
    assert "measurements.mat" in str(stopped.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_rows_of_small_whole_counts_are_refused_as_possible_histograms(tmp_path: Path) -> None:
    # a bag of 1024 visual words per image (doubles of whole counts, mostly 0): a square width by chance
    root = tmp_path / "bow"
    root.mkdir()
    counts = np.random.default_rng(6).poisson(0.7, (6, 1024)).astype(np.float64)
    scipy.io.savemat(root / "caltech_bow1024.mat", {"fea": counts, "gnd": np.arange(6).reshape(-1, 1)})
    with pytest.raises(ShardifyError):
        convert(root, tmp_path / "out")
    rejected = [(row["path"], row["reason"]) for row in read_report(tmp_path / "out", "rejected.jsonl")]
    assert any(path.endswith("caltech_bow1024.mat") and "as likely counts" in reason for path, reason in rejected), rejected
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_file_named_as_its_split_named_siblings_but_for_its_first_word_is_its_own_split(tmp_path: Path) -> None:
    # SVHN's format 2: train_32x32.mat, test_32x32.mat and extra_32x32.mat (a split of its own, as tfds reads it), not
    # merged into train as an unsplit file is
    root = tmp_path / "svhn"
    root.mkdir()
    rng = np.random.default_rng(7)
    for name, count in (("train", 3), ("test", 2), ("extra", 4)):
        images = rng.integers(0, 255, (32, 32, 3, count), dtype=np.uint8)
        scipy.io.savemat(root / f"{name}_32x32.mat", {"X": images, "y": rng.integers(1, 11, (count, 1)).astype(np.uint8)})
    out = convert(root, tmp_path / "out", max_rejects="0")
    splits = load_manifest(str(out)).splits
    assert {split: info.num_records for split, info in splits.items()} == {"train": 3, "test": 2, "extra": 4}
