"""Objects of detection and segmentation datasets: read from their annotations' shapes, checked,
and turned into a record's object features (see `contract.OBJECT_FEATURES`).

  COCO        `bbox` [x, y, width, height] in pixels, `iscrowd`, `area`, `segmentation` as polygons
              ([[x1, y1, x2, y2, ...], ...]) or RLE ({"counts", "size"}; crowds), `keypoints`
              [x, y, v, ...]
  Pascal VOC  `<object><name>`, `<bndbox>` xmin/ymin/xmax/ymax in 1-based pixels, `<difficult>`,
              `<truncated>`
  YOLO        `class cx cy w h` per line, normalised to [0, 1]
  Hugging Face  an `imagefolder`'s metadata.jsonl `objects`: `bbox` [x, y, width, height] in pixels,
              `categories`
  boxes as text KITTI, WIDER FACE, Open Images: four numbers in a row's fields, in the convention
              its row of `shardify.plan.box_formats` names (`text_box_object`)

An object travels as a `SourceObject`: what its annotation says, in its own units. The writer
normalises it by the stored image's size (`object_values`), clips a box that leaves the image,
and drops an object it cannot store (a box of no area, an unknown class), saying so in the
image's repair line: nothing is dropped silently. Masks are rasterised here: COCO's RLE decoded
exactly (column-major run lengths, the compressed string form included, checked to fill the image
before a pixel is set), polygons by pycocotools, as COCO's own tools rasterise them.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shardify.converters.resize import resize_mask_array
from shardify.errors import InvalidInputError
from shardify.format import contract
from shardify.plan import box_formats
from shardify.plan.entries import SourceObject
from shardify.plan.label_names import normalise_label

__all__ = [
    "coco_object",
    "voc_objects",
    "yolo_objects",
    "hf_objects",
    "text_box_object",
    "rle_mask",
    "polygon_mask",
    "ObjectValues",
    "object_values",
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
        found.append(
            SourceObject(
                label=name,
                box=corners,
                difficult=1 if (obj.findtext("difficult") or "0").strip() == "1" else 0,
                truncated=1 if (obj.findtext("truncated") or "0").strip() == "1" else 0,
            )
        )
    return tuple(found)


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
      InvalidInputError: a box number that is not a finite number (`where` names the row).
    """
    name = normalise_label(label.strip())
    if skipped:
        return SourceObject(label=name, skipped=skipped)
    values = [_text_number(v, f"{where}: a box number") for v in numbers]
    if convention == box_formats.QUAD_PIXELS:  # the corners' axis-aligned envelope
        xs, ys = values[0::2], values[1::2]
        values = [min(xs), min(ys), max(xs), max(ys)]
    a, b, c, d = values
    if convention == box_formats.XYWH_PIXELS:
        box, normalised = (a, b, a + c, b + d), False
    elif convention == box_formats.XXYY_NORMALISED:
        box, normalised = (a, c, b, d), True
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


def _count(value: object) -> str:
    return str(len(value)) if isinstance(value, list) else "no list of"


def _rle_counts(counts: object) -> list[int]:
    """COCO RLE counts: a list of run lengths, or the compressed string (6 bits a character, a
    continuation bit, and each run after the second stored as a difference from the one two before)."""
    if isinstance(counts, list):
        return [int(c) for c in counts]
    if not isinstance(counts, str):
        raise InvalidInputError("RLE counts are neither a list nor a string")
    runs: list[int] = []
    position = 0
    while position < len(counts):
        value, shift, more = 0, 0, True
        while more:
            if position >= len(counts):
                raise InvalidInputError("RLE counts end inside a number")
            char = ord(counts[position]) - 48
            position += 1
            value |= (char & 0x1F) << (5 * shift)
            more = bool(char & 0x20)
            shift += 1
            if not more and char & 0x10:
                value |= -1 << (5 * shift)
        if len(runs) > 2:
            value += runs[-2]
        runs.append(value)
    return runs


def rle_mask(rle_json: str, height: int, width: int) -> "object":
    """The 0/1 uint8 mask [height, width] of a COCO RLE.

    Raises:
      InvalidInputError: its size is not the image's, or its runs do not fill it.
    """
    import numpy as np

    rle = json.loads(rle_json)
    size = rle.get("size")
    if list(size or ()) != [height, width]:
        raise InvalidInputError(f"mask of size {size} for an image of {height}x{width}")
    runs = _rle_counts(rle["counts"])
    if any(r < 0 for r in runs) or sum(runs) != height * width:
        raise InvalidInputError(f"RLE runs add up to {sum(runs)}, not the {height * width} pixels of the image")
    flat = np.zeros(height * width, np.uint8)
    position, value = 0, 0
    for run in runs:
        if value:
            flat[position : position + run] = 1
        position += run
        value ^= 1
    return flat.reshape(width, height).T  # column-major, as COCO counts


def polygon_mask(polygons: Sequence[Sequence[float]], height: int, width: int) -> "object":
    """The 0/1 uint8 mask [height, width] of COCO polygons, rasterised by pycocotools, the COCO
    API itself: the masks COCO's evaluation and the Object Detection API's COCO converter make,
    pixel for pixel (Pillow's fill, edge-inclusive, gives small objects a quarter more pixels).

    Raises:
      InvalidInputError: a point lies further outside the image than the image's own size (the
        rasteriser walks every edge, so a hostile 1e9 would cost memory without end).
    """
    from pycocotools import mask as coco_mask

    reach = max(height, width)
    if any(not -reach <= v <= 2 * reach for polygon in polygons for v in polygon):
        raise InvalidInputError("its polygon reaches far outside the image")
    rles = coco_mask.frPyObjects([list(polygon) for polygon in polygons], height, width)
    return coco_mask.decode(coco_mask.merge(rles))


def _png(mask: "object") -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(mask).save(buffer, "PNG", optimize=False)
    return buffer.getvalue()


@dataclass(frozen=True)
class ObjectValues:
    """A record's object features, and what was done to store them.

    Attributes:
      values: feature key -> values (see contract.ObjectSchema).
      repairs: one phrase per object stored other than as found, or dropped.
      labels: the class name of each object stored.
    """

    values: dict[str, list]
    repairs: tuple[str, ...]
    labels: tuple[str, ...]


def object_values(
    objects: Sequence[SourceObject],
    *,
    height: int,
    width: int,
    schema: contract.ObjectSchema,
    class_ids: Mapping[str, int],
    num_keypoints: int = 0,
    drop_outside: bool = False,
    mask_size: tuple[int, int] | None = None,
) -> ObjectValues:
    """The object features of an image annotated at `height` x `width` pixels.

    Args:
      class_ids: class name -> the number its objects' class/label holds (the convention's).
      num_keypoints: keypoints every object holds (schema.keypoints): an object the annotation
        gives none (a crowd region) holds that many unlabelled ones (0, 0, visibility 0), so that
        the flat keypoint lists split evenly by object.
      drop_outside: drop a box that leaves the image instead of clipping it to the image.
      mask_size: (height, width) of the image as stored, where `--resize` shrank it: boxes and
        keypoints are normalised (unchanged by scaling), masks are made at `height` x `width`
        and scaled to it by nearest neighbour, and areas are in its pixels.
    """
    stored_height, stored_width = mask_size or (height, width)
    area_scale = (stored_height * stored_width) / (height * width)
    keys = [f.key for f in schema.features]
    values: dict[str, list] = {key: [] for key in keys}
    repairs, labels = [], []
    for index, obj in enumerate(objects):
        where = f"object {index} ({obj.label})"
        if obj.skipped:
            repairs.append(f"{where} dropped: {obj.skipped}")
            continue
        if obj.label not in class_ids:
            repairs.append(f"{where} dropped: its class is not among the dataset's")
            continue
        if not obj.box:
            repairs.append(f"{where} dropped: no box")
            continue
        _check_frame(obj, width, height)
        xmin, ymin, xmax, ymax = obj.box
        scale_x, scale_y = (1.0, 1.0) if obj.normalised else (float(width), float(height))
        box = (xmin / scale_x, ymin / scale_y, xmax / scale_x, ymax / scale_y)
        if box[2] <= box[0] or box[3] <= box[1]:
            repairs.append(f"{where} dropped: its box has no area ({xmin:g}, {ymin:g}, {xmax:g}, {ymax:g})")
            continue
        clipped = tuple(min(1.0, max(0.0, v)) for v in box)
        if clipped != box:
            if drop_outside or clipped[2] <= clipped[0] or clipped[3] <= clipped[1]:
                repairs.append(f"{where} dropped: its box leaves the image")
                continue
            repairs.append(f"{where}: box clipped to the image")
        mask = None
        if schema.masks:
            try:
                mask = _object_mask(obj, height, width)
            except InvalidInputError as error:
                repairs.append(f"{where} dropped: {error.reason}")
                continue
        labels.append(obj.label)
        for key, value in zip((contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX), clipped):
            values[key].append(value)
        values[contract.OBJECT_LABEL].append(class_ids[obj.label])
        values[contract.OBJECT_TEXT].append(obj.label.encode("utf-8"))
        area = obj.area if obj.area >= 0 else (clipped[2] - clipped[0]) * width * (clipped[3] - clipped[1]) * height
        values[contract.OBJECT_AREA].append(area * area_scale if mask_size else area)
        values[contract.OBJECT_IS_CROWD].append(obj.is_crowd)
        values[contract.OBJECT_DIFFICULT].append(obj.difficult)
        values[contract.OBJECT_TRUNCATED].append(obj.truncated)
        if schema.masks:
            if mask_size:
                mask = resize_mask_array(mask, (stored_width, stored_height))
            values[contract.OBJECT_MASK].append(_png(mask))
        if schema.keypoints:
            points = obj.keypoints or (0.0,) * (3 * num_keypoints)
            values[contract.KEYPOINT_X].extend(points[i] / width for i in range(0, len(points), 3))
            values[contract.KEYPOINT_Y].extend(points[i + 1] / height for i in range(0, len(points), 3))
            values[contract.KEYPOINT_VISIBILITY].extend(int(points[i + 2]) for i in range(0, len(points), 3))
    return ObjectValues(values, tuple(repairs), tuple(labels))


def _check_frame(obj: SourceObject, width: int, height: int) -> None:
    """Boxes in pixels of another image size than the file's would be normalised wrong, in the
    image or not (a file resized after it was annotated): the image is rejected. A frame of the
    file's size turned (an EXIF rotation) is the file's.

    Raises:
      InvalidInputError: the annotation's (width, height) is neither the file's nor turned.
    """
    if obj.frame and not obj.normalised and tuple(obj.frame) not in ((width, height), (height, width)):
        raise InvalidInputError(
            f"its annotation gives it {obj.frame[0]:g} x {obj.frame[1]:g} pixels, but the file holds {width} x {height}: "
            "its boxes are in pixels of another image"
        )


def _object_mask(obj: SourceObject, height: int, width: int) -> "object":
    """The object's mask: its RLE, its polygons, or its box filled when it has neither."""
    import numpy as np

    if obj.rle:
        return rle_mask(obj.rle, height, width)
    if obj.polygons:
        return polygon_mask(obj.polygons, height, width)
    mask = np.zeros((height, width), np.uint8)
    xmin, ymin, xmax, ymax = obj.box
    if obj.normalised:
        xmin, xmax, ymin, ymax = xmin * width, xmax * width, ymin * height, ymax * height
    mask[max(0, int(ymin)) : max(0, int(round(ymax))), max(0, int(xmin)) : max(0, int(round(xmax)))] = 1
    return mask
