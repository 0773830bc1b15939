"""Per-image MATLAB box files (`box_formats.PER_IMAGE_MAT`): one .mat per image whose boxes are one
variable, each box a struct of four corner points (the Oxford hand dataset's `boxes`, a 1 x N cell of
structs with `a`, `b`, `c`, `d`, each `[y x]`). Here: whether a folder's first file is of a row's
shape (detection, `mat_format`), and one image's objects (`mat_objects`).

scipy reads the file (`mat_evidence_files.read_mat`: its size and inflated size bounded, imported only
when a .mat is met). A file of a row's variable holding no box (an image without hands: an empty
cell) tells no format: detection reads the next one. An image's file that is not a MATLAB file, lacks
the variable, holds a box without one of its corners, a corner that is not two finite numbers, a
number past any pixel, or corners that span no area, is the image's reject with the reason: the image
is never written without its objects.

A point in MATLAB's pixel coordinates puts pixel i's centre at i (from 1); the record's boxes count
pixels from 0 with pixel i covering [i, i + 1) (COCO's), so a corner at MATLAB (y, x) lies at
(y - 0.5, x - 0.5). A turned box is stored as its corners' envelope, as `QUAD_PIXELS` boxes are.
"""

from __future__ import annotations

import io
import math
from typing import Any

from shardify.converters.mat_evidence_files import read_mat
from shardify.errors import InvalidInputError
from shardify.plan.box_formats import FORMATS, PER_IMAGE_MAT, BoxFormat
from shardify.plan.entries import SourceObject

__all__ = ["MAX_MAT_BOX_BYTES", "holds_no_boxes", "mat_format", "mat_objects", "read_v5"]

# One image's boxes: the Oxford hand dataset's files are under 1 KB; a larger one is no such file.
MAX_MAT_BOX_BYTES = 4 << 20
# A corner beyond this is no pixel of any image (a 1e30 would overflow the record's coordinates).
_MAX_COORDINATE = 1e7
# How a MATLAB 5 file (v5, v6 and v7 alike) opens: its header's text.
_V5_HEADER = b"MATLAB 5.0 MAT-file"
# MATLAB's pixel i has its centre at i: the record's pixel i - 1 spans [i - 1, i), its centre i - 0.5.
_MATLAB_SHIFT = 0.5


def read_v5(data: bytes) -> dict[str, Any]:
    """The variables of a MATLAB 5 (v5, v6, v7) file, whose 116-byte text header says so.

    scipy reads any other bytes as a headerless MATLAB 4 file, warning that the data "may be corrupt"
    (our own TFRecord shard included): such bytes are no annotation file here.

    Raises:
      InvalidInputError: not such a file (a v7.3 file, HDF5, is named: scipy reads none), or unreadable.
    """
    if data.startswith(b"MATLAB 7.3"):
        raise InvalidInputError("a MATLAB 7.3 file (HDF5), which scipy does not read: save it with -v7 to convert it")
    if not data.startswith(_V5_HEADER):
        raise InvalidInputError("not a MATLAB file scipy reads: no 'MATLAB 5.0 MAT-file' header")
    return read_mat(io.BytesIO(data))


def _variables(data: bytes) -> dict[str, Any]:
    if len(data) > MAX_MAT_BOX_BYTES:
        raise InvalidInputError(f"larger than {MAX_MAT_BOX_BYTES >> 20} MiB: not one image's boxes")
    return read_v5(data)


def _elements(value: Any) -> list[Any] | None:
    """The boxes a variable holds, each a struct element (a cell of 1 x 1 structs, or a struct array),
    or None where it is neither (a numeric array, text)."""
    import numpy as np

    array = np.asarray(value)
    if array.dtype.names:  # a struct array: each element a box
        return list(array.reshape(-1))
    if array.dtype != object:
        return None
    found = []
    for cell in array.reshape(-1):
        inner = np.asarray(cell)
        if not inner.dtype.names:
            return None
        found += list(inner.reshape(-1))
    return found


def _has_fields(element: Any, fmt: BoxFormat) -> bool:
    names = getattr(getattr(element, "dtype", None), "names", None) or ()
    return all(field in names for field in fmt.box_fields)


def mat_format(folder_name: str, data: bytes) -> BoxFormat | None:
    """The PER_IMAGE_MAT row of a folder named `folder_name` whose first file holding boxes is `data`:
    its variable holds structs with every corner field; else None (a file scipy cannot read included:
    detection goes on as before)."""
    try:
        variables = _variables(data)
    except InvalidInputError:
        return None
    for fmt in FORMATS:
        if fmt.pairing != PER_IMAGE_MAT or not _matches(fmt, folder_name):
            continue
        elements = _elements(variables.get(fmt.boxes_field)) if fmt.boxes_field in variables else None
        if elements and all(_has_fields(e, fmt) for e in elements):
            return fmt
    return None


def holds_no_boxes(data: bytes) -> bool:
    """The file is a MATLAB file whose every row's box variable is there and empty (an image without
    objects): it tells no format, and the next file is read."""
    try:
        variables = _variables(data)
    except InvalidInputError:
        return False
    rows = [f for f in FORMATS if f.pairing == PER_IMAGE_MAT and f.boxes_field in variables]
    return bool(rows) and all(_elements(variables[f.boxes_field]) == [] for f in rows)


def _matches(fmt: BoxFormat, folder_name: str) -> bool:
    import re

    return bool(re.fullmatch(fmt.files, folder_name))


def mat_objects(data: bytes, fmt: BoxFormat) -> tuple[SourceObject, ...]:
    """The objects of one image's .mat file of `fmt`, in the file's order.

    Raises:
      InvalidInputError: not a MATLAB file of the row's shape, or a box that cannot be read (named
        by its place in the variable, from 1).
    """
    variables = _variables(data)
    if fmt.boxes_field not in variables:
        raise InvalidInputError(f"no variable {fmt.boxes_field!r}: not a {fmt.name} file")
    elements = _elements(variables[fmt.boxes_field])
    if elements is None:
        raise InvalidInputError(f"its {fmt.boxes_field!r} is not a list of structs: not a {fmt.name} file")
    return tuple(_box_object(element, fmt, f"{fmt.boxes_field}[{i}]") for i, element in enumerate(elements, start=1))


def _box_object(element: Any, fmt: BoxFormat, where: str) -> SourceObject:
    names = getattr(getattr(element, "dtype", None), "names", None) or ()
    xs, ys = [], []
    for field in fmt.box_fields:
        if field not in names:
            raise InvalidInputError(f"{where} has no corner {field!r}")
        y, x = _point(element[field], f"{where}.{field}")
        xs.append(x - _MATLAB_SHIFT)
        ys.append(y - _MATLAB_SHIFT)
    box = (min(xs), min(ys), max(xs), max(ys))
    if not (box[2] > box[0] and box[3] > box[1]):
        raise InvalidInputError(f"{where}: its corners span no area ({', '.join(f'{v:g}' for v in box)})")
    return SourceObject(label=fmt.single_class, box=box)


def _point(value: Any, where: str) -> tuple[float, float]:
    """The (y, x) a corner holds: two finite numbers within any image's reach."""
    import numpy as np

    array = np.asarray(value)
    if array.dtype.kind not in "iuf" or array.size != 2:
        raise InvalidInputError(f"{where} is not a [y x] pair of numbers (it holds {array.size} {array.dtype.kind!r} values)")
    y, x = (float(v) for v in array.reshape(-1))
    for v in (y, x):
        if not math.isfinite(v) or abs(v) > _MAX_COORDINATE:
            raise InvalidInputError(f"{where} holds {v:g}: no pixel coordinate")
    return y, x
