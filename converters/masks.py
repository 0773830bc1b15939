"""A segmentation mask file as the record stores it: a PNG of class indices at the image's size.

Datasets ship masks as PNG mostly, but not only: Kvasir-SEG's and many Kaggle sets' are JPEG,
Carvana's GIF, DRIVE's GIF and TIFF. The record holds one encoding (`contract.SEGMENTATION`, a PNG,
which TensorFlow's `decode_png` and every reader read), so:

  PNG          stored as found; a palette PNG (Pascal VOC's) rewritten as 8-bit indices, since
               `decode_png` turns a palette into colours.
  GIF, BMP,    lossless: re-encoded as PNG, the palette's indices kept as the classes (a GIF is
  TIFF, PPM    always a palette), grey and colour as they are; grey saved in three equal channels
               (STARE's P6 `im0001.ah.ppm`) as one.
  JPEG         lossy: its blur puts grey values along every edge, so only a two-valued mask can
               be read back. One whose pixels nearly all lie near black or white is stored as 0
               and 255, cut at 128 (the plan says so); any other is refused, since compression
               has changed which class a pixel holds and no threshold recovers it. So is one of
               small values and no white: class ids 0, 1, 2 as grey levels, not black and white.

Where the masks detection opened are one channel or a palette of few values (`indexed`:
`SourceLayout.masks_indexed`, `beam_jobs/discover/mask_modes.py`), a mask in colour or as a palette of
more than MAX_MASK_VALUES colours, its channels not grey, is a photo among them (past the few files
detection opened) and its image's reject, never stored as classes. Without it nothing is counted:
colour-coded masks (SUIM's, JPEG masks' artefacts) hold many colours and are masks.
"""

from __future__ import annotations

import io

from shardify.converters import png_reencode
from shardify.errors import InvalidInputError
from shardify.plan.mirror_trees import MAX_MASK_VALUES

__all__ = ["MASK_EXTENSIONS", "mask_png"]

# Mask files a mask folder is read for (lower-case extensions).
MASK_EXTENSIONS = ("png", "gif", "bmp", "tif", "tiff", "jpg", "jpeg", "ppm", "pgm", "pbm")
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# A JPEG mask is two-valued when this share of its pixels lies within _NEAR of black or white.
_TWO_VALUED_SHARE = 0.95
_NEAR = 48
# A JPEG mask with no pixel of 128 or more and more than this share above 0 holds class ids (0, 1,
# 2 written as grey levels), not black and white: cut at 128 it was written all background, exit 0.
# (A black JPEG decodes to black: an empty mask holds no such share.)
_IDS_SHARE = 0.01


def mask_png(data: bytes, name: str, width: int, height: int, *, indexed: bool = False) -> bytes:
    """The PNG the record stores for the mask file `name` (its bytes `data`) of a `width` x
    `height` image; with `indexed` (the source's masks are one channel or a palette), one in
    colour of many values is refused (`_photo_among_indexed`).

    Raises:
      InvalidInputError: the mask cannot be read, is not the image's size, or is a JPEG of more
        than two values.
    """
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as mask:
            if mask.size != (width, height):
                raise InvalidInputError(f"its mask {name} is {mask.size[0]}x{mask.size[1]}, the image {width}x{height}")
            if indexed:
                _photo_among_indexed(mask, name)
            if data.startswith(_PNG_SIGNATURE):
                mask.load()  # a PNG cut short still gives its size: decode it whole, or it is stored undecodable
                if mask.mode != "P":
                    return data
                return _png(Image.frombytes("L", mask.size, mask.tobytes()))
            if mask.format == "JPEG":
                return _two_valued(mask, name)
            if mask.format not in ("GIF", "BMP", "TIFF", "PPM"):
                raise InvalidInputError(f"its mask {name} is {mask.format or 'not an image'}, not PNG, GIF, BMP, TIFF, PPM or JPEG")
            mask.seek(0)  # a GIF's or TIFF's first frame
            maxval = png_reencode.netpbm_maxval(mask) if mask.format == "PPM" else None  # (read before decoding)
            if maxval is not None:
                mask = _unscaled(mask, maxval)
            if mask.mode == "P":
                return _png(Image.frombytes("L", mask.size, mask.tobytes()))
            if mask.mode == "RGB" and _grey(mask):  # grey in three equal channels (STARE's `im0001.ah.ppm`, P6)
                return _png(mask.convert("L"))
            if mask.mode in ("1", "L", "I;16", "I", "RGB", "RGBA", "LA"):
                return _png(mask.convert("L") if mask.mode == "1" else mask)
            raise InvalidInputError(f"its mask {name} has pixels of mode {mask.mode}, not classes")
    except (OSError, ValueError, Image.DecompressionBombError) as error:
        raise InvalidInputError(f"its mask {name} cannot be read: {error}") from None


def _unscaled(mask: "object", maxval: int) -> "object":
    """A PGM/PPM mask's own samples: Pillow scales them from 0-maxval to 0-255 (0-65535 above 255),
    so classes 0, 1, 2 under maxval 2 were stored as 0, 128, 255. The scaling rounds, and is undone
    exactly by rounding back (each sample a class up to maxval; one above it Pillow already cut)."""
    import numpy as np
    from PIL import Image

    values = np.asarray(mask)  # type: ignore[call-overload]
    top = 255 if values.dtype == np.uint8 else 65535
    if maxval == top or values.dtype.kind not in "ui":
        return mask
    classes = (values.astype(np.int64) * (2 * maxval) + top) // (2 * top)
    return Image.fromarray(classes.astype(np.uint8 if maxval <= 255 else np.uint16))


def _grey(image: "object") -> bool:
    """Whether every pixel of an RGB image holds one value in its three channels."""
    red, green, blue = image.split()  # type: ignore[attr-defined]
    return red.tobytes() == green.tobytes() == blue.tobytes()


def _png(image: "object") -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")  # type: ignore[attr-defined]
    return buffer.getvalue()


def _two_valued(mask: "object", name: str) -> bytes:
    """A JPEG mask cut at 128 into 0 and 255, where nearly all its pixels lie near one of them."""
    grey = mask.convert("L")  # type: ignore[attr-defined]
    histogram = grey.histogram()
    near = sum(histogram[:_NEAR]) + sum(histogram[256 - _NEAR :])
    if near < _TWO_VALUED_SHARE * sum(histogram):
        raise InvalidInputError(
            f"its mask {name} is a JPEG of more than two values: lossy compression has changed its pixels' "
            "classes (a two-valued JPEG mask is read, cut at 128)"
        )
    if not any(histogram[128:]) and sum(histogram[1:]) > _IDS_SHARE * sum(histogram):
        raise InvalidInputError(
            f"its mask {name} is a JPEG of small values ({max(v for v, n in enumerate(histogram) if n)} at most, none white): "
            "class ids, which lossy compression has changed (cut at 128 it would be all background); save the masks as PNG"
        )
    return _png(grey.point(lambda value: 255 if value >= 128 else 0))


# Modes whose colours are counted among indexed masks (one-channel grey is not: soft edges, instance ids).
_COLOUR_MODES = frozenset({"P", "RGB", "RGBA"})


def _photo_among_indexed(mask: "object", name: str) -> None:
    """Raise where `mask`, among masks of one channel or a palette, is in colour or a palette of more than
    MAX_MASK_VALUES colours, its channels not all equal: a photo, whose pixels are no classes. Counting
    stops past the limit (Pillow's `getcolors`).

    Raises:
      InvalidInputError: naming the file and what it holds.
    """
    mode = mask.mode  # type: ignore[attr-defined]
    if mode not in _COLOUR_MODES or mask.getcolors(MAX_MASK_VALUES) is not None:  # type: ignore[attr-defined]
        return
    if mode != "P" and _grey(mask.convert("RGB") if mode == "RGBA" else mask):  # grey in three equal channels: one channel
        return
    raise InvalidInputError(
        f"its mask {name} holds more than {MAX_MASK_VALUES} colours (mode {mode}) where the masks opened before "
        "writing are one channel or a palette of few values: a photo, not classes; an image of the mask folder "
        "that is no mask"
    )
