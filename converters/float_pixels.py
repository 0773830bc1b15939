"""Float image arrays as public downloads ship them, made uint8 pixels by one rule, never clipped.

Olivetti faces (`olivetti_faces.npy`: float32 in [0, 1]), USPS (`usps.h5`: float64 rows in [0, 1]),
Keras and scikit-learn users' `x_train.npy` saved after `/ 255.0`, or images kept as floats of
whole values 0-255: the same pixels in another dtype. The rule, for one array as a whole:

  [0, 1]       every value of the image finite and in [0, 1]: scaled by 255, rounded half to even
               (numpy's `rint`: deterministic, 0.5/255 steps land on even values)
  0-255        every value finite, whole and in [0, 255]: cast as it is

The array takes the reading under which more of its images are valid ([0, 1] on a tie: an array
of only 0.0 and 1.0 is a binary image, written 0 and 255). An image that the array's reading does
not fit (a NaN, an infinity, a negative value, a value above the range, a fraction in a 0-255
array) is rejected with its reason; its neighbours are written. Nothing is clipped: a value
outside the range means the array is not pixels as this rule reads them, and writing it clipped
would train on something else without a word.

The survey keeps one byte per image (what each reading makes of it) and the reasons of the
rejected ones, so an HDF5 dataset is surveyed a block at a time (`survey` over blocks).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

__all__ = ["UNIT", "BYTE", "FloatReading", "describe", "is_float", "survey", "to_uint8", "read_floats", "read_array"]

UNIT, BYTE = 255.0, 1.0  # the factor each reading multiplies by
_FITS_UNIT, _FITS_BYTE = 1, 2  # bits of what each image fits


@dataclass(frozen=True)
class FloatReading:
    """How a float array is read: `scale` (UNIT or BYTE) and the images rejected, index -> reason."""

    scale: float
    rejected: dict[int, str] = field(default_factory=dict)


def describe(reading: FloatReading | None) -> str:
    """The plan's words for a reading ("" for an array that is not of floats)."""
    if reading is None:
        return ""
    return "floats in [0, 1], scaled by 255" if reading.scale == UNIT else "floats of whole values 0-255, cast"


def is_float(array: np.ndarray) -> bool:
    return array.dtype.kind == "f"


def _fits(block: np.ndarray) -> tuple[np.ndarray, dict[int, str]]:
    """Per image of `block` ([n, ...] floats): the readings it fits (bits), and why an image fits
    neither, by its index in the block (whole-array operations; a loop over the rejected only)."""
    flat = block.reshape(len(block), -1)
    fits = np.zeros(len(flat), np.uint8)
    reasons: dict[int, str] = {}
    if flat.size == 0:
        return fits, reasons
    finite = np.isfinite(flat)
    values = np.where(finite, flat, 0)
    finite, low, high = finite.all(axis=1), values.min(axis=1), values.max(axis=1)
    whole = (values == np.rint(values)).all(axis=1)
    valid = finite & (low >= 0) & (high <= 255)
    fits[valid & (high <= 1)] |= _FITS_UNIT
    fits[valid & whole] |= _FITS_BYTE
    for i in np.flatnonzero(fits == 0):
        i = int(i)
        if not finite[i]:
            reasons[i] = "its pixels hold NaN or infinite values: no image (nothing is clipped)"
        elif low[i] < 0:
            reasons[i] = f"its pixels hold negative values (as low as {float(low[i]):g}): neither floats in [0, 1] nor 0-255"
        elif high[i] > 255:
            reasons[i] = f"its pixels hold values above 255 (as high as {float(high[i]):g}): neither floats in [0, 1] nor 0-255"
        else:
            reasons[i] = f"its pixels hold fractions above 1 (as high as {float(high[i]):g}): neither floats in [0, 1] nor whole 0-255"
    return fits, reasons


def survey(blocks: Iterable[np.ndarray]) -> FloatReading:
    """The reading of an array given as consecutive blocks of its images (the whole array is one)."""
    parts, reasons = [], {}
    start = 0
    for block in blocks:
        fits, found = _fits(np.asarray(block))
        parts.append(fits)
        reasons.update({start + i: reason for i, reason in found.items()})
        start += len(block)
    fits = np.concatenate(parts) if parts else np.zeros(0, np.uint8)
    unit = int(np.count_nonzero(fits & _FITS_UNIT))
    byte = int(np.count_nonzero(fits & _FITS_BYTE))
    scale, bit = (UNIT, _FITS_UNIT) if unit >= byte else (BYTE, _FITS_BYTE)
    for i in np.flatnonzero((fits & bit) == 0):
        if int(i) in reasons:
            continue
        reasons[int(i)] = (
            "its pixels are whole values above 1 in an array of floats in [0, 1]"
            if scale == UNIT
            else "its pixels hold fractions in an array of whole values 0-255"
        )
    return FloatReading(scale, dict(sorted(reasons.items())))


def to_uint8(block: np.ndarray, reading: FloatReading, start: int = 0) -> np.ndarray:
    """`block`'s images (the array's from index `start`) as uint8 by `reading`; a rejected image
    is all 0 (never written: discovery rejected it)."""
    values = np.asarray(block, np.float64)
    bad = [i - start for i in reading.rejected if start <= i < start + len(values)]
    if bad:
        values = values.copy()
        values[bad] = 0
    return np.rint(values * reading.scale).astype(np.uint8)


def read_floats(images: np.ndarray) -> tuple[np.ndarray, dict[int, str]]:
    """A whole array's images as uint8 and the rejected ones (index -> reason); an array that is
    not of floats is given back as it is."""
    pixels, reading = read_array(images)
    return pixels, reading.rejected if reading is not None else {}


def read_array(images: np.ndarray) -> tuple[np.ndarray, FloatReading | None]:
    """`read_floats`, with the reading itself (None for an array that is not of floats)."""
    if not is_float(images):
        return images, None
    reading = survey([images])
    return to_uint8(images, reading), reading
