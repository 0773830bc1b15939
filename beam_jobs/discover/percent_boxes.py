"""Stop where per-image JSON boxes read as pixels may be percent of the image.

Label Studio writes a rectangle's `x`, `y`, `width` and `height` in percent of the image's sides (0 to
100, `original_width` beside them), and exports and in-house tools that copy it keep the fields. Read
by a pixel row of `shardify/plan/json_box_rows.py`, a box of 10.5 % on a 640-pixel-wide image was
written at pixel 10.5, every box shrunk into the top-left corner, with exit 0. Fractions of 1 are told
apart already (`converters/json_box_files.py`); percent cannot be told from numbers alone (pixel boxes
near the corner also stay under 100), so where every number of the folder's first annotated documents
(`_DOCUMENTS`) lies within 0..100, each box within 100 along each side, on an image of which both sides
are at least `_MUCH_LARGER` times 100 pixels, the run stops before writing, naming a document, its image
and the layout file's `box_format`, which decides: the row's percent twin (` (percent)`) reads percent,
the row as written reads pixels. A folder whose numbers pass 100 anywhere, or whose images are small,
is read as before.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_box_files
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input
from shardify.inputs.paths import join_path
from shardify.plan import box_formats, layout
from shardify.plan import evidence as evidence_lib
from shardify.plan.json_box_rows import PERCENT, PERCENT_SUFFIX

__all__ = ["check_percent_boxes"]

# Annotated documents read per folder: one box near the corner is common, every box of five documents is not.
_DOCUMENTS = 5
# Both sides of the image at least this many times 100 pixels: boxes all within the top-left 100 pixels
# of a 300-pixel image, document after document, are percent far likelier than pixels.
_MUCH_LARGER = 3
_PERCENT_TOP = 100.0
# Slack either side of 0..100: a float's rounding of percent computed from pixels, far below any pixel's worth.
_ROUNDING = 1e-6
# Images sharing a document's stem whose size is asked, at most (a photo, its thumbnail, a copy).
_IMAGES_A_STEM = 4
# The most bytes of a document read (Label Studio's per-task documents are small).
_MOST_BYTES = 4 << 20


def check_percent_boxes(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where a folder of per-image JSON boxes read as pixels holds numbers of percent.

    Raises:
      UsageError: every number of the first annotated documents within 0..100 on images much larger,
        naming a document, its image and size, and the `box_format` rows that decide.
    """
    images: dict[str, list[str]] = {}
    for p in sorted(sample):
        if layout.extension(p) in layout.IMAGE_EXTENSIONS:
            images.setdefault(layout.stem(p), []).append(p)
    for found in detected.evidence:
        if found.kind != evidence_lib.BOX_FILES or not found.box_format:
            continue
        fmt = box_formats.format_named(found.box_format)
        if fmt is None or fmt.pairing != box_formats.PER_IMAGE_JSON or fmt.convention not in PERCENT:
            continue
        within = found.path.rstrip("/") + "/" if found.path not in ("", ".") else ""
        documents = sorted(p for p in sample if p.startswith(within) and layout.extension(p) == "json")
        seen = _percent_documents(config, documents, fmt)
        if not seen:
            continue
        image, size = _large_image(config, [p for d in seen for p in images.get(layout.stem(d), [])[:_IMAGES_A_STEM]])
        if size is None:
            continue
        folder = f"{found.path.rstrip('/')}/" if found.path.strip("./") else "SRC"
        raise UsageError(
            f"{folder} holds per-image JSON boxes ({fmt.shown}) whose every number lies within 0..100 in "
            f"{len(seen)} documents ({seen[0]}), on images of {size[0]}x{size[1]} pixels ({image}): percent of the image "
            "(Label Studio's x, y, width, height), or pixels near its top-left corner? Say which in a layout file: "
            f"its evidence of path {found.path!r}, box_format {fmt.name + PERCENT_SUFFIX!r} reads percent, "
            f"{fmt.name!r} (as detected) pixels"
        )


def _percent_documents(config: ConvertConfig, documents: Sequence[str], fmt: box_formats.BoxFormat) -> list[str]:
    """The first annotated documents (up to _DOCUMENTS) where every box of each lies within 0..100, or []
    where one of them holds a number past it (pixels) or none holds a box. A box whose numbers do not all
    read (`nan`, a word) tells nothing and is passed over, as the converter rejects its record: it had
    ended the look, one `nan` among the first documents reading every other percent box as pixels."""
    seen: list[str] = []
    for path in documents:
        boxes = [numbers for box in _boxes(config, path, fmt) if (numbers := _numbers(box, fmt)) is not None]
        if not boxes:
            continue  # an image without objects, or a document of no box of the row's: no sign
        if not all(_within_percent(numbers, fmt) for numbers in boxes):
            return []
        seen.append(path)
        if len(seen) == _DOCUMENTS:
            break
    return seen


def _boxes(config: ConvertConfig, path: str, fmt: box_formats.BoxFormat) -> list:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            document = json_input.parse(fileobj.read(_MOST_BYTES))
    except (OSError, InvalidInputError):
        return []
    return json_box_files.boxes_of(document, fmt) or []


def _numbers(box: object, fmt: box_formats.BoxFormat) -> tuple[float, float, float, float] | None:
    """The box's four numbers as the converter reads them (a number, or text spelling one: `"12.5"`,
    which `converters/box_documents.json_box` passes on as text), or None where one is missing, not
    finite or no number.

    >>> fmt = next(f for f in box_formats.FORMATS if f.box_fields == ("x", "y", "width", "height"))
    >>> _numbers({"x": "12.5", "y": 3, "width": 4.0, "height": 5}, fmt), _numbers({"x": float("nan"), "y": 3, "width": 4, "height": 5}, fmt)
    ((12.5, 3.0, 4.0, 5.0), None)
    """
    if not isinstance(box, dict):
        return None
    found = []
    for field in fmt.box_fields:
        value = json_box_files.field_of(box, field)
        if isinstance(value, bool) or not isinstance(value, (int, float, str)) or not box_formats.is_number(str(value)):
            return None
        number = float(value)
        if not math.isfinite(number):
            return None
        found.append(number)
    a, b, c, d = found
    return a, b, c, d


def _within_percent(numbers: tuple[float, float, float, float], fmt: box_formats.BoxFormat) -> bool:
    """Every number of the box within 0..100, and its far sides too (x + width, for a size), give or
    take a float's rounding (`_ROUNDING`: Label Studio's x 64.16275430359939 and width 35.83724569640063
    end at 100.00000000000001, a box at the image's right edge, which had read the folder as pixels)."""
    a, b, c, d = numbers
    far = (a + c, b + d) if fmt.convention == box_formats.XYWH_PIXELS else (c, d)
    return all(-_ROUNDING <= n <= _PERCENT_TOP + _ROUNDING for n in (a, b, c, d, *far))


def _large_image(config: ConvertConfig, paired: Sequence[str]) -> tuple[str, tuple[int, int] | None]:
    """The first of the documents' images whose both sides are `_MUCH_LARGER` times 100 pixels at least,
    with its size, or ("", None). Every image sharing a document's stem is asked, not one: thumbnails
    (`thumbs/img0.jpg`, 64x48) sorted after the photos had hidden 640x480 images, exit 0 with percent
    boxes read as pixels (review30)."""
    for image in paired:
        size = _image_size(config, image)
        if size is not None and min(size) >= _MUCH_LARGER * _PERCENT_TOP:
            return image, size
    return "", None


def _image_size(config: ConvertConfig, path: str) -> tuple[int, int] | None:
    """(width, height) from the image's header, or None where it does not open."""
    from PIL import Image  # imported when such boxes are met, as the converters import it

    try:
        with open_input(join_path(config.source, path)) as fileobj, Image.open(fileobj) as image:
            return image.size
    except (OSError, ValueError, InvalidInputError, Image.DecompressionBombError):
        return None

