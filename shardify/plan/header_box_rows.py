"""Per-image box files known by their header line alone, whatever their folder's name: rows of
`box_formats.FORMATS` kept apart from `box_format_rows.py` (one module a kind of rows).

IceVisionSet's `annotations/training/<sequence>/<frame>.tsv` mirror `images/<sequence>/<frame>.jpg`
(annotated frames only, about one in thirty): a header `class xtl ytl xbr ybr temporary occluded
data`, then a sign a row, its class a Russian traffic-code number (`2.1`, `3.24`, `5.19.1`, or the
special `8` and `NA`) kept as written, its corners in pixels.
"""

from __future__ import annotations

from shardify.plan.box_format import PER_IMAGE, XYXY_PIXELS, BoxFormat

__all__ = ["FORMATS"]

FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="IceVision sign rows",
        pairing=PER_IMAGE,
        files=r".+",  # known by its header line, whatever the folder (a sequence's)
        extension="tsv",
        fields=(7, 8),  # the last cell, `data` (a speed limit's value), often empty: a line's end is cut with it
        separator="\t",
        header=r"class\s+xtl\s+ytl\s+xbr\s+ybr\s+temporary\s+occluded\s+data",
        opens_with_header=True,
        class_field="0",
        class_codes=True,  # traffic-code numbers (`2.1`): classes as written
        box_fields=("1", "2", "3", "4"),
        convention=XYXY_PIXELS,
        source="IceVisionSet (github.com/icevision/annotations README.md: 'Each TSV file has the following fields: class "
        "(traffic sign code according to Russian traffic code), xtl, ytl, xbr, ybr, temporary, occluded, data'; "
        "training/<sequence>/<frame>.tsv, e.g. '2.1\\t1259\\t945\\t1286\\t971\\tfalse\\tfalse\\t')",
    ),
)
