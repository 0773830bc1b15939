"""Image inputs: detect the format from the bytes, read the header, check and store the image.

`channels` is what `tf.io.decode_image(channels=0)` returns for the stored bytes, which is not always
Pillow's mode (measured with TensorFlow 2.21): CMYK JPEGs decode to 3 channels (the same RGB as
Pillow's), 32-bit BMPs to 4, GIFs always to 3, palette PNGs to 3 (4 with transparency), 16-bit PNGs
to 8 bits (value >> 8). Those are stored unchanged. Files TensorFlow would decode wrongly are
re-encoded as PNG by `store_image`, which says so: palette and 1/4-bit BMPs (TensorFlow returns raw
indices, or fails), animated GIFs and WebPs (one frame per record; an animated WebP crashes the
TensorFlow 2.21 process with `free(): invalid next size`). Formats TensorFlow cannot decode at all
(TIFF, PBM/PGM/PPM/PFM, HEIF/HEIC, AVIF; see `image_formats`) are always stored as PNG: their
`ImageInfo` gives the PNG's channels from discovery on, so the plan and the record agree.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import struct
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from PIL import Image, ImageOps, UnidentifiedImageError
from shardify.converters import image_formats

from shardify.errors import InvalidInputError
from shardify.format import contract
from shardify.plan.defaults import DEFAULT_MAX_PIXELS, VALIDATE_FULL, VALIDATION_LEVELS

__all__ = [
    "ImageInfo",
    "StoredImage",
    "sniff_format",
    "probe_image",
    "probe_bytes",
    "truncation",
    "store_image",
    "image_values",
]


# Enough bytes to recognise every supported signature: HEIF and AVIF are told apart by the brands
# of their leading `ftyp` box, which phones and encoders keep under 64 bytes (28 and 32 measured).
SNIFF_BYTES = 64

# Formats TensorFlow decodes, stored as they are unless it would misread them.
_TENSORFLOW_FORMATS = contract.STORED_IMAGE_FORMATS
# Our format name -> the Pillow plugin that opens it.
_PILLOW_NAMES = {
    **{ours: name for name, ours in _TENSORFLOW_FORMATS.items()},
    **image_formats.PILLOW_NAMES,
}


@dataclass(frozen=True)
class ImageInfo:
    """What the header says about an image.

    Attributes:
      image_format: the file's format: "jpeg", "png", "gif", "bmp", "webp", or one TensorFlow cannot
        decode ("tiff", "pnm", "heif", "avif"; see `image_formats`), which is stored as PNG.
      height, width: pixels (of the first page or frame, which is what is stored).
      channels: channels `tf.io.decode_image(channels=0)` returns for the stored bytes (the PNG's,
        for a format stored as PNG).
    """

    image_format: str
    height: int
    width: int
    channels: int


def sniff_format(head: bytes) -> str | None:
    """The image format from its first bytes (never from the file name), or None."""
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if head.startswith(b"BM"):
        return "bmp"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    return image_formats.sniff(head)


def _bmp_bits_per_pixel(head: bytes) -> int:
    (dib_header_bytes,) = struct.unpack_from("<I", head, 14)
    offset = 24 if dib_header_bytes == 12 else 28  # OS/2 core header vs. BITMAPINFOHEADER and later
    (bits,) = struct.unpack_from("<H", head, offset)
    return bits


_SIXTEEN_BIT_GRAY = "I;16"
_PNG_CHANNELS = {"L": 1, "LA": 2, _SIXTEEN_BIT_GRAY: 1, "RGB": 3, "RGBA": 4}
# Grayscale modes deeper than 8 bits: stored as 16-bit PNG (values checked where they may not fit).
_DEEP_GRAY_MODES = frozenset({"I;16", "I;16L", "I;16B", "I;16N", "I", "F"})
_PNG_MAX_VALUE = 65535


def _png_mode(image: Image.Image) -> str:
    """The mode a PNG re-encode of `image` is saved in: palettes expanded, 1-bit widened, deep
    grayscale kept at 16 bits, premultiplied alpha undone, other colour spaces converted to RGB."""
    mode = image.mode
    if mode in ("P", "PA"):
        return "RGBA" if mode == "PA" or "transparency" in image.info else "RGB"
    if mode == "1":
        return "L"
    if mode in _DEEP_GRAY_MODES:
        return _SIXTEEN_BIT_GRAY
    if mode in ("La", "RGBa"):
        return mode.upper()
    return mode if mode in _PNG_CHANNELS else "RGB"


def _bmp_decodes_in_tensorflow(bits: int, mode: str) -> bool:
    return bits in (24, 32) or (bits == 8 and mode == "L")


def _decoded_channels(image: Image.Image, image_format: str, head: bytes) -> int:
    """Channels TensorFlow decodes from the bytes `store_image` will store (maybe a PNG re-encode)."""
    mode = image.mode
    if image_format == "jpeg":
        return 1 if mode == "L" else 3
    if image_format == "gif":
        return 3
    if image_format == "webp":
        return 4 if mode == "RGBA" else 3
    if image_format == "bmp":
        bits = _bmp_bits_per_pixel(head)
        if bits == 32:
            return 4
        if _bmp_decodes_in_tensorflow(bits, mode):
            return 3 if bits == 24 else 1
        return _PNG_CHANNELS[_png_mode(image)]
    if image_format in image_formats.PILLOW_NAMES:
        return _PNG_CHANNELS[_png_mode(image)]
    # PNG
    if mode in ("1", "L", "I", "I;16", "I;16B", "I;16L"):
        return 1
    if mode in ("LA", "La"):
        return 2
    if mode == "P":
        return 4 if "transparency" in image.info else 3
    if mode in ("RGBA", "RGBa", "PA"):
        return 4
    return 3


# What Pillow and its plugins raise on malformed files: a TIFF page without dimensions raises
# TypeError, libheif's errors come as ValueError or RuntimeError, a broken IFD chain as EOFError.
_MALFORMED = (OSError, SyntaxError, ValueError, TypeError, IndexError, KeyError, RuntimeError, EOFError, struct.error)


def _said(error: Exception) -> str:
    """An error's message on one line, without the object addresses Pillow puts in some (a reject
    reason must be the same on every run)."""
    if isinstance(error, UnidentifiedImageError):
        return "Pillow cannot identify it"
    return " ".join(str(error).split())


@contextlib.contextmanager
def _pillow_allowing(max_pixels: int) -> Iterator[None]:
    """Pillow's own guard set to `max_pixels`: it warns from 89 MP and refuses from twice that on
    its own, whatever the limit here (by default its refusal), which is checked from the header
    before any decode. The process-wide limit is only ever raised."""
    if Image.MAX_IMAGE_PIXELS and max_pixels > 2 * Image.MAX_IMAGE_PIXELS:
        Image.MAX_IMAGE_PIXELS = max_pixels // 2 + 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        yield


def probe_image(fileobj: BinaryIO, *, max_pixels: int = DEFAULT_MAX_PIXELS) -> ImageInfo:
    """Reads only the header of an image file.

    Raises:
      InvalidInputError: not a supported image, unreadable header, too many pixels, or a variant
        TensorFlow cannot decode to the recorded shape.
    """
    head = fileobj.read(SNIFF_BYTES)
    if not head:
        raise InvalidInputError("empty file")
    image_format = sniff_format(head[:SNIFF_BYTES])
    if image_format is None:
        raise InvalidInputError(
            "not a JPEG, PNG, GIF, BMP, WebP, TIFF, PBM/PGM/PPM/PFM, HEIF/HEIC or AVIF image (unknown signature)"
        )
    image_formats.require_decoder(image_format)
    fileobj.seek(0)
    try:
        with _pillow_allowing(max_pixels):
            with Image.open(fileobj, formats=[_PILLOW_NAMES[image_format]]) as image:
                width, height = image.size
                if width * height > max_pixels:
                    raise InvalidInputError(f"{width}x{height} pixels exceeds the limit of {max_pixels}")
                channels = _decoded_channels(image, image_format, head)
    except InvalidInputError:
        raise
    except Image.DecompressionBombError as error:
        raise InvalidInputError(f"decompression bomb: {error}") from None
    except _MALFORMED as error:  # UnidentifiedImageError is an OSError
        raise InvalidInputError(f"unreadable {image_format} header: {_said(error)}") from None
    if width < 1 or height < 1:
        raise InvalidInputError(f"{image_format} header gives an empty image ({width}x{height})")
    return ImageInfo(image_format, height, width, channels)


_JPEG_SOS, _JPEG_EOI = b"\xff\xda", b"\xff\xd9"
_PNG_IEND = b"IEND\xaeB`\x82"  # the IEND chunk type and its fixed CRC
_BMP_UNCOMPRESSED = (0, 3)  # BI_RGB, BI_BITFIELDS: the pixel array's size follows from the header


def truncation(data: bytes, image_format: str) -> str | None:
    """Why `data` is cut short, from the format's structure (O(1) to O(n) byte scans, no decode),
    or None. TensorFlow's decoders fail on every case caught here.

    JPEG: no end-of-image marker after the last start-of-scan (byte stuffing keeps FF D9 out of
    scan data; a thumbnail's EOI comes before the main scan). PNG: no IEND chunk. GIF: no trailer.
    WebP: fewer bytes than the RIFF header says. Uncompressed BMP: fewer bytes than its pixels need.
    """
    if image_format == "jpeg":
        end = data.rfind(_JPEG_EOI)  # at the very end of a whole file, so this scan is short
        if end < 0 or data.find(_JPEG_SOS, end) >= 0:
            return "truncated JPEG: no end-of-image marker after the last scan"
    elif image_format == "png":
        if _PNG_IEND not in data[-4096:] and _PNG_IEND not in data:
            return "truncated PNG: no IEND chunk"
    elif image_format == "gif":
        if not data.rstrip(b"\x00").endswith(b";"):
            return "truncated GIF: no trailer byte"
    elif image_format == "webp":
        declared = int.from_bytes(data[4:8], "little") + 8
        if len(data) < declared:
            return f"truncated WebP: {len(data)} of the {declared} bytes its header declares"
    elif image_format == "bmp" and len(data) >= 34:
        offset, width, height, bits, compression = struct.unpack_from("<I4xii2xHI", data, 10)
        if compression in _BMP_UNCOMPRESSED and bits:
            needed = offset + ((bits * abs(width) + 31) // 32) * 4 * abs(height)
            if len(data) < needed:
                return f"truncated BMP: {len(data)} of the {needed} bytes its pixels need"
    return None


# EXIF tag 0x0112: 1 = upright; 2-8 = mirrored and/or rotated, as the camera held it.
_EXIF_ORIENTATION = 0x0112
_UPRIGHT = 1
_FILE_SUFFIXES = {
    "jpeg": (".jpg", ".jpeg", ".jpe", ".jfif"),
    "png": (".png",),
    "gif": (".gif",),
    "bmp": (".bmp", ".dib"),
    "webp": (".webp",),
    **image_formats.FILE_SUFFIXES,
}
_ALL_SUFFIXES = frozenset(suffix for suffixes in _FILE_SUFFIXES.values() for suffix in suffixes)
# Re-encoding a JPEG (to apply its orientation) at this quality keeps it visually unchanged.
REENCODED_JPEG_QUALITY = 95


@dataclass(frozen=True)
class StoredImage:
    """An image as it goes into a record.

    Attributes:
      data: the bytes stored: the file's own, or a re-encode when TensorFlow would misread them.
      info: what TensorFlow decodes `data` to.
      orientation: the EXIF orientation the stored pixels still need (1: upright).
      repair: what was done, for the repairs report ("" when the file is stored as it is).
      reencoded: `data` is a re-encode, not the file's bytes.
    """

    data: bytes
    info: ImageInfo
    orientation: int = _UPRIGHT
    repair: str = ""
    reencoded: bool = False


def _orientation(image: Image.Image) -> int:
    """From the EXIF block read with the header (`getexif()` would decode a whole PNG to look for
    an eXIf chunk after the pixels; such late blocks are not read). TIFF pixels come upright:
    Pillow applies a TIFF's Orientation tag as it loads them and gives the upright size from the
    header on (`image_formats.describe` says so); HEIF's rotations are applied by libheif."""
    if image.format in ("TIFF", "HEIF"):
        return _UPRIGHT
    raw = image.info.get("exif")
    if not raw:
        return _UPRIGHT
    exif = Image.Exif()
    try:
        exif.load(raw)
    except Exception:  # a damaged EXIF block costs the orientation, not the image
        return _UPRIGHT
    value = exif.get(_EXIF_ORIENTATION, _UPRIGHT)
    return value if isinstance(value, int) and 1 <= value <= 8 else _UPRIGHT


def _reencode_reason(image: Image.Image, image_format: str, data: bytes) -> str:
    """Why TensorFlow would misread these bytes, or ""."""
    if image_format in image_formats.PILLOW_NAMES:
        source, stored = image_formats.describe(image, image_format, data[:SNIFF_BYTES], _png_mode(image))
        return f"{source}: stored as {stored}"
    if image_format in ("gif", "webp") and getattr(image, "is_animated", False):
        return f"animated {image_format.upper()} ({image.n_frames} frames): first frame stored as PNG"
    if image_format == "bmp":
        bits = _bmp_bits_per_pixel(data)
        if not _bmp_decodes_in_tensorflow(bits, image.mode):
            return f"{bits}-bit {image.mode} BMP (TensorFlow misreads it): stored as PNG"
    return ""


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


def _png_pixels(image: Image.Image) -> Image.Image:
    """`image` in `_png_mode`, the pixels unchanged wherever the mode allows."""
    mode = _png_mode(image)
    if mode == _SIXTEEN_BIT_GRAY:
        return image if image.mode == mode else _sixteen_bit_gray(image)
    converted = image.convert(mode)
    if image.mode in image_formats.CONVERTED_TO_RGB:
        converted.info.pop("icc_profile", None)  # it describes the colour space left behind
    return converted


def _encode(image: Image.Image, image_format: str) -> bytes:
    buffer = io.BytesIO()
    if image_format == "jpeg":
        image.save(buffer, "JPEG", quality=REENCODED_JPEG_QUALITY)
    else:
        _png_pixels(image).save(buffer, "PNG")
    return buffer.getvalue()


def _decode(image: Image.Image, image_format: str) -> None:
    """Decodes the pixels; JPEGs at 1/8 scale (the same entropy decoding, a cheaper inverse DCT)."""
    if image_format == "jpeg":
        image.draft(image.mode, (max(1, image.width // 8), max(1, image.height // 8)))
    image.load()


def _check_unchanged(image: Image.Image, image_format: str, data: bytes, probed: ImageInfo) -> None:
    """A record's height, width and channels must describe its own bytes: the header read now must
    give what discovery planned (the file may have been replaced by one of the same size).

    Raises:
      InvalidInputError: it gives something else.
    """
    width, height = image.size
    now = ImageInfo(image_format, height, width, _decoded_channels(image, image_format, data))
    if now != probed:
        raise InvalidInputError(
            f"file changed since it was listed (header now gives {now.width}x{now.height}x{now.channels}, "
            f"planned {probed.width}x{probed.height}x{probed.channels})"
        )


def store_image(
    data: bytes,
    *,
    probed: ImageInfo,
    filename: str,
    validate: str = VALIDATE_FULL,
    apply_orientation: bool = False,
) -> StoredImage:
    """Checks an image file's bytes and chooses what to store, re-encoding only where needed.

    Args:
      data: the whole file.
      probed: what discovery read from the header.
      filename: the file's path, to notice a format named by the wrong suffix.
      validate: "header" or "full" (decode the pixels too; see `defaults.VALIDATION_LEVELS`).
      apply_orientation: rotate/mirror pixels by their EXIF orientation (a re-encode).

    Raises:
      InvalidInputError: the bytes changed since discovery, are cut short, or do not decode.
    """
    if validate not in VALIDATION_LEVELS:
        raise ValueError(f"validate={validate!r} is not one of {', '.join(VALIDATION_LEVELS)}")
    image_format = probed.image_format
    if sniff_format(data[:SNIFF_BYTES]) != image_format:
        raise InvalidInputError("file changed since it was listed (format differs)")
    reason = truncation(data, image_format)
    if reason:
        raise InvalidInputError(reason)
    image_formats.require_decoder(image_format)
    pixels_allowed = max(DEFAULT_MAX_PIXELS, probed.width * probed.height)  # checked against --max-pixels when probed
    try:
        with _pillow_allowing(pixels_allowed), Image.open(io.BytesIO(data), formats=[_PILLOW_NAMES[image_format]]) as image:
            _check_unchanged(image, image_format, data, probed)
            orientation = _orientation(image)
            repair, target = _reencode_reason(image, image_format, data), "png"
            rotate = apply_orientation and orientation != _UPRIGHT
            if rotate and repair:
                repair += f"; EXIF orientation {orientation} applied"
            elif rotate:
                target = "jpeg" if image_format == "jpeg" else "png"
                repair = f"EXIF orientation {orientation} applied: re-encoded as {target.upper()}"
            if repair:
                image.load()
                if rotate:
                    image, orientation = ImageOps.exif_transpose(image), _UPRIGHT
                try:
                    stored = _encode(image, target)
                except InvalidInputError as error:  # values a PNG cannot hold: say what the file is
                    raise InvalidInputError(f"{repair.split(':', 1)[0]}: {error.reason}") from None
                return StoredImage(stored, probe_bytes(stored, max_pixels=pixels_allowed), orientation, repair, reencoded=True)
            if validate == VALIDATE_FULL:
                _decode(image, image_format)
    except Image.DecompressionBombError as error:  # more pixels than its header said
        raise InvalidInputError(f"decompression bomb: {error}") from None
    except _MALFORMED as error:
        raise InvalidInputError(f"undecodable {image_format}: {_said(error)}") from None
    suffix = "." + filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if suffix in _ALL_SUFFIXES and suffix not in _FILE_SUFFIXES[image_format]:
        repair = f"{image_format.upper()} named {suffix}: stored as {image_format.upper()}"
    return StoredImage(data, probed, orientation, repair)


def image_values(stored: StoredImage, *, filename: str, source_id: str) -> dict[str, list]:
    """The image features of a record.

    Args:
      stored: the image as it will be stored.
      filename: its path relative to the source folder.
      source_id: the record's number in the output, in decimal (see `contract.IMAGE_SOURCE_ID`).
    """
    info = stored.info
    return {
        contract.IMAGE_ENCODED: [stored.data],
        contract.IMAGE_FORMAT: [info.image_format.encode()],
        contract.IMAGE_HEIGHT: [info.height],
        contract.IMAGE_WIDTH: [info.width],
        contract.IMAGE_CHANNELS: [info.channels],
        contract.IMAGE_ORIENTATION: [stored.orientation],
        contract.IMAGE_FILENAME: [filename.encode("utf-8")],
        contract.IMAGE_SHA256: [hashlib.sha256(stored.data).hexdigest().encode()],
        contract.IMAGE_SOURCE_ID: [source_id.encode()],
    }


def probe_bytes(data: bytes, *, max_pixels: int = DEFAULT_MAX_PIXELS) -> ImageInfo:
    """`probe_image` over bytes already in memory."""
    return probe_image(io.BytesIO(data), max_pixels=max_pixels)
