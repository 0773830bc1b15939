"""Useless stops and an exit 1 on image datasets, mended by kind: each case, a neighbour not in any
batch, and hostile twins.

- per-image JSON boxes with separate corner fields under a tree mirroring the images (EuroCity
  Persons' `labels/<split>/<city>/<img>.json`: `children` of `identity`, `x0` .. `y1`;
  shardify/plan/json_box_rows.py): were a useless stop (the city folders mirrored by unread documents);
- rows of oriented boxes whose one file annotates two views of a scene (VEDAI's Annotations512/<id>.txt
  for <id>_co.png and <id>_ir.png; the 'VEDAI oriented vehicle boxes' row, BoxFormat.image_suffixes),
  its fold lists a stop naming --exclude (beam_jobs/discover/fold_folders.check_fold_named_lists);
- a headerless pixel-row table labelled row by row by a table of its own (AHCD's csvTrainImages beside
  csvTrainLabel; beam_jobs/discover/pixel_label_tables.py): was exit 1, every row a text reject.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import blind25, newcomer_trial
from helpers.made_files import image_file, text_file
from helpers.refusals import refusal
from helpers.shard_io import read_shard
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError
from shardify.format import contract
from shardify.format.manifest import load_manifest


def _records(out: Path) -> dict[str, dict]:
    """{file name: record} of every record written."""
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                found[record[contract.IMAGE_FILENAME].decode()] = record
    return found


def _box(record: dict) -> list[tuple[float, float, float, float]]:
    keys = (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)
    columns = [record[k] if isinstance(record[k], list) else [record[k]] for k in keys]  # (one object: scalars)
    return [tuple(round(float(v), 4) for v in values) for values in zip(*columns)]


def _rejected(out: Path) -> list[dict]:
    path = out / "rejected.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def _convert(src: Path, out: Path, **options) -> dict:
    run_conversion(ConvertConfig(str(src), str(out), **options))
    return written_records(out)


# ------------------------------------------------------------------------------------------------
# Per-image JSON boxes with separate corner fields
# ------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def eurocity(tmp_path_factory):
    work = tmp_path_factory.mktemp("eurocity")
    truth = blind25.DATASETS["eurocity"](work / "download")
    run_conversion(ConvertConfig(str(truth.root), str(work / "out")))
    return truth, work / "out"


def test_eurocity_images_carry_their_top_level_children(eurocity) -> None:
    truth, out = eurocity
    assert_right(truth, out)  # split folders, the frame's children (the rider's bicycle no object), no city labels
    rider = next(r for r in _records(out).values() if b"rider" in r.get(contract.OBJECT_TEXT, []))
    at = list(rider[contract.OBJECT_TEXT]).index(b"rider")
    assert _box(rider)[at] == (0.4, 0.125, 0.6, 0.8125)  # x0 8, y0 2, x1 12, y1 13 of a 20 x 16 image


def _ecp_like(root: Path, boxes_of, *, bom: bool = False) -> None:
    """A tree of the ECP kind: labels/<split>/<city>/<stem>.json beside img/<split>/<city>/<stem>.png;
    `boxes_of(split, city, j)` gives the frame's children (j 0: none, an image without objects)."""
    for split in ("train", "val"):
        for city in ("ams", "ber"):
            for j in range(3):
                stem = f"{city}_{split}_{j}"
                image_file(root / f"ECP/day/img/{split}/{city}/{stem}.png", stem, fmt="PNG")
                doc = {"identity": "frame", "imagewidth": 20, "imageheight": 16, "children": boxes_of(split, city, j)}
                text_file(root / f"ECP/day/labels/{split}/{city}/{stem}.json", ("\ufeff" if bom else "") + json.dumps(doc))


def _pedestrian(split: str, city: str, j: int) -> list[dict]:
    return [{"identity": "pedestrian", "x0": 1 + j, "y0": 2, "x1": 5 + j, "y1": 13, "tags": []}] if j else []


def test_a_neighbour_of_objects_with_x_y_width_height_converts_right(tmp_path: Path) -> None:
    # a custom export: images/<split>/<id>.jpg mirrored by annotations/<split>/<id>.json, `objects` of
    # `label` and x, y, width, height; the first document by name holds no object (it tells nothing)
    for split, count in (("train", 4), ("valid", 2)):
        for i in range(count):
            image_file(tmp_path / f"src/data/images/{split}/{i:04d}.jpg", f"{split}{i}")
            objects = [] if i == 0 else [{"label": ("car", "bus")[i % 2], "x": 2, "y": 3, "width": 6, "height": 5, "score": 1}]
            text_file(tmp_path / f"src/data/annotations/{split}/{i:04d}.json", json.dumps({"file": f"{i:04d}.jpg", "objects": objects}))
    found = _convert(tmp_path / "src", tmp_path / "out")
    assert found["records"]["data/images/train/0001.jpg"] == ("train", frozenset({"bus"}))
    assert found["records"]["data/images/valid/0000.jpg"][0] == "validation"  # (the judge's name of a val split)
    assert found["objects"]["data/images/train/0000.jpg"] == []
    assert _box(_records(tmp_path / "out")["data/images/train/0002.jpg"]) == [(0.1, 0.1875, 0.4, 0.5)]


def test_a_byte_order_mark_before_each_document_reads_as_without(tmp_path: Path) -> None:
    _ecp_like(tmp_path / "src", _pedestrian, bom=True)
    found = _convert(tmp_path / "src", tmp_path / "out")
    assert found["records"]["ECP/day/img/val/ber/ber_val_2.png"] == ("validation", frozenset({"pedestrian"}))
    assert found["objects"]["ECP/day/img/train/ams/ams_train_0.png"] == []


@pytest.mark.parametrize("box", [
    {"identity": "rider", "x0": 1, "y0": 2, "x1": 5},
    {"identity": "rider", "x0": 1, "y0": 2, "x1": 5, "y1": 1e12},
    {"identity": "rider", "x0": 1, "y0": 2, "x1": 5, "y1": None},
    {"identity": 3, "x0": 1, "y0": 2, "x1": 5, "y1": 9},
], ids=["a field missing", "huge", "null", "a class number"])
def test_a_box_of_a_later_document_that_is_not_of_the_shape_rejects_its_image(tmp_path: Path, box: dict) -> None:
    _ecp_like(tmp_path / "src", lambda s, c, j: [box] if (s, c, j) == ("train", "ber", 2) else _pedestrian(s, c, j))
    try:
        found = _convert(tmp_path / "src", tmp_path / "out", max_rejects="50%")
    except ShardifyError as failed:  # (the reject, or the run, names the document)
        assert "ber_train_2" in str(failed)
        return
    assert "ECP/day/img/train/ber/ber_train_2.png" not in found["records"]
    assert any(r["path"] == "ECP/day/img/train/ber/ber_train_2.png" for r in _rejected(tmp_path / "out"))


@pytest.mark.parametrize("first", [
    {"identity": "pedestrian", "x0": 9, "y0": 2, "x1": 5, "y1": 13},
    {"identity": "pedestrian", "x0": 0.1, "y0": 0.2, "x1": 0.5, "y1": 0.9},
], ids=["corners reversed", "fractions of the image"])
def test_a_first_document_of_no_pixel_corners_is_not_read_as_boxes(tmp_path: Path, first: dict) -> None:
    _ecp_like(tmp_path / "src", lambda s, c, j: [first] if j == 1 else _pedestrian(s, c, j))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "ECP/day/labels/" in said  # the unread documents named (mirror_documents' stop), as before


# ------------------------------------------------------------------------------------------------
# VEDAI: rows of oriented boxes, two views per file, fold lists
# ------------------------------------------------------------------------------------------------

def test_vedai_stops_naming_its_folds_and_the_exclude_converts_right(tmp_path: Path) -> None:
    truth = blind25.DATASETS["vedai"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "Annotations512/fold01.txt" in said and "--exclude 'Annotations512/fold*'" in said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **blind25.FOLLOW["vedai"]))
    assert_right(truth, tmp_path / "followed", aliases=blind25.SPECS["vedai"].aliases)


def _vedai_row(code: int, cx: int, extra: str = "") -> str:
    corners = [cx - 2, cx + 2, cx + 2, cx - 2, 5, 5, 11, 11]
    return " ".join([f"{cx}.5", "8.0", "0.3", str(code), "1", "0", *map(str, corners)]) + extra


@pytest.fixture(scope="module")
def colour_only(tmp_path_factory):
    """A VEDAI download of the colour views alone, no fold lists; scene 3's second row holds 13 numbers,
    scene 4's class 99 is named nowhere."""
    root = tmp_path_factory.mktemp("vedai_co")
    rows = {0: [_vedai_row(31, 4)], 1: [_vedai_row(23, 4), _vedai_row(1, 12)], 2: [_vedai_row(11, 6)],
            3: [_vedai_row(2, 4), _vedai_row(2, 12).rsplit(" ", 1)[0]], 4: [_vedai_row(99, 4)]}
    for i, lines in rows.items():
        image_file(root / f"src/Vehicules512/{i:08d}_co.png", f"co{i}", fmt="PNG")
        text_file(root / f"src/Annotations512/{i:08d}.txt", "\n".join(lines) + "\n")
    return root, _convert(root / "src", root / "out", max_rejects="50%")


def test_a_download_of_one_view_writes_that_view_with_its_objects(colour_only) -> None:
    root, found = colour_only
    assert found["records"]["Vehicules512/00000000_co.png"][1] == frozenset({"plane"})
    assert sorted(found["objects"]["Vehicules512/00000001_co.png"]) == ["boat", "car"]
    assert not any(p.endswith("_ir.png") for p in found["records"])  # no view the download lacks
    assert _box(_records(root / "out")["Vehicules512/00000002_co.png"]) == [(0.2, 0.3125, 0.4, 0.6875)]  # the envelope


def test_a_short_row_or_an_unnamed_class_rejects_its_scene(colour_only) -> None:
    root, found = colour_only
    assert "Vehicules512/00000003_co.png" not in found["records"]
    assert "Vehicules512/00000004_co.png" not in found["records"]
    rejected = {r["path"] for r in _rejected(root / "out")}
    assert {"Vehicules512/00000003_co.png", "Vehicules512/00000004_co.png"} <= rejected


# ------------------------------------------------------------------------------------------------
# Pixel rows labelled by a table of their own
# ------------------------------------------------------------------------------------------------

def test_ahcd_rows_take_the_labels_of_the_same_rows(tmp_path: Path) -> None:
    truth = newcomer_trial.DATASETS["arabic_chars"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def _pixels(n: int, side: int = 8) -> str:
    return "".join(",".join(str((i * 7 + j) % 256) for j in range(side * side)) + "\n" for i in range(n))


def test_a_neighbour_of_x_and_y_tables_converts_right(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for split, n in (("train", 5), ("test", 2)):
        text_file(src / f"X_{split}.csv", _pixels(n))
        text_file(src / f"y_{split}.csv", "".join(f"{(i * 3) % 10}\n" for i in range(n)))
    found = _convert(src, tmp_path / "out")
    assert found["records"]["X_train.csv:4"] == ("train", frozenset({"2"}))
    assert found["records"]["X_test.csv:1"] == ("test", frozenset({"3"}))
    assert len(found["records"]) == 7  # the label tables are no records


@pytest.mark.parametrize(("labels", "said"), [
    ("1\n2\n3\n", "holds 3 lines for the 4 rows"),
    ("label\n1\n2\n3\n4\n", "does not hold one whole number a line"),
    ("1\nnan\n2\n3\n", "does not hold one whole number a line"),
], ids=["a row short", "a header", "nan"])
def test_a_label_table_that_cannot_label_row_by_row_stops_naming_both(tmp_path: Path, labels: str, said: str) -> None:
    src = tmp_path / "src"
    text_file(src / "csvTrainImages 4x64.csv", _pixels(4))
    text_file(src / "csvTrainLabel 4x1.csv", labels)
    message = refusal(src, tmp_path / "out")
    assert said in message and "csvTrainImages 4x64.csv" in message


def test_a_byte_order_mark_and_crlf_in_the_label_table_read_as_without(tmp_path: Path) -> None:
    src = tmp_path / "src"
    text_file(src / "csvTrainImages 4x64.csv", _pixels(4))
    (src / "csvTrainLabel 4x1.csv").write_bytes("\ufeff7\r\n8\r\n9\r\n7\r\n".encode())
    found = _convert(src, tmp_path / "out")
    assert [found["records"][f"csvTrainImages 4x64.csv:{i}"][1] for i in range(4)] == [frozenset({v}) for v in "7897"]
