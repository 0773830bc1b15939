"""`--layout coco` on a download of a COCO file per split (COCO 2017's annotations/instances_{train,val}2017.json).

The layout reads one annotation file; with two in SRC none was chosen, and the refusal said "none was found in SRC"
while two lay in annotations/ (newcomer33 tripped on it). It now names them, `--labels FILE`, and that detection
without `--layout` reads one per split; which it does, each with its split's images.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.made_files import image_file
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError


def _coco(src: Path) -> None:
    for split, ids in (("train2017", (1, 2, 3)), ("val2017", (4, 5))):
        images, annotations = [], []
        for i in ids:
            image_file(src / split / f"{i:012d}.jpg", str(i), 32, 24)
            images.append({"id": i, "file_name": f"{i:012d}.jpg", "width": 32, "height": 24})
            annotations.append({"id": i * 10, "image_id": i, "category_id": 1 + i % 2, "bbox": [1, 1, 10, 10],
                                "area": 100, "iscrowd": 0})
        (src / "annotations").mkdir(parents=True, exist_ok=True)
        (src / "annotations" / f"instances_{split}.json").write_text(json.dumps(
            {"images": images, "annotations": annotations, "categories": [{"id": 1, "name": "cat"}, {"id": 2, "name": "dog"}]}))


def test_forced_coco_names_the_files_it_found_and_detection_reads_them(tmp_path: Path) -> None:
    _coco(tmp_path / "src")
    with pytest.raises(UsageError) as refused:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), layout="coco"))
    said = str(refused.value)
    assert "annotations/instances_train2017.json" in said and "--labels FILE" in said and "none was found" not in said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "detected")))
    written = written_records(tmp_path / "detected")["records"]
    assert {rid: split for rid, (split, _) in written.items()} == {
        **{f"train2017/{i:012d}.jpg": "train" for i in (1, 2, 3)}, **{f"val2017/{i:012d}.jpg": "validation" for i in (4, 5)}}
    assert {rid: labels for rid, (_, labels) in written.items()}["val2017/000000000004.jpg"] == frozenset({"cat"})
