"""MATLAB (v5) files of an image array and a label vector: SVHN's format 2 (`train_32x32.mat`), and
Deng Cai's face and digit sets (`YaleB_32x32.mat`, `ORL_32x32.mat`, `COIL20.mat`: a row per image).

MATLAB stores arrays column-major with the count last: SVHN's `X` is 32x32x3xN uint8 (height,
width, channels, image) and `y` Nx1. Such a file is one image array (uint8, 3 or 4 axes, the last
the count; or, where no uint8 one is there, double or single, read by `float_pixels`' rule) and one vector of whole numbers of that count; anything else (several candidates, none)
is not read as images. Where no such array is there, one 2-D array of a row per image is (`fea`,
N x 1024: a square of side MIN_FLAT_SIDE or more a row, the count first, as the label vector's
length says; uint8 or floats of whole values 0-255, MATLAB's order: a row is reshaped column by
column, as `reshape(fea(i,:), [32, 32])` shows the face upright). Floats in [0, 1] in such rows are
as likely features as pixels, and whole-number floats that never reach 64 as likely counts (a bag of
1024 visual words): both are refused by name. The labels are the numbers as stored, unless a documented table names them
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

from shardify.converters.mat_inflate import check_inflated
from shardify.converters.npy_classes import square_side
from shardify.errors import InvalidInputError
from shardify.plan.known_names import MAT_LABEL_NAMES

__all__ = ["MIN_FLAT_SIDE", "holds_images", "image_arrays_in", "mat_label_names", "read_mat_array", "read_mat_images", "read_mat_labels"]


# MATLAB's numeric classes and the bytes of one element of each.
_ITEM_BYTES = {
    "uint8": 1, "int8": 1, "uint16": 2, "int16": 2, "uint32": 4, "int32": 4, "uint64": 8, "int64": 8, "double": 8, "single": 4,
}
_NUMBERS = frozenset(_ITEM_BYTES)
_FLOATS = frozenset({"double", "single"})
# The least side of a square image a flat row is read as: 64 numbers a row (8 x 8, as the headerless
# pixel tables of pixel_wide.py) and up; a row of 16 or 36 numbers is as likely measurements.
MIN_FLAT_SIDE = 8
# Float rows of whole numbers all below this are refused as images: pictures' pixels of a whole set
# reach well into 0-255 (Deng Cai's faces do), counts in bins of a square number (bags of 1024 or
# 4096 visual words, 256-bin histograms) stay small.
_MIN_PIXEL_PEAK = 64
# The bytes a file's compressed variables may inflate to when detection reads their headers (the
# conversion's own bound, arrays.MAX_ARRAY_FILE_BYTES, is larger: a file past this is judged there).
MAX_INFLATED_AT_DETECTION = 2 << 30


def _flat_side(shape: tuple[int, ...]) -> int:
    """The side of the square images an [N, side * side] array holds a row each (N its first axis,
    the label vector's length), else 0. A square array, whose both axes could be the count, is no
    reading at all."""
    if len(shape) != 2 or shape[0] == shape[1]:
        return 0
    side = square_side(shape[1])
    return side if side >= MIN_FLAT_SIDE else 0


def _vectors(shapes: dict[str, tuple[tuple[int, ...], str]], count: int, besides: str) -> list[str]:
    return [
        n for n, (shape, cls) in shapes.items()
        if n != besides and cls in _NUMBERS and (shape == (count,) or sorted(shape) == [1, count])
    ]


def image_arrays_in(shapes: dict[str, tuple[tuple[int, ...], str]]) -> tuple[str, str] | None:
    """(images variable, labels variable) from {name: (shape, MATLAB class)} (scipy's `whosmat`),
    or None: exactly one uint8 array of 3 or 4 axes whose last is the count (no axis of 0; 1, 3 or
    4 channels), and exactly one vector of that count."""
    def shaped(shape: tuple[int, ...]) -> bool:  # a 0 x 32 image stopped the run
        return len(shape) in (3, 4) and all(side > 0 for side in shape) and (len(shape) == 3 or shape[2] in (1, 3, 4))

    images = [n for n, (shape, cls) in shapes.items() if cls == "uint8" and shaped(shape)]
    if not images:  # floats (double, single) where no uint8 array is there: read by converters/float_pixels.py
        images = [n for n, (shape, cls) in shapes.items() if cls in _FLOATS and shaped(shape)]
    if not images:
        return _flat_arrays_in(shapes)
    if len(images) != 1:
        return None
    labels = _vectors(shapes, shapes[images[0]][0][-1], images[0])
    return (images[0], labels[0]) if len(labels) == 1 else None


def _flat_arrays_in(shapes: dict[str, tuple[tuple[int, ...], str]]) -> tuple[str, str] | None:
    """(rows variable, labels variable): exactly one uint8 or float 2-D array of square rows whose
    count exactly one label vector has (Deng Cai's `fea` and `gnd`), else None."""
    found = []
    for name, (shape, cls) in shapes.items():
        if cls not in ("uint8", *_FLOATS) or len(shape) != 2:
            continue
        labels = _vectors(shapes, shape[0], name)
        if len(labels) == 1 and _flat_side(shape):
            found.append((name, labels[0]))
    return found[0] if len(found) == 1 else None


def holds_images(fileobj: BinaryIO) -> bool:
    """The MATLAB file holds one image array and its label vector, by its variables' headers
    (scipy's `whosmat`, which skips the data). False for anything else, or a file scipy cannot read."""
    try:
        from scipy.io import whosmat

        check_inflated(fileobj, MAX_INFLATED_AT_DETECTION)  # (whosmat inflates each compressed variable whole)
        fileobj.seek(0)
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

        check_inflated(io.BytesIO(data), limit)  # (whosmat inflates each compressed variable whole)
        shapes = {name: (tuple(shape), cls) for name, shape, cls in whosmat(io.BytesIO(data))}
        found = image_arrays_in(shapes)
        if found is None:
            raise InvalidInputError(
                "holds no single image array (uint8 or floats, no axis of 0, count last; or a square row per image) and label vector: "
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
    return read_mat_array(fileobj, limit)[0]


def read_mat_array(fileobj: BinaryIO, limit: int) -> tuple[np.ndarray, bool]:
    """`read_mat_images`, and whether the images were square rows (for the plan's words)."""
    variables, (images, _) = _variables(fileobj, limit)
    array = np.asarray(variables[images])
    if array.ndim == 2:  # a row per image (the count first), each row MATLAB's column-major square
        side = square_side(array.shape[1])
        if array.dtype.kind == "f" and np.all(np.isfinite(array)) and array.size and array.min() >= 0 and array.max() <= 1:
            raise InvalidInputError(
                f"{images!r} holds rows of floats in [0, 1]: as likely features as {side} x {side} pixels, so not read "
                "as images (save them as uint8, or as whole values 0-255)"
            )
        if (array.dtype.kind == "f" and array.size and np.all(np.isfinite(array)) and np.all(array == np.round(array))
                and array.min() >= 0 and array.max() < _MIN_PIXEL_PEAK):
            raise InvalidInputError(
                f"{images!r} holds rows of whole numbers none above {int(array.max())}: as likely counts (a histogram of "
                f"{side * side} bins, a vocabulary's word counts) as {side} x {side} pixels, so not read as images "
                "(save them as uint8 to have them read so)"
            )
        return np.ascontiguousarray(array.reshape(-1, side, side).transpose(0, 2, 1)), True
    return np.ascontiguousarray(np.moveaxis(array, -1, 0)), False


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
