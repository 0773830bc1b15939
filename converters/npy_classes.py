"""A `.npy` array of images per class: each file one class, named by the file, each row an image.

Quick, Draw!'s numpy bitmaps (googlecreativelab/quickdraw-dataset, the files TensorFlow Datasets'
`quickdraw_bitmap` reads) ship as `full_numpy_bitmap_<category>.npy`, one file per category
(`full_numpy_bitmap_The Eiffel Tower.npy`), each a uint8 array of shape [N, 784]: N drawings of
28 x 28 grey pixels, a row each. Downloads that re-cut them keep the shape and name the file by the
category alone (`bitmap/cat.npy`). Read as anything else the folder "held no images or texts".

The category is the file's stem less a prefix the publishers put before it (`NPY_CLASS_PREFIXES`,
data: a new publisher's prefix is a row). A row of a square number of values is one grey image of
that side (784 -> 28 x 28); an array already [N, height, width(, channels)] is read as it is.
The array is read from its `.npy` header by numpy's own header parser, never as a pickle (a dtype
holding objects is refused), and its size must be exactly what the header gives.
"""

from __future__ import annotations

import math
from typing import BinaryIO

import numpy as np

from shardify.errors import InvalidInputError
from shardify.plan.layout import NPY_CLASS_PREFIXES, npy_class_of as class_of

__all__ = ["NPY_CLASS_PREFIXES", "class_of", "read_class_images", "read_npy", "square_rows", "square_side"]

# numpy's own limit on a header's size, which a crafted one may not pass.
_MAX_HEADER_BYTES = 10_000
_HEADER_READERS = {(1, 0): np.lib.format.read_array_header_1_0, (2, 0): np.lib.format.read_array_header_2_0}


def read_class_images(fileobj: BinaryIO, max_bytes: int) -> np.ndarray:
    """The file's images, [N, height, width] (or with channels where the array has them), in the
    array's dtype (floats are read by `float_pixels`, through `arrays.read_images`).

    Raises:
      InvalidInputError: no .npy file, an array of objects or of another dtype, more values than
        `max_bytes`, or rows that are no square image.
    """
    images = read_npy(fileobj, max_bytes)
    return square_rows(images) if images.ndim == 2 else images


def read_npy(fileobj: BinaryIO, max_bytes: int) -> np.ndarray:
    """A .npy file's array of numbers, read from its header by numpy's parser (never a pickle).

    Raises:
      InvalidInputError: no .npy file, an array of objects or of another dtype, or more values than `max_bytes`.
    """
    try:
        version = np.lib.format.read_magic(fileobj)
        read_header = _HEADER_READERS.get(version)
        if read_header is None:
            raise InvalidInputError(f"a .npy file of format {version}, not 1.0 or 2.0")
        shape, fortran, dtype = read_header(fileobj, max_header_size=_MAX_HEADER_BYTES)
    except (ValueError, OSError, EOFError) as error:
        raise InvalidInputError(f"not a readable .npy file: {error}") from None
    if dtype.hasobject:
        raise InvalidInputError("the array holds Python objects (a pickle): only arrays of numbers are read")
    if dtype.kind not in "uibf" or dtype.itemsize == 0 or dtype.shape:
        raise InvalidInputError(f"an array of {dtype.str}: only whole numbers, booleans or floats are read as pixels")
    if not shape or any(not isinstance(side, int) or side < 0 for side in shape):
        raise InvalidInputError(f"an array of shape {shape}: no images")
    count = math.prod(shape) * dtype.itemsize
    if count > max_bytes:
        raise InvalidInputError(f"the array holds {count:,} bytes, more than {max_bytes >> 20} MiB: split it")
    values = fileobj.read(count)
    if len(values) != count or fileobj.read(1):
        raise InvalidInputError(f"the file does not hold the {count:,} bytes of values its header gives")
    try:
        images = np.frombuffer(values, dtype).reshape(shape, order="F" if fortran else "C")
    except ValueError as error:
        raise InvalidInputError(f"the values do not make the array its header gives ({error})") from None
    return images


def square_side(length: int) -> int:
    """The side of the square grey image a flat row of `length` values is (256 -> 16), else 0.

    >>> square_side(784), square_side(256), square_side(300), square_side(1)
    (28, 16, 0, 0)
    """
    side = math.isqrt(length)
    return side if side >= 2 and side * side == length else 0


def square_rows(images: np.ndarray) -> np.ndarray:
    """[N, side * side] rows as [N, side, side] grey images: where no other shape is given, a row of
    a square length is read as a square (784 -> 28 x 28, 256 -> 16 x 16).

    Raises:
      InvalidInputError: rows of a length that is no square.
    """
    side = square_side(images.shape[1])
    if not side:
        raise InvalidInputError(f"rows of {images.shape[1]} values: not a square grey image a row (give the shape)")
    return images.reshape(-1, side, side)
