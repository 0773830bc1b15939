"""The rows of a table that discovery gave up on, each counted as the reject it is.

A table refused whole at discover (a `test.csv` whose columns hold no text: ids, numbers, dates;
a header unlike its sibling's) used to be ONE line of `rejected.jsonl`: its N rows were lost with
exit 0 while the console said "1 rejected", and `--max-rejects` (10% by default) weighed the
whole table as one input among thousands of rows. Each row of a table is an input (it would have
been a record), so each unread row is a reject of its own, with the table's reason: the count the
console prints and the limit weighs is the rows lost. A table refused after some rows (`rows after
row K unread`) counts the rows after K alike.

Rows are counted as the table's format reads them: CSV and TSV records (a quoted cell may hold
line breaks), JSON lines (non-blank lines) and an XML document's records (the start tags of the
element its first bytes open as records, `xml_records.record_tag`: a SemEval file over the size
that is parsed whole had been one reject, its split lost with exit 0). Where a header cannot have been
read (the refusal came from the header), a CSV or TSV is taken to have one, so that at most one
row goes uncounted. The file is streamed, never held whole; one holding a NUL byte in its
first 8 KiB is bytes, not text, and keeps its one reject, as do other formats (Parquet, a JSON
document, an XML document whose first bytes open no records, a file refused as `label text` lines).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator
from typing import BinaryIO

from shardify.converters import tables, xml_records

__all__ = ["unread_rows"]

# Formats whose rows are lines of the file, and the CSV dialects' delimiters. Not `label text`
# line files: one refused is no file of such lines (prose), its lines no rows.
_LINE_FORMATS = frozenset({tables.JSONL})
_DELIMITERS = {tables.CSV: ",", tables.TSV: "\t", tables.SEMICOLON_CSV: ";"}
# Bytes looked at for a NUL, which no table of text holds.
_SNIFFED = 8192


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
    if fmt == tables.XML_RECORDS:
        with open_table() as fileobj:
            tag = xml_records.record_tag(fileobj.read(xml_records.HEAD_BYTES))
        return _tags_counted(open_table, tag, last_row, size) if tag else None
    if fmt not in _DELIMITERS and fmt not in _LINE_FORMATS:
        return None
    with open_table() as fileobj:
        if b"\0" in fileobj.read(_SNIFFED):
            return None  # bytes, not a table of text: its lines are no rows (one reject, as before)
    return _counted(open_table, fmt, encoding, last_row, header, size)


def _counted(
    open_table: Callable[[], BinaryIO], fmt: str, encoding: str, last_row: int, header: bool | None, size: int | None
) -> Iterator[int]:
    """`unread_rows`' numbers, streamed (a refused table may be larger than memory); a read that
    fails part-way stops the count there (the rows before it stay counted)."""
    try:
        with open_table() as raw:
            text = io.TextIOWrapper(io.BufferedReader(_Head(raw, size)), encoding=encoding, errors="replace", newline="")
            if fmt in _DELIMITERS:
                first = 2 if header is None or header else 1
                number = 0
                for record in csv.reader(text, delimiter=_DELIMITERS[fmt]):
                    if record:
                        number += 1
                        if number >= first and number > last_row:
                            yield number
                return
            for number, line in enumerate(text, 1):
                if line.strip() and number > last_row:
                    yield number
    except (OSError, ValueError, csv.Error):
        return


_CHUNK = 1 << 20


def _tags_counted(open_table: Callable[[], BinaryIO], tag: str, last_row: int, size: int | None) -> Iterator[int]:
    """The numbers of an XML document's records after `last_row`: its start tags `<tag` (a prefix
    allowed, `<x:tag`) followed by a space, `>` or `/`, streamed a chunk at a time.

    >>> doc = b'<sentences><sentence id="1"><text>A.</text></sentence><sentence id="2"/><sentences2/></sentences>'
    >>> list(_tags_counted(lambda: io.BytesIO(doc), "sentence", 0, None))
    [1, 2]
    """
    start = re.compile(rb"<(?:[\w.-]+:)?" + re.escape(tag.encode()) + rb"[\s/>]")
    keep = len(tag) + 80  # longer than any start tag matched: one cut between two chunks is found whole in the next
    number = 0
    try:
        with open_table() as raw:
            head, tail = _Head(raw, size), b""
            while True:
                chunk = head.read(_CHUNK)
                data = tail + chunk
                cut = max(0, len(data) - keep) if chunk else len(data)  # (at the end, every tag left)
                for _ in (m for m in start.finditer(data) if m.start() < cut):
                    number += 1
                    if number > last_row:
                        yield number
                if not chunk:
                    return
                tail = data[cut:]
    except OSError:
        return


class _Head(io.RawIOBase):
    """The first `size` bytes of a binary file (all of it where size is None): nothing past what was listed."""

    def __init__(self, raw: BinaryIO, size: int | None) -> None:
        self._raw, self._left = raw, size if size is not None and size >= 0 else None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        wanted = len(buffer) if self._left is None else min(len(buffer), self._left)
        data = self._raw.read(wanted) if wanted else b""
        buffer[: len(data)] = data
        if self._left is not None:
            self._left -= len(data)
        return len(data)
