"""Small JPEG thumbnails of images read from shards, for the inspect report, made with Pillow.

The bytes come from shards, which are untrusted: an image that does not decode, claims more
pixels than a conversion would accept, or is animated gives a reason (InvalidInputError), never
a traceback; only the first frame is drawn. JPEGs are decoded at a reduced scale (`draft`), so a
thumbnail costs a fraction of a full decode.
"""

from __future__ import annotations

import base64
import io
import struct
import warnings
import zlib
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageOps, UnidentifiedImageError

from shardify.errors import InvalidInputError
from shardify.format import contract, image_formats
from shardify.plan.defaults import DEFAULT_MAX_PIXELS

__all__ = ["THUMBNAIL_PIXELS", "thumbnail_data_uri"]

# The longest side of a thumbnail: eight fit across a laptop screen's report at full size.
THUMBNAIL_PIXELS = 128
# Small enough that 100 thumbnails weigh under 0.5 MB inlined, sharp enough to tell classes apart.
_JPEG_QUALITY = 82
# Pillow's mode for raw pixels of each channel count (contract.RAW_PIXELS_CHANNELS).
_RAW_MODES = {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}
# What a thumbnail's transparent parts are drawn on.
_BACKGROUND = (255, 255, 255)
_DECODE_ERRORS = (UnidentifiedImageError, OSError, SyntaxError, ValueError, struct.error, EOFError, Image.DecompressionBombError)


# Boxes drawn on a detection record's thumbnail: one colour per class, cycling.
_BOX_COLOURS = ((230, 25, 75), (60, 180, 75), (255, 225, 25), (0, 130, 200), (245, 130, 48), (145, 30, 180), (70, 240, 240))


def thumbnail_data_uri(
    data: bytes,
    *,
    size: int = THUMBNAIL_PIXELS,
    max_pixels: int = DEFAULT_MAX_PIXELS,
    boxes: Sequence[tuple[float, float, float, float, str]] = (),
    raw_shape: tuple[int, int, int] | None = None,
) -> str:
    """A `data:image/jpeg;base64,...` URI of `data` scaled to fit `size` x `size`, upright.

    Args:
      data: an encoded image (JPEG, PNG, GIF, BMP, WebP), or raw pixels (`raw_shape`).
      size: the longest side of the thumbnail, in pixels.
      max_pixels: images with more pixels (by their header) are refused unread, as by `convert`.
      boxes: (ymin, xmin, ymax, xmax, class name) of the record's objects, normalised: drawn on the
        stored pixels before they are turned upright, as the boxes were measured on them.
      raw_shape: (height, width, channels) where `data` is an image stored as its pixels
        (`contract.RAW_PIXELS_FORMAT`), from the record; None for an encoded image.

    Raises:
      InvalidInputError: the bytes do not decode, or hold too many pixels; the reason says which.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            if raw_shape is not None:
                image = _raw_image(data, raw_shape, max_pixels)
            else:
                image = Image.open(io.BytesIO(data), formats=list(image_formats.STORED_IMAGE_FORMATS))
            width, height = image.size
            if width * height > max_pixels:
                raise InvalidInputError(f"{width} x {height} pixels exceed the {max_pixels:,} a thumbnail decodes")
            image.draft(image.mode, (size * 2, size * 2))  # JPEG: decode at 1/2 to 1/8 scale
            image.load()
            if boxes:
                image = _with_boxes(image, boxes, size)
            image = _upright(image)
            image.thumbnail((size, size))
            buffer = io.BytesIO()
            _flatten(image).save(buffer, "JPEG", quality=_JPEG_QUALITY)
    except InvalidInputError:
        raise
    except UnidentifiedImageError:
        raise InvalidInputError("does not decode (not an image format Pillow reads)") from None
    except (*_DECODE_ERRORS, Image.DecompressionBombWarning) as error:
        raise InvalidInputError(f"does not decode ({error or type(error).__name__})") from None
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _raw_image(data: bytes, shape: tuple[int, int, int], max_pixels: int) -> Image.Image:
    """A Pillow image over raw pixels, once their count is checked against their shape.

    Raises:
      InvalidInputError: the bytes are not height x width x channels, or too many pixels.
    """
    height, width, channels = shape
    if height * width > max_pixels:
        raise InvalidInputError(f"{width} x {height} pixels exceed the {max_pixels:,} a thumbnail decodes")
    problem = contract.raw_pixels_problem(len(data), height, width, channels)
    if problem:
        raise InvalidInputError(f"does not decode: {problem}")
    return Image.frombytes(_RAW_MODES[channels], (width, height), data)


def _with_boxes(image: Image.Image, boxes: Sequence[tuple[float, float, float, float, str]], size: int) -> Image.Image:
    """The image in RGB with each box outlined, two thumbnail pixels wide, in its class's colour
    (the same on every thumbnail)."""
    exif = image.getexif()
    drawn = _flatten(image)
    if exif:
        drawn.info["exif"] = exif.tobytes()  # _upright still finds the orientation
    width, height = drawn.size
    line = max(1, round(2 * max(width, height) / size))
    draw = ImageDraw.Draw(drawn)
    for ymin, xmin, ymax, xmax, name in boxes:
        colour = _BOX_COLOURS[zlib.crc32(name.encode("utf-8")) % len(_BOX_COLOURS)]
        draw.rectangle((xmin * width, ymin * height, xmax * width, ymax * height), outline=colour, width=line)
    return drawn


def _upright(image: Image.Image) -> Image.Image:
    """The image as a viewer shows it, by its EXIF orientation (the record's `image/orientation`)."""
    try:
        return ImageOps.exif_transpose(image)
    except Exception:  # noqa: BLE001 - a damaged EXIF block costs the orientation, not the thumbnail
        return image


def _flatten(image: Image.Image) -> Image.Image:
    """RGB, with any transparency drawn on white (JPEG has no alpha), 16-bit gray scaled to 8."""
    if image.mode.startswith("I"):
        image = image.convert("I").point(lambda value: value * (1 / 256)).convert("L")
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        background = Image.new("RGB", rgba.size, _BACKGROUND)
        background.paste(rgba, mask=rgba.getchannel("A"))
        return background
    return image.convert("RGB")
