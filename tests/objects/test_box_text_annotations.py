"""Detection datasets whose boxes are text become object records: KITTI's label_2/ beside image_2/,
WIDER FACE's wider_face_<split>_bbx_gt.txt, Open Images' <split>-annotations-bbox.csv (the rows of
`shardify.plan.box_formats.FORMATS`).

The miniatures (tests/helpers/box_text.py) are laid out as the downloads unpack, their annotation
text written in each format's documented shape; the truth is what the builder wrote, never what
the manifest says. Each is converted with `shardify convert SRC OUT` and no option, and every
record is read back with TensorFlow. Their hostile twins (a malformed line, a count larger than
the lines left, nan, a negative width, a row naming no image, an image with no annotation) must
each be named in rejected.jsonl or repaired.jsonl, the rest converting as before.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import numpy as np
import pytest

from helpers import box_text
from helpers.cli_runs import run_shardify
from helpers.shard_io import read_report, rejects_by_path
from helpers.sources import convert
from shardify.beam_jobs.discover.detect import resolve_layout
from shardify.config import ConvertConfig
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import box_formats, evidence

tf = pytest.importorskip("tensorflow")

_BUILDERS = {"kitti": box_text.build_kitti, "wider_face": box_text.build_wider_face, "open_images": box_text.build_open_images,
             "global_wheat": box_text.build_global_wheat, "dota": box_text.build_dota,
             "dota_format": lambda dest: box_text.build_dota(dest, header=False, difficult=False)}
# What the plan must say gives the objects (the one line naming the files).
_OBJECT_LINES = {
    "kitti": "training/label_2/: objects, one file per image of training/image_2/",
    "wider_face": "wider_face_split/wider_face_train_bbx_gt.txt: objects of the images it names",
    "open_images": "train-annotations-bbox.csv: objects of the images it names",
    "global_wheat": "train.csv: objects of the images it names",
    "dota": "train/labelTxt/: objects, one file per image of train/images/",
    "dota_format": "val/labelTxt/: objects, one file per image of val/images/",
}


_BOX_KEYS = (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)


def _records(out: Path) -> dict[str, dict]:
    """Every record by image file name, parsed by tf.io.parse_single_example: its split, its
    objects' boxes (xmin, ymin, xmax, ymax), class numbers and names, image labels and shape."""
    spec = {
        contract.IMAGE_FILENAME: tf.io.FixedLenFeature([], tf.string),
        contract.IMAGE_ENCODED: tf.io.FixedLenFeature([], tf.string),
        contract.OBJECT_LABEL: tf.io.VarLenFeature(tf.int64),
        contract.OBJECT_TEXT: tf.io.VarLenFeature(tf.string),
        contract.LABEL_TEXT: tf.io.VarLenFeature(tf.string),
        **{key: tf.io.VarLenFeature(tf.float32) for key in _BOX_KEYS},
    }
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        files = [str(out / shard.path) for shard in info.shards]
        for serialized in tf.data.TFRecordDataset(files):
            parsed = tf.io.parse_single_example(serialized, spec)
            dense = {k: tf.sparse.to_dense(v).numpy() if isinstance(v, tf.SparseTensor) else v.numpy() for k, v in parsed.items()}
            boxes = np.stack([dense[k] for k in _BOX_KEYS], -1)
            found[dense[contract.IMAGE_FILENAME].decode()] = {
                "split": split,
                "boxes": boxes.reshape(-1, 4),
                "classes": [t.decode() for t in dense[contract.OBJECT_TEXT]],
                "numbers": dense[contract.OBJECT_LABEL].tolist(),
                "labels": sorted(t.decode() for t in dense[contract.LABEL_TEXT] if t),
                "shape": tuple(tf.io.decode_image(parsed[contract.IMAGE_ENCODED]).shape[:2]),
            }
    return found


def _check(records: dict[str, dict], truth: box_text.Truth, out: Path) -> None:
    """Every truth image is a record of its split holding exactly its objects, classes numbered
    from 1 in the names' order (the default --class-ids label-map)."""
    assert set(records) == set(truth)
    names = sorted({c for _, objects in truth.values() for c, *_ in objects or ()})
    assert load_manifest(str(out)).objects.classes == {name: i + 1 for i, name in enumerate(names)}
    assert (out / "label_map.pbtxt").exists()
    for path, (split, objects) in truth.items():
        record = records[path]
        assert record["split"] == split, path
        want = objects or []
        assert record["classes"] == [c for c, *_ in want], path
        assert record["numbers"] == [names.index(c) + 1 for c, *_ in want], path
        np.testing.assert_allclose(record["boxes"], np.array([box for _, *box in want]).reshape(-1, 4), atol=1e-6, err_msg=path)
        assert record["labels"] == sorted({c for c, *_ in want}), path


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, box_text.Truth, str]]:
    """Each layout converted once as a user would: `shardify convert SRC OUT`, no option."""
    done = {}
    for name, build in sorted(_BUILDERS.items()):
        root, truth = build(tmp_path_factory.mktemp(name))
        out = tmp_path_factory.mktemp(f"{name}_out") / "out"
        result = run_shardify("convert", str(root), str(out))
        assert result.returncode == 0, result.stderr
        done[name] = (out, truth, result.stdout + result.stderr)
    return done


@pytest.mark.parametrize("name", sorted(_BUILDERS))
def test_each_layout_converts_with_no_option_to_its_annotations_objects(name: str, converted: dict) -> None:
    out, truth, said = converted[name]
    assert _OBJECT_LINES[name] in said
    _check(_records(out), truth, out)
    assert not read_report(out, "rejected.jsonl")


def test_rows_that_are_no_objects_are_named_in_the_repair_report(converted: dict) -> None:
    """KITTI's DontCare regions, WIDER FACE's invalid faces and its placeholder line after a count
    of 0: never objects, never silent."""
    said = {}
    for name in ("kitti", "wider_face", "open_images"):
        said.update({r["path"]: r["repair"] for r in read_report(converted[name][0], "repaired.jsonl")})
    dont_care = {
        f"training/image_2/{i:06d}.png" for i, objects in box_text.KITTI_LABELS.items() if any(o[0] == "DontCare" for o in objects)
    }
    invalid = {f"WIDER_train/images/{n}" for n, faces in box_text.WIDER_FACES["train"].items() if any(f[4] for f in faces)}
    empty = {f"WIDER_train/images/{n}" for n, faces in box_text.WIDER_FACES["train"].items() if not faces}
    assert set(said) == dont_care | invalid | empty
    assert all("(DontCare) dropped: a DontCare region" in said[p] for p in dont_care)
    assert all("(face) dropped: marked invalid" in said[p] for p in invalid)
    assert all("placeholder line of zeros" in said[p] for p in empty)


def test_a_malformed_kitti_line_rejects_its_image_and_an_image_without_a_label_file_has_no_objects(tmp_path: Path) -> None:
    """Also: a box past the image's edge is clipped to it, saying so (as VOC's and YOLO's are)."""
    root, truth = box_text.build_kitti(tmp_path / "download")
    (root / "training/label_2/000001.txt").write_text("Car 0.00 0 -1.58 10.0 5.0 30.0\n")
    (root / "training/label_2/000002.txt").unlink()
    first = root / "training/label_2/000000.txt"
    first.write_text(first.read_text().replace(" 10.00 5.00 30.50 25.00 ", " 10.00 5.00 95.00 25.00 "))
    records = _records(convert(root, tmp_path / "out"))
    repaired = {r["path"]: r["repair"] for r in read_report(tmp_path / "out", "repaired.jsonl")}
    assert "object 0 (Car): box clipped to the image" in repaired["training/image_2/000000.png"]
    car = truth["training/image_2/000000.png"][1][0]
    truth["training/image_2/000000.png"][1][0] = (*car[:3], 1.0, car[4])
    assert "training/image_2/000001.png" not in records
    reason = rejects_by_path(tmp_path / "out")["training/image_2/000001.png"]
    assert "line 1 is not a KITTI object labels line" in reason and "training/label_2/000001.txt" in reason
    unannotated = records["training/image_2/000002.png"]  # as a YOLO image without its label file
    assert unannotated["split"] == "train" and unannotated["classes"] == [] and unannotated["labels"] == []
    del truth["training/image_2/000001.png"]
    truth["training/image_2/000002.png"] = ("train", [])
    _check(records, truth, tmp_path / "out")


def test_a_wider_count_past_the_lines_left_rejects_that_image_and_a_negative_width_drops_its_face(tmp_path: Path) -> None:
    root, truth = box_text.build_wider_face(tmp_path / "download")
    gt = root / "wider_face_split/wider_face_val_bbx_gt.txt"
    last = "12--Group/12_Group_Group_12_Group_Group_12_29.jpg"
    gt.write_text(gt.read_text().replace(f"{last}\n1\n", f"{last}\n5\n"))
    train = root / "wider_face_split/wider_face_train_bbx_gt.txt"
    train.write_text(train.read_text().replace("30 8 8 9 0", "30 8 -8 9 0"))
    records = _records(convert(root, tmp_path / "out"))
    rejects = rejects_by_path(tmp_path / "out")
    assert "its count says 5 boxes, but 1 box lines follow" in rejects[f"WIDER_val/images/{last}"]
    assert f"WIDER_val/images/{last}" not in records
    first = "WIDER_train/images/0--Parade/0_Parade_marchingband_1_849.jpg"
    repaired = {r["path"]: r["repair"] for r in read_report(tmp_path / "out", "repaired.jsonl")}
    assert "object 1 (face) dropped: its box has no area" in repaired[first]
    del truth[f"WIDER_val/images/{last}"]
    truth[first] = (truth[first][0], truth[first][1][:1])
    _check(records, truth, tmp_path / "out")


def test_open_images_nan_rejects_its_image_and_a_row_naming_no_image_is_rejected(tmp_path: Path) -> None:
    root, truth = box_text.build_open_images(tmp_path / "download")
    table = root / "train-annotations-bbox.csv"
    bad = "000002b97e5471a0"
    text = table.read_text().replace(f"{bad},xclick,/m/011k07,1,0.0,", f"{bad},xclick,/m/011k07,1,nan,")
    table.write_text(text + box_text.open_images_row("ffffffffffffffff", "/m/01g317", 0.1, 0.2, 0.1, 0.2, 0))
    records = _records(convert(root, tmp_path / "out"))
    rejects = rejects_by_path(tmp_path / "out")
    assert "not a finite number" in rejects[f"train/{bad}.jpg"] and "'nan'" in rejects[f"train/{bad}.jpg"]
    assert "names no file: 'ffffffffffffffff'" in rejects["train-annotations-bbox.csv"]
    del truth[f"train/{bad}.jpg"]
    _check(records, truth, tmp_path / "out")


def test_the_format_tables_examples_hold() -> None:
    assert doctest.testmod(box_formats).failed == 0


def test_a_file_only_named_like_boxes_is_not_read_as_boxes(tmp_path: Path) -> None:
    """A `*_bbx_gt.txt` that is not a path line then a count is left alone: nothing is made up
    from it."""
    root, _ = box_text.build_wider_face(tmp_path / "download")
    for gt in (root / "wider_face_split").glob("*_bbx_gt.txt"):
        gt.write_text("this is a note about the boxes\n")
    detected = resolve_layout(ConvertConfig(str(root), str(tmp_path / "out")))
    assert not detected.objects.boxes
    assert not any(e.kind in (evidence.BOX_FILES, evidence.BOX_TABLE) for e in detected.evidence)


def test_an_unusable_class_names_file_rejects_every_image_its_table_names(tmp_path: Path) -> None:
    """Open Images' classes are ids named by class-descriptions-boxable.csv: with a line of it
    unreadable, no image is written with its boxes' classes guessed or its boxes left out."""
    root, truth = box_text.build_open_images(tmp_path / "download")
    names = root / "class-descriptions-boxable.csv"
    names.write_text(names.read_text() + "/m/0bad\n")
    records = _records(convert(root, tmp_path / "out"))
    named = {path for path, (_, objects) in truth.items() if objects}
    rejects = rejects_by_path(tmp_path / "out")
    assert named <= set(rejects) and not named & set(records)
    assert all("class-descriptions-boxable.csv is unusable: line 4 is not `id,name`" in rejects[p] for p in named)
    assert set(records) == set(truth) - named  # the image no table names: no objects, as before


def test_open_images_in_one_folder_take_their_split_from_each_tables_name(tmp_path: Path) -> None:
    """Open Images' downloader puts every image in one folder: the tables' names (train-,
    validation-, test-annotations-bbox.csv) then give the splits, and an image none of them names
    is rejected saying so, never merged into train."""
    root, truth = box_text.build_open_images(tmp_path / "download")
    flat = {}
    for path, value in truth.items():
        moved = f"images/{Path(path).name}"
        (root / moved).parent.mkdir(exist_ok=True)
        (root / path).rename(root / moved)
        flat[moved] = value
    records = _records(convert(root, tmp_path / "out"))
    unnamed = {path for path, (_, objects) in flat.items() if not objects}
    assert unnamed and all("none of the dataset's split files" in rejects_by_path(tmp_path / "out")[p] for p in unnamed)
    _check(records, {p: v for p, v in flat.items() if p not in unnamed}, tmp_path / "out")


def test_the_kitti_format_under_other_folder_names_is_the_same_row(tmp_path: Path) -> None:
    """The KITTI format as exporters write it (NVIDIA DIGITS, TAO: `images/` beside `labels/`)
    is read by KITTI's row of the table: a new layout of a known shape needs no code."""
    from PIL import Image

    root = tmp_path / "export"
    truth: box_text.Truth = {}
    for i, (cls, x1, y1, x2, y2) in enumerate([("truck", 2.0, 4.0, 20.0, 30.0), ("person", 10.0, 0.0, 40.0, 39.0)]):
        (root / "images").mkdir(parents=True, exist_ok=True)
        (root / "labels").mkdir(exist_ok=True)
        Image.new("RGB", (48, 40), (30 * i, 60, 90)).save(root / f"images/{i:04d}.jpg")
        (root / f"labels/{i:04d}.txt").write_text(box_text.kitti_line(cls, x1, y1, x2, y2))
        truth[f"images/{i:04d}.jpg"] = ("train", [(cls, x1 / 48, y1 / 40, x2 / 48, y2 / 40)])
    _check(_records(convert(root, tmp_path / "out")), truth, tmp_path / "out")


def test_a_wheat_box_cell_not_a_list_rejects_its_image_and_a_negative_width_or_a_box_past_the_edge_is_repaired(tmp_path: Path) -> None:
    """Global Wheat's one-cell box: a cell that is no list of four, or holds nan, rejects its
    image naming the row; a negative width drops the box and one past the edge is clipped, as for
    every other box format (--boxes-outside)."""
    root, truth = box_text.build_global_wheat(tmp_path / "download")
    table = root / "train.csv"
    text = table.read_text()
    text = text.replace('"[0.0, 0.0, 64.0, 48.0]"', '"0.0 0.0 64.0 48.0"')  # b53afdf5c: not a list
    text = text.replace('"[40.0, 20.0, 20.0, 24.0]"', '"[40.0, 20.0, -20.0, 24.0]"')  # b6ab77fd7's second: no area
    text = text.replace('"[8.0, 4.0, 16.0, 12.0]"', '"[8.0, 4.0, 80.0, 12.0]"')  # b6ab77fd7's first: past the edge
    table.write_text(text + box_text.wheat_row("7b72ea0fb", float("nan"), 1.0, 2.0, 3.0))
    records = _records(convert(root, tmp_path / "out"))
    rejects = rejects_by_path(tmp_path / "out")
    assert "not a list of four numbers" in rejects["train/b53afdf5c.jpg"], rejects
    assert "not a finite number" in rejects["train/7b72ea0fb.jpg"], rejects
    repaired = {r["path"]: r["repair"] for r in read_report(tmp_path / "out", "repaired.jsonl")}
    assert "object 0 (wheat_head): box clipped to the image" in repaired["train/b6ab77fd7.jpg"]
    assert "object 1 (wheat_head) dropped: its box has no area" in repaired["train/b6ab77fd7.jpg"]
    del truth["train/b53afdf5c.jpg"], truth["train/7b72ea0fb.jpg"]
    truth["train/b6ab77fd7.jpg"] = ("train", [("wheat_head", 8 / 64, 4 / 48, 1.0, 16 / 48)])
    _check(records, truth, tmp_path / "out")


def test_a_dota_quad_with_nan_rejects_its_image_and_one_past_the_edge_is_clipped(tmp_path: Path) -> None:
    root, truth = box_text.build_dota(tmp_path / "download")
    (root / "train/labelTxt/P0010.txt").write_text("imagesource:GoogleEarth\ngsd:0.1\n0 0 nan 0 80 60 0 60 harbor 0\n")
    (root / "val/labelTxt/P0005.txt").write_text("20.5 10 95 12.5 38 30 18 28 large-vehicle 1\n")
    records = _records(convert(root, tmp_path / "out"))
    reason = rejects_by_path(tmp_path / "out")["train/images/P0010.png"]
    assert "not a finite number" in reason and "'nan'" in reason, reason
    repaired = {r["path"]: r["repair"] for r in read_report(tmp_path / "out", "repaired.jsonl")}
    assert "object 0 (large-vehicle): box clipped to the image" in repaired["val/images/P0005.png"]
    del truth["train/images/P0010.png"]
    truth["val/images/P0005.png"] = ("val", [("large-vehicle", 18 / 80, 10 / 60, 1.0, 30 / 60)])
    _check(records, truth, tmp_path / "out")
