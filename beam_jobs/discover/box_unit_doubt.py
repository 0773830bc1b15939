"""The stop for a table of boxes read by content whose numbers are fractions of the image in some
rows and pixels in others (`box_columns.mixed_units`): read as pixels, the fractions' boxes are a
pixel wide; read as fractions, the pixels' leave the image. Which unit is meant is the user's to
say, by the layout file's `box_format:` line (its `(pixels)` or `(normalised)`).
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.plan import box_columns

__all__ = ["unit_doubt"]


def unit_doubt(path: str, reading: box_columns.Reading, order: Sequence[str]) -> str:
    """Why `path` cannot be read without a doubt, naming a row of each unit and the two `box_format`
    lines that decide.

    >>> found = box_columns.read_roles(["f,label,cx,cy,w,h", "a.jpg,car,0.5,0.5,0.2,0.3", "b.jpg,car,30,20,10,8"],
    ...                                lambda c: c.endswith(".jpg"))
    >>> said = unit_doubt("boxes.csv", found, found.named)
    >>> "'a.jpg,car,0.5,0.5,0.2,0.3'" in said and "(normalised)" in said and "(pixels)" in said
    True
    """
    def small(row: Sequence[str]) -> bool:
        return all(0.0 <= float(row[i]) <= 1.0 for i in reading.box)

    rows = [row for row in reading.rows if all(row[i] for i in reading.box)]
    fraction = next(",".join(row) for row in rows if small(row))
    pixel = next(",".join(row) for row in rows if not small(row))
    choices = [repr(box_columns.box_format(r, order).name) for r in (reading, box_columns.other_unit(reading))]
    return (
        f"{path} is a table of boxes whose numbers are fractions of the image in some rows ({fraction[:80]!r}) and "
        f"pixels in others ({pixel[:80]!r}): read in one unit, the other rows' boxes are wrong, and which is meant "
        f"cannot be told: --dry-run --layout-file FILE writes the guess; set its evidence's box_format to "
        f"{' or '.join(sorted(choices))}"
    )
