"""A label cell as label names: a string (split on `--label-separator` where given), a whole
number, a JSON list of them (multi-label) or null; anything else is refused rather than printed
as Python would print it.
"""

from __future__ import annotations

import json
import math

from shardify.converters import list_cells
from shardify.errors import InvalidInputError
from shardify.plan.label_names import normalise_label

__all__ = ["ONE_LABEL", "NO_LABEL_VALUES", "MAX_LABEL_CHARS", "splits_cells", "split_labels"]


# `--label-separator none`: every cell is one label, whatever it holds (also one with spaces).
ONE_LABEL = "none"
# A label written as a number is a whole number an int64 holds (a label index is one), and, stored as
# a float, one a float holds exactly (2^53): `1e300` among labels 0 and 1 was the label of 301 digits
# '10000000000000000525047602552044202487...', exit 0.
_INT64 = 1 << 63
_EXACT_FLOAT = 1 << 53


def splits_cells(separator: str) -> bool:
    """Whether `--label-separator` splits label cells (multi-label): given, and not ONE_LABEL."""
    return bool(separator) and separator != ONE_LABEL


def split_labels(value: object, separator: str) -> tuple[str, ...]:
    """Label names from a cell: a string (split on `separator` when given), a whole number (a
    label numbered, mapped through `--label-names` later), a JSON list of those (multi-label), or
    null for none; each normalised (see `label_names.normalise_label`), empty names dropped.

    A label is a name: a JSON object, a number with a fraction or a list inside a list names
    nothing, and is refused rather than spelled as Python would print it. JSON's true and false
    (BoolQ's `answer`, a Parquet bool column) are the labels `true` and `false`, a 2-class label
    whose sorted names number false 0 and true 1.

    >>> split_labels(["cat", 3], "")
    ('cat', '3')
    >>> split_labels(False, "")
    ('false',)

    Raises:
      InvalidInputError: a value that is not a name, or a name that would print like another (see
        `normalise_label`).
    """
    if isinstance(value, list):
        names = [_label_name(v) for v in value]
    elif value is None:
        names = []
    elif separator == list_cells.LIST_LITERAL and isinstance(value, str):  # `['cs.LG', 'cs.AI']`
        items = list_cells.list_items(value)
        if items is None:
            raise InvalidInputError(f"label {value[:40]!r} is no list like the column's other cells")
        names = items
    elif splits_cells(separator) and isinstance(value, str):
        names = value.split(separator)
    else:
        names = [_label_name(value)]
    normalised = [normalise_label(name) for name in names]
    if any(len(name) > MAX_LABEL_CHARS for name in normalised):
        longest = max(normalised, key=len)
        raise InvalidInputError(
            f"label {longest[:40]!r}... of {len(longest):,} characters: no class name "
            "(a text, or a damaged row, in the label column)"
        )
    missing = next((name for name in normalised if name in NO_LABEL_VALUES), None)
    if missing is not None:
        raise InvalidInputError(f"label {missing!r}: no label, not a class ({NO_LABEL_VALUES[missing]})")
    return tuple(dict.fromkeys(name for name in normalised if name))  # each label once, in order


# The longest label a cell may give: a class name is a few words; a cell of thousands of characters
# (one row of a label column holding a text, or a line whose tabs were lost) was written as a class of
# its own, exit 0, where the column had been judged on the rows before it.
MAX_LABEL_CHARS = 1000

# Label cells that say a record has no label, with what writes them: written as a class, they were a
# class of their own; each is its row's reject. `NaN` as pandas spells a missing value (a scored table
# saved by `DataFrame.to_csv`: an essay's score `NaN` had become a class beside 0..3, exit 0); not the
# lowercase `nan`, which is also a language's code (ISO 639-3 Min Nan).
NO_LABEL_VALUES = {
    "-": "SNLI's and MultiNLI's gold_label for a pair whose annotators reached no consensus",
    "NaN": "a missing value as pandas writes it",
}


def _label_name(value: object) -> str:
    """One label value as its name: a string, or a whole number's digits.

    Raises:
      InvalidInputError: anything else (an object, a fraction, a list, null inside a list).
    """
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and not isinstance(value, bool) and -_INT64 <= value < _INT64:
        return str(value)
    if isinstance(value, float) and math.isfinite(value) and value.is_integer() and abs(value) <= _EXACT_FLOAT:
        return str(int(value))  # a whole number stored as a float (a Parquet column with nulls)
    shown = json.dumps(value, ensure_ascii=False, default=str)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    if isinstance(value, int) and not isinstance(value, bool):
        kind = "a whole number past int64 (-2^63 to 2^63 - 1)"
    elif isinstance(value, float) and math.isfinite(value) and value.is_integer():
        kind = "a number past 2^53 (a float holds no whole number exactly beyond it)"
    elif isinstance(value, float):
        kind = "a number with a fraction" if math.isfinite(value) else "not a number"
    else:
        kind = {dict: "an object", list: "a list inside a list", type(None): "null"}.get(
            type(value), f"a {type(value).__name__}"
        )
    raise InvalidInputError(f"label {shown} is {kind}, not a label name (a string, a whole number, true or false)")
