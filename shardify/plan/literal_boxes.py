"""A table cell that writes an image's objects as a literal: its boxes, in pixels (x1, y1, x2, y2).

Kaggle tables write objects as Python or JSON literals in one column, a kind shardify met on two
blind datasets (tests/helpers/blind21.py): the Great Barrier Reef's `annotations`, a list of dicts
per frame (`[{'x': 559, 'y': 213, 'width': 50, 'height': 32}]`, `[]` for a frame of none), and
Airbus Aircrafts' `geometry`, one polygon per row (`[(135, 522), (245, 522), ...]`). What a cell may
hold, each read as its axis-aligned envelope (the record contract's boxes are axis-aligned):

  a dict          of one of `BOX_SHAPES`' key sets (`x,y,width,height`, `xmin,ymin,xmax,ymax`, ...);
  a polygon       three points or more, each `(x, y)` or `[x, y]`;
  a list of them  one object each (`[]`: an image of no object);
  WKT             `POLYGON ((x y, x y, ...))`, its outer ring (GIS exports).

Parsed as JSON, else by `ast.literal_eval` (`list_literals`: a literal only, never code), after
the cell's length is checked (a million points is no annotation: a reject, not a minute of
parsing). A cell that is none of these, or a number that is not finite, negative, or a box of no
area (reversed corners), raises `LiteralBoxError` naming why: its row's reject. Nothing here reads
a file.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

from shardify.plan.list_literals import list_literal

__all__ = ["BOX_SHAPES", "MAX_CELL_CHARS", "LiteralBoxError", "box_cells", "is_literal_boxes", "literal_boxes"]

# Key sets (lower-cased) that make a dict one box, and how its four numbers read: "xywh" a corner
# and a size, "xyxy" two corners. A dict needs all keys of one set.
BOX_SHAPES: Mapping[frozenset[str], tuple[tuple[str, str, str, str], str]] = {
    frozenset({"x", "y", "width", "height"}): (("x", "y", "width", "height"), "xywh"),
    frozenset({"x", "y", "w", "h"}): (("x", "y", "w", "h"), "xywh"),
    frozenset({"left", "top", "width", "height"}): (("left", "top", "width", "height"), "xywh"),
    frozenset({"xmin", "ymin", "xmax", "ymax"}): (("xmin", "ymin", "xmax", "ymax"), "xyxy"),
    frozenset({"x_min", "y_min", "x_max", "y_max"}): (("x_min", "y_min", "x_max", "y_max"), "xyxy"),
    frozenset({"x1", "y1", "x2", "y2"}): (("x1", "y1", "x2", "y2"), "xyxy"),
    frozenset({"left", "top", "right", "bottom"}): (("left", "top", "right", "bottom"), "xyxy"),
}
# A cell longer than this is no image's annotation (a 2,560-pixel aircraft polygon of five points
# is ~60 characters; 10,000 boxes of ~60 are 600,000): a reject before parsing.
MAX_CELL_CHARS = 1_000_000
# A polygon's least number of points (two are a line, not an area).
_MIN_POINTS = 3
_WKT = re.compile(r"\s*POLYGON\s*\(\s*\(([^()]*)\)", re.IGNORECASE | re.ASCII)
_WKT_POINT = re.compile(r"\s*(\S+)\s+(\S+)\s*")

Box = tuple[float, float, float, float]


class LiteralBoxError(ValueError):
    """A cell that is not a literal of boxes or polygons, or one of impossible numbers: `reason` says which;
    `shaped`: the cell has a box's shape, its numbers are wrong (NaN, negative, reversed): still a cell of
    a box column, its row a reject."""

    def __init__(self, reason: str, shaped: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.shaped = shaped


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise LiteralBoxError(f"{what} is {str(value)[:40]!r}, not a number")
    number = float(value)
    if not math.isfinite(number):
        raise LiteralBoxError(f"{what} is {number}, not a finite number", shaped=True)
    if number < 0:
        raise LiteralBoxError(f"{what} is {number:g}: a pixel coordinate is not negative", shaped=True)
    return number


def _checked(box: Box, what: str) -> Box:
    if box[2] <= box[0] or box[3] <= box[1]:
        raise LiteralBoxError(
            f"{what} has no area (corners {box[0]:g},{box[1]:g} and {box[2]:g},{box[3]:g}: reversed or flat)", shaped=True)
    return box


def _dict_box(item: dict, what: str) -> Box:
    keys = {str(k).lower(): v for k, v in item.items()}
    for want, (names, kind) in BOX_SHAPES.items():
        if want <= set(keys):
            a, b, c, d = (_number(keys[n], f"{what}'s {n}") for n in names)
            return _checked((a, b, a + c, b + d) if kind == "xywh" else (a, b, c, d), what)
    raise LiteralBoxError(f"{what} has keys {sorted(keys)[:8]}, none of a box's ({', '.join(sorted(next(iter(BOX_SHAPES))))}, ...)")


def _is_point(item: object) -> bool:
    return isinstance(item, (list, tuple)) and len(item) == 2 and not any(isinstance(v, (list, tuple, dict)) for v in item)


def _polygon_box(points: list | tuple, what: str) -> Box:
    if len(points) < _MIN_POINTS:
        raise LiteralBoxError(f"{what} has {len(points)} points, not the {_MIN_POINTS} or more of a polygon", shaped=True)
    xs = [_number(p[0], f"{what}'s x") for p in points]
    ys = [_number(p[1], f"{what}'s y") for p in points]
    return _checked((min(xs), min(ys), max(xs), max(ys)), what)


def _item_box(item: object, what: str) -> Box:
    if isinstance(item, dict):
        return _dict_box(item, what)
    if isinstance(item, (list, tuple)) and item and all(_is_point(p) for p in item):
        return _polygon_box(item, what)
    raise LiteralBoxError(f"{what} is {str(item)[:60]!r}: neither a dict of a box's keys nor a polygon of (x, y) points")


def _wkt_boxes(text: str) -> list[Box]:
    found = _WKT.match(text)
    if not found:
        raise LiteralBoxError(f"{text[:60]!r} is no POLYGON ((x y, ...)) this reads")
    points = []
    for pair in found.group(1).split(","):
        xy = _WKT_POINT.fullmatch(pair)
        try:
            points.append((float(xy.group(1)), float(xy.group(2))) if xy else None)
        except ValueError:
            points.append(None)
        if points[-1] is None:
            raise LiteralBoxError(f"the polygon's point {pair.strip()[:30]!r} is not two numbers")
    return [_polygon_box(points, "the polygon")]


def literal_boxes(cell: str) -> list[Box]:
    """The boxes (x1, y1, x2, y2, pixels) a cell writes, one per object; [] for an empty list.

    >>> literal_boxes("[{'x': 5, 'y': 2, 'width': 4, 'height': 6}, {'xmin': 1, 'ymin': 1, 'xmax': 3, 'ymax': 4}]")
    [(5.0, 2.0, 9.0, 8.0), (1.0, 1.0, 3.0, 4.0)]
    >>> literal_boxes("[(1, 2), (5, 2), (5, 9), (1, 9), (1, 2)]"), literal_boxes("[[[1, 2], [5, 2], [5, 9]]]")
    ([(1.0, 2.0, 5.0, 9.0)], [(1.0, 2.0, 5.0, 9.0)])
    >>> literal_boxes("POLYGON ((1 2, 5 2, 5 9, 1 2))"), literal_boxes("[]")
    ([(1.0, 2.0, 5.0, 9.0)], [])
    >>> literal_boxes("[{'xmin': 5, 'ymin': 2, 'xmax': 1, 'ymax': 8}]")
    Traceback (most recent call last):
    shardify.plan.literal_boxes.LiteralBoxError: box 1 has no area (corners 5,2 and 1,8: reversed or flat)

    Raises:
      LiteralBoxError: the cell is no such literal, or a number in it is impossible.
    """
    text = cell.strip()
    if len(text) > MAX_CELL_CHARS:
        raise LiteralBoxError(f"the cell holds {len(text):,} characters, more than the {MAX_CELL_CHARS:,} of any image's objects",
                              shaped=True)
    if text[:7].upper() == "POLYGON":
        return _wkt_boxes(text)
    value = list_literal(text)
    if value is None:  # (bracketed but unparsed, nested past the stack: a broken cell of a box column, its row's reject)
        raise LiteralBoxError(f"{text[:60]!r} is no list literal (nested too deep, or not a literal)",
                              shaped=text.startswith("[") and text.endswith("]"))
    if value and all(_is_point(p) for p in value):  # the cell is one polygon
        return [_polygon_box(value, "the polygon")]
    return [_item_box(item, f"box {i}") for i, item in enumerate(value, start=1)]


def is_literal_boxes(cell: str) -> bool | None:
    """True: the cell writes boxes or polygons (its numbers possible or not: NaN is its row's reject);
    False: something else; None: an empty list or an empty cell.

    >>> is_literal_boxes("[(1, 2), (5, 2), (5, 9)]"), is_literal_boxes("['red', 'blue']"), is_literal_boxes("[]")
    (True, False, None)
    >>> is_literal_boxes('[{"x": NaN, "y": 1, "width": 2, "height": 2}]')
    True
    """
    try:
        return bool(literal_boxes(cell)) or None
    except LiteralBoxError as error:
        return True if error.shaped else None if not cell.strip() else False


def box_cells(cells: Sequence[str], least: int = 2) -> bool:
    """Cells of a column of box literals: `least` of them write boxes or polygons, none something else.

    >>> box_cells(["[(1, 2), (5, 2), (5, 9)]", "[]", "[{'x': 1, 'y': 2, 'w': 3, 'h': 4}]"]), box_cells(["[1, 2]", "[(1, 2), (5, 2), (5, 9)]"])
    (True, False)
    """
    verdicts = [is_literal_boxes(cell) for cell in cells]
    return sum(v is True for v in verdicts) >= least and not any(v is False for v in verdicts)
