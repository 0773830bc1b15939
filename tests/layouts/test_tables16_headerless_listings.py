"""Label tables with no header row that name each input among several columns (issue 30: book30).

The book-cover dataset (github.com/uchidalab/book-dataset) ships, per split, a fully quoted
headerless listing of seven columns (`"<ASIN>","<ASIN>.jpg","<image URL>","<title>","<author>",
"<category id>","<category>"`, Task1's book30-listing-test.csv as published; Task2's one
book32-listing.csv of the same columns) beside `<file> <class>` label lists. A listing's first row
was read as its header (`0078659427.jpg`, `Literature & Fiction` as column names), and a Kaggle-style
`labels.tsv` of `<file><TAB><label>` rows lost its first input's label with exit 0. Now a first row
naming an input is data (`shardify.plan.headerless_tables`): the key is the column naming the inputs,
the label the column whose values repeat (a category id and its name, one to one, are one label: the
name); where nothing tells, the run stops naming `--label-column`. Label lists and a listing of the
same inputs are compared: alike, the lists are read and the plan says so; different, the run stops
naming both (`shardify.plan.numbered_lists`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.errors import UsageError

_CATEGORIES = {1: "Biographies & Memoirs", 7: "Cookbooks, Food & Wine", 15: "Literature & Fiction"}
_TRAIN = [("0078659427", 15), ("0079427570", 1), ("0080195713", 7), ("0081731999", 15), ("0082500142", 1), ("0083268285", 7)]
_TEST = [("0039064427", 7), ("0039832570", 15), ("0040600713", 7), ("0040600999", 1)]


def _listing(rows: list[tuple[str, int]], authors: bool = True) -> str:
    lines = []
    for i, (asin, ident) in enumerate(rows):
        author = f"Author {i}" if authors else ""
        cells = (asin.lstrip("0"), f"{asin}.jpg", f"http://ecx.images-amazon.com/images/I/{asin[:6]}L.jpg",
                 f"Title {asin}: A Story, \"Vol. {i}\"", author, str(ident), _CATEGORIES[ident])
        lines.append(",".join('"' + c.replace('"', '""') + '"' for c in cells))
    return "\n".join(lines) + "\n"


def _covers(root: Path, parts: dict[str, list[tuple[str, int]]], *, lists: dict[str, list[tuple[str, int]]] | None = None) -> None:
    for part, rows in parts.items():
        for asin, _ in rows:
            write_file(root / "224x224" / f"{asin}.jpg", image_bytes())
        write_file(root / f"book30-listing-{part}.csv" if part else root / "book32-listing.csv", _listing(rows))
    for part, rows in (lists or {}).items():
        write_file(root / f"bookcover30-labels-{part}.txt", "".join(f"{asin}.jpg {ident}\n" for asin, ident in rows))


@pytest.fixture(scope="module")
def listings_alone(tmp_path_factory: pytest.TempPathFactory) -> dict:
    base = tmp_path_factory.mktemp("listings")
    _covers(base / "src", {"train": _TRAIN, "test": _TEST})
    return written_records(convert(base / "src", base / "out"))["records"]


def test_split_listings_alone_label_each_cover_with_its_category(listings_alone: dict) -> None:
    assert len(listings_alone) == len(_TRAIN) + len(_TEST)
    for split, rows in (("train", _TRAIN), ("test", _TEST)):
        for asin, ident in rows:
            assert listings_alone[f"224x224/{asin}.jpg"] == (split, frozenset({_CATEGORIES[ident].lower()})), asin


def test_one_listing_of_every_cover_labels_them_all(tmp_path: Path) -> None:
    # Task2's book32-listing.csv: one file, no split
    _covers(tmp_path / "src", {"": _TRAIN + _TEST})
    records = written_records(convert(tmp_path / "src", tmp_path / "out"))["records"]
    assert {rid: labels for rid, (_, labels) in records.items()} == {
        f"224x224/{asin}.jpg": frozenset({_CATEGORIES[ident].lower()}) for asin, ident in _TRAIN + _TEST
    }


def test_a_small_listing_with_nothing_repeated_stops_naming_the_label_column(tmp_path: Path) -> None:
    _covers(tmp_path / "src", {"": _TEST[1:]})  # three covers, three categories: author or category?
    with pytest.raises(UsageError, match=r"book32-listing\.csv.*--label-column 7"):
        convert(tmp_path / "src", tmp_path / "out")
    records = written_records(convert(tmp_path / "src", tmp_path / "out2", label_column="7"))["records"]
    assert records["224x224/0039832570.jpg"][1] == frozenset({"literature & fiction"})


def test_two_repeated_columns_that_do_not_map_one_to_one_stop(tmp_path: Path) -> None:
    # a binding (Paperback, Hardcover) beside the category: either could be the class
    root = tmp_path / "src"
    rows = []
    for i, (asin, ident) in enumerate(_TRAIN):
        write_file(root / "covers" / f"{asin}.jpg", image_bytes())
        rows.append(f'{asin}.jpg,{("Paperback", "Hardcover")[i % 2]},"{_CATEGORIES[ident]}"')
    write_file(root / "listing.csv", "\n".join(rows) + "\n")
    with pytest.raises(UsageError, match=r"listing\.csv.*--label-column"):
        convert(root, tmp_path / "out")


def test_label_lists_and_listings_that_agree_read_the_lists_and_say_so(tmp_path: Path) -> None:
    _covers(tmp_path / "src", {"train": _TRAIN, "test": _TEST}, lists={"train": _TRAIN, "test": _TEST})
    done = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--dry-run")
    assert done.returncode == 0, done.stderr
    assert "book30-listing-test.csv, book30-listing-train.csv label them alike" in done.stdout + done.stderr


def test_label_lists_and_listings_that_disagree_stop_naming_both(tmp_path: Path) -> None:
    shifted = [(asin, {15: 1, 1: 7, 7: 15}[ident]) for asin, ident in _TRAIN]
    shifted[0] = (shifted[0][0], 7)  # not a renumbering either
    _covers(tmp_path / "src", {"train": _TRAIN, "test": _TEST}, lists={"train": shifted, "test": _TEST})
    with pytest.raises(UsageError, match=r"book30-listing-test\.csv.*bookcover30-labels-test\.txt.*disagree"):
        convert(tmp_path / "src", tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize("rows", [2, 5])
def test_a_headerless_tab_label_file_keeps_its_first_row(tmp_path: Path, rows: int) -> None:
    # `<file><TAB><label>`: the first row was a header, its input written unlabelled with exit 0
    root = tmp_path / "src"
    names = [(f"img_{i}.jpg", ("cat", "dog", "bird")[i % 3]) for i in range(rows)]
    for name, _ in names:
        write_file(root / "images" / name, image_bytes())
    write_file(root / "annotations.tsv", "".join(f"images/{name}\t{label}\n" for name, label in names))
    records = written_records(convert(root, tmp_path / "out"))["records"]
    assert records == {f"images/{name}": ("train", frozenset({label})) for name, label in names}


def test_headerless_tab_tables_per_split_label_their_splits(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for split, count in (("train", 3), ("test", 2)):
        rows = [(f"{split}_{i}.jpg", ("cat", "dog")[i % 2]) for i in range(count)]
        for name, _ in rows:
            write_file(root / "images" / name, image_bytes())
        write_file(root / f"{split}.tsv", "".join(f"{name}\t{label}\n" for name, label in rows))
    records = written_records(convert(root, tmp_path / "out"))["records"]
    assert records["images/train_2.jpg"] == ("train", frozenset({"cat"}))
    assert records["images/test_1.jpg"] == ("test", frozenset({"dog"}))
    assert len(records) == 5


def test_unique_numbers_beside_the_files_in_a_small_table_stop(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for i in range(3):
        write_file(root / "images" / f"{i}.jpg", image_bytes())
    write_file(root / "meta.tsv", "".join(f"images/{i}.jpg\t{40 + i}\n" for i in range(3)))  # (a `labels.tsv` says it)
    with pytest.raises(UsageError, match=r"meta\.tsv.*--label-column 2"):
        convert(root, tmp_path / "out")
