"""Images stored at the size the model trains on (`--resize shorter:256`, `--jpeg-quality 90`).

Why: a training step that waits for its input waits mostly on decoding, and a JPEG's decode cost
grows with its pixels. Stored with its shorter side at 256 px, an ImageNet photo (~500x375) holds
about a third of its pixels, and reading it costs that much less on every epoch (FFCV's lesson;
benchmarks/RESULTS.md gives the ratios measured here).

What is done, and why each choice:
  - Only shrinking, never upscaling: an image whose side is not larger than N is stored as found
    (its own bytes, as without the option).
  - Aspect ratio kept; the limited side becomes exactly N, the other side is rounded (at least 1).
  - JPEGs are decoded at a reduced scale first (`Image.draft`: libjpeg's DCT scaling to 1/2, 1/4
    or 1/8, a large speed-up when shrinking a lot), but only to a size at least twice the target
    in both sides, so that the filter still has two source pixels per stored pixel: no aliasing
    from the reduced decode. A colour JPEG is decoded to YCbCr, shrunk and encoded from YCbCr: two
    colour conversions (YCbCr to RGB and back) fewer, and the filter is linear, so the pixels are
    those of an RGB shrink to within rounding and clipping. libjpeg's scaled decode is deterministic.
  - Bicubic (Pillow's BICUBIC, antialiased: its support widens with the reduction): at the 1.5-2x
    shrinks of ImageNet-sized photos to 256 px it gives the picture Lanczos gives (measured on the
    benchmark's photos: 0.5 grey levels apart on average, a fifth of what the quality-90 re-encode
    itself changes, 2.5) for ~0.7x of Lanczos' CPU time,
    and the filter is the largest cost of a resized conversion (benchmarks/resize_bench.py and
    docs/performance.md give the figures).
  - JPEG sources are stored as JPEG at `jpeg_quality`, 4:2:0 chroma subsampling, baseline, no
    optimised Huffman tables, no EXIF (the orientation the pixels still need is kept in
    `image/orientation`), the source's ICC profile kept (the pixels stay in its colour space); every
    other source (PNG, GIF, BMP, WebP, TIFF, ...) as a lossless PNG of its pixels, as
    `png_reencode` writes them. For fixed Pillow and libjpeg versions the bytes are the same on
    every run; the manifest's `resize` block records Pillow's version.
  - Masks (segmentation PNGs, per-object masks) are scaled to the stored size by nearest
    neighbour: a class index stays a class index. Boxes and keypoints are normalised by the size
    they were annotated on, so they need no change.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

__all__ = [
    "SHORTER",
    "LONGER",
    "SIDES",
    "DEFAULT_JPEG_QUALITY",
    "Resize",
    "parse_resize",
    "target_size",
    "shrink",
    "encode_jpeg",
    "resize_mask_png",
    "resize_mask_array",
]

SHORTER, LONGER = "shorter", "longer"
SIDES = (SHORTER, LONGER)
# Visually lossless for photos and ~2.5x smaller than quality 100; the quality ImageNet's own JPEGs
# were mostly saved at.
DEFAULT_JPEG_QUALITY = 90
# The reduced JPEG decode stops at this multiple of the target size, so the filter that follows
# always has at least this many source pixels per stored pixel in each direction.
_DRAFT_MARGIN = 2
_JPEG_MODES = ("L", "RGB", "YCbCr")  # what the JPEG encoder takes without a conversion
_FILTER_NAME = "BICUBIC"
_MAX_SIDE_PIXELS = 1 << 16  # JPEG's own limit on a side


@dataclass(frozen=True)
class Resize:
    """`--resize SIDE:N` with `--jpeg-quality Q`.

    Attributes:
      side: SHORTER or LONGER: which side is held to at most `max_side` pixels.
      max_side: the most pixels that side keeps; larger images are shrunk to it.
      jpeg_quality: 1-100, for images stored as JPEG.

    >>> str(Resize(SHORTER, 256))
    'shorter:256'
    """

    side: str
    max_side: int
    jpeg_quality: int = DEFAULT_JPEG_QUALITY

    def __post_init__(self) -> None:
        if self.side not in SIDES:
            raise ValueError(f"--resize {self.side}:{self.max_side}: the side is shorter or longer, e.g. shorter:256")
        if not 1 <= self.max_side < _MAX_SIDE_PIXELS:
            raise ValueError(f"--resize {self}: the size is 1 to {_MAX_SIDE_PIXELS - 1} pixels")
        if not 1 <= self.jpeg_quality <= 100:
            raise ValueError(f"--jpeg-quality {self.jpeg_quality}: a JPEG quality is 1 to 100")

    def __str__(self) -> str:
        return f"{self.side}:{self.max_side}"


def parse_resize(text: str, *, jpeg_quality: int = DEFAULT_JPEG_QUALITY) -> Resize:
    """'shorter:256', 'longer:512', or a bare '256' (the shorter side, as torchvision's Resize(256)).

    Raises:
      ValueError: anything else, saying what is expected.
    """
    side, _, size = str(text).strip().rpartition(":")
    try:
        return Resize(side.strip().lower() or SHORTER, int(size), jpeg_quality)
    except ValueError as error:
        if "--" in str(error):
            raise
        raise ValueError(f"--resize {text!r}: expected shorter:N or longer:N, e.g. shorter:256") from None


def target_size(width: int, height: int, resize: Resize) -> tuple[int, int] | None:
    """(width, height) to store an image of `width` x `height` at, or None when it is not larger
    than asked (it is stored as found).

    >>> target_size(500, 375, Resize(SHORTER, 256))
    (341, 256)
    >>> target_size(200, 100, Resize(LONGER, 256)) is None
    True
    """
    limited = min(width, height) if resize.side == SHORTER else max(width, height)
    if limited <= resize.max_side:
        return None
    scale = resize.max_side / limited
    if limited == width:  # the limited side is exact, whatever rounding does to the other
        return resize.max_side, max(1, round(height * scale))
    return max(1, round(width * scale)), resize.max_side


def shrink(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """`image` (opened, not yet loaded) decoded and shrunk to `size` (width, height).

    JPEGs decode at the smallest DCT scale that keeps `_DRAFT_MARGIN` times `size`, colour ones
    to YCbCr; the rest is done by the bicubic filter.
    """
    from PIL import Image  # here, not at the top: the CLI reads `Resize` before any image work

    if image.format == "JPEG":
        image.draft("YCbCr" if image.mode == "RGB" else image.mode, (size[0] * _DRAFT_MARGIN, size[1] * _DRAFT_MARGIN))
    image.load()
    if image.mode in ("P", "PA", "1"):  # indices and bits do not filter: the caller converts first
        raise ValueError(f"cannot filter a {image.mode} image; convert it first")
    return image.resize(size, Image.Resampling[_FILTER_NAME])


def encode_jpeg(image: Image.Image, quality: int) -> bytes:
    """A baseline JPEG at `quality`, 4:2:0, no EXIF, the ICC profile kept (see the module's
    docstring); CMYK becomes RGB as TensorFlow decodes it (its profile then dropped). YCbCr pixels
    are written as they are (a JPEG holds YCbCr)."""
    icc = image.info.get("icc_profile")
    if image.mode not in _JPEG_MODES:
        image, icc = image.convert("RGB"), None
    buffer = io.BytesIO()
    options = {"icc_profile": icc} if icc else {}
    image.save(buffer, "JPEG", quality=quality, subsampling="4:2:0", optimize=False, progressive=False, **options)
    return buffer.getvalue()


def resize_mask_png(data: bytes, size: tuple[int, int]) -> bytes:
    """A mask PNG's class indices at `size` (width, height), by nearest neighbour; the PNG's mode
    is kept."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as mask:
        mask.load()
        if mask.size == size:
            return data
        buffer = io.BytesIO()
        mask.resize(size, Image.Resampling.NEAREST).save(buffer, "PNG")
        return buffer.getvalue()


def resize_mask_array(mask: "object", size: tuple[int, int]) -> "object":
    """A [height, width] uint8 mask at `size` (width, height), by nearest neighbour."""
    import numpy as np  # masks are numpy arrays already (pycocotools)
    from PIL import Image

    return np.asarray(Image.fromarray(mask).resize(size, Image.Resampling.NEAREST))
