"""`shardify inspect` on a detection output: objects per class, and boxes drawn where the objects are."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.inspect.facts import inspect_output
from shardify.inspect.record_sample import read_sample
from shardify.inspect.text_view import describe
from shardify.inspect.thumbnails import thumbnail_data_uri
from shardify.format.manifest import load_manifest

_GREY = (200, 200, 200)


def _coco_with_visible_objects(root: Path) -> dict[str, tuple[int, int, int, int]]:
    """Grey images, each with one dark rectangle and its COCO box [x, y, w, h]."""
    (root / "images").mkdir(parents=True)
    images, annotations, boxes = [], [], {}
    for i in range(4):
        x, y, w, h = 20 + 40 * i, 30 + 20 * i, 100, 80
        image = Image.new("RGB", (320, 240), _GREY)
        ImageDraw.Draw(image).rectangle((x, y, x + w - 1, y + h - 1), fill=(20, 20, 20))
        image.save(root / "images" / f"{i}.png")
        images.append({"id": i + 1, "file_name": f"{i}.png", "width": 320, "height": 240})
        annotations.append(
            {"id": 10 + i, "image_id": i + 1, "category_id": 1 + i % 2, "bbox": [x, y, w, h], "area": w * h, "iscrowd": 0}
        )
        boxes[f"images/{i}.png"] = (x, y, w, h)
    document = {
        "images": images,
        "annotations": annotations,
        "categories": [{"id": 1, "name": "box"}, {"id": 2, "name": "crate"}],
    }
    (root / "annotations.json").write_text(json.dumps(document))
    return boxes


def test_thumbnails_outline_each_object_on_its_edges(tmp_path: Path) -> None:
    boxes = _coco_with_visible_objects(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), shards=1))
    sample = read_sample(load_manifest(str(tmp_path / "out")))
    shown = [r for r in sample.records if r.image is not None]
    assert {r.record_id for r in shown} == set(boxes)
    for record in shown:
        x, y, w, h = boxes[record.record_id]
        assert len(record.boxes) == 1
        ymin, xmin, ymax, xmax, name = record.boxes[0]
        assert name in ("box", "crate")
        np.testing.assert_allclose((xmin * 320, ymin * 240, xmax * 320, ymax * 240), (x, y, x + w, y + h), atol=1e-3)
        uri = thumbnail_data_uri(record.image, size=320, boxes=record.boxes)
        drawn = np.asarray(Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))).convert("RGB")).astype(int)
        plain = np.asarray(Image.open(io.BytesIO(record.image)).convert("RGB")).astype(int)
        changed = np.abs(drawn - plain).sum(axis=2) > 60  # JPEG noise stays well under this
        rows, cols = np.nonzero(changed)
        assert changed.sum() > 2 * (w + h), "an outline all round the object"
        assert abs(rows.min() - y) <= 2 and abs(rows.max() - (y + h)) <= 2
        assert abs(cols.min() - x) <= 2 and abs(cols.max() - (x + w)) <= 2


def test_the_report_counts_objects_per_class_with_their_numbers(tmp_path: Path) -> None:
    _coco_with_visible_objects(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), shards=1, class_ids="source"))
    text = describe(inspect_output(str(tmp_path / "out")))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("objects (4; class numbers: source)"))
    assert lines[at + 2].split() == ["box", "1", "2"] and lines[at + 3].split() == ["crate", "2", "2"]
