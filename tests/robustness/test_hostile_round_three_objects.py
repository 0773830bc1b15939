"""Hostile annotation values (issue 31): every annotation value is checked as the number, list or
name its format documents, and a bad one rejects the object's image with a reason naming it,
never becoming 0, a clipped edge, a made-up id or "no annotations". Each case has its documented
twin (COCO's data format page, Ultralytics' data.yaml, Pascal VOC's XML, Hugging Face's
imagefolder guide) converted beside it, so a test fails if the check refuses good input too."""

from __future__ import annotations

import collections
import json
import subprocess
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shard_io import rejects_by_path
from helpers.sources import convert, image_bytes
from shardify.format import contract, example_proto, naming
from shardify.format.tfrecord import iter_records
from shardify.format.manifest import load_manifest


def _records(out: Path) -> dict[str, dict[str, list]]:
    """Every record of every shard file in OUT, by its image file name: each feature's values."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        with open(shard, "rb") as f:
            for data in iter_records(f, str(shard)):
                record = {key: values for key, (_, values) in example_proto.decode_example(data).items()}
                found[record[contract.IMAGE_FILENAME][0].decode()] = record
    return found


def _error_line(result: subprocess.CompletedProcess) -> str:
    """The last line of a failed run's stderr, checked to be its one `error:` line, no traceback."""
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.splitlines()
    assert lines[-1].startswith("error: ") and sum(line.startswith("error") for line in lines) == 1, result.stderr
    return lines[-1]


def _accounted(out: Path, inputs: list[str]) -> None:
    """Each image the test built is written or rejected exactly once."""
    done = collections.Counter(list(_records(out))) + collections.Counter(p for p in rejects_by_path(out) if p in inputs)
    assert done == collections.Counter(inputs), (done, inputs)


# --- Pascal VOC: coordinates are finite numbers ---------------------------------------------------


def _voc_xml(name: str, box: tuple[str, str, str, str]) -> str:
    """An annotation as VOC's devkit writes it (VOC2012/Annotations/<id>.xml)."""
    xmin, ymin, xmax, ymax = box
    return (
        f"<annotation><folder>VOC2012</folder><filename>{name}.jpg</filename>"
        "<size><width>24</width><height>16</height><depth>3</depth></size><segmented>0</segmented>"
        f"<object><name>dog</name><pose>Left</pose><truncated>0</truncated><difficult>0</difficult>"
        f"<bndbox><xmin>{xmin}</xmin><ymin>{ymin}</ymin><xmax>{xmax}</xmax><ymax>{ymax}</ymax></bndbox></object>"
        "</annotation>"
    )


def test_a_voc_coordinate_that_is_not_finite_rejects_its_image_naming_the_value(tmp_path: Path) -> None:
    source = tmp_path / "voc"
    boxes = {
        "good": ("1", "1", "12", "8"),
        "nan": ("nan", "1", "12", "8"),
        "inf": ("1", "1", "inf", "8"),
        "overflow": ("1", "1", "12", "1e400"),
        "negative_inf": ("-inf", "1", "12", "8"),
    }
    for seed, (name, box) in enumerate(boxes.items()):
        (source / "JPEGImages").mkdir(parents=True, exist_ok=True)
        (source / "Annotations").mkdir(exist_ok=True)
        (source / "JPEGImages" / f"{name}.jpg").write_bytes(image_bytes(size=(24, 16), seed=seed))
        (source / "Annotations" / f"{name}.xml").write_text(_voc_xml(name, box))
    out = convert(source, tmp_path / "out", shards=1)
    _accounted(out, [f"JPEGImages/{name}.jpg" for name in boxes])
    records, rejects = _records(out), rejects_by_path(out)
    good = records["JPEGImages/good.jpg"]
    assert good[contract.OBJECT_XMIN] == [0.0] and good[contract.OBJECT_XMAX] == [0.5]  # VOC counts from 1
    assert good[contract.OBJECT_LABEL] == [1]
    assert "<xmin> is 'nan', not a finite number" in rejects["JPEGImages/nan.jpg"]
    assert "<xmax> is 'inf', not a finite number" in rejects["JPEGImages/inf.jpg"]
    assert "<ymax> is '1e400', not a finite number" in rejects["JPEGImages/overflow.jpg"]
    assert "<xmin> is '-inf'" in rejects["JPEGImages/negative_inf.jpg"]


def test_a_yolo_coordinate_that_is_not_finite_rejects_its_image(tmp_path: Path) -> None:
    source = tmp_path / "yolo"
    lines = {"good": "0 0.5 0.5 0.5 0.5\n", "nan": "0 nan 0.5 0.5 0.5\n", "inf": "0 0.5 0.5 inf 0.5\n"}
    for seed, (name, text) in enumerate(lines.items()):
        (source / "images").mkdir(parents=True, exist_ok=True)
        (source / "labels").mkdir(exist_ok=True)
        (source / "images" / f"{name}.jpg").write_bytes(image_bytes(size=(24, 16), seed=seed))
        (source / "labels" / f"{name}.txt").write_text(text)
    (source / "data.yaml").write_text("names: [dog]\n")
    out = convert(source, tmp_path / "out", shards=1)
    _accounted(out, [f"images/{name}.jpg" for name in lines])
    rejects = rejects_by_path(out)
    assert list(_records(out)) == ["images/good.jpg"]
    assert "line 1: a coordinate is 'nan', not a finite number" in rejects["images/nan.jpg"]
    assert "'inf', not a finite number" in rejects["images/inf.jpg"]


# --- COCO: image ids, top-level types, categories -------------------------------------------------


def _coco(root: Path, images: list[tuple[object, str]], annotations: list[dict], categories: object, **fields: object) -> Path:
    """A COCO instances file as COCO's data format page lays it out, beside its images in train2017/."""
    (root / "train2017").mkdir(parents=True, exist_ok=True)
    (root / "annotations").mkdir(exist_ok=True)
    for seed, (_, name) in enumerate(images):
        (root / "train2017" / name).write_bytes(image_bytes(size=(24, 16), seed=seed))
    document = {
        "images": [{"id": image_id, "file_name": name, "width": 24, "height": 16} for image_id, name in images],
        "annotations": annotations,
        "categories": categories,
        **fields,
    }
    (root / "annotations" / "instances_train2017.json").write_text(json.dumps(document))
    return root


def _box(annotation_id: int, image_id: object, category_id: int) -> dict:
    return {"id": annotation_id, "image_id": image_id, "category_id": category_id, "bbox": [2.0, 2.0, 8.0, 6.0],
            "area": 48.0, "iscrowd": 0, "segmentation": []}  # fmt: skip


def test_coco_image_ids_must_be_whole_numbers_within_int64_and_none_is_made_up(tmp_path: Path) -> None:
    ids: list[object] = [1, 9_007_199_254_740_993, 2**63 - 1, 4.0, None, "abc", 1.5, -3, True, 2**63, "5"]
    images = [(image_id, f"{index:02d}.jpg") for index, image_id in enumerate(ids)]
    annotations = [_box(index + 1, image_id, 1) for index, (image_id, _) in enumerate(images) if image_id is not None]
    source = _coco(tmp_path / "coco", images, annotations, [{"id": 1, "name": "cat", "supercategory": "animal"}])
    out = convert(source, tmp_path / "out", shards=1)
    names = [f"train2017/{name}" for _, name in images]
    _accounted(out, names)
    records, rejects = _records(out), rejects_by_path(out)
    written = {name: record[contract.IMAGE_SOURCE_ID][0].decode() for name, record in records.items()}
    # the documented shape: COCO's own ids (int64, as Model Garden reads source_id), boxes kept
    assert written == {names[0]: "1", names[1]: "9007199254740993", names[2]: str(2**63 - 1), names[3]: "4"}
    assert all(record[contract.OBJECT_LABEL] == [1] for record in records.values())
    for index in range(4, len(ids)):
        assert f"image id {ids[index]!r} is not a whole number from 0 to 2^63 - 1" in rejects[names[index]], rejects
    assert not set(written.values()) & {str(n) for n in range(len(ids))} - {"1", "4"}, "no record number stands in"


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [("annotations", "x", '"annotations" is a string, not a list'),
     ("annotations", {"0": {}}, '"annotations" is an object, not a list'),
     ("categories", "cat", '"categories" is a string, not a list'),
     ("categories", None, '"categories" is null, not a list')],
)  # fmt: skip
def test_a_coco_file_whose_lists_are_of_another_type_is_refused_naming_it(
    tmp_path: Path, field: str, value: object, said: str
) -> None:
    categories = [{"id": 1, "name": "cat"}]
    source = _coco(tmp_path / "coco", [(1, "a.jpg"), (2, "b.jpg")], [_box(1, 1, 1)], categories)
    path = source / "annotations" / "instances_train2017.json"
    document = json.loads(path.read_text())
    document[field] = value
    path.write_text(json.dumps(document))
    result = run_shardify("convert", str(source), str(tmp_path / "out"))
    assert result.returncode == 1, result.stderr
    assert _error_line(result).startswith("error: no records written")
    rejects = rejects_by_path(tmp_path / "out")
    assert said in rejects["annotations/instances_train2017.json"], rejects
    assert set(rejects) == {"annotations/instances_train2017.json", "train2017/a.jpg", "train2017/b.jpg"}


def test_a_bad_coco_category_rejects_only_the_images_that_name_it(tmp_path: Path) -> None:
    categories = [
        {"id": 1, "name": "cat", "supercategory": "animal"},
        {"id": 2, "name": "line\nbreak", "supercategory": "animal"},
        {"id": 3, "name": "dog", "supercategory": "animal"},
        {"id": 4, "name": "dog", "supercategory": "animal"},  # a name given twice: which is meant?
        {"id": 5, "supercategory": "animal"},  # no name
        {"id": 6, "name": "bird", "supercategory": "animal"},
        {"id": 6, "name": "bird", "supercategory": "animal"},  # an entry repeated as it is: one category
        {"id": 7, "name": "cow", "supercategory": "animal"},
        {"id": 7, "name": "horse", "supercategory": "animal"},  # an id given twice: which is meant?
    ]
    images = [(1, "cat.jpg"), (2, "broken.jpg"), (3, "dog.jpg"), (4, "nameless.jpg"), (5, "bird.jpg"), (6, "cat_and_broken.jpg"),
              (7, "cow.jpg")]  # fmt: skip
    annotations = [_box(1, 1, 1), _box(2, 2, 2), _box(3, 3, 3), _box(4, 4, 5), _box(5, 5, 6), _box(6, 6, 1), _box(7, 6, 2),
                   _box(8, 7, 7)]  # fmt: skip
    source = _coco(tmp_path / "coco", images, annotations, categories)
    out = convert(source, tmp_path / "out", shards=1)
    _accounted(out, [f"train2017/{name}" for _, name in images])
    records, rejects = _records(out), rejects_by_path(out)
    assert sorted(records) == ["train2017/bird.jpg", "train2017/cat.jpg"]
    assert records["train2017/cat.jpg"][contract.OBJECT_TEXT] == [b"cat"]
    assert "category 2 ('line\\nbreak')" in rejects["train2017/broken.jpg"]
    assert "category 2 ('line\\nbreak')" in rejects["train2017/cat_and_broken.jpg"], "never written without an object"
    assert "category name 'dog' is given to ids 3, 4" in rejects["train2017/dog.jpg"]
    assert "category 5 has no name" in rejects["train2017/nameless.jpg"]
    assert "category id 7 is given to 2 categories ('cow', 'horse')" in rejects["train2017/cow.jpg"]
    assert load_manifest(str(out)).objects.classes == {"cat": 1, "bird": 2}


# --- Hugging Face imagefolder: every per-object list is one value a box ---------------------------


def test_a_hugging_face_object_list_longer_or_shorter_than_its_boxes_rejects_the_image(tmp_path: Path) -> None:
    rows = {
        "good.png": {"bbox": [[1.0, 1.0, 4.0, 4.0], [5.0, 5.0, 2.0, 2.0]], "categories": [0, 1], "area": [16.0, 4.0],
                     "id": [7, 8]},  # fmt: skip
        "areas.png": {"bbox": [[1.0, 1.0, 4.0, 4.0], [5.0, 5.0, 2.0, 2.0]], "categories": [0, 1], "area": [16.0, 4.0, 9.0]},
        "ids.png": {"bbox": [[1.0, 1.0, 4.0, 4.0]], "categories": [0], "id": []},
        "scalar.png": {"bbox": [[1.0, 1.0, 4.0, 4.0]], "categories": [0], "iscrowd": 0},
    }
    source = tmp_path / "hf"
    source.mkdir()
    for seed, name in enumerate(rows):
        (source / name).write_bytes(image_bytes(fmt="PNG", size=(20, 10), seed=seed))
    lines = [json.dumps({"file_name": name, "objects": objects}) for name, objects in rows.items()]
    (source / "metadata.jsonl").write_text("\n".join(lines) + "\n")
    out = convert(source, tmp_path / "out", shards=1)
    _accounted(out, list(rows))
    rejects = rejects_by_path(out)
    assert list(_records(out)) == ["good.png"] and _records(out)["good.png"][contract.OBJECT_LABEL] == [1, 2]
    assert "2 boxes for 3 'area' values" in rejects["areas.png"]
    assert "1 boxes for 0 'id' values" in rejects["ids.png"]
    assert "1 boxes for no list of 'iscrowd' values" in rejects["scalar.png"]


# --- YOLO: data.yaml's names, in both of Ultralytics' forms ---------------------------------------


def _ultralytics(root: Path, names_yaml: str) -> Path:
    """An Ultralytics export as its download unpacks (a wrapper folder holding data.yaml, images/
    and labels/), its data.yaml as Ultralytics writes it but for `names`."""
    export = root / "coco8"
    for seed, split in enumerate(("train", "val")):
        (export / "images" / split).mkdir(parents=True)
        (export / "labels" / split).mkdir(parents=True)
        (export / "images" / split / f"{split}.jpg").write_bytes(image_bytes(size=(24, 16), seed=seed))
        (export / "labels" / split / f"{split}.txt").write_text("1 0.5 0.5 0.2 0.2\n0 0.25 0.25 0.1 0.1\n")
    (export / "data.yaml").write_text(
        f"path: ../datasets/coco8\ntrain: images/train\nval: images/val\ntest:\n\n# Classes\n{names_yaml}\n"
    )
    return root


@pytest.mark.parametrize(
    "names_yaml",
    ["names:\n  0: person\n  1: bicycle", "names: {0: person, 1: bicycle}", "names:\n  '0': person\n  '1': bicycle",
     "names: [person, bicycle]", "names:\n  1: bicycle\n  0: person"],
)  # fmt: skip
def test_data_yaml_names_as_a_list_or_a_mapping_give_every_box(tmp_path: Path, names_yaml: str) -> None:
    out = convert(_ultralytics(tmp_path / "src", names_yaml), tmp_path / "out", shards=1)
    records = _records(out)
    assert sorted(records) == ["coco8/images/train/train.jpg", "coco8/images/val/val.jpg"], "images, not captions"
    for record in records.values():
        assert record[contract.OBJECT_TEXT] == [b"bicycle", b"person"] and record[contract.OBJECT_LABEL] == [2, 1]
        assert contract.TEXT not in record


@pytest.mark.parametrize(
    ("names_yaml", "said"),
    [("names: {0: person, 2: bicycle}", "class index 1 has no name"),
     ("names: {a: person, b: bicycle}", "`names` key 'a' is not a class index"),
     ("names: {0: person, 1: null}", "`names` entry 1 is None"),
     ("names: person", "`names` is str")],
)  # fmt: skip
def test_data_yaml_names_in_neither_form_stop_before_writing_naming_the_file(tmp_path: Path, names_yaml: str, said: str) -> None:
    result = run_shardify("convert", str(_ultralytics(tmp_path / "src", names_yaml)), str(tmp_path / "out"))
    assert result.returncode == 2, result.stderr
    line = _error_line(result)
    assert "coco8/data.yaml" in line and said in line, line
    assert not (tmp_path / "out" / naming.MANIFEST_FILENAME).exists()
