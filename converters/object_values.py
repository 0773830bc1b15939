"""A record's object features, from the `SourceObject`s an image's annotation gave (see `objects.py`).

The writer normalises each object by the stored image's size (`object_values`), clips a box that
leaves the image, and drops an object it cannot store (a box of no area, an unknown class), saying
so in the image's repair line: nothing is dropped silently. Masks are rasterised here: COCO's RLE
decoded exactly (column-major run lengths, the compressed string form included, checked to fill
the image before a pixel is set), polygons by pycocotools, as COCO's own tools rasterise them.
Apart from reading annotations: this runs per record in the writer, with the stored image's size,
and needs numpy, Pillow and pycocotools, which reading annotations does not.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shardify.converters.resize import resize_mask_array
from shardify.errors import InvalidInputError
from shardify.format import contract
from shardify.plan.entries import SourceObject

__all__ = [
    "rle_mask",
    "polygon_mask",
    "ObjectValues",
    "object_values",
]


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
        if schema.keypoints:
            _check_keypoints(obj, width, height)
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


def _check_keypoints(obj: SourceObject, width: int, height: int) -> None:
    """A labelled keypoint (visibility 1 or 2) outside the image would be stored at a normalised x or
    y beyond [0, 1], a point no image holds: the image is rejected, naming it (an unlabelled one,
    v 0, is COCO's (0, 0, 0) and any place it has is kept as written).

    Raises:
      InvalidInputError: a labelled keypoint lies outside the `width` x `height` image.
    """
    points = obj.keypoints
    for i in range(0, len(points) - 2, 3):
        x, y, v = points[i : i + 3]
        if v and not (0.0 <= x <= width and 0.0 <= y <= height):
            raise InvalidInputError(f"keypoint {i // 3 + 1} of a {obj.label!r} at ({x:g}, {y:g}) lies outside the "
                                    f"{width} x {height} image")


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
