"""Useless stops of blind batches on detection datasets, read by kind (readers28c).

- per-image box files of thirteen numbers beside their images in class folders, a quadrilateral, its angle,
  then its centre and size again, the folder the class (UCAS-AOD's `CAR/P0001.txt` beside `CAR/P0001.png`):
  were a stop naming nothing that converts; now read as each image's objects of its folder's class
  (shardify/plan/oriented_box_rows.py, beam_jobs/discover/box_beside.py). Its neighbour: the benchmark's
  prepared layout (`Annotations/P0001.txt` of `car  x1 ... h` lines beside `AllImages/`, ImageSets/ lists).
  Hostile twins: a NaN corner rejects its image by name; a box outside the image is dropped and said in
  repaired.jsonl; lines of thirteen numbers whose centre lies outside their corners stop, named; such files
  beside images at SRC's top (no class folder) are not read as boxes of a class.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from helpers.blind28 import DATASETS
from helpers.made_files import image_file as _image
from helpers.made_files import text_file as _text
from helpers.refusals import refusal
from helpers.shard_io import rejects_by_path
from helpers.unseen_judge import assert_right, written_records
from shardify.beam_jobs.discover import box_beside
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import named_box_lines
from shardify.errors import ShardifyError, UsageError
from shardify.plan import box_format


def test_the_docstring_examples_hold() -> None:
    for module in (box_beside, box_format, named_box_lines):
        assert doctest.testmod(module).failed == 0


# ------------------------------------------------------------------------------------------------
# Oriented boxes with their centre, beside their images in class folders (UCAS-AOD)
# ------------------------------------------------------------------------------------------------

def _line(x: float, y: float, cx: float | None = None, sep: str = "\t") -> str:
    nums = [x, y, x + 4, y, x + 4, y + 6, x, y + 6, 0.0, x + 2 if cx is None else cx, y + 3, 4.0, 6.0]
    return sep.join(f"{v:.6e}" if sep == "\t" else f"{v:g}" for v in nums)


def _class_folders(src: Path, lines_of, folders=("vessel", "tank")) -> None:
    for folder in folders:
        for i in range(3):
            _image(src / folder / f"{folder[0]}{i:03d}.png", f"{src.name}{folder}{i}", fmt="PNG")
            _text(src / folder / f"{folder[0]}{i:03d}.txt", "\n".join(lines_of(folder, i)) + "\n")


def test_ucas_aod_converts_right(tmp_path: Path) -> None:
    truth = DATASETS["ucas_aod"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def test_other_class_folders_of_space_separated_lines_are_read_by_their_folder(tmp_path: Path) -> None:
    # other names, other classes, spaces for tabs, a varying count of boxes: the kind, not UCAS-AOD's names
    _class_folders(tmp_path / "src", lambda f, i: [_line(1 + 6 * k, 2, sep=" ") for k in range(1 + i % 2)])
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    got = written_records(tmp_path / "out")
    assert got["objects"]["vessel/v001.png"] == ["vessel", "vessel"]
    assert got["objects"]["tank/t000.png"] == ["tank"]
    assert {labels for _, labels in got["records"].values()} == {frozenset({"vessel"}), frozenset({"tank"})}


def test_the_prepared_layout_is_read_by_its_class_words_and_lists(tmp_path: Path) -> None:
    # the benchmark's data_prepare.py: AllImages/P<n>.png, Annotations/P<n>.txt of 'car  <13 numbers>' or
    # 'airplane  <13 numbers>', ImageSets/{train,val,test}.txt of stems
    root = tmp_path / "UCAS_AOD"
    splits = {"train": [1, 2, 5], "val": [3, 6], "test": [4]}
    for n in range(1, 7):
        cls = "car" if n <= 3 else "airplane"
        _image(root / "AllImages" / f"P{n:04d}.png", f"prep{n}", fmt="PNG")
        _text(root / "Annotations" / f"P{n:04d}.txt", "".join(f"{cls}  {_line(1 + 7 * k, 2)}\n" for k in range(1 + n % 2)))
    for split, numbers in splits.items():
        _text(root / "ImageSets" / f"{split}.txt", "\n".join(f"P{n:04d}" for n in numbers))
    run_conversion(ConvertConfig(str(root), str(tmp_path / "out")))
    got = written_records(tmp_path / "out")
    assert {key: split for key, (split, _) in got["records"].items()} == {
        f"AllImages/P{n:04d}.png": {"val": "validation"}.get(split, split) for split, numbers in splits.items() for n in numbers}
    assert got["objects"]["AllImages/P0001.png"] == ["car", "car"]
    assert got["objects"]["AllImages/P0004.png"] == ["airplane"]


def test_a_nan_corner_rejects_its_image_by_name(tmp_path: Path) -> None:
    nan = "nan\t" + _line(2, 3).split("\t", 1)[1]
    _class_folders(tmp_path / "src", lambda f, i: [nan] if (f, i) == ("tank", 2) else [_line(2, 3)],
                   folders=("vessel", "tank", "plane", "truck"))
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="5"))
    rejected = rejects_by_path(tmp_path / "out")
    assert set(rejected) == {"tank/t002.png"} and "line 1" in rejected["tank/t002.png"]


def test_a_box_outside_its_image_is_dropped_and_said(tmp_path: Path) -> None:
    _class_folders(tmp_path / "src", lambda f, i: [_line(2, 3), _line(40, 3)] if i == 0 else [_line(2, 3)])
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert written_records(tmp_path / "out")["objects"]["vessel/v000.png"] == ["vessel"]
    assert "v000.png" in (tmp_path / "out" / "repaired.jsonl").read_text()


def test_thirteen_numbers_whose_centre_is_outside_their_corners_stop_named(tmp_path: Path) -> None:
    # thirteen numbers a line that are no box of this shape (their 'centre' far outside their 'corners')
    _class_folders(tmp_path / "src", lambda f, i: [_line(2, 3, cx=90.0)])
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "v000.txt" in said or "t000.txt" in said
    assert "--label-level 0" in said


def test_such_files_at_the_top_are_no_boxes_of_a_class(tmp_path: Path) -> None:
    # no class folder: the shape's class is nowhere; never written as objects of class ''
    for i in range(4):
        _image(tmp_path / "src" / f"{i}.png", f"top{i}", fmt="PNG")
        _text(tmp_path / "src" / f"{i}.txt", _line(2, 3) + "\n")
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except (UsageError, ShardifyError):
        return
    objects = written_records(tmp_path / "out")["objects"]
    assert all(not names for names in objects.values())


@pytest.mark.parametrize("folders", [("train", "test"), ("images",), ("CAR/2019", "PLANE/2019")])
def test_such_files_in_folders_that_are_no_classes_stop(tmp_path: Path, folders: tuple[str, ...]) -> None:
    # split folders, a container, one name in two places: their names were the boxes' classes, exit 0
    _class_folders(tmp_path / "src", lambda f, i: [_line(2, 3)], folders=folders)
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "are not classes" in said and "layout file" in said


def test_class_folders_inside_split_folders_are_read_by_split_and_class(tmp_path: Path) -> None:
    for split in ("train", "test"):
        _class_folders(tmp_path / "src" / split, lambda f, i: [_line(2, 3)])
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    got = written_records(tmp_path / "out")
    assert got["records"]["test/tank/t001.png"] == ("test", frozenset({"tank"}))
    assert got["objects"]["train/vessel/v002.png"] == ["vessel"]


@pytest.mark.parametrize("lines", [["0 0.5 0.5 0.2 0.2"], ["a ship sails by the harbour at dawn"]])
def test_yolo_lines_and_captions_beside_images_are_left_to_their_readers(lines: list[str]) -> None:
    assert not box_beside._numbers_of_a_folder_row(lines)


# ------------------------------------------------------------------------------------------------
# A line an image by its file's name, then its objects (the Swedish Traffic Signs Dataset)
# ------------------------------------------------------------------------------------------------

def _sign(x1: float, y1: float, name: str = "STOP", x2: float | None = None) -> str:
    return f"VISIBLE, {x1 + 5 if x2 is None else x2}, {y1 + 6}, {x1}, {y1}, OTHER, {name}"


def _sign_lists(src: Path, lines: dict[str, str], folder: str = "p1", table: str = "annotations_s1.txt") -> None:
    for i, name in enumerate(lines):
        _image(src / "set" / folder / name, f"{src.name}{i}", fmt="PNG" if name.endswith(".png") else "JPEG")
    _text(src / "set" / table, "".join(f"{name}:{anns}\n" for name, anns in lines.items()))


def test_stsd_converts_right(tmp_path: Path) -> None:
    truth = DATASETS["stsd"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")
    assert "MISC_SIGNS" in (tmp_path / "out" / "repaired.jsonl").read_text()  # its box-less entry named, not lost


def test_a_renamed_list_of_png_frames_is_read_too(tmp_path: Path) -> None:
    # a copy's 'annotations_s1.txt' beside 'p1/', PNG frames, whole-number corners, no trailing ';'
    _sign_lists(tmp_path / "src", {"f001.png": _sign(1, 2, "GIVE_WAY") + "; " + _sign(9, 3, "STOP"),
                                   "f002.png": "", "f003.png": _sign(4, 5, "PRIORITY_ROAD") + ";", "f004.png": "MISC_SIGNS;"})
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    got = written_records(tmp_path / "out")
    assert got["objects"] == {"set/p1/f001.png": ["GIVE_WAY", "STOP"], "set/p1/f002.png": [],
                              "set/p1/f003.png": ["PRIORITY_ROAD"], "set/p1/f004.png": []}


def test_a_malformed_or_nan_corner_rejects_its_image_by_name(tmp_path: Path) -> None:
    # STSD's own 'Annotation file is malformed' (a stray 'l' in a coordinate), and a NaN
    lines = {f"f{i:03d}.jpg": _sign(1 + i % 3, 2) + ";" for i in range(24)}
    lines["f004.jpg"] = "VISIBLE, 6.5l, 8, 1, 2, OTHER, STOP;"
    lines["f007.jpg"] = _sign(1, 2, x2=float("nan")) + ";"
    _sign_lists(tmp_path / "src", lines)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="5"))
    assert set(rejects_by_path(tmp_path / "out")) == {"set/p1/f004.jpg", "set/p1/f007.jpg"}


def test_a_line_naming_no_image_is_said_and_the_others_read(tmp_path: Path) -> None:
    _sign_lists(tmp_path / "src", {f"f{i:03d}.jpg": _sign(1, 2) + ";" for i in range(4)})
    with (tmp_path / "src" / "set" / "annotations_s1.txt").open("a") as table:
        table.write(f"gone.jpg:{_sign(1, 2)};\n")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="1"))
    assert len(written_records(tmp_path / "out")["records"]) == 4
    assert "gone.jpg" in (tmp_path / "out" / "rejected.jsonl").read_text()


def test_a_list_of_a_name_and_a_class_word_is_no_box_list(tmp_path: Path) -> None:
    # 'photo.jpg:cat' lines (a label list named annotations.txt): never read as box-less objects, labels lost
    _sign_lists(tmp_path / "src", {f"f{i:03d}.jpg": ("cat", "dog")[i % 2] for i in range(6)}, table="annotations.txt")
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except UsageError:
        return
    records = written_records(tmp_path / "out")["records"]
    assert records["set/p1/f001.jpg"][1] == frozenset({"dog"})


def test_lines_of_a_name_and_words_are_no_box_lists(tmp_path: Path) -> None:
    # captions written 'name: words, words, words;': three fields, no corners; never read as boxes
    lines = {f"f{i:03d}.jpg": "a red car, parked, near the shop;" for i in range(4)}
    _sign_lists(tmp_path / "src", lines, table="annotations.txt")
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except UsageError:
        return
    assert all(not names for names in written_records(tmp_path / "out")["objects"].values())
