"""The pieces every table row reader shares: a row with where it is (`Row`), a row that cannot be
read (`RowError`), the one row-size limit (`MAX_ROW_BYTES`) and the line source that counts bytes
(`CountingLines`).

Apart from `tables` (what a table is: its format and header) because these are what the readers of
rows build on, the table scans and the readers of other formats alike (`parquet_tables`,
`nested_fields`, box documents): none of them needs a table's header to name a row or its limit,
and none then imports `tables` for them.
"""

from __future__ import annotations

import codecs
import csv
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import BinaryIO

from shardify.converters.table_encodings import is_utf8, not_valid
from shardify.converters.texts import DEFAULT_ENCODING

__all__ = ["BOM", "MAX_ROW_BYTES", "CountingLines", "Row", "RowError", "RowTooLong", "too_long"]

BOM = codecs.BOM_UTF8


@dataclass(frozen=True)
class Row:
    """One data row: where it is in the file and its cells.

    Attributes:
      row: row number (see `tables`' docstring).
      offset, length: the row's byte range in the file; Parquet: its position from 0, and the
        UTF-8 length of its text (what the plan balances shards by).
      cells: column name -> value (strings for CSV/TSV; any JSON value for JSONL and Parquet).
    """

    row: int
    offset: int
    length: int
    cells: Mapping[str, object]
    split: str = ""  # a JSON document's split key the row is under (`json_records`), else ""


@dataclass(frozen=True)
class RowError:
    """A row that cannot be read, with the reason.

    Attributes:
      row: its row number.
      reason: why.
      key: a label file's row that names a file but is unusable (its label is not a name, its
        image's id is not unique): what names the file, so that the file is rejected with this
        reason rather than the row counted as an input of its own; "" otherwise.
      head: the first characters of a line too long to read, where a reader may still find the
        key that names its file (a box table's image id); "" otherwise.
    """

    row: int
    reason: str
    key: str = ""
    head: str = ""


# A row is held in memory whole while it is parsed, as an image file is while it is checked. Longer
# rows are rejected, each on its own (the next row is found by `_end_of_row`). The csv module's own
# field limit (128 KiB) would reject ordinary long documents, so it is raised to this, once, for the
# whole process (the limit is a module global). Readers read it here, as `row_ranges.MAX_ROW_BYTES`, when
# they run, so that one value (a test's lower one too) holds for every format.
MAX_ROW_BYTES = 64 << 20
csv.field_size_limit(max(csv.field_size_limit(), MAX_ROW_BYTES))


class RowTooLong(Exception):
    """Raised from inside the csv reader's line source when a row passes MAX_ROW_BYTES."""


class CountingLines:
    """Yields decoded lines of a binary file and counts the bytes consumed, for row offsets.

    Never reads past `end` (the size the file had when it was listed, when known) nor more than
    MAX_ROW_BYTES + 1 bytes for one row: call `start_row()` before each row.
    """

    def __init__(self, fileobj: BinaryIO, start: int, end: int | None, encoding: str = DEFAULT_ENCODING) -> None:
        self._file = fileobj
        self._end = end
        self._encoding = encoding
        self.consumed = self.row_start = start
        self.line_error: str | None = None
        self.row_lines = 0  # lines the row read so far (a quoted field may hold line breaks)
        self.row_nul = False  # the row holds a NUL character

    def start_row(self) -> None:
        self.row_start, self.line_error, self.row_lines, self.row_nul = self.consumed, None, 0, False

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        allowed = MAX_ROW_BYTES - (self.consumed - self.row_start)
        size = allowed + 1 if self._end is None else min(allowed + 1, self._end - self.consumed)
        line = self._file.readline(size) if size > 0 else b""
        if not line:
            raise StopIteration
        if self.consumed == 0 and line.startswith(BOM) and is_utf8(self._encoding):  # not part of the first row's bytes
            line = line[len(BOM) :]
            self.consumed = self.row_start = len(BOM)
        self.consumed += len(line)
        self.row_lines += 1
        if len(line) > allowed:
            raise RowTooLong
        try:
            decoded = line.decode(self._encoding)
        except UnicodeDecodeError as error:
            self.line_error = not_valid(self._encoding, error)
            return line.decode(self._encoding, errors="replace")
        self.row_nul = self.row_nul or "\0" in decoded
        return decoded


def too_long(row_number: int) -> RowError:
    return RowError(row_number, f"row longer than {MAX_ROW_BYTES:,} bytes, the most a row may hold")
