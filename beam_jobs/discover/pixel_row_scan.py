"""A Candidate per row of a table of images written out as numbers, for ScanTables.

    (PixelColumns, rows) --scan_pixel_rows--> [Candidate] (one per row: its byte range, row number,
                                               shape, label, split) and a note saying how it was read

Its own module because such a table's rows are images, not texts or labels: what a row holds is
`converters/pixel_rows.py`'s to say, the labels a column's or a label table's of its own
(`pixel_label_tables.py`); the scan of every other table stays in `tables.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import NOTES, reject
from shardify.converters import pixel_rows, split_column, tables
from shardify.errors import InvalidInputError
from shardify.plan.entries import ARRAY, Candidate, MemberLocation

__all__ = ["scan_pixel_rows"]


def scan_pixel_rows(
    relpath: str,
    location: MemberLocation | None,
    columns: pixel_rows.PixelColumns,
    rows: Iterator[tables.Row | tables.RowError],
    scanned: Any,
    split: str,
    line_labels: list[str] | None = None,
) -> Iterator:
    """A table of images written out as numbers (see `converters/pixel_rows.py`): an image
    Candidate per row, split by its split column where it has one, or a reject saying why not; one
    by one, for the caller to gather (`in_batches`). `line_labels`: row n's label at [n - 1] where a
    label table of its own gives them (`pixel_label_tables.py`: AHCD's csvTrainLabel)."""
    yield beam.pvalue.TaggedOutput(NOTES, (relpath, columns.describe()))
    for row in rows:
        scanned.last_row = row.row
        if isinstance(row, tables.RowError):
            yield reject(relpath, row.reason, row.row)
            continue
        try:
            image = pixel_rows.image_of(row.cells, columns)
        except InvalidInputError as error:
            yield reject(relpath, error.reason, row.row)
            continue
        try:
            row_split = split_column.row_split(row.cells, columns.split, split)
        except InvalidInputError as error:
            yield reject(relpath, error.reason, row.row)
            continue
        labels: tuple[str, ...] = ()
        if line_labels is not None and not columns.label:
            labels = (line_labels[row.row - 1],) if row.row <= len(line_labels) else ()
            if not labels:
                yield reject(relpath, "no label: past the end of its label table", row.row)
                continue
        elif columns.label:
            cell = row.cells.get(columns.label)
            labels = (cell.strip(),) if isinstance(cell, str) and cell.strip() else ()
            if not labels:
                yield reject(relpath, f"empty label in column {columns.label!r}", row.row)
                continue
        yield Candidate(
            ARRAY,
            relpath,
            row.length,  # the writer reads the row again, these bytes at this offset
            labels,
            split=row_split,
            unlabelled=not labels,
            row=row.row,
            offset=row.offset,
            shape=image.shape,
            location=location,
        )
