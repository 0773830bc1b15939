"""The plan's object counts are the manifest's: an object the writer cannot store (a COCO box of no
width, a YOLO box of no height) is not counted when the plan is printed, as it is not when the
shards are written (it was: the plan said 3 objects where the manifest said 2)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from PIL import Image

from helpers.cli_runs import run_shardify
from shardify.format.manifest import load_manifest


def _coco(root: Path) -> None:
    (root / "images").mkdir(parents=True)
    for i in range(3):
        Image.new("RGB", (40, 30), (i * 60, 20, 9)).save(root / "images" / f"{i}.jpg")
    boxes = [(0, 1, [1, 1, 10, 10]), (1, 2, [5, 5, 0, 10]), (2, 2, [5, 5, 3, 3]), (2, 1, [2, 2, 4, 0])]
    coco = {
        "images": [{"id": i, "file_name": f"{i}.jpg", "width": 40, "height": 30} for i in range(3)],
        "categories": [{"id": 1, "name": "cat"}, {"id": 2, "name": "dog"}],
        "annotations": [{"id": n, "image_id": image, "category_id": cat, "bbox": box, "area": box[2] * box[3], "iscrowd": 0}
                        for n, (image, cat, box) in enumerate(boxes, 1)],
    }
    (root / "annotations").mkdir()
    (root / "annotations" / "instances_train.json").write_text(json.dumps(coco))


def _yolo(root: Path) -> None:
    for split, text in {"train": "0 0.5 0.5 0.4 0.4\n1 0.5 0.5 0.2 0\n", "val": "1 0.6 0.6 0 0.2\n0 0.3 0.3 0.2 0.2\n"}.items():
        (root / "images" / split).mkdir(parents=True)
        (root / "labels" / split).mkdir(parents=True)
        Image.new("RGB", (40, 30), (90, 20, 200)).save(root / "images" / split / "a.jpg")
        (root / "labels" / split / "a.txt").write_text(text)
    (root / "data.yaml").write_text("path: .\ntrain: images/train\nval: images/val\nnames: ['person', 'bicycle']\n")


def _planned(text: str) -> dict[str, int]:
    found = re.search(r"^  objects: \d+ \(([^)]*)\)", text, re.MULTILINE)
    assert found, text
    return {name: int(n) for name, n in (part.split("=") for part in found.group(1).split(", "))}


def test_plan_counts_only_the_objects_written(tmp_path: Path) -> None:
    for name, build, want in (("coco", _coco, {"cat": 1, "dog": 1}), ("yolo", _yolo, {"person": 2})):
        src, out = tmp_path / name / "src", tmp_path / name / "out"
        build(src)
        dry = run_shardify("convert", str(src), str(out), "--dry-run")
        assert dry.returncode == 0, dry.stderr
        assert _planned(dry.stdout + dry.stderr) == want
        done = run_shardify("convert", str(src), str(out))
        assert done.returncode == 0, done.stderr
        written: dict[str, int] = {}
        for counts in load_manifest(str(out)).objects.counts.values():
            for label, n in counts.items():
                written[label] = written.get(label, 0) + n
        assert written == want
        repaired = (out / "repaired.jsonl").read_text()
        assert repaired.count("has no area") == 2
