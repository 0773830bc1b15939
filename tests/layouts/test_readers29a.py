"""Useless stops of blind batches on detection datasets, read by kind (readers29a).

- one JSON document per split listing its images, each entry naming its image in a nested field
  (`image.pathname`, written from the dataset's root with a leading `/`) and its objects' corners as two
  points of a row and a column (BBBC041's `bounding_box.minimum.r/.c`, `maximum.r/.c`): were a stop naming
  nothing that converts; now read by the rows of shardify/plan/corner_point_documents.py, split by the
  document's name. Its neighbour: the same kind under other names (keras-rcnn-style `bbox.min.x/.y`,
  `label`, `image.path` relative, `validation.json`). Hostile twins: a NaN corner rejects its image by name,
  a box outside its image is not written as it is, an entry naming no image is rejected by its number,
  the row before the column (a box whose corners are out of order) is never written swapped.
- colour-coded ground truth for part of a folder of tiles, mirroring their names, beside another view of the same
  tiles (ISPRS Vaihingen's `gts_for_participants/` for 16 of 33 `top/` tiles, `dsm/` elevation rasters): was a stop
  naming only a layout file; now the stop names `dsm/`'s `--exclude` (mirror_trees.view_folders), and with it the
  masks are read as the tiles' own, the tiles without one written without a mask (Structure.partial_masks,
  Evidence.partial; counted as num_unmasked). Its neighbour: a partial colour mirror under other names, no view
  folder. Near misses and twins: full-colour photos sharing a few names are no masks; masks of another size stop;
  another class folder beside that names other images is offered no --exclude.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from helpers.blind29 import DATASETS
from helpers.made_files import image_file as _image
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.shard_io import images_by_name, read_report
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig, parse_max_rejects
from shardify.errors import UsageError
from shardify.format import contract
from shardify.plan import box_formats

# ISPRS's colours: impervious, building, low vegetation, tree, car, clutter
_PALETTE = [(255, 255, 255), (0, 0, 255), (0, 255, 255), (0, 255, 0), (255, 255, 0), (255, 0, 0)]


def test_the_docstring_examples_hold() -> None:
    import doctest

    from shardify.plan import mirror_trees

    for module in (box_formats, mirror_trees):
        assert doctest.testmod(module).failed == 0


def test_bbbc041_converts_right(tmp_path: Path) -> None:
    truth = DATASETS["bbbc041"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def _entry(path: str, objects: list[dict], key: str = "pathname") -> dict:
    return {"image": {key: path, "shape": {"r": 16, "c": 20, "channels": 3}}, "objects": objects}


def _box(cls: str, r0: float, c0: float, r1: float, c1: float, label: str = "category") -> dict:
    return {label: cls, "bounding_box": {"minimum": {"r": r0, "c": c0}, "maximum": {"r": r1, "c": c1}}}


def _values(record: dict, key: str) -> list[float]:
    """A record's feature as a list (one value reads back as a number)."""
    found = record.get(key, [])
    return list(found) if isinstance(found, (list, tuple)) else [found]


def _bbbc_like(root: Path, entries_of: dict[str, list[dict]], images: list[str]) -> None:
    for name in images:
        _image(root / "images" / name, f"{root.name}{name}", fmt="PNG")
    for file, entries in entries_of.items():
        _text(root / file, json.dumps(entries))


def test_rows_are_y_and_columns_x(tmp_path: Path) -> None:
    # a box wider than tall: the column (c) is x, the row (r) is y, never swapped
    root = tmp_path / "cells"
    _bbbc_like(root, {"training.json": [_entry("/images/a.png", [_box("ring", 2, 4, 6, 18)]),
                                        _entry("/images/b.png", [_box("leukocyte", 1, 1, 15, 5)])],
                      "test.json": [_entry("/images/c.png", [_box("ring", 3, 3, 9, 9)])]}, ["a.png", "b.png", "c.png"])
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    got = images_by_name(tmp_path / "out")
    a = got["images/a.png"]
    xmin, ymin, xmax, ymax = (_values(a, key)[0] for key in (contract.OBJECT_XMIN, contract.OBJECT_YMIN,
                                                            contract.OBJECT_XMAX, contract.OBJECT_YMAX))
    assert (round(xmin * 20), round(xmax * 20), round(ymin * 16), round(ymax * 16)) == (4, 18, 2, 6)
    assert {n: r["split"] for n, r in got.items()} == {"images/a.png": "train", "images/b.png": "train", "images/c.png": "test"}


def test_the_kind_under_other_names_is_read(tmp_path: Path) -> None:
    # neighbour: keras-rcnn-style names: image.path relative to the document, bbox.min/max.x/y, label, validation.json
    root = tmp_path / "nuclei"

    def box(cls: str, x0: int, y0: int, x1: int, y1: int) -> dict:
        return {"label": cls, "bbox": {"min": {"x": x0, "y": y0}, "max": {"x": x1, "y": y1}}}

    entries = {"training.json": [{"image": {"path": f"images/n{i}.png"}, "objects": [box("nucleus", 1, 1, 9, 7)] * (1 + i)}
                                 for i in range(3)],
               "validation.json": [{"image": {"path": "images/n3.png"}, "objects": [box("debris", 2, 2, 6, 6)]}]}
    _bbbc_like(root, entries, [f"n{i}.png" for i in range(4)])
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    got = written_records(tmp_path / "out")
    assert got["objects"]["images/n2.png"] == ["nucleus"] * 3
    assert got["records"]["images/n3.png"] == ("validation", frozenset({"debris"}))
    assert got["records"]["images/n0.png"][0] == "train"


def test_a_document_of_other_objects_is_no_box_document() -> None:
    # a list of entries naming images whose objects hold no corner points: not this kind
    head = json.dumps([{"image": {"pathname": "/images/a.png"}, "objects": [{"category": "ring", "centre": {"r": 3, "c": 4}}]}])
    found = box_formats.file_format("training.json", [head])
    assert found is None or "corner points" not in found.name


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("hostile29a")
    root = base / "smears"
    entries = [
        _entry("/images/good.png", [_box("ring", 2, 2, 8, 10)]),
        _entry("/images/nan.png", [_box("ring", math.nan, 2, 8, 10)]),
        _entry("/images/outside.png", [_box("ring", 2, 2, 80, 100)]),
        _entry("/images/backwards.png", [_box("ring", 8, 10, 2, 2)]),
        {"image": {"shape": {"r": 16, "c": 20}}, "objects": [_box("ring", 1, 1, 4, 4)]},  # names no image
        _entry("/images/negative.png", [_box("ring", -5, -5, -1, -1)]),
    ]
    names = ["good.png", "nan.png", "outside.png", "backwards.png", "negative.png"]
    # (json.dumps writes NaN as the bare token, which JSON has not: the document's reader says so, or rejects the entry)
    _bbbc_like(root, {"training.json": entries}, names)
    run_conversion(ConvertConfig(str(root), str(base / "out"), max_rejects=parse_max_rejects("100%")))
    return base / "out"


def test_hostile_boxes_are_never_written_wrong(hostile: Path) -> None:
    got = images_by_name(hostile)
    assert "images/good.png" in got
    rejected = {r["path"]: r["reason"] for r in read_report(hostile, "rejected.jsonl")}
    for bad in ("nan", "backwards", "negative"):
        name = f"images/{bad}.png"
        written = got.get(name)
        assert written is None or not _values(written, contract.OBJECT_XMIN), name
        if written is None:
            assert any(bad in path for path in rejected), (bad, rejected)
    outside = got.get("images/outside.png")
    if outside is not None:  # clipped to the image and said, or dropped: never a box past its sides
        assert all(0 <= v <= 1 for key in (contract.OBJECT_XMAX, contract.OBJECT_YMAX) for v in _values(outside, key))
    assert any("entry 5" in reason for reason in rejected.values()), rejected


# ------------------------------------------------------------------------------------------------
# A colour-mask mirror covering part of the images, another view of them beside (ISPRS Vaihingen)
# ------------------------------------------------------------------------------------------------

def test_vaihingen_stops_naming_the_view_folder_and_then_converts_right(tmp_path: Path) -> None:
    from helpers.blind26 import DATASETS as BATCH26

    truth = BATCH26["vaihingen"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "--exclude 'ISPRS_semantic_labeling_Vaihingen/dsm'" in said and "gts_for_participants" in said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), exclude=("ISPRS_semantic_labeling_Vaihingen/dsm",)))
    assert_right(truth, tmp_path / "followed")
    got = images_by_name(tmp_path / "followed")
    masked = {name.rsplit("area", 1)[1] for name, r in got.items() if contract.SEGMENTATION in r}
    assert masked == {"1.tif", "3.tif", "5.tif"}  # the tiles with ground truth carry it, the others none
    manifest = json.loads((tmp_path / "followed" / "manifest.json").read_text())
    assert manifest["splits"]["train"]["num_unmasked"] == 3


def _colour_mask(path: Path, seed: int, size: tuple[int, int] = (20, 16), colours=_PALETTE) -> None:
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    pixels = np.asarray(colours, dtype=np.uint8)[rng.integers(0, len(colours), (size[1], size[0]))]
    Image.fromarray(pixels, "RGB").save(path)


def _tiles(root: Path, names: list[str], masked: list[str], masks: str = "gt_colour", mask_size=(20, 16),
           tiles: str = "tiles") -> None:
    for name in names:
        _image(root / tiles / name, f"{root.name}{name}", fmt="PNG")
    for i, name in enumerate(masked):
        _colour_mask(root / masks / name, i, mask_size)


def test_a_partial_colour_mirror_under_other_names_gives_its_images_their_masks(tmp_path: Path) -> None:
    # neighbour: no view folder, other names, 4 of 7 tiles labelled, PNG (ISPRS Potsdam-like; its real 5_Labels_all/
    # names each mask `<tile>_label.tif` beside `2_Ortho_RGB/<tile>_RGB.tif`: not read yet, left alone)
    names = [f"tile_{r}_{c}.png" for r in (2, 3) for c in (10, 11, 12)] + ["tile_4_10.png"]
    _tiles(tmp_path / "city" / "Potsdam", names, names[:4], masks="gts_colour", tiles="ortho")
    run_conversion(ConvertConfig(str(tmp_path / "city"), str(tmp_path / "out")))
    got = images_by_name(tmp_path / "out")
    assert sorted(got) == sorted(f"Potsdam/ortho/{n}" for n in names)  # the masks no records
    assert {n.rpartition("/")[2] for n, r in got.items() if contract.SEGMENTATION in r} == set(names[:4])


def test_photos_sharing_a_few_names_are_no_masks(tmp_path: Path) -> None:
    # near miss: a folder of full-colour photos that shares some of the tiles' names is not a folder of masks
    names = [f"tile_{i}.png" for i in range(6)]
    root = tmp_path / "city"
    _tiles(root, names, [])
    for name in names[:3]:
        _image(root / "gt_colour" / name, f"other{name}", fmt="PNG")
    try:
        run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    except UsageError:
        return  # a stop before writing is allowed
    assert not any(contract.SEGMENTATION in r for r in images_by_name(tmp_path / "out").values())


def test_a_partial_mirror_of_masks_of_another_size_is_not_read_as_masks(tmp_path: Path) -> None:
    names = [f"tile_{i}.png" for i in range(6)]
    _tiles(tmp_path / "city", names, names[:3], mask_size=(10, 8))
    with pytest.raises(UsageError):  # a stop naming the folder, never the masks written as records or as a class
        run_conversion(ConvertConfig(str(tmp_path / "city"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_another_class_folder_beside_that_is_no_view_gets_no_exclude(tmp_path: Path) -> None:
    # twin: beside the tiles and their partial masks, a folder of other photos: maybe a class, so no --exclude is offered
    names = [f"tile_{i}.png" for i in range(6)]
    root = tmp_path / "city"
    _tiles(root, names, names[:3])
    for i in range(4):
        _image(root / "harbour" / f"photo{i}.png", f"harbour{i}", fmt="PNG")
    said = refusal(root, tmp_path / "out")
    assert "--exclude" not in said or "harbour" not in said.split("--exclude", 1)[1][:40]
