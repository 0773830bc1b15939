"""The fields of a headerless split list's row, a label holding spaces kept whole where the row
names its separator.

Why a module of its own: split lists are read field by field split on spaces, commas and
semicolons alike (`evidence.row_fields`), which is right for `path label` and `path,label` rows
but cut every label holding a space: Jester's `jester-v1-train.csv` rows `34870;Swiping Left`
gave the label `Swiping` with exit 0, and the rows of three words were rejected one by one. A row
that holds a semicolon or a tab uses it as its separator (what else would it be there for); a
`.csv` row holding a comma, read as CSV; any other row as before. `label_rest_words` tells the
checks before writing that a labelling list's rows hold more words after the label field than
any layout reads (`label_rest: true` keeps them, docs/layout-files.md).
"""

from __future__ import annotations

import csv
from collections.abc import Sequence

__all__ = ["list_fields", "label_rest_words"]

# The separators a row names by holding them: each splits the row alone, spaces kept in fields.
_STRONG = (";", "\t")


def list_fields(text: str, path: str = "") -> list[str]:
    """The row's fields (see the module's docstring); [] for a blank row.

    >>> list_fields("34870;Swiping Left")
    ['34870', 'Swiping Left']
    >>> list_fields("0034309 Cessna 172")
    ['0034309', 'Cessna', '172']
    >>> list_fields("a/b.jpg,Thumb Up", "train.csv")
    ['a/b.jpg', 'Thumb Up']
    """
    for separator in _STRONG:
        if separator in text:
            fields = [field.strip() for field in text.split(separator)]
            return fields if any(fields) else []
    if path.lower().endswith(".csv") and "," in text:
        try:
            cells = [cell.strip() for cell in next(csv.reader([text]))]
        except (csv.Error, StopIteration):
            cells = []
        if cells and all(cells):
            return cells
    return text.replace(",", " ").replace(";", " ").split()


def label_rest_words(rows: Sequence[str], label_column: int, path: str = "") -> str:
    """A row among `rows` whose fields after `label_column` hold words (letters) that nothing
    reads: its label likely holds spaces, cut at the first. '' where none does."""
    for text in rows:
        fields = list_fields(text, path)
        rest = fields[label_column + 1 :]
        if rest and any(any(ch.isalpha() for ch in field) for field in rest) and not all(_number(f) for f in rest):
            return text
    return ""


def _number(field: str) -> bool:
    try:
        float(field)
    except ValueError:
        return False
    return True
