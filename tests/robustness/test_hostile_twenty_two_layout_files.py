"""Hostile input, round twenty-two: the layout file's label-table keys (key_column, key_folder,
row_splits, merge_rows, options.exclude: layout21) and files that are no layout file at all.

A layout file is the user's decision, read without detection: each key of a wrong type, a path
leaving SRC, a split listed twice, a boolean written as text, a duplicated key, or a file that is
our own manifest or a shard. What a user should get: a stop before writing naming the file's key
(or the file), or the records the file says; never a traceback, and never a key taken for what
it does not say (`"no"` read as true, the last of two `layout:` lines silently winning).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers.fifteen import refused, run
from helpers.hostile22 import LAYOUT, TRUTH, image_table, right_or_stopped
from shardify.errors import UsageError
from shardify.plan import layout_file


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return image_table(tmp_path_factory.mktemp("h22") / "src")


def _refused_naming(text: str, *said: str) -> None:
    with pytest.raises(UsageError) as stopped:
        layout_file.loads(text, where="l.yaml")
    for words in said:
        assert words in str(stopped.value), str(stopped.value)


@pytest.mark.parametrize(("old", "new", "said"), [
    ("key_folder: images", "key_folder: /etc", "key_folder"),
    ("key_folder: images", "key_folder: images/../../x", "key_folder"),
    ("key_folder: images", "key_folder: [images]", "key_folder"),
    ("key_folder: images", "key_folder: ''", "key_folder"),
    ("key_column: image", "key_column: null", "key_column"),
], ids=["folder absolute", "folder climbing", "folder a list", "folder empty", "column null"])
def test_a_key_of_the_wrong_shape_is_refused_naming_it(old: str, new: str, said: str) -> None:
    _refused_naming(LAYOUT.replace(old, new), said)


@pytest.mark.parametrize(("rows", "said"), [
    ("row_splits: [train.csv]", "row_splits"),
    ("row_splits: {'': rows.csv}", "split name ''"),
    ("row_splits: {train: /etc/passwd}", "row_splits"),
    ("row_splits: {train: null}", "row_splits"),
    ("merge_rows: 'no'", "merge_rows"),
    ("merge_rows: 2", "merge_rows"),
    ("merge_rows: [true]", "merge_rows"),
], ids=["rows a list", "rows no split name", "rows absolute", "rows null", "merge 'no' as text",
        "merge 2", "merge a list"])
def test_a_row_key_of_the_wrong_shape_is_refused_naming_it(rows: str, said: str) -> None:
    _refused_naming(LAYOUT.replace("options:", rows + "\noptions:"), said)


@pytest.mark.parametrize("exclude", ["[null]", "['']", "{a: b}"], ids=["null", "empty", "a map"])
def test_an_exclude_of_the_wrong_shape_is_refused_naming_it(exclude: str) -> None:
    _refused_naming(LAYOUT + f"  exclude: {exclude}\n", "options.exclude")


@pytest.mark.parametrize(("text", "said"), [
    (LAYOUT.replace("options:\n  label_column: label\n", "options: [label_column]\n"), "options"),
    (LAYOUT + "  no_such_option: 1\n", "no_such_option"),
    (LAYOUT + "layout: coco\n", "layout"),
    (LAYOUT.replace("shardify_layout: 1", "shardify_layout: 2"), "shardify_layout"),
], ids=["options a list", "unknown option", "layout twice", "version 2"])
def test_a_malformed_file_is_refused_naming_the_key(text: str, said: str) -> None:
    _refused_naming(text, said)


@pytest.mark.parametrize(("old", "new", "named"), [
    ("key_folder: images", "key_folder: 5", "key_folder"),
    ("key_column: image", "key_column: 0", "key_column"),
    ("key_column: image", "key_column: ',,'", "key_column"),
    ("key_column: image", "key_column: 'image,image'", "key_column"),
    ("options:", "row_splits: {train: 5}\noptions:", "row_splits"),
    ("  label_column: label", "  label_column: label\n  exclude: [1, 2]", "exclude"),
], ids=["folder an int", "column an int", "column of commas", "column twice", "rows an int", "exclude ints"])
def test_a_key_read_as_text_stops_naming_it_or_converts_right(old: str, new: str, named: str, table: Path, tmp_path: Path) -> None:
    _from_file(table, tmp_path, LAYOUT.replace(old, new), TRUTH, (named,))


def test_a_json_layout_file_naming_a_key_twice_is_refused() -> None:
    text = '{"shardify_layout": 1, "layout": "label_file", "media": "image", "labels_file": "labels.csv", ' \
           '"label_key": "under", "key_column": "image", "key_folder": "images", "key_folder": "other"}'
    _refused_naming(text, "key_folder")


@pytest.mark.parametrize("kind", ["manifest", "shard", "empty", "nul"])
def test_a_file_that_is_no_layout_file_stops_naming_it(kind: str, table: Path, tmp_path: Path) -> None:
    done = tmp_path / "done"
    assert run(table, done).returncode == 0
    given = {"manifest": done / "manifest.json", "shard": next(done.glob("*.tfrecord"))}.get(kind, tmp_path / "layout.yaml")
    if kind == "empty":
        given.write_text("")
    elif kind == "nul":
        given.write_bytes(LAYOUT.encode().replace(b"images", b"ima\x00ges", 1))
    result = run(table, tmp_path / "out", "--layout-file", str(given))
    refused(result, given.name)
    assert not (tmp_path / "out" / "manifest.json").exists()


def _from_file(src: Path, tmp_path: Path, text: str, want: dict, named: tuple[str, ...]) -> tuple[dict, dict] | str:
    (tmp_path / "l.yaml").write_text(text)
    return right_or_stopped(src, tmp_path / "out", want, "--layout-file", str(tmp_path / "l.yaml"), named=named)


@pytest.mark.parametrize(("folder", "named"), [("images\\\\..\\\\..", "key_folder"), (".", "key_folder"), ("labels.csv", "key_folder")],
                         ids=["backslashes", "SRC itself", "a file"])
def test_a_key_folder_holding_none_of_the_keys_stops_naming_it(folder: str, named: str, table: Path, tmp_path: Path) -> None:
    text = LAYOUT.replace("key_folder: images", f"key_folder: '{folder}'")
    assert isinstance(_from_file(table, tmp_path, text, {}, ("key_folder",)), str)


def test_a_key_folder_linked_out_of_src_is_not_followed(tmp_path: Path) -> None:
    outside = image_table(tmp_path / "outside")
    src = tmp_path / "src"
    src.mkdir()
    (src / "labels.csv").write_bytes((outside / "labels.csv").read_bytes())
    (src / "images").symlink_to(outside / "images")
    found = _from_file(src, tmp_path, LAYOUT, {}, ())
    assert isinstance(found, str) or not found[0], found


def _rows(src: Path, lists: dict[str, str]) -> str:
    for split, numbers in lists.items():
        (src / f"{split}_rows.csv").write_text(numbers)
    return LAYOUT.replace("options:", "row_splits:\n" + "".join(f"  {s}: {s}_rows.csv\n" for s in lists) + "options:")


@pytest.mark.parametrize(("lists", "named"), [
    ({"train": "0\n1\n2\n3\n4\n5\n", "test": "4\n5\n6\n7\n"}, ("train_rows.csv", "test_rows.csv")),
    ({"train": "0\n1\n2\n3\n4\n99\n", "test": "6\n7\n"}, ("train_rows.csv",)),
    ({"train": "0\n1\n2\n٣\n4\n5\n", "test": "6\n7\n"}, ("train_rows.csv",)),
    ({"train": "0\n1\n2\n-3\n4\n5\n", "test": "6\n7\n"}, ("train_rows.csv",)),
    ({"train": "0\n1\n2\n1e309\n4\n5\n", "test": "6\n7\n"}, ("train_rows.csv",)),
    ({"train": "0\n1\n2\n3.5\n4\n5\n", "test": "6\n7\n"}, ("train_rows.csv",)),
], ids=["a row in two splits", "a row past the table", "arabic-indic digit", "negative", "1e309", "a fraction"])
def test_row_splits_naming_rows_no_table_holds_stop_naming_the_list(lists: dict, named: tuple, tmp_path: Path) -> None:
    src = image_table(tmp_path / "src")
    assert isinstance(_from_file(src, tmp_path, _rows(src, lists), {}, named), str)


def test_row_splits_listing_every_row_once_split_them(tmp_path: Path) -> None:
    src = image_table(tmp_path / "src")
    written, _ = _from_file(src, tmp_path, _rows(src, {"train": "0\n1\n2\n3\n4\n5\n", "test": "6\n7\n"}), TRUTH, ())
    assert {k.rsplit("/", 1)[-1]: v[0] for k, v in written.items()} == {f"{i}.png": "train" if i < 6 else "test" for i in range(8)}


def test_merge_rows_gives_an_image_of_conflicting_rows_both_labels(tmp_path: Path) -> None:
    src = image_table(tmp_path / "src", [f"{i}.png,{c}" for i, c in enumerate(("cat", "dog") * 4)] + ["0.png,dog", "3.png,dog"])
    text = LAYOUT.replace("options:", "merge_rows: true\noptions:")
    want = {**TRUTH, "0.png": frozenset({"cat", "dog"})}
    assert not isinstance(_from_file(src, tmp_path, text, want, ()), str)


def test_without_merge_rows_conflicting_rows_are_no_label_of_either(tmp_path: Path) -> None:
    src = image_table(tmp_path / "src", [f"{i}.png,{c}" for i, c in enumerate(("cat", "dog") * 4)] + ["0.png,dog"])
    _from_file(src, tmp_path, LAYOUT, {**TRUTH, "0.png": None}, ("labels.csv",))


def test_a_json_layout_file_with_the_wrong_types_stops_naming_the_key(table: Path, tmp_path: Path) -> None:
    text = json.dumps({"shardify_layout": 1, "layout": "label_file", "media": "image", "labels_file": "labels.csv",
                       "label_key": "under", "key_column": ["image"], "key_folder": "images"})
    (tmp_path / "l.json").write_text(text)
    refused(run(table, tmp_path / "out", "--layout-file", str(tmp_path / "l.json")), "key_column")


@pytest.fixture(scope="module")
def derm7pt(tmp_path_factory: pytest.TempPathFactory):
    from helpers.blind17 import DATASETS
    return DATASETS["derm7pt"](tmp_path_factory.mktemp("derm7pt") / "download")


_DERM7PT = ("--labels", "release_v0/meta/meta.csv", "--key-column", "clinic,derm", "--label-column", "diagnosis")


@pytest.mark.parametrize("line", ["٣", "-3", "1e309", "3.5"], ids=["arabic-indic digit", "negative", "1e309", "a fraction"])
def test_a_found_row_list_with_a_line_of_no_row_number_stops_naming_it(line: str, derm7pt, tmp_path: Path) -> None:
    """Detection's own lists (Derm7pt's `*_indexes.csv`): one line no row number, the list was set
    aside and every row written in one split (or '٣' read as row 3): a stop naming the list."""
    src = tmp_path / "src"
    shutil.copytree(derm7pt.root, src)
    listed = src / "release_v0/meta/train_indexes.csv"
    lines = listed.read_text().splitlines()
    listed.write_text("\n".join([*lines[:2], line, *lines[2:]]) + "\n")
    refused(run(src, tmp_path / "out", *_DERM7PT), "train_indexes.csv")
