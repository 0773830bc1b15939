"""Objects of detection and segmentation datasets, read from their annotations' shapes and checked.

  COCO        `bbox` [x, y, width, height] in pixels, `iscrowd`, `area`, `segmentation` as polygons
              ([[x1, y1, x2, y2, ...], ...]) or RLE ({"counts", "size"}; crowds), `keypoints`
              [x, y, v, ...]
  Pascal VOC  `<object><name>`, `<bndbox>` xmin/ymin/xmax/ymax in 1-based pixels (or a `<polygon>` x1..y4:
              the box around it, DroneVehicle's), `<difficult>`,
              `<truncated>`
  YOLO        `class cx cy w h` per line, normalised to [0, 1]
  Hugging Face  an `imagefolder`'s metadata.jsonl `objects`: `bbox` [x, y, width, height] in pixels,
              `categories`
  boxes as text KITTI, WIDER FACE, Open Images: four numbers in a row's fields, in the convention
              its row of `shardify.plan.box_formats` names (`text_box_object`)

An object travels as a `SourceObject`: what its annotation says, in its own units. Every number is
checked finite and in range here, as the annotation is read; turning objects
into a record's features, as the writer does per image, is `object_values.py`'s.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence

from shardify.errors import InvalidInputError
from shardify.plan import box_formats
from shardify.plan.entries import SourceObject
from shardify.plan.label_names import normalise_label

__all__ = [
    "coco_object",
    "voc_objects",
    "yolo_objects",
    "hf_objects",
    "text_box_object",
]


# Coordinates, areas and keypoints beyond this many pixels are no image's: refused, as nan and inf are.
_MAX_COORDINATE = 1e9


def _number(value: object, what: str) -> float:
    """A JSON number of an annotation, checked finite and in range (never stored as 0 or clipped).

    Raises:
      InvalidInputError: not a number, or nan, inf or beyond _MAX_COORDINATE.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or abs(value) > _MAX_COORDINATE:
        raise InvalidInputError(f"{what} is not a number: {value!r}")
    return float(value)


def _text_number(text: str | None, what: str) -> float:
    """A number written as text (VOC's XML, YOLO's lines): `float()` alone reads `nan`, `inf` and
    `1e400` (inf), which would be stored as 0 or clipped to the image's edge.

    Raises:
      InvalidInputError: not a number, or not finite, or beyond _MAX_COORDINATE.
    """
    try:
        if not _ascii_number(text):
            raise ValueError
        value = float(text or "x")
    except ValueError:
        raise InvalidInputError(f"{what} is not a number: {text!r}") from None
    if value != value or abs(value) > _MAX_COORDINATE:
        raise InvalidInputError(f"{what} is {text.strip()!r}, not a finite number")
    return value


def _ascii_number(text: str | None) -> bool:
    """Spelled in ASCII without `_`: Python's `float()` and `int()` also read other scripts'
    digits (`'\u0661'`, Arabic-Indic one, is 1; fullwidth `'\uff10'` is 0) and digit groups
    (`'0.2_5'` is 0.25), which no annotation format writes and no other tool reads alike."""
    return text is None or (text.isascii() and "_" not in text)


# COCO's keypoint visibility flags (0 not labelled, 1 labelled but not visible, 2 visible).
_VISIBILITIES = frozenset({0.0, 1.0, 2.0})


def coco_object(annotation: Mapping[str, object], name: str, *, masks: bool = False, keypoints: bool = False) -> SourceObject:
    """A COCO annotation (one object of an image) as a SourceObject.

    Raises:
      InvalidInputError: its `bbox` is not four numbers, or its `segmentation` is neither polygons
        nor RLE (when masks are kept).
    """
    box = annotation.get("bbox")
    if not isinstance(box, list) or len(box) != 4:
        raise InvalidInputError(f"annotation {annotation.get('id')!r}: bbox {box!r} is not [x, y, width, height]")
    x, y, width, height = (_number(v, "a bbox value") for v in box)
    area = _number(annotation["area"], "area") if "area" in annotation else -1.0
    polygons: tuple[tuple[float, ...], ...] = ()
    rle = ""
    segmentation = annotation.get("segmentation")
    if masks and segmentation is not None:
        if isinstance(segmentation, dict):
            if "counts" not in segmentation or "size" not in segmentation:
                raise InvalidInputError(f"annotation {annotation.get('id')!r}: RLE without counts and size")
            rle = json.dumps(segmentation, sort_keys=True)
        elif isinstance(segmentation, list) and all(isinstance(p, list) for p in segmentation):
            polygons = tuple(tuple(_number(v, "a polygon value") for v in p) for p in segmentation)
            if any(len(p) < 6 or len(p) % 2 for p in polygons):
                raise InvalidInputError(f"annotation {annotation.get('id')!r}: a polygon of fewer than 3 points")
        else:
            raise InvalidInputError(f"annotation {annotation.get('id')!r}: segmentation is neither polygons nor RLE")
    points: tuple[float, ...] = ()
    if keypoints and isinstance(annotation.get("keypoints"), list):
        points = tuple(_number(v, "a keypoint value") for v in annotation["keypoints"])
        if len(points) % 3:
            raise InvalidInputError(f"annotation {annotation.get('id')!r}: keypoints are not (x, y, v) triples")
        odd = next((v for v in points[2::3] if v not in _VISIBILITIES), None)
        if odd is not None:  # COCO's v: 0 not labelled, 1 labelled but hidden, 2 visible; another is no keypoint's
            raise InvalidInputError(f"annotation {annotation.get('id')!r}: a keypoint's visibility is {odd:g}, not 0, 1 or 2")
    category = annotation.get("category_id")
    return SourceObject(
        label=name,
        box=(x, y, x + width, y + height),
        area=area,
        is_crowd=1 if annotation.get("iscrowd") in (1, True) else 0,
        source_class=str(category) if category is not None else "",
        polygons=polygons,
        rle=rle,
        keypoints=points,
    )


def voc_objects(root: object) -> tuple[SourceObject, ...]:
    """The objects of a parsed Pascal VOC annotation (an ElementTree element `<annotation>`).
    VOC's pixel coordinates count from 1: a box (1, 1, 10, 10) covers pixels 0-9.

    Raises:
      InvalidInputError: an object without a name, or a box that is not four finite numbers (the
        image is rejected, as for any annotation it cannot read: never stored as 0 or clipped).
    """
    found = []
    for obj in root.findall("object"):
        name = normalise_label((obj.findtext("name") or "").strip())
        if not name:
            raise InvalidInputError("an <object> without a <name>")
        for tag in ("name", "bndbox"):  # which one is meant cannot be told: never the first silently
            if len(obj.findall(tag)) > 1:
                raise InvalidInputError(f"object {name!r} holds {len(obj.findall(tag))} <{tag}> elements, where VOC gives one")
        box = obj.find("bndbox")
        corners = ()
        if box is not None:
            xmin, ymin, xmax, ymax = (
                _text_number(box.findtext(tag), f"object {name!r}: <bndbox> <{tag}>") for tag in ("xmin", "ymin", "xmax", "ymax")
            )
            corners = (xmin - 1, ymin - 1, xmax, ymax)
        elif obj.find("polygon") is not None:
            corners = _polygon_box(obj.find("polygon"), name)
        found.append(
            SourceObject(
                label=name,
                box=corners,
                difficult=1 if (obj.findtext("difficult") or "0").strip() == "1" else 0,
                truncated=1 if (obj.findtext("truncated") or "0").strip() == "1" else 0,
            )
        )
    return tuple(found)


def _polygon_box(polygon: object, name: str) -> tuple[float, float, float, float]:
    """The box around a VOC-like `<polygon>` of `<x1><y1>` .. `<xN><yN>` corners (DroneVehicle's oriented
    boxes, four corners in pixels counted from 0, as its DroneVehicle2DOTA conversion reads them): the
    box, not the orientation, is written. A corner without its pair, or fewer than three, rejects the image."""
    xs, ys, k = [], [], 1
    while polygon.find(f"x{k}") is not None or polygon.find(f"y{k}") is not None:
        xs.append(_text_number(polygon.findtext(f"x{k}"), f"object {name!r}: <polygon> <x{k}>"))
        ys.append(_text_number(polygon.findtext(f"y{k}"), f"object {name!r}: <polygon> <y{k}>"))
        k += 1
    if len(xs) < 3:
        raise InvalidInputError(f"object {name!r}: a <polygon> of {len(xs)} corners (x1, y1 .. x4, y4 expected)")
    return (min(xs), min(ys), max(xs), max(ys))


def yolo_objects(text: str, names: Sequence[str]) -> tuple[SourceObject, ...]:
    """The objects of a YOLO label file (`class cx cy w h` per line, normalised); an empty file is
    an image with no objects. Segmentation polygons (`class x1 y1 x2 y2 ...`) give their bounding box.

    Raises:
      InvalidInputError: a line of another shape, a coordinate that is not a finite number, or a
        class past `names`.
    """
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if not fields:
            continue
        try:
            if not _ascii_number(fields[0]):
                raise ValueError
            index = int(fields[0])
        except ValueError:
            raise InvalidInputError(f"line {number} is not `class cx cy w h`") from None
        values = [_text_number(v, f"line {number}: a coordinate") for v in fields[1:]]
        if index < 0 or index >= len(names):
            raise InvalidInputError(f"line {number}: class {index} is past the {len(names)} names of data.yaml")
        if len(values) == 4:
            cx, cy, w, h = values
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        elif len(values) >= 6 and len(values) % 2 == 0:
            xs, ys = values[0::2], values[1::2]
            box = (min(xs), min(ys), max(xs), max(ys))
        else:
            raise InvalidInputError(f"line {number} is not `class cx cy w h` nor a polygon")
        found.append(SourceObject(label=names[index], box=box, source_class=str(index), normalised=True))
    return tuple(found)


def hf_objects(objects: object) -> tuple[SourceObject, ...]:
    """The objects of a Hugging Face `imagefolder` metadata row's `objects` column:
    `{"bbox": [[x, y, width, height], ...], "categories": [0, ...]}` (or `category`), boxes in
    COCO's pixel form as Hugging Face's object-detection guides require; a box of 8 or more values
    is a polygon (`x1, y1, x2, y2, ...`), given its bounding box. A category is a class name or
    number; a number is also the source's own class id.

    Raises:
      InvalidInputError: `objects` is not of that shape, or any of its per-object lists (`area`,
        `id`, `iscrowd`, ...) is not as long as `bbox`: which value belongs to which box cannot be
        told.
    """
    if not isinstance(objects, dict):
        raise InvalidInputError("objects is not {bbox, categories}")
    boxes = objects.get("bbox", [])
    categories = objects.get("categories", objects.get("category", []))
    if not isinstance(boxes, list) or not isinstance(categories, list) or len(boxes) != len(categories):
        raise InvalidInputError(f"objects has {_count(boxes)} boxes for {_count(categories)} categories")
    for field, values in sorted(objects.items()):  # area, id, iscrowd, ...: one value per object, as in datasets' Sequence
        if not isinstance(values, list) or len(values) != len(boxes):
            raise InvalidInputError(f"objects has {len(boxes)} boxes for {_count(values)} {field!r} values")
    found = []
    for index, (box, category) in enumerate(zip(boxes, categories)):
        if isinstance(category, bool) or not isinstance(category, (int, str)) or not str(category).strip():
            raise InvalidInputError(f"object {index}: category {category!r} is not a name or a number")
        if not isinstance(box, list) or len(box) < 4 or (len(box) > 4 and (len(box) < 6 or len(box) % 2)):
            raise InvalidInputError(f"object {index}: bbox {box!r} is not [x, y, width, height]")
        values = [_number(v, "a bbox value") for v in box]
        if len(values) == 4:
            x, y, width, height = values
            corners = (x, y, x + width, y + height)
        else:
            corners = (min(values[0::2]), min(values[1::2]), max(values[0::2]), max(values[1::2]))
        name = normalise_label(str(category).strip())
        source_class = str(category) if isinstance(category, int) and category >= 0 else ""
        found.append(SourceObject(label=name, box=corners, source_class=source_class))
    return tuple(found)


def text_box_object(
    label: str, numbers: Sequence[str], convention: str, *, where: str, flags: Sequence[str] = (), skipped: str = ""
) -> SourceObject:
    """An object of a text annotation: its class, its four box numbers (a quadrilateral's eight) as written, in one of
    `box_formats`' conventions, and the flags (`is_crowd`, `truncated`, `difficult`) its row sets.
    A skipped row (KITTI's DontCare) is kept only to be named; its numbers are not read.

    Raises:
      InvalidInputError: a box number that is not a finite number, or an ellipse's radius that is
        not positive (`where` names the row).
    """
    name = normalise_label(label.strip())
    if skipped:
        return SourceObject(label=name, skipped=skipped)
    values = [_text_number(v, f"{where}: a box number") for v in numbers]
    if convention == box_formats.QUAD_PIXELS:  # the corners' axis-aligned envelope
        xs, ys = values[0::2], values[1::2]
        values = [min(xs), min(ys), max(xs), max(ys)]
    elif convention == box_formats.ELLIPSE_PIXELS:  # the ellipse's axis-aligned envelope
        major, minor, angle, cx, cy = values
        if major <= 0 or minor <= 0:  # (the envelope squares the radii: a negative one would pass as its opposite)
            raise InvalidInputError(f"{where}: an ellipse's radius is {min(major, minor):g}, not a positive number")
        half_w = math.hypot(major * math.cos(angle), minor * math.sin(angle))
        half_h = math.hypot(major * math.sin(angle), minor * math.cos(angle))
        values = [cx - half_w, cy - half_h, cx + half_w, cy + half_h]
    elif convention == box_formats.ROTATED_PIXELS:  # the rotated rectangle's axis-aligned envelope
        if abs(values[4]) > _MAX_RADIANS:  # (degrees read as radians turn every box a wrong way)
            raise InvalidInputError(f"{where}: an angle of {values[4]:g} is no turn in radians (degrees?)")
        values = _turned_envelope(*values)
    a, b, c, d = values
    if convention == box_formats.XYWH_PIXELS:
        box, normalised = (a, b, a + c, b + d), False
    elif convention == box_formats.XXYY_NORMALISED:
        box, normalised = (a, c, b, d), True
    elif convention == box_formats.XYXY_NORMALISED:
        box, normalised = (a, b, c, d), True
    elif convention == box_formats.XYWH_PERCENT:  # percent of the image's sides (Label Studio's)
        box, normalised = (a / 100, b / 100, (a + c) / 100, (b + d) / 100), True
    elif convention == box_formats.XYXY_PERCENT:
        box, normalised = (a / 100, b / 100, c / 100, d / 100), True
    elif convention in (box_formats.CXCYWH_PIXELS, box_formats.CXCYWH_NORMALISED):  # a centre and a size
        box, normalised = (a - c / 2, b - d / 2, a + c / 2, b + d / 2), convention == box_formats.CXCYWH_NORMALISED
    else:
        box, normalised = (a, b, c, d), False
    return SourceObject(
        label=name,
        box=box,
        normalised=normalised,
        is_crowd=int("is_crowd" in flags),
        truncated=int("truncated" in flags),
        difficult=int("difficult" in flags),
    )


# A rotated rectangle's angle in radians (MSRA-TD500's lie within a half turn either way); past a
# whole turn the writer meant degrees.
_MAX_RADIANS = 2 * math.pi


def _turned_envelope(x: float, y: float, width: float, height: float, angle: float) -> list[float]:
    """The axis-aligned envelope of a rectangle (left `x`, top `y`, `width`, `height`) turned by
    `angle` radians about its centre (MSRA-TD500's `.gt` lines). A rectangle of no width or height
    stays as written: the writer drops it as a box of no area, naming it (an envelope of its
    absolute sizes would have passed a negative width as a real box).

    >>> [round(v, 6) for v in _turned_envelope(10, 20, 40, 10, 0.0)]
    [10.0, 20.0, 50.0, 30.0]
    >>> [round(v, 6) for v in _turned_envelope(10, 20, 40, 10, math.pi / 2)]  # stood on end about (30, 25)
    [25.0, 5.0, 35.0, 45.0]
    """
    if width <= 0 or height <= 0:
        return [x, y, x + width, y + height]
    cx, cy = x + width / 2, y + height / 2
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    half_w, half_h = (width * cos + height * sin) / 2, (width * sin + height * cos) / 2
    return [cx - half_w, cy - half_h, cx + half_w, cy + half_h]


def _count(value: object) -> str:
    return str(len(value)) if isinstance(value, list) else "no list of"
