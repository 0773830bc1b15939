"""LabelMe's per-image documents beside the images (`<name>.json` beside `<name>.jpg`: `shapes` of
labelled points, `imagePath`, `imageData`), read as the images' objects: converters/labelme_shapes.py,
the row "LabelMe shapes" of shardify/plan/box_format_rows.py, found by beam_jobs/discover/box_beside.py.

Blind round twenty-three's strawberry (Strawberry Disease Detection) first wrote every image unlabelled
as WebDataset samples (exit 0), then stopped naming no option; it is read now. A neighbour of every
shape type LabelMe writes in split folders, and hostile twins: the document's own copy of the image
(`imageData`) and its `imagePath` are never read; points that are no numbers, too many, a shape with
no label reject the image naming the shape; a per-image export of another shape still stops
(tests/layouts/test_blindfix23.py).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from helpers.blind23 import DATASETS
from helpers.shard_io import images_by_name, read_report
from helpers.shipped import _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig, parse_max_rejects
from shardify.converters.labelme_shapes import MAX_POINTS
from shardify.format import contract


def _document(shapes: list, image: str, data: bytes | None = None) -> str:
    return json.dumps({"version": "5.2.1", "flags": {}, "shapes": shapes, "imagePath": image,
                       "imageData": None if data is None else base64.b64encode(data).decode(), "imageHeight": 30, "imageWidth": 40})


def _shape(label: str, points: list, kind: str = "polygon") -> dict:
    return {"label": label, "points": points, "group_id": None, "description": "", "shape_type": kind, "flags": {}}


def _image(path: Path, key: str) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = _image_bytes(key, 40, 30, "JPEG")
    path.write_bytes(data)
    return data


_records = images_by_name  # (tests/helpers/shard_io.py)


def _listed(value) -> list:
    return value if isinstance(value, list) else [value]


def test_strawberry_disease_is_read_from_its_labelme_files(tmp_path: Path) -> None:
    judge_first_command(DATASETS, "strawberry", tmp_path / "strawberry", None)


def test_every_shape_type_beside_images_in_split_folders(tmp_path: Path) -> None:
    """A neighbour: rectangles, polygons, circles and a line (no region: skipped, named in repaired.jsonl),
    `imageData` null as LabelMe writes with --nodata, train/ and val/ folders."""
    src = tmp_path / "weeds"
    for split in ("train", "val"):
        for i in range(3):
            _image(src / split / f"plot{i}.jpg", f"{split}{i}")
            shapes = [_shape("weed", [[2, 3], [10, 12]], "rectangle"), _shape("crop", [[20, 5], [30, 8], [24, 20]]),
                      _shape("stone", [[30, 20], [33, 24]], "circle")]
            if i == 1:
                shapes.append(_shape("row", [[0, 29], [39, 29]], "line"))
            (src / split / f"plot{i}.json").write_text(_document(shapes, f"plot{i}.jpg"))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _records(tmp_path / "out")
    assert sorted(written) == sorted(f"{s}/plot{i}.jpg" for s in ("train", "val") for i in range(3))
    for name, record in written.items():
        assert record["split"] == name.split("/")[0]
        labels = sorted(v.decode() for v in _listed(record[contract.OBJECT_TEXT]))
        assert labels == ["crop", "stone", "weed"]
        xmin = sorted(round(v * 40, 3) for v in _listed(record[contract.OBJECT_XMIN]))
        assert xmin == [2.0, 20.0, 25.0]  # (the circle: centre 30, radius 5)
    repaired = read_report(tmp_path / "out", "repaired.jsonl")
    assert sorted(r["path"] for r in repaired) == ["train/plot1.jpg", "val/plot1.jpg"]
    assert all("line" in r["repair"] for r in repaired)


def test_the_documents_copy_of_the_image_and_its_path_are_never_read(tmp_path: Path) -> None:
    """The hostile twin: `imageData` holds another picture and `imagePath` names a file outside SRC: the
    record holds the file beside the document, byte for byte."""
    src = tmp_path / "tricky"
    kept = {}
    for i in range(4):
        kept[f"f{i}.jpg"] = _image(src / f"f{i}.jpg", f"real{i}")
        other = _image_bytes(f"decoy{i}", 40, 30, "JPEG")
        (src / f"f{i}.json").write_text(_document([_shape("fruit", [[1, 1], [9, 9]], "rectangle")], "../../etc/passwd", other))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    written = _records(tmp_path / "out")
    assert sorted(written) == sorted(kept)
    assert all(written[name][contract.IMAGE_ENCODED] == data for name, data in kept.items())


def test_shapes_of_no_numbers_too_many_points_or_no_label_reject_their_image(tmp_path: Path) -> None:
    """The hostile twins: a point of strings, more than MAX_POINTS points, an empty label, a missing one:
    each image rejected naming its shape, the good ones written."""
    src = tmp_path / "bad"
    bad = {
        1: [_shape("x", [["1", "2"], [5, 5]])],
        2: [_shape("x", [[1, 1]] * (MAX_POINTS + 1))],
        3: [_shape("", [[1, 1], [5, 5]], "rectangle")],
        4: [{"points": [[1, 1], [5, 5]], "shape_type": "rectangle"}],
    }
    for i in range(8):
        _image(src / f"b{i}.jpg", f"b{i}")
        shapes = bad.get(i, [_shape("ok", [[1, 1], [5, 5]], "rectangle")])
        (src / f"b{i}.json").write_text(_document(shapes, f"b{i}.jpg"))
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects=parse_max_rejects("60%")))
    assert sorted(_records(tmp_path / "out")) == ["b0.jpg", "b5.jpg", "b6.jpg", "b7.jpg"]
    rejected = {r["path"]: r["reason"] for r in read_report(tmp_path / "out", "rejected.jsonl")}
    assert sorted(rejected) == ["b1.jpg", "b2.jpg", "b3.jpg", "b4.jpg"]
    assert "shapes[0]" in rejected["b1.jpg"] and "[x, y]" in rejected["b1.jpg"]
    assert f"{MAX_POINTS + 1:,} points" in rejected["b2.jpg"]
    assert "no label" in rejected["b3.jpg"] and "no label" in rejected["b4.jpg"]
