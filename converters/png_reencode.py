"""Images stored as PNG re-encodes, and what a PNG keeps of them.

Formats TensorFlow cannot decode (TIFF, Netpbm, HEIF, AVIF: `AS_PNG` in
`shardify.format.image_formats`), and files of other formats TensorFlow would misread (animated
GIFs and WebPs, palette BMPs), are stored as a lossless PNG of the pixels Pillow decodes. This
module makes that PNG and words, from the file's header alone, what it keeps, for the repairs
report (`describe`):

  - grayscale up to 16 bits per sample: exactly (16-bit TIFF or PGM -> 16-bit PNG, which TensorFlow
    decodes to 1 channel: uint8 by default, the stored values with `dtype=tf.uint16`);
  - 32-bit integer or float grayscale: exactly when every value is a whole number 0-65535 (a 16-bit
    PNG), else the file is rejected with the range found: PNG holds no negative, fractional or
    larger values, and rescaling would store numbers the data never had;
  - colour at more than 8 bits per channel (16-bit RGB TIFF or PPM, 10-bit HEIC): 8 bits per
    channel, because Pillow, which decodes every image here, holds no deeper colour;
  - CMYK, YCbCr, LAB: converted to RGB (Pillow's conversion, without colour management);
  - several pages or images (multi-page TIFF, HEIF collections, AVIF sequences): the first page, or
    HEIF's primary image; the repair line says "first of N pages".
"""

from __future__ import annotations

import io

from PIL import Image

from shardify.errors import InvalidInputError
from shardify.format.image_formats import HEIC_BRANDS, SIXTEEN_BIT_GRAY, ftyp_brands, png_mode

__all__ = ["encode_png", "png_pixels", "display_name", "source_bits", "describe", "CONVERTED_TO_RGB", "netpbm_maxval"]

_PNG_MAX_VALUE = 65535
# Netpbm magic numbers (ASCII and binary variants) and the names users know them by.
_NETPBM_NAMES = {
    b"P1": "PBM", b"P4": "PBM", b"P2": "PGM", b"P5": "PGM", b"P3": "PPM", b"P6": "PPM", b"Pf": "PFM", b"PF": "PFM",
}
# TIFF tags read from the header. Pillow applies Orientation (1 = upright) to the pixels as it
# loads them, and reports the upright size from the header on.
_TIFF_BITS_PER_SAMPLE, _TIFF_ORIENTATION, _TIFF_SAMPLE_FORMAT = 258, 274, 339
_SIGNED, _FLOAT = 2, 3  # SampleFormat values; 1 = unsigned integer

_COLOUR_NAMES = {
    "1": "black and white", "L": "grayscale", "I;16": "grayscale", "I;16L": "grayscale",
    "I;16B": "grayscale", "I;16N": "grayscale", "I": "grayscale", "F": "grayscale",
    "LA": "grayscale with alpha", "La": "grayscale with alpha", "P": "palette", "PA": "palette with alpha",
    "RGB": "RGB", "RGBX": "RGB", "RGBA": "RGBA", "RGBa": "RGBA",
}
# Colour spaces a PNG cannot hold: converted to RGB (an ICC profile for them no longer applies).
CONVERTED_TO_RGB = frozenset({"CMYK", "YCbCr", "LAB", "HSV"})
# How the PNG's modes are named in the repair line.
_PNG_NAMES = {
    "L": "8-bit grayscale", "LA": "8-bit grayscale with alpha", "I;16": "16-bit grayscale",
    "RGB": "8-bit RGB", "RGBA": "8-bit RGBA",
}
_BYTE_BITS = 8


def _sixteen_bit_gray(image: Image.Image) -> Image.Image:
    """Deep grayscale pixels as 16-bit ("I;16"), value for value.

    Raises:
      InvalidInputError: a value is not a whole number 0-65535 (32-bit integer and float images),
        which a PNG cannot hold; rescaling would store numbers the data never had.
    """
    import numpy as np  # only images deeper than 8 bits reach here (numpy comes with Beam)

    values = np.asarray(image)
    if values.dtype.kind != "u" or values.dtype.itemsize != 2:
        finite = bool(np.isfinite(values).all())
        whole = finite and bool((values == np.round(values)).all())
        low, high = (float(values.min()), float(values.max())) if finite else (float("nan"), float("nan"))
        if not whole or low < 0 or high > _PNG_MAX_VALUE:
            found = f"values {low:g} to {high:g}" if finite else "values that are not finite (NaN or infinity)"
            if finite and not whole:
                found += ", not all whole numbers"
            raise InvalidInputError(
                f"{found}: a PNG holds whole numbers 0-{_PNG_MAX_VALUE} at most; convert the image to 8- or "
                "16-bit unsigned integers first (scaled as your data needs)"
            )
    return Image.fromarray(values.astype("<u2"))  # little-endian uint16 is Pillow's "I;16"


def png_pixels(image: Image.Image) -> Image.Image:
    """`image` in `png_mode`, the pixels unchanged wherever the mode allows (the mode `--resize`
    filters in, too).

    Raises:
      InvalidInputError: values a PNG cannot hold.
    """
    mode = png_mode(image)
    if mode == SIXTEEN_BIT_GRAY:
        return image if image.mode == mode else _sixteen_bit_gray(image)
    converted = image.convert(mode)
    if image.mode in CONVERTED_TO_RGB:
        converted.info.pop("icc_profile", None)  # it describes the colour space left behind
    return converted


def encode_png(image: Image.Image) -> bytes:
    """A lossless PNG of `image`'s pixels (see the module's docstring for what it keeps).

    Raises:
      InvalidInputError: values a PNG cannot hold.
    """
    buffer = io.BytesIO()
    png_pixels(image).save(buffer, "PNG")
    return buffer.getvalue()


def display_name(image_format: str, head: bytes) -> str:
    """The format's name as users know it: 'PGM' rather than Pillow's 'PPM', 'HEIC' for HEVC HEIF."""
    if image_format == "pnm":
        return _NETPBM_NAMES.get(head[:2], "PNM")
    if image_format == "heif":
        major, compatible = ftyp_brands(head)
        return "HEIC" if major in HEIC_BRANDS or HEIC_BRANDS.intersection(compatible) else "HEIF"
    return image_format.upper()


def netpbm_maxval(image: Image.Image) -> int | None:
    """The PGM/PPM header's maxval, which Pillow keeps only in its decoder arguments."""
    for tile in getattr(image, "tile", ()):
        args = tile.args
        if isinstance(args, tuple) and len(args) == 2 and isinstance(args[1], int):
            return args[1]  # the "ppm" decoders, which scale by maxval
        if args == "I;16B":
            return 65535
    return None


def source_bits(image: Image.Image, image_format: str) -> int | None:
    """Bits per sample the file holds, from its header (Pillow may decode to fewer), or None when
    the header does not say."""
    if image.mode == "1":
        return 1
    if image_format == "tiff":
        bits = getattr(image, "tag_v2", {}).get(_TIFF_BITS_PER_SAMPLE)
        bits = max(bits) if isinstance(bits, tuple) and bits else bits
        return bits if isinstance(bits, int) else None
    if image_format == "pnm":
        if image.mode == "F":
            return 32
        maxval = netpbm_maxval(image)
        return max(_BYTE_BITS, maxval.bit_length()) if maxval else _BYTE_BITS
    if image_format == "heif":
        bits = image.info.get("bit_depth")
        return bits if isinstance(bits, int) else None
    return None  # AVIF: Pillow decodes to 8 bits per channel and does not say what the file held


def _sample_kind(image: Image.Image, image_format: str) -> str:
    if image.mode == "F":
        return "float "
    if image_format == "tiff" and image.mode == "I":
        sample_format = getattr(image, "tag_v2", {}).get(_TIFF_SAMPLE_FORMAT)
        sample_format = sample_format[0] if isinstance(sample_format, tuple) and sample_format else sample_format
        return {_SIGNED: "signed ", _FLOAT: "float "}.get(sample_format, "")
    return ""


def describe(image: Image.Image, image_format: str, head: bytes, png_mode: str) -> tuple[str, str]:
    """How the file is stored, for the repairs report, read from the header alone.

    Args:
      image: the file opened by Pillow (not decoded).
      image_format: a format stored as PNG (see `shardify.format.image_formats`).
      head: the file's first bytes.
      png_mode: the Pillow mode the PNG is saved in.

    Returns:
      (what the file is, e.g. "TIFF (16-bit grayscale, first of 3 pages)",
       what is stored, e.g. "16-bit grayscale PNG").
    """
    bits = source_bits(image, image_format)
    colour = _COLOUR_NAMES.get(image.mode, image.mode)
    facts = [f"{bits}-bit {_sample_kind(image, image_format)}{colour}" if bits else colour]
    frames = getattr(image, "n_frames", 1)
    if isinstance(frames, int) and frames > 1:
        if image_format == "heif":  # pi-heif opens the primary image, which need not be the first
            facts.append(f"primary of {frames} images")
        else:
            facts.append(f"first of {frames} {'pages' if image_format == 'tiff' else 'frames'}")
    notes = []
    if image.mode in CONVERTED_TO_RGB:
        notes.append(f"{image.mode} converted to RGB")
    if png_mode != "I;16" and bits and bits > _BYTE_BITS and image.mode not in ("I", "F"):
        notes.append(f"{bits} bits per channel reduced to 8")
    if image.mode in ("I", "F") and not (image_format == "pnm" and image.mode == "I"):
        notes.append("values kept exactly: all whole numbers 0-65535")
    orientation = getattr(image, "tag_v2", {}).get(_TIFF_ORIENTATION) if image_format == "tiff" else None
    if isinstance(orientation, int) and 2 <= orientation <= 8:
        notes.append(f"its Orientation {orientation} applied")
    maxval = netpbm_maxval(image) if image_format == "pnm" else None
    if maxval and maxval not in (255, 65535):
        notes.append(f"values scaled from 0-{maxval} to 0-{65535 if png_mode == 'I;16' else 255}")
    stored = f"{_PNG_NAMES[png_mode]} PNG"
    if notes:
        stored += f" ({'; '.join(notes)})"
    return f"{display_name(image_format, head)} ({', '.join(facts)})", stored
