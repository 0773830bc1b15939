"""Public datasets no detection rule names, and layouts nobody named: right, or a useful refusal.

The miniatures (tests/helpers/unseen.py) copy real downloads' layouts. Each conversion with no
option must write exactly the truth's records, splits and labels, or stop before writing (exit 2)
naming the folders that show the problem and only options that can help; where the refusal
offers an option, converting with it must then be right. The sign table of `shardify.plan.guards`
is tested row by row on made-up layouts below.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from helpers.sources import convert, image_bytes
from helpers.unseen import DATASETS, Truth
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import file_signs, guards
from shardify.plan.label_names import label_order
from shardify.plan.structure import Structure, infer_structure


def _written(out: Path) -> dict[str, tuple[str, frozenset[str] | None, int]]:
    """Every record as {image/filename: (split, label names or None, label index)}."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                index = record.get(contract.LABEL, contract.UNLABELLED)
                labels = None if index == contract.UNLABELLED else frozenset({record[contract.LABEL_TEXT].decode()})
                found[record[contract.IMAGE_FILENAME].decode()] = (split, labels, index)
    return found


def _expected(truth: Truth) -> dict[str, tuple[str, frozenset[str] | None]]:
    """The truth's records under the names shardify gives them (`x.zip/` reads as the folder `x/`)."""
    return {re.sub(r"\.zip/", "/", rid): value for rid, value in truth.records.items()}


def _assert_converts_to_truth(truth: Truth, out: Path, **options) -> dict:
    convert(truth.root, out, **options)
    written = _written(out)
    assert {rid: (split, labels) for rid, (split, labels, _) in written.items()} == _expected(truth)
    return written


@pytest.mark.parametrize("name", ["split_pair_test_set", "split_pair_validation"])
def test_archives_named_as_a_split_pair_are_splits_not_classes(name: str, tmp_path: Path) -> None:
    truth = DATASETS[name](tmp_path / "download")
    written = _assert_converts_to_truth(truth, tmp_path / "out")
    assert {labels for _, labels, _ in written.values()} == {frozenset({c}) for c in ("apple", "banana", "cherry")}


def test_numbered_class_folders_are_indexed_by_their_number(tmp_path: Path) -> None:
    truth = DATASETS["numbered_classes"](tmp_path / "download")
    written = _assert_converts_to_truth(truth, tmp_path / "out")
    assert all(index == int(next(iter(labels))) for _, labels, index in written.values())
    assert load_manifest(str(tmp_path / "out")).labels == tuple(str(n) for n in range(12))


# Per refused dataset: what the refusal must name, options it must offer, options it must not.
_REFUSALS = {
    "omniglot": (["Greek/character01/", "Latin/character01/"], ["--labels FILE"], ["--label-level", "--label-from-name"]),
    "cityscapes": (["leftImg8bit/train/aachen/", "leftImg8bit/val/frankfurt/"], ["--label-level 0"], ["--label-from-name"]),
    "places365": (["data_256/a/abbey/", "data_256/a/apartment_building/outdoor/"], ["--labels FILE"], ["--label-level"]),
    "stanford_cars": (["devkit/cars_meta.mat"], ["--labels FILE"], ["--label-from-name"]),
}


@pytest.mark.parametrize("name", sorted(_REFUSALS))
def test_a_wrong_guess_stops_before_writing_naming_folders_and_useful_options(name: str, tmp_path: Path) -> None:
    truth = DATASETS[name](tmp_path / "download")
    with pytest.raises(UsageError) as refused:
        convert(truth.root, tmp_path / "out")
    message = str(refused.value)
    named, offered, not_offered = _REFUSALS[name]
    assert all(folder in message for folder in named), message
    assert all(option in message for option in offered), message
    assert not any(option in message for option in not_offered), message
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_following_the_refusal_converts_the_images_without_their_annotations(tmp_path: Path) -> None:
    truth = DATASETS["cityscapes"](tmp_path / "download")
    written = _assert_converts_to_truth(truth, tmp_path / "out", label_level=0)
    assert not any("gtFine" in rid for rid in written)
    assert not load_manifest(str(tmp_path / "out")).labels


def test_kittis_label_2_gives_each_training_image_its_objects_and_testing_stays_unlabelled(tmp_path: Path) -> None:
    """label_2/ mirrors image_2/ by stem: its rows are objects, not captions, and no calib/ file
    becomes a record (boxes themselves: tests/objects/test_box_text_annotations.py)."""
    truth = DATASETS["kitti"](tmp_path / "download")
    out = convert(truth.root, tmp_path / "out")
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                texts = record.get(contract.LABEL_TEXT, [])
                texts = [texts] if isinstance(texts, bytes) else texts
                labels = frozenset(t.decode() for t in texts if t) or None
                found[record[contract.IMAGE_FILENAME].decode()] = (split, labels)
    assert found == truth.records


# One made-up layout per row of the sign table (none is a named dataset), with the folders and
# options the refusal must give.
_SIGN_CASES = {
    "folder per sample": (
        [f"cases/{case}/image/{case}.png" for case in ("a1f3", "b7e2", "c9d0", "d4c8", "e5a1")],
        "--label-level 0",
    ),
    "same names beneath": (
        [f"{part}/{cls}/{i}.png" for part in ("part1", "part2") for cls in ("ant", "bee", "wasp") for i in range(3)],
        "--label-level 2",
    ),
    "split-named class": (
        [f"data_256/a/{c}/{i}.jpg" for c in ("abbey", "alley") for i in range(2)] + [f"val_256/{i}.jpg" for i in range(4)],
        "--labels FILE",
    ),
    "respelled classes": (  # (blindfix38) one class spelled two ways across the splits
        [f"{split}/{cls}/{i}.png" for split, classes in (("train", ("rose_red", "tulip_yellow", "daisy")),
                                                         ("test", ("rose", "tulip", "daisy"))) for cls in classes for i in range(3)],
        "--labels FILE",
    ),
    "classes per split": (
        [f"{split}/{group}/{i}.png" for split, groups in (("train", ("p01", "p02")), ("test", ("p03", "p04")))
         for group in groups for i in range(3)],
        "--label-level 0",
    ),
    "views of one set": (  # blindfix41: an organ's images beside masks and maps of the same names (NuInsSeg's)
        [f"cells/{o}/{f}/{o}_{i}.png" for o in ("liver", "lung") for f in ("raw images", "mask binary", "distance maps")
         for i in range(3)],
        "--label-level 0 --exclude '*/*/distance maps' --exclude '*/*/mask binary'",
    ),
    "uneven depth": (
        [f"index/{p}/{i}.png" for p in ("x/alpha", "x/beta/one", "y/delta", "y/eps/two") for i in range(2)],
        "--labels FILE",
    ),
    "few over many": (
        [f"{sex}/{sex}{n:02d}/{i}.jpg" for sex in ("female", "male") for n in range(12) for i in range(2)],
        "--label-level 2",
    ),
    "containers over classes": (
        [f"{tree}_images/{c}/{i}.jpg" for tree, cs in (("bird", ("owl", "jay")), ("fish", ("cod", "eel", "koi"))) for c in cs
         for i in range(2)],
        "--label-level 2",
    ),
    "numbered index": ([f"sheets/{a:03d}/{b:02d}/{a * 100 + b}{i}.jpg" for a, b in ((0, 4), (12, 9), (12, 31)) for i in range(2)],
                       "--labels FILE"),
    "numbered parts": ([f"scans_part_{k}/{i:05d}.jpg" for k in (1, 2) for i in range(4)], "--label-level 0"),
    "named within": (  # parts of a download, each an archive's top folder (not DUTS: a made-up neighbour)
        [f"HKU-{part}/HKU-{part}-images/{i:04d}.jpg" for part in ("A", "B") for i in range(3)],
        "structure.split_names",
    ),
    "wrapped classes": (  # archives unpacked into folders of their own names (blind round 37's ships: a made-up neighbour)
        [f"{part}/{part}/{i}.png" for part in ("tiles", "mosaics") for i in range(3)],
        "--label-level 1",
    ),
    "part as the class": (["frames_512/" + f"{i}.png" for i in range(4)], "--label-level 0"),
    "nested copy": (
        [f"scans{copy}/{split}/{c}/{i}.jpeg" for copy in ("", "/scans") for split in ("train", "test")
         for c in ("healthy", "sick") for i in range(2)],
        "point SRC at one copy (SRC/scans/scans)",
    ),
    "subjects with masks": (
        [f"scans/{s}/{s}_{i}{m}.tif" for s in ("S01_2004", "S02_2007", "S03_2011") for i in range(3) for m in ("", "_mask")],
        "--label-level 0",
    ),
    "items with masks": (
        [f"KolektorSDD/kos{k:02d}/Part{i}{m}" for k in (1, 2, 17, 50) for i in range(3) for m in (".jpg", "_label.bmp")],
        "--label-level 0",
    ),
    "numbered objects": (  # blindfix31: a toy-objects set, three objects of each of two categories
        [f"objects/{w}{n}/{w}{n}_{v:03d}.png" for w in ("duck", "cup") for n in (1, 2, 3) for v in range(2)],
        "--label-from-name",
    ),
    "crossed words": (  # blindfix32: shoes by colour and kind, a folder per pair of words
        [f"shoes/{c}-{k}/{i}.jpg" for c in ("tan", "navy", "grey") for k in ("boot", "loafer", "sandal") for i in range(2)],
        "--label-separator '-'",
    ),
}


def test_every_sign_of_the_table_has_its_case() -> None:
    assert sorted(sign.name for sign in guards.SIGNS) == sorted(_SIGN_CASES)


def test_one_class_one_level_deeper_is_enough_to_show_uneven_depth() -> None:
    """A letter index with a single two-level class (a newcomer's miniature of Places365) was read
    at the letters, every label wrong, exit 0."""
    paths = [f"data_256/{p}/{i}.jpg" for p in ("a/abbey", "a/airport_terminal", "b/bakery/shop", "b/bamboo_forest", "c/campsite")
             for i in range(4)]
    structure, _ = infer_structure(paths)
    found = guards.find_sign(paths, structure)
    assert found is not None and found.sign == "uneven depth" and "class_path: true" in found.message()


@pytest.mark.parametrize("sign", sorted(_SIGN_CASES))
def test_each_sign_is_found_on_a_layout_nobody_named(sign: str) -> None:
    paths, option = _SIGN_CASES[sign]
    structure, _ = infer_structure(paths)
    found = guards.find_sign(paths, structure)
    assert found is not None and found.sign == sign, found
    assert option in found.message() and found.folders


@pytest.mark.parametrize(
    "paths",
    [
        [f"{cls}/{sub}{i}.png" for cls in ("circle", "square", "triangle") for sub in ("", "more/") for i in range(3)],
        [f"{split}/{cls}/{i}.png" for split in ("train", "val") for cls in ("cat", "dog") for i in range(3)],
        [f"PetImages/{cls}/{i}.jpg" for cls in ("Cat", "Dog") for i in range(30)],
        [f"train/c{k}/img_{k}{i}.jpg" for k in range(3) for i in range(3)],
        [f"{c}/{c}_{i:03d}.jpg" for c in ("airplane", "beach", "church", "desert", "forest") for i in range(3)],
        [f"{c}/{i:03d}{m}.png" for c in ("benign", "malignant") for i in range(3) for m in ("", "_mask")],
        [f"seg_{s}/seg_{s}/{c}/{i}.jpg" for s in ("train", "test") for c in ("sea", "street") for i in range(3)],
    ],
    ids=["nested-subfolders", "split-folders", "two-classes", "numbered-classes-no-part-word", "files-named-for-their-class",
         "masks-beside-images-in-classes-named-apart", "wrappers-of-one-name"],
)
def test_no_sign_where_the_classes_are_right(paths: list[str]) -> None:
    structure, _ = infer_structure(paths)
    assert guards.find_sign(paths, structure) is None


def test_a_chosen_label_level_is_not_second_guessed() -> None:
    paths = _SIGN_CASES["same names beneath"][0]
    assert guards.find_sign(paths, Structure(label_levels=(("", 1),), chosen_level=True)) is None


def test_parts_whose_names_are_not_splits_convert_with_the_option_the_refusal_gives(make_tree, tmp_path: Path) -> None:
    paths = [f"{part}/{cls}/{cls}{part}{i}.png" for part in ("part1", "part2") for cls in ("ant", "bee") for i in range(2)]
    files = {path: image_bytes(fmt="PNG", seed=n) for n, path in enumerate(paths)}
    source = make_tree(files)
    with pytest.raises(UsageError, match="--label-level 2"):
        convert(source, tmp_path / "refused")
    written = _written(convert(source, tmp_path / "out", label_level=2))
    assert {rid: labels for rid, (_, labels, _) in written.items()} == {p: frozenset({p.split("/")[1]}) for p in files}


def test_rows_of_numbers_are_annotations_not_captions() -> None:
    assert file_signs.number_rows(["Car 0.00 0 -1.56 564.62 174.59 616.43 224.74 1.61", "DontCare -1 -1 -10 0 0 1 1"])
    assert not file_signs.number_rows(["Two trams cross at 5 pm on a rainy evening"])


def test_numbers_sort_by_value_names_by_name() -> None:
    assert label_order(["2", "10", "1", "0"]) == ["0", "1", "2", "10"]
    assert label_order(["b", "a", "10", "9"]) == ["10", "9", "a", "b"]


def test_a_label_unique_to_every_input_is_an_id(make_tree, tmp_path: Path) -> None:
    files = {f"img/{i:03d}.png": image_bytes(fmt="PNG", seed=i) for i in range(24)}
    files["labels.csv"] = ("file,label\n" + "".join(f"img/{i:03d}.png,{i:03d}\n" for i in range(24))).encode()
    with pytest.raises(UsageError, match="is an id, not a class"):
        convert(make_tree(files), tmp_path / "out")


@pytest.mark.parametrize(
    ("folders", "names"),
    [(("0", "1"), {"0": "ant", "1": "bee"}), (("2", "4"), {"2": "bee", "4": "wasp"}), (("1", "2"), None)],
    ids=["a-0-counts-from-0", "the-last-number-counts-from-1", "neither-cannot-be-told"],
)
def test_numbered_folders_map_through_the_shipped_names_only_where_the_count_is_known(
    folders: tuple[str, ...], names: dict[str, str] | None, make_tree, tmp_path: Path
) -> None:
    files = {f"{folder}/{i}.png": image_bytes(fmt="PNG", seed=10 * int(folder) + i) for folder in folders for i in range(2)}
    files["classes.txt"] = b"ant\nbee\nmoth\nwasp\n"
    source = make_tree(files)
    if names is None:
        with pytest.raises(UsageError, match="cannot be told"):
            convert(source, tmp_path / "out")
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    written = _written(convert(source, tmp_path / "out"))
    expected = {p: frozenset({names[p.split("/")[0]]}) for p in files if p.endswith(".png")}
    assert {rid: labels for rid, (_, labels, _) in written.items()} == expected


def test_a_folder_of_files_that_are_no_inputs_says_so_without_useless_options(make_tree, tmp_path: Path) -> None:
    source = make_tree({"imagelabels.mat": b"MATLAB 5.0 MAT-file", "setid.mat": b"MATLAB 5.0 MAT-file"})
    with pytest.raises(UsageError) as refused:
        convert(source, tmp_path / "out")
    message = str(refused.value)
    assert "no images or texts" in message and "2 .mat files" in message and "--label-from-name" not in message


@pytest.mark.parametrize(
    ("folders", "expected"),
    [
        (("training", "validation", "evaluation"), {"training": "train", "validation": "validation", "evaluation": "test"}),
        (("train", "eval"), {"train": "train", "eval": "test"}),
        (("train_set", "evaluation_set"), {"train_set": "train", "evaluation_set": "test"}),
    ],
)
def test_a_part_word_beside_split_folders_names_a_split(folders: tuple[str, ...], expected: dict[str, str]) -> None:
    """Food-11's `evaluation/` beside `training/` and `validation/` (files loose in each) is its
    test split, as an `eval/` beside `train/` is; the names map as tfds names them."""
    paths = [f"Food-11/{folder}/{k}_{i}.jpg" for folder in folders for k in range(3) for i in range(2)]
    structure, _ = infer_structure(paths)
    assert structure.split_folders == tuple(sorted(folders))
    assert {folder: dict(structure.split_names).get(folder, folder) for folder in folders} == expected


@pytest.mark.parametrize(
    "folders",
    [("background", "person"), ("evaluation", "cats"), ("test", "evaluation")],
    ids=["background-alone-is-a-class", "no-split-word-beside", "evaluation-beside-test-names-nothing-new"],
)
def test_a_part_word_without_split_siblings_names_no_split(folders: tuple[str, ...]) -> None:
    paths = [f"{folder}/{i}.jpg" for folder in folders for i in range(3)]
    structure, _ = infer_structure(paths)
    assert structure.split_level < 0 or "evaluation" not in dict(structure.split_names), structure


def _tables_beside_folders(root: Path, table: str, rows: list[str]) -> Path:
    """Class folders of images (`scenes/<class>/<class>_0000N.jpg`) beside one table."""
    for k, cls in enumerate(("harbor", "meadow", "runway")):
        for n in range(1, 4):
            path = root / "scenes" / cls / f"{cls}_{n:05d}.jpg"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(image_bytes(seed=10 * k + n))
    (root / table).write_text("\n".join(rows) + "\n")
    return root


@pytest.mark.parametrize(
    ("rows", "shown"),
    [
        (["image,boat,grass,water"] + [f"harbor_{n:05d}.jpg,1,0,{n % 2}" for n in range(1, 4)], "3 columns of 0/1"),
        (["image_id\tweather"] + [f"meadow_{n:05d}\t{w}" for n, w in ((1, "fog"), (2, "sun"), (3, "fog"))], "column weather"),
    ],
    ids=["multi-label-0-1-columns", "a-column-of-other-words"],
)
def test_a_table_holding_other_labels_beside_class_folders_stops(rows: list[str], shown: str, tmp_path: Path) -> None:
    """MLRSNet's kind: `Labels/<category>.csv` of 0/1 columns per image beside `Images/<category>/`
    was read as labelled by the folders alone, exit 0. Keeping the folders is then a choice."""
    source = _tables_beside_folders(tmp_path / "src", "labels_extra.csv" if "," in rows[0] else "meta.tsv", rows)
    with pytest.raises(UsageError, match=shown) as refused:
        convert(source, tmp_path / "refused")
    assert "--label-level 2" in str(refused.value) and "--labels FILE" in str(refused.value)
    written = _written(convert(source, tmp_path / "out", label_level=2))
    assert {name: labels for name, (_, labels, _) in written.items()} == {
        f"scenes/{cls}/{cls}_{n:05d}.jpg": frozenset({cls}) for cls in ("harbor", "meadow", "runway") for n in range(1, 4)
    }


@pytest.mark.parametrize(
    "rows",
    [
        ["path,label,is_valid"] + [f"scenes/harbor/harbor_{n:05d}.jpg,harbor,{n == 1}" for n in range(1, 4)],
        ["image,width,height"] + [f"runway_{n:05d}.jpg,256,256" for n in range(1, 4)],
    ],
    ids=["labels-restating-the-folders", "sizes-only"],
)
def test_a_table_without_other_labels_beside_class_folders_is_no_sign(rows: list[str], tmp_path: Path) -> None:
    source = _tables_beside_folders(tmp_path / "src", "meta.csv", rows)
    written = _written(convert(source, tmp_path / "out"))
    assert len(written) == 9 and all(labels == frozenset({name.split("/")[1]}) for name, (_, labels, _) in written.items())


def test_a_split_table_naming_some_of_the_inputs_stops_and_excluding_it_keeps_the_folders(tmp_path: Path) -> None:
    """An `id,split` table naming 3 of 9 inputs is no label sign, but a split source read half-way: the
    inputs it leaves out would all be train (beam_jobs/discover/split_files.py). It stops naming itself and
    `--exclude meta.csv`, which then writes the folders' labels, one split."""
    rows = ["id,split"] + [f"meadow_{n:05d},{s}" for n, s in ((1, "train"), (2, "train"), (3, "test"))]
    source = _tables_beside_folders(tmp_path / "src", "meta.csv", rows)
    with pytest.raises(UsageError, match="3 of the 9 inputs") as refused:
        convert(source, tmp_path / "refused")
    assert "--exclude meta.csv" in str(refused.value)
    written = _written(convert(source, tmp_path / "out", exclude=("meta.csv",)))
    assert len(written) == 9 and all(labels == frozenset({name.split("/")[1]}) for name, (_, labels, _) in written.items())
