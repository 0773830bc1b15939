"""Useless stops of blind batches 37 and 29 turned into right conversions, by kind (readers33a): MATLAB files.

- one .mat per image of boxes as corner points (blind37's Oxford hand dataset: `<split>_data/annotations/
  Buffy_1.mat` beside `<split>_data/images/Buffy_1.jpg`, `boxes` a 1 x N cell of structs `a`, `b`, `c`, `d`,
  each `[y x]`): read as the images' objects, the corners' envelope, every box an "object" (the files name no
  class), by `box_formats.PER_IMAGE_MAT` (shardify/plan/mat_box_rows.py, converters/mat_boxes.py). Neighbour:
  the layout Hzzone/Hand-Keypoint-Detection's data/detection-dataset/README.md asks for (`train_data/images/
  *.jpg` beside `train_data/annotations/*.mat`, and test_data), its boxes a struct array as MATLAB saves one
  built by `boxes(k).a = ...`; GustavZ's hand-to-Pascal script (read by find_string) reads each corner as
  `y, x = mat['boxes'][0][i][0][0][j][0]`. Hostile twins: a NaN corner, a corner of 1e30, a corner missing,
  a truncated file, a box of no area, our own shard as a .mat: each rejects its image alone, naming why.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest

from helpers import blind37
from helpers.made_files import image_file
from helpers.unseen_judge import assert_right, read_shard, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import mat_boxes
from shardify.errors import InvalidInputError
from shardify.format.manifest import load_manifest
from shardify.plan import box_formats

_ROW = box_formats.format_named("MATLAB corner-point boxes")


def _mat(values: dict) -> bytes:
    from scipy.io import savemat

    buffer = io.BytesIO()
    savemat(buffer, values)
    return buffer.getvalue()


def _corners(y: float, x: float, h: float, w: float) -> dict:
    """A box's corners as the hand dataset writes them: a, b, c, d, each [y x]."""
    return {"a": np.array([[y, x]]), "b": np.array([[y, x + w]]), "c": np.array([[y + h, x + w]]), "d": np.array([[y + h, x]])}


def _cell(*boxes: dict) -> np.ndarray:
    cell = np.empty((1, len(boxes)), dtype=object)
    for k, box in enumerate(boxes):
        cell[0, k] = box
    return cell


def _struct_array(*boxes: dict) -> np.ndarray:
    array = np.zeros((1, len(boxes)), dtype=[(f, "O") for f in "abcd"])
    for k, box in enumerate(boxes):
        for field, value in box.items():
            array[0, k][field] = value
    return array


def _records(out: Path) -> dict[str, dict]:
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                found[record["image/filename"].decode()] = record
    return found


def _rejects(out: Path) -> dict[str, str]:
    path = out / "rejected.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    return {row["path"]: row["reason"] for row in rows}


def _xs(record: dict) -> list[float]:
    value = record["image/object/bbox/xmin"]
    return sorted(value if isinstance(value, list) else [value])


# ---- the Oxford hand dataset as blind37 holds it -----------------------------------------------------------------


def test_the_hand_dataset_converts_right_with_its_corner_boxes(tmp_path: Path) -> None:
    truth = blind37.DATASETS["hands"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")
    record = _records(tmp_path / "out")["training_dataset/training_data/images/Buffy_2.jpg"]
    # its one box's corners at MATLAB x 1 .. 5.5, y 2 .. 7.5 on a 20 x 16 image: pixel i's centre at i - 0.5
    assert record["image/object/bbox/xmin"] == pytest.approx(0.5 / 20)
    assert record["image/object/bbox/xmax"] == pytest.approx(5.0 / 20)
    assert record["image/object/bbox/ymin"] == pytest.approx(1.5 / 16)
    assert record["image/object/bbox/ymax"] == pytest.approx(7.0 / 16)


# ---- a neighbour layout: split folders of images/ and annotations/, boxes as a struct array ----------------------


def _neighbour(root: Path, shape=_struct_array) -> None:
    for split in ("train_data", "test_data"):
        for i in range(3):
            stem = f"{split[:2]}{i}"
            image_file(root / split / "images" / f"{stem}.jpg", f"r33a{split}{i}", width=40, height=30)
            boxes = [_corners(3.0 + k, 2.0 + 10 * k, 8.0, 6.0) for k in range(1 + i % 2)]
            (root / split / "annotations").mkdir(parents=True, exist_ok=True)
            (root / split / "annotations" / f"{stem}.mat").write_bytes(_mat({"boxes": shape(*boxes)}))


@pytest.mark.parametrize("shape", [_struct_array, _cell])
def test_a_neighbour_layout_of_corner_boxes_converts_with_its_objects(tmp_path: Path, shape) -> None:
    _neighbour(tmp_path / "src", shape)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    records = written_records(tmp_path / "out")
    assert records["records"] == {
        f"{split}/images/{split[:2]}{i}.jpg": (name, frozenset({"object"}))
        for split, name in (("train_data", "train"), ("test_data", "test"))
        for i in range(3)
    }
    assert {rid: len(names) for rid, names in records["objects"].items()} == {
        f"{split}/images/{split[:2]}{i}.jpg": 1 + i % 2 for split in ("train_data", "test_data") for i in range(3)
    }
    box = _records(tmp_path / "out")["train_data/images/tr1.jpg"]
    assert _xs(box) == pytest.approx([1.5 / 40, 11.5 / 40])  # x 2 and 12, each less half a pixel


# ---- hostile twins: each bad file rejects its own image, naming why ------------------------------------------------

_BAD = {
    "nan": lambda: _mat({"boxes": _cell({**_corners(2, 2, 4, 4), "c": np.array([[np.nan, 6.0]])})}),
    "huge": lambda: _mat({"boxes": _cell({**_corners(2, 2, 4, 4), "b": np.array([[2.0, 1e30]])})}),
    "missing": lambda: _mat({"boxes": _cell({k: v for k, v in _corners(2, 2, 4, 4).items() if k != "d"})}),
    "flat": lambda: _mat({"boxes": _cell(_corners(2, 2, 0, 4))}),
    "truncated": lambda: _mat({"boxes": _cell(_corners(2, 2, 4, 4))})[:150],
}
_WHY = {
    "nan": "no pixel coordinate",
    "huge": "no pixel coordinate",
    "missing": "no corner 'd'",
    "flat": "span no area",
    "truncated": "not a MATLAB file",
}


def test_a_bad_box_file_rejects_its_image_alone_with_the_reason(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _neighbour(src, _cell)
    for name, make in _BAD.items():
        image_file(src / "train_data" / "images" / f"{name}.jpg", f"r33abad{name}", width=40, height=30)
        (src / "train_data" / "annotations" / f"{name}.mat").write_bytes(make())
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects="100%"))
    rejects = _rejects(tmp_path / "out")
    for name, why in _WHY.items():
        reason = rejects.get(f"train_data/images/{name}.jpg", "")
        assert why in reason and f"annotations/{name}.mat" in reason, (name, rejects)
    written = written_records(tmp_path / "out")["records"]
    assert len(written) == 6 and not any(name in rid for rid in written for name in _BAD)


def test_an_image_without_hands_is_written_without_objects(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _neighbour(src, _cell)
    image_file(src / "train_data" / "images" / "none.jpg", "r33anone", width=40, height=30)
    (src / "train_data" / "annotations" / "none.mat").write_bytes(_mat({"boxes": np.empty((0, 0), dtype=object)}))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert written_records(tmp_path / "out")["objects"]["train_data/images/none.jpg"] == []
    assert "train_data/images/none.jpg" not in _rejects(tmp_path / "out")


def test_our_own_shard_or_other_bytes_are_no_box_file(tmp_path: Path) -> None:
    truth = blind37.DATASETS["hands"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    shard = next((tmp_path / "out").glob("train-*.tfrecord")).read_bytes()
    assert mat_boxes.mat_format("annotations", shard) is None and not mat_boxes.holds_no_boxes(shard)
    with pytest.raises(InvalidInputError, match="not a MATLAB file"):
        mat_boxes.mat_objects(shard, _ROW)
    # a .mat of another shape (a numeric array named boxes, a label list) tells no such format
    assert mat_boxes.mat_format("annotations", _mat({"boxes": np.array([[1.0, 2.0, 3.0, 4.0]])})) is None
    assert mat_boxes.mat_format("annotations", _mat({"labels": np.array([[1, 2]])})) is None
    # nor does a folder of another name, whatever it holds
    assert mat_boxes.mat_format("photos", _mat({"boxes": _cell(_corners(2, 2, 4, 4))})) is None


def test_the_row_reads_extra_struct_fields_and_refuses_a_box_of_text() -> None:
    with_side = _mat({"boxes": _cell({**_corners(2, 2, 4, 4), "handtype": np.array(["L"])})})
    assert [obj.box for obj in mat_boxes.mat_objects(with_side, _ROW)] == [(1.5, 1.5, 5.5, 5.5)]
    as_text = _mat({"boxes": _cell({**_corners(2, 2, 4, 4), "a": np.array(["2 2"])})})
    with pytest.raises(InvalidInputError, match=r"boxes\[1\]\.a is not a \[y x\] pair"):
        mat_boxes.mat_objects(as_text, _ROW)
