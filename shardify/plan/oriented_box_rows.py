"""Per-image files of oriented boxes that write each box's corners, its angle, then its centre and
size again: rows of `box_formats.FORMATS` kept apart from `box_format_rows.py` (one module a kind of
rows). The centre written twice is what tells these lines from other lines of as many numbers
(`BoxFormat.centre_fields`): a line whose centre is outside its corners is no box of theirs.

UCAS-AOD as released (`CAR/P0001.png` beside `CAR/P0001.txt`, `PLANE/`, and `Neg/` of negatives) writes
no class: the folder holding the image and its file is every box's class, as FlickrLogos' (`FOLDER_CLASS`);
the benchmark's data_prepare.py copies the images to `AllImages/` and rewrites each file into
`Annotations/` with the class word first (`car  x1 y1 ...`, `airplane  x1 y1 ...`).
"""

from __future__ import annotations

from shardify.plan.box_format import FOLDER_CLASS, PER_IMAGE, QUAD_PIXELS, BoxFormat

__all__ = ["FORMATS"]

_SOURCE = ("UCAS-AOD (Zhu et al., ICIP 2015), github.com/ming71/UCAS-AOD-benchmark README.md ('Files are numbered from "
           "1-1510, in which 1-510 are cars, 511-1510 are airplanes ... classname is attached to label file in format of "
           "`classname x1 y1 x2 y2 x3 y3 x4 y4 theta cx cy w h`') and data_prepare.py (CAR/P*.txt, PLANE/P*.txt beside "
           "their .png, rewritten to Annotations/ as 'car  ' or 'airplane  ' + the release's line)")

FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="UCAS-AOD oriented boxes",
        pairing=PER_IMAGE,
        files=r"",  # beside its image, in the image's class folder (`beam_jobs/discover/box_beside.py`)
        fields=(13,),
        single_class=FOLDER_CLASS,  # the files name no class: the folder holding the image is every box's
        box_fields=("0", "1", "2", "3", "4", "5", "6", "7"),
        centre_fields=("9", "10"),
        convention=QUAD_PIXELS,
        source=_SOURCE,
    ),
    BoxFormat(
        name="UCAS-AOD prepared labels",
        pairing=PER_IMAGE,
        files=r"Annotations",  # UCAS_AOD/Annotations/P0001.txt beside UCAS_AOD/AllImages/P0001.png
        fields=(14,),
        class_field="0",
        box_fields=("1", "2", "3", "4", "5", "6", "7", "8"),
        centre_fields=("10", "11"),
        convention=QUAD_PIXELS,
        source=_SOURCE,
    ),
)
