"""One object of a box line, row or JSON entry read by a row of `shardify.plan.box_formats.FORMATS`
(its class, its box numbers in the format's convention, its flags), and the labels a record takes
from its objects: what every reader of `box_text` and `box_documents` builds its rows of.
"""

from __future__ import annotations

from collections.abc import Iterable

from shardify.converters.objects import text_box_object
from shardify.errors import InvalidInputError
from shardify.plan.box_formats import BoxFormat
from shardify.plan.box_format import LITERAL_PIXELS, XYXY_PIXELS
from shardify.plan.entries import SourceObject
from shardify.plan.literal_boxes import LiteralBoxError, literal_boxes

__all__ = ["box_object", "box_objects", "labels_of"]


def box_objects(
    fmt: BoxFormat, fields: dict[str, str], where: str, class_names: dict[str, str] | None = None
) -> tuple[SourceObject, ...]:
    """The objects of one ROWS row: one (`box_object`), or, where its box cell is a literal of boxes
    or polygons (LITERAL_PIXELS: `[{'x': .., 'y': .., 'width': .., 'height': ..}, ...]`), one per box,
    none for `[]`.

    Raises:
      InvalidInputError: a cell that is no such literal, or a box in it of impossible numbers, or no class.
    """
    if fmt.convention != LITERAL_PIXELS:
        return (box_object(fmt, fields, where, class_names),)
    try:
        boxes = literal_boxes(fields[fmt.box_fields[0]])
    except LiteralBoxError as error:
        raise InvalidInputError(f"{where}: {error.reason}") from None
    label = fields[fmt.class_field].strip() if fmt.class_field else fmt.single_class
    if boxes and not label:
        raise InvalidInputError(f"{where}: no class")
    return tuple(text_box_object(label, [repr(v) for v in box], XYXY_PIXELS, where=where) for box in boxes)


def box_object(
    fmt: BoxFormat, fields: list[str] | dict[str, str], where: str, class_names: dict[str, str] | None = None
) -> SourceObject:
    """The object of one box line or row (fields by index, or by column for ROWS).

    Raises:
      InvalidInputError: a box number that is not a finite number, or no class.
    """
    def get(field: str) -> str:
        if isinstance(fields, dict):
            return fields[field]
        return fields[int(field)] if int(field) < len(fields) else ""  # an optional last field

    if isinstance(fields, dict):
        label = get(fmt.class_field).strip() if fmt.class_field else fmt.single_class
    else:
        label = fmt.class_of(fields).strip() if fmt.class_field else fmt.single_class
    if not label:
        raise InvalidInputError(f"{where}: no class")
    skipped = fmt.skip_reason(fields)
    if class_names is not None and not skipped:
        if label not in class_names:
            skipped = f"its class {label} is not named in the class names file"
        else:
            label = class_names[label]
    flags = [flag for field, flag in fmt.flags if get(field).strip() == "1"]
    numbers = [get(f) for f in fmt.box_fields]
    if len(numbers) == 1 and not skipped:
        numbers = _one_cell_box(numbers[0], where)
    return text_box_object(label, numbers, fmt.convention, where=where, flags=flags, skipped=skipped)


def _one_cell_box(cell: str, where: str) -> list[str]:
    """The four numbers of a box written in one cell as a list (`[834.0, 222.0, 56.0, 36.0]`).

    Raises:
      InvalidInputError: a cell that is not a bracketed list of four.
    """
    text = cell.strip()
    parts = [p.strip() for p in text[1:-1].split(",")] if text.startswith("[") and text.endswith("]") else []
    if len(parts) != 4:
        raise InvalidInputError(f"{where}: the box cell is not a list of four numbers: {text[:80]!r}")
    return parts


def labels_of(objects: Iterable[SourceObject]) -> tuple[str, ...]:
    return tuple(sorted({obj.label for obj in objects if not obj.skipped}))
