"""LabelMe's shapes (`{"shapes": [{"label", "points", "shape_type", ...}], "imagePath", "imageData", ...}`,
one JSON document beside each image, as wkentaro/labelme's `label_file.py` writes it): each shape an
object, its box the envelope of its points in pixels (`box_format.POINTS_PIXELS`).

A shape's points say its box by its type: a polygon's (or a mask's, or no type: LabelMe's default) the
envelope of all of them, a rectangle's its two corners, a circle's its centre and a point on its edge.
A line, a line strip or a point marks no region: kept as a skipped object, named in `repaired.jsonl`,
never a box. `imageData` (the image again, in base64) and `imagePath` are never read: the image is the
file beside the document, of its stem (a path in the document may name a file elsewhere, or outside SRC).
"""

from __future__ import annotations

import math

from shardify.converters.objects import text_box_object
from shardify.errors import InvalidInputError
from shardify.plan.box_format import XYXY_PIXELS
from shardify.plan.entries import SourceObject

__all__ = ["MAX_DOCUMENT_BYTES", "MAX_POINTS", "shape_object"]

# One image's document: its shapes and, in `imageData`, the image again in base64 (a 20 MB photo: ~27 MB).
MAX_DOCUMENT_BYTES = 64 << 20

# Points of one shape: a traced outline holds hundreds; past this it is no annotation a person drew.
MAX_POINTS = 100_000
_REGIONS = frozenset({"polygon", "rectangle", "circle", "mask", None})
_NO_REGION = frozenset({"line", "linestrip", "point", "points"})


def _point(value: object, where: str) -> tuple[float, float]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        raise InvalidInputError(f"{where}: a point that is not [x, y]: {str(value)[:60]}")
    x, y = float(value[0]), float(value[1])
    if not (math.isfinite(x) and math.isfinite(y)):
        raise InvalidInputError(f"{where}: a point of no finite numbers: {str(value)[:60]}")
    return x, y


def shape_object(shape: object, where: str) -> SourceObject:
    """The object of one LabelMe shape.

    >>> shape_object({"label": "leaf", "points": [[4, 9], [20, 2], [12, 30]], "shape_type": "polygon"}, "s").box
    (4.0, 2.0, 20.0, 30.0)
    >>> shape_object({"label": "spot", "points": [[10, 10], [13, 14]], "shape_type": "circle"}, "s").box
    (5.0, 5.0, 15.0, 15.0)
    >>> shape_object({"label": "stem", "points": [[1, 1], [5, 5]], "shape_type": "line"}, "s").skipped
    'a LabelMe line shape: it marks no region'

    Raises:
      InvalidInputError: no label, an unknown shape type, or points that are not [x, y] pairs of
        finite numbers, too few or too many for the shape (`where` names the shape).
    """
    if not isinstance(shape, dict):
        raise InvalidInputError(f"{where}: a shape that is no JSON object")
    label, kind, points = shape.get("label"), shape.get("shape_type"), shape.get("points")
    if not isinstance(label, str) or not label.strip():
        raise InvalidInputError(f"{where}: a shape with no label")
    if kind in _NO_REGION:
        return text_box_object(label, (), XYXY_PIXELS, where=where, skipped=f"a LabelMe {kind} shape: it marks no region")
    if kind not in _REGIONS:
        raise InvalidInputError(f"{where}: a shape_type {str(kind)[:30]!r} LabelMe does not write")
    if not isinstance(points, list) or not points or len(points) > MAX_POINTS:
        count = len(points) if isinstance(points, list) else 0
        raise InvalidInputError(f"{where}: {count:,} points, not a {kind or 'polygon'}'s (1 to {MAX_POINTS:,})")
    pairs = [_point(p, where) for p in points]
    if kind == "circle":
        if len(pairs) != 2:
            raise InvalidInputError(f"{where}: a circle of {len(pairs)} points, not its centre and an edge point")
        (cx, cy), (ex, ey) = pairs
        radius = math.hypot(ex - cx, ey - cy)
        box = (cx - radius, cy - radius, cx + radius, cy + radius)
    else:
        if len(pairs) < 2:
            raise InvalidInputError(f"{where}: a {kind or 'polygon'} of one point encloses nothing")
        xs, ys = [x for x, _ in pairs], [y for _, y in pairs]
        box = (min(xs), min(ys), max(xs), max(ys))
    return text_box_object(label, [repr(v) for v in box], XYXY_PIXELS, where=where)
