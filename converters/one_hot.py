"""Label files whose labels are one-hot columns: a column per class, 1 where the row has it.

ISIC 2018's `ISIC2018_Task3_Training_GroundTruth.csv` (`image,MEL,NV,BCC,AKIEC,BKL,DF,VASC`, each
row one 1.0 among 0.0s) and Kaggle's Plant Pathology (`image_id,healthy,multiple_diseases,rust,
scab`) ship their labels so. With no column named as labels are named, such a table gave every
image no label at all (exit 0). Read here: a row's labels are the names of its columns holding 1;
several 1s make the record multi-label, as a list cell does.

The columns are judged on the table's first rows (what `tables.read_table` samples): at least two
columns besides the key, every sampled cell of them 0 or 1 (`0`, `1`, `0.0`, `1.0`), and every
sampled row with at least one 1. Later rows are held to it: another value rejects its row, naming
the column; a row of no 1s is rejected as a row without a label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["label_columns", "labels_of"]

_ZERO, _ONE = frozenset({"0", "0.0", "0.00"}), frozenset({"1", "1.0", "1.00"})
_MIN_COLUMNS = 2


def _bit(value: object) -> int | None:
    """0 or 1 for a one-hot cell (a CSV's `1.0`, a JSON 1), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return int(value) if value in (0, 1) else None
    text = str(value).strip()
    return 0 if text in _ZERO else 1 if text in _ONE else None


def label_columns(columns: Sequence[str], sample: Sequence[Sequence[object]]) -> tuple[str, ...]:
    """The one-hot class columns of a table with a header (all but the first, the key), or ()
    where the sampled rows do not show them so.

    >>> label_columns(("image", "MEL", "NV"), [("ISIC_1", "1.0", "0.0"), ("ISIC_2", "0.0", "1.0")])
    ('MEL', 'NV')
    >>> label_columns(("image", "age", "sex"), [("ISIC_1", "45.0", "male")])
    ()
    """
    classes = tuple(columns[1:])
    if len(classes) < _MIN_COLUMNS or not sample or any(c.isdigit() for c in columns):
        return ()  # a headerless table's columns are numbers: no class names
    for row in sample:
        bits = [_bit(cell) for cell in row[1 : len(columns)]]
        if len(bits) != len(classes) or None in bits or not any(bits):
            return ()
    return classes


def labels_of(cells: Mapping[str, object], classes: Sequence[str]) -> tuple[str, ...] | str:
    """The names of the columns a row sets to 1, or the reason the row is unusable."""
    found = []
    for name in classes:
        bit = _bit(cells.get(name, ""))
        if bit is None:
            return f"one-hot column {name!r} holds {str(cells.get(name, ''))[:40]!r}, not 0 or 1"
        if bit:
            found.append(name)
    return tuple(found) if found else "no one-hot column is 1: a row without a label"
