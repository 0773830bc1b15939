"""Rows of a box table that are no box under any reading: damaged rows, which say nothing of the order.

Why a module of its own: a table whose header names its box columns (`image,label,cx,cy,w,h`) is
read as boxes where every sampled row is a box inside its image under the header's reading
(`box_columns.fitting_orders`). One damaged row among the first ones (a width of 0 or below, NaN,
an infinity, 1e308, a centre a thousand widths away) fits no reading at all, so the table was taken
for a label table of one class a row and every box of every image was dropped with exit 0. A row
that is no box under any order and in either unit tells nothing about the columns; the header and
the other rows do. Here such rows are set aside for detection's judgement only: the pipeline reads
every row and rejects the damaged one's image, naming the row.

Plain functions over a `box_columns.Reading`; the caller (`beam_jobs/discover/box_content_tables.py`)
reads the table and the images' sizes.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping

from shardify.plan import box_columns

__all__ = ["without_damaged_rows"]


def _numbers(row: tuple[str, ...], box: tuple[int, ...]) -> list[float] | None:
    try:
        values = [float(row[i]) for i in box]
    except ValueError:
        return None
    return values if all(math.isfinite(v) for v in values) else None


def _some_box(reading: box_columns.Reading, row: tuple[str, ...], size: tuple[int, int] | None) -> bool:
    """The row is a box under some reading of its four numbers, in fractions or pixels."""
    values = _numbers(row, reading.box)
    if values is None:
        return False
    orders = (reading.named, *box_columns.BOX_ORDERS)
    return any(box_columns.box_fits(order, values, size, unit) for order in orders if order for unit in (True, False))


def without_damaged_rows(reading: box_columns.Reading, sizes: Mapping[str, tuple[int, int]]) -> box_columns.Reading:
    """`reading` less the rows that are no box under any reading, where its header names the box
    columns and such rows are fewer than half of those with a box (headerless: the rows of a NaN or an
    infinity, fewer than half; one such row left the table unread, its images' boxes a stop naming
    label options, readers33c); else `reading` itself. The unit
    (fractions or pixels) is read again from the rows kept (one row of 1e308 made a table of
    fractions read as pixels).

    >>> names = lambda cell: cell.endswith(".jpg")
    >>> lines = ["image,label,cx,cy,w,h", "a.jpg,car,0.3,0.3,0,0.2", "b.jpg,car,0.5,0.5,0.4,0.4", "c.jpg,bus,0.6,0.4,0.2,0.3"]
    >>> kept = without_damaged_rows(box_columns.read_roles(lines, names), {})
    >>> [row[0] for row in kept.rows], kept.normalised
    (['b.jpg', 'c.jpg'], True)
    >>> lines[1] = "a.jpg,car,0.3,0.3,1e308,0.2"
    >>> without_damaged_rows(box_columns.read_roles(lines, names), {"a.jpg": (64, 48)}).normalised  # (no pixel box either)
    True
    >>> bare = ["a.jpg,car,1,2,8,9", "b.jpg,car,3,2,9,9", "b.jpg,bus,NaN,2,9,9", "c.jpg,bus,9,1,2,8"]
    >>> [row[0] for row in without_damaged_rows(box_columns.read_roles(bare, names), {}).rows]  # (c.jpg's stays: the rows judge)
    ['a.jpg', 'b.jpg', 'c.jpg']
    """
    key = reading.roles.index(box_columns.IMAGE)
    boxed = [row for row in reading.rows if all(row[i] for i in reading.box)]
    if reading.named:
        kept = [row for row in boxed if _some_box(reading, row, sizes.get(row[key]))]
    else:  # headerless, only a NaN or an infinity is damage: a row of no box under any order may be a measurement's
        kept = [row for row in boxed if _numbers(row, reading.box) is not None]  # (LFW's eyes), which the rows must show
    if len(kept) == len(boxed) or 2 * len(kept) <= len(boxed):
        return reading
    kept_set = set(kept)
    rows = tuple(row for row in reading.rows if row in kept_set or not all(row[i] for i in reading.box))
    numbers = [float(row[i]) for row in kept for i in reading.box]
    return dataclasses.replace(reading, rows=rows, normalised=all(0.0 <= n <= 1.0 for n in numbers))
