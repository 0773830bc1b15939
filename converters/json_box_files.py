"""Per-image JSON annotations (`box_formats.PER_IMAGE_JSON`): one JSON document per image whose
boxes lie under one key, as a list (FUNSD's `form`), or under numbered keys (DeepFashion2's `item1`,
`item2`, ...: the format's `boxes_field` "item*"). Here: where a document's boxes are, and whether a
folder's first document is of a format's shape (detection); `box_text.per_image_json_objects`
reads each image's objects.

A format is recognised only where the folder's name is the format's and the first document holds
a box list whose every box names its class in the format's field and holds four numbers, corners
in order (x1 <= x2, y1 <= y2) where the convention is corners: a document of another shape (a
COCO-like file per image, a caption per image) is no such annotation, and detection goes on as
before (a stop naming the files). The four numbers may be one list field (`box`) or four fields of
their own (EuroCity Persons' `x0`, `y0`, `x1`, `y1`: `shardify/plan/json_box_rows.py`), and a
document of an image without objects tells no format (`holds_no_boxes`: the next one is read).
"""

from __future__ import annotations

import re

from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.plan.box_formats import (
    FORMATS,
    PER_IMAGE_JSON,
    POINTS_PIXELS,
    XYWH_PERCENT,
    XYWH_PIXELS,
    XYXY_PERCENT,
    XYXY_PIXELS,
    BoxFormat,
)

__all__ = ["boxes_of", "field_of", "holds_no_boxes", "json_format", "keyless_format"]

_NUMBERED = re.compile(r"(\d+)")
# Conventions read only where a layout file names their row (percent: told from pixels by no number alone).
_NAMED_ONLY = frozenset({XYWH_PERCENT, XYXY_PERCENT})


def boxes_of(document: object, fmt: BoxFormat) -> list | None:
    """The document's boxes as the format writes them (in number order for numbered keys), or None
    where it holds none of the format's shape (not an object, no such list).

    >>> fmt = next(f for f in FORMATS if f.boxes_field == "item*")
    >>> [b["n"] for b in boxes_of({"source": "shop", "item2": {"n": 2}, "item10": {"n": 10}, "item1": {"n": 1}}, fmt)]
    [1, 2, 10]
    """
    if not isinstance(document, dict):
        return None
    if fmt.boxes_field.endswith("*"):
        prefix = fmt.boxes_field[:-1]
        numbered = {int(key[len(prefix):]): value for key, value in document.items()
                    if isinstance(key, str) and key.startswith(prefix) and _NUMBERED.fullmatch(key[len(prefix):])}
        return [numbered[n] for n in sorted(numbered)]
    found = document.get(fmt.boxes_field)
    return found if isinstance(found, list) else None


def json_format(folder_name: str, data: bytes) -> BoxFormat | None:
    """The PER_IMAGE_JSON format of a folder named `folder_name` whose first document is `data`.

    >>> import json
    >>> doc = {"form": [{"box": [1, 2, 30, 9], "text": "DATE:", "label": "question"}]}
    >>> json_format("annotations", json.dumps(doc).encode()).name
    'FUNSD form entities'
    >>> json_format("annotations", json.dumps({"form": [{"box": [30, 2, 1, 9], "label": "question"}]}).encode()) is None
    True
    >>> labelme = {"version": "5.0.1", "shapes": [{"label": "leaf", "points": [[1, 2], [9, 8]], "shape_type": "rectangle"}]}
    >>> json_format("", json.dumps(labelme).encode()).name, json_format("train", json.dumps(labelme).encode())
    ('LabelMe shapes', None)
    """
    try:
        document = json_input.parse(data)
    except InvalidInputError:
        return None
    for fmt in FORMATS:
        if fmt.pairing != PER_IMAGE_JSON or fmt.convention in _NAMED_ONLY or not re.fullmatch(fmt.files, folder_name):
            continue
        if fmt.document_keys and not (isinstance(document, dict) and all(k in document for k in fmt.document_keys)):
            continue  # (the keys beside its boxes tell the row's box convention: without them, a guess)
        boxes = boxes_of(document, fmt)
        if boxes and all(_box_of_shape(box, fmt) for box in boxes) and not _all_fractions(boxes, fmt):
            return fmt
    return None


def keyless_format(data: bytes) -> BoxFormat | None:
    """The PER_IMAGE_JSON row whose boxes the document holds, every one of the row's shape, but not the keys
    beside them that tell its convention (`BoxFormat.document_keys`): `objects[].bbox` of four numbers without
    Cityscapes' `imgHeight`, `imgWidth` may be `[x, y, w, h]` or two corners, so the run stops naming the row.

    >>> import json
    >>> keyless_format(json.dumps({"objects": [{"label": "rider", "bbox": [1, 2, 3, 4]}]}).encode()).name
    'Cityscapes objects'
    >>> keyless_format(json.dumps({"imgHeight": 9, "imgWidth": 9, "objects": [{"label": "r", "bbox": [1, 2, 3, 4]}]}).encode())
    """
    try:
        document = json_input.parse(data)
    except InvalidInputError:
        return None
    for fmt in FORMATS:
        if fmt.pairing != PER_IMAGE_JSON or not fmt.document_keys or not isinstance(document, dict):
            continue
        boxes = boxes_of(document, fmt)
        if boxes and not all(k in document for k in fmt.document_keys) and all(_box_of_shape(b, fmt) for b in boxes):
            return fmt
    return None


def holds_no_boxes(data: bytes) -> bool:
    """The document is an object whose every list a PER_IMAGE_JSON row keeps its boxes in is empty or
    absent, one at least present: an image without objects, which tells no format (the next document may).

    >>> holds_no_boxes(b'{"identity": "frame", "children": []}'), holds_no_boxes(b'{"caption": "a dog"}')
    (True, False)
    """
    try:
        document = json_input.parse(data)
    except InvalidInputError:
        return False
    if not isinstance(document, dict):
        return False
    found = [document[f.boxes_field] for f in FORMATS if f.pairing == PER_IMAGE_JSON and f.boxes_field in document]
    return bool(found) and all(value == [] for value in found)


def _all_fractions(boxes: list, fmt: BoxFormat) -> bool:
    """Every number of a separate-field document's boxes within 0..1: boxes normalised to the image, no
    pixels (read as pixels, every box would lie in the top-left pixel)."""
    if len(fmt.box_fields) != 4:
        return False
    return all(0 <= field_of(box, f) <= 1 for box in boxes for f in fmt.box_fields)


def _box_of_shape(box: object, fmt: BoxFormat) -> bool:
    if not isinstance(box, dict):
        return False
    name, numbers = box.get(fmt.class_field), box.get(fmt.box_fields[0])
    if len(fmt.box_fields) == 4:  # the four numbers in fields of their own (EuroCity Persons' x0 .. y1)
        numbers = [field_of(box, f) for f in fmt.box_fields]  # (dotted under an object of their own: MTSD's bbox.xmin)
    if fmt.convention == POINTS_PIXELS:  # LabelMe's points: [x, y] pairs (the reader checks each whole)
        return isinstance(name, str) and bool(name.strip()) and isinstance(numbers, list) and bool(numbers) and all(
            isinstance(p, list) and len(p) == 2 for p in numbers[:8])
    if not isinstance(name, str) or not name.strip() or not _four_numbers(numbers):
        return False
    if fmt.convention in (XYWH_PIXELS, XYWH_PERCENT):  # a size is not negative
        return numbers[2] >= 0 and numbers[3] >= 0
    return fmt.convention not in (XYXY_PIXELS, XYXY_PERCENT) or (numbers[0] <= numbers[2] and numbers[1] <= numbers[3])


def field_of(box: dict, field: str) -> object:
    """A dotted field's value (`bbox.xmin`), or None where a step is missing."""
    found: object = box
    for step in field.split("."):
        found = found.get(step) if isinstance(found, dict) else None
    return found


def _four_numbers(value: object) -> bool:
    return isinstance(value, list) and len(value) == 4 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
