"""readers27a: COCO files lying per split (iSAID's `<split>/Annotations/iSAID_<split>.json`), a split
folder no file annotates (iSAID's `test/`, COCO 2017's `test2017/` without image_info_test2017.json:
that split's unlabelled records), files named after an image no file names (iSAID's
`P0000_instance_id_RGB.png`: auxiliary); and their hostile twins (a split's file naming none of its
folder's images; a derived-named file a COCO file names; a test folder's file named after nothing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import blind_tally
from helpers.made_files import image_file, text_file
from helpers.shard_io import images_by_name, read_report, rejects_by_path
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError
from shardify.format import contract

_CLASSES = ["plane", "ship", "harbor"]


def _coco(path: Path, names: list[str], *, first_id: int = 1) -> None:
    """A COCO instances file naming `names`, each image one box of a class by its place."""
    images = [{"id": first_id + i, "file_name": name, "width": 20, "height": 16} for i, name in enumerate(names)]
    anns = [{"id": first_id + i, "image_id": first_id + i, "category_id": i % 3 + 1, "bbox": [2, 3, 5, 6], "area": 30.0,
             "iscrowd": 0, "segmentation": [[2, 3, 7, 3, 7, 9, 2, 9]]} for i in range(len(names))]
    cats = [{"id": i + 1, "name": n, "supercategory": n} for i, n in enumerate(_CLASSES)]
    text_file(path, json.dumps({"images": images, "annotations": anns, "categories": cats}))


def _isaid_like(root: Path, *, test_file: list[str] | None = None, derived: bool = True) -> None:
    """Split folders each with `Annotations/<x>_<split>.json` beside `images/`, a test folder of
    images alone (or with a file naming `test_file`), derived PNGs named after each image."""
    for split, ids in (("train", (0, 1, 2)), ("val", (3, 4)), ("test", (5, 6))):
        for i in ids:
            image_file(root / f"set/{split}/images/P{i:04d}.png", f"p{i}", fmt="PNG")
            if derived and split != "test":
                image_file(root / f"set/{split}/images/P{i:04d}_instance_id_RGB.png", f"d{i}", fmt="PNG")
        if split != "test":
            _coco(root / f"set/{split}/Annotations/set_{split}.json", [f"P{i:04d}.png" for i in ids], first_id=ids[0] + 1)
        elif test_file is not None:
            _coco(root / f"set/{split}/Annotations/set_{split}.json", test_file, first_id=100)


def _convert(root: Path, out: Path) -> dict[str, dict]:
    run_conversion(ConvertConfig(str(root), str(out)))
    return images_by_name(out)


def _objects(record: dict) -> list[int]:
    """The record's objects' class numbers (plane 1, ship 2, harbor 3: COCO's ids)."""
    numbers = record.get(contract.OBJECT_LABEL, [])
    return [numbers] if isinstance(numbers, int) else list(numbers)


def test_isaid_converts_right(tmp_path: Path) -> None:
    assert blind_tally.judge("isaid", tmp_path, 26)["kind"] == "right"


def test_split_folders_with_their_own_annotations_folder_read_each_file(tmp_path: Path) -> None:
    _isaid_like(tmp_path / "src")
    records = _convert(tmp_path / "src", tmp_path / "out")
    assert {name: r["split"] for name, r in records.items()} == {
        **{f"set/train/images/P000{i}.png": "train" for i in (0, 1, 2)},
        **{f"set/val/images/P000{i}.png": "val" for i in (3, 4)},
        **{f"set/test/images/P000{i}.png": "test" for i in (5, 6)},
    }
    assert _objects(records["set/train/images/P0001.png"]) == [2]
    assert _objects(records["set/test/images/P0005.png"]) == []
    assert not rejects_by_path(tmp_path / "out")


def test_coco_2017_with_test2017_and_no_image_info_writes_test_unlabelled(tmp_path: Path) -> None:
    src = tmp_path / "coco"
    for split, names in (("train", ["1.jpg", "2.jpg", "3.jpg"]), ("val", ["4.jpg", "5.jpg"]), ("test", ["6.jpg", "7.jpg"])):
        for name in names:
            image_file(src / f"{split}2017/{name}", f"{split}{name}")
        if split != "test":
            _coco(src / f"annotations/instances_{split}2017.json", names, first_id=int(names[0][0]))
    records = _convert(src, tmp_path / "out")
    assert {name: r["split"] for name, r in records.items()} == {
        "train2017/1.jpg": "train", "train2017/2.jpg": "train", "train2017/3.jpg": "train",
        "val2017/4.jpg": "val", "val2017/5.jpg": "val", "test2017/6.jpg": "test", "test2017/7.jpg": "test",
    }
    assert _objects(records["val2017/4.jpg"]) == [1] and _objects(records["test2017/7.jpg"]) == []


def test_a_split_folder_whose_file_names_none_of_its_images_rejects_them(tmp_path: Path) -> None:
    _isaid_like(tmp_path / "src", test_file=["Q0009.png"])
    with pytest.raises(ShardifyError):
        _convert(tmp_path / "src", tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()
    rejected = rejects_by_path(tmp_path / "out")
    assert {"set/test/images/P0005.png", "set/test/images/P0006.png"} <= rejected.keys()


def test_a_derived_named_file_the_coco_file_names_is_its_record(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _isaid_like(src)
    image_file(src / "set/train/images/P0009.png", "p9", fmt="PNG")
    image_file(src / "set/train/images/P0009_instance_id_RGB.png", "d9", fmt="PNG")
    names = ["P0000.png", "P0001.png", "P0002.png", "P0009.png", "P0009_instance_id_RGB.png"]
    _coco(src / "set/train/Annotations/set_train.json", names, first_id=1)
    records = _convert(src, tmp_path / "out")
    assert records["set/train/images/P0009_instance_id_RGB.png"]["split"] == "train"
    assert _objects(records["set/train/images/P0009_instance_id_RGB.png"]) == [2]
    assert "set/train/images/P0000_instance_id_RGB.png" not in records


def test_a_derived_named_file_beside_no_image_is_no_derived_file(tmp_path: Path) -> None:
    # P0007_instance_id_RGB.png has no P0007.png beside it: the tail is not learnt, every unnamed file a reject
    src = tmp_path / "src"
    _isaid_like(src)
    image_file(src / "set/val/images/P0007_instance_id_RGB.png", "d7", fmt="PNG")
    with pytest.raises(ShardifyError):
        _convert(src, tmp_path / "out")
    assert "set/train/images/P0000_instance_id_RGB.png" in rejects_by_path(tmp_path / "out")


# Per-image JSON boxes in a flat folder beside split folders of their images (MTSD's annotations/<key>.json beside
# images/<split>/<key>.jpg), the four corners in an object of their own (`objects[].bbox.xmin`).


def test_mtsd_converts_right(tmp_path: Path) -> None:
    assert blind_tally.judge("mtsd", tmp_path, 27)["kind"] == "right"


def _boxes_beside_split_tree(root: Path, doc: dict[str, dict], *, splits: dict[str, list[str]]) -> None:
    """`images/<split>/<stem>.jpg` for each split's stems, `labels/<stem>.json` holding `doc[stem]`."""
    for split, stems in splits.items():
        for stem in stems:
            image_file(root / f"images/{split}/{stem}.jpg", f"{split}{stem}")
    for stem, body in doc.items():
        text_file(root / f"labels/{stem}.json", json.dumps(body))


def _one_box(label: str, left: float, top: float, right: float, bottom: float) -> dict:
    return {"boxes": [{"class": label, "box": {"left": left, "top": top, "right": right, "bottom": bottom}}]}


def test_a_neighbour_of_box_objects_with_left_top_right_bottom_converts_right(tmp_path: Path) -> None:
    src = tmp_path / "src"
    docs = {"k1": _one_box("car", 1, 2, 9, 12), "k2": _one_box("bus", 2, 2, 10, 10), "k3": _one_box("car", 0, 0, 4, 4),
            "k4": {"boxes": []}}
    _boxes_beside_split_tree(src, docs, splits={"train": ["k1", "k2", "k4"], "val": ["k3"]})
    records = _convert(src, tmp_path / "out")
    assert {name: r["split"] for name, r in records.items()} == {
        "images/train/k1.jpg": "train", "images/train/k2.jpg": "train", "images/train/k4.jpg": "train", "images/val/k3.jpg": "val"}
    k1 = records["images/train/k1.jpg"]
    assert k1[contract.OBJECT_XMIN] == pytest.approx(1 / 20) and k1[contract.OBJECT_YMAX] == pytest.approx(12 / 16)
    assert _objects(records["images/train/k4.jpg"]) == []


def _box_case(tmp_path: Path, corners: tuple) -> Path:
    src = tmp_path / "src"
    docs = {"k1": _one_box("car", 1, 2, 9, 12), "k2": _one_box("bus", *corners), "k3": _one_box("car", 0, 0, 4, 4),
            "k5": _one_box("bus", 3, 3, 6, 6)}
    _boxes_beside_split_tree(src, docs, splits={"train": ["k1", "k2", "k5"], "val": ["k3"]})
    return src


def test_a_box_number_that_is_nan_rejects_its_image(tmp_path: Path) -> None:
    with pytest.raises(ShardifyError):
        _convert(_box_case(tmp_path, (float("nan"), 2, 9, 12)), tmp_path / "out")
    assert "not a finite number" in rejects_by_path(tmp_path / "out")["images/train/k2.jpg"]
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_box_whose_right_lies_before_its_left_is_dropped_and_named(tmp_path: Path) -> None:
    # (as every box of no area is: the record written without it, the repair named in repaired.jsonl)
    records = _convert(_box_case(tmp_path, (9, 2, 1, 12)), tmp_path / "out")
    assert _objects(records["images/train/k2.jpg"]) == []
    repairs = {r["path"]: r["repair"] for r in read_report(tmp_path / "out", "repaired.jsonl")}
    assert "no area" in repairs["images/train/k2.jpg"]


def test_an_image_without_its_document_in_an_annotated_split_is_a_reject_and_a_bare_split_unlabelled(tmp_path: Path) -> None:
    # k9 in train has no document while train's others have theirs: written, it would pass for an image of no sign;
    # test/ has none at all (MTSD's withheld test annotations): its images are written without objects
    src = tmp_path / "src"
    docs = {"k1": _one_box("car", 1, 2, 9, 12), "k2": _one_box("bus", 2, 2, 10, 10), "k3": _one_box("car", 0, 0, 4, 4)}
    _boxes_beside_split_tree(src, docs, splits={"train": ["k1", "k2", "k9"], "val": ["k3"], "test": ["t1", "t2"]})
    with pytest.raises(ShardifyError):
        _convert(src, tmp_path / "out")
    assert set(rejects_by_path(tmp_path / "out")) == {"images/train/k9.jpg"}
    (src / "images/train/k9.jpg").unlink()
    records = _convert(src, tmp_path / "out2")
    assert records["images/test/t1.jpg"]["split"] == "test" and _objects(records["images/test/t1.jpg"]) == []


def test_a_stem_in_two_split_folders_is_not_keyed_by_stem(tmp_path: Path) -> None:
    # k1 in train and in val: keyed by stem alone, one file would annotate both; detection does not read it so
    src = tmp_path / "src"
    docs = {"k1": _one_box("car", 1, 2, 9, 12), "k2": _one_box("bus", 2, 2, 10, 10)}
    _boxes_beside_split_tree(src, docs, splits={"train": ["k1", "k2"], "val": ["k1"]})
    with pytest.raises(ShardifyError):
        _convert(src, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


# Per-frame TSV boxes under a header (IceVision's `annotations/training/<sequence>/<frame>.tsv` mirroring
# `images/<sequence>/<frame>.jpg` one folder shallower): the class a traffic-code number, kept as written.

_HEADER = "class\txtl\tytl\txbr\tybr\ttemporary\toccluded\tdata"


def test_icevision_converts_right(tmp_path: Path) -> None:
    assert blind_tally.judge("icevision", tmp_path, 27)["kind"] == "right"


def _sign_tree(root: Path, rows: dict[str, list[str]], *, header: str = _HEADER) -> None:
    """`frames/<seq>/<n>.jpg` for each key `<seq>/<n>`, `labels/2019/<seq>/<n>.tsv` holding its rows."""
    for key, lines in rows.items():
        image_file(root / f"frames/{key}.jpg", key)
        if lines:
            text_file(root / f"labels/2019/{key}.tsv", "\n".join([header, *lines]))


def test_a_neighbour_tree_of_header_rows_converts_right(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _sign_tree(src, {"s1/000001": ["5.19.1\t1\t2\t8\t9\tfalse\tfalse\t"], "s1/000002": [],
                     "s2/000001": ["3.24\t2\t2\t6\t6\tfalse\ttrue\t40", "NA\t7\t1\t12\t5\ttrue\tfalse\t"]})
    records = _convert(src, tmp_path / "out")
    assert set(records) == {"frames/s1/000001.jpg", "frames/s1/000002.jpg", "frames/s2/000001.jpg"}
    texts = records["frames/s2/000001.jpg"][contract.OBJECT_TEXT]
    assert sorted(texts) == [b"3.24", b"NA"] and records["frames/s1/000001.jpg"][contract.OBJECT_TEXT] == b"5.19.1"
    assert _objects(records["frames/s1/000002.jpg"]) == []


def test_a_sign_row_of_a_box_that_is_no_number_rejects_its_frame(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _sign_tree(src, {"s1/000001": ["5.19.1\t1\t2\t8\t9\tfalse\tfalse\t"], "s1/000002": ["2.1\t1\t2\t8\t9\tfalse\tfalse\t"],
                     "s2/000001": ["3.24\t2\t2\t6\t6\tfalse\ttrue\t40", "2.1\t1\tnan\t4\t4\tfalse\tfalse\t"]})
    with pytest.raises(ShardifyError):
        _convert(src, tmp_path / "out")
    assert "frames/s2/000001.jpg" in rejects_by_path(tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_rows_of_numbers_without_the_header_are_not_read_as_signs(tmp_path: Path) -> None:
    # (a class that is a number is read as a code only under the header that says so)
    src = tmp_path / "src"
    _sign_tree(src, {"s1/000001": ["5.19.1\t1\t2\t8\t9\tfalse\tfalse\t"], "s2/000001": ["3.24\t2\t2\t6\t6\tfalse\ttrue\t40"]},
               header="a\tb\tc\td\te\tf\tg\th")
    with pytest.raises(ShardifyError):
        _convert(src, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()
