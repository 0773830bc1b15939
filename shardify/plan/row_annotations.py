"""A text file beside images whose rows name those images and hold a box's numbers each.

UEC FOOD 256 ships one `bb_info.txt` per class folder (`img x1 y1 x2 y2`, then `13487 0 25 240
222`: an image of the folder by its stem, and a box a row). Set aside as an auxiliary file, every
box was dropped and the detection dataset written as classification, with exit 0. The sign is the
rows' shape, not the file's name: after at most one header of words, every row is a key then at
least a box's four numbers, and most keys are stems of images in the file's own folder. Detection
(beam_jobs/discover/guards.py) then stops naming the files (`file_signs.annotated_points_message`).

Plain functions of the lines and paths handed in.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

__all__ = ["names_folder_images"]

# A box's numbers after the key; the share of keys that must name the folder's images.
_MIN_NUMBERS = 4
_NAMING_SHARE = 0.5


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def names_folder_images(path: str, lines: Sequence[str], images: Sequence[str]) -> bool:
    """Whether `lines` (the first lines of text file `path`) are rows of a key and a box's numbers
    whose keys name images of `images` in `path`'s own folder (by stem or file name).

    >>> names_folder_images("UEC/1/bb_info.txt", ["img x1 y1 x2 y2", "100 1 1 8 12", "101 9 2 16 13"], ["UEC/1/100.jpg", "UEC/1/101.jpg"])
    True
    >>> names_folder_images("UEC/1/bb_info.txt", ["100 1 1 8 12"], ["UEC/2/100.jpg"])
    False
    >>> names_folder_images("a/readme.txt", ["UEC FOOD 256: 256 food categories"], ["a/1.jpg"])
    False
    """
    folder = posixpath.dirname(path)
    here = {posixpath.basename(p) for p in images if posixpath.dirname(p) == folder}
    names = here | {posixpath.splitext(name)[0] for name in here}
    rows = [line.replace(",", " ").split() for line in lines if line.strip()]
    if rows and not any(_number(cell) for cell in rows[0]):
        rows = rows[1:]  # a header of words
    if not rows or not names or not all(len(cells) > _MIN_NUMBERS and all(map(_number, cells[1:])) for cells in rows):
        return False
    return sum(cells[0] in names for cells in rows) >= _NAMING_SHARE * len(rows)
