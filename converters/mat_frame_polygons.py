"""One MATLAB file per folder of frames (`box_formats.FOLDER_MAT`): a struct array of an element per
frame, the folder's images in name order, each field a class holding that frame's polygon (EgoHands'
`polygons.mat`: `myleft`, `myright`, `yourleft`, `yourright`, each an N x 2 array of [x y] points, empty
where the hand is not seen). Here: whether a .mat is of a row's shape (`frames_format`), and the rows of
one folder's file, a frame each (`frame_rows`).

The file names no frame: its elements are the folder's images in name order (the readers sort them), so
a file of as many elements as the folder has images is read; of another count, which element is which
frame cannot be told, and every image of the folder is rejected saying so (never a frame given another's
hands). A polygon that cannot be read (not N x 2 numbers, NaN, a point past any image, no area) rejects
its frame, naming the field and element. Each object is its polygon's envelope, its class the field's name,
half a pixel up and left (MATLAB puts pixel i's centre at i, the record's pixel i - 1 spans [i - 1, i));
the polygon itself is not carried, as a turned box's corners are not.
"""

from __future__ import annotations

import math
import posixpath
import re
from collections.abc import Iterator, Sequence
from typing import Any

from shardify.converters import tables
from shardify.converters.evidence_rows import EvidenceRow
from shardify.converters.mat_boxes import read_v5
from shardify.errors import InvalidInputError
from shardify.plan.box_formats import FOLDER_MAT, FORMATS, BoxFormat
from shardify.plan.entries import SourceObject

__all__ = ["MAX_FRAMES_MAT_BYTES", "frame_count", "frame_rows", "frames_format"]

# One video's polygons: EgoHands' polygons.mat is about 1 MB for 100 frames of four hands.
MAX_FRAMES_MAT_BYTES = 64 << 20
# A point beyond this is no pixel of any image (a 1e30 would overflow the record's coordinates).
_MAX_COORDINATE = 1e7
_MATLAB_SHIFT = 0.5


def _struct(variables: dict[str, Any], fmt: BoxFormat) -> Any:
    import numpy as np

    value = variables.get(fmt.boxes_field)
    array = np.asarray(value) if value is not None else None
    return array if array is not None and array.dtype.names else None


def _is_polygon_cell(value: Any) -> bool:
    import numpy as np

    array = np.asarray(value)
    return array.size == 0 or (array.dtype.kind in "iuf" and array.ndim == 2 and array.shape[1] == 2)


def frames_format(data: bytes) -> BoxFormat | None:
    """The FOLDER_MAT row whose struct of polygons `data` holds: every field of every element an N x 2
    array of numbers or empty, one at least not empty; else None (not a MATLAB file included)."""
    try:
        variables = read_v5(data)
    except InvalidInputError:
        return None
    for fmt in FORMATS:
        if fmt.pairing != FOLDER_MAT:
            continue
        struct = _struct(variables, fmt)
        if struct is None or not struct.size:
            continue
        cells = [element[name] for element in struct.reshape(-1) for name in struct.dtype.names]
        if all(_is_polygon_cell(cell) for cell in cells) and any(getattr(cell, "size", 0) for cell in cells):
            return fmt
    return None


def frame_count(data: bytes, fmt: BoxFormat) -> int:
    """How many frames a file of `fmt`'s shape holds polygons for (0 where it is not one)."""
    try:
        struct = _struct(read_v5(data), fmt)
    except InvalidInputError:
        return 0
    return 0 if struct is None else int(struct.size)


def frame_rows(data: bytes, fmt: BoxFormat, table: str, frames: Sequence[str]) -> Iterator[EvidenceRow | tables.RowError]:
    """A row per frame of the folder holding `table` (its path from SRC), keyed by the frame's path from
    SRC without its extension, its objects the polygons of its element.

    Args:
      frames: the images of the table's folder, their paths from SRC.
    """
    ordered = sorted(frames, key=posixpath.basename)
    keys = [p.rsplit(".", 1)[0] for p in ordered]
    if len(data) > MAX_FRAMES_MAT_BYTES:
        yield from _all_rejected(keys, f"{table} is larger than {MAX_FRAMES_MAT_BYTES >> 20} MiB: not one folder's polygons")
        return
    try:
        variables = read_v5(data)
    except InvalidInputError as error:
        yield from _all_rejected(keys, f"{table} is unusable: {error.reason}")
        return
    struct = _struct(variables, fmt)
    if struct is None:
        return  # (another .mat beside the frames, none of this row's: it gives them nothing)
    elements = list(struct.reshape(-1))
    if len(elements) != len(keys):
        yield from _all_rejected(
            keys,
            f"{table} holds {len(elements)} frames and its folder {len(keys)} images: which polygons are which "
            "image's cannot be told (a frame missing or added)",
        )
        return
    for index, (key, element) in enumerate(zip(keys, elements), start=1):
        try:
            objects = tuple(_objects(element, struct.dtype.names, f"{fmt.boxes_field}({index})"))
        except InvalidInputError as error:
            yield EvidenceRow(index, key, error=f"its annotation {table} is unusable: {error.reason}")
            continue
        yield EvidenceRow(index, key, labels=tuple(sorted({obj.label for obj in objects})), objects=objects)


def _all_rejected(keys: Sequence[str], reason: str) -> Iterator[EvidenceRow]:
    for index, key in enumerate(keys, start=1):
        yield EvidenceRow(index, key, error=f"its annotation {reason}")


def _objects(element: Any, names: Sequence[str], where: str) -> Iterator[SourceObject]:
    import numpy as np

    for name in names:
        array = np.asarray(element[name])
        if array.size == 0:
            continue  # (the class is not seen in this frame)
        if not _is_polygon_cell(array):
            raise InvalidInputError(f"{where}.{name} is not an N x 2 array of [x y] points (shape {array.shape})")
        points = array.astype(float)
        if not all(math.isfinite(v) and abs(v) <= _MAX_COORDINATE for v in points.reshape(-1)):
            raise InvalidInputError(f"{where}.{name} holds a point that is no pixel coordinate (NaN, inf or past 1e7)")
        xs, ys = points[:, 0] - _MATLAB_SHIFT, points[:, 1] - _MATLAB_SHIFT
        box = (float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max()))
        if not (box[2] > box[0] and box[3] > box[1]):
            raise InvalidInputError(f"{where}.{name}: its polygon spans no area")
        yield SourceObject(label=_class_name(name), box=box)


def _class_name(field: str) -> str:
    """The class a struct field names, as written (MATLAB field names are identifiers)."""
    return field if re.fullmatch(r"\w+", field) else field.strip()
