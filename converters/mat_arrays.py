"""MATLAB (v5) files of an image array and a label vector: SVHN's format 2 (`train_32x32.mat`).

MATLAB stores arrays column-major with the count last: SVHN's `X` is 32x32x3xN uint8 (height,
width, channels, image) and `y` Nx1. Such a file is one image array (uint8, 3 or 4 axes, the last
the count; or, where no uint8 one is there, double or single, read by `float_pixels`' rule) and one vector of whole numbers of that count; anything else (several candidates, none)
is not read as images. The labels are the numbers as stored, unless a documented table names them
(`known_names.MAT_LABEL_NAMES`: SVHN writes the digit 0 as 10). The file is read whole by scipy
(at most `arrays.MAX_ARRAY_FILE_BYTES`), once per worker that needs it, after its variables'
headers are checked: what they declare may not pass that limit, nor expand from the file's size
more than an archive member may (v5 variables may be zlib-compressed).
"""

from __future__ import annotations

import io
import posixpath
import re
from typing import Any, BinaryIO

import numpy as np

from shardify.errors import InvalidInputError
from shardify.plan.known_names import MAT_LABEL_NAMES

__all__ = ["holds_images", "image_arrays_in", "read_mat_images", "read_mat_labels", "mat_label_names"]


# MATLAB's numeric classes and the bytes of one element of each.
_ITEM_BYTES = {
    "uint8": 1, "int8": 1, "uint16": 2, "int16": 2, "uint32": 4, "int32": 4, "uint64": 8, "int64": 8, "double": 8, "single": 4,
}
_NUMBERS = frozenset(_ITEM_BYTES)
_FLOATS = frozenset({"double", "single"})


def image_arrays_in(shapes: dict[str, tuple[tuple[int, ...], str]]) -> tuple[str, str] | None:
    """(images variable, labels variable) from {name: (shape, MATLAB class)} (scipy's `whosmat`),
    or None: exactly one uint8 array of 3 or 4 axes whose last is the count (no axis of 0; 1, 3 or
    4 channels), and exactly one vector of that count."""
    def shaped(shape: tuple[int, ...]) -> bool:  # a 0 x 32 image stopped the run
        return len(shape) in (3, 4) and all(side > 0 for side in shape) and (len(shape) == 3 or shape[2] in (1, 3, 4))

    images = [n for n, (shape, cls) in shapes.items() if cls == "uint8" and shaped(shape)]
    if not images:  # floats (double, single) where no uint8 array is there: read by converters/float_pixels.py
        images = [n for n, (shape, cls) in shapes.items() if cls in _FLOATS and shaped(shape)]
    if len(images) != 1:
        return None
    count = shapes[images[0]][0][-1]
    labels = [
        n for n, (shape, cls) in shapes.items()
        if n != images[0] and cls in _NUMBERS and (shape == (count,) or sorted(shape) == [1, count])
    ]
    return (images[0], labels[0]) if len(labels) == 1 else None


def holds_images(fileobj: BinaryIO) -> bool:
    """The MATLAB file holds one image array and its label vector, by its variables' headers
    (scipy's `whosmat`, which skips the data). False for anything else, or a file scipy cannot read."""
    try:
        from scipy.io import whosmat

        shapes = {name: (tuple(shape), cls) for name, shape, cls in whosmat(fileobj)}
    except Exception:  # noqa: BLE001 - not a v5 MATLAB file: not one of these
        return False
    return image_arrays_in(shapes) is not None


def _variables(fileobj: BinaryIO, limit: int) -> tuple[dict[str, Any], tuple[str, str]]:
    data = fileobj.read(limit + 1)
    if len(data) > limit:
        raise InvalidInputError(f"larger than {limit >> 20} MiB: split it")
    try:
        from scipy.io import loadmat, whosmat

        shapes = {name: (tuple(shape), cls) for name, shape, cls in whosmat(io.BytesIO(data))}
        found = image_arrays_in(shapes)
        if found is None:
            raise InvalidInputError(
                "holds no single image array (uint8, no axis of 0, count last) and label vector: "
                + ", ".join(f"{name} {cls} {list(shape)}" for name, (shape, cls) in sorted(shapes.items())[:6])
            )
        _check_sizes(len(data), {name: shapes[name] for name in found}, limit)
        return loadmat(io.BytesIO(data), variable_names=list(found)), found
    except InvalidInputError:
        raise
    except Exception as error:  # noqa: BLE001 - scipy fails on a damaged file in many ways
        raise InvalidInputError(f"not a MATLAB v5 file scipy reads: {type(error).__name__}: {error}") from None


def _check_sizes(stored: int, shapes: dict[str, tuple[tuple[int, ...], str]], limit: int) -> None:
    """Refuses, before loadmat decompresses them, variables whose headers declare more than `limit`
    bytes or more than a compressed archive member may expand to (`archives.expansion_problem`):
    a v5 file's variables may be zlib-compressed, and a 1 MB file can declare 1 GB of zeros."""
    from shardify.converters.archives import expansion_problem

    declared = sum(int(np.prod(shape, dtype=np.int64)) * _ITEM_BYTES.get(cls, 8) for shape, cls in shapes.values())
    if declared > limit:
        raise InvalidInputError(f"its arrays {', '.join(sorted(shapes))} declare {declared:,} bytes, more than {limit >> 20} MiB")
    problem = expansion_problem(stored, declared, "a MATLAB file's arrays")
    if problem:
        raise InvalidInputError(f"its arrays {', '.join(sorted(shapes))} {problem}")


def read_mat_images(fileobj: BinaryIO, limit: int) -> np.ndarray:
    """The images, [N, H, W] or [N, H, W, C] uint8, or floats (MATLAB's count-last order moved first)."""
    variables, (images, _) = _variables(fileobj, limit)
    return np.ascontiguousarray(np.moveaxis(np.asarray(variables[images]), -1, 0))


def read_mat_labels(fileobj: BinaryIO, limit: int) -> np.ndarray:
    """The label vector, flat."""
    variables, (_, labels) = _variables(fileobj, limit)
    values = np.asarray(variables[labels]).reshape(-1)
    if values.dtype.kind == "f":
        if not np.all(np.isfinite(values)) or not np.all(values == np.round(values)):
            raise InvalidInputError(f"labels {labels!r} are not whole numbers")
        values = values.astype(np.int64)
    return values


def mat_label_names(relpath: str) -> dict[int, str]:
    """{stored number: label name} a documented table gives for this file's name, or {}."""
    name = posixpath.basename(relpath)
    for pattern, names in MAT_LABEL_NAMES:
        if re.fullmatch(pattern, name):
            return dict(names)
    return {}
