"""COCO-like annotation files each named by its split (`train2018.json`, `val2018.json`,
`test2018.json`) beside split folders that are not theirs (iNaturalist 2018's `train_val2018/`):
read together, each giving the split of the images it names and their labels (issue 30); files that
name one image twice, or declare different categories, stop naming the files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_shard
from helpers.sources import image_bytes
from shardify.format import contract
from shardify.format.manifest import load_manifest

_CATEGORIES = [{"id": 3, "name": "oak"}, {"id": 8, "name": "robin"}]


def _layout(root: Path, *, val_names_a_train_image: bool = False, val_categories=None) -> None:
    """train_val2019/<group>/<category id>/<n>.jpg named by train.json and val.json (not by the folder),
    test2019/t<n>.jpg named by test.json, which has no annotations."""
    image_id = 0
    names = {"train": [], "val": []}
    for split, per_class in (("train", 2), ("val", 1)):
        images, annotations = [], []
        for category in _CATEGORIES:
            for i in range(per_class):
                image_id += 1
                path = f"train_val2019/{'Plants' if category['id'] == 3 else 'Birds'}/{category['id']}/{image_id:03d}.jpg"
                (root / path).parent.mkdir(parents=True, exist_ok=True)
                (root / path).write_bytes(image_bytes())
                images.append({"id": image_id, "file_name": path, "width": 8, "height": 8})
                annotations.append({"id": image_id, "image_id": image_id, "category_id": category["id"]})
                names[split].append(path)
        if split == "val" and val_names_a_train_image:
            images.append({"id": 99, "file_name": names["train"][0], "width": 8, "height": 8})
        doc = {"images": images, "annotations": annotations, "categories": val_categories if split == "val" and val_categories else _CATEGORIES}
        (root / f"{split}.json").write_text(json.dumps(doc))
    tests = []
    for i in range(2):
        path = f"test2019/t{i:03d}.jpg"
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(image_bytes())
        tests.append({"id": 100 + i, "file_name": path, "width": 8, "height": 8})
    (root / "test.json").write_text(json.dumps({"images": tests, "annotations": [], "categories": _CATEGORIES}))


def _written(out: Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                labels = record.get(contract.LABEL_TEXT) or []
                labels = [labels] if isinstance(labels, bytes) else labels
                found[record[contract.IMAGE_FILENAME].decode()] = (split, tuple(sorted(v.decode() for v in labels)))
    return found


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    root = tmp_path_factory.mktemp("split_files")
    _layout(root / "src")
    result = run_shardify("convert", str(root / "src"), str(root / "out"))
    return result, root / "out"


def test_each_file_gives_the_split_and_labels_of_its_images(converted):
    result, out = converted
    assert result.returncode == 0, result.stdout + result.stderr
    written = _written(out)
    assert sorted({split for split, _ in written.values()}) == ["test", "train", "val"]
    assert sum(split == "train" for split, _ in written.values()) == 4
    assert all(labels == ("oak",) for path, (_, labels) in written.items() if "/Plants/" in path)
    assert all(labels == ("robin",) for path, (_, labels) in written.items() if "/Birds/" in path)
    assert all(labels == () and split == "test" for path, (split, labels) in written.items() if path.startswith("test2019/"))


def test_the_class_folders_are_said_not_read(converted):
    result, _ = converted
    assert "class folders not read: test.json, train.json, val.json" in result.stdout + result.stderr


def test_two_files_naming_one_image_stop_naming_them(tmp_path):
    _layout(tmp_path / "src", val_names_a_train_image=True)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "train.json and val.json both name train_val2019/" in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").glob("*.tfrecord*"))


def test_files_declaring_different_categories_stop_naming_them(tmp_path):
    _layout(tmp_path / "src", val_categories=[{"id": 3, "name": "oak"}, {"id": 8, "name": "thrush"}])
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "declare different categories" in result.stderr and "val.json" in result.stderr and "8: thrush" in result.stderr


# GTSDB's gt.txt: a headerless `;` table, a row per box (`00000.ppm;774;411;815;446;11`), the class a number.

def _scenes(root: Path, *, crops: bool = False) -> None:
    rows = {"00000.png": [(2, 3, 9, 10, 11)], "00001.png": [(1, 1, 6, 6, 38), (10, 4, 17, 12, 1)], "00002.png": []}
    for name in rows:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(image_bytes(fmt="PNG"))
    if crops:
        (root / "11").mkdir()
        (root / "11" / "00000.png").write_bytes(image_bytes(fmt="PNG"))
    (root / "gt.txt").write_text("".join(f"{n};{x1};{y1};{x2};{y2};{c}\n" for n, boxes in rows.items() for x1, y1, x2, y2, c in boxes))


def _texts(value) -> list[str]:
    """A bytes feature as its strings (one value is read back as bytes, several as a list)."""
    if value is None:
        return []
    return [value.decode()] if isinstance(value, bytes) else [v.decode() for v in value]


def test_headerless_semicolon_box_rows_are_each_images_objects(tmp_path):
    _scenes(tmp_path / "src")
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stdout + result.stderr
    objects = {}
    for info in load_manifest(str(tmp_path / "out")).splits.values():
        for shard in info.shards:
            for record in read_shard(tmp_path / "out" / shard.path):
                objects[record[contract.IMAGE_FILENAME].decode()] = sorted(_texts(record.get(contract.OBJECT_TEXT)))
    assert objects == {"00000.png": ["11"], "00001.png": ["1", "38"], "00002.png": []}


def test_box_rows_whose_names_name_several_files_stop_naming_them(tmp_path):
    _scenes(tmp_path / "src", crops=True)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "gt.txt names its images by '00000.png' alone, which names 2 files (00000.png, 11/00000.png)" in result.stderr
