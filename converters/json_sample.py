"""The first rows of a JSON-lines table as a CSV's sample: what discovery and the writer judge its columns by.

A JSON-lines table names its columns in each row, so it has no header to read a sample beside:
read row by row, its columns were resolved from their names alone, and a text column no usual
name names (FEVER's `claim`) was "no text column" in every row (exit 1), while discovery,
judging the first rows' content, had passed it. Both now resolve from the same first rows
(`sampled_rows`), so they agree without passing anything along.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable
from typing import BinaryIO

from shardify.converters import table_scans, tables
from shardify.converters.columns import TableOptions

__all__ = ["SAMPLED_ROWS", "as_cell", "sample_of", "sampled_rows"]

# JSON lines read to judge a table's columns: as many as a CSV's sample holds at most.
SAMPLED_ROWS = 20


def as_cell(value: object) -> str:
    """A JSON value as a CSV cell would hold it (`true`, `3`, the text)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else json.dumps(value)


def sampled_rows(fileobj: BinaryIO, relpath: str, options: TableOptions) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """(column names, their first rows' cells) of the JSON-lines table `fileobj` (open at its
    start), or ((), ()) where it is no JSON-lines table or its first rows name other keys (read row
    by row, each by its own keys, as before)."""
    header, rows = table_scans.read_table(fileobj, tables.table_format(relpath), options=options)
    if header.columns or (header.fmt or tables.table_format(relpath)) not in (tables.JSONL, tables.QA_JSON, tables.XML_RECORDS):
        return (), ()  # (a .json of records, flat or nested, is judged by its first rows as discovery judged it)
    return sample_of(itertools.islice(rows, SAMPLED_ROWS))


def sample_of(rows: Iterable[object]) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """(column names, cells) of a JSON-lines table's first rows (`tables.Row`s; a row error is
    passed over), or ((), ()) where they name other keys."""
    sampled = [row for row in rows if isinstance(row, tables.Row)]
    if not sampled:
        return (), ()
    names = tuple(sampled[0].cells)
    if any(tuple(row.cells) != names for row in sampled):
        return (), ()
    return names, tuple(tuple(as_cell(row.cells[name]) for name in names) for row in sampled)
