"""JSON documents of boxes that are OBJECTS KEYED BY IMAGE: `{"<image>": {<its boxes and classes>}}`.

Two documented shapes of the kind, read as JSON_DOCUMENT rows of `box_formats.FORMATS` once each
document is reshaped (`entries`) into the list of `{key, boxes: [{label, box fields}]}` entries
`converters/box_documents.document_rows` reads:

  HaGRID     ann_train_val/<gesture>.json beside train_val_<gesture>/<uuid>.jpg (github.com/hukenovs/hagrid):
             `{"<uuid>": {"bboxes": [[x, y, w, h], ...], "labels": ["call", "no_gesture"], ...}}`, each box
             top-left x, y, width, height as fractions of the image's sides, `labels` the parallel list
             of its classes. The key is the image's stem.
  VIA 2      the VGG Image Annotator's project export (robots.ox.ac.uk/~vgg/software/via, via-2.x:
             `_via_img_metadata`, or the annotations-only export that is that object alone):
             `{"<filename><size>": {"filename": "a.jpg", "size": N, "regions": [{"shape_attributes":
             {"name": "rect", "x", "y", "width", "height"}, "region_attributes": {"<attr>": "<class>"}}]}}`,
             pixels, x, y the top-left corner. The class is the one region attribute every region
             holds as text; none or several such attributes tell no class: the document stops. A
             checkbox attribute is written as the object of its checked options (via-2.x `via.js`:
             "checkbox has multiple values and hence is object", `{"<attr>": {"<option>": true}}`,
             "false option values are not stored"): one option checked holds that option as text
             (CottonWeedDet12's per-image `annotation_VGG_json/`, `{"CottonWeed": {"Ragweed": true}}`);
             none or several checked hold no one class. A region alone may be written as the region
             object itself, not a list of one (`"regions": {"shape_attributes": ..., ...}`).
  VoTT       Microsoft's Visual Object Tagging Tool (github.com/microsoft/VoTT v2): a document per image,
             `<asset id>-asset.json` (the ArTaxOr dataset's `<Order>/annotations/`), or the project's
             `<name>-export.json` holding them all under `assets` (datumaro's vott_json reader:
             `{"assets": {"<id>": {"asset": {"name": "a.jpg", "path": ...}, "regions": [{"tags": ["cat"],
             "boundingBox": {"height", "width", "left", "top"}}]}}}`), pixels. The key is the asset's
             `name`, the image's file name. A region of several tags is a box per tag, as datumaro reads
             it; a region of none, or without its four numbers, stops the document.

What cannot be read as the shape says stops, naming the file and what it saw (`KeyedDocumentError`):
parallel lists of unequal length, a box of other than four numbers, a VIA region that is no
rectangle, numbers above 1 where fractions are documented (pixels: clipped, every box were wrong),
a VIA document whose class attribute cannot be told. Recognising reads the document's
start only (`recognises`); the whole is read when converted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from shardify.errors import InvalidInputError
from shardify.plan.box_format import JSON_DOCUMENT, XYWH_PIXELS, XYXY_NORMALISED, BoxFormat

__all__ = ["FORMATS", "KEYED", "KeyedDocumentError", "entries", "keys", "recognises"]

# `entries_field` of a document that is itself the object keyed by image (or holds it at `_via_img_metadata`).
KEYED = "(keyed by image)"
# The field the reshaped entries name their image by, and hold their boxes in.
_KEY, _BOXES, _LABEL = "image", "objects", "label"
_VIA_WRAPPER = "_via_img_metadata"
# A fraction of an image's side, written rounded: above this, a number is no fraction.
_FRACTION_SLACK = 1.001

FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="HaGRID keyed boxes",
        pairing=JSON_DOCUMENT,
        files=r"\.json",
        entries_field=KEYED,
        key_field=_KEY,
        boxes_field=_BOXES,
        class_field=_LABEL,
        box_fields=("x1", "y1", "x2", "y2"),  # reshaped from the documented top-left x, y, w, h
        convention=XYXY_NORMALISED,
        by_header=True,
        source="github.com/hukenovs/hagrid (ann_train_val/<gesture>.json: {uuid: {bboxes: [[x, y, w, h] normalised, "
        "top-left], labels: [...], leading_hand, user_id}})",
    ),
    BoxFormat(
        name="VIA 2 rectangles",
        pairing=JSON_DOCUMENT,
        files=r"\.json",
        entries_field=KEYED,
        key_field=_KEY,
        boxes_field=_BOXES,
        class_field=_LABEL,
        box_fields=("x", "y", "width", "height"),
        convention=XYWH_PIXELS,
        by_header=True,
        source="robots.ox.ac.uk/~vgg/software/via (VIA 2 project JSON: _via_img_metadata {<filename><size>: {filename, "
        "size, regions: [{shape_attributes {name: rect, x, y, width, height}, region_attributes {<attr>: <class>}}]}})",
    ),
    BoxFormat(
        name="VoTT asset regions",
        pairing=JSON_DOCUMENT,
        files=r"-(asset|export)\.json",  # <asset id>-asset.json, one per image; <project>-export.json, all of them
        entries_field=KEYED,
        key_field=_KEY,
        boxes_field=_BOXES,
        class_field=_LABEL,
        box_fields=("x", "y", "width", "height"),
        convention=XYWH_PIXELS,
        by_header=True,
        source="github.com/microsoft/VoTT v2 (asset {format, id, name, path, size}, regions [{id, type, tags, boundingBox "
        "{height, width, left, top}, points}]); datumaro plugins/vott_json_format.py (*-export.json: assets {id: {asset, "
        "regions}}, a box per tag)",
    ),
)


class KeyedDocumentError(InvalidInputError):
    """A document recognised as keyed by image that is not of its shape: what it saw, where."""


_OPEN_KEY = r'\{\s*"[^"]+"\s*:\s*\{'
# A VoTT asset object's file name (its fields `format`, `id`, `name`, `path` before its `size` object).
_VOTT_ASSET = r'"asset"\s*:\s*\{[^{}]*?"name"\s*:\s*"([^"]+)"'


def recognises(fmt: BoxFormat, head: str) -> bool:
    """Whether a document's start is of `fmt`'s keyed shape (an object keyed by image, its first
    value holding the shape's fields).

    >>> hagrid, via, vott = FORMATS
    >>> recognises(hagrid, '{"a1": {"bboxes": [[0.1, 0.2, 0.3, 0.4]], "labels": ["call"], "user_id": "x"}}')
    True
    >>> recognises(hagrid, '{"a1": {"boxes": [[0.1, 0.2, 0.3, 0.4]], "labels": ["call"]}}')  # no documented field
    False
    >>> recognises(via, '{"a.jpg120": {"filename": "a.jpg", "size": 120, "regions": [{"shape_attributes": {}}]}}')
    True
    >>> recognises(via, '{"_via_settings": {}, "_via_img_metadata": {"a.jpg120": {"filename": "a.jpg", "regions": []}}}')
    True
    >>> recognises(vott, '{"asset": {"format": "jpg", "id": "9e37", "name": "a.jpg", "path": "file:F:/a.jpg"}, "regions": [')
    True
    >>> recognises(vott, '{"asset": {"name": "a.jpg"}, "captions": []}')  # no regions
    False
    """
    head = head.lstrip()
    if fmt is FORMATS[0]:
        return bool(re.match(_OPEN_KEY, head) and re.search(r'"bboxes"\s*:\s*\[\s*[\[\]]', head)
                    and re.search(r'"labels"\s*:\s*\[', head))
    if fmt is FORMATS[1]:
        opened = re.match(_OPEN_KEY, head) or re.search(rf'"{_VIA_WRAPPER}"\s*:\s*\{{', head)
        return bool(opened and re.search(r'"filename"\s*:\s*"[^"]+"', head) and re.search(r'"regions"\s*:\s*[\[{]', head))
    if fmt is FORMATS[2]:
        return bool(re.search(_VOTT_ASSET, head) and re.search(r'"regions"\s*:\s*\[', head))
    return False


def keys(fmt: BoxFormat, head: str) -> list[str]:
    """The image keys a document's start shows (to tell whether they carry extensions).

    >>> keys(FORMATS[0], '{"0534147c-4548": {"bboxes": []}, "x2": {"bboxes": []}}')
    ['0534147c-4548']
    >>> keys(FORMATS[1], '{"a.jpg120": {"filename": "a.jpg", "regions": []}}')
    ['a.jpg']
    """
    if fmt is FORMATS[1]:
        return re.findall(r'"filename"\s*:\s*"([^"]+)"', head)
    if fmt is FORMATS[2]:
        return re.findall(_VOTT_ASSET, head)
    found = re.match(r'\s*\{\s*"([^"]+)"\s*:', head)
    return [found.group(1)] if found else []


def entries(document: object, fmt: BoxFormat) -> list[dict]:
    """`document` reshaped into entries `{image, objects: [{label, box fields}]}` in its order.

    Raises:
      KeyedDocumentError: the document is not of the shape (what it saw named).

    >>> entries({"u1": {"bboxes": [[0.1, 0.2, 0.3, 0.4]], "labels": ["call"]}}, FORMATS[0])[0]["objects"][0]["y2"]
    0.6000000000000001
    >>> entries({"u1": {"bboxes": [[0.1, 0.2, 0.3, 0.4]], "labels": ["call", "no_gesture"]}}, FORMATS[0])
    Traceback (most recent call last):
    ...
    shardify.plan.keyed_box_documents.KeyedDocumentError: u1: 1 box in bboxes but 2 in labels: which box is which class cannot be told
    """
    if fmt is FORMATS[1] and isinstance(document, dict) and isinstance(document.get(_VIA_WRAPPER), dict):
        document = document[_VIA_WRAPPER]
    if not isinstance(document, dict):
        raise KeyedDocumentError("not a JSON object keyed by image")
    if fmt is FORMATS[0]:
        return [_hagrid_entry(key, value) for key, value in document.items()]
    if fmt is FORMATS[2]:
        assets = document.get("assets") if isinstance(document.get("assets"), dict) else {"": document}
        return [_vott_entry(value) for value in assets.values()]
    attribute = _via_class_attribute(document)
    return [_via_entry(key, value, attribute) for key, value in document.items()]


def _hagrid_entry(key: str, value: object) -> dict:
    if not isinstance(value, dict) or not isinstance(value.get("bboxes"), list) or not isinstance(value.get("labels"), list):
        raise KeyedDocumentError(f"{key[:120]}: no bboxes and labels lists")
    boxes, labels = value["bboxes"], value["labels"]
    if len(boxes) != len(labels):
        raise KeyedDocumentError(f"{key[:120]}: {len(boxes)} box{'es' if len(boxes) != 1 else ''} in bboxes but "
                                 f"{len(labels)} in labels: which box is which class cannot be told")
    objects = []
    for box, label in zip(boxes, labels):
        x, y, w, h = _four(box, key)
        if max(x, y, w, h) > _FRACTION_SLACK:  # pixels where fractions are documented: clipped, every box were wrong
            raise KeyedDocumentError(f"{key[:120]}: a box {json.dumps(box)[:80]} holds numbers above 1: pixels, not the "
                                     "fractions of the image's sides this shape documents")
        objects.append({_LABEL: label, "x1": x, "y1": y, "x2": x + w, "y2": y + h})
    return {_KEY: key, _BOXES: objects}


def _four(box: object, key: str) -> Sequence[float]:
    if not (isinstance(box, list) and len(box) == 4
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in box)):
        raise KeyedDocumentError(f"{key[:120]}: a box {json.dumps(box)[:80]} is not four numbers (x, y, w, h)")
    return box


def _via_class_attribute(document: dict) -> str:
    """The region attribute naming every region's class: the one every rectangle holds as text."""
    regions = [r for v in document.values() if isinstance(v, dict) for r in _regions(v)]
    held = [{k for k, v in (r.get("region_attributes") or {}).items() if _as_text(v) is not None}
            if isinstance(r, dict) and isinstance(r.get("region_attributes"), dict) else set() for r in regions]
    common = set.intersection(*held) if held else set()
    if regions and len(common) != 1:
        seen = sorted(set().union(*held))[:6]
        raise KeyedDocumentError(
            f"{len(regions)} regions, {'no region attribute every one holds as text (or as one checked option)' if not common else 'several attributes every one holds: ' + ', '.join(sorted(common))}"
            f" (attributes seen: {', '.join(seen) or 'none'}): which names the class cannot be told")
    return next(iter(common), "")


def _as_text(value: object) -> str | None:
    """A region attribute's value as the text of one class: text, or a checkbox's one checked option.

    >>> _as_text("balloon"), _as_text({"Ragweed": True}), _as_text({"Ragweed": True, "Sicklepod": True}), _as_text({})
    ('balloon', 'Ragweed', None, None)
    """
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, dict):
        checked = [option for option, on in value.items() if on is True and option.strip()]
        return checked[0] if len(checked) == 1 and len(checked) == len(value) else None
    return None


def _regions(value: dict) -> list:
    """An image's regions: a list, VIA 1's object keyed by region number, or one region written alone."""
    regions = value.get("regions")
    if isinstance(regions, dict) and "shape_attributes" in regions:
        return [regions]
    return list(regions.values()) if isinstance(regions, dict) else regions if isinstance(regions, list) else []


def _via_entry(key: str, value: object, attribute: str) -> dict:
    if not isinstance(value, dict) or not isinstance(value.get("filename"), str):
        raise KeyedDocumentError(f"{key[:120]}: no filename")
    objects = []
    for region in _regions(value):
        shape = region.get("shape_attributes") if isinstance(region, dict) else None
        if not isinstance(shape, dict) or shape.get("name") != "rect":
            name = shape.get("name") if isinstance(shape, dict) else None
            raise KeyedDocumentError(f"{value['filename'][:120]}: a region of shape {name!r}, not a rectangle (rect)")
        x, y, w, h = _four([shape.get(f) for f in ("x", "y", "width", "height")], value["filename"])
        objects.append({_LABEL: _as_text(region["region_attributes"][attribute]), "x": x, "y": y, "width": w, "height": h})
    return {_KEY: value["filename"], _BOXES: objects}


def _vott_entry(value: object) -> dict:
    """One VoTT asset's entry: a box per tag of each region (module docstring)."""
    asset = value.get("asset") if isinstance(value, dict) else None
    if not isinstance(asset, dict) or not isinstance(asset.get("name"), str) or not isinstance(value.get("regions"), list):
        raise KeyedDocumentError("a VoTT asset without its asset name or regions list")
    name, objects = asset["name"], []
    for region in value["regions"]:
        box = region.get("boundingBox") if isinstance(region, dict) else None
        tags = region.get("tags") if isinstance(region, dict) else None
        if not isinstance(tags, list) or not tags or not all(isinstance(t, str) and t.strip() for t in tags):
            raise KeyedDocumentError(f"{name[:120]}: a region with no tag naming its class ({json.dumps(tags)[:80]})")
        x, y, w, h = _four([box.get(f) for f in ("left", "top", "width", "height")] if isinstance(box, dict) else box, name)
        objects.extend({_LABEL: tag, "x": x, "y": y, "width": w, "height": h} for tag in tags)
    return {_KEY: name, _BOXES: objects}
