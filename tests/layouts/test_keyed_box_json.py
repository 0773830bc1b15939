"""JSON documents of boxes keyed by image (issue 30, newcomer round eighteen: HaGRID's
`ann_train_val/<gesture>.json`, `{uuid: {bboxes: [[x, y, w, h] normalised, top-left], labels: [...]}}`
beside `train_val_<gesture>/<uuid>.jpg`, stopped as an unread file with only label options offered).

Read now by `shardify/plan/keyed_box_documents.py` with no option: the case (HaGRID, from its README),
a neighbour of the kind (the VGG Image Annotator 2's project export, pixels, the class a region
attribute; from memory of via-2.x's JSON), and twins that must still stop: parallel lists of
unequal length, boxes in pixels where fractions are documented, a VIA export whose regions hold two text attributes (which is the class?).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.sources import image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError
from shardify.format import contract
from shardify.format.manifest import load_manifest

_W, _H = 40, 20


def _listed(value: object) -> list:
    """A feature as a list (a feature of one value reads back as the value)."""
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _boxes(out: Path) -> dict[str, list[tuple[str, tuple[float, ...]]]]:
    """{image path: [(class, (xmin, ymin, xmax, ymax) as written)]}."""
    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                names = [n.decode() if isinstance(n, bytes) else n for n in _listed(record.get(contract.OBJECT_TEXT, []))]
                corners = zip(*(_listed(record[k]) for k in (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)))
                found[record[contract.IMAGE_FILENAME].decode()] = sorted(
                    (n, tuple(round(float(v), 3) for v in c)) for n, c in zip(names, corners))
    return found


def _hagrid(root: Path, unequal: bool = False, scale: float = 1) -> dict[str, list]:
    truth = {}
    for g, gesture in enumerate(("call", "peace")):
        ann = {}
        for i in range(3):
            uuid = f"{g:04x}{i:04x}-7b1c-4e2a-9d3f-00000000000{i}"
            write_file(root / f"hagrid_dataset_512/train_val_{gesture}/{uuid}.jpg", image_bytes(size=(_W, _H), seed=3 * g + i))
            labels = [gesture, "no_gesture"][: 1 + i % 2]
            boxes = [[v * scale for v in (0.1 + 0.4 * b, 0.2, 0.25, 0.5)] for b in range(len(labels))]
            ann[uuid] = {"bboxes": boxes + ([[0.0, 0.0, 0.1, 0.1]] if unequal and i == 2 else []), "labels": labels,
                         "leading_hand": "right", "leading_conf": 1.0, "user_id": "ab" * 32}
            # normalised top-left x, y, w, h -> corners (x, y, x + w, y + h), as fractions
            truth[f"hagrid_dataset_512/train_val_{gesture}/{uuid}.jpg"] = sorted(
                (lab, (round(x, 3), round(y, 3), round(x + w, 3), round(y + h, 3))) for lab, (x, y, w, h) in zip(labels, boxes))
        write_file(root / f"ann_train_val/{gesture}.json", json.dumps(ann))
    return truth


@pytest.fixture(scope="module")
def hagrid(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    root = tmp_path_factory.mktemp("hagrid")
    truth = _hagrid(root / "src")
    run_conversion(ConvertConfig(str(root / "src"), str(root / "out")))
    return truth, root / "out"


def test_hagrid_boxes_keyed_by_uuid_are_each_images_objects(hagrid) -> None:
    truth, out = hagrid
    got = _boxes(out)
    assert {k: [n for n, _ in v] for k, v in got.items()} == {k: [n for n, _ in v] for k, v in truth.items()}
    for image, objects in truth.items():  # written normalised, or in pixels of the 40 x 20 image
        written = got[image]
        scale = (1, 1, 1, 1) if all(v <= 1 for _, c in written for v in c) else (_W, _H, _W, _H)
        assert [(n, tuple(round(v * s, 3) for v, s in zip(c, scale))) for n, c in objects] == written


def test_hagrid_labels_are_the_boxes_classes(hagrid) -> None:
    truth, out = hagrid
    records = written_records(out)["records"]
    assert {k: labels for k, (_, labels) in records.items()} == {k: frozenset(n for n, _ in v) for k, v in truth.items()}


def test_parallel_lists_of_unequal_length_stop_naming_the_file(tmp_path: Path) -> None:
    _hagrid(tmp_path / "src", unequal=True)
    with pytest.raises(ShardifyError, match=r"(?s)ann_train_val/(call|peace)\.json.*2 boxes in bboxes but 1 in labels"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_pixels_where_fractions_are_documented_stop_naming_the_file(tmp_path: Path) -> None:
    """The twin in pixels (40 x 20 images): clipped to the image as fractions, every box were wrong."""
    _hagrid(tmp_path / "src", scale=40)
    with pytest.raises(ShardifyError, match=r"(?s)ann_train_val/(call|peace)\.json.*numbers above 1: pixels"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def _via(root: Path, attributes: dict[str, str] | None = None) -> dict[str, list]:
    metadata, truth = {}, {}
    for i, name in enumerate(("balloon_01.jpg", "balloon_02.jpg", "street_03.jpg")):
        data = image_bytes(size=(_W, _H), seed=i)
        write_file(root / f"images/{name}", data)
        cls = "balloon" if name.startswith("balloon") else "lamp"
        regions = [{"shape_attributes": {"name": "rect", "x": 4 + 10 * r, "y": 2, "width": 8, "height": 10},
                    "region_attributes": attributes or {"object": cls}} for r in range(1 + i % 2)]
        metadata[f"{name}{len(data)}"] = {"filename": name, "size": len(data), "regions": regions, "file_attributes": {}}
        truth[f"images/{name}"] = sorted((cls, (4 + 10 * r, 2, 12 + 10 * r, 12)) for r in range(1 + i % 2))
    write_file(root / "images/via_project.json", json.dumps({"_via_settings": {"ui": {}}, "_via_img_metadata": metadata}))
    return truth


def test_via_project_rectangles_are_objects_of_their_region_attribute(tmp_path: Path) -> None:
    truth = _via(tmp_path / "src")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    got = _boxes(tmp_path / "out")
    assert {k: [n for n, _ in v] for k, v in got.items()} == {k: [n for n, _ in v] for k, v in truth.items()}
    for image, objects in truth.items():  # pixels as written, or as fractions of the 40 x 20 image
        written = got[image]
        scale = (1, 1, 1, 1) if any(v > 1 for _, c in written for v in c) else (1 / _W, 1 / _H, 1 / _W, 1 / _H)
        assert [(n, tuple(round(v * s, 3) for v, s in zip(c, scale))) for n, c in objects] == written


def test_via_regions_with_two_text_attributes_stop_naming_them(tmp_path: Path) -> None:
    _via(tmp_path / "src", attributes={"object": "balloon", "colour": "red"})
    with pytest.raises(ShardifyError, match=r"(?s)via_project\.json.*several attributes.*colour, object"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
