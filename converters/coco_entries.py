"""What a COCO-style file's entries may hold: its top-level lists, image ids, categories, sizes.

Reading a COCO file's rows (`label_files`, an image a row) is one subject; judging each entry it
meets is another, and the same for every reader of COCO's categories (`class_lists` too): an
image id must be a whole number from 0 to 2^63 - 1 (written as image/source_id, which Model
Garden reads as an int64) and given to one image only; a category needs one usable name and one
id, else the images naming it are rejected with the reason (never written with a guessed label);
a top-level list held as another type refuses the file. Plain functions of parsed JSON, no I/O.
"""

from __future__ import annotations

import dataclasses
import json

from shardify.converters.label_cells import split_labels
from shardify.errors import InvalidInputError
from shardify.plan.entries import SourceObject

__all__ = ["all_string_ids", "check_top_level", "coco_categories", "framed", "hashable", "image_id_of", "image_key_of",
           "image_level", "shared_ids"]


def framed(objects: list[SourceObject], image: dict) -> tuple[SourceObject, ...]:
    """The image's objects, each with the pixel size its `images` entry gives (when it gives a
    positive finite width and height: other values were never read, and the file's size is used)."""
    size = (image.get("width"), image.get("height"))
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v < 1e9 for v in size):
        return tuple(objects)
    return tuple(dataclasses.replace(obj, frame=(float(size[0]), float(size[1]))) for obj in objects)


# COCO's top-level lists. A field of another type (`"annotations": "x"`) would read as "none":
# every image written without its objects, or rejected as unlabelled, for a fault of the file.
_TOP_LEVEL_LISTS = ("images", "annotations", "categories")
# image/source_id is an int64 to Model Garden (its parsers read it with tf.strings.to_number).
_MAX_IMAGE_ID = (1 << 63) - 1


def check_top_level(document: dict) -> None:
    """Raises InvalidInputError naming the first of COCO's lists that the file holds as another type."""
    for field in _TOP_LEVEL_LISTS:
        if field in document and not isinstance(document[field], list):
            raise InvalidInputError(
                f'not a COCO-style annotation file: "{field}" is {_json_type(document[field])}, not a list'
            )


def _json_type(value: object) -> str:
    return {dict: "an object", str: "a string", bool: "true or false", type(None): "null"}.get(type(value), "a number")


def image_id_of(value: object) -> tuple[int, str]:
    """(COCO's image id, "") for a whole number from 0 to 2^63 - 1 (written as `image/source_id`,
    which Model Garden reads as an int64), else (0, why not). No other id is made up in its place:
    the record's number would collide with another image's COCO id."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_IMAGE_ID:
        return 0, (
            f"image id {value!r} is not a whole number from 0 to 2^63 - 1 (COCO's ids are; Model Garden reads them as int64)"
        )
    return value, ""


# What makes an annotation an object (or a caption) rather than a whole image's category.
_OBJECT_FIELDS = ("bbox", "segmentation", "keypoints", "caption", "area")  # (as detection judges a head: coco_like)


def image_level(annotations: object) -> bool:
    """Every annotation gives an image a category and none a box, mask, keypoints or caption: COCO
    Camera Traps' `{"image_id", "category_id", "count"}` (iWildCam, Caltech Camera Traps, Snapshot
    Serengeti on LILA), whole images' classes. Such a file's image ids may be strings (`"8b31d3f2-..."`,
    `"S1/B04/B04_R1/S1_B04_R1_PICT0001"`): no object is written, so none becomes image/source_id. One
    annotation with a box makes the file COCO's objects, read as before (string ids rejected).

    >>> image_level([{"image_id": "a1", "category_id": 2, "count": 1}, {"image_id": "b2", "category_id": 0}])
    True
    >>> image_level([{"image_id": "a1", "category_id": 2}, {"image_id": "b2", "category_id": 1, "bbox": [1, 2, 3, 4]}])
    False
    >>> image_level([])
    False
    """
    return (isinstance(annotations, list) and bool(annotations)
            and all(isinstance(a, dict) and "category_id" in a and not any(f in a for f in _OBJECT_FIELDS) for a in annotations))


def all_string_ids(images: object) -> bool:
    """Every image's id is a non-empty string (COCO Camera Traps' `"S1/B04/B04_R1/S1_B04_R1_PICT0001"`, a uuid):
    the ids join images to annotations, boxes included, and none is written as image/source_id (Model Garden
    reads an int64): the record's number is, which no COCO id of the file can then collide with. A file of
    string and numeric ids together keeps the numbers' rule, and its string ids are rejected as before.

    >>> all_string_ids([{"id": "S1/B04/PICT0001"}, {"id": "8b31d3f2"}]), all_string_ids([{"id": "a"}, {"id": 7}])
    (True, False)
    >>> all_string_ids([]), all_string_ids([{"id": " "}])
    (False, False)
    """
    return (isinstance(images, list) and bool(images)
            and all(isinstance(i, dict) and isinstance(i.get("id"), str) and bool(i["id"].strip()) for i in images))


def image_key_of(value: object, whole_images: bool) -> tuple[object, str]:
    """(the key joining an image to its annotations, "") or (None, why not): COCO's whole-number id
    (`image_id_of`); in an image-level file (`whole_images`) a non-empty string too, kept apart from
    a number (`"7"` is not image 7).

    >>> image_key_of("S1/B04/PICT0001", True)[0], image_key_of(7, True), image_key_of("", True)[1] != ""
    (('s', 'S1/B04/PICT0001'), (7, ''), True)
    >>> image_key_of("S1/B04/PICT0001", False)[1] != ""
    True
    """
    if whole_images and isinstance(value, str) and value.strip():
        return ("s", value), ""
    if whole_images and isinstance(value, str):
        return None, "image id is an empty string"
    number, problem = image_id_of(value)
    return (None, problem) if problem else (number, "")


def shared_ids(images: list, whole_images: bool = False) -> dict[object, int]:
    """{image id: how many images give it} for the (valid) ids more than one image gives: an
    invalid id (`true`, which Python takes for 1) is rejected on its own and shares nothing."""
    counts: dict[object, int] = {}
    for image in images:
        image_id, problem = image_key_of(image.get("id") if isinstance(image, dict) else None, whole_images)
        if not problem:
            counts[image_id] = counts.get(image_id, 0) + 1
    return {key: count for key, count in counts.items() if count > 1}


def coco_categories(entries: list) -> tuple[dict[object, str], dict[object, str]]:
    """({category id: normalised name}, {category id: why it cannot be used}). A bad category (no
    usable name, a name another category has, an id given twice) spoils only the images whose
    annotations name it: they are rejected with the reason, the others are read. An entry without
    an "id" cannot be named by any annotation, and labels nothing."""
    named: dict[object, list[str]] = {}  # id -> the names given to it
    bad: dict[object, str] = {}
    for entry in entries:
        if not isinstance(entry, dict) or "id" not in entry:
            continue
        key = hashable(entry["id"])
        if not isinstance(entry.get("name"), str):
            bad[key] = f"category {entry['id']!r} has no name"
            continue
        try:
            (name,) = split_labels(entry["name"], "") or ("",)
        except InvalidInputError as error:
            bad[key] = f"category {entry['id']!r} ({entry['name']!r}): {error.reason}"
            continue
        if not name:
            bad[key] = f"category {entry['id']!r} has an empty name"
            continue
        named.setdefault(key, []).append(name)
    by_name: dict[str, list[object]] = {}
    for key, names in named.items():
        if len(set(names)) > 1:  # an entry repeated as it is names the same category
            bad[key] = f"category id {key!r} is given to {len(names)} categories ({', '.join(map(repr, names[:3]))})"
        elif key not in bad:
            by_name.setdefault(names[0], []).append(key)
    for name, keys in by_name.items():
        if len(keys) > 1:
            for key in keys:
                shown = ", ".join(map(repr, keys[:3]))
                bad[key] = f"category name {name!r} is given to ids {shown}: which is meant cannot be told"
    categories = {key: names[0] for key, names in named.items() if key not in bad}
    return categories, bad


def hashable(value: object) -> object:
    """A category id as a dict key: lists and objects as their JSON, and `true` kept apart from 1
    (Python's True == 1 would join them)."""
    return json.dumps(value, sort_keys=True) if isinstance(value, (list, dict, bool)) else value
