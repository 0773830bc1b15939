"""One JSON document listing every frame by name with its boxes, classes numbers into the document's own
list of names (AU-AIR's annotations.json: `box_format_rows`' "AU-AIR frames", `class_list_field`).

Blind round twenty-two's AU-AIR (tests/helpers/blind22.py) stopped naming --label-level 0, which wrote every
frame without its boxes. Here: that case converts right with no option; a neighbour not in the batch (the
document pretty-printed over many lines, its names listed after the frames, the frames in a folder of
another name, a frame of no box, fractional pixels) converts right, boxes included; and hostile twins:
a class number past the list rejects that frame by name (never written with another class or none),
a document with no list of names stops before writing, naming the file, and a COCO-like document
whose `bbox` is four numbers is not read as this shape.

Its Cell Tracking Challenge (`01/t000.tif` beside `01_GT/SEG/`, `01_ST/SEG/`, `01_GT/TRA/`) stopped naming no
option that converts it: now the stop names --label-level 0 --exclude '*_GT' --exclude '*_ST' for folders
named as a sibling folder of inputs plus a suffix (shardify/plan/set_signs.py), with which it is right. Here
that case; a neighbour one folder down (a dataset's own folder in SRC, an older release with no silver
truth: the globs carry the folder); and a hostile twin whose shared folders are named as no folder of
inputs (Omniglot-like alphabets), whose stop names no --exclude.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.blind22 import DATASETS, FOLLOW
from helpers.shard_io import read_shard
from helpers.shipped import _image_bytes, _write
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest

_NAMES = ["Human", "Car", "Truck", "Van"]
_W, _H = 20, 16


def _frames(n: int = 6) -> list[dict]:
    """AU-AIR-like frames: frame i holds i % 3 boxes, the last none."""
    return [{"image_name": f"frame_{i:04d}.jpg", "image_width:": float(_W), "image_height": float(_H), "altitude": 120.5 + i,
             "bbox": [{"top": 1.5 + j, "left": 2 + 5 * j, "height": 6, "width": 4, "class": (i + j) % len(_NAMES)}
                      for j in range(i % 3)]}
            for i in range(n)]


def _source(root: Path, document: dict, folder: str = "images", indent: int | None = None) -> Path:
    for frame in document.get("annotations", []):
        _write(root / folder / frame["image_name"], _image_bytes(frame["image_name"], _W, _H))
    _write(root / "annotations.json", json.dumps(document, indent=indent))
    return root


def _listed(value) -> list:
    """A feature's values as a list (a shard reader gives one value bare)."""
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _boxes(out: Path) -> dict[str, list[tuple[str, float, float, float, float]]]:
    """Each record's objects as (class, xmin, ymin, xmax, ymax), fractions of the image's sides."""
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                names = [n.decode() for n in _listed(record.get(contract.OBJECT_TEXT, []))]
                sides = [_listed(record.get(key, [])) for key in (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX,
                                                          contract.OBJECT_YMAX)]
                found[record[contract.IMAGE_FILENAME].decode()] = [(n, *(round(float(v), 4) for v in box))
                                                                   for n, *box in zip(names, *sides)]
    return found


def test_au_air_converts_right_with_no_option(tmp_path: Path) -> None:
    truth = DATASETS["au_air"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def test_a_neighbour_pretty_printed_names_after_frames_converts_with_its_boxes(tmp_path: Path) -> None:
    document = {"annotations": _frames(), "info": {"description": "drone frames"}, "categories": _NAMES}
    root = _source(tmp_path / "src", document, folder="frames", indent=2)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    want = {f"frames/{f['image_name']}": [(_NAMES[b["class"]], round(b["left"] / _W, 4), round(b["top"] / _H, 4),
                                          round((b["left"] + b["width"]) / _W, 4), round((b["top"] + b["height"]) / _H, 4))
                                         for b in f["bbox"]]
            for f in document["annotations"]}
    assert _boxes(tmp_path / "out") == want


def test_a_class_number_past_the_list_rejects_its_frame_by_name(tmp_path: Path) -> None:
    frames = _frames(12)  # (one reject of twelve: under --max-rejects' 10%, the rest written)
    frames[2]["bbox"][1]["class"] = len(_NAMES)  # one past the list: no class of it
    root = _source(tmp_path / "src", {"categories": _NAMES, "annotations": frames})
    out = tmp_path / "out"
    run_conversion(ConvertConfig(str(root), str(out)))
    records = written_records(out)["records"]
    assert "images/frame_0002.jpg" not in records and len(records) == 11  # never written with another class, or boxless
    assert {n for _, labels in records.values() for n in labels or ()} <= {n.casefold() for n in _NAMES}
    rejects = (out / "rejected.jsonl").read_text()
    assert "frame_0002.jpg" in rejects and "categories" in rejects


def test_a_document_with_no_list_of_names_stops_before_writing(tmp_path: Path) -> None:
    root = _source(tmp_path / "src", {"info": {}, "annotations": _frames()})
    with pytest.raises(ShardifyError) as stop:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "annotations.json" in str(stop.value) and "categories" in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_coco_like_document_of_four_number_boxes_is_not_read_as_frames(tmp_path: Path) -> None:
    frames = [{"image_name": f["image_name"], "bbox": [[b["left"], b["top"], b["width"], b["height"]] for b in f["bbox"]]}
              for f in _frames()]
    root = _source(tmp_path / "src", {"categories": _NAMES, "annotations": frames})
    try:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    except ShardifyError as stop:
        assert "AU-AIR" not in str(stop)
        return
    assert not any(_boxes(tmp_path / "out").values())  # whatever it writes, no box read as AU-AIR's


def _tifs(root: Path, paths: list[str]) -> Path:
    for path in paths:
        _write(root / path, _image_bytes(path, 12, 10, "TIFF", "L"))
    return root


def test_cell_tracking_stops_naming_the_excludes_that_convert_it(tmp_path: Path) -> None:
    truth = DATASETS["cell_tracking"](tmp_path / "download")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert "--label-level 0 --exclude '*_GT' --exclude '*_ST'" in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **FOLLOW["cell_tracking"]))
    assert_right(truth, tmp_path / "followed")


def test_a_neighbour_one_folder_down_names_globs_under_its_folder(tmp_path: Path) -> None:
    frames = [f"PhC-C2DH-U373/{seq}/t{t:03d}.tif" for seq in ("01", "02") for t in range(4)]
    truth_files = [f"PhC-C2DH-U373/{seq}_GT/{kind}/man_{kind.lower()}{t:03d}.tif"
                   for seq in ("01", "02") for kind in ("SEG", "TRA") for t in range(0, 4, 2)]
    root = _tifs(tmp_path / "src", frames + truth_files)
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "--exclude 'PhC-C2DH-U373/*_GT'" in str(stop.value)
    run_conversion(ConvertConfig(str(root), str(tmp_path / "followed"), label_level=0, exclude=("PhC-C2DH-U373/*_GT",)))
    records = written_records(tmp_path / "followed")["records"]
    assert sorted(records) == sorted(frames) and all(labels is None for _, labels in records.values())


def test_shared_folders_named_as_no_folder_of_inputs_name_no_exclude(tmp_path: Path) -> None:
    root = _tifs(tmp_path / "src", [f"{alphabet}/character{c:02d}/{n}.tif" for alphabet in ("Greek", "Latin", "Runic")
                                    for c in (1, 2) for n in range(2)] + ["Greek_extra/0.tif", "Latin_extra/0.tif"])
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    assert "same names beneath" in str(stop.value) and "--exclude" not in str(stop.value)
