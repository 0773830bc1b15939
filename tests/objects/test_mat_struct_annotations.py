"""MATLAB v5 struct annotations, as Stanford Cars ships them (tfds' cars196 reads the same files):
`cars_train/` and `cars_test/` (both numbering their images from 00001.jpg), and `devkit/` with
`cars_train_annos.mat` (a 1 x N struct `annotations`: bbox_x1 bbox_y1 bbox_x2 bbox_y2 class fname),
`cars_test_annos.mat` (no class) and `cars_meta.mat` (`class_names`, a 1 x 196 cell); written with
scipy.io.savemat as MATLAB writes them. Converted with no options: every record's split, label and
box are its struct element's, counted here from the files' own values; hostile twins are rejected
or refused with their reasons."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_report, read_shard
from shardify.format import contract

np = pytest.importorskip("numpy")
sio = pytest.importorskip("scipy.io")

_NAMES = ["AM General Hummer SUV 2000", "Acura RL Sedan 2012", "Acura TL Sedan 2012", "Audi R8 Coupe 2012"]
_TRAIN = [("00001.jpg", (3, 4, 30, 20), 1), ("00002.jpg", (1, 1, 40, 30), 3), ("00003.jpg", (5, 6, 25, 22), 3)]
_TEST = [("00001.jpg", (2, 2, 35, 28), 2), ("00002.jpg", (4, 3, 33, 25), 4)]
_SIZE = (48, 32)


def _struct(rows: list, *, with_class: bool = True, drop: str = "") -> object:
    """A 1 x N struct array as the devkit's `annotations` (each field a MATLAB array)."""
    fields = ["bbox_x1", "bbox_y1", "bbox_x2", "bbox_y2"] + (["class"] if with_class else []) + ["fname"]
    fields = [f for f in fields if f != drop]
    array = np.zeros((1, len(rows)), dtype=[(f, "O") for f in fields])
    for i, (fname, box, cls) in enumerate(rows):
        values = dict(zip(("bbox_x1", "bbox_y1", "bbox_x2", "bbox_y2"), box), **{"class": cls})
        array[0, i] = tuple(
            np.array([fname]) if f == "fname"
            else np.array([[values[f]]], dtype=np.float64 if isinstance(values[f], float) else np.uint16)
            for f in fields
        )  # fmt: skip
    return array


def _cars(root: Path, train: list = _TRAIN, **struct_options: object) -> dict[str, tuple]:
    """The download; {path: (split, label or None, object box in pixels counted from 0 or None)}."""
    from PIL import Image

    (root / "devkit").mkdir(parents=True)
    truth = {}
    for folder, rows, split in (("cars_train", train, "train"), ("cars_test", _TEST, "test")):
        (root / folder).mkdir()
        for k, (fname, box, cls) in enumerate(rows):
            Image.new("RGB", _SIZE, (40 * k + len(folder) * 7, 90, 30)).save(root / folder / fname)
            label = _NAMES[cls - 1] if split == "train" and cls <= len(_NAMES) else None
            x1, y1, x2, y2 = box
            truth[f"{folder}/{fname}"] = (split, label, (x1 - 1, y1 - 1, x2, y2) if label else None)
    sio.savemat(root / "devkit/cars_train_annos.mat", {"annotations": _struct(train, **struct_options)})
    sio.savemat(root / "devkit/cars_test_annos.mat", {"annotations": _struct(_TEST, with_class=False)})
    sio.savemat(root / "devkit/cars_meta.mat", {"class_names": np.array([[np.array([n]) for n in _NAMES]], dtype=object)})
    (root / "devkit/README.txt").write_text("This file gives documentation for the cars 196 dataset.\n")
    return truth


def _records(out: Path) -> dict[str, tuple]:
    """{path: (split, label text or None, box in pixels or None, class number or None)}."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            label = record.get(contract.LABEL_TEXT)
            box = number = None
            if record.get(contract.OBJECT_XMIN, []) != []:  # one object a car: a single value
                w, h = _SIZE
                box = tuple(round(record[k] * s, 3) for k, s in zip(
                    (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX), (w, h, w, h)))  # fmt: skip
                number = record[contract.OBJECT_LABEL]
                assert record[contract.OBJECT_TEXT] == label
            found[record[contract.IMAGE_FILENAME].decode()] = (
                shard.name.split("-")[0], label.decode() if label else None, box, number
            )
    return found


def test_stanford_cars_structs_give_splits_labels_and_boxes(tmp_path: Path) -> None:
    truth = _cars(tmp_path / "cars")
    result = run_shardify("convert", str(tmp_path / "cars"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    records = _records(tmp_path / "out")
    assert sorted(records) == sorted(truth)
    for path, (split, label, box) in truth.items():
        got_split, got_label, got_box, number = records[path]
        assert (got_split, got_label, got_box) == (split, label, box), path
        assert number == (_NAMES.index(label) + 1 if label else None)  # cars_meta.mat's order, from 1
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["labels"] == _NAMES  # all 196 (here 4) names, those without an image too
    assert "cars_meta.mat" in result.stderr and "boxes without classes, not stored" in result.stderr


def test_an_element_with_a_nan_or_empty_value_is_its_images_reject(tmp_path: Path) -> None:
    train = [("00001.jpg", (3, 4, 30, float("nan")), 1), ("00002.jpg", (1, 1, 40, 30), 3), ("00003.jpg", (5, 6, 25, 22), 9)]
    truth = _cars(tmp_path / "cars", train)
    result = run_shardify("convert", str(tmp_path / "cars"), str(tmp_path / "out"), "--max-rejects", "100%")
    assert result.returncode == 0, result.stderr
    records = _records(tmp_path / "out")
    assert sorted(records) == sorted(set(truth) - {"cars_train/00001.jpg", "cars_train/00003.jpg"})
    assert records["cars_train/00002.jpg"][:3] == truth["cars_train/00002.jpg"]
    reasons = {r["path"]: r["reason"] for r in read_report(tmp_path / "out", "rejected.jsonl")}
    assert "bbox_y2 is nan, not a finite number" in reasons["cars_train/00001.jpg"]
    assert "class 9 is past the 4 class names" in reasons["cars_train/00003.jpg"]


def test_a_struct_missing_a_box_field_stops_before_writing(tmp_path: Path) -> None:
    _cars(tmp_path / "cars", drop="bbox_y2")
    result = run_shardify("convert", str(tmp_path / "cars"), str(tmp_path / "out"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "cars_train_annos.mat" in result.stderr and "no bbox_y2" in result.stderr
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_struct_of_file_names_and_classes_gives_labels(tmp_path: Path) -> None:
    """No box fields: the struct labels its images (classification), numbered by cars_meta.mat."""
    truth = _cars(tmp_path / "cars", drop="bbox_x1")
    for name in ("bbox_x2", "bbox_y1", "bbox_y2"):  # the whole box gone, not part of it
        data = sio.loadmat(tmp_path / "cars/devkit/cars_train_annos.mat")["annotations"]
        kept = [f for f in data.dtype.names if f != name]
        array = np.zeros(data.shape, dtype=[(f, "O") for f in kept])
        for f in kept:
            array[f] = data[f]
        sio.savemat(tmp_path / "cars/devkit/cars_train_annos.mat", {"annotations": array})
    result = run_shardify("convert", str(tmp_path / "cars"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    records = _records(tmp_path / "out")
    assert {path: r[:3] for path, r in records.items()} == {path: (s, label, None) for path, (s, label, _) in truth.items()}
    assert json.loads((tmp_path / "out" / "manifest.json").read_text()).get("objects") is None
