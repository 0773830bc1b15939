"""Detection datasets' objects reach the records: boxes, classes, flags and masks.

The sources are laid out as their formats' own documentation says (COCO's data format page,
Pascal VOC's devkit, Ultralytics' YOLO dataset page) or are the public datasets' miniatures of
tests/helpers/shipped.py. Every expectation is computed here from the annotation files themselves,
and masks from pycocotools (the COCO API); the records are read with TensorFlow.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from helpers.shard_io import read_shard
from helpers.shard_io import read_report
from helpers.shipped import build_coco2017, build_pascal_voc2012
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest

tf = pytest.importorskip("tensorflow")

_BOX_KEYS = (contract.OBJECT_YMIN, contract.OBJECT_XMIN, contract.OBJECT_YMAX, contract.OBJECT_XMAX)


def _records(out: Path) -> dict[str, dict[str, np.ndarray]]:
    """Every record of the output, by image file name, parsed by TensorFlow: each object feature
    as a dense array, the image as decoded."""
    manifest = load_manifest(str(out))
    spec = {
        key: tf.io.VarLenFeature(
            tf.float32 if info["dtype"] == "float32" else tf.int64 if info["dtype"] == "int64" else tf.string
        )
        for key, info in manifest.features.items()
        if key.startswith("image/object/")
    }
    spec[contract.IMAGE_FILENAME] = tf.io.FixedLenFeature([], tf.string)
    spec[contract.IMAGE_ENCODED] = tf.io.FixedLenFeature([], tf.string)
    spec[contract.IMAGE_SOURCE_ID] = tf.io.FixedLenFeature([], tf.string)
    found = {}
    for split, info in manifest.splits.items():
        for shard in info.shards:
            for serialized in tf.data.TFRecordDataset(str(out / shard.path)):
                parsed = tf.io.parse_single_example(serialized, spec)
                record = {k: (tf.sparse.to_dense(v) if isinstance(v, tf.SparseTensor) else v).numpy() for k, v in parsed.items()}
                record["split"] = split
                record["shape"] = tf.io.decode_image(parsed[contract.IMAGE_ENCODED], channels=3).shape[:2]
                found[record[contract.IMAGE_FILENAME].decode()] = record
    return found


def _boxes(record: dict) -> np.ndarray:
    return np.stack([record[key] for key in _BOX_KEYS], axis=-1) if len(record[contract.OBJECT_YMIN]) else np.zeros((0, 4))


def _convert(source: Path, out: Path, **options: object) -> dict[str, dict[str, np.ndarray]]:
    run_conversion(ConvertConfig(str(source), str(out), shards=1, **options))
    return _records(out)


# ---- COCO --------------------------------------------------------------------------------------


def test_coco_records_hold_each_annotations_box_and_category(tmp_path: Path) -> None:
    truth = build_coco2017(tmp_path / "download")
    records = _convert(truth.root, tmp_path / "out", class_ids="source")
    checked = 0
    for split in ("train2017", "val2017"):
        document = json.loads((truth.root / f"annotations/instances_{split}.json").read_text())
        names = {c["id"]: c["name"] for c in document["categories"]}
        for image in document["images"]:
            record = records[f"{split}/{image['file_name']}"]
            anns = [a for a in document["annotations"] if a["image_id"] == image["id"]]
            w, h = image["width"], image["height"]
            want = np.array([[y / h, x / w, (y + bh) / h, (x + bw) / w] for x, y, bw, bh in (a["bbox"] for a in anns)]).reshape(
                -1, 4
            )
            np.testing.assert_allclose(_boxes(record), want, atol=1e-6)
            assert record[contract.OBJECT_LABEL].tolist() == [a["category_id"] for a in anns]
            assert [t.decode() for t in record[contract.OBJECT_TEXT]] == [names[a["category_id"]] for a in anns]
            assert record[contract.OBJECT_IS_CROWD].tolist() == [a["iscrowd"] for a in anns]
            np.testing.assert_allclose(record[contract.OBJECT_AREA], [a["area"] for a in anns])
            assert record[contract.IMAGE_SOURCE_ID].decode() == str(image["id"]), "COCO's image id, as its tools key results"
            checked += len(anns)
    assert checked == 16
    manifest = load_manifest(str(tmp_path / "out"))
    assert manifest.objects is not None and manifest.objects.class_ids == "source"
    assert manifest.objects.classes == {
        "person": 1,
        "bicycle": 2,
        "car": 3,
        "cat": 17,
        "dog": 18,
        "bear": 23,
        "bed": 65,
        "chair": 62,
        "book": 84,
        "stop sign": 13,
        "toothbrush": 90,
    }
    label_map = (tmp_path / "out" / "label_map.pbtxt").read_text()
    assert "item {\n  id: 90\n  name: 'toothbrush'\n}\n" in label_map and label_map.count("item {") == 11


@pytest.mark.parametrize(("class_ids", "first"), [(None, 1), ("label-map", 1), ("contiguous", 0)])
def test_coco_classes_are_numbered_in_category_order_from_1_by_default(tmp_path: Path, class_ids: str | None, first: int) -> None:
    """By default from 1, as a label map counts: detection trainers (Model Garden, the Object
    Detection API, torchvision) take class 0 for the background. `contiguous` counts from 0."""
    truth = build_coco2017(tmp_path / "download")
    records = _convert(truth.root, tmp_path / "out", **({"class_ids": class_ids} if class_ids else {}))
    objects = load_manifest(str(tmp_path / "out")).objects
    assert objects.class_ids == (class_ids or "label-map"), "the manifest records the numbering"
    classes = objects.classes
    names = {
        c["id"]: c["name"] for c in json.loads((truth.root / "annotations/instances_val2017.json").read_text())["categories"]
    }
    # all 80 of COCO's categories (most without an object here) in id order: any split numbers them alike
    assert classes == {names[i]: first + index for index, i in enumerate(sorted(names))}, "in COCO's category order"
    for record in records.values():
        assert [classes[t.decode()] for t in record[contract.OBJECT_TEXT]] == record[contract.OBJECT_LABEL].tolist()
    assert sum(len(r[contract.OBJECT_LABEL]) for r in records.values()) == 16
    # ids from 0 are no label map's ids
    assert (tmp_path / "out" / "label_map.pbtxt").exists() == (first == 1)


def test_coco_keypoints_are_each_persons_points_in_order(tmp_path: Path) -> None:
    truth = build_coco2017(tmp_path / "download")
    records = _convert(truth.root, tmp_path / "out", keypoints=True)
    assert load_manifest(str(tmp_path / "out")).objects.num_keypoints == 17
    checked = 0
    for split in ("train2017", "val2017"):
        document = json.loads((truth.root / f"annotations/person_keypoints_{split}.json").read_text())
        for image in document["images"]:
            record = records[f"{split}/{image['file_name']}"]
            anns = [a for a in document["annotations"] if a["image_id"] == image["id"]]
            points = np.array([a["keypoints"] for a in anns], dtype=np.float64).reshape(-1, 3)
            np.testing.assert_allclose(record[contract.KEYPOINT_X], points[:, 0] / image["width"], atol=1e-6)
            np.testing.assert_allclose(record[contract.KEYPOINT_Y], points[:, 1] / image["height"], atol=1e-6)
            assert record[contract.KEYPOINT_VISIBILITY].tolist() == points[:, 2].astype(int).tolist()
            assert len(record[contract.OBJECT_LABEL]) == len(anns)
            checked += len(anns)
    assert checked == 3


def _coco_source(root: Path, images: list[tuple[str, int, int]], annotations: list[dict], categories: list[dict]) -> Path:
    from PIL import Image

    (root / "images").mkdir(parents=True)
    for name, w, h in images:
        Image.new("RGB", (w, h), (len(name) * 20 % 255, 90, 30)).save(root / "images" / name, quality=90)
    document = {
        "images": [{"id": i + 1, "file_name": name, "width": w, "height": h} for i, (name, w, h) in enumerate(images)],
        "annotations": annotations,
        "categories": categories,
    }
    (root / "annotations.json").write_text(json.dumps(document))
    return root


def test_masks_are_the_coco_apis_masks_for_polygons_and_both_rle_forms(tmp_path: Path) -> None:
    coco_mask = pytest.importorskip("pycocotools.mask")
    h, w = 37, 53
    rng = np.random.default_rng(7)
    blob = np.zeros((h, w), np.uint8, order="F")
    blob[5:30, 8:21] = 1
    blob[12:18, 30:50] = 1
    compressed = coco_mask.encode(blob)
    compressed = {"size": compressed["size"], "counts": compressed["counts"].decode("ascii")}
    polygons = [
        [3.3, 4.7, 30.2, 6.1, 12.5, 35.9],  # a thin triangle
        [10.0, 10.0, 40.0, 12.0, 45.5, 30.0, 20.0, 36.0, 5.0, 25.0],
        [1.0, 2.0, 9.0, 2.0, 9.0, 8.0, 1.0, 8.0],  # small: an edge-inclusive fill adds a third
    ]
    uncompressed_runs = [w * 3 + 4, 9, 20, 14, h * w - (w * 3 + 4) - 9 - 20 - 14]
    segmentations = [[polygons[0]], [polygons[1], polygons[2]], compressed, {"size": [h, w], "counts": uncompressed_runs}]
    annotations = []
    for index, segmentation in enumerate(segmentations):
        rle = segmentation if isinstance(segmentation, dict) else None
        annotations.append(
            {
                "id": 100 + index,
                "image_id": 1,
                "category_id": 3 + index % 2,
                "iscrowd": int(rle is not None),
                "bbox": [float(v) for v in rng.uniform(1, 10, 2)] + [12.0, 9.0],
                "area": 50.0 + index,
                "segmentation": segmentation,
            }
        )
    source = _coco_source(
        tmp_path / "src",
        [("a.jpg", w, h)],
        annotations,
        [{"id": 3, "name": "car", "supercategory": "vehicle"}, {"id": 4, "name": "motorcycle", "supercategory": "vehicle"}],
    )
    record = _convert(source, tmp_path / "out", masks=True)["images/a.jpg"]
    masks = [tf.io.decode_png(png).numpy()[..., 0] for png in record[contract.OBJECT_MASK]]
    assert len(masks) == 4
    for got, segmentation in zip(masks, segmentations):
        if isinstance(segmentation, list):
            want = coco_mask.decode(coco_mask.merge(coco_mask.frPyObjects(segmentation, h, w)))
        elif isinstance(segmentation["counts"], list):
            want = coco_mask.decode(coco_mask.frPyObjects(segmentation, h, w))
        else:
            want = coco_mask.decode({"size": segmentation["size"], "counts": segmentation["counts"].encode("ascii")})
        assert got.shape == (h, w) and got.dtype == np.uint8
        np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(masks[2], blob)


def test_a_mask_of_another_size_or_runs_that_overrun_the_image_drop_that_object_and_say_so(tmp_path: Path) -> None:
    h, w = 20, 30
    bad = [{"size": [h + 1, w], "counts": [h * w + w]}, {"size": [h, w], "counts": [10, h * w]}, [[0.0, 0.0, 1e8, 0.0, 5.0, 5.0]]]
    good = [[2.0, 2.0, 12.0, 2.0, 12.0, 9.0]]
    annotations = [
        {
            "id": i + 1,
            "image_id": 1,
            "category_id": 1,
            "iscrowd": int(isinstance(s, dict)),
            "bbox": [2.0, 2.0, 10.0, 7.0],
            "area": 70.0,
            "segmentation": s,
        }
        for i, s in enumerate([*bad, good])
    ]
    source = _coco_source(tmp_path / "src", [("a.png", w, h)], annotations, [{"id": 1, "name": "thing"}])
    record = _convert(source, tmp_path / "out", masks=True)["images/a.png"]
    assert len(record[contract.OBJECT_MASK]) == 1 and record[contract.OBJECT_LABEL].tolist() == [1]
    repairs = read_report(tmp_path / "out", "repaired.jsonl")
    assert [r["path"] for r in repairs] == ["images/a.png"]
    said = json.dumps(repairs)
    assert "object 0 (thing) dropped" in said and "object 1 (thing) dropped" in said and "object 2 (thing) dropped" in said


# ---- Pascal VOC --------------------------------------------------------------------------------


def test_voc_records_hold_each_xml_objects_box_and_flags(tmp_path: Path) -> None:
    truth = build_pascal_voc2012(tmp_path / "download")
    # 2010_006088.jpg is in no Main split list: set aside (no record), as tfds never reads it
    records = _convert(truth.root, tmp_path / "out", max_rejects="100%")  # numbered from 1 by default
    classes = load_manifest(str(tmp_path / "out")).objects.classes
    assert sorted(classes.values()) == list(range(1, len(classes) + 1))
    checked = 0
    for record_id, (split, _) in truth.records.items():
        record = records[record_id]
        root = ET.parse(truth.root / record_id.replace("JPEGImages", "Annotations").replace(".jpg", ".xml")).getroot()
        w, h = int(root.findtext("size/width")), int(root.findtext("size/height"))
        assert tuple(record["shape"]) == (h, w)
        objects = root.findall("object")
        # VOC counts pixels from 1: a box from pixel 1 to pixel w covers the whole image
        want = [
            [
                (float(o.findtext("bndbox/ymin")) - 1) / h,
                (float(o.findtext("bndbox/xmin")) - 1) / w,
                float(o.findtext("bndbox/ymax")) / h,
                float(o.findtext("bndbox/xmax")) / w,
            ]
            for o in objects
        ]
        np.testing.assert_allclose(_boxes(record), np.array(want).reshape(-1, 4), atol=1e-6)
        assert [t.decode() for t in record[contract.OBJECT_TEXT]] == [o.findtext("name") for o in objects]
        assert record[contract.OBJECT_LABEL].tolist() == [classes[o.findtext("name")] for o in objects]
        assert record[contract.OBJECT_DIFFICULT].tolist() == [int(o.findtext("difficult")) for o in objects]
        assert record[contract.OBJECT_TRUNCATED].tolist() == [int(o.findtext("truncated")) for o in objects]
        checked += len(objects)
    assert checked == 14
    label_map = (tmp_path / "out" / "label_map.pbtxt").read_text()
    assert all(f"  id: {number}\n  name: '{name}'\n" in label_map for name, number in classes.items())


# ---- YOLO --------------------------------------------------------------------------------------


def _yolo_source(root: Path) -> tuple[Path, dict[str, list[tuple[int, float, float, float, float]]]]:
    """A YOLO dataset as Ultralytics documents it: data.yaml with `names`, images/<split>/ and a
    labels/<split>/ tree of `class cx cy w h` lines (normalised), an empty file for no objects."""
    from PIL import Image

    labels = {
        "train/0001.jpg": [(0, 0.5, 0.5, 0.25, 0.5), (2, 0.2, 0.3, 0.1, 0.2)],
        "train/0002.jpg": [(1, 0.75, 0.25, 0.5, 0.5)],
        "train/0003.jpg": [],
        "val/0004.jpg": [(2, 0.5, 0.5, 1.0, 1.0), (2, 0.1, 0.1, 0.05, 0.05)],
    }
    for index, (path, objects) in enumerate(labels.items()):
        image = root / "images" / path
        image.parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (64 + 8 * index, 48), (index * 50, 100, 100)).save(image)
        text = root / "labels" / path.replace(".jpg", ".txt")
        text.parent.mkdir(parents=True, exist_ok=True)
        text.write_text("".join(f"{c} {cx} {cy} {bw} {bh}\n" for c, cx, cy, bw, bh in objects))
    (root / "data.yaml").write_text(
        "path: .\ntrain: images/train\nval: images/val\n\nnames:\n  0: person\n  1: bicycle\n  2: car\n"
    )
    return root, labels


@pytest.mark.parametrize(("class_ids", "first"), [(None, 1), ("source", 0)])
def test_yolo_export_gives_boxes_and_classes_in_names_order_not_captions(tmp_path: Path, class_ids: str | None, first: int) -> None:
    """Numbered from 1 in data.yaml's order by default; `--class-ids source` keeps YOLO's indices."""
    source, labels = _yolo_source(tmp_path / "yolo")
    records = _convert(source, tmp_path / "out", **({"class_ids": class_ids} if class_ids else {}))
    assert set(records) == {f"images/{p}" for p in labels}
    names = ["person", "bicycle", "car"]
    assert load_manifest(str(tmp_path / "out")).objects.classes == {n: first + i for i, n in enumerate(names)}
    for path, objects in labels.items():
        record = records[f"images/{path}"]
        assert record["split"] == path.split("/")[0]
        want = [[cy - bh / 2, cx - bw / 2, cy + bh / 2, cx + bw / 2] for _, cx, cy, bw, bh in objects]
        np.testing.assert_allclose(_boxes(record), np.array(want).reshape(-1, 4), atol=1e-6)
        assert record[contract.OBJECT_LABEL].tolist() == [first + c for c, *_ in objects]
        assert [t.decode() for t in record[contract.OBJECT_TEXT]] == [names[c] for c, *_ in objects]


def test_a_roboflow_yolo_export_pairs_each_split_s_images_with_its_own_labels(tmp_path: Path) -> None:
    """Roboflow's YOLO export: data.yaml beside train/, valid/, test/, each holding images/ and
    labels/; the same file names recur across splits, so each label file must meet only its own
    split's image."""
    from PIL import Image

    root = tmp_path / "roboflow"
    want = {}
    for k, split in enumerate(("train", "valid", "test")):
        for i in range(2):
            (root / split / "images").mkdir(parents=True, exist_ok=True)
            (root / split / "labels").mkdir(parents=True, exist_ok=True)
            Image.new("RGB", (40, 20), (10, 20, 30)).save(root / split / "images" / f"frame_{i}.jpg")
            cx = 0.2 + 0.3 * k + 0.1 * i
            (root / split / "labels" / f"frame_{i}.txt").write_text(f"{k % 2} {cx} 0.5 0.2 0.4\n")
            want[f"{split}/images/frame_{i}.jpg"] = (k % 2, [[0.3, cx - 0.1, 0.7, cx + 0.1]])
    (root / "data.yaml").write_text("train: ../train/images\nval: ../valid/images\ntest: ../test/images\n\nnc: 2\nnames: ['ripe', 'unripe']\n")
    records = _convert(root, tmp_path / "out")
    assert set(records) == set(want)
    for path, (label, boxes) in want.items():
        assert records[path][contract.OBJECT_LABEL].tolist() == [label + 1]  # data.yaml's index + 1, by default
        np.testing.assert_allclose(_boxes(records[path]), boxes, atol=1e-6)


def test_a_yolo_background_image_with_an_empty_label_file_is_kept_with_no_objects(tmp_path: Path) -> None:
    """Ultralytics advises background images (an empty label file, no objects) among images of one
    object class each: the image is a record with no objects, never "0 labels in single-label data"."""
    source, _ = _yolo_source(tmp_path / "yolo")
    (source / "labels/train/0001.txt").write_text("0 0.5 0.5 0.25 0.5\n")  # now one class an image
    (source / "labels/val/0004.txt").write_text("2 0.5 0.5 1.0 1.0\n")
    records = _convert(source, tmp_path / "out")  # no --max-rejects: nothing may be rejected
    background = records["images/train/0003.jpg"]
    assert background[contract.OBJECT_LABEL].tolist() == [] and _boxes(background).shape == (0, 4)
    assert records["images/train/0002.jpg"][contract.OBJECT_LABEL].tolist() == [2]
    assert load_manifest(str(tmp_path / "out")).label_mode == contract.LABEL_MULTI


def test_a_yolo_box_past_the_edge_is_clipped_and_one_of_no_area_dropped_saying_which(tmp_path: Path) -> None:
    source, _ = _yolo_source(tmp_path / "yolo")
    (source / "labels/train/0002.txt").write_text("1 0.9 0.5 0.4 0.2\n0 0.5 0.5 0.0 0.3\n")
    records = _convert(source, tmp_path / "out")
    record = records["images/train/0002.jpg"]
    np.testing.assert_allclose(_boxes(record), [[0.4, 0.7, 0.6, 1.0]], atol=1e-6)
    said = json.dumps([r for r in read_report(tmp_path / "out", "repaired.jsonl") if r["path"] == "images/train/0002.jpg"])
    assert "object 0 (bicycle): box clipped" in said and "object 1 (person) dropped: its box has no area" in said


def _outside(xml: Path, name: str) -> None:
    """The object `name` of a VOC annotation moved wholly past the image's right edge."""
    root = ET.parse(xml).getroot()
    width = int(root.findtext("size/width"))
    for obj in root.findall("object"):
        if obj.findtext("name") == name:
            obj.find("bndbox/xmin").text, obj.find("bndbox/xmax").text = str(width + 5), str(width + 9)
    ET.ElementTree(root).write(xml)


def test_an_image_is_labelled_by_the_classes_of_the_objects_it_stores(tmp_path: Path) -> None:
    """VOC labels an image by its objects' classes. A box dropped as outside the image took its
    object off the record but left its class among the image's labels (DOTA's degenerate quads alike); an
    image whose every box is dropped is written unlabelled, and counted so."""
    truth = build_pascal_voc2012(tmp_path / "download")
    annotations = truth.root / "VOC2012" / "Annotations"
    _outside(annotations / "2008_000008.xml", "person")  # beside a horse
    _outside(annotations / "2008_000019.xml", "dog")  # alone
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(truth.root), str(out), max_rejects="100%"))
    found = {}
    for shard in out.glob("train-*.tfrecord"):
        for record in read_shard(shard):
            texts = record.get(contract.LABEL_TEXT, [])
            texts = [texts] if isinstance(texts, bytes) else texts
            found[Path(record[contract.IMAGE_FILENAME].decode()).stem] = sorted(t.decode() for t in texts)
    assert found["2008_000008"] == ["horse"] and found["2008_000019"] == []
    assert found["2008_000023"] == ["bottle", "person", "tvmonitor"]  # untouched images keep theirs
    train = load_manifest(str(out)).splits["train"]
    assert train.num_unlabelled == sum(1 for labels in found.values() if not labels) == 1
    assert train.label_counts["dog"] == 0 and train.label_counts["person"] == 1  # 2008_000023's


def test_a_yolo_label_naming_a_class_past_data_yaml_rejects_its_image_with_the_line(tmp_path: Path) -> None:
    source, labels = _yolo_source(tmp_path / "yolo")
    (source / "labels/train/0002.txt").write_text("1 0.5 0.5 0.2 0.2\n7 0.5 0.5 0.2 0.2\n")
    records = _convert(source, tmp_path / "out", max_rejects="100%")
    assert "images/train/0002.jpg" not in records and len(records) == len(labels) - 1
    rejects = read_report(tmp_path / "out", "rejected.jsonl")
    assert [r["path"] for r in rejects] == ["images/train/0002.jpg"]
    assert "line 2" in rejects[0]["reason"] and "class 7" in rejects[0]["reason"]


def test_masks_asked_of_a_dataset_without_objects_stops_before_writing(tmp_path: Path, sample_images: Path) -> None:
    with pytest.raises(UsageError, match="--masks"):
        run_conversion(ConvertConfig(str(sample_images), str(tmp_path / "out"), masks=True))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_source_class_ids_asked_of_names_without_numbers_stops_before_writing(tmp_path: Path) -> None:
    truth = build_pascal_voc2012(tmp_path / "download")
    with pytest.raises(UsageError, match="--class-ids"):
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out"), class_ids="source", max_rejects="100%"))
    assert not (tmp_path / "out" / "manifest.json").exists()


# ---- Hugging Face imagefolder ------------------------------------------------------------------


def _imagefolder(root: Path, rows: dict[str, dict], sizes: dict[str, tuple[int, int]]) -> Path:
    """A Hugging Face `imagefolder` for object detection as its guides lay it out: images beside a
    metadata.jsonl whose rows hold `file_name` and `objects` {bbox: [[x, y, w, h]], categories}."""
    from PIL import Image

    by_folder: dict[Path, list[str]] = {}
    for path, objects in rows.items():
        image = root / path
        image.parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", sizes[path], (30, 60, 90)).save(image)
        by_folder.setdefault(image.parent, []).append(json.dumps({"file_name": image.name, "objects": objects}))
    for folder, lines in by_folder.items():
        (folder / "metadata.jsonl").write_text("\n".join(lines) + "\n")
    return root


def test_imagefolder_metadata_objects_give_boxes_per_split_folder(tmp_path: Path) -> None:
    rows = {
        "train/0001.png": {"bbox": [[302.0, 109.0, 73.0, 52.0]], "categories": [0]},
        "train/0002.png": {"bbox": [[10.0, 20.0, 30.0, 40.0], [0.0, 0.0, 400.0, 300.0]], "categories": [1, 0]},
        "train/0003.png": {"bbox": [], "categories": []},
        "test/0004.png": {"bbox": [[160.0, 31.0, 48.0, 61.0]], "categories": [2]},
    }
    sizes = {path: (400, 300) for path in rows}
    records = _convert(_imagefolder(tmp_path / "hf", rows, sizes), tmp_path / "out", class_ids="source")
    assert set(records) == set(rows)
    for path, objects in rows.items():
        record = records[path]
        assert record["split"] == path.split("/")[0]
        want = [[y / 300, x / 400, (y + h) / 300, (x + w) / 400] for x, y, w, h in objects["bbox"]]
        np.testing.assert_allclose(_boxes(record), np.array(want).reshape(-1, 4), atol=1e-6)
        assert record[contract.OBJECT_LABEL].tolist() == objects["categories"], "the dataset's own numbers, as asked"


def test_imagefolder_row_whose_boxes_and_categories_disagree_rejects_its_image(tmp_path: Path) -> None:
    rows = {
        "0001.png": {"bbox": [[1.0, 2.0, 3.0, 4.0]], "category": [0]},  # AutoTrain's spelling
        "0002.png": {"bbox": [[1.0, 2.0, 3.0, 4.0], [5.0, 5.0, 2.0, 2.0]], "category": [0]},
    }
    source = _imagefolder(tmp_path / "hf", rows, {"0001.png": (20, 10), "0002.png": (20, 10)})
    records = _convert(source, tmp_path / "out", max_rejects="100%")
    np.testing.assert_allclose(_boxes(records["0001.png"]), [[0.2, 0.05, 0.6, 0.2]], atol=1e-6)
    rejects = read_report(tmp_path / "out", "rejected.jsonl")
    assert [r["path"] for r in rejects] == ["0002.png"]
    assert "metadata.jsonl row 2" in rejects[0]["reason"] and "2 boxes for 1 categories" in rejects[0]["reason"]


# ---- Semantic segmentation ---------------------------------------------------------------------


def _ade20k(root: Path, masks: dict[str, np.ndarray]) -> Path:
    """ADE20K's scene-parsing download (ADEChallengeData2016.zip) as it unpacks: images/{training,
    validation}/ADE_*.jpg beside annotations/{training,validation}/ADE_*.png (8-bit class indices,
    0 = other), objectInfo150.txt and sceneCategories.txt."""
    from PIL import Image

    top = root / "ADEChallengeData2016"
    for path, mask in masks.items():
        image = top / "images" / f"{path}.jpg"
        image.parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (mask.shape[1], mask.shape[0]), (120, 80, 40)).save(image)
        annotation = top / "annotations" / f"{path}.png"
        annotation.parent.mkdir(parents=True, exist_ok=True)
        Image.fromarray(mask, "L").save(annotation)
    (top / "objectInfo150.txt").write_text(
        "Idx\tRatio\tTrain\tVal\tName\n1\t0.1576\t11664\t1172\twall\n2\t0.1072\t6046\t612\tbuilding, edifice\n"
    )
    (top / "sceneCategories.txt").write_text("".join(f"{p.split('/')[-1]} bathroom\n" for p in masks))
    return root


def _class_mask(seed: int, h: int = 24, w: int = 32) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 151, size=(h, w), dtype=np.uint8)


def test_segmentation_masks_beside_the_images_are_stored_pixel_for_pixel(tmp_path: Path) -> None:
    masks = {f"training/ADE_train_{i:08d}": _class_mask(i) for i in (1, 2, 3)}
    masks |= {f"validation/ADE_val_{i:08d}": _class_mask(10 + i, 20, 28) for i in (1, 2)}
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(_ade20k(tmp_path / "ade", masks)), str(out), shards=1))
    manifest = load_manifest(str(out))
    assert manifest.objects is not None and manifest.objects.features.segmentation
    seen = {}
    for split, info in manifest.splits.items():
        for shard in info.shards:
            for serialized in tf.data.TFRecordDataset(str(out / shard.path)):
                parsed = tf.io.parse_single_example(
                    serialized,
                    {
                        contract.IMAGE_FILENAME: tf.io.FixedLenFeature([], tf.string),
                        contract.SEGMENTATION: tf.io.FixedLenFeature([], tf.string),
                    },
                )
                seen[parsed[contract.IMAGE_FILENAME].numpy().decode()] = (
                    split,
                    tf.io.decode_png(parsed[contract.SEGMENTATION]).numpy()[..., 0],
                )
    assert set(seen) == {f"ADEChallengeData2016/images/{p}.jpg" for p in masks}
    for path, mask in masks.items():
        split, stored = seen[f"ADEChallengeData2016/images/{path}.jpg"]
        assert split == ("train" if path.startswith("training") else "validation")
        np.testing.assert_array_equal(stored, mask)


def test_a_palette_mask_is_stored_as_its_class_indices_and_a_missing_or_misfit_mask_rejects_its_image(tmp_path: Path) -> None:
    from PIL import Image

    root = tmp_path / "src"
    indices = {name: _class_mask(i, 16, 16) % 21 for i, name in enumerate(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"])}
    for name, mask in indices.items():
        (root / "images").mkdir(parents=True, exist_ok=True)
        (root / "masks").mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (16, 16), (9, 9, 9)).save(root / "images" / f"{name}.jpg")
        palette = Image.fromarray(mask, "P")
        palette.putpalette([v for i in range(256) for v in ((i * 37) % 256, (i * 91) % 256, (i * 53) % 256)])  # VOC-like colours
        palette.save(root / "masks" / f"{name}.png")
    Image.new("L", (8, 8)).save(root / "masks" / "j.png")  # another size than its image
    (root / "images" / "k.jpg").write_bytes((root / "images" / "a.jpg").read_bytes())  # no mask
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out), shards=1, max_rejects="100%"))
    manifest = load_manifest(str(out))
    stored = {}
    for shard in manifest.splits["train"].shards:
        for serialized in tf.data.TFRecordDataset(str(out / shard.path)):
            parsed = tf.io.parse_single_example(
                serialized,
                {
                    contract.IMAGE_FILENAME: tf.io.FixedLenFeature([], tf.string),
                    contract.SEGMENTATION: tf.io.FixedLenFeature([], tf.string),
                },
            )
            stored[parsed[contract.IMAGE_FILENAME].numpy().decode()] = tf.io.decode_png(
                parsed[contract.SEGMENTATION], channels=1
            ).numpy()[..., 0]
    assert sorted(stored) == [f"images/{n}.jpg" for n in "abcdefghi"]
    for name in "abcdefghi":
        np.testing.assert_array_equal(stored[f"images/{name}.jpg"], indices[name])
    rejects = {r["path"]: r["reason"] for r in read_report(out, "rejected.jsonl")}
    assert "8x8" in rejects["images/j.jpg"] and "16x16" in rejects["images/j.jpg"]
    assert "no mask" in rejects["images/k.jpg"]
