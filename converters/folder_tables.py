"""Reading a box table of one class folder (`box_formats.FOLDER_TABLES`: UEC FOOD's
`<id>/bb_info.txt`): its rows as `box_text.table_rows` reads a table of boxes, each box's class
the folder holding the table, each row's key the image's path from SRC (`<id>/<img>`), so that
stems repeated across folders stay apart. A text file of the tree whose first line is not the
format's header is no such table and gives no rows (a readme beside the images).
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Iterator
from typing import BinaryIO

from shardify.converters import box_text, tables
from shardify.converters.evidence_files import EvidenceRow, text_lines
from shardify.plan.box_format import BoxFormat

__all__ = ["folder_table_rows"]


def _header(fmt: BoxFormat, text: str) -> bool:
    cells = [cell.strip() for cell in fmt.row_cells(text.strip().removeprefix("\ufeff")) if cell.strip()]
    return cells == [fmt.key_field, *fmt.box_fields]


def folder_table_rows(fileobj: BinaryIO, fmt: BoxFormat, table: str) -> Iterator[EvidenceRow | tables.RowError]:
    """The rows of the table at `table` (its path from SRC), keyed `<its folder>/<key>`, every
    object's class the folder's name; nothing where its first line is not the format's header."""
    lines = list(text_lines(fileobj))
    first = next((item for item in lines if not isinstance(item, tables.RowError) and item[1].strip()), None)
    if first is None or not _header(fmt, first[1]):
        return
    folder = posixpath.dirname(table)
    label = posixpath.basename(folder)
    for row in box_text.table_rows(iter(lines), fmt, None):
        if isinstance(row, tables.RowError):
            yield row
            continue
        objects = tuple(obj if obj.skipped else dataclasses.replace(obj, label=label) for obj in row.objects or ())
        labels = tuple(sorted({obj.label for obj in objects if not obj.skipped}))
        yield dataclasses.replace(row, key=posixpath.join(folder, row.key), objects=objects, labels=labels if row.labels is not None else None)
