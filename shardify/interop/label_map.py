"""The Object Detection API's label map (`label_map.pbtxt`), derived from the manifest.

The Object Detection API and the models trained with it name their classes through a
`StringIntLabelMap` in protobuf text format:

    item {
      id: 1
      name: 'cat'
    }

Its ids count from 1: 0 is the background class (`label_map_util` refuses an id of 0 outside a
`background` item). So the file is written only where the records' `image/object/class/label`
numbers are such ids: `--class-ids label-map` (the default: 1, 2, ... in the manifest's class
order) or `--class-ids source` where the source numbers from 1 (COCO's 1-90). Records numbered
from 0 (`--class-ids contiguous`, or `source` over YOLO's indices) get none, rather than a map
whose ids are not the records' numbers.
"""

from __future__ import annotations

from shardify.format import naming
from shardify.format.manifest_model import Manifest

__all__ = ["label_map_text", "label_map_files"]


def _quoted(name: str) -> str:
    """A name as a protobuf text-format string: quotes and backslashes escaped, UTF-8 bytes of
    non-ASCII characters as octal escapes (what protobuf's own text printer writes)."""
    out = []
    for byte in name.encode("utf-8"):
        char = chr(byte)
        if char in "'\"\\":
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\{byte:03o}")
    return "'" + "".join(out) + "'"


def label_map_text(classes: dict[str, int]) -> str:
    """`label_map.pbtxt` for class name -> id (every id >= 1), one item per class in id order."""
    items = sorted(classes.items(), key=lambda item: item[1])
    return "".join(f"item {{\n  id: {number}\n  name: {_quoted(name)}\n}}\n" for name, number in items)


def label_map_files(manifest: Manifest) -> dict[str, str]:
    """{label_map.pbtxt: text} for an output whose object classes are numbered from 1, else {}."""
    objects = manifest.objects
    if objects is None or not objects.classes or min(objects.classes.values()) < 1:
        return {}
    return {naming.LABEL_MAP_FILENAME: label_map_text(objects.classes)}
