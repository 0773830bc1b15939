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
from shardify.errors import InvalidInputError, UsageError
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


@pytest.mark.filterwarnings("error")  # (scipy reads headerless bytes as MATLAB 4, "data may be corrupt": not asked)
def test_our_own_shard_or_other_bytes_are_no_box_file(tmp_path: Path) -> None:
    truth = blind37.DATASETS["hands"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    shard = next((tmp_path / "out").glob("train-*.tfrecord")).read_bytes()
    assert mat_boxes.mat_format("annotations", shard) is None and not mat_boxes.holds_no_boxes(shard)
    with pytest.raises(InvalidInputError, match="not a MATLAB file"):
        mat_boxes.mat_objects(shard, _ROW)
    with pytest.raises(InvalidInputError, match="MATLAB 7.3 file .HDF5.*-v7"):  # its header's text, then HDF5
        mat_boxes.mat_objects(b"MATLAB 7.3 MAT-file, Platform: GLNXA64, Created on: Mon Jan  1 " + b"\x00" * 64, _ROW)
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


# ---- one MATLAB file of polygons per folder of frames (EgoHands) ---------------------------------------------------
# blind29's EgoHands (`_LABELLED_SAMPLES/<video>/frame_<n>.jpg` beside one `polygons.mat`: a struct array of an
# element per frame in name order, fields myleft, myright, yourleft, yourright each an N x 2 [x y] polygon or
# empty): read by box_formats.FOLDER_MAT (converters/mat_frame_polygons.py, beam_jobs/discover/mat_frames.py).
# No other public dataset of this shape was found; the neighbour below keeps the kind under other names (a
# struct of other fields, a column-shaped array, PNG frames, the file named otherwise).


def _polygon(x: float, y: float, w: float, h: float) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w / 2, y + h]])


def _frames_struct(fields: tuple[str, ...], frames: list[dict], column: bool = False) -> np.ndarray:
    array = np.zeros((len(frames), 1) if column else (1, len(frames)), dtype=[(f, "O") for f in fields])
    for i, seen in enumerate(frames):
        for field in fields:
            array.reshape(-1)[i][field] = seen.get(field, np.zeros((0, 0)))
    return array


def _sequences(root: Path, count: int = 3, frames: int = 3) -> dict[str, list[str]]:
    """`sequences/<seq>/img_<n>.png` beside `<seq>/annotations.mat` of fields person and ball; {frame: classes}."""
    truth = {}
    for s in range(count):
        seen_by_frame = []
        for f in range(frames):
            seen = {"person": _polygon(2 + f, 3, 9, 8)} | ({"ball": _polygon(20, 4 + s, 5, 6)} if (s + f) % 2 else {})
            seen_by_frame.append(seen)
            frame = root / "sequences" / f"seq{s}" / f"img_{f + 1:04d}.png"
            image_file(frame, f"r33aseq{s}{f}", width=40, height=30, fmt="PNG")
            truth[f"sequences/seq{s}/img_{f + 1:04d}.png"] = sorted(seen)
        data = _mat({"polygons": _frames_struct(("person", "ball"), seen_by_frame, column=s % 2 == 1)})
        (root / "sequences" / f"seq{s}" / "annotations.mat").write_bytes(data)
    (root / "sequences" / "meta.mat").write_bytes(_mat({"names": np.array(["a", "b"], dtype=object)}))
    return truth


def test_egohands_converts_right_with_each_hand_of_each_frame(tmp_path: Path) -> None:
    from helpers import blind29

    truth = blind29.DATASETS["egohands"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def test_a_neighbour_of_polygons_per_folder_converts_with_its_fields_as_classes(tmp_path: Path) -> None:
    truth = _sequences(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = written_records(tmp_path / "out")
    assert {rid: sorted(names) for rid, names in written["objects"].items()} == truth
    assert {rid: labels for rid, (_, labels) in written["records"].items()} == {rid: frozenset(c) for rid, c in truth.items()}
    record = _records(tmp_path / "out")["sequences/seq0/img_0001.png"]  # its person alone: x 2 .. 11, less half a pixel
    assert _xs(record) == pytest.approx([1.5 / 40])


def test_a_folder_of_another_count_of_frames_rejects_its_frames_alone(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _sequences(src)
    image_file(src / "sequences" / "seq1" / "img_0009.png", "r33aextra", width=40, height=30, fmt="PNG")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects="100%"))
    rejects = _rejects(tmp_path / "out")
    assert sorted(rejects) == [f"sequences/seq1/img_{n:04d}.png" for n in (1, 2, 3, 9)]
    assert all("holds 3 frames and its folder 4 images" in why for why in rejects.values())
    assert len(written_records(tmp_path / "out")["records"]) == 6


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ({"person": np.array([[np.nan, 2.0], [5.0, 9.0], [3.0, 4.0]])}, "no pixel coordinate"),
        ({"person": np.array([[1e30, 2.0], [5.0, 9.0], [3.0, 4.0]])}, "no pixel coordinate"),
        ({"person": np.array([[1.0, 2.0, 3.0], [5.0, 9.0, 1.0]])}, "not an N x 2 array"),
        ({"person": np.array([[4.0, 2.0], [4.0, 9.0]])}, "spans no area"),
    ],
)
def test_a_bad_polygon_rejects_its_frame_alone(tmp_path: Path, bad: dict, why: str) -> None:
    src = tmp_path / "src"
    _sequences(src)
    frames = [{"person": _polygon(2, 3, 9, 8)}, bad, {"ball": _polygon(2, 3, 9, 8)}]
    (src / "sequences" / "seq2" / "annotations.mat").write_bytes(_mat({"polygons": _frames_struct(("person", "ball"), frames)}))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects="100%"))
    rejects = _rejects(tmp_path / "out")
    assert list(rejects) == ["sequences/seq2/img_0002.png"] and why in rejects["sequences/seq2/img_0002.png"], rejects
    assert written_records(tmp_path / "out")["objects"]["sequences/seq2/img_0003.png"] == ["ball"]


@pytest.mark.filterwarnings("error")
def test_a_truncated_polygons_file_rejects_its_folder_and_our_shard_is_no_such_file(tmp_path: Path) -> None:
    from shardify.converters import mat_frame_polygons

    src = tmp_path / "src"
    _sequences(src)
    whole = (src / "sequences" / "seq0" / "annotations.mat").read_bytes()
    (src / "sequences" / "seq0" / "annotations.mat").write_bytes(whole[: len(whole) // 2])
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects="100%"))
    rejects = _rejects(tmp_path / "out")
    assert sorted(rejects) == [f"sequences/seq0/img_{n:04d}.png" for n in (1, 2, 3)]
    assert all("annotations.mat is unusable" in why for why in rejects.values())
    shard = next((tmp_path / "out").glob("train-*.tfrecord")).read_bytes()
    assert mat_frame_polygons.frames_format(shard) is None and mat_frame_polygons.frame_count(shard, _FRAMES_ROW) == 0
    assert mat_frame_polygons.frames_format(_mat({"polygons": np.array([[1.0, 2.0]])})) is None  # numbers, no struct
    empty = _frames_struct(("person",), [{}, {}])
    assert mat_frame_polygons.frames_format(_mat({"polygons": empty})) is None  # no polygon at all: tells nothing


_FRAMES_ROW = box_formats.format_named("MATLAB polygons per folder of frames")


# ---- per-image MATLAB files of tags into a names list (Clothing Co-Parsing) -----------------------------------------
# blind37's CCP (`photos/1005.jpg` beside `annotations/image-level/1005.mat`, `tags` a row of class numbers into
# `label_list.mat`'s names, 'null' first; CCP's show_pixel_anno.m names a number n `label_list(n + 1)`): each tagged
# photo labelled by its tags' names, the others (parsed per pixel) unlabelled (converters/mat_tags.py,
# beam_jobs/discover/mat_tag_files.py). The neighbour keeps the kind under other names (a column of tags named
# `labels`, names `classes` with 'background' first, PNGs); no other public dataset of this shape was found.


def _names(*names: str) -> np.ndarray:
    cell = np.empty((1, len(names)), dtype=object)
    for i, name in enumerate(names):
        cell[0, i] = name
    return cell


_CLASSES = ("background", "cat", "dog", "bird", "fish")


def _tagged(root: Path, first: str = "background", twice: bool = False) -> dict[str, frozenset[str] | None]:
    truth: dict[str, frozenset[str] | None] = {}
    (root / "meta").mkdir(parents=True)
    (root / "meta" / "classes.mat").write_bytes(_mat({"classes": _names(first, *_CLASSES[1:])}))
    if twice:
        (root / "meta" / "more.mat").write_bytes(_mat({"classes": _names(first, "a", "b")}))
    for i in range(6):
        image_file(root / "images" / f"{i:03d}.png", f"r33atag{i}", fmt="PNG")
        if i < 4:
            tags = sorted({1 + i % 4, 1 + (i * 3) % 4})
            (root / "labels").mkdir(exist_ok=True)
            (root / "labels" / f"{i:03d}.mat").write_bytes(_mat({"labels": np.array(tags, dtype=np.uint8).reshape(-1, 1)}))
            truth[f"images/{i:03d}.png"] = frozenset(_CLASSES[t] for t in tags)
        else:
            truth[f"images/{i:03d}.png"] = None
    return truth


def test_ccp_converts_right_its_tagged_half_labelled_by_the_names(tmp_path: Path) -> None:
    truth = blind37.DATASETS["ccp"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def test_a_neighbour_of_tag_files_converts_with_their_names(tmp_path: Path) -> None:
    truth = _tagged(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert {rid: labels for rid, (_, labels) in written_records(tmp_path / "out")["records"].items()} == truth


@pytest.mark.parametrize(
    ("tags", "why"),
    [
        (np.array([[0, 2]]), "tag 0 names no class"),
        (np.array([[2, 9]]), "tag 9 names no class"),
        (np.array([[1.0, np.nan]]), "no class number"),
        (np.array([[1.5]]), "no class number"),
        (np.zeros((0, 0)), "is empty"),
        (np.array([[1, 2], [3, 4]]), "not a row of class numbers"),
    ],
)
def test_a_bad_tag_file_rejects_its_image_alone(tmp_path: Path, tags: np.ndarray, why: str) -> None:
    src = tmp_path / "src"
    truth = _tagged(src)
    (src / "labels" / "001.mat").write_bytes(_mat({"labels": tags}))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects="100%"))
    rejects = _rejects(tmp_path / "out")
    assert list(rejects) == ["images/001.png"] and why in rejects["images/001.png"], rejects
    written = {rid: labels for rid, (_, labels) in written_records(tmp_path / "out")["records"].items()}
    assert written == {rid: labels for rid, labels in truth.items() if rid != "images/001.png"}


def test_a_truncated_tag_file_rejects_its_image(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _tagged(src)
    whole = (src / "labels" / "002.mat").read_bytes()
    (src / "labels" / "002.mat").write_bytes(whole[:140])
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects="100%"))
    assert "labels/002.mat" in _rejects(tmp_path / "out").get("images/002.png", "")


@pytest.mark.parametrize("twist", ["no background first", "two name lists"])
def test_names_that_do_not_say_their_numbering_read_no_tags(tmp_path: Path, twist: str) -> None:
    # numbers into names whose first is a class (counted from 0 or from 1?) or into one of two lists: no guess is
    # made, the tag files are read by nothing, and the run does not label the images with exit 0
    src = tmp_path / "src"
    _tagged(src, first="cow" if twist == "no background first" else "background", twice=twist == "two name lists")
    try:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    except UsageError:
        return
    labels = {labels for _, labels in written_records(tmp_path / "out")["records"].values()}
    assert labels == {None}, labels


@pytest.mark.parametrize(
    ("batch", "name", "shown"),
    [(37, "ccp", "label_list.mat"), (37, "hands", "MATLAB corner-point boxes"), (29, "egohands", "MATLAB polygons per folder")],
)
def test_the_dry_run_layout_file_of_each_converts_it_right(tmp_path: Path, batch: int, name: str, shown: str) -> None:
    import importlib

    from helpers.cli_runs import run_shardify

    truth = importlib.import_module(f"helpers.blind{batch}").DATASETS[name](tmp_path / "download")
    written = tmp_path / "layout.yaml"
    run_shardify("convert", str(truth.root), str(tmp_path / "plan"), "--dry-run", "--layout-file", str(written))
    assert shown in written.read_text()
    run_shardify("convert", str(truth.root), str(tmp_path / "followed"), "--layout-file", str(written))
    assert_right(truth, tmp_path / "followed")
