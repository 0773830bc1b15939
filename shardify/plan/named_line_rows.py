"""Files listing many images, a line an image by its file's name then its objects (`NAMED_LINES`):
rows of `box_formats.FORMATS` kept apart from `box_format_rows.py` (one module a kind of rows). Each
row says the separator of an object's fields and where its box and class are; the line's syntax is
the pairing's (`converters/named_box_lines.py`).
"""

from __future__ import annotations

from shardify.plan.box_format import NAMED_LINES, XYXY_PIXELS, BoxFormat

__all__ = ["FORMATS"]

FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="STSD sign lists",
        pairing=NAMED_LINES,
        files=r"annotations[\w-]*\.txt",  # Set1/annotations.txt beside Set1/Set1Part0/<name>.jpg (annotations_s1.txt in copies)
        fields=(7,),
        separator=",",
        class_field="6",  # the sign's name (70_SIGN, PEDESTRIAN_CROSSING); field 6 its kind (PROHIBITORY ...)
        box_fields=("3", "4", "1", "2"),  # 'visibility, x2, y2, x1, y1, type, name'
        convention=XYXY_PIXELS,
        source="Swedish Traffic Signs Dataset (Larsson and Felsberg, SCIA 2011; cvl.isy.liu.se/research/datasets/"
        "traffic-signs-dataset): Set1/annotations.txt, Set2/annotations.txt, a line '<file>: <annotation>; ...', each "
        "'visibility, lower right x, y, upper left x, y, sign type, sign name' or 'MISC_SIGNS'; read so by meerkat's "
        "stsd builder (split on ':' then ';', 'MISC_SIGNS' a class alone)",
    ),
)
