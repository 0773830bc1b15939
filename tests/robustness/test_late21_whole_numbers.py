"""Cells of over 4,300 digits where a file's cell meets a whole number (late21b).

Python's int() refuses such a string with a ValueError advising `sys.set_int_max_str_digits`:
before shardify.inputs.whole_numbers it surfaced as exit 1 'the conversion failed', naming no
file. Each place here read the cell with int() unguarded: a table column judged as label numbers, a
kept column's dtype, a YOLO data.yaml's `names` keys. Now the cell is no number, and its own
reason follows (no column of label numbers, text kept as text, an unreadable `names`).
"""

from __future__ import annotations

import pytest

from shardify.converters import kept_values, label_columns, yolo_yaml
from shardify.errors import InvalidInputError
from shardify.format.example_proto import BYTES, INT64

_LONG = "9" * 5000


def test_a_label_column_with_a_number_of_5000_digits_is_no_column_of_label_numbers() -> None:
    numbers = ["0", "1", "2", "0", "1", "2", "2", "0"]
    assert label_columns.label_kind(numbers) == "labels"  # (the same column without it: labels)
    assert label_columns.label_kind([*numbers[:5], _LONG, *numbers[6:]]) == ""


@pytest.mark.parametrize("cell", [_LONG, "-" + _LONG, "0" * 5000 + "7"], ids=["long", "negative long", "zeros then 7"])
def test_a_kept_cell_of_5000_digits_is_text_or_its_number(cell: str) -> None:
    dtype = kept_values.value_dtype(cell)
    if cell.lstrip("0") == "7":
        assert dtype == INT64 and kept_values.convert_value(cell, dtype) == 7
    else:
        assert dtype == BYTES


def test_a_yolo_names_key_of_5000_digits_is_no_class_index() -> None:
    with pytest.raises(InvalidInputError, match="is not a class index"):
        yolo_yaml.yolo_names({"names": {"0": "cat", _LONG: "dog"}})
