"""Useless stops of blind batches 44 and 45 turned into right conversions or good stops, by kind (readers35a).

- COCO-style files whose annotations carry one category per level of a hierarchy (blind44's DENTEX:
  `categories_1`, `categories_2`, `categories_3` and `category_id_1..3` on each box, no plain `categories`):
  before, no annotation had a `category_id` and every X-ray was written unlabelled with exit 0 (`--labels`
  given) or the file, two folders down beside `xrays/`, was not found at all. Now the file beside the folder
  of images is found (`coco_split_files.coco_beside_images`), the run stops naming each list and
  `--label-column`, and `--label-column categories_3` (or `category_id_3`) reads that level
  (`converters/coco_levels.py`). Neighbour: DENTEX's other part of the same kind, `training_data/
  quadrant_enumeration/{xrays/, train_quadrant_enumeration.json}` of two lists (quadrant, tooth), as the
  blind44 builder's stored sources list it ("| training_data/quadrant_enumeration/ ... | categories_1,
  categories_2") and as a reader in the code corpus reads it (find_string '"category_id_2"': `labels =
  list(map(lambda x: x["category_id_1"] * 10 + x["category_id_2"] + 1, annotations))`). Hostile twins: a
  level id that is NaN or 1e30, a list that is no list, a truncated file, a `--label-column` naming no list,
  our own manifest given as the annotation file.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers.made_files import image_file
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.converters import coco_levels
from shardify.errors import InvalidInputError, ShardifyError, UsageError

_PART = "training_data/quadrant_enumeration"
_JSON = f"{_PART}/train_quadrant_enumeration.json"


def _quadrant_enumeration(root: Path, *, lone: dict | None = None, edit=None) -> dict[str, set[str]]:
    """DENTEX's quadrant_enumeration part in miniature: 4 X-rays of two boxes each, every box a quadrant
    (categories_1, '1'..'4', ids from 0) and a tooth (categories_2, '1'..'8'); `lone` adds a fifth X-ray of
    one box whose `category_id_2` is its value. Returns {file: the teeth its boxes name}."""
    base = root / _PART
    images, annotations, truth = [], [], {}
    for i in range(4 + (lone is not None)):
        name = f"train_{i * 37 + 3}.png"
        image_file(base / "xrays" / name, f"q{i}", fmt="PNG")
        images.append({"id": i + 1, "file_name": name, "width": 20, "height": 16})
        teeth = [(3 * i + k) % 8 for k in range(2)] if i < 4 else [lone["tooth"]]
        for k, tooth in enumerate(teeth):
            annotations.append(
                {
                    "id": len(annotations) + 1,
                    "image_id": i + 1,
                    "bbox": [1 + 5 * k, 2, 4, 6],
                    "area": 24,
                    "iscrowd": 0,
                    "category_id_1": (i + k) % 4,
                    "category_id_2": tooth,
                }
            )
        truth[f"{_PART}/xrays/{name}"] = {str(t + 1) for t in teeth}
    doc = {
        "images": images,
        "annotations": annotations,
        "categories_1": [{"id": q, "name": str(q + 1), "supercategory": str(q + 1)} for q in range(4)],
        "categories_2": [{"id": t, "name": str(t + 1), "supercategory": str(t + 1)} for t in range(8)],
    }
    text = json.dumps(edit(doc) if edit else doc)  # (json.dumps writes NaN as NaN, as Python's json reads it)
    (base / "train_quadrant_enumeration.json").write_text(text)
    return truth


@pytest.fixture
def src(tmp_path: Path) -> Path:
    return tmp_path / "DENTEX"


def test_the_levels_stop_names_each_list_and_the_option(src: Path, tmp_path: Path) -> None:
    _quadrant_enumeration(src)
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    said = str(stop.value)
    assert _JSON in said and "--label-column 'categories_1' or 'categories_2'" in said, said
    assert "categories_2: 8 names, '1', '2', '3', '4', ..." in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize("chosen", ["categories_2", "category_id_2"])
def test_the_chosen_level_labels_the_images_and_their_boxes(src: Path, tmp_path: Path, chosen: str) -> None:
    truth = _quadrant_enumeration(src)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column=chosen))
    written = written_records(tmp_path / "out")
    assert {rid: labels for rid, (_, labels) in written["records"].items()} == truth
    assert all(set(written["objects"][rid]) == teeth and len(written["objects"][rid]) == 2 for rid, teeth in truth.items())


def test_the_other_level_gives_other_labels(src: Path, tmp_path: Path) -> None:
    _quadrant_enumeration(src)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="categories_1"))
    labels = {rid: labels for rid, (_, labels) in written_records(tmp_path / "out")["records"].items()}
    assert labels[f"{_PART}/xrays/train_3.png"] == {"1", "2"}  # (quadrants (0+0)%4 and (0+1)%4, named from 1)
    assert set().union(*labels.values()) <= {"1", "2", "3", "4"}


def test_a_label_column_naming_no_list_stops_naming_the_lists(src: Path, tmp_path: Path) -> None:
    _quadrant_enumeration(src)
    with pytest.raises(UsageError, match=r"--label-column 'diagnosis' names none of them.*'categories_1' or 'categories_2'"):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="diagnosis"))


def test_one_level_list_alone_is_read_without_a_choice(src: Path, tmp_path: Path) -> None:
    def only_teeth(doc: dict) -> dict:
        del doc["categories_1"]
        return doc

    truth = _quadrant_enumeration(src, edit=only_teeth)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert {rid: labels for rid, (_, labels) in written_records(tmp_path / "out")["records"].items()} == truth


@pytest.mark.parametrize("tooth", [float("nan"), 10**30, -1])
def test_a_level_id_its_list_lacks_rejects_that_image_alone(src: Path, tmp_path: Path, tooth: object) -> None:
    truth = _quadrant_enumeration(src, lone={"tooth": tooth})
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="categories_2", max_rejects="50%"))
    rows = [json.loads(line) for line in (tmp_path / "out" / "rejected.jsonl").read_text().splitlines()]
    lone = f"{_PART}/xrays/train_151.png"
    assert [row["path"] for row in rows] == [lone] and '"categories_2" does not list' in rows[0]["reason"], rows
    written = written_records(tmp_path / "out")["records"]
    assert {rid: labels for rid, (_, labels) in written.items()} == {k: v for k, v in truth.items() if k != lone}


@pytest.mark.parametrize("fault", ["not a list", "truncated"])
def test_a_broken_levels_file_never_writes_with_exit_0(src: Path, tmp_path: Path, fault: str) -> None:
    _quadrant_enumeration(src, edit=(lambda doc: {**doc, "categories_2": "teeth"}) if fault == "not a list" else None)
    if fault == "truncated":
        path = src / _JSON
        path.write_text(path.read_text()[:700])
    with pytest.raises(ShardifyError) as failed:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="categories_2"))
    said = str(failed.value)
    assert ('"categories_2" is not a list' in said) if fault == "not a list" else ("not JSON" in said), said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_our_own_manifest_as_the_annotation_file_is_refused(src: Path, tmp_path: Path) -> None:
    _quadrant_enumeration(src)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "first"), label_column="categories_2"))
    shutil.copy(tmp_path / "first" / "manifest.json", src / "manifest.json")
    with pytest.raises(ShardifyError):
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), labels_file=str(src / "manifest.json")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_plain_coco_ignores_a_label_column_as_before() -> None:
    doc = {"categories": [{"id": 1, "name": "cat"}], "categories_extra": 3}
    assert coco_levels.chosen_level(doc, "species") == coco_levels.PLAIN
    both = {"categories": [{"id": 1, "name": "cat"}], "categories_1": [{"id": 1, "name": "a"}]}
    assert coco_levels.chosen_level(both, "categories") == coco_levels.PLAIN
    with pytest.raises(InvalidInputError, match="beside the plain 'categories'.*'categories_1' or 'categories'"):
        coco_levels.chosen_level(both, "")


# ------------------------------------------------------------------------------------------------
# YOLO labels kept apart from the images, under another tree, pairing by stem (blind44's GRAZPEDWRI-DX)
# ------------------------------------------------------------------------------------------------
#
# GRAZPEDWRI-DX (figshare 14825193) keeps `images_part1/ .. images_part4/` and, apart, `folder_structure/yolov5/
# labels/<stem>.txt` beside `meta.yaml`; before, the labels went unread (no `images/` mirrors `labels/`), the part
# folders were taken for classes and the run stopped offering dataset.csv's columns. Neighbour: an export whose
# `labels/` holds one file per image by its base name alone, apart from the photos' folder, as a YOLO reader in the
# code corpus looks for them among its candidates ("* any 'images' segment mirrored to 'labels' ... * labels/
# <basename>.txt", search 'YOLO labels folder separate from images folder pair label txt to image by file stem').

_TOOLS = ["hammer", "wrench", "pliers"]


def _yolo_apart(root: Path, *, parts: bool, lines: dict[str, str] | None = None, twin: bool = False) -> dict[str, set[str]]:
    """Images under `images_part1/`, `images_part2/` (`parts`) or one `photos/` folder, their YOLO labels apart
    under `export/yolo/labels/<stem>.txt` beside `export/yolo/data.yaml` (Ultralytics' `{0: name}` form); `lines`
    replaces a stem's label text; `twin` puts a second image of the first stem in the other part. Returns
    {image: the classes its boxes name}."""
    truth = {}
    for i in range(6):
        stem = f"{1000 + 17 * i}_wri_{'LR'[i % 2]}"
        folder = f"images_part{1 + i % 2}" if parts else "photos"
        image_file(root / folder / f"{stem}.png", f"y{i}", fmt="PNG")
        classes = [i % 3] + ([2] if i == 4 else [])
        text = "".join(f"{c} {0.3 + 0.2 * k:.6f} 0.500000 0.200000 0.250000\n" for k, c in enumerate(classes))
        (root / "export/yolo/labels").mkdir(parents=True, exist_ok=True)
        (root / "export/yolo/labels" / f"{stem}.txt").write_text((lines or {}).get(stem, text))
        truth[f"{folder}/{stem}.png"] = {_TOOLS[c] for c in classes}
    if twin:
        image_file(root / "images_part2" / "1000_wri_L.png", "twin", fmt="PNG")
    (root / "export/yolo/data.yaml").write_text("path: .\nnames:\n" + "".join(f"  {k}: {n}\n" for k, n in enumerate(_TOOLS)))
    return truth


@pytest.mark.parametrize("parts", [True, False], ids=["numbered parts", "one folder"])
def test_labels_apart_pair_with_their_images_by_stem(tmp_path: Path, parts: bool) -> None:
    truth = _yolo_apart(tmp_path / "src", parts=parts)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = written_records(tmp_path / "out")
    assert {rid: labels for rid, (_, labels) in written["records"].items()} == truth
    assert sum(len(names) for names in written["objects"].values()) == 7


def test_a_stem_two_images_share_is_never_paired(tmp_path: Path) -> None:
    _yolo_apart(tmp_path / "src", parts=True, twin=True)
    with pytest.raises(UsageError):  # (as before: the part folders' stop; never one image's boxes on the other)
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize(
    "bad",
    ["0 nan 0.5 0.2 0.2\n", "1 0.5 0.5 1e30 0.2\n", "2 0.5 0.5\n", "7 0.5 0.5 0.2 0.2\n"],
    ids=["NaN", "huge", "truncated", "class past the names"],
)
def test_a_broken_label_apart_rejects_its_image_alone(tmp_path: Path, bad: str) -> None:
    truth = _yolo_apart(tmp_path / "src", parts=True, lines={"1034_wri_L": bad})
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), max_rejects="50%"))
    rows = [json.loads(line) for line in (tmp_path / "out" / "rejected.jsonl").read_text().splitlines()]
    assert [row["path"] for row in rows] == ["images_part1/1034_wri_L.png"], rows
    written = written_records(tmp_path / "out")["records"]
    assert {rid: labels for rid, (_, labels) in written.items()} == {k: v for k, v in truth.items() if "1034" not in k}


def test_our_own_manifest_among_the_labels_apart_changes_nothing(tmp_path: Path) -> None:
    truth = _yolo_apart(tmp_path / "src", parts=True)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "first")))
    shutil.copy(tmp_path / "first" / "manifest.json", tmp_path / "src/export/yolo/labels/manifest.json")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert {rid: labels for rid, (_, labels) in written_records(tmp_path / "out")["records"].items()} == truth


# ------------------------------------------------------------------------------------------------
# A float export's class numbers ('-1.0') read as whole numbers (blind45's Twitter and Reddit sentiment CSVs)
# ------------------------------------------------------------------------------------------------
#
# Twitter_Data.csv (kaggle cosmos98), saved by pandas from a float column (its empty cells are NaN), spells its
# classes -1.0, 0.0, 1.0 beside Reddit_Data.csv's -1, 0, 1: before, six labels for three classes stopped the run
# naming no option (shardify/plan/number_spellings.py). Now a label column whose sampled cells are all whole
# decimals is read as whole numbers, its empty cells unlabelled (converters/whole_decimal_labels.py). Neighbour:
# AI Vs Human Text's AI_Human.csv (kaggle shanegerami, blind44's stored source: "if row[1] == "1.0": ai.append(
# row[0])", the label written as a float), `text,generated` of 0.0 / 1.0, alone.


def _sentiment_tables(root: Path, twitter: list[str], reddit: list[str]) -> dict[str, frozenset[str] | None]:
    """Twitter_Data.csv (`clean_text,category`) and Reddit_Data.csv (`clean_comment,category`) of the cells given;
    returns {record id: the labels a user means (the whole numbers), None for an empty cell}."""
    root.mkdir(parents=True, exist_ok=True)
    truth = {}
    for name, header, cells in (
        ("Twitter_Data.csv", "clean_text,category", twitter),
        ("Reddit_Data.csv", "clean_comment,category", reddit),
    ):
        lines = [header]
        for i, cell in enumerate(cells):
            lines.append(f"{_words(f'{name}{i}', 9 + i % 5)},{cell}")
            whole = cell.strip().removesuffix(".0")
            truth[f"{name}:{i}"] = frozenset({whole}) if whole else None  # (only whole cells' truths are compared)
        (root / name).write_text("\n".join(lines) + "\n")
    return truth


def _words(key: str, n: int) -> str:
    from helpers.shipped import _words as words

    return words(key, n)


def test_a_float_export_beside_whole_numbers_is_three_classes(tmp_path: Path) -> None:
    twitter = ["-1.0", "0.0", "1.0", "", "1.0", "-1.0", "0.0", "1.0", "", "0.0"]
    truth = _sentiment_tables(tmp_path / "src", twitter, ["1", "-1", "0", "0", "1", "-1", "1", "0"])
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = written_records(tmp_path / "out")["records"]
    assert {rid: labels for rid, (_, labels) in written.items()} == truth  # (the empty cells: unlabelled, not rejects)
    from shardify.format.manifest import load_manifest

    assert sorted(load_manifest(str(tmp_path / "out")).labels) == ["-1", "0", "1"]


def test_the_neighbour_float_labels_alone_read_as_whole_numbers(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    generated = ["1.0", "0.0", "0.0", "1.0", "0.0", "1.0", "0.0", "0.0", "1.0", "0.0", "1.0", "0.0"]
    lines = ["text,generated"] + [f'"{_words(f"ah{i}", 14)}.\n\n{_words(f"ah{i}b", 9)}.",{g}' for i, g in enumerate(generated)]
    (src / "AI_Human.csv").write_text("\n".join(lines) + "\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="generated"))
    written = written_records(tmp_path / "out")["records"]
    assert {rid: labels for rid, (_, labels) in written.items()} == {
        f"AI_Human.csv:{i}": frozenset({g.removesuffix(".0")}) for i, g in enumerate(generated)
    }


@pytest.mark.parametrize(
    "odd",
    ["123456789012345678901.0", "nan", "1.5", "1e0"],
    ids=["past int64", "nan spelled", "a fraction", "an exponent"],
)
def test_a_column_not_all_whole_decimals_never_writes_one_number_twice(tmp_path: Path, odd: str) -> None:
    twitter = ["-1.0", "0.0", odd, "1.0", "0.0", "-1.0", "1.0", "0.0"]
    _sentiment_tables(tmp_path / "src", twitter, ["1", "-1", "0", "0", "1", "-1", "1", "0"])
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except ShardifyError:
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    from shardify.format.manifest import load_manifest

    labels = set(load_manifest(str(tmp_path / "out")).labels)
    assert not ({"1", "1.0"} <= labels or {"0", "0.0"} <= labels), labels


def test_our_own_label_map_as_a_table_is_no_float_export(tmp_path: Path) -> None:
    truth = _sentiment_tables(tmp_path / "src", ["-1.0", "0.0", "1.0", "0.0"], ["1", "-1", "0", "1"])
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "first")))
    (tmp_path / "src" / "labels_written.csv").write_text(  # our manifest's labels, as a table beside the inputs
        "name,index\n" + "".join(f"{n},{i}.0\n" for i, n in enumerate(load_manifest_labels(tmp_path / "first")))
    )
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except ShardifyError:
        return  # (a stop naming the new table is as good)
    written = written_records(tmp_path / "out")["records"]
    assert {rid: labels for rid, (_, labels) in written.items() if rid in truth} == truth


def load_manifest_labels(out: Path) -> list[str]:
    from shardify.format.manifest import load_manifest

    return list(load_manifest(str(out)).labels)


# ------------------------------------------------------------------------------------------------
# A split file of the images' numbers, the number inside their names (blind40's CWFID)
# ------------------------------------------------------------------------------------------------
#
# CWFID's train_test_split.yaml (`train: [1, 2, 4]`) gives each image's split by the number in `images/001_image.png`
# (a loader in the code corpus: "return (f'{index:03d}_image.png', ...) ... train_indices = split_data['train']").
# Before, the stop named the file's numbers and no option read them; now they key the inputs by the last number of
# their names (`KeyRule.inner`). Neighbour: Oxford 102 Flowers' numbering (`jpg/image_00012.jpg` is image 12, as
# setid.mat's trnid counts them: shardify/layouts/oxford_flowers102.yaml) with its split given as a JSON of numbers.


def _numbered(root: Path, names: list[str], split_text: str, split_name: str) -> None:
    for name in names:
        image_file(root / name, name)
    (root / split_name).write_text(split_text)


def test_the_neighbour_json_split_of_numbers_places_each_image(tmp_path: Path) -> None:
    names = [f"jpg/image_{k:05d}.jpg" for k in range(1, 9)]
    _numbered(tmp_path / "src", names, json.dumps({"train": [1, 2, 3, 5, 8], "test": [4, 6, 7]}), "splits.json")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=0))
    written = {rid: split for rid, (split, _) in written_records(tmp_path / "out")["records"].items()}
    assert written == {n: "test" if int(n[10:15]) in (4, 6, 7) else "train" for n in names}, written


def test_the_number_inside_the_name_places_each_image(tmp_path: Path) -> None:
    names = [f"images/{k:03d}_image.png" for k in range(1, 9)]
    _numbered(tmp_path / "src", names, "train: [1, 2, 4, 6, 7]\ntest: [3, 5, 8]\n", "train_test_split.yaml")
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=0))
    written = {rid: split for rid, (split, _) in written_records(tmp_path / "out")["records"].items()}
    assert written == {n: "test" if int(n[7:10]) in (3, 5, 8) else "train" for n in names}, written


@pytest.mark.parametrize(
    ("names", "text"),
    [
        ([f"images/{k:03d}_{kind}.png" for k in range(1, 5) for kind in ("image", "scan")], "train: [1, 2]\ntest: [3, 4]\n"),
        ([f"images/{k:03d}_image.png" for k in range(1, 7)], "train: [1, 2, 2.5]\ntest: [3, 4, 5, 6]\n"),
        ([f"images/{k:03d}_image.png" for k in range(1, 7)], "train: [1, 2, 3]\ntest: [3, 4, 5, 6]\n"),
        ([f"images/{k:03d}_image.png" for k in range(1, 7)], "train: [1, 2, 99999999999999999999]\ntest: [4, 5, 6]\n"),
    ],
    ids=["two images of one number", "a fraction", "a number in both splits", "a huge number"],
)
def test_a_split_of_numbers_that_cannot_be_read_surely_is_never_half_read(tmp_path: Path, names: list[str], text: str) -> None:
    # (a stop naming the file; or, where too few of its entries are whole numbers to be the inputs' numbers, the file
    # left unread, said in the plan, and every input one split: never some images placed by a guess)
    _numbered(tmp_path / "src", names, text, "train_test_split.yaml")
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_level=0))
    except UsageError as stop:
        assert "train_test_split.yaml" in str(stop)
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    splits = {split for split, _ in written_records(tmp_path / "out")["records"].values()}
    assert splits == {"train"}, splits


def test_the_chosen_level_numbers_its_classes_by_its_own_full_list(src: Path, tmp_path: Path) -> None:
    # (the level's declared list, every tooth '1'..'8' in id order, those no box names too: a part converted on its
    # own numbers them alike; before, the names found were numbered, as where no list is declared)
    _quadrant_enumeration(src)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), label_column="categories_2"))
    from shardify.format.manifest import load_manifest

    assert list(load_manifest(str(tmp_path / "out")).labels) == [str(t) for t in range(1, 9)]
