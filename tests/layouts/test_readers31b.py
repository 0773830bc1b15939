"""Useless stops turned into good stops or right conversions, by kind (readers31b).

- class folders whose names join two crossing words (the Apparel images dataset's `black_dress`,
  `blue_dress`, `black_pants`: a colour and a garment each image, multi-label; blind32): the stop names
  `--label-separator '_'`, which now splits a class folder's name into its labels
  (beam_jobs/discover/class_folders.py, shardify/plan/crossed_names.py). A neighbour: the same kind
  under a wrapper folder and joined by `-`; hostile twins: names joined by both `_` and `-` (no one
  separator) name a labels file; a family crossing at one word converts as before.
- fine classes under coarse ones at uneven depths (the Grocery Store Dataset's `Fruit/Apple/Golden-Delicious/`
  beside `Fruit/Avocado/`; blind28): the stops for classes at uneven depths and for names repeating beneath
  name `class_leaf: true` in a layout file, which reads the file's own folder as its class (shardify/plan/structure.py);
  a leaf name under two class paths stops naming `class_path` (beam_jobs/discover/given_layout_checks.py), and
  a layout naming both is refused.
- tables of attributes (blind30's Mulan `yeast-train.arff`, blind33's UCI `zoo.data` beside `zoo.names`): no record
  kind holds a row of attributes, so they still stop, now saying what they are rather than pointing SRC at images
  or texts that do not exist (shardify/plan/attribute_tables.py; still "useless stops" in the tally). A neighbour:
  UCI Iris's folder; hostile twins: Darknet's `obj.data`, a `.data` of texts, an attribute table beside another table.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import blind28, blind30, blind32, blind33
from helpers.cli_runs import run_shardify
from helpers.made_files import image_file
from helpers.refusals import refusal
from helpers.unseen_judge import assert_right, names_option, written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError


def _labels(out: Path) -> dict:
    return {rid: labels for rid, (_, labels) in written_records(out)["records"].items()}


def _folders(root: Path, names: list[str], each: int = 2) -> None:
    for f, name in enumerate(names):
        for i in range(each):
            image_file(root / name / f"{f:02d}{i}.jpg", f"r31b{name}{i}")


# ---- class folders naming two labels each ------------------------------------------------------------------

def test_the_apparel_case_stops_naming_the_separator_that_converts_it_right(tmp_path: Path) -> None:
    truth = blind32.DATASETS["apparel"](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    assert "--label-separator '_'" in message and "--label-level 1" in message
    follow = blind32.FOLLOW["apparel"]
    assert all(names_option(message, key) for key in follow)
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **follow))
    assert_right(truth, tmp_path / "followed")


def test_a_neighbours_wrapped_hyphen_joined_folders_split_by_the_separator_the_stop_names(tmp_path: Path) -> None:
    # A copy of the same kind of download as a course notebook unpacks it (ksm463/Sesac
    # pythonDir/06_deeplearning/06_clothes.md: "./clothes_dataset/brown_shoes/29c9...jpg"), here joined by '-'
    names = [f"{c}-{g}" for c in ("brown", "green", "red") for g in ("shoes", "shorts", "dress")]
    _folders(tmp_path / "src" / "clothes_dataset", names)
    message = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-separator '-'" in message and "brown-dress/" in message
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_separator="-"))
    labels = _labels(tmp_path / "followed")
    assert labels["clothes_dataset/green-shorts/040.jpg"] == frozenset({"green", "shorts"})
    assert len(labels) == 18 and all(len(found) == 2 for found in labels.values())


def test_names_joined_by_both_characters_name_a_labels_file_not_one_separator(tmp_path: Path) -> None:
    names = ["black_dress", "black-pants", "blue_dress", "blue-pants", "red_dress", "red-pants"]
    _folders(tmp_path / "src", names)
    message = refusal(tmp_path / "src", tmp_path / "out")
    assert "--labels FILE" in message and "--label-separator '_'" not in message and "--label-separator '-'" not in message


def test_the_separator_none_keeps_each_name_one_class_and_so_still_stops(tmp_path: Path) -> None:
    _folders(tmp_path / "src", [f"{c}_{g}" for c in ("black", "blue") for g in ("dress", "pants")])
    assert "--label-separator '_'" in refusal(tmp_path / "src", tmp_path / "out", label_separator="none")


@pytest.mark.parametrize("separator", ["", "_"])
def test_a_family_crossing_at_one_word_is_one_class_a_folder_unless_the_user_splits_it(separator: str, tmp_path: Path) -> None:
    _folders(tmp_path / "leaves", ["apple_scab", "apple_healthy", "grape_rot", "grape_healthy"])
    run_conversion(ConvertConfig(str(tmp_path / "leaves"), str(tmp_path / "out"), label_separator=separator))
    want = frozenset({"grape", "rot"}) if separator else frozenset({"grape_rot"})
    assert _labels(tmp_path / "out")["grape_rot/020.jpg"] == want


# ---- fine classes under coarse ones at uneven depths: `class_leaf` ------------------------------------------

def test_the_grocery_store_case_stops_naming_class_leaf_which_converts_it_right(tmp_path: Path) -> None:
    truth = blind28.DATASETS["grocery_store"](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    assert "`class_leaf: true`" in message and names_option(message, "layout_given")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **blind28.FOLLOW["grocery_store"]))
    assert_right(truth, tmp_path / "followed")


# A neighbour of the kind (the Grocery Store Dataset's `Fruit/Apple/Golden-Delicious/` beside `Fruit/Avocado/`,
# github.com/marcusklasson/GroceryStoreDataset): varieties under some kinds only, in split folders, no lists
_VARIETIES = ["Fruit/Apple/Fuji", "Fruit/Apple/Gala", "Fruit/Pear/Conference", "Fruit/Pear/Williams", "Fruit/Kiwi",
              "Vegetables/Leek", "Vegetables/Onion/Red-Onion", "Vegetables/Onion/Yellow-Onion"]


def _varieties(root: Path, classes: list[str]) -> None:
    for split, count in (("train", 2), ("test", 1)):
        for name in classes:
            for i in range(count):
                image_file(root / split / name / f"{name.rsplit('/', 1)[-1]}_{i}.jpg", f"r31b{split}{name}{i}")


def _leaf_layout(tmp_path: Path, src: Path) -> Path:
    """The user's steps: the stop's --dry-run --layout-file, then `class_leaf: true` under `structure:`."""
    written = tmp_path / "layout.yaml"
    run_shardify("convert", str(src), str(tmp_path / "plan"), "--dry-run", "--layout-file", str(written))
    text = written.read_text()
    assert "\nstructure:\n" in text
    written.write_text(text.replace("\nstructure:\n", "\nstructure:\n  class_leaf: true\n"))
    return written


def test_a_neighbours_varieties_at_uneven_depths_read_by_the_leaf_the_stop_names(tmp_path: Path) -> None:
    _varieties(tmp_path / "src", _VARIETIES)
    message = refusal(tmp_path / "src", tmp_path / "out")
    assert "uneven depths" in message and "`class_leaf: true`" in message
    layout = _leaf_layout(tmp_path, tmp_path / "src")
    done = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "followed"), "--layout-file", str(layout))
    assert done.returncode == 0, done.stderr
    found = written_records(tmp_path / "followed")["records"]
    assert found["train/Fruit/Apple/Gala/Gala_1.jpg"] == ("train", frozenset({"gala"}))  # (names as normalised)
    assert found["test/Fruit/Kiwi/Kiwi_0.jpg"] == ("test", frozenset({"kiwi"}))
    assert len(found) == 24 and len({labels for _, labels in found.values()}) == 8


def test_a_leaf_name_under_two_class_paths_stops_naming_class_path(tmp_path: Path) -> None:
    # the hostile twin: `Red/` a variety of apples and of onions; read by its leaf, two classes would be one
    _varieties(tmp_path / "src", ["Fruit/Apple/Red", "Fruit/Apple/Green", "Fruit/Kiwi", "Vegetables/Onion/Red", "Vegetables/Leek"])
    layout = _leaf_layout(tmp_path, tmp_path / "src")
    done = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--layout-file", str(layout))
    assert done.returncode == 2 and not (tmp_path / "out" / "manifest.json").exists()
    said = done.stderr
    assert "Fruit/Apple/Red/, Vegetables/Onion/Red/" in said and "`class_path: true`" in said


def test_a_layout_file_naming_both_class_readings_is_refused(tmp_path: Path) -> None:
    _varieties(tmp_path / "src", _VARIETIES)
    layout = _leaf_layout(tmp_path, tmp_path / "src")
    layout.write_text(layout.read_text().replace("  class_leaf: true\n", "  class_leaf: true\n  class_path: true\n"))
    done = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--layout-file", str(layout))
    assert done.returncode == 2 and "class_path and structure.class_leaf are both true" in done.stderr


# ---- tables of attributes: a stop that says what they are --------------------------------------------------

@pytest.mark.parametrize(("batch", "name", "shown"), [(blind30, "yeast", "2 Weka/Mulan ARFF files: yeast-test.arff, yeast-train.arff"),
                                                       (blind33, "zoo", "1 UCI-style .data file: zoo.data")])
def test_the_attribute_table_cases_stop_saying_what_they_are(batch, name: str, shown: str, tmp_path: Path) -> None:
    truth = batch.DATASETS[name](tmp_path / "download")
    message = refusal(truth.root, tmp_path / "out")
    assert f"holds tables of attributes ({shown})" in message and "point SRC at" not in message


def test_a_neighbours_uci_download_is_told_a_table_of_attributes(tmp_path: Path) -> None:
    # UCI Iris as its archive folder lists it ("bezdekIris.data  Index  iris.data  iris.names"; rows
    # "5.1,3.5,1.4,0.2,Iris-setosa": find_string, a course's notes over archive.ics.uci.edu's iris/)
    rows = "5.1,3.5,1.4,0.2,Iris-setosa\n4.9,3.0,1.4,0.2,Iris-setosa\n7.0,3.2,4.7,1.4,Iris-versicolor\n6.3,3.3,6.0,2.5,Iris-virginica\n"
    for name, text in (("iris.data", rows), ("bezdekIris.data", rows), ("Index", "iris.data\niris.names\n"),
                       ("iris.names", "1. Title: Iris Plants Database\n")):
        (tmp_path / "iris").mkdir(exist_ok=True)
        (tmp_path / "iris" / name).write_text(text)
    message = refusal(tmp_path / "iris", tmp_path / "out")
    assert "holds tables of attributes (2 UCI-style .data files: bezdekIris.data, iris.data)" in message


@pytest.mark.parametrize("files", [
    {"obj.data": "classes = 3\ntrain = data/train.txt\nnames = data/obj.names\nbackup = backup/\n", "obj.names": "a\nb\nc\n"},
    {"reviews.data": "pos,a fine film, in short\nneg,dull\nneg,dull, dull and long, and loud,\npos,fine\n"},
    {"zoo.data": "aardvark,1,0,0,1,4,1\nbass,0,0,1,0,0,4\ncrab,0,0,1,0,6,7\n", "train.csv": "path,label\na.jpg,cat\n"},
], ids=["darknet config", "texts with commas", "beside another table"])
def test_hostile_twins_are_not_told_tables_of_attributes(files: dict, tmp_path: Path) -> None:
    for name, text in files.items():
        (tmp_path / "src").mkdir(exist_ok=True)
        (tmp_path / "src" / name).write_text(text)
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    except ShardifyError as stopped:  # (converting, or stopping otherwise, is not this stop: all this asks)
        assert "tables of attributes" not in str(stopped)


# ---- VoTT's JSON: a document per image, or the project's export ---------------------------------------------

def test_the_artaxor_case_reads_the_vott_asset_documents_right(tmp_path: Path) -> None:
    truth = blind32.DATASETS["artaxor"](tmp_path / "download")
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert_right(truth, tmp_path / "out")


def _vott_project(root: Path, regions_of: dict[str, list[dict]]) -> None:
    # A VoTT v2 project as its tutorial lays it out (SI-Aizu/vott-tutorial README: sample_project/source/car_1.jpg ...
    # beside target/, VoTT's target connection, where it saves `<asset id>-asset.json` a tagged image and the project
    # file `<name>.vott`); each asset document as VoTT writes it (asset {format, id, name, path, size, state, type},
    # regions [{id, type, tags, boundingBox {height, width, left, top}, points}], version), as datumaro reads it
    for n, (name, regions) in enumerate(sorted(regions_of.items())):
        image_file(root / "sample_project" / "source" / name, f"r31bvott{name}")
        asset_id = f"{0x5f3759df * (n + 1):032x}"
        document = {"asset": {"format": "jpg", "id": asset_id, "name": name, "path": f"file:/home/u/sample_project/source/{name}",
                              "size": {"width": 20, "height": 16}, "state": 2, "type": 1},
                    "regions": regions, "version": "2.1.0"}
        (root / "sample_project" / "target").mkdir(parents=True, exist_ok=True)
        (root / "sample_project" / "target" / f"{asset_id}-asset.json").write_text(json.dumps(document, indent=4))
    (root / "sample_project" / "target" / "sample_project.vott").write_text(json.dumps({"name": "sample_project", "version": "2.1.0"}))


def _region(tags: list, left: float, top: float) -> dict:
    return {"id": f"r{left}{top}", "type": "RECTANGLE", "tags": tags,
            "boundingBox": {"height": 5, "width": 6, "left": left, "top": top}}


def test_a_neighbours_vott_project_folder_is_read_a_box_per_tag(tmp_path: Path) -> None:
    _vott_project(tmp_path / "src", {"car_1.jpg": [_region(["car"], 2, 3)], "car_2.jpg": [_region(["car", "truck"], 4, 1)],
                                    "car_3.jpg": [_region(["person"], 1, 1), _region(["car"], 10, 8)]})
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    objects = written_records(tmp_path / "out")["objects"]
    assert sorted(objects["sample_project/source/car_2.jpg"]) == ["car", "truck"]  # (a box per tag, as datumaro reads it)
    assert sorted(objects["sample_project/source/car_3.jpg"]) == ["car", "person"]
    boxes = _corners(tmp_path / "out")
    assert boxes["sample_project/source/car_1.jpg"] == [(0.1, 0.1875, 0.4, 0.5)]  # left 2, top 3, 6 x 5 of a 20 x 16 image


def test_a_vott_region_without_a_tag_stops_naming_the_document(tmp_path: Path) -> None:
    _vott_project(tmp_path / "src", {"car_1.jpg": [_region(["car"], 2, 3)], "car_2.jpg": [_region([], 4, 1)],
                                    "car_3.jpg": [_region(["person"], 1, 1)]})
    with pytest.raises(ShardifyError, match=r"(?s)-asset\.json.*car_2\.jpg: a region with no tag"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()


def _corners(out: Path) -> dict[str, list[tuple[float, ...]]]:
    from helpers.shard_io import read_shard
    from shardify.format import contract
    from shardify.format.manifest import load_manifest

    found = {}
    for info in load_manifest(str(out)).splits.values():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                columns = [record[k] if isinstance(record[k], list) else [record[k]]
                           for k in (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX)]
                found[record[contract.IMAGE_FILENAME].decode()] = sorted(tuple(round(float(v), 4) for v in c) for c in zip(*columns))
    return found
