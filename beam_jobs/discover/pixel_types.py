"""Stop before writing where every sampled input holds pixels no record can hold (float or signed TIFFs).

A record's image is the file's bytes or a lossless PNG of its pixels (`converters.png_reencode`):
a PNG holds whole numbers 0-65535, and `--store-pixels` stores uint8 pixels. A 32-bit float or
integer TIFF of other values (Sen1Floods11's backscatter in dB, float reflectances, -1 no-data
labels) is rejected file by file while writing. Where every input is such a file the run wrote
nothing and exited 1, the reason only in rejected.jsonl; the reason is known before writing, so
the run stops (exit 2) here, naming the pixel types, the files, and that no option stores them.

Only where every sampled image is a TIFF whose header says 32-bit grayscale ('I' or 'F') and the
few opened all hold values a PNG cannot: one such file among 8-bit ones is rejected as before, and
float TIFFs of whole values 0-65535 (elevations, counts) convert as 16-bit PNGs. A file that does
not open, or is larger than read here, is no sign either way.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["check_pixel_types", "unheld_pixels"]

_TIFF_EXTENSIONS = ("tif", "tiff")
_DEEP_MODES = {"F": "32-bit float", "I": "32-bit integer"}  # Pillow's modes of 32-bit grayscale TIFFs
# Files opened (spread over the sampled inputs), and the most bytes read of each: a chip of
# 2048 x 2048 float pixels; a larger file is no sign either way.
_OPENED = 6
_MOST_BYTES = 16 << 20
_NAMED = 3  # files named in the message per pixel type


def unheld_pixels(data: bytes) -> str | None:
    """Why a 32-bit grayscale TIFF's pixels cannot be stored ("32-bit float: values -30 to 0, ..."),
    or None where they can (whole values 0-65535), the file is of another type, or does not decode."""
    from PIL import Image  # imported when TIFF inputs are met, as the converters import it

    from shardify.converters.png_reencode import png_pixels

    try:
        with Image.open(io.BytesIO(data)) as image:
            kind = _DEEP_MODES.get(image.mode)
            if kind is None:
                return None
            image.load()
            try:
                png_pixels(image)
            except InvalidInputError as reason:
                return f"{kind}: {str(reason).split(': a PNG', 1)[0]}"
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    return None


def _read(config: ConvertConfig, relpath: str) -> bytes | None:
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            data = fileobj.read(_MOST_BYTES + 1)
    except (OSError, InvalidInputError):
        return None
    return None if len(data) > _MOST_BYTES else data


def _spread(paths: Sequence[str], count: int) -> list[str]:
    """`count` of `paths` spread over them (first, last and between), in their order."""
    if len(paths) <= count:
        return list(paths)
    return [paths[round(i * (len(paths) - 1) / (count - 1))] for i in range(count)]


def check_pixel_types(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where every sampled input image is a 32-bit TIFF and every one opened holds values no
    record holds.

    Raises:
      UsageError: naming each pixel type found, its files, and what can help.
    """
    media = [p for p in sample if layout.is_media_file(p, detected.media) and not detected.is_auxiliary(p)]
    images = [p for p in media if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    if not images or any(layout.extension(p) not in _TIFF_EXTENSIONS for p in images):
        return
    by_reason: dict[str, list[str]] = {}
    for path in _spread(sorted(images), _OPENED):
        data = _read(config, path)
        reason = None if data is None else unheld_pixels(data)
        if reason is None:
            return  # a file that converts, or no sign: the pipeline judges each file as before
        by_reason.setdefault(reason.split(":", 1)[0], []).append(f"{path} ({reason.split(': ', 1)[1]})")
    found = "; ".join(f"{kind} grayscale: {', '.join(files[:_NAMED])}" for kind, files in sorted(by_reason.items()))
    raise UsageError(
        f"every sampled input is a 32-bit grayscale TIFF whose values no record can hold ({found}; {len(images)} TIFFs "
        "sampled): a record stores a lossless PNG of such pixels, which holds whole numbers 0-65535 only, and "
        "--store-pixels stores uint8 pixels; no option of shardify stores float, negative or larger values, so each "
        "would be rejected and nothing written. Convert the images to 8- or 16-bit unsigned integers first (scaled as "
        "your data needs)"
    )
