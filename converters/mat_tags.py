"""Per-image MATLAB files of tags (the Clothing Co-Parsing dataset's `annotations/image-level/<n>.mat`:
`tags`, a row of class numbers into the names of `label_list.mat`), read as the image's labels.

The numbers count from 0 into the names, whose first is the background (`null`): CCP's own
show_pixel_anno.m names a number n `label_list(n + 1)`, and its image-level tags number the same
classes. An image's file whose variable is missing, not a row of whole numbers, empty, or holds a
number past the names or the background's 0 is that image's reject with the reason, never an image
written without its tags or with another class.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shardify.converters.mat_boxes import read_v5
from shardify.errors import InvalidInputError

__all__ = ["BACKGROUND_NAMES", "MAX_TAGS_BYTES", "name_list", "tag_labels", "tag_numbers"]

# One image's tags: CCP's files are a few hundred bytes.
MAX_TAGS_BYTES = 1 << 20
# A names list whose first name is one of these counts its classes from 0, that name the background.
BACKGROUND_NAMES = frozenset({"null", "background", "__background__", "bg", "void", "none", "unlabeled", "unlabelled"})
# Tags of one image: CCP's photos carry up to 20; more is no such file.
_MAX_TAGS = 1000


def name_list(variables: dict[str, Any]) -> tuple[str, tuple[str, ...]] | None:
    """(variable, names) of a file's one cell of distinct strings whose first is a background name, or None."""
    import numpy as np

    found = []
    for variable, value in sorted(variables.items()):
        array = np.asarray(value)
        if array.dtype != object or array.size < 2:
            continue
        names = []
        for cell in array.reshape(-1):
            text = np.asarray(cell).reshape(-1)
            if text.size != 1 or not isinstance(text[0], str) or not text[0].strip():
                break
            names.append(text[0].strip())
        else:
            if len(set(names)) == len(names) and names[0].lower() in BACKGROUND_NAMES:
                found.append((variable, tuple(names)))
    return found[0] if len(found) == 1 else None


def tag_numbers(variables: dict[str, Any], variable: str) -> list[int]:
    """The whole numbers of `variable`, a row (or column) of them.

    Raises:
      InvalidInputError: missing, not a vector of whole finite numbers, or too long.
    """
    import numpy as np

    if variable not in variables:
        raise InvalidInputError(f"no variable {variable!r}")
    array = np.asarray(variables[variable])
    if array.dtype.kind not in "iuf" or (array.ndim > 1 and sorted(array.shape)[-2] > 1) or array.size > _MAX_TAGS:
        raise InvalidInputError(f"its {variable!r} is not a row of class numbers (shape {array.shape}, {array.dtype})")
    flat = array.reshape(-1).astype(float)
    if not np.all(np.isfinite(flat)) or not np.all(flat == np.round(flat)):
        raise InvalidInputError(f"its {variable!r} holds a value that is no class number (NaN, inf or a fraction)")
    return [int(v) for v in flat]


def tag_labels(data: bytes, variable: str, names: Sequence[str]) -> tuple[str, ...]:
    """The class names one image's file of tags gives (sorted, each once).

    Raises:
      InvalidInputError: not such a file, no tag, or a tag that names no class (0, the background, or past the names).
    """
    if len(data) > MAX_TAGS_BYTES:
        raise InvalidInputError(f"larger than {MAX_TAGS_BYTES >> 20} MiB: not one image's tags")
    numbers = tag_numbers(read_v5(data), variable)
    if not numbers:
        raise InvalidInputError(f"its {variable!r} is empty: an image of no tag is no image of the tagged half")
    for number in numbers:
        if not 0 < number < len(names):
            raise InvalidInputError(
                f"its tag {number} names no class: the {len(names)} names count from 0, {names[0]!r} (the background) first"
            )
    return tuple(sorted({names[n] for n in numbers}))
