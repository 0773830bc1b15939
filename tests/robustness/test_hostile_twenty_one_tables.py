"""Hostile input, round twenty-one: the table readers of the last two sessions.

`converters/separators` (label<TAB>text under .csv) given a BOM, CRLF, commas mixed with tabs, a
quoted tab, a line of no tab; a crowd export's confidence columns (one_hot) holding NaN; split files
of image numbers naming numbers twice or out of range; `*_indexes.csv` row numbers negative, past the
table or of 5,000 digits; Kaggle run-length cells of overflowing ints, odd lengths, runs past the
image. What a user should get: each row or image one record (its own labels) or one reject saying
why, or a stop naming the file; never a traceback, and never a label or split taken from a cell that
does not say it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers.blind17 import DATASETS as BLIND17
from helpers.blind19 import DATASETS as BLIND19
from helpers.fifteen import finished, refused, run
from helpers.shipped import _image_bytes
from helpers.sources import write_file
from helpers.unseen_judge import written_records
from shardify.converters import run_length
from shardify.errors import InvalidInputError

# ------------------------------------------------------------------------------------------------
# label<TAB>text under .csv
# ------------------------------------------------------------------------------------------------

_FEELINGS = ("joy", "anger", "sadness", "joy", "anger", "sadness", "joy", "sadness", "anger", "joy", "anger", "sadness")
_LINES = tuple(f"the {w} report and people talk of it all day" for w in
               ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "last"))


def _labels_or_stopped(tmp_path: Path, src: Path, name: str, want: dict[int, frozenset], *options: str) -> dict:
    """Rows written with the labels `want` gives them (found by their text, `_LINES[row]`: a record's
    id numbers the rows written), a row missing from `want` rejected or written with no label; or a
    stop naming the file."""
    result = run(src, tmp_path / "out", *options)
    if result.returncode != 0:
        refused(result, name)
        return {}
    finished(result, tmp_path / "out")
    written = written_records(tmp_path / "out")
    row_of = {text: i for i, text in enumerate(_LINES)}
    found = {row_of.get(written["texts"].get(rid, "").strip(), rid): labels for rid, (_, labels) in written["records"].items()}
    for row, labels in want.items():
        assert row in found and found[row] == labels, (row, found.get(row), labels, found)
    assert not {r: v for r, v in found.items() if r not in want and v}, found
    return written


def _feelings(root: Path, rows: list[str], newline: str = "\n", head: str = "") -> Path:
    write_file(root / "reviews.csv", (head + newline.join(rows) + newline).encode())
    return root


_TAB_ROWS = [f"{label}\t{text}" for label, text in zip(_FEELINGS, _LINES)]
_TRUTH = {i: frozenset({label}) for i, label in enumerate(_FEELINGS)}


@pytest.mark.parametrize(("newline", "head"), [("\n", "\ufeff"), ("\r\n", ""), ("\r\n", "\ufeff"), ("\r", "")],
                         ids=["bom", "crlf", "bom crlf", "old mac cr"])
def test_label_tab_text_with_a_bom_or_crlf_keeps_its_labels(tmp_path: Path, newline: str, head: str) -> None:
    written = _labels_or_stopped(tmp_path, _feelings(tmp_path / "src", _TAB_ROWS, newline, head), "reviews.csv", _TRUTH)
    assert not any("\r" in t or "\ufeff" in t for t in written.get("texts", {}).values()), written.get("texts")


def test_half_the_lines_comma_separated_label_no_line_wrong(tmp_path: Path) -> None:
    rows = [r.replace("\t", ",", 1) if i % 2 else r for i, r in enumerate(_TAB_ROWS)]
    _labels_or_stopped(tmp_path, _feelings(tmp_path / "src", rows), "reviews.csv", {i: _TRUTH[i] for i in range(0, 12, 2)})


def test_a_quoted_tab_in_one_text_labels_no_line_wrong(tmp_path: Path) -> None:
    rows = [*_TAB_ROWS[:5], 'anger\t"the sixth\treport, quoted"', *_TAB_ROWS[6:]]
    _labels_or_stopped(tmp_path, _feelings(tmp_path / "src", rows), "reviews.csv", {i: _TRUTH[i] for i in range(12) if i != 5})


def test_one_line_of_no_tab_labels_no_line_wrong(tmp_path: Path) -> None:
    rows = [*_TAB_ROWS[:5], "sadness the sixth report with its tab lost", *_TAB_ROWS[6:]]
    _labels_or_stopped(tmp_path, _feelings(tmp_path / "src", rows), "reviews.csv", {i: _TRUTH[i] for i in range(12) if i != 5})


def test_a_nul_in_one_line_labels_no_line_wrong(tmp_path: Path) -> None:
    rows = [*_TAB_ROWS[:5], "sadness\tthe sixth\x00 report", *_TAB_ROWS[6:]]
    _labels_or_stopped(tmp_path, _feelings(tmp_path / "src", rows), "reviews.csv", {i: _TRUTH[i] for i in range(12) if i != 5})


# ------------------------------------------------------------------------------------------------
# Confidence columns (a Figure Eight export)
# ------------------------------------------------------------------------------------------------

_ATTRS = ("hostile", "sarcastic", "healthy")


def _on(i: int) -> set[str]:
    return {"healthy"} if i % 3 == 0 else {_ATTRS[i % 2], *(("sarcastic",) if i % 4 == 1 else ())}


def _export(root: Path, odd: dict[tuple[int, str], str]) -> Path:
    header = ["_unit_id", "_trusted_judgments", "comment", *[c for a in _ATTRS for c in (a, f"{a}:confidence")]]
    lines = [",".join(header)]
    for i, text in enumerate(_LINES[:8]):
        cells = [str(2319000 + i), "3", f'"{text}"']
        for a in _ATTRS:
            cells += [odd.get((i, a), "1" if a in _on(i) else "0"), odd.get((i, a + ":confidence"), f"0.{6 + i % 3}")]
        lines.append(",".join(cells))
    write_file(root / "train.csv", "\n".join(lines) + "\n")
    return root


@pytest.mark.parametrize("cell", ["nan", "NaN", "", "inf", "-1"])
def test_a_confidence_cell_not_a_fraction_changes_no_label(tmp_path: Path, cell: str) -> None:
    src = _export(tmp_path / "src", {(2, "hostile:confidence"): cell, (5, "healthy:confidence"): cell})
    _labels_or_stopped(tmp_path, src, "train.csv", {i: frozenset(_on(i)) for i in range(8)})


def test_a_whole_confidence_column_of_nan_changes_no_label(tmp_path: Path) -> None:
    src = _export(tmp_path / "src", {(i, "sarcastic:confidence"): "NaN" for i in range(8)})
    _labels_or_stopped(tmp_path, src, "train.csv", {i: frozenset(_on(i)) for i in range(8)})


@pytest.mark.parametrize("cell", ["nan", "", "0.5", "2"])
def test_a_class_cell_neither_0_nor_1_is_never_read_as_either(tmp_path: Path, cell: str) -> None:
    """Row 2's 'hostile' unknown: rejected (or a stop), never written as hostile or as not."""
    src = _export(tmp_path / "src", {(2, "hostile"): cell})
    _labels_or_stopped(tmp_path, src, "train.csv", {i: frozenset(_on(i)) for i in range(8) if i != 2})


# ------------------------------------------------------------------------------------------------
# Split files of image numbers (Flowers-like), row-index split files (derm7pt)
# ------------------------------------------------------------------------------------------------


def _flowers(root: Path, ids: dict | str) -> Path:
    for i in range(1, 13):
        write_file(root / f"jpg/image_{i:05d}.jpg", _image_bytes(str(i), 20, 16))
    write_file(root / "splits.json", ids if isinstance(ids, str) else json.dumps(ids))
    return root


@pytest.mark.parametrize("ids", [
    {"train": list(range(1, 9)), "test": list(range(7, 13))},
    {"train": list(range(1, 9)), "test": [9, 10, 11, 12, 13, 99]},
    {"train": list(range(-8, 0)), "test": [9, 10, 11, 12]},
    '{"train": [' + "9" * 5000 + ', 1, 2, 3, 4, 5, 6, 7, 8], "test": [9, 10, 11, 12]}',
], ids=["in two splits", "out of range", "negative", "5000 digits"])
def test_a_split_file_of_numbers_never_splits_silently(tmp_path: Path, ids: dict | str) -> None:
    """The numbers index the images (no name is an input's): the run stops naming splits.json."""
    src = _flowers(tmp_path / "src", ids)
    refused(run(src, tmp_path / "out", "--label-level", "0"), "splits.json")
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize("ids", [
    {"train": list(range(1, 9)) + [1, 2], "test": list(range(9, 13))},
    {"train": [float(n) for n in range(1, 9)], "test": [9.0, 10.0, 11.0, 12.0]},
], ids=["twice in one", "floats"])
def test_a_split_file_of_numbers_that_places_each_image_once_is_read(tmp_path: Path, ids: dict) -> None:
    """A number given twice in one split, or whole numbers written as floats, still place each image in one split
    surely: since readers35a (KeyRule.inner) the file is read by the number in the images' names, not refused."""
    src = _flowers(tmp_path / "src", ids)
    written, rejected = finished(run(src, tmp_path / "out", "--label-level", "0"), tmp_path / "out")
    assert not rejected
    assert {path: found[0] for path, found in written.items()} == {
        f"jpg/image_{i:05d}.jpg": "train" if i <= 8 else "test" for i in range(1, 13)
    }


@pytest.fixture(scope="module")
def derm7pt(tmp_path_factory):
    return BLIND17["derm7pt"](tmp_path_factory.mktemp("derm7pt") / "download")


@pytest.mark.parametrize("index", ["-1", "99", "9" * 5000, "1.0", " 3 ", "0x3", "nan"])
def test_a_row_index_that_names_no_row_is_never_a_split(derm7pt, tmp_path: Path, index: str) -> None:
    """test_indexes.csv given one more index: naming no row (or row 3 spelled oddly) it is named in a
    stop or a note; it never moves another row's photographs into test."""
    src = tmp_path / "src"
    shutil.copytree(derm7pt.root, src)
    path = src / "release_v0/meta/test_indexes.csv"
    path.write_text(path.read_text() + index + "\n")
    result = run(src, tmp_path / "out", "--labels", "release_v0/meta/meta.csv", "--key-column", "clinic,derm",
                 "--label-column", "diagnosis")
    if result.returncode != 0:
        refused(result, "test_indexes.csv")
        return
    finished(result, tmp_path / "out")
    written = written_records(tmp_path / "out")["records"]
    want = {k: v[0] for k, v in derm7pt.records.items()}
    moved = {k: (s, want.get(k)) for k, (s, _) in written.items() if s != want.get(k) and not (index == " 3 " and s == "test")}
    assert not moved, moved


# ------------------------------------------------------------------------------------------------
# Run-length cells (Severstal)
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cell", ["1" + "0" * 5000 + " 3", "5 3 9", "1 99999999999999999999", "318 5", "0 3", "3 0",
                                  "5 3 1 2", "-1 3"],
                         ids=["5000 digits", "odd count", "huge length", "past the image", "start 0", "length 0",
                              "going back", "negative"])
def test_a_bad_run_is_refused_saying_why(cell: str) -> None:
    with pytest.raises(InvalidInputError):
        run_length.class_mask_png([(1, cell)], 16, 20)


@pytest.fixture(scope="module")
def severstal(tmp_path_factory):
    return BLIND19["severstal"](tmp_path_factory.mktemp("severstal") / "download")


@pytest.mark.parametrize("cell", ["1" + "0" * 5000 + " 3", "5 3 9", "1 99999999999999999999"],
                         ids=["5000 digits", "odd count", "huge length"])
def test_a_run_length_table_with_a_bad_cell_still_stops_naming_it(severstal, tmp_path: Path, cell: str) -> None:
    src = tmp_path / "src"
    shutil.copytree(severstal.root, src)
    lines = (src / "train.csv").read_text().splitlines()
    stem = lines[1].split(",")[0]
    (src / "train.csv").write_text("\n".join([*lines, f"{stem},4,{cell}"]) + "\n")
    refused(run(src, tmp_path / "out"), "train.csv")
    assert not (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.parametrize("cell", ["9" * 5000, "nan", "1.5", ""], ids=["5000 digits", "nan", "fraction", "empty"])
def test_a_bad_class_cell_read_with_the_class_column_rejects_its_image(severstal, tmp_path: Path, cell: str) -> None:
    src = tmp_path / "src"
    shutil.copytree(severstal.root, src)
    lines = (src / "train.csv").read_text().splitlines()
    stem = lines[1].split(",")[0]
    (src / "train.csv").write_text("\n".join([*lines, f"{stem},{cell},1 3"]) + "\n")
    result = run(src, tmp_path / "out", "--labels", "train.csv", "--key-column", "ImageId", "--label-column", "ClassId")
    if result.returncode != 0:
        refused(result, "train.csv")
        return
    written, rejected = finished(result, tmp_path / "out")
    name = f"train_images/{stem}"
    labels = next(v[1] for k, v in written.items() if k == name) if name in written else None
    truth = severstal.records[name][1] or ()
    assert labels is None or set(labels) == set(truth), (labels, truth, rejected)
