"""Every image format shardify reads, one row each: how it is recognised, which Pillow plugin
reads it, its file name suffixes, whether TensorFlow decodes it, how a whole file is checked for
truncation, and what `tf.io.decode_image(channels=0)` returns for the bytes stored.

    format  Pillow  TensorFlow decodes  stored as
    jpeg    JPEG    yes                 found
    png     PNG     yes                 found
    gif     GIF     yes (first frame)   found; animated: first frame as PNG
    bmp     BMP     24/32-bit, 8-bit L  found; palette and 1/4-bit: PNG (TensorFlow misreads them)
    webp    WEBP    yes                 found; animated: first frame as PNG
    tiff    TIFF    no                  PNG
    pnm     PPM     no                  PNG (PBM, PGM, PPM, PFM: one family to Pillow)
    heif    HEIF    no                  PNG (needs pi-heif, loaded when the first one is met)
    avif    AVIF    no                  PNG (needs Pillow built with libavif)

Adding a format is one row of FORMATS. Detection goes by signature, never by suffix; the suffixes
tell which files count as images when a layout is detected, and notice a file named for another
format. Nothing here imports Pillow at import time: readers that open stored images ask
`STORED_IMAGE_FORMATS` which plugins they may use, and rows' functions take an opened image.
"""

from __future__ import annotations

import functools
import re
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = [
    "SNIFF_BYTES",
    "AS_FOUND",
    "AS_PNG",
    "ImageFormat",
    "FORMATS",
    "BY_NAME",
    "STORED_IMAGE_FORMATS",
    "IMAGE_SUFFIXES",
    "sniff",
    "png_mode",
    "png_channels",
    "SIXTEEN_BIT_GRAY",
    "DEEP_GRAY_MODES",
]

# Enough bytes to recognise every supported signature: HEIF and AVIF are told apart by the brands
# of their leading `ftyp` box, which phones and encoders keep under 64 bytes (28 and 32 measured).
SNIFF_BYTES = 64
# How a format's files are stored: as found (TensorFlow decodes them; a file it would misread is
# re-encoded as PNG, and says why), or always as a lossless PNG of the pixels Pillow decodes.
AS_FOUND, AS_PNG = "as found", "png"

Image = Any  # a Pillow image, opened by the caller (not imported here)


@dataclass(frozen=True)
class ImageFormat:
    """One row of the format table.

    Attributes:
      name: ours, as `image/format` holds it and as rejects and repairs name it.
      pillow: the Pillow plugin that reads it (the only one a file of this format is opened with).
      suffixes: file name suffixes it goes by, lower case with the dot.
      signature: the file's first SNIFF_BYTES -> it is this format.
      stored: AS_FOUND or AS_PNG.
      truncation: a whole file's bytes -> why it is cut short, or None; a structure check that
        needs no decoding (None: the format has none; a decode finds the damage).
      channels: (opened image, first bytes) -> channels TensorFlow decodes from the file as found.
      misread: (opened image, whole file) -> why TensorFlow would misread this file as found, so
        that it is stored as PNG, or "".
      decoder_missing: () -> why this installation cannot decode the format, or "".
    """

    name: str
    pillow: str
    suffixes: tuple[str, ...]
    signature: Callable[[bytes], bool]
    stored: str = AS_FOUND
    truncation: Callable[[bytes], str | None] | None = None
    channels: Callable[[Image, bytes], int] | None = None
    misread: Callable[[Image, bytes], str] = lambda image, data: ""
    decoder_missing: Callable[[], str] = lambda: ""

    def __post_init__(self) -> None:
        if self.stored not in (AS_FOUND, AS_PNG):
            raise ValueError(f"format {self.name}: stored {self.stored!r} is neither {AS_FOUND!r} nor {AS_PNG!r}")
        if (self.stored == AS_FOUND) != (self.channels is not None):
            raise ValueError(f"format {self.name}: a format stored as found, and only such, says its channels")


# PNG re-encodes ---------------------------------------------------------------------------------

SIXTEEN_BIT_GRAY = "I;16"
_PNG_CHANNELS = {"L": 1, "LA": 2, SIXTEEN_BIT_GRAY: 1, "RGB": 3, "RGBA": 4}
# Grayscale modes deeper than 8 bits: stored as 16-bit PNG (values checked where they may not fit).
DEEP_GRAY_MODES = frozenset({"I;16", "I;16L", "I;16B", "I;16N", "I", "F"})


def png_mode(image: Image) -> str:
    """The mode a PNG re-encode of `image` is saved in: palettes expanded, 1-bit widened, deep
    grayscale kept at 16 bits, premultiplied alpha undone, other colour spaces converted to RGB."""
    mode = image.mode
    if mode in ("P", "PA"):
        return "RGBA" if mode == "PA" or "transparency" in image.info else "RGB"
    if mode == "1":
        return "L"
    if mode in DEEP_GRAY_MODES:
        return SIXTEEN_BIT_GRAY
    if mode in ("La", "RGBa"):
        return mode.upper()
    return mode if mode in _PNG_CHANNELS else "RGB"


def png_channels(image: Image) -> int:
    """Channels TensorFlow decodes from a PNG re-encode of `image`."""
    return _PNG_CHANNELS[png_mode(image)]


# JPEG, PNG, GIF, BMP, WebP: TensorFlow decodes them ---------------------------------------------

_JPEG_SOS, _JPEG_EOI = b"\xff\xda", b"\xff\xd9"
_PNG_IEND = b"IEND\xaeB`\x82"  # the IEND chunk type and its fixed CRC
_BMP_UNCOMPRESSED = (0, 3)  # BI_RGB, BI_BITFIELDS: the pixel array's size follows from the header


def _jpeg_truncation(data: bytes) -> str | None:
    """No end-of-image marker after the last start-of-scan (byte stuffing keeps FF D9 out of scan
    data; a thumbnail's EOI comes before the main scan)."""
    end = data.rfind(_JPEG_EOI)  # at the very end of a whole file, so this scan is short
    if end < 0 or data.find(_JPEG_SOS, end) >= 0:
        return "truncated JPEG: no end-of-image marker after the last scan"
    return None


def _png_truncation(data: bytes) -> str | None:
    if _PNG_IEND not in data[-4096:] and _PNG_IEND not in data:
        return "truncated PNG: no IEND chunk"
    return None


def _gif_truncation(data: bytes) -> str | None:
    return None if data.rstrip(b"\x00").endswith(b";") else "truncated GIF: no trailer byte"


def _webp_truncation(data: bytes) -> str | None:
    declared = int.from_bytes(data[4:8], "little") + 8
    if len(data) < declared:
        return f"truncated WebP: {len(data)} of the {declared} bytes its header declares"
    return None


def _bmp_truncation(data: bytes) -> str | None:
    """An uncompressed BMP with fewer bytes than its pixels need."""
    if len(data) < 34:
        return None
    offset, width, height, bits, compression = struct.unpack_from("<I4xii2xHI", data, 10)
    if compression in _BMP_UNCOMPRESSED and bits:
        needed = offset + ((bits * abs(width) + 31) // 32) * 4 * abs(height)
        if len(data) < needed:
            return f"truncated BMP: {len(data)} of the {needed} bytes its pixels need"
    return None


def _png_decoded_channels(image: Image, head: bytes) -> int:
    mode = image.mode
    if mode in ("1", "L", "I", "I;16", "I;16B", "I;16L"):
        return 1
    if mode in ("LA", "La"):
        return 2
    if mode == "P":
        return 4 if "transparency" in image.info else 3
    if mode in ("RGBA", "RGBa", "PA"):
        return 4
    return 3


def bmp_bits_per_pixel(head: bytes) -> int:
    (dib_header_bytes,) = struct.unpack_from("<I", head, 14)
    offset = 24 if dib_header_bytes == 12 else 28  # OS/2 core header vs. BITMAPINFOHEADER and later
    (bits,) = struct.unpack_from("<H", head, offset)
    return bits


def _bmp_decodes_in_tensorflow(bits: int, mode: str) -> bool:
    return bits in (24, 32) or (bits == 8 and mode == "L")


def _bmp_channels(image: Image, head: bytes) -> int:
    bits = bmp_bits_per_pixel(head)
    if bits == 32:
        return 4
    if _bmp_decodes_in_tensorflow(bits, image.mode):
        return 3 if bits == 24 else 1
    return png_channels(image)  # misread as found: stored as PNG


def _bmp_misread(image: Image, data: bytes) -> str:
    bits = bmp_bits_per_pixel(data)
    if _bmp_decodes_in_tensorflow(bits, image.mode):
        return ""
    return f"{bits}-bit {image.mode} BMP (TensorFlow misreads it): stored as PNG"


def _animation_misread(name: str) -> Callable[[Image, bytes], str]:
    """One frame per record: TensorFlow decodes an animation to a stack of frames (and an animated
    WebP crashed the TensorFlow 2.21 process with `free(): invalid next size`)."""

    def misread(image: Image, data: bytes) -> str:
        if getattr(image, "is_animated", False):
            return f"animated {name} ({image.n_frames} frames): first frame stored as PNG"
        return ""

    return misread


# TIFF, Netpbm, HEIF, AVIF: Pillow reads them, TensorFlow does not -------------------------------

# Classic TIFF and BigTIFF, little- and big-endian.
_TIFF_SIGNATURES = (b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+")
# A Netpbm magic number, whitespace, then the width or a comment: "P5 is a note" is not a picture.
_NETPBM_HEADER = re.compile(rb"P[1-6Ff]\s+(?:#|\d)")
# ISO base media file brands (the `ftyp` box). AVIF files also list `mif1`, so AVIF brands are
# looked for first, unless the major brand is an HEVC one.
_AVIF_BRANDS = frozenset({b"avif", b"avis"})
HEIC_BRANDS = frozenset({b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx"})
_HEIF_BRANDS = HEIC_BRANDS | {b"mif1", b"msf1"}


def ftyp_brands(head: bytes) -> tuple[bytes, list[bytes]]:
    """(major brand, compatible brands) of an ISO base media file's leading `ftyp` box, or (b"", [])."""
    if head[4:8] != b"ftyp" or len(head) < 12:
        return b"", []
    end = min(int.from_bytes(head[:4], "big"), len(head))
    return head[8:12], [head[i : i + 4] for i in range(16, end - 3, 4)]


def _iso_media_image(head: bytes) -> str | None:
    """"avif" or "heif" from the `ftyp` brands, or None."""
    major, compatible = ftyp_brands(head)
    if major in _AVIF_BRANDS:
        return "avif"
    if major in HEIC_BRANDS:
        return "heif"
    if _AVIF_BRANDS.intersection(compatible):
        return "avif"
    if major in _HEIF_BRANDS or _HEIF_BRANDS.intersection(compatible):
        return "heif"
    return None


@functools.lru_cache(maxsize=None)
def _heif_decoder_missing() -> str:
    """Registers pi-heif's HEIF opener with Pillow, once per process; returns why it cannot, or ""."""
    try:
        import pi_heif  # imported here: only conversions that meet a HEIF file pay for it (~40 ms)
    except ImportError as error:
        return f"HEIF/HEIC needs the pi-heif package, which is not installed ({error}): pip install pi-heif"
    pi_heif.register_heif_opener()
    return ""


def _avif_decoder_missing() -> str:
    from PIL import features

    return "" if features.check("avif") else "AVIF needs Pillow 11.3 or later built with libavif, which this Pillow is not"


# The table --------------------------------------------------------------------------------------

FORMATS: tuple[ImageFormat, ...] = (
    ImageFormat(
        "jpeg", "JPEG", (".jpg", ".jpeg", ".jpe", ".jfif"),
        signature=lambda head: head.startswith(b"\xff\xd8\xff"),
        truncation=_jpeg_truncation,
        channels=lambda image, head: 1 if image.mode == "L" else 3,
    ),
    ImageFormat(
        "png", "PNG", (".png",),
        signature=lambda head: head.startswith(b"\x89PNG\r\n\x1a\n"),
        truncation=_png_truncation,
        channels=_png_decoded_channels,
    ),
    ImageFormat(
        "gif", "GIF", (".gif",),
        signature=lambda head: head[:6] in (b"GIF87a", b"GIF89a"),
        truncation=_gif_truncation,
        channels=lambda image, head: 3,
        misread=_animation_misread("GIF"),
    ),
    ImageFormat(
        "bmp", "BMP", (".bmp", ".dib"),
        signature=lambda head: head.startswith(b"BM"),
        truncation=_bmp_truncation,
        channels=_bmp_channels,
        misread=_bmp_misread,
    ),
    ImageFormat(
        "webp", "WEBP", (".webp",),
        signature=lambda head: head[:4] == b"RIFF" and head[8:12] == b"WEBP",
        truncation=_webp_truncation,
        channels=lambda image, head: 4 if image.mode == "RGBA" else 3,
        misread=_animation_misread("WEBP"),
    ),
    ImageFormat("tiff", "TIFF", (".tif", ".tiff"), signature=lambda head: head[:4] in _TIFF_SIGNATURES, stored=AS_PNG),
    ImageFormat(
        "pnm", "PPM", (".pbm", ".pgm", ".ppm", ".pnm", ".pfm"),
        signature=lambda head: bool(_NETPBM_HEADER.match(head)),
        stored=AS_PNG,
    ),
    ImageFormat(
        "avif", "AVIF", (".avif",),
        signature=lambda head: _iso_media_image(head) == "avif",
        stored=AS_PNG,
        decoder_missing=_avif_decoder_missing,
    ),
    ImageFormat(
        "heif", "HEIF", (".heic", ".heif", ".hif"),
        signature=lambda head: _iso_media_image(head) == "heif",
        stored=AS_PNG,
        decoder_missing=_heif_decoder_missing,
    ),
)
BY_NAME: Mapping[str, ImageFormat] = {f.name: f for f in FORMATS}
# What `image/encoded` may hold, by Pillow plugin -> our name: the formats stored as found. Readers
# open a record's image with these plugins only: a crafted shard's EPS or PDF must not reach a
# plugin that runs an outside program.
STORED_IMAGE_FORMATS: Mapping[str, str] = {f.pillow: f.name for f in FORMATS if f.stored == AS_FOUND}
# Suffixes that count as images when a layout is detected (without the dot).
IMAGE_SUFFIXES = frozenset(suffix[1:] for f in FORMATS for suffix in f.suffixes)


def sniff(head: bytes) -> ImageFormat | None:
    """The format whose signature the file's first bytes carry (never judged by its name), or None."""
    return next((f for f in FORMATS if f.signature(head)), None)
