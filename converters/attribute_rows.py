"""A table of attributes read as records: each row its kept columns and its class, no text.

Why: a download of measurements and a class (UCI's headerless `zoo.data`, Kaggle's
`water_potability.csv`) has no text column, and a record was an image or a text; detection stopped on
it with nothing the user could do. As TFRecorder reads a CSV, each row is now a record of its columns
where the user says so: `--text-column none` (the row has no text), `--keep-columns '*'` (or the
columns to keep) and `--label-column C`. The record's `text` is empty and `text/source` names its
row (`table.csv#<n>`); its values are its `column/<name>` features, typed over all rows as kept columns
always are (int64 < float < bytes, `kept_values`).

A missing cell (empty, `?` as UCI writes it, `NA`, `NaN`) is no value, and a row of measurements often
has some (Water Quality's `ph`, `Sulfate`): in a column of numbers it is written as NaN, the column then
float (an int64 cannot hold NaN); in a column of words it is written as it stands. This is the documented
missing value (docs/records.md), said in the table's plan line, never a guess of a value.

Never a guess: nothing here runs unless `--text-column none` is given; the stops that meet such a table
name these options (`attributes_remedy`), and the user chooses the label column.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from shardify.converters import kept_values
from shardify.converters.column_names import LABEL_COLUMN_NAMES, choose_column, shown_column
from shardify.errors import InvalidInputError
from shardify.format.example_proto import BYTES, FLOAT
from shardify.plan.box_format import is_number

__all__ = [
    "MISSING_CELLS",
    "NO_TEXT",
    "attribute_columns",
    "attribute_dtype",
    "attribute_value",
    "attributes_remedy",
    "describe_missing",
    "missing_label",
    "no_text_named",
]

NO_TEXT = "none"  # `--text-column none`: the rows have no text, only attributes
# Cells that are no value in a table of measurements (pandas' defaults and UCI's `?`), compared stripped.
MISSING_CELLS = frozenset({"", "?", "NA", "N/A", "NaN", "nan", "NULL", "null", "None"})
_FEW_CLASSES = 20  # a last column of at most this many values in the sampled rows reads as a class


def no_text_named(text_columns: Sequence[str], columns: Sequence[str]) -> bool:
    """`--text-column none`, where no column is itself named `none`.

    >>> no_text_named(("none",), ("ph", "Potability")), no_text_named(("none",), ("none", "b")), no_text_named((), ("a",))
    (True, False, False)
    """
    return tuple(text_columns) == (NO_TEXT,) and NO_TEXT not in columns


def attribute_columns(columns: Sequence[str], label_column: str, keep_columns: Sequence[str],
                      classes: Sequence[str] = (), unlabelled: bool = False) -> tuple[str, tuple[str, ...]]:
    """(label column or "", kept columns) of a table read as attributes; with `classes` (the 0/1
    columns of a multi-label table, `--label-column A,B,C`) no label column, and those not kept;
    `unlabelled`, a split's table without the label column the user named (a test.csv), none
    either, and no other column taken for it by its name.

    Raises:
      InvalidInputError: no column kept (a record of a label alone holds nothing), or a kept column missing.

    >>> attribute_columns(("ph", "Solids", "Potability"), "Potability", ("*",))
    ('Potability', ('ph', 'Solids'))
    >>> attribute_columns(("1", "2", "3"), "3", ("1",))
    ('3', ('1',))
    """
    label = "" if classes or unlabelled else choose_column(columns, label_column, LABEL_COLUMN_NAMES, "label")
    if tuple(keep_columns) == ("*",):
        keep = tuple(c for c in columns if c != label and c not in classes)
    else:
        missing = [c for c in keep_columns if c not in columns]
        if missing:
            raise InvalidInputError(f"--keep-columns {missing} not in the columns {list(columns)}")
        keep = tuple(c for c in keep_columns if c != label and c not in classes)
    if not keep:
        raise InvalidInputError(
            f"--text-column {NO_TEXT} with no column kept: a record would hold its label alone; name the columns "
            "with --keep-columns (or '*' for all but the label)")
    return label, keep


def _missing(value: object) -> bool:
    return value is None or (isinstance(value, str) and value.strip() in MISSING_CELLS) or (
        isinstance(value, float) and math.isnan(value))


def missing_label(value: object) -> str:
    """The reject's reason for a class cell that is no value (`?` as UCI writes one, `NA`), or "": the kept
    columns read such a cell as missing, and a label column that read it as a class wrote `?` a class of its
    own with exit 0 (review32).

    >>> missing_label("?"), missing_label(" NA "), missing_label("0"), missing_label("")
    ("missing label '?' (a cell that is no value)", "missing label ' NA ' (a cell that is no value)", '', '')
    """
    if value is None or value == "" or not _missing(value):
        return ""  # (an empty cell is the table's own 'empty label' reject)
    return f"missing label {value!r} (a cell that is no value)"


def attribute_dtype(value: object) -> str:
    """A kept cell's dtype as `kept_values.value_dtype`, a missing cell float (NaN, written so).

    >>> attribute_dtype("7"), attribute_dtype(""), attribute_dtype("?"), attribute_dtype("mammal")
    ('int64', 'float32', 'float32', 'string')
    """
    return FLOAT if _missing(value) else kept_values.value_dtype(value)


def attribute_value(value: object, dtype: str) -> bytes | int | float:
    """A cell as the feature value of `dtype`: a missing cell of a float column NaN, of a bytes
    column its text as it stands.

    >>> attribute_value("", "float32"), attribute_value("2.5", "float32"), attribute_value("", "string")
    (nan, 2.5, b'')
    """
    if dtype == FLOAT and _missing(value):
        return math.nan
    if dtype == BYTES and value is None:
        return b""
    return kept_values.convert_value(value, dtype)


def attributes_remedy(columns: Sequence[str], sample: Sequence[Sequence[object]], header: bool, label: str = "") -> str:
    """The options that read a table of attributes a row a record, with `label` (a label column found
    otherwise) or the label column likeliest by its cells (`_likeliest_class`; the user's to confirm),
    for a stop to name. Where the first column repeats few values too and the chosen one is no class,
    or no cell is a number (a categorical table, every column few codes: UCI's mushroom table leads with
    its class, car's ends with it), the first is named beside (or instead of) it: the two places a class
    column sits.

    >>> attributes_remedy(("ph", "Potability"), [("7.1", "0"), ("6.5", "1")], True)
    "read each row as a record of its columns: --text-column none --keep-columns '*' --label-column 'Potability' (the class column; its cells 0, 1 in the rows read)"
    >>> attributes_remedy(("1", "2", "3"), [("p", "x", "u"), ("e", "b", "g"), ("e", "x", "u")], False).split("'*' ")[1]
    "--label-column '3' (the class column; its cells g, u in the rows read) or '1' (the first column; its cells e, p: the class where the table leads with it)"
    >>> attributes_remedy(("1", "2", "3"), [("842302", "M", "0.1184"), ("842517", "B", "0.08474"), ("843009", "M", "0.1096")], False)
    "read each row as a record of its columns: --text-column none --keep-columns '*' --label-column '2' (the class column; its cells B, M in the rows read)"
    """
    rows = [row for row in sample if len(row) == len(columns)]
    at = columns.index(label) if label in columns else _likeliest_class(columns, sample)
    which = ""
    if at is not None:
        which = f"--label-column {columns[at]!r} (the class column; its cells {_shown(sorted({str(r[at]).strip() for r in rows}))} in the rows read)"
    first = _class_cells(rows, 0) if not label and at != 0 and len(columns) > 1 and len(rows) > 1 else []
    if first and (len(set(first)) == len(rows) or (at is not None and any(is_number(str(c)) for row in rows for c in row))):
        first = []  # an id or a name a row, or a table of numbers whose class column was found (Zoo, optdigits, wdbc)
    if first:
        said = f"{columns[0]!r} (the first column; its cells {_shown(first)}: the class where the table leads with it)"
        which = f"{which} or {said}" if which else f"--label-column {said}"
    which = which or "--label-column C (the class column, by name or number from 1)"
    del header  # (a headerless table's columns are numbers, named as such: `--label-column '18'`)
    return f"read each row as a record of its columns: --text-column {NO_TEXT} --keep-columns '*' {which}"


def _class_cells(rows: Sequence[Sequence[object]], index: int) -> list[str]:
    """Column `index`'s distinct cells, sorted, where they are few (_FEW_CLASSES), else []."""
    values = sorted({str(row[index]).strip() for row in rows})
    return values if values and len(values) <= _FEW_CLASSES else []


def _shown(values: Sequence[str]) -> str:
    return ", ".join(values[:5]) + (", ..." if len(values) > 5 else "")


def _likeliest_class(columns: Sequence[str], sample: Sequence[Sequence[object]]) -> int | None:
    """The column likeliest the class by its sampled cells, or None: the one column of repeated words
    among columns of numbers (UCI's letter-recognition.data `T,2,8,3,5,...` and balance-scale.data
    `B,1,1,1,1` lead with it: their last column's few whole numbers are a measurement), else the last
    column where it holds few values none of which is a fraction (a measurement: 0.748 is no class),
    else the first column of few values, repeated, that are not all numbers (a diagnosis `M`/`B`
    second, after an id: UCI's wdbc.data).

    >>> _likeliest_class(("a", "b"), [("1.5", "0"), ("2.5", "1")]), _likeliest_class(("a", "b"), [("x", "0.7"), ("x", "0.9")])
    (1, 0)
    >>> _likeliest_class(("a", "b", "c"), [("T", "2", "8"), ("I", "5", "12"), ("T", "4", "11")])
    0
    """
    rows = [row for row in sample if len(row) == len(columns)]
    if not columns or not rows:
        return None
    cells = [[str(row[at]).strip() for row in rows] for at in range(len(columns))]
    words = _words_among_numbers(cells)
    if words is not None:
        return words
    last = len(columns) - 1
    if len(set(cells[last])) <= _FEW_CLASSES and not any(_fraction(v) for v in cells[last]):
        return last
    for at, values in enumerate(cells):
        few = len(set(values)) <= _FEW_CLASSES and len(set(values)) < len(values)
        if few and not all(_number(v) is not None for v in values) and not any(_missing(v) for v in values):
            return at
    return None


def _words_among_numbers(cells: Sequence[Sequence[str]]) -> int | None:
    """The one column whose cells are words, repeated, where every other column holds numbers alone (a
    missing cell `?` allowed there), or None (no such column, or two: a table of codes names its class
    by place, not by kind)."""
    numeric = [all(_number(v) is not None or _missing(v) for v in values) for values in cells]
    words = [
        at for at, values in enumerate(cells)
        if not numeric[at] and not any(_number(v) is not None or _missing(v) for v in values) and len(set(values)) < len(values)
    ]
    return words[0] if len(words) == 1 and sum(numeric) == len(cells) - 1 and len(cells) > 1 else None


def _number(value: str) -> float | None:
    try:
        number = float(value)
    except ValueError:
        return None
    return None if math.isnan(number) or math.isinf(number) else number


def _fraction(value: str) -> bool:
    """A number with a fractional part (a measurement, never a class index)."""
    number = _number(value)
    return number is not None and number != int(number)


def describe_missing(label: str, keep: Sequence[str], classes: Sequence[str] = ()) -> str:
    """The plan line of a table read as attributes."""
    label_said = f"label = {shown_column(label)}" if label else "no label column"
    if classes:
        label_said = f"labels = the 0/1 columns {', '.join(map(shown_column, classes))} (multi-hot)"
    return (f"no text (--text-column {NO_TEXT}): a row a record of {len(keep)} kept column{'s' if len(keep) != 1 else ''}, "
            f"{label_said}; missing cells ({', '.join(repr(c) for c in sorted(MISSING_CELLS) if c)}, empty) of number "
            "columns written as NaN")

