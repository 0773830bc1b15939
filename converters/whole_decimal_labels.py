"""A table's label column of class numbers written as decimals (`-1.0`, `0.0`, `1.0`) read as whole numbers.

pandas writes a column of whole numbers as floats once one cell is empty (NaN makes it float64), so a table saved
from it spells its classes `-1.0`, `0.0`, `1.0`, while a sibling table of the same kind with no empty cell spells
them `-1`, `0`, `1` (blind45's Twitter and Reddit sentiment CSVs). Read as they stand, each class was two labels;
`shardify/plan/number_spellings.py` then stopped the run, naming no option that helps. A float Parquet column of
whole numbers is already read so (`label_cells._label_name`: `1.0` as a float is the label `1`); this module does
the same for a text table's label column whose sampled cells are all whole decimals: decided once per table from
its sample (`columns.resolve_columns`), applied by the scan and the writer alike, so the two never disagree. A
column with a real fraction among its sampled cells (`2.5`: ratings, scores) is left as written.

Plain functions of cells; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = ["as_whole_numbers", "whole_decimal_column"]

# A whole number written with a fraction of zeros: `-1.0`, `3.00`; at most 18 digits (an int64 holds it exactly).
_WHOLE_DECIMAL = re.compile(r"([+-]?)(\d{1,18})\.0+")


def whole_decimal_column(cells: Iterable[object]) -> bool:
    """The sampled label cells are class numbers written as decimals: every non-empty one a whole number with a
    fraction of zeros, and one at least.

    >>> whole_decimal_column(["-1.0", "0.0", "", "1.0"]), whole_decimal_column(["1.0", "2.5"]), whole_decimal_column(["1", "2"])
    (True, False, False)
    >>> whole_decimal_column(["", " "]), whole_decimal_column(["1e3"]), whole_decimal_column(["nan", "1.0"])
    (False, False, False)
    """
    values = [cell.strip() for cell in cells if not isinstance(cell, str) or cell.strip()]
    return bool(values) and all(isinstance(v, str) and _WHOLE_DECIMAL.fullmatch(v) for v in values)


def as_whole_numbers(labels: Sequence[str]) -> tuple[str, ...]:
    """Each label that is a whole decimal written as its whole number (`-1.0` -> `-1`, `+2.00` -> `2`, `-0.0` ->
    `0`); any other label as it stands.

    >>> as_whole_numbers(["-1.0", "0.0", "2.5", "cat", "-0.0", "+3.00"])
    ('-1', '0', '2.5', 'cat', '0', '3')
    """
    return tuple(str(int(m.group(1) + m.group(2))) if (m := _WHOLE_DECIMAL.fullmatch(label)) else label for label in labels)
