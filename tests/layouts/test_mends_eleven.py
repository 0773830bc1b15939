"""Kinds the eleventh mends read right (or stop on, naming the option that decides), each tested on
a neighbour of the dataset that showed it, never the dataset's own layout, with a twin that must
not change:

- a label table whose column names the images by path relative to its own folder, beside a column
  of numbers that are their ids (Hateful Memes' `{"id": 1765, "img": "img/01765.png", ...}`): the
  path column keys it, given with `--labels` (JSON lines) or read as a split list (a headed CSV per
  split). Keyed by the ids, the images written with leading zeros named no row: each a reject.
  Where the first column names the files, it keys the table as before;
- folders of a re-identification benchmark's evaluation parts (`query/`, `gallery/`, `gt_bbox/`,
  `image_query/`) beside folders named by split words with a prefix (`bounding_box_train/`,
  `image_test/`): each a split of its own name, as torchreid's loaders read them. They were taken
  for class folders named like splits, and the stop named no option that helped; now it names
  `--label-from-name`, which reads the person ids. Alone beside class folders, `query/` is a class.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.one_place import one_place_each
from helpers.sources import convert, image_bytes, write_file
from shardify.errors import SourceError, UsageError


def _memes(root: Path, ids: dict[str, list[int]], fmt: str = "jsonl") -> dict:
    """PNG memes in memes/images/<id:05d>.png, one table per split in memes/ (`id`, `img_path` relative
    to memes/, `label` but in test); the expected (split, labels) of each image."""
    expected, seed = {}, 0
    for split, numbers in ids.items():
        rows = []
        for n in numbers:
            seed += 1
            write_file(root / f"memes/images/{n:05d}.png", image_bytes(fmt="PNG", seed=seed))
            row = {"id": n, "img_path": f"images/{n:05d}.png"}
            if split != "test":
                row["label"] = ("benign", "harmful")[n % 2]
            rows.append(row)
            expected[f"memes/images/{n:05d}.png"] = (split, (row["label"],) if "label" in row else ())
        if fmt == "jsonl":
            write_file(root / f"memes/{split}.jsonl", "".join(json.dumps(r) + "\n" for r in rows))
        else:  # with the meme's words last, as Hateful Memes' rows end
            rows = [{**r, "text": f"words on meme {r['id']}"} for r in rows]
            columns = list(rows[0])
            lines = [",".join(columns)] + [",".join(str(r[c]) for c in columns) for r in rows]
            write_file(root / f"memes/{split}.csv", "\n".join(lines) + "\n")
    return expected


# ids written without the file names' leading zeros (47 for 00047.png), as Hateful Memes writes 1765 for 01765.png
_IDS = {"train": [47, 310, 1208, 2291], "dev": [5150, 6033], "test": [7401, 8020]}


def test_a_json_lines_label_table_is_keyed_by_its_column_of_paths(tmp_path: Path) -> None:
    expected = _memes(tmp_path / "src", {"train": _IDS["train"]})
    out = convert(tmp_path / "src", tmp_path / "out", labels_file=str(tmp_path / "src/memes/train.jsonl"))
    written = one_place_each({k: ("train", v[1]) for k, v in expected.items()}, out)
    assert {labels for _, labels, _ in written.values()} == {("benign",), ("harmful",)}


def test_twin_a_json_lines_table_keyed_by_its_first_column_of_file_names_is_read_as_before(tmp_path: Path) -> None:
    for n, label in ((1, "cat"), (2, "dog")):
        write_file(tmp_path / f"src/pics/{n}.png", image_bytes(fmt="PNG", seed=n))
    # `file_name` names the files, `id` numbers rows: the named key column is right and stays
    write_file(tmp_path / "src/labels.jsonl", '{"file_name": "1.png", "id": 9, "label": "cat"}\n'
                                              '{"file_name": "2.png", "id": 8, "label": "dog"}\n')
    out = convert(tmp_path / "src", tmp_path / "out", labels_file=str(tmp_path / "src/labels.jsonl"))
    one_place_each({"pics/1.png": ("train", ("cat",)), "pics/2.png": ("train", ("dog",))}, out)


def test_split_lists_with_an_id_column_are_keyed_by_their_column_of_paths(tmp_path: Path) -> None:
    expected = _memes(tmp_path / "src", _IDS, fmt="csv")
    written = one_place_each(expected, convert(tmp_path / "src", tmp_path / "out"))
    assert {split for split, _, _ in written.values()} == {"train", "dev", "test"}


def test_twin_split_lists_keyed_by_their_first_column_stay_so(tmp_path: Path) -> None:
    # `name` first, then a number: the first column names the files, as it did
    for split, stems in {"train": ["a1", "a2"], "test": ["b1", "b2"]}.items():
        for seed, stem in enumerate(stems):
            write_file(tmp_path / f"src/images/{stem}.png", image_bytes(fmt="PNG", seed=seed))
        write_file(tmp_path / f"src/{split}.csv", "name,order\n" + "".join(f"{s}.png,{i + 100}\n" for i, s in enumerate(stems)))
    out = convert(tmp_path / "src", tmp_path / "out", label_level=0)
    one_place_each({f"images/{s}.png": (split, ()) for split, stems in {"train": ["a1", "a2"], "test": ["b1", "b2"]}.items()
                    for s in stems}, out)


# DukeMTMC-reID (github.com/layumi/DukeMTMC-reID_evaluation): bounding_box_train/, bounding_box_test/, query/;
# names <person>_c<camera>_f<frame>.jpg. VeRi-776 (github.com/JDAI-CV/VeRidataset): image_train/, image_test/,
# image_query/; names <vehicle>_c<camera>_<frame>_<n>.jpg.
_DUKE = {"bounding_box_train": ("train", ["0001_c2_f0046182", "0001_c5_f0051341", "0007_c1_f0053214"]),
         "bounding_box_test": ("test", ["0002_c1_f0044158", "0005_c4_f0061205"]),
         "query": ("query", ["0005_c2_f0046985", "0002_c6_f0045270"])}
_VERI = {"image_train": ("train", ["0001_c001_00016450_0", "0002_c002_00030600_1"]),
         "image_test": ("test", ["0003_c014_00077295_0", "0004_c003_00070730_0"]),
         "image_query": ("query", ["0003_c013_00077735_0"])}


def _reid(root: Path, top: str, folders: dict) -> dict:
    expected, seed = {}, 0
    for folder, (split, stems) in folders.items():
        for stem in stems:
            seed += 1
            write_file(root / f"{top}/{folder}/{stem}.jpg", image_bytes(seed=seed))
            expected[f"{top}/{folder}/{stem}.jpg"] = (split, (stem[:4],))
    write_file(root / f"{top}/README.md", "person re-identification: the person id first in each name\n")
    return expected


@pytest.mark.parametrize("top, folders", [("DukeMTMC-reID", _DUKE), ("VeRi", _VERI)], ids=["duke", "veri"])
def test_evaluation_parts_beside_split_folders_are_splits_of_their_own(tmp_path: Path, top: str, folders: dict) -> None:
    expected = _reid(tmp_path / "src", top, folders)
    with pytest.raises(UsageError, match="--label-from-name"):
        convert(tmp_path / "src", tmp_path / "refused")
    assert not (tmp_path / "refused" / "manifest.json").exists()
    written = one_place_each(expected, convert(tmp_path / "src", tmp_path / "out", label_from_name=r"^(\d+)_"))
    assert {split for split, _, _ in written.values()} == {"train", "test", "query"}


def test_twin_a_query_folder_beside_class_folders_is_a_class(tmp_path: Path) -> None:
    expected = {}
    for seed, (folder, stem) in enumerate([("query", "q1"), ("query", "q2"), ("answer", "a1"), ("answer", "a2")]):
        write_file(tmp_path / f"src/{folder}/{stem}.jpg", image_bytes(seed=seed))
        expected[f"{folder}/{stem}.jpg"] = ("train", (folder,))
    one_place_each(expected, convert(tmp_path / "src", tmp_path / "out"))


def test_id_keyed_rows_naming_no_image_stay_rejects(tmp_path: Path) -> None:
    # the rule reads a column of paths; where none names the images, nothing is guessed
    _memes(tmp_path / "src", {"train": [47, 310]})
    write_file(tmp_path / "src/other.jsonl", '{"id": 47, "label": "benign"}\n{"id": 310, "label": "harmful"}\n')
    with pytest.raises(SourceError, match="2 x no usable row in other.jsonl names it"):
        convert(tmp_path / "src", tmp_path / "out", labels_file=str(tmp_path / "src/other.jsonl"))
