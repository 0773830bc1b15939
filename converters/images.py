"""Image inputs: detect the format from the bytes, read the header, build the record.

`channels` is what `tf.io.decode_image(channels=0)` returns for the file, which is not always
Pillow's mode (measured with TensorFlow 2.21): CMYK JPEGs decode to 3 channels, 32-bit BMPs to 4,
GIFs always to 3, palette PNGs to 3 (4 with transparency). Files TensorFlow cannot decode to the
right pixels are rejected here, with the reason, instead of failing or lying at training time:
palette and 1/4-bit BMPs (decoded as raw indices, or not at all) and animated WebPs (which crash the
TensorFlow 2.21 process with `free(): invalid next size`).
"""

from __future__ import annotations

import hashlib
import io
import struct
import warnings
from dataclasses import dataclass
from typing import BinaryIO

from PIL import Image, UnidentifiedImageError

from shardify import contract
from shardify.defaults import DEFAULT_MAX_PIXELS
from shardify.errors import InvalidInputError

__all__ = ["ImageInfo", "sniff_format", "probe_image", "probe_bytes", "truncation", "image_values"]

# Enough bytes to recognise every supported signature.
SNIFF_BYTES = 16

_PILLOW_FORMATS = {"JPEG": "jpeg", "PNG": "png", "GIF": "gif", "BMP": "bmp", "WEBP": "webp"}


@dataclass(frozen=True)
class ImageInfo:
    """What the header says about an image.

    Attributes:
      image_format: "jpeg", "png", "gif", "bmp" or "webp".
      height, width: pixels.
      channels: channels `tf.io.decode_image(channels=0)` returns.
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
    return None


def _bmp_bits_per_pixel(head: bytes) -> int:
    (dib_header_bytes,) = struct.unpack_from("<I", head, 14)
    offset = 24 if dib_header_bytes == 12 else 28  # OS/2 core header vs. BITMAPINFOHEADER and later
    (bits,) = struct.unpack_from("<H", head, offset)
    return bits


def _decoded_channels(image: Image.Image, image_format: str, head: bytes) -> int:
    mode = image.mode
    if image_format == "jpeg":
        return 1 if mode == "L" else 3
    if image_format == "gif":
        return 3
    if image_format == "webp":
        if getattr(image, "n_frames", 1) > 1:
            raise InvalidInputError("animated WebP: TensorFlow 2.21's decoder crashes on it")
        return 4 if mode == "RGBA" else 3
    if image_format == "bmp":
        bits = _bmp_bits_per_pixel(head)
        if bits == 32:
            return 4
        if bits == 24:
            return 3
        if bits == 8 and mode == "L":
            return 1
        raise InvalidInputError(f"{bits}-bit {mode} BMP: TensorFlow decodes it wrongly or not at all")
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


def probe_image(fileobj: BinaryIO, *, max_pixels: int = DEFAULT_MAX_PIXELS) -> ImageInfo:
    """Reads only the header of an image file.

    Raises:
      InvalidInputError: not a supported image, unreadable header, too many pixels, or a variant
        TensorFlow cannot decode to the recorded shape.
    """
    head = fileobj.read(64)
    if not head:
        raise InvalidInputError("empty file")
    image_format = sniff_format(head[:SNIFF_BYTES])
    if image_format is None:
        raise InvalidInputError("not a JPEG, PNG, GIF, BMP or WebP image (unknown signature)")
    fileobj.seek(0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(fileobj, formats=list(_PILLOW_FORMATS)) as image:
                width, height = image.size
                if width * height > max_pixels:
                    raise InvalidInputError(f"{width}x{height} pixels exceeds the limit of {max_pixels}")
                channels = _decoded_channels(image, image_format, head)
    except InvalidInputError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise InvalidInputError(f"decompression bomb: {error}") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, struct.error) as error:
        raise InvalidInputError(f"unreadable {image_format} header: {error}") from None
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


def image_values(data: bytes, *, info: ImageInfo, filename: str) -> dict[str, list]:
    """The image features of a record for a file whose header was probed as `info`.

    Raises:
      InvalidInputError: the bytes no longer match the probed format (the file changed), or they
        are cut short (see `truncation`).
    """
    if sniff_format(data[:SNIFF_BYTES]) != info.image_format:
        raise InvalidInputError("file changed since it was discovered (format differs)")
    reason = truncation(data, info.image_format)
    if reason:
        raise InvalidInputError(reason)
    return {
        contract.IMAGE_ENCODED: [data],
        contract.IMAGE_FORMAT: [info.image_format.encode()],
        contract.IMAGE_HEIGHT: [info.height],
        contract.IMAGE_WIDTH: [info.width],
        contract.IMAGE_CHANNELS: [info.channels],
        contract.IMAGE_FILENAME: [filename.encode("utf-8")],
        contract.IMAGE_SHA256: [hashlib.sha256(data).hexdigest().encode()],
    }


def probe_bytes(data: bytes, *, max_pixels: int = DEFAULT_MAX_PIXELS) -> ImageInfo:
    """`probe_image` over bytes already in memory."""
    return probe_image(io.BytesIO(data), max_pixels=max_pixels)
