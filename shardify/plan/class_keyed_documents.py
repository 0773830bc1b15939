"""JSON documents of boxes KEYED BY CLASS: a list of images, each holding `{<class>: [{"geometry": [points]}]}`.

Labelbox's legacy JSON export (the "XY" format of 2018-2019) writes a list of entries, one an image,
each naming the image (`"External ID"`, or the URL of `"Labeled Data"`, whose last part is its file
name) and holding its objects under `"Label"` as a map from each class to that class's objects, an
object a polygon of corner points: `{"Label": {"robot": [{"geometry": [{"x": 713, "y": 336}, ...]}],
"person": [...], "model": "person-robot"}}` (kobbled/RoboND-Robotic-Inference-Project
labelbox/data/labelbox-xy-1.json; its labelbox2coco and labelbox2pascal scripts read it so). An
image the annotator skipped has `"Label": "Skip"`: an image of no object. Datasets shipped in that
shape rename its fields: the Oil Storage Tanks' `labels.json` (Kaggle towardsentropy/oil-storage-tanks)
is `[{"id", "file_name", "label": {"Tank": [{"geometry": [...]}], "Floating Head Tank": [...]}}]`, a
"Skip" patch with none (its readers: "If it says 'Skip' ... it's a 0").

No other reader took them: beside a COCO file of the same images (the tanks' labels_coco.json, one
class of the three) the run stopped naming both and no option reading this one. Here each entry is
reshaped (`entries`) into `{image, objects: [{label, x1, y1, x2, y2}]}`, each object's box the
smallest holding its points (in pixels; a point outside the image, the tanks' `-1`, is clipped as
any box is), and read as a JSON_DOCUMENT row of `box_formats.FORMATS`. A value of the map that is no
list of objects (Labelbox's classification answers, `"model": "person-robot"`) tells no object and
is left out.

What cannot be read as the shape says stops the document, naming what was seen
(`ClassKeyedDocumentError`): an object without at least two points of two numbers each, an entry
naming no image, a label that is neither a map nor a word.
"""

from __future__ import annotations

import json
import math
import posixpath
import re
from urllib.parse import unquote, urlparse

from shardify.errors import InvalidInputError
from shardify.plan.box_format import JSON_DOCUMENT, XYXY_PIXELS, BoxFormat
from shardify.plan.keyed_box_documents import KEYED

__all__ = ["FORMATS", "ClassKeyedDocumentError", "entries", "keys", "recognises"]

# The reshaped entries' fields (as keyed_box_documents' are).
_KEY, _BOXES, _LABEL = "image", "objects", "label"
# An entry's fields naming its image, in the order tried: a file name, then the export's URL. Data.
_NAME_FIELDS = ("file_name", "filename", "External ID", "external_id", "image")
_URL_FIELDS = ("Labeled Data", "labeled_data", "url")
# An entry's field holding the class-keyed map (or the word of a skipped image). Data.
_LABEL_FIELDS = ("Label", "label", "labels")

FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="Class-keyed geometries (Labelbox XY export)",
        pairing=JSON_DOCUMENT,
        files=r"\.json",
        entries_field=KEYED,  # (the document is reshaped into entries first, as keyed_box_documents' are)
        key_field=_KEY,
        boxes_field=_BOXES,
        class_field=_LABEL,
        box_fields=("x1", "y1", "x2", "y2"),  # each object's smallest box holding its points
        convention=XYXY_PIXELS,
        by_header=True,
        source="Labelbox legacy XY export (kobbled/RoboND-Robotic-Inference-Project labelbox/data/labelbox-xy-1.json: "
        "[{ID, 'Labeled Data': URL, Label: {<class>: [{geometry: [{x, y}, ...]}]}, 'External ID'}]); the Oil Storage "
        "Tanks' labels.json ([{id, file_name, label: {<class>: [{geometry}]} or 'Skip'}])",
    ),
)


class ClassKeyedDocumentError(InvalidInputError):
    """A document recognised as keyed by class that is not of its shape: what it saw, where."""


_GEOMETRY = r'"geometry"\s*:\s*\[\s*\{\s*"[xy]"\s*:'
_LABEL_MAP = r'"(?:{})"\s*:\s*(?:\{{\s*"[^"]+"\s*:\s*\[|"[^"]*")'.format("|".join(re.escape(f) for f in _LABEL_FIELDS))
_NAMED = r'"(?:{})"\s*:\s*"([^"]+)"'


def recognises(head: str) -> bool:
    """Whether a document's start is a list of entries of class-keyed geometries.

    >>> recognises('[{"id": 0, "file_name": "01_0_3.jpg", "label": {"Tank": [{"geometry": [{"x": 4, "y": 5}]}]}}]')
    True
    >>> recognises('[{"ID": "c1", "Labeled Data": "https://s/a.png", "Label": {"robot": [{"geometry": [{"x": 7, "y": 3}')
    True
    >>> recognises('[{"file_name": "a.jpg", "label": "cat"}]')  # no geometry: a label list, no boxes
    False
    >>> recognises('{"images": [], "annotations": [{"segmentation": [[1, 2]], "geometry": [{"x": 1}]}]}')  # no list
    False
    """
    head = head.lstrip()
    names = "|".join(re.escape(f) for f in (*_NAME_FIELDS, *_URL_FIELDS))
    return bool(
        head.startswith("[")
        and re.search(_GEOMETRY, head)
        and re.search(_LABEL_MAP, head)
        and re.search(_NAMED.format(names), head)
    )


def keys(head: str) -> list[str]:
    """The image names a document's start shows (a URL by its last part).

    >>> keys('[{"ID": "c1", "Labeled Data": "https://s/cell1/Headstock%20robot00001.png", "External ID": null}]')
    ['Headstock robot00001.png']
    >>> keys('[{"id": 0, "file_name": "01_0_3.jpg", "label": "Skip"}, {"id": 1, "file_name": "01_0_4.jpg"}]')
    ['01_0_3.jpg', '01_0_4.jpg']
    """
    named = re.findall(_NAMED.format("|".join(re.escape(f) for f in _NAME_FIELDS)), head)
    if named:
        return named
    return [_url_name(u) for u in re.findall(_NAMED.format("|".join(re.escape(f) for f in _URL_FIELDS)), head)]


def _url_name(url: str) -> str:
    return unquote(posixpath.basename(urlparse(url).path)) if "://" in url else url


def entries(document: object) -> list[dict]:
    """`document` reshaped into entries `{image, objects: [{label, x1, y1, x2, y2}]}` in its order.

    Raises:
      ClassKeyedDocumentError: the document is not of the shape (what it saw named).

    >>> entries([{"file_name": "a.jpg", "label": {"Tank": [{"geometry": [{"x": 3, "y": 9}, {"x": -1, "y": 2}]}]}},
    ...          {"file_name": "b.jpg", "label": "Skip"}])
    [{'image': 'a.jpg', 'objects': [{'label': 'Tank', 'x1': -1, 'y1': 2, 'x2': 3, 'y2': 9}]}, {'image': 'b.jpg', 'objects': []}]
    """
    if not isinstance(document, list):
        raise ClassKeyedDocumentError("not a JSON list of images")
    return [_entry(number, entry) for number, entry in enumerate(document, start=1)]


def _image_of(entry: dict) -> str | None:
    for field in _NAME_FIELDS:
        if isinstance(entry.get(field), str) and entry[field].strip():
            return entry[field].strip()
    for field in _URL_FIELDS:
        if isinstance(entry.get(field), str) and entry[field].strip():
            return _url_name(entry[field].strip())
    return None


def _entry(number: int, entry: object) -> dict:
    if not isinstance(entry, dict):
        raise ClassKeyedDocumentError(f"entry {number} is no object ({json.dumps(entry)[:60]})")
    image = _image_of(entry)
    if image is None:  # (the reader rejects an entry naming no image, with its number)
        return {_KEY: None, _BOXES: []}
    label = next((entry[f] for f in _LABEL_FIELDS if f in entry), None)
    if label is None or isinstance(label, str):  # "Skip" (or no label at all): an image of no object
        return {_KEY: image, _BOXES: []}
    if not isinstance(label, dict):
        raise ClassKeyedDocumentError(f"{image[:120]}: its label {json.dumps(label)[:80]} is neither a map of classes nor a word")
    objects = []
    for name, held in label.items():
        if not isinstance(held, list):  # (a classification answer, `"model": "person-robot"`: no object)
            continue
        for item in held:
            points = item.get("geometry") if isinstance(item, dict) else None
            objects.append({_LABEL: name, **_box(points, image, name)})
    return {_KEY: image, _BOXES: objects}


def _box(points: object, image: str, name: str) -> dict:
    """The smallest box holding an object's points."""
    ok = (
        isinstance(points, list)
        and len(points) >= 2
        and all(
            isinstance(p, dict)
            and all(
                isinstance(p.get(a), (int, float)) and not isinstance(p.get(a), bool) and math.isfinite(p[a]) for a in ("x", "y")
            )
            for p in points
        )
    )
    if not ok:
        raise ClassKeyedDocumentError(
            f"{image[:120]}: an object of {name[:60]!r} whose geometry {json.dumps(points)[:80]} "
            "is not two or more points of finite x and y"
        )
    xs, ys = [p["x"] for p in points], [p["y"] for p in points]
    return {"x1": min(xs), "y1": min(ys), "x2": max(xs), "y2": max(ys)}
