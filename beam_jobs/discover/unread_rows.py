"""The rows of a table that discovery gave up on, each counted as the reject it is.

A table refused whole at discover (a `test.csv` whose columns hold no text: ids, numbers, dates;
a header unlike its sibling's) used to be ONE line of `rejected.jsonl`: its N rows were lost with
exit 0 while the console said "1 rejected", and `--max-rejects` (10% by default) weighed the
whole table as one input among thousands of rows. Each row of a table is an input (it would have
been a record), so each unread row is a reject of its own, with the table's reason: the count the
console prints and the limit weighs is the rows lost. A table refused after some rows (`rows after
row K unread`) counts the rows after K alike.

Rows are counted as the table's format reads them: CSV and TSV records (a quoted cell may hold
line breaks) and JSON lines (non-blank lines). Where a header cannot have been
read (the refusal came from the header), a CSV or TSV is taken to have one, so that at most one
row goes uncounted. Other formats (Parquet, a JSON document, a file refused as `label text` lines) give None: their one reject stays.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from typing import BinaryIO

from shardify.converters import tables

__all__ = ["unread_rows"]

# Formats whose rows are lines of the file, and the CSV dialects' delimiters. Not `label text`
# line files: one refused is no file of such lines (prose), its lines no rows.
_LINE_FORMATS = frozenset({tables.JSONL})
_DELIMITERS = {tables.CSV: ",", tables.TSV: "\t", tables.SEMICOLON_CSV: ";"}


def unread_rows(
    open_table: Callable[[], BinaryIO], fmt: str, encoding: str, last_row: int, header: bool | None, size: int | None
) -> Iterator[int] | None:
    """The row numbers (header = row 1) after `last_row` that hold data, or None where this
    format's rows are not counted (the caller keeps its single reject).

    Args:
      open_table: opens the table at its start (binary).
      fmt: its format (tables.table_format).
      encoding: its bytes' encoding (`--encoding`).
      last_row: the last row already on its way as a record or reject (0: none).
      header: whether its first row is a header; None where it was not read (a CSV or TSV is then
        taken to have one).
      size: bytes listed (nothing past them is counted), or None.
    """
    if fmt not in _DELIMITERS and fmt not in _LINE_FORMATS:
        return None
    with open_table() as fileobj:
        data = fileobj.read(size) if size is not None and size >= 0 else fileobj.read()
    text = data.decode(encoding, errors="replace").lstrip("\ufeff")
    if fmt in _DELIMITERS:
        total = sum(1 for record in csv.reader(io.StringIO(text, newline=""), delimiter=_DELIMITERS[fmt]) if record)
        first = 2 if header is None or header else 1
        rows = range(max(first, last_row + 1), total + 1)
        return iter(rows)
    numbered = [number for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    return (number for number in numbered if number > last_row)
