"""Per-image JSON documents whose boxes hold their corners in separate fields: the rows of
`box_formats.FORMATS` for that kind, made from four small tables rather than one row per dataset.

EuroCity Persons ships `ECP/day/labels/<split>/<city>/<city>_<n>.json` beside the mirrored
`ECP/day/img/<split>/<city>/<city>_<n>.png`: a root object (`"identity": "frame"`, `imagewidth`,
`imageheight`) whose `children` list holds the boxes, each with its class in `identity`
(`pedestrian`, `rider`, `person-group-far-away`, ...) and its corners in `x0`, `y0`, `x1`, `y1`
(pixels); a box's own `children` are its parts (the bicycle under a rider), not objects of the
frame, so only the top list is read. Exports and in-house tools write the same kind under other
names (`objects` of `label`, `xmin` .. `ymax`; `boxes` of `class`, `x`, `y`, `width`, `height`), and
the Mapillary Traffic Sign Dataset keeps the four in an object of their own (`objects[].bbox.xmin`:
`_BOX_HOLDERS`, read as dotted fields).
A row is (where the boxes are, the class field, the four fields and how they read); a document is
of a row only where its first annotated document's every box names its class as text in that
field and holds the four as numbers, corners in order (`converters/json_box_files.py`), and not
every number of it is a fraction of 1 (boxes normalised to the image: a pixel reading would put
every box in the top-left pixel). The first matching row, in the tables' order, names the format.

Each pixel row has a twin reading the same fields as percent of the image's sides (`PERCENT`: Label
Studio's `x`, `y`, `width`, `height`, 0 to 100), named with ` (percent)`. Numbers alone cannot tell a
percent from a pixel near the top-left corner, so detection never picks a twin: where every number
of a folder's documents lies within 0..100 on images much larger, the run stops before writing
(`beam_jobs/discover/percent_boxes.py`), and a layout file's `box_format` names the twin (or keeps the
pixel row).
"""

from __future__ import annotations

from shardify.plan.box_format import PER_IMAGE_JSON, XYWH_PERCENT, XYWH_PIXELS, XYXY_PERCENT, XYXY_PIXELS, BoxFormat

__all__ = ["FORMATS", "PERCENT", "PERCENT_SUFFIX", "SEPARATE_FIELDS"]

# Keys of a document's list of boxes (EuroCity Persons' `children` first).
_BOX_LISTS = ("children", "objects", "boxes", "annotations")
# Keys naming a box's class, as text.
_CLASS_FIELDS = ("identity", "label", "class", "category", "name")
# The four fields of a box and how they read.
SEPARATE_FIELDS: tuple[tuple[tuple[str, str, str, str], str], ...] = (
    (("x0", "y0", "x1", "y1"), XYXY_PIXELS),  # EuroCity Persons
    (("xmin", "ymin", "xmax", "ymax"), XYXY_PIXELS),
    (("x1", "y1", "x2", "y2"), XYXY_PIXELS),
    (("left", "top", "right", "bottom"), XYXY_PIXELS),
    (("x", "y", "width", "height"), XYWH_PIXELS),
    (("x", "y", "w", "h"), XYWH_PIXELS),
    (("left", "top", "width", "height"), XYWH_PIXELS),
)

# A pixel convention's twin in percent of the image's sides, and the twin row's name's ending.
PERCENT = {XYXY_PIXELS: XYXY_PERCENT, XYWH_PIXELS: XYWH_PERCENT}
PERCENT_SUFFIX = " (percent)"

# Where a box's four fields lie: on the box itself (EuroCity Persons), or in an object of their own under
# it (the Mapillary Traffic Sign Dataset's `objects[].bbox {xmin, ymin, xmax, ymax}` beside `label`).
_BOX_HOLDERS = ("", "bbox", "box", "bndbox")

_SOURCE = ("EuroCity Persons (eurocity-dataset.tudelft.nl; readers seen by search: annotations['children'], obj['identity'], "
           "obj['x0'], ['y0'], ['x1'], ['y1'] under ECP/day/labels/<split>/<city>/), the Mapillary Traffic Sign Dataset "
           "(annotations/<key>.json: objects[].label, bbox.xmin .. bbox.ymax), and the same kind under other names")


def _row(boxes: str, label: str, fields: tuple[str, str, str, str], convention: str) -> BoxFormat:
    return BoxFormat(
        name=f"Per-image JSON boxes: {boxes}[].{label}, {' '.join(fields)}" + (PERCENT_SUFFIX if convention in PERCENT.values() else ""),
        pairing=PER_IMAGE_JSON,
        files=r"",  # told by content, whatever its folder's name (a city's, in EuroCity Persons' mirror tree)
        boxes_field=boxes,
        class_field=label,
        box_fields=fields,
        convention=convention,
        source=_SOURCE,
    )


def _held(holder: str, fields: tuple[str, str, str, str]) -> tuple[str, str, str, str]:
    """The four fields as dotted paths under `holder` (`bbox.xmin`), or as they are for none."""
    return tuple(f"{holder}.{f}" if holder else f for f in fields)  # type: ignore[return-value]


FORMATS: tuple[BoxFormat, ...] = tuple(
    _row(boxes, label, _held(holder, fields), convention)
    for holder in _BOX_HOLDERS for boxes in _BOX_LISTS for label in _CLASS_FIELDS for fields, convention in SEPARATE_FIELDS
) + tuple(  # the percent twins, after every pixel row: read where a layout file names them
    _row(boxes, label, _held(holder, fields), PERCENT[convention])
    for holder in _BOX_HOLDERS for boxes in _BOX_LISTS for label in _CLASS_FIELDS for fields, convention in SEPARATE_FIELDS
)
