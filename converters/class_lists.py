"""The full class lists detection datasets declare, read as the datasets ship them.

A dataset's own list numbers its classes whatever part of it is converted: numbering the classes
found instead gives `train` and `val` converted apart different numbers for the same class when
one of them lacks a class (LVIS's val has objects of 1,035 of its 1,203 categories), and a model
trained on one is then scored on the other's numbers without a word.

  COCO-style  `"categories": [{"id": 1, "name": "person"}, ...]`: every category, in id order,
              those no annotation names too (COCO's 80, LVIS's 1,203)
  YOLO        data.yaml's `names` (read by `yolo_yaml`), by index
  a file      classes.txt / labels.txt beside the images: one name a line (read by
              `evidence.read_vocabulary`)

COCO's files hold their categories after the images and annotations (instances_train2017.json:
450 MB, the list in its last 10 KB), so the list is looked for at the file's end first and in the
whole file only where it is not there; the file is never parsed whole here (the worker that reads
its rows does that once).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import BinaryIO

from shardify.converters import label_files

__all__ = ["MAX_CATEGORIES_BYTES", "coco_category_list", "declared_order"]

# A categories list longer than this is no dataset's (LVIS v1's 1,203, with synonyms and
# definitions, is under 1 MiB): past it the search stops rather than hold more.
MAX_CATEGORIES_BYTES = 32 << 20
# Bytes read at a time while looking for the key, and the end of the file looked at first.
_BLOCK_BYTES = 4 << 20
_TAIL_BYTES = 16 << 20
_KEY = b'"categories"'


def coco_category_list(
    fileobj: BinaryIO, size_bytes: int | None, listed: str = "categories"
) -> tuple[tuple[object, str], ...] | None:
    """((id, name), ...) of a COCO-style file's `categories`, as `label_files` reads them (names
    normalised; a category with a bad name or a shared id left out: the images naming it are
    rejected when the file is read), or None where the file holds no such list.

    Args:
      fileobj: the file, open at its start.
      size_bytes: its size, where known: its end is then searched first.
      listed: the list's key: COCO's `categories`, or the level `--label-column` chose of a file of one list per
        level (DENTEX's `categories_3`: `coco_levels`).
    """
    key = json.dumps(listed).encode()
    if size_bytes is not None and size_bytes > _TAIL_BYTES and fileobj.seekable():
        fileobj.seek(size_bytes - _TAIL_BYTES)
        found = _search(fileobj, size_bytes - _TAIL_BYTES, key)
        if found is not None:
            return found
        fileobj.seek(0)
    return _search(fileobj, 0, key)


def _search(fileobj: BinaryIO, start: int, key: bytes = _KEY) -> tuple[tuple[object, str], ...] | None:
    """The first `"categories": [...]` from the file's position on whose value is a list of
    objects with ids and names (a string or a field that only looks like it is passed over)."""
    budget = label_files.MAX_ANNOTATION_BYTES - start
    buffer = b""
    while budget > 0:
        block = fileobj.read(min(_BLOCK_BYTES, budget))
        if not block:
            return None
        budget -= len(block)
        buffer += block
        at = buffer.find(key)
        while at >= 0:
            value, buffer, budget = _value_after(fileobj, buffer, at + len(key), budget)
            if value is not None:
                return value
            at = buffer.find(key, at + 1)
        buffer = buffer[-len(key) :]
    return None


def _value_after(fileobj: BinaryIO, buffer: bytes, at: int, budget: int) -> tuple[tuple | None, bytes, int]:
    """The category list whose `: [` follows `buffer[at:]`, reading on as it needs (at most
    MAX_CATEGORIES_BYTES); (None, the buffer, budget) where what follows is not one."""
    decoder = json.JSONDecoder()
    while True:
        text = buffer[at : at + MAX_CATEGORIES_BYTES].decode("utf-8", errors="ignore")
        stripped = text.lstrip()
        if stripped and not stripped.startswith(":"):
            return None, buffer, budget
        rest = stripped[1:].lstrip()
        if rest and not rest.startswith("["):
            return None, buffer, budget
        if rest:
            try:
                value, _ = decoder.raw_decode(rest)
            except json.JSONDecodeError:
                value = None
            if value is not None:
                return _categories(value), buffer, budget
        if len(buffer) - at >= MAX_CATEGORIES_BYTES or budget <= 0:
            return None, buffer, budget
        block = fileobj.read(min(_BLOCK_BYTES, budget))
        if not block:
            return None, buffer, budget
        budget -= len(block)
        buffer += block


def _categories(value: object) -> tuple[tuple[object, str], ...] | None:
    if not isinstance(value, list) or not all(isinstance(c, dict) and "id" in c and "name" in c for c in value):
        return None
    usable, _ = label_files.coco_categories(value)
    return tuple(usable.items())


def declared_order(categories: Sequence[tuple[object, str]]) -> tuple[str, ...]:
    """The category names in id order (numbers by value; COCO's 1 .. 90 keep their gaps out of
    the numbering), or in the file's order where an id is not a whole number.

    >>> declared_order([(3, "car"), (1, "person"), (2, "bicycle")])
    ('person', 'bicycle', 'car')
    """
    if all(isinstance(key, int) and not isinstance(key, bool) for key, _ in categories):
        return tuple(name for _, name in sorted(categories, key=lambda item: item[0]))
    return tuple(name for _, name in categories)
