"""Per-image box files named after their image, and the sign of such files no format reads.

Box files are named as their image's stem (KITTI's `000001.txt`) or as its whole name with a word
of their kind (FlickrLogos-32's `4763210269.jpg.bboxes.txt`, WiderPerson's `000040.jpg.txt`):
`annotated_image` gives the image's name either way, for detection (`beam_jobs/discover/
box_tables.py`) and the reader (`beam_jobs/discover/read_evidence.py`) alike.

`unread_box_files`: files of a tree mirroring the images' class folders (`classes/masks/HP/` for
`classes/jpg/HP/`), one per image, whose lines are rows of four numbers or more with nothing that
says what they are (no header naming `x y width height`, no class): two corners, or a corner and a
size, cannot be told. Read by no format, they were set aside and the class folders written with
no objects, exit 0; detection stops on them (`guards._check_annotated_points`). Plain functions of
the paths and lines handed in.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Collection, Sequence

from shardify.plan import file_signs, layout

__all__ = ["TAIL_PAIRS", "annotated_image", "unread_box_files"]

_ANNOTATED_IMAGE = re.compile(rf"(.+\.(?:{'|'.join(sorted(layout.IMAGE_EXTENSIONS))}))\.[A-Za-z]+", re.IGNORECASE)
# Files opened, and the numbers a row needs to be a box's.
_FILES_READ = 8
_BOX_NUMBERS = 4


# An annotation file's documented tail and its image's, each after the frame's name (Cityscapes' family:
# `<frame>_gtBboxCityPersons.json` annotates `<frame>_leftImg8bit.png`): a tail of the table is swapped for its
# image's, so that both meet on the image's stem; an image not named with that tail meets no document.
TAIL_PAIRS: tuple[tuple[str, str], ...] = (
    ("_gtBboxCityPersons", "_leftImg8bit"),  # CityPersons (github.com/cvgroup-njust/CityPersons) over Cityscapes
)


def annotated_image(stem: str) -> str:
    """The image's name an annotation file's stem holds before a word of its kind (FlickrLogos'
    `4763210269.jpg.bboxes.txt` annotates `4763210269.jpg`), or its image's stem where its tail is a
    documented annotation tail (`TAIL_PAIRS`), else the stem.

    >>> annotated_image("4763210269.jpg.bboxes"), annotated_image("000040.jpg"), annotated_image("img_1")
    ('4763210269.jpg', '000040.jpg', 'img_1')
    >>> annotated_image("aachen_000000_000019_gtBboxCityPersons"), annotated_image("_gtBboxCityPersons")
    ('aachen_000000_000019_leftImg8bit', '_gtBboxCityPersons')
    """
    found = _ANNOTATED_IMAGE.fullmatch(stem)
    if found:
        return found.group(1)
    return next((stem[: -len(a)] + i for a, i in TAIL_PAIRS if stem.endswith(a) and len(stem) > len(a)), stem)


def _image_stem(path: str) -> str:
    found = annotated_image(layout.stem(path))
    return layout.stem(found) if layout.extension(found) in layout.IMAGE_EXTENSIONS else found


def unread_box_files(media: Sequence[str], others: Sequence[str], read: Collection[str],
                     head: Callable[[str], list[str]]) -> list[str]:
    """The `.txt` files of `others` (not under a folder of `read`) lying in a folder named as an
    input's folder but elsewhere (a mirror tree), named after one of its inputs, whose lines
    (`head`) are rows of at least four numbers: at most `_FILES_READ` of them opened.

    >>> media = ["c/jpg/HP/1.jpg", "c/jpg/HP/2.jpg"]
    >>> others = ["c/masks/HP/1.jpg.bboxes.txt", "c/masks/HP/2.jpg.bboxes.txt"]
    >>> unread_box_files(media, others, [], lambda p: ["1 2 4 6"])
    ['c/masks/HP/1.jpg.bboxes.txt', 'c/masks/HP/2.jpg.bboxes.txt']
    >>> unread_box_files(media, others, ["c/masks"], lambda p: ["1 2 4 6"]), unread_box_files(media, others, [], lambda p: ["a cat"])
    ([], [])
    """
    folders_of: dict[str, set[str]] = {}
    for p in media:
        folders_of.setdefault(layout.stem(p), set()).add(posixpath.dirname(p))
    candidates = [
        p for p in others
        if layout.extension(p) == "txt" and not any(p.startswith(f + "/") for f in read if f)
        and any(f != posixpath.dirname(p) and posixpath.basename(f) == posixpath.basename(posixpath.dirname(p))
                for f in folders_of.get(_image_stem(p), ()))
    ][:_FILES_READ]
    found = []
    for path in candidates:
        rows = [line.split() for line in head(path) if line.strip()]
        if rows and file_signs.number_rows(head(path)) and all(len(r) >= _BOX_NUMBERS for r in rows):
            found.append(path)
    return found
