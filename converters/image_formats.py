"""Image formats TensorFlow cannot decode that Pillow reads: TIFF, Netpbm (PBM, PGM, PPM, PFM), HEIF
(HEIC) and AVIF. `images.store_image` stores them as PNG, re-encoded losslessly from the pixels
Pillow decodes; this module knows, for each, its signature, the name users know it by (to Pillow a
PGM is a "PPM"), the plugin that reads it, and what its header says a PNG cannot keep.

What a PNG keeps, decided here and said in each repair line (`describe`):
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

HEIF needs `pi-heif` (libheif with its HEVC decoder and no encoder; pillow-heif's decode-only
build): it is imported and registered with Pillow when the first HEIF file is met, so a conversion
without one pays nothing. AVIF is read by Pillow itself (11.3 and later, built with libavif).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from PIL import Image, features

from shardify.errors import InvalidInputError

__all__ = [
    "PILLOW_NAMES",
    "FILE_SUFFIXES",
    "sniff",
    "display_name",
    "require_decoder",
    "source_bits",
    "describe",
    "CONVERTED_TO_RGB",
]

# Our format name -> Pillow's. Netpbm is one family to Pillow ("PPM", PFM included).
PILLOW_NAMES: Mapping[str, str] = {"tiff": "TIFF", "pnm": "PPM", "heif": "HEIF", "avif": "AVIF"}
FILE_SUFFIXES: Mapping[str, tuple[str, ...]] = {
    "tiff": (".tif", ".tiff"),
    "pnm": (".pbm", ".pgm", ".ppm", ".pnm", ".pfm"),
    "heif": (".heic", ".heif", ".hif"),
    "avif": (".avif",),
}

# Classic TIFF and BigTIFF, little- and big-endian.
_TIFF_SIGNATURES = (b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+")
# Netpbm magic numbers (ASCII and binary variants) and the names users know them by.
_NETPBM_NAMES = {
    b"P1": "PBM", b"P4": "PBM", b"P2": "PGM", b"P5": "PGM", b"P3": "PPM", b"P6": "PPM", b"Pf": "PFM", b"PF": "PFM",
}
# A magic number, whitespace, then the width or a comment: "P5 is a note" is not a picture.
_NETPBM_HEADER = re.compile(rb"P[1-6Ff]\s+(?:#|\d)")
# ISO base media file brands (the `ftyp` box). AVIF files also list `mif1`, so AVIF brands are
# looked for first, unless the major brand is an HEVC one.
_AVIF_BRANDS = frozenset({b"avif", b"avis"})
_HEIC_BRANDS = frozenset({b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx"})
_HEIF_BRANDS = _HEIC_BRANDS | {b"mif1", b"msf1"}

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


def _ftyp_brands(head: bytes) -> tuple[bytes, list[bytes]]:
    """(major brand, compatible brands) of an ISO base media file's leading `ftyp` box, or (b"", [])."""
    if head[4:8] != b"ftyp" or len(head) < 12:
        return b"", []
    end = min(int.from_bytes(head[:4], "big"), len(head))
    return head[8:12], [head[i : i + 4] for i in range(16, end - 3, 4)]


def sniff(head: bytes) -> str | None:
    """One of PILLOW_NAMES' formats from the file's first bytes (see `images.SNIFF_BYTES`), or None."""
    if head[:4] in _TIFF_SIGNATURES:
        return "tiff"
    if _NETPBM_HEADER.match(head):
        return "pnm"
    major, compatible = _ftyp_brands(head)
    if major in _AVIF_BRANDS:
        return "avif"
    if major in _HEIC_BRANDS:
        return "heif"
    if _AVIF_BRANDS.intersection(compatible):
        return "avif"
    if major in _HEIF_BRANDS or _HEIF_BRANDS.intersection(compatible):
        return "heif"
    return None


def display_name(image_format: str, head: bytes) -> str:
    """The format's name as users know it: 'PGM' rather than Pillow's 'PPM', 'HEIC' for HEVC HEIF."""
    if image_format == "pnm":
        return _NETPBM_NAMES.get(head[:2], "PNM")
    if image_format == "heif":
        major, compatible = _ftyp_brands(head)
        return "HEIC" if major in _HEIC_BRANDS or _HEIC_BRANDS.intersection(compatible) else "HEIF"
    return image_format.upper()


@functools.lru_cache(maxsize=None)
def _heif_decoder_missing() -> str:
    """Registers pi-heif's HEIF opener with Pillow, once per process; returns why it cannot, or ""."""
    try:
        import pi_heif  # imported here: only conversions that meet a HEIF file pay for it (~40 ms)
    except ImportError as error:
        return f"HEIF/HEIC needs the pi-heif package, which is not installed ({error}): pip install pi-heif"
    pi_heif.register_heif_opener()
    return ""


def require_decoder(image_format: str) -> None:
    """Makes sure Pillow can read `image_format` (loading its plugin on first use).

    Raises:
      InvalidInputError: this installation cannot decode it (the reason says what to install).
    """
    if image_format == "heif":
        missing = _heif_decoder_missing()
        if missing:
            raise InvalidInputError(missing)
    elif image_format == "avif" and not features.check("avif"):
        raise InvalidInputError("AVIF needs Pillow 11.3 or later built with libavif, which this Pillow is not")


def _netpbm_maxval(image: Image.Image) -> int | None:
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
        maxval = _netpbm_maxval(image)
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
      image_format: one of PILLOW_NAMES.
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
    maxval = _netpbm_maxval(image) if image_format == "pnm" else None
    if maxval and maxval not in (255, 65535):
        notes.append(f"values scaled from 0-{maxval} to 0-{65535 if png_mode == 'I;16' else 255}")
    stored = f"{_PNG_NAMES[png_mode]} PNG"
    if notes:
        stored += f" ({'; '.join(notes)})"
    return f"{display_name(image_format, head)} ({', '.join(facts)})", stored
