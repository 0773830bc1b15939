"""Derived files (face crops, thumbnails) named as a label table's key plus a suffix
(`shardify.plan.derived_names`), on neighbours no blind batch names, and their hostile twins:

- APPA-REAL's kind (blind22's appa_real is the dataset itself): per-split tables keyed by the
  original's name (`0007.jpg`), each photograph beside its crop `0007.jpg_face.jpg`: the crops named
  no row and the conversion stopped over --max-rejects; now each crop is a record of its
  original's split with its original's label, and the plan says so and names the `--exclude`;
- one table keyed by stems, thumbnails `<stem>_thumb.png` beside the photographs: the same;
- hostile twins: numbered siblings (`a_1.jpg` beside `a.jpg`) are other photographs, not crops,
  and stay rejects; two suffixes at once (`_face.jpg` and `_thumb.jpg`) are no pattern;
- the stop before any option names `--label-column` beside `--labels` where tables lie unread;
- a COCO Camera Traps file with boxes as well as image-level categories and string image ids (Caltech
  Camera Traps' box file, uuid ids) exited 1, every image rejected for an id Model Garden cannot read
  as int64; now, where every id is a string, the ids join images to their annotations and each
  record's number is its image/source_id; a numeric id among them keeps the numbers' rule (hostile);
- DroneVehicle's kind (blind22's dronevehicle is the dataset itself): one scene in two modalities, the
  same stems in sibling folders (`rgb/`, `thermal/`), each annotated in its own folder (`rgb_labels/`,
  `thermal_labels/`): every image was rejected (a stem named two images); now each takes its own
  folder's annotation, and VOC `<polygon>` corners are read as the box around them. Hostile twins: one
  annotation folder for both modalities pairs nothing (both rejects); a polygon of two corners is its
  image's reject.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.sources import convert, image_bytes, write_file
from helpers.unseen4 import Put, Spec, aux, build, img
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError
from shardify.format import contract
from shardify.plan.derived_names import derived_rule

_SPLITS = (("train", 4), ("valid", 2), ("test", 2))


def _faces(root: Path) -> dict[str, tuple[str, str]]:
    """people/<split>/<n>.jpg and <n>.jpg_face.jpg, gt_<split>.csv keyed by the original's name with a
    score, an age and a rater count; returns {relpath: (split, age)} for both files."""
    truth, n = {}, 0
    for split, count in _SPLITS:
        lines = ["file_name,votes,mean_guess,age"]
        for _ in range(count):
            name, age = f"{n:04d}.jpg", str(20 + 7 * n)
            lines.append(f"{name},{30 + n},{20 + 7 * n + 0.25:.2f},{age}")
            for path in (f"people/{split}/{name}", f"people/{split}/{name}_face.jpg"):
                write_file(root / path, image_bytes(seed=len(truth)))
                truth[path] = ("validation" if split == "valid" else split, age)  # (the split written as named)
            n += 1
        write_file(root / f"people/gt_{split}.csv", "\n".join(lines) + "\n")
    return truth


def _records(out: Path) -> dict[str, tuple[str, str | None]]:
    got = written_records(out)["records"]
    return {path: (split, labels if labels is None else ",".join(sorted(labels)) if not isinstance(labels, str) else labels)
            for path, (split, labels) in got.items()}


@pytest.fixture(scope="module")
def faces(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("faces") / "src"
    return root, _faces(root)


def test_crops_take_their_originals_row_and_split(faces: tuple[Path, dict], tmp_path: Path) -> None:
    root, truth = faces
    out = convert(root, tmp_path / "out", labels_file="people/gt_*.csv", label_column="age", max_rejects="0")
    assert _records(out) == truth
    assert not (out / "rejected.jsonl").exists() or not (out / "rejected.jsonl").read_text().strip()


def test_the_exclude_the_plan_names_leaves_the_crops_out(faces: tuple[Path, dict], tmp_path: Path) -> None:
    root, truth = faces
    out = convert(root, tmp_path / "out", labels_file="people/gt_*.csv", label_column="age", exclude=("**/*_face.jpg",))
    assert _records(out) == {p: v for p, v in truth.items() if not p.endswith("_face.jpg")}


def test_the_first_stop_names_labels_and_label_column(faces: tuple[Path, dict], tmp_path: Path) -> None:
    root, _ = faces
    with pytest.raises(UsageError, match=r"gt_test\.csv.*--labels FILE.*glob.*--label-column NAME"):
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_thumbnails_beside_a_table_of_stems(tmp_path: Path) -> None:
    root, truth = tmp_path / "src", {}
    lines = ["id,breed"]
    for i in range(6):
        breed = ("corgi", "husky", "pug")[i % 3]
        lines.append(f"dog{i:03d},{breed}")
        for path in (f"photos/dog{i:03d}.png", f"photos/dog{i:03d}_thumb.png"):
            write_file(root / path, image_bytes(fmt="PNG", seed=i))
            truth[path] = ("train", breed)
    write_file(root / "labels.csv", "\n".join(lines) + "\n")
    out = convert(root, tmp_path / "out", labels_file="labels.csv", max_rejects="0")
    assert {p: labels for p, (_, labels) in _records(out).items()} == {p: labels for p, (_, labels) in truth.items()}


def test_numbered_siblings_are_no_crops(tmp_path: Path) -> None:
    root = tmp_path / "src"
    lines = ["file,label"]
    for i, label in enumerate(("cat", "dog", "cat", "dog")):
        lines.append(f"p{i}.jpg,{label}")
        write_file(root / f"p{i}.jpg", image_bytes(seed=i))
        write_file(root / f"p{i}_1.jpg", image_bytes(seed=10 + i))  # another photograph no row names
    write_file(root / "labels.csv", "\n".join(lines) + "\n")
    out = convert(root, tmp_path / "out", labels_file="labels.csv")
    assert set(_records(out)) == {f"p{i}.jpg" for i in range(4)}
    rejected = (out / "rejected.jsonl").read_text()
    assert all(f"p{i}_1.jpg" in rejected for i in range(4))


def test_two_suffixes_are_no_pattern() -> None:
    sample = ["a.jpg", "a.jpg_face.jpg", "b.jpg", "b.jpg_face.jpg", "c.jpg", "c_thumb.jpg"]
    assert derived_rule(["a.jpg", "b.jpg", "c.jpg"], sample, "name") == ()
    assert derived_rule(["a.jpg", "b.jpg"], sample[:4], "name") == ("_face.jpg", "")
    assert derived_rule(["a", "b"], ["x/a.png", "x/a_thumb.png", "x/b.png", "x/b_thumb.png"], "stem") == ("_thumb.png", ".png")
    assert derived_rule(["a.jpg", "b.jpg"], sample[:4], "order") == ()  # lines in path order name no file by name


# ------------------------------------------------------------------------------------------------
# COCO Camera Traps with boxes and string image ids (`coco_entries.all_string_ids`)
# ------------------------------------------------------------------------------------------------

_CCT = [{"id": 0, "name": "empty"}, {"id": 1, "name": "opossum"}, {"id": 5, "name": "raccoon"}]


def _cct_boxes(numeric: int | None = None) -> Iterator[Put]:
    """cct_images/<uuid>.jpg beside one caltech_bboxes.json (Caltech Camera Traps' box file: uuid ids, a box on each
    animal, `empty` images a category and no box). `numeric`: that image's id is a number (the rest strings)."""
    images, notes = [], []
    for i in range(9):
        ident: object = f"5968{i:04d}-23d2-11e8-a6a3-ec086b02610b"
        ident = i + 100 if i == numeric else ident
        cat = _CCT[i % 3]
        images.append({"id": ident, "file_name": f"{ident}.jpg", "location": 33, "width": 20, "height": 16})
        note = {"id": f"a{i}", "image_id": ident, "category_id": cat["id"]}
        if cat["name"] != "empty":
            note["bbox"] = [2, 3, 10, 8]
        notes.append(note)
        objects = [] if cat["name"] == "empty" else [cat["name"]]
        yield img(f"cct_images/{ident}.jpg", "train", cat["name"], objects=objects, record=numeric is None)
    yield aux("caltech_bboxes_20200316.json", json.dumps({"info": {}, "images": images, "annotations": notes, "categories": _CCT}))


def test_camera_trap_boxes_with_string_ids_are_its_objects_and_classes(tmp_path: Path) -> None:
    truth = build(Spec("cct", "image", _cct_boxes, "built here", "classes and boxes"), tmp_path / "download")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(truth.root), str(out)))
    assert_right(truth, out)
    ids = [int(record[contract.IMAGE_SOURCE_ID].decode()) for shard in sorted(out.rglob("*.tfrecord")) for record in read_shard(shard)]
    assert len(ids) == 9 and len(set(ids)) == 9 and all(0 <= i < 1 << 63 for i in ids), ids  # whole numbers, one an image


def test_string_ids_beside_a_numeric_one_keep_the_numbers_rule(tmp_path: Path) -> None:
    truth = build(Spec("cct", "image", lambda: _cct_boxes(numeric=4), "built here", "mixed ids"), tmp_path / "download")
    out = tmp_path / "out"
    with pytest.raises(ShardifyError, match="image id"):
        run_conversion(ConvertConfig(str(truth.root), str(out)))
    assert not (out / "manifest.json").exists()


# ------------------------------------------------------------------------------------------------
# Two modalities of one scene, each with its own annotation folder (`plan.twin_folders`)
# ------------------------------------------------------------------------------------------------

def _voc(name: str, objects: list[str], polygon: bool = False, corners: int = 4) -> str:
    parts = [f"<annotation><filename>{name}</filename><size><width>20</width><height>16</height><depth>3</depth></size>"]
    for j, cls in enumerate(objects):
        x0, y0, x1, y1 = 1 + 4 * j, 2, 4 + 4 * j, 9
        points = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)][:corners]
        shape = ("<polygon>" + "".join(f"<x{k}>{x}</x{k}><y{k}>{y}</y{k}>" for k, (x, y) in enumerate(points, 1)) + "</polygon>"
                 if polygon else f"<bndbox><xmin>{x0}</xmin><ymin>{y0}</ymin><xmax>{x1}</xmax><ymax>{y1}</ymax></bndbox>")
        parts.append(f"<object><name>{cls}</name><difficult>0</difficult>{shape}</object>")
    return "".join(parts) + "</annotation>\n"


_SCENE = ("person", "car", "bicycle")


def _rgb_thermal(one_annotation_folder: bool = False, corners: int = 4) -> Iterator[Put]:
    """A KAIST/FLIR-like pair: rgb/<n>.jpg and thermal/<n>.jpg (one scene each), annotated apart in
    rgb_labels/<n>.xml and thermal_labels/<n>.xml (thermal sees one object more), polygons as
    DroneVehicle writes them. `one_annotation_folder`: a single Annotations/ for both (no pairing)."""
    for n in range(5):
        for modality, extra in (("rgb", 0), ("thermal", 1)):
            objects = [_SCENE[(n + j) % 3] for j in range(1 + n % 2 + extra)]
            folder = "Annotations" if one_annotation_folder else f"{modality}_labels"
            yield img(f"{modality}/{n:04d}.jpg", "train", set(objects), objects=objects, record=not one_annotation_folder)
            if not one_annotation_folder or modality == "rgb":
                yield aux(f"{folder}/{n:04d}.xml", _voc(f"{n:04d}.jpg", objects, polygon=True, corners=corners))


def test_twin_modalities_each_take_their_own_annotation_folder(tmp_path: Path) -> None:
    truth = build(Spec("pairs", "image", _rgb_thermal, "built here", "each image its own xml"), tmp_path / "download")
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(truth.root), str(out), label_level=0, max_rejects="0"))
    assert_right(truth, out)


def test_one_annotation_folder_for_two_modalities_pairs_nothing(tmp_path: Path) -> None:
    """Which image an `Annotations/0001.xml` describes cannot be told: both stay rejects, never both its objects."""
    truth = build(Spec("pairs", "image", lambda: _rgb_thermal(True), "built here", "no pairing"), tmp_path / "download")
    out = tmp_path / "out"
    with pytest.raises(ShardifyError, match="names 2 files"):
        run_conversion(ConvertConfig(str(truth.root), str(out), label_level=0))
    assert not (out / "manifest.json").exists()


def test_a_polygon_of_two_corners_rejects_its_image(tmp_path: Path) -> None:
    truth = build(Spec("pairs", "image", lambda: _rgb_thermal(corners=2), "built here", "bad polygons"), tmp_path / "download")
    out = tmp_path / "out"
    with pytest.raises(ShardifyError, match="polygon> of 2 corners"):
        run_conversion(ConvertConfig(str(truth.root), str(out), label_level=0))
    assert not (out / "manifest.json").exists()


def test_masks_named_as_a_key_plus_a_suffix_are_no_derived_pictures(tmp_path: Path) -> None:
    """`p0_mask.png` beside `p0.jpg`: a mask, never a record with p0's label (it stays a reject, as before)."""
    root = tmp_path / "src"
    lines = ["file,label"]
    for i, label in enumerate(("cat", "dog", "cat", "dog")):
        lines.append(f"p{i}.jpg,{label}")
        write_file(root / f"p{i}.jpg", image_bytes(seed=i))
        write_file(root / f"p{i}_mask.png", image_bytes(mode="L", fmt="PNG", seed=10 + i))
    write_file(root / "labels.csv", "\n".join(lines) + "\n")
    out = convert(root, tmp_path / "out", labels_file="labels.csv")
    assert set(_records(out)) == {f"p{i}.jpg" for i in range(4)}
