"""Tables of images written a pixel per column: Kaggle's Digit Recognizer (`label,pixel0..pixel783`),
Fashion-MNIST's and Sign Language MNIST's CSVs (`label,pixel1..pixel784`), EMNIST's headerless CSVs
(the label, then 784 grey levels).

`pixel_rows.py` reads FER2013's kind, a column whose cell holds a whole image; this module finds
the other kind's columns and turns a row's cells into the same grey image, so detection and the
writer read both alike. What makes columns pixels, nothing else guessed:

- with a header: a run of columns named `pixel<n>` (also `px<n>`, `p<n>`, with `_`), numbered one
  up from the first, as many as a square image of side MIN_SIDE..MAX_SIDE holds;
- without one: every column but at most the first holds whole numbers 0..255 in most sampled
  rows, and they are as many as a square image of side at least MIN_HEADERLESS_SIDE (8 x 8: a table
  of fewer numbers is as likely a table of measurements).

A table of 784 measurements named otherwise (`f1..f784`) is not read as images.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

import numpy as np

from shardify.errors import InvalidInputError
from shardify.inputs.whole_numbers import whole_at_most

__all__ = ["MIN_SIDE", "MAX_SIDE", "MIN_HEADERLESS_SIDE", "pixel_per_column", "image_of_cells"]

# The sides of a grey image a row, whichever way it is written (pixel_rows reads these too): a 2 x 2
# image is the least that is an image; 1,024 x 1,024 (a million numbers, ~4 MB of text in one cell)
# is far past any dataset written this way (FER2013: 48) and bounds a hostile row.
MIN_SIDE = 2
MAX_SIDE = 1024
MIN_HEADERLESS_SIDE = 8
_PIXEL_NAME = re.compile(r"(?:pixel|px|p)_?(\d+)", re.IGNORECASE)


def _side(count: int) -> int:
    side = math.isqrt(count)
    return side if side * side == count else 0


def _grey(cell: object) -> bool:
    return whole_at_most(cell, 255)


def pixel_per_column(columns: Sequence[str], sample: Sequence[Sequence[object]]) -> tuple[str, ...]:
    """The table's pixel columns, in image order, or () (see the module's docstring).

    >>> pixel_per_column(["label", *(f"pixel{i}" for i in range(16))], [["3", *(["0"] * 16)]])[:2]
    ('pixel0', 'pixel1')
    >>> pixel_per_column(["label", *(f"f{i}" for i in range(16))], [["3", *(["0"] * 16)]])
    ()
    """
    named = [(int(m.group(1)), name) for name in columns if (m := _PIXEL_NAME.fullmatch(name.strip()))]
    if named:
        numbers = [n for n, _ in named]
        side = _side(len(named))
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))) and MIN_SIDE <= side <= MAX_SIDE:
            return tuple(name for _, name in named)
        return ()
    if not sample or not all(name.isdigit() for name in columns):  # headerless tables' columns are "1".."N"
        return ()
    rows = [row for row in sample if len(row) == len(columns)]
    if len(rows) < len(sample) or not rows:
        return ()
    for skip in (0, 1):
        side = _side(len(columns) - skip)
        # most sampled rows, not all: one hostile row among the first must not turn the table into
        # texts (it is that row's reject, as in pixel_rows)
        grey = sum(all(_grey(cell) for cell in row[skip:]) for row in rows)
        if side >= MIN_HEADERLESS_SIDE and grey * 2 > len(rows):
            return tuple(columns[skip:])
    return ()


def image_of_cells(cells: Mapping[str, object], wide: Sequence[str]) -> np.ndarray:
    """The row's grey image, [side, side, 1] uint8, from its pixel columns' cells.

    Raises:
      InvalidInputError: a cell missing or not a whole number 0..255 (NaN, -1, 256, `abc`).
    """
    values = np.empty(len(wide), dtype=np.uint8)
    for i, name in enumerate(wide):
        cell = cells.get(name)
        if not _grey(cell):
            shown = repr(cell[:20]) if isinstance(cell, str) else "no value"
            raise InvalidInputError(f"{shown} in column {name!r} is not a grey level, a whole number 0..255")
        values[i] = int(cell)
    side = _side(len(wide))
    return values.reshape(side, side, 1)
