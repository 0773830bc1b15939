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

from shardify.converters import png_reencode
from shardify.converters import resize as resizing
from shardify.errors import InvalidInputError
from shardify.format import contract, image_formats
from shardify.format.image_formats import AS_PNG, BY_NAME, SNIFF_BYTES, png_channels
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
    """The image format's name from its first bytes (never from the file name), or None."""
    found = image_formats.sniff(head)
    return found.name if found else None


def _require_decoder(image_format: str) -> None:
    """Raises InvalidInputError when this installation cannot decode `image_format` (the reason says
    what to install)."""
    missing = BY_NAME[image_format].decoder_missing()
    if missing:
        raise InvalidInputError(missing)


def _decoded_channels(image: Image.Image, image_format: str, head: bytes) -> int:
    """Channels TensorFlow decodes from the bytes `store_image` will store (maybe a PNG re-encode)."""
    found = BY_NAME[image_format]
    return png_channels(image) if found.stored == AS_PNG else found.channels(image, head)


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
    _require_decoder(image_format)
    fileobj.seek(0)
    try:
        with _pillow_allowing(max_pixels):
            with Image.open(fileobj, formats=[BY_NAME[image_format].pillow]) as image:
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


def truncation(data: bytes, image_format: str) -> str | None:
    """Why `data` is cut short, from the format's structure (byte scans, no decode; see each
    format's check in `shardify.format.image_formats`), or None. TensorFlow's decoders fail on
    every case caught here."""
    check = BY_NAME[image_format].truncation
    return check(data) if check else None


# EXIF tag 0x0112: 1 = upright; 2-8 = mirrored and/or rotated, as the camera held it.
_EXIF_ORIENTATION = 0x0112
_UPRIGHT = 1
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
      original: what the file's header gives, where `data` is a re-encode (None: `info`).
      original_sha256: hex sha256 of the file's bytes, where `data` is a re-encode ("": `data`'s).
      scaled_from: (height, width) of the pixels before `--resize` shrank them (upright where the
        orientation was applied), which boxes and masks were annotated on; None when not resized.
    """

    data: bytes
    info: ImageInfo
    orientation: int = _UPRIGHT
    repair: str = ""
    reencoded: bool = False
    original: ImageInfo | None = None
    original_sha256: str = ""
    scaled_from: tuple[int, int] | None = None


def _orientation(image: Image.Image) -> int:
    """From the EXIF block read with the header (`getexif()` would decode a whole PNG to look for
    an eXIf chunk after the pixels; such late blocks are not read). TIFF pixels come upright:
    Pillow applies a TIFF's Orientation tag as it loads them and gives the upright size from the
    header on (`png_reencode.describe` says so); HEIF's rotations are applied by libheif."""
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
    """Why the file is stored as a PNG re-encode: a format TensorFlow cannot decode, or a file it
    would misread; "" when it is stored as found."""
    found = BY_NAME[image_format]
    if found.stored == AS_PNG:
        source, stored = png_reencode.describe(image, image_format, data[:SNIFF_BYTES], image_formats.png_mode(image))
        return f"{source}: stored as {stored}"
    return found.misread(image, data)


def _encode(image: Image.Image, image_format: str) -> bytes:
    if image_format != "jpeg":
        return png_reencode.encode_png(image)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=REENCODED_JPEG_QUALITY)
    return buffer.getvalue()


def _shrunk(image: Image.Image, target: str, size: tuple[int, int]) -> Image.Image:
    """`image` decoded and shrunk to `size`: a JPEG kept in its own mode (decoded at a reduced
    scale first), anything stored as PNG first put in the PNG's mode (a palette's indices and a
    1-bit image's bits cannot be filtered; deep grayscale is kept at 16 bits)."""
    if target != "jpeg":
        image.load()
        image = png_reencode.png_pixels(image)
    return resizing.shrink(image, size)


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
    resize: resizing.Resize | None = None,
) -> StoredImage:
    """Checks an image file's bytes and chooses what to store, re-encoding only where needed.

    Args:
      data: the whole file.
      probed: what discovery read from the header.
      filename: the file's path, to notice a format named by the wrong suffix.
      validate: "header" or "full" (decode the pixels too; see `defaults.VALIDATION_LEVELS`).
      apply_orientation: rotate/mirror pixels by their EXIF orientation (a re-encode).
      resize: shrink an image larger than it asks (a re-encode; see `converters.resize`); its
        decode is the full validation.

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
    _require_decoder(image_format)
    pixels_allowed = max(DEFAULT_MAX_PIXELS, probed.width * probed.height)  # checked against --max-pixels when probed
    try:
        with _pillow_allowing(pixels_allowed), Image.open(io.BytesIO(data), formats=[BY_NAME[image_format].pillow]) as image:
            _check_unchanged(image, image_format, data, probed)
            orientation = _orientation(image)
            repair, target = _reencode_reason(image, image_format, data), "png"
            rotate = apply_orientation and orientation != _UPRIGHT
            if rotate and repair:
                repair += f"; EXIF orientation {orientation} applied"
            elif rotate:
                target = "jpeg" if image_format == "jpeg" else "png"
                repair = f"EXIF orientation {orientation} applied: re-encoded as {target.upper()}"
            size = resizing.target_size(image.width, image.height, resize) if resize else None
            if size and not repair:
                target = "jpeg" if image_format == "jpeg" else "png"
            if repair or size:
                try:
                    image = _shrunk(image, target, size) if size else image
                    scaled_from = (probed.height, probed.width) if size else None
                    image.load()
                    if rotate:
                        image, orientation = ImageOps.exif_transpose(image), _UPRIGHT
                        if scaled_from and image.size != size:  # turned by a quarter
                            scaled_from = scaled_from[::-1]
                    if size and target == "jpeg":
                        stored = resizing.encode_jpeg(image, resize.jpeg_quality)
                    else:
                        stored = _encode(image, target)
                except InvalidInputError as error:  # values a PNG cannot hold: say what the file is
                    what = repair.split(":", 1)[0] if repair else f"{image_format.upper()} to resize"
                    raise InvalidInputError(f"{what}: {error.reason}") from None
                return StoredImage(
                    stored,
                    probe_bytes(stored, max_pixels=pixels_allowed),
                    orientation,
                    repair,
                    reencoded=True,
                    original=probed,
                    original_sha256=hashlib.sha256(data).hexdigest(),
                    scaled_from=scaled_from,
                )
            if validate == VALIDATE_FULL:
                _decode(image, image_format)
    except Image.DecompressionBombError as error:  # more pixels than its header said
        raise InvalidInputError(f"decompression bomb: {error}") from None
    except _MALFORMED as error:
        raise InvalidInputError(f"undecodable {image_format}: {_said(error)}") from None
    suffix = "." + filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if suffix[1:] in image_formats.IMAGE_SUFFIXES and suffix not in BY_NAME[image_format].suffixes:
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
    original = stored.original or info
    sha256 = hashlib.sha256(stored.data).hexdigest().encode()
    return {
        contract.IMAGE_ENCODED: [stored.data],
        contract.IMAGE_FORMAT: [info.image_format.encode()],
        contract.IMAGE_HEIGHT: [info.height],
        contract.IMAGE_WIDTH: [info.width],
        contract.IMAGE_CHANNELS: [info.channels],
        contract.IMAGE_ORIENTATION: [stored.orientation],
        contract.IMAGE_FILENAME: [filename.encode("utf-8")],
        contract.IMAGE_SHA256: [sha256],
        contract.IMAGE_SOURCE_ID: [source_id.encode()],
        # Only schemas of resized outputs hold these (`contract.ORIGINAL_IMAGE_FEATURES`).
        contract.IMAGE_ORIGINAL_HEIGHT: [original.height],
        contract.IMAGE_ORIGINAL_WIDTH: [original.width],
        contract.IMAGE_ORIGINAL_SHA256: [stored.original_sha256.encode() or sha256],
    }


def probe_bytes(data: bytes, *, max_pixels: int = DEFAULT_MAX_PIXELS) -> ImageInfo:
    """`probe_image` over bytes already in memory."""
    return probe_image(io.BytesIO(data), max_pixels=max_pixels)
