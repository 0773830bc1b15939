"""The keys by which a JSON document holds boxes, and the test of a parsed document for them.

Why a module of its own: two detection stops ask the same question of a per-image JSON document, "does
it hold boxes?", and each had spelled the keys its case showed. `unread_annotations` stops where a
document that restates its folder's class holds boxes (ArTaxOr's VoTT `boundingBox`), and
`beam_jobs/discover/sample_documents.py` where a `.json` read as a WebDataset sample's label member holds
them (Open Images' WebDataset shards: a list of `XMin`, `XMax`, `YMin`, `YMax` rows per image; a
`{"label", "bbox"}` export): read as a label, or as nothing, their boxes were dropped with exit 0. The
keys are one table (`BOX_KEYS`), plural forms with the singular ones (`bboxes`, `boxes`,
`bounding_boxes`: review30 found the plurals read as agreeing).
"""

from __future__ import annotations

import re

__all__ = ["BOX_KEYS", "BOX_KEY_TEXT", "held_box_key"]

# Keys of a box (its holder, a list of them, or a corner), compared without case: VoTT's `boundingBox`,
# COCO's `bbox`, VOC's `bndbox`, BDD100K's `box2d`, Open Images' `XMin`, and their plurals.
BOX_KEYS = frozenset({
    "bbox", "bboxes", "box", "boxes", "bounding_box", "bounding_boxes", "boundingbox", "boundingboxes",
    "bndbox", "box2d", "xmin", "x_min", "xmax", "x_max",
})
# A box key as it reads in a document's text (`"bboxes": `), for a test of lines not parsed.
BOX_KEY_TEXT = re.compile(r'"(?:' + "|".join(sorted(BOX_KEYS, key=len, reverse=True)) + r')"\s*:', re.IGNORECASE)
# Levels of nesting and values looked at: a document's boxes lie near its top (a list of objects, each a dict).
_MOST_DEPTH = 4
_MOST_VALUES = 2000


def held_box_key(document: object) -> str:
    """The first box key (`BOX_KEYS`) in `document` whose value holds something (a number, or a list or
    object not empty), looked for breadth-first within a few levels; "" where none does (`"bbox": []`:
    an image without objects holds no box).

    >>> held_box_key({"label": "cat", "bbox": [2, 3, 18, 27]}), held_box_key([{"ImageID": "e3", "XMin": "0.1"}])
    ('bbox', 'XMin')
    >>> held_box_key({"label": "cat", "bboxes": []}), held_box_key({"label": "cat", "boxed": True}), held_box_key("box")
    ('', '', '')
    """
    level: list[object] = [document]
    seen = 0
    for _ in range(_MOST_DEPTH):
        following: list[object] = []
        for value in level:
            items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
            for key, held in items:
                seen += 1
                if seen > _MOST_VALUES:
                    return ""
                if isinstance(key, str) and key.casefold() in BOX_KEYS and _holds(held):
                    return key
                if isinstance(held, (dict, list)):
                    following.append(held)
        level = following
    return ""


def _holds(value: object) -> bool:
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (int, float)):
        return True
    if isinstance(value, str):
        return bool(value.strip())
    return bool(value)
