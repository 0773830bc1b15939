"""Object classes are numbered by the dataset's declared class list, not by the classes present:
a train-only and a val-only source cut from one dataset whose val lacks some classes, each
converted on its own with the command a user types first, give every class name the same number,
read back with TensorFlow. COCO's `categories` (all of them, in id order) and YOLO's data.yaml
`names` declare the list; Pascal VOC's XML does not, and the plan says so and how to pin it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import naming

tf = pytest.importorskip("tensorflow")

# COCO's own ids are not contiguous (1..90 for 80 classes): 4 and 6 are left out here as there.
_COCO_CATEGORIES = [(1, "person"), (2, "bicycle"), (3, "car"), (5, "airplane"), (7, "train"), (9, "boat")]
# image id -> category ids of its objects; val lacks bicycle, airplane and boat, train lacks person
_COCO_SPLITS = {
    "train2017": {9: [2, 3], 25: [5, 9, 9], 30: [7]},
    "val2017": {139: [1, 7], 285: [3], 632: [1]},
}


def _image(path: Path, size: tuple[int, int] = (40, 30)) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    shade = sum(path.name.encode()) % 200  # images differ, as a dataset's do (no duplicate content)
    Image.new("RGB", size, (shade, 40, 200 - shade)).save(path)


def _coco_split(root: Path, split: str) -> dict[str, list[str]]:
    """One split of the COCO miniature as its download unpacks (annotations/instances_<split>.json
    and <split>/), every category listed as COCO lists all 80; {file name: its objects' names}."""
    names = dict(_COCO_CATEGORIES)
    images, annotations, truth = [], [], {}
    for image_id, objects in _COCO_SPLITS[split].items():
        file_name = f"{image_id:012d}.jpg"
        _image(root / split / file_name)
        images.append({"id": image_id, "file_name": file_name, "height": 30, "width": 40})
        for k, category in enumerate(objects):
            annotations.append({"id": 1000 * image_id + k, "image_id": image_id, "category_id": category,
                                "bbox": [1.0 + k, 2.0, 10.0, 8.0], "area": 80.0, "iscrowd": 0})  # fmt: skip
        truth[file_name] = [names[c] for c in objects]
    categories = [{"supercategory": "thing", "id": i, "name": n} for i, n in reversed(_COCO_CATEGORIES)]  # any order
    document = {"info": {}, "licenses": [], "images": images, "annotations": annotations, "categories": categories}
    (root / "annotations").mkdir(parents=True)
    (root / "annotations" / f"instances_{split}.json").write_text(json.dumps(document))
    return truth


_YOLO_NAMES = ["person", "bicycle", "car", "dog"]
_YOLO_SPLITS = {"train": {"a.jpg": [0, 1, 3], "b.jpg": [2]}, "val": {"c.jpg": [3], "d.jpg": [2, 3]}}


def _yolo_split(root: Path, split: str) -> dict[str, list[str]]:
    """One split of an Ultralytics export: data.yaml (`names` as a mapping), images/ and labels/."""
    truth = {}
    for name, classes in _YOLO_SPLITS[split].items():
        _image(root / "images" / split / name)
        lines = "".join(f"{c} 0.5 0.5 0.{2 + k} 0.3\n" for k, c in enumerate(classes))
        (root / "labels" / split).mkdir(parents=True, exist_ok=True)
        (root / "labels" / split / name.replace(".jpg", ".txt")).write_text(lines)
        truth[name] = [_YOLO_NAMES[c] for c in classes]
    names = "".join(f"  {i}: {n}\n" for i, n in enumerate(_YOLO_NAMES))
    (root / "data.yaml").write_text(f"path: .\n{split}: images/{split}\nnames:\n{names}")
    return truth


def _voc(root: Path, objects: dict[str, list[str]], classes_file: list[str] | None = None) -> dict[str, list[str]]:
    """Pascal VOC's JPEGImages/ and Annotations/ (one XML per image, its objects by name)."""
    for stem, names in objects.items():
        _image(root / "JPEGImages" / f"{stem}.jpg")
        xml = "".join(
            f"<object><name>{n}</name><difficult>0</difficult><bndbox><xmin>2</xmin><ymin>3</ymin>"
            f"<xmax>{12 + k}</xmax><ymax>20</ymax></bndbox></object>"
            for k, n in enumerate(names)
        )
        (root / "Annotations").mkdir(parents=True, exist_ok=True)
        (root / "Annotations" / f"{stem}.xml").write_text(
            f"<annotation><filename>{stem}.jpg</filename><size><width>40</width><height>30</height><depth>3</depth>"
            f"</size>{xml}</annotation>"
        )
    if classes_file is not None:
        (root / "classes.txt").write_text("\n".join(classes_file) + "\n")
    return {f"{stem}.jpg": names for stem, names in objects.items()}


def _convert_here(source: Path, out: Path, **options: object) -> str:
    """A conversion in this process (the CLI's start-up is paid once, in the first test): the
    plan's notes, as the CLI prints them."""
    run_conversion(ConvertConfig(str(source), str(out), **options))
    return "\n".join(json.loads((out / naming.PLAN_FILENAME).read_text())["notes"])


def _convert(source: Path, out: Path, *options: str) -> str:
    result = run_shardify("convert", str(source), str(out), *options)
    assert result.returncode == 0, result.stderr
    return result.stdout + result.stderr  # the plan is progress: on stderr


def _objects_read(out: Path) -> dict[str, list[tuple[str, int]]]:
    """{file name: [(class text, class number), ...]} of every record, read with TensorFlow."""
    spec = {
        "image/filename": tf.io.FixedLenFeature([], tf.string),
        "image/object/class/text": tf.io.VarLenFeature(tf.string),
        "image/object/class/label": tf.io.VarLenFeature(tf.int64),
    }
    found = {}
    for serialized in tf.data.TFRecordDataset(sorted(str(p) for p in out.glob("*.tfrecord"))):
        parsed = tf.io.parse_single_example(serialized, spec)
        texts = [t.decode() for t in tf.sparse.to_dense(parsed["image/object/class/text"], b"").numpy()]
        numbers = tf.sparse.to_dense(parsed["image/object/class/label"]).numpy().tolist()
        found[parsed["image/filename"].numpy().decode().rsplit("/", 1)[-1]] = list(zip(texts, numbers))
    return found


def _check_against_source(read: dict[str, list[tuple[str, int]]], truth: dict[str, list[str]]) -> dict[str, int]:
    """Every record's objects are its annotation's, in order; {class name: the number it got}."""
    assert sorted(read) == sorted(truth)
    numbers: dict[str, set[int]] = {}
    for name, objects in read.items():
        assert [text for text, _ in objects] == truth[name]
        for text, number in objects:
            numbers.setdefault(text, set()).add(number)
    assert all(len(got) == 1 for got in numbers.values()), numbers
    return {text: got.pop() for text, got in numbers.items()}


@pytest.mark.parametrize("fmt", ["coco", "yolo"])
def test_train_and_val_converted_apart_number_each_class_alike(fmt: str, tmp_path: Path) -> None:
    build, declared = (_coco_split, [n for _, n in sorted(_COCO_CATEGORIES)]) if fmt == "coco" else (_yolo_split, _YOLO_NAMES)
    splits = ("train2017", "val2017") if fmt == "coco" else ("train", "val")
    numbers = {}
    for split in splits:
        truth = build(tmp_path / split, split)
        # the CLI as a user types it for COCO; YOLO in this process (the same conversion, less start-up)
        convert = _convert if fmt == "coco" else _convert_here
        stdout = convert(tmp_path / split, tmp_path / f"{split}_out")
        assert "classes numbered by the full list" in stdout
        numbers[split] = _check_against_source(_objects_read(tmp_path / f"{split}_out"), truth)
        manifest = json.loads((tmp_path / f"{split}_out" / "manifest.json").read_text())
        assert manifest["objects"]["classes"] == {name: i + 1 for i, name in enumerate(declared)}
    train, val = numbers.values()
    assert set(train) ^ set(val)  # one split lacks classes the other has: numbering by the classes found would differ
    for name in set(train) & set(val):
        assert train[name] == val[name], name
    for name, number in {**train, **val}.items():
        assert number == declared.index(name) + 1  # the declared position, counted from 1


def test_contiguous_and_source_keep_their_meaning_on_a_part(tmp_path: Path) -> None:
    truth = _coco_split(tmp_path / "val", "val2017")
    ids = {n: i for i, n in _COCO_CATEGORIES}
    order = [n for _, n in sorted(_COCO_CATEGORIES)]
    _convert_here(tmp_path / "val", tmp_path / "contiguous", class_ids="contiguous")
    got = _check_against_source(_objects_read(tmp_path / "contiguous"), truth)
    assert got == {name: order.index(name) for name in got}  # from 0, in the declared order
    _convert_here(tmp_path / "val", tmp_path / "source", class_ids="source")
    got = _check_against_source(_objects_read(tmp_path / "source"), truth)
    assert got == {name: ids[name] for name in got}  # COCO's own ids


def test_voc_without_a_list_says_numbering_follows_the_names_found(tmp_path: Path) -> None:
    truth = _voc(tmp_path / "voc", {"2008_000001": ["dog", "cat"], "2008_000002": ["person"]})
    stdout = _convert_here(tmp_path / "voc", tmp_path / "out")
    assert "declares no full class list" in stdout and "--label-names" in stdout
    got = _check_against_source(_objects_read(tmp_path / "out"), truth)
    assert got == {"cat": 1, "dog": 2, "person": 3}  # the names found, sorted
    _convert_here(tmp_path / "voc", tmp_path / "pinned", label_names=("person", "dog", "cat", "bird"))
    got = _check_against_source(_objects_read(tmp_path / "pinned"), truth)
    assert got == {"person": 1, "dog": 2, "cat": 3}


def test_voc_with_a_shipped_classes_file_numbers_by_it(tmp_path: Path) -> None:
    listed = ["aeroplane", "bicycle", "bird", "cat", "dog", "person"]
    truth = _voc(tmp_path / "voc", {"2008_000001": ["dog", "cat"], "2008_000002": ["person"]}, listed)
    stdout = _convert_here(tmp_path / "voc", tmp_path / "out")
    assert "classes numbered by the full list classes.txt" in stdout
    got = _check_against_source(_objects_read(tmp_path / "out"), truth)
    assert got == {name: listed.index(name) + 1 for name in got}


def test_a_classes_file_that_misses_a_class_found_stops_before_writing(tmp_path: Path) -> None:
    _voc(tmp_path / "voc", {"2008_000001": ["dog", "cat"], "2008_000002": ["person"]}, ["cat", "dog"])
    result = run_shardify("convert", str(tmp_path / "voc"), str(tmp_path / "out"))
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "classes.txt does not list (person)" in result.stderr + result.stdout and "--label-names" in result.stderr + result.stdout
    assert not (tmp_path / "out" / "manifest.json").exists()
