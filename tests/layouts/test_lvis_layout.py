"""LVIS v1 as its users lay it out: `lvis_v1_train.json` and `lvis_v1_val.json` beside COCO 2017's
`train2017/` and `val2017/`, images named only by `coco_url` (tfds' lvis dummy data and the LVIS API:
no `file_name`; categories with synonyms, frequency, image_count; images with
not_exhaustive_category_ids and neg_category_ids). Converted with no options: every record's split
is its file's (LVIS's val takes images from both COCO folders), its labels and objects its
annotations'; the URLs are never fetched, and hostile ones are rejected with a reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_report, read_shard
from shardify.format import contract

_CATEGORIES = [(1, "aerosol_can"), (2, "air_conditioner"), (3, "airplane"), (4, "alarm_clock"), (5, "alcohol")]
# file -> {image id: (COCO folder, category ids of its objects)}; val draws on train2017/ too
_FILES = {
    "lvis_v1_train.json": {391895: ("train2017", [1, 3, 3]), 522418: ("train2017", [2]), 184613: ("train2017", [5])},
    "lvis_v1_val.json": {397133: ("val2017", [3]), 87038: ("train2017", [1, 5]), 252219: ("val2017", [1])},
}


def _url(folder: str, image_id: int) -> str:
    return f"http://images.cocodataset.org/{folder}/{image_id:012d}.jpg"


def _lvis(root: Path, extra_images: dict[str, list[dict]] | None = None, extra_annotations: list[dict] | None = None) -> dict:
    """The download; {path relative to root: (split, label names, object names)}."""
    from PIL import Image

    names = dict(_CATEGORIES)
    categories = [
        {"id": i, "name": n, "synset": f"{n}.n.01", "synonyms": [n, n.replace("_", " ")], "def": f"a {n}",
         "frequency": "rcf"[i % 3], "image_count": 1, "instance_count": 2}
        for i, n in _CATEGORIES
    ]  # fmt: skip
    truth = {}
    for file, images in _FILES.items():
        split = "train" if "train" in file else "val"
        entries, annotations = [], []
        for image_id, (folder, objects) in images.items():
            path = root / folder / f"{image_id:012d}.jpg"
            path.parent.mkdir(parents=True, exist_ok=True)
            Image.new("RGB", (48, 32), (image_id % 251, 60, 120)).save(path)
            entries.append({"id": image_id, "coco_url": _url(folder, image_id), "height": 32, "width": 48, "license": 1,
                            "flickr_url": f"http://farm4.staticflickr.com/{image_id}.jpg", "date_captured": "2013-11-14",
                            "not_exhaustive_category_ids": [objects[0]], "neg_category_ids": [4]})  # fmt: skip
            for k, category in enumerate(objects):
                annotations.append({"id": 10 * image_id + k, "image_id": image_id, "category_id": category,
                                    "bbox": [2.0 + k, 3.0, 20.0, 12.0], "area": 240.0,
                                    "segmentation": [[2.0, 3.0, 22.0, 3.0, 22.0, 15.0]]})  # fmt: skip
            truth[f"{folder}/{image_id:012d}.jpg"] = (split, sorted({names[c] for c in objects}), [names[c] for c in objects])
        entries += (extra_images or {}).get(file, [])
        annotations += extra_annotations or [] if "val" in file else []
        # LVIS's files open with their annotations, as lvis_v1_*.json do
        document = {"info": {"description": "LVIS v1"}, "annotations": annotations, "images": entries, "licenses": [],
                    "categories": categories}  # fmt: skip
        (root / file).write_text(json.dumps(document))
    return truth


def _records(out: Path) -> dict[str, tuple[str, list[str], list[str], list[int]]]:
    """{image path: (split, label texts, object class texts, object class numbers)} of every record."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        split = shard.name.split("-")[0]
        for record in read_shard(shard):
            def values(key: str) -> list:
                value = record.get(key, [])
                return value if isinstance(value, list) else [value]

            found[record[contract.IMAGE_FILENAME].decode()] = (
                split,
                sorted(t.decode() for t in values(contract.LABEL_TEXT)),
                [t.decode() for t in values(contract.OBJECT_TEXT)],
                values(contract.OBJECT_LABEL),
            )
    return found


def test_lvis_converts_by_its_urls_with_each_files_split(tmp_path: Path) -> None:
    truth = _lvis(tmp_path / "lvis")
    result = run_shardify("convert", str(tmp_path / "lvis"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    records = _records(tmp_path / "out")
    assert sorted(records) == sorted(truth)
    order = [name for _, name in sorted(_CATEGORIES)]
    for path, (split, labels, objects) in truth.items():
        got_split, got_labels, got_objects, numbers = records[path]
        assert (got_split, got_labels, got_objects) == (split, labels, objects), path
        assert numbers == [order.index(name) + 1 for name in objects]  # all 5 categories numbered, id order
    assert records["train2017/000000087038.jpg"][0] == "val"  # LVIS's val, from COCO's train folder
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["objects"]["classes"] == {name: i + 1 for i, name in enumerate(order)}
    assert read_report(tmp_path / "out", "rejected.jsonl") == []


def test_hostile_urls_and_categories_are_rejected_with_reasons(tmp_path: Path) -> None:
    from PIL import Image

    (tmp_path / "elsewhere").mkdir()
    Image.new("RGB", (8, 8)).save(tmp_path / "elsewhere" / "000000000777.jpg")  # outside SRC
    hostile = [
        {"id": 901, "coco_url": "http://images.cocodataset.org/../../elsewhere/000000000777.jpg", "height": 8, "width": 8},
        {"id": 902, "coco_url": "http://images.cocodataset.org/val2017/%2e%2e/%2e%2e/elsewhere/000000000777.jpg",
         "height": 8, "width": 8},
        {"id": 903, "coco_url": "file:///etc/passwd", "height": 8, "width": 8},
        {"id": 904, "coco_url": "http://images.cocodataset.org/elsewhere/000000000778.jpg", "height": 8, "width": 8},
        {"id": 905, "height": 8, "width": 8},
    ]  # fmt: skip
    unknown = [{"id": 99, "image_id": 252219, "category_id": 77, "bbox": [1.0, 1.0, 5.0, 5.0], "area": 25.0},
               {"id": 98, "image_id": 397133, "category_id": 1203, "bbox": [1.0, 1.0, 5.0, 5.0], "area": 25.0}]  # fmt: skip
    truth = _lvis(tmp_path / "lvis", {"lvis_v1_val.json": hostile}, unknown)
    result = run_shardify("convert", str(tmp_path / "lvis"), str(tmp_path / "out"), "--max-rejects", "100%")
    assert result.returncode == 0, result.stderr
    records = _records(tmp_path / "out")
    assert sorted(records) == sorted(truth)  # the unknown categories label nothing; the images keep theirs
    for path, (split, labels, objects) in truth.items():
        assert records[path][:3] == (split, labels, objects), path
    reasons = {r.get("row"): r["reason"] for r in read_report(tmp_path / "out", "rejected.jsonl")}
    assert "climbs out" in reasons[4] and "climbs out" in reasons[5], reasons  # rows 4, 5 of val's images
    assert "not an http(s) URL" in reasons[6]
    assert "000000000778.jpg" in reasons[7]  # names no file under SRC
    assert 'without a "file_name" or a "coco_url"' in reasons[8]
    assert not any("elsewhere" in path for path in records)


def test_images_after_a_long_annotations_list_are_found_at_the_files_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """LVIS's files hold their images after hundreds of MB of annotations: detection looks at the
    file's end where its head names no image (here with a 1 MiB head, as with 64 MiB on the real files)."""
    from shardify.beam_jobs.discover import coco_like
    from shardify.beam_jobs.launch import run_conversion
    from shardify.config import ConvertConfig

    truth = _lvis(tmp_path / "lvis")
    for file in _FILES:  # a long annotations list ahead of the images, as in the real files
        document = json.loads((tmp_path / "lvis" / file).read_text())
        for annotation in document["annotations"]:
            annotation["segmentation"] = [[float(v % 20) for v in range(120_000)]]
        (tmp_path / "lvis" / file).write_text(json.dumps(document))
    assert (tmp_path / "lvis" / "lvis_v1_val.json").stat().st_size > 2 << 20
    monkeypatch.setattr(coco_like, "URL_SCAN_BYTES", 1 << 20)
    run_conversion(ConvertConfig(str(tmp_path / "lvis"), str(tmp_path / "out")))
    records = _records(tmp_path / "out")
    assert {path: r[:3] for path, r in records.items()} == truth
