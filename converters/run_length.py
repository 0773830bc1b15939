"""Segmentation masks written as run-length rows: Kaggle's `EncodedPixels` encoding.

Severstal's steel defects (`train.csv`: `ImageId,ClassId,EncodedPixels`, a row per image and class
present), Airbus ship detection (`train_ship_segmentations_v2.csv`: `ImageId,EncodedPixels`, a row
per ship, an empty cell for an image of none) and Kaggle's other segmentation competitions ship
masks as text. The competitions' evaluation pages define it: a space-delimited list of pairs, a
start and a run length; "'1 3 10 5' implies pixels 1,2,3,10,11,12,13,14 are to be included in the
mask. The pixels are one-indexed and numbered from top to bottom, then left to right: 1 is pixel
(1,1), 2 is pixel (2,1)" (checked by search, 2026-11-28: the Airbus page as quoted by a reader's
notes, and the decoders that transpose after a row-major reshape). Column-major, then: pixel n is at
row (n - 1) % height, column (n - 1) // height.

Plain functions: `is_run_length` tells such a cell by its shape, `decode_runs` reads one into the
pixels it covers, `class_mask_png` writes an image's rows as the PNG of class indices a record's
segmentation holds (`converters/masks.py`: 0 where no run covers a pixel).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

from shardify.errors import InvalidInputError

__all__ = ["class_mask_png", "decode_runs", "is_run_length"]

# A start or a length of up to 18 digits: past any image's pixel count, and never past int()'s
# limit of 4,300 digits (a longer one raised ValueError, not a reject saying why).
_PAIRS = re.compile(r"\s*\d{1,18}\s+\d{1,18}(?:\s+\d{1,18}\s+\d{1,18})*\s*")


def is_run_length(cell: str) -> bool:
    """Whether `cell` has the shape of a run-length mask: pairs of whole numbers, the starts rising.

    >>> [is_run_length(c) for c in ("1 3 10 5", "29102 12 29346 24", "3 1 2", "1 3 2 5", "cat", "1" * 5000 + " 3")]
    [True, True, False, False, False, False]
    """
    if not _PAIRS.fullmatch(cell or ""):
        return False
    numbers = [int(n) for n in cell.split()]
    starts, lengths = numbers[0::2], numbers[1::2]
    return all(s >= 1 for s in starts) and all(n >= 1 for n in lengths) and all(
        a + n <= b for a, n, b in zip(starts, lengths, starts[1:]))


def decode_runs(text: str, height: int, width: int) -> list[int]:
    """The row-major indices (row * width + column) of the pixels `text`'s runs cover, in an image
    of `height` x `width`.

    >>> decode_runs("1 3 10 5", 4, 4)  # pixels 1-3 down column 0; 10-14: column 2 rows 1-3, column 3 rows 0-1
    [0, 4, 8, 6, 10, 14, 3, 7]

    Raises:
      InvalidInputError: not pairs of whole numbers, a run past the image's last pixel, or runs
        that overlap or go back.
    """
    if not _PAIRS.fullmatch(text or ""):
        raise InvalidInputError(f"{text[:40]!r} is no run-length mask (pairs of whole numbers of up to 18 digits: a start "
                                "and a length)")
    numbers = [int(n) for n in text.split()]
    covered, end = [], 0
    for start, length in zip(numbers[0::2], numbers[1::2]):
        if start < 1 or length < 1 or start <= end:
            raise InvalidInputError(f"run '{start} {length}' starts before the run before it ends, or is empty")
        end = start + length - 1
        if end > height * width:
            raise InvalidInputError(f"run '{start} {length}' ends past pixel {height * width}, the last of a {width}x{height} image")
        for n in range(start - 1, end):
            covered.append((n % height) * width + n // height)
    return covered


def class_mask_png(runs: Sequence[tuple[int, str]], height: int, width: int) -> bytes:
    """A 1-channel PNG of `height` x `width`: each pixel the class (1-255) whose runs cover it, 0 where
    none does (an image with no row: all 0).

    Raises:
      InvalidInputError: a class outside 1-255, a run that does not fit, two classes on one pixel.
    """
    from PIL import Image

    pixels = bytearray(height * width)
    for class_id, text in runs:
        if not 1 <= class_id <= 255:
            raise InvalidInputError(f"class {class_id} cannot be a mask's pixel value (1-255)")
        for at in decode_runs(text, height, width):
            if pixels[at] and pixels[at] != class_id:
                raise InvalidInputError(f"classes {pixels[at]} and {class_id} both cover pixel {at // width},{at % width}")
            pixels[at] = class_id
    out = io.BytesIO()
    Image.frombytes("L", (width, height), bytes(pixels)).save(out, format="PNG")
    return out.getvalue()
