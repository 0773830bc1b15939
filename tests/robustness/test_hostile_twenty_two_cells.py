"""Hostile input, round twenty-two: label cells and tables that the readers of the last session met
(label_sentences, unread_table_signs, whole_numbers, one-hot flags, separators' `;` tables).

Cells with NUL, 10 MB of text, right-to-left and zero-width characters; numbers written '1e309',
'-0', '٣' (Arabic-Indic), '１２' (full width), '1,000'; 0/1 flag columns holding 'yes', 'Y', '1.0'
or nothing; tables with a header named twice, an empty header, a header and no row, 100,000
columns; a `;` table whose cells hold commas and quotes. What a user should get: each image its
own labels, a hostile cell's row rejected saying why, or a stop naming labels.csv; never a
traceback, a hang, or a class the table does not say with exit 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.hostile22 import CLASSES, TRUTH, image_table, right_or_stopped
from shardify.inputs.whole_numbers import whole_number

_ALL_BUT_TWO = {**TRUTH, "2.png": None}


def _one_cell(cell: str) -> list[str]:
    return [f"{i}.png,{cell if i == 2 else label}" for i, label in enumerate(CLASSES)]


@pytest.mark.parametrize(("cell", "want"), [
    ("c\x00at", _ALL_BUT_TWO), ("cat" * 3_500_000, _ALL_BUT_TWO), ("\u202ecat", _ALL_BUT_TWO), ("ca\u200bt", _ALL_BUT_TWO),
    ("\u200dcat\u200d", _ALL_BUT_TWO), ("cat\u200c", _ALL_BUT_TWO), ("cat\ufeff", TRUTH),
], ids=["nul", "10 MB", "rtl override", "zero width space", "zero width joiners", "trailing non-joiner", "bom inside"])
def test_a_hostile_label_cell_is_its_rows_reject_or_stops(cell: str, want: dict, tmp_path: Path) -> None:
    """The cell reads as no class of the column's ('cat' with an invisible character is not a
    third class beside cat and dog): its row a reject, the others their labels, or a stop; a BOM
    inside a cell is an export's, dropped (label_names)."""
    src = image_table(tmp_path / "src", _one_cell(cell))
    right_or_stopped(src, tmp_path / "out", want)


def test_a_column_of_right_to_left_labels_keeps_them(tmp_path: Path) -> None:
    names = {"cat": "חתול", "dog": "كلب"}
    src = image_table(tmp_path / "src", [f"{i}.png,{names[c]}" for i, c in enumerate(CLASSES)])
    right_or_stopped(src, tmp_path / "out", {f"{i}.png": frozenset({names[c]}) for i, c in enumerate(CLASSES)})


@pytest.mark.parametrize("text", ["1e309", "-0", "٣", "１２", "1,000", "1 000", "+3", "0x10", "³", "1.0", "3\x00", "inf", "nan", ""])
def test_whole_numbers_take_only_ascii_digits(text: str) -> None:
    assert whole_number(text) is None


@pytest.mark.parametrize("cell", ["٣", "1e309", "-0", "１"], ids=["arabic-indic", "1e309", "minus zero", "full width"])
def test_a_class_number_column_with_one_odd_number_labels_no_row_wrong(cell: str, tmp_path: Path) -> None:
    """Class numbers 0/1 and one cell no plain number: that row is no class 0 or 1 (a reject or a stop),
    or a class of its own text; never another row's class."""
    numbers = [str(i % 2) for i in range(8)]
    src = image_table(tmp_path / "src", [f"{i}.png,{cell if i == 2 else n}" for i, n in enumerate(numbers)])
    want = {f"{i}.png": frozenset({n}) for i, n in enumerate(numbers) if i != 2}
    result = right_or_stopped(src, tmp_path / "out", want)
    if not isinstance(result, str):
        labels = result[0].get("images/2.png", (None, ()))[1]
        assert not labels or labels == (cell,), labels


def _flags(root: Path, flag: list[str]) -> Path:
    rows = [f"{i}.png,{c},{flag[i]}" for i, c in enumerate(CLASSES)]
    return image_table(root, rows, "image,label,smoker")


@pytest.mark.parametrize("flag", [
    ["0", "1", "yes", "0", "Y", "1.0", "", "0"],
    ["1", "0", "1", "0", "1", "0", "1", ""],
    ["yes", "no", "Y", "N", "yes", "no", "1", "0"],
], ids=["yes Y 1.0 blank", "one blank", "yes/no/Y/N/1/0"])
def test_a_mixed_flag_column_beside_the_label_column_is_no_class(flag: list[str], tmp_path: Path) -> None:
    right_or_stopped(_flags(tmp_path / "src", flag), tmp_path / "out", TRUTH, named=("labels.csv",))


def test_one_hot_columns_with_yes_and_blank_cells_label_no_row_wrong(tmp_path: Path) -> None:
    cells = {"cat": "1,0", "dog": "0,1"}
    rows = [f"{i}.png,{cells[c]}" for i, c in enumerate(CLASSES)]
    rows[2], rows[5] = "2.png,yes,", "5.png,,1.0"
    right_or_stopped(image_table(tmp_path / "src", rows, "image,cat,dog"), tmp_path / "out",
                     {k: v for k, v in TRUTH.items() if k not in ("2.png", "5.png")}, named=("labels.csv",))


@pytest.mark.parametrize(("head", "rows", "want"), [
    ("image,label,label", [f"{i}.png,{c},{CLASSES[7 - i]}" for i, c in enumerate(CLASSES)], {}),
    ("image,,label", [f"{i}.png,x{i},{c}" for i, c in enumerate(CLASSES)], TRUTH),
    ("image,label,", [f"{i}.png,{c},x{i}" for i, c in enumerate(CLASSES)], TRUTH),
    (",label", [f"{i}.png,{c}" for i, c in enumerate(CLASSES)], TRUTH),
    ("image,label", [], {}),
    ("image;label", [f"{i}.png;\"{c}, small\"" for i, c in enumerate(CLASSES)],
     {f"{i}.png": frozenset({f"{c}, small"}) for i, c in enumerate(CLASSES)}),
    ("image;label", [f'{i}.png;{c} "big"' for i, c in enumerate(CLASSES)], {f"{i}.png": frozenset({f'{c} "big"'}) for i, c in enumerate(CLASSES)}),
    ("image;label", [f"{i}.png;{c}" for i, c in enumerate(CLASSES[:5])] + ["5.png,dog", "6.png;cat", "7.png;dog"],
     {k: v for k, v in TRUTH.items() if k != "5.png"}),
], ids=["header twice", "empty header", "empty last header", "key column unnamed", "header only", "; cells with commas",
        "; cells with quotes", "; one row of a comma"])
def test_a_hostile_table_labels_no_row_wrong(head: str, rows: list[str], want: dict, tmp_path: Path) -> None:
    right_or_stopped(image_table(tmp_path / "src", rows, head), tmp_path / "out", want)


def test_a_table_of_100000_columns_labels_no_row_wrong(tmp_path: Path) -> None:
    extra = ",".join(f"c{j}" for j in range(100_000))
    rows = [f"{i}.png,{c}," + ",".join("0" for _ in range(100_000)) for i, c in enumerate(CLASSES)]
    right_or_stopped(image_table(tmp_path / "src", rows, "image,label," + extra), tmp_path / "out", TRUTH)


def _texts(root: Path, lines: list[str]) -> Path:
    (root).mkdir(parents=True)
    (root / "reviews.csv").write_text("\n".join(lines) + "\n")
    return root


_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def test_a_semicolon_text_table_keeps_commas_and_quotes_in_its_texts(tmp_path: Path) -> None:
    from helpers.fifteen import finished, run
    rows = [f'{("pos", "neg")[i % 2]};"the {w} review, which says ""fine"", and more"' for i, w in enumerate(_WORDS)]
    result = run(_texts(tmp_path / "src", ["label;text", *rows]), tmp_path / "out")
    if result.returncode == 0:
        written, _ = finished(result, tmp_path / "out")
        found = {text: labels for _, labels, text in written.values()}
        for i, w in enumerate(_WORDS):
            assert found.get(f'the {w} review, which says "fine", and more') == (("pos", "neg")[i % 2],), found
    else:
        assert "reviews.csv" in result.stderr, result.stderr
