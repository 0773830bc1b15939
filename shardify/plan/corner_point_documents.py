"""JSON documents listing images whose boxes hold their corners as two POINTS (`minimum`, `maximum`),
each of a row and a column: the JSON_DOCUMENT rows of `box_formats.FORMATS` for that kind, made from
small tables rather than one row per dataset.

BBBC041 (P. vivax blood smears, Broad Bioimage Benchmark Collection) ships `malaria/training.json`
and `malaria/test.json` beside `malaria/images/<uuid>.png`: a JSON list of entries
`{"image": {"checksum", "pathname": "/images/<uuid>.png", "shape": {"r", "c", "channels"}},
"objects": [{"category": "red blood cell", "bounding_box": {"minimum": {"r", "c"}, "maximum": {"r", "c"}}}]}`,
in pixels, `r` the row (y) and `c` the column (x), as the readers seen by search read them (`ymin = obj['bounding_box']['minimum']['r']`). keras-rcnn's
dataset loaders write their other sets in the same shape; exports name the corners `min`/`max` and
the axes `x`/`y`. The image's key is nested (`image.pathname`) and written from the dataset's root
with a leading `/`: `evidence_keys.key_rule` matches its last parts. A document's split is its
file's name (`training.json`: train), as for every document of boxes.

Each row reads the corners as (x1, y1, x2, y2): the column before the row, whatever the axes are named.
"""

from __future__ import annotations

from shardify.plan.box_format import JSON_DOCUMENT, XYXY_PIXELS, BoxFormat

__all__ = ["FORMATS"]

# The entry's field naming its image (nested: the image's own object holds its path and shape).
_KEYS = ("image.pathname", "image.path")
# The object holding a box's two corners, their names, and each corner's (x, y) field names.
_HOLDERS = ("bounding_box", "bbox")
_CORNERS = (("minimum", "maximum"), ("min", "max"))
_AXES = (("c", "r"), ("x", "y"))  # (column, row): BBBC041's c, r first
_CLASS_FIELDS = ("category", "label")

_SOURCE = ("BBBC041 (bbbc.broadinstitute.org/BBBC041; readers seen by search: image['pathname'], image['shape']['r'/'c'], "
           "objects[].category, bounding_box.minimum.r/.c, bounding_box.maximum.r/.c, r the row), keras-rcnn's datasets "
           "of the same shape, and the kind under other names")


def _row(key: str, holder: str, corners: tuple[str, str], axes: tuple[str, str], label: str) -> BoxFormat:
    (low, high), (x, y) = corners, axes
    fields = (f"{holder}.{low}.{x}", f"{holder}.{low}.{y}", f"{holder}.{high}.{x}", f"{holder}.{high}.{y}")
    return BoxFormat(
        name=f"Listed images, corner points: {key}, objects[].{label}, {holder}.{low}/{high}.{x}/{y}",
        pairing=JSON_DOCUMENT,
        files=r"\.json",  # by its content, whatever its name (its split)
        key_field=key,
        boxes_field="objects",
        class_field=label,
        box_fields=fields,
        convention=XYXY_PIXELS,
        by_header=True,
        rooted_keys=True,  # `/images/<uuid>.png` names malaria/images/<uuid>.png, never a path outside
        source=_SOURCE,
    )


FORMATS: tuple[BoxFormat, ...] = tuple(
    _row(key, holder, corners, axes, label)
    for key in _KEYS for holder in _HOLDERS for corners in _CORNERS for axes in _AXES for label in _CLASS_FIELDS
)
