"""Tables (CSV, TSV, JSONL): stream rows with their byte ranges, and parse one row again later.

Discovery scans a table once and keeps, per row, only its byte range, row number and label; the
writer seeks to the range and parses that row alone. So a table larger than memory converts, and
rows travel through the pipeline as metadata like files do.

Rows are numbered as a spreadsheet shows them: in CSV and TSV the header is row 1; in JSONL the
row number is the line number. CSV follows RFC 4180 (quoted fields may hold commas, quotes and line
breaks; CRLF or LF line ends; a UTF-8 byte-order mark is ignored). TSV has no quoting: a field ends
at the next tab.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from shardify.errors import InvalidInputError
from shardify.example_proto import BYTES, FLOAT, INT64
from shardify.label_names import normalise_label

__all__ = [
    "CSV",
    "TSV",
    "JSONL",
    "table_format",
    "Row",
    "RowError",
    "read_header",
    "read_table",
    "parse_row",
    "choose_column",
    "TEXT_COLUMN_NAMES",
    "LABEL_COLUMN_NAMES",
    "KEY_COLUMN_NAMES",
    "CAPTION_COLUMN_NAMES",
    "value_dtype",
    "merge_dtypes",
    "convert_value",
    "split_labels",
    "LabelFileColumns",
    "label_file_columns",
    "TableOptions",
    "TableColumns",
    "resolve_columns",
]

CSV, TSV, JSONL = "csv", "tsv", "jsonl"
_BOM = codecs.BOM_UTF8

# Column names tried, in order, when the user names none.
TEXT_COLUMN_NAMES = ("text", "sentence", "review", "content", "body", "document", "comment")
LABEL_COLUMN_NAMES = ("label", "labels", "class", "category", "target", "tags", "tag", "sentiment")
KEY_COLUMN_NAMES = ("path", "file", "filename", "file_name", "image", "id", "name", "key")
CAPTION_COLUMN_NAMES = ("caption", "text", "description")


def table_format(relpath: str) -> str:
    """CSV, TSV or JSONL from the file's extension."""
    ext = relpath.rsplit(".", 1)[-1].lower()
    if ext not in (CSV, TSV, JSONL):
        raise InvalidInputError(f"not a table: expected .csv, .tsv or .jsonl, got {relpath}")
    return ext


@dataclass(frozen=True)
class Row:
    """One data row: where it is in the file and its cells.

    Attributes:
      row: row number (header = row 1 in CSV/TSV; line number in JSONL).
      offset, length: the row's byte range in the file.
      cells: column name -> value (strings for CSV/TSV; any JSON value for JSONL).
    """

    row: int
    offset: int
    length: int
    cells: Mapping[str, object]


@dataclass(frozen=True)
class RowError:
    """A row that cannot be read, with the reason."""

    row: int
    reason: str


def _dialect(fmt: str) -> dict:
    if fmt == TSV:
        return {"delimiter": "\t", "quoting": csv.QUOTE_NONE}
    return {"delimiter": ","}


# A row is held in memory whole while it is parsed, as an image file is while it is checked. Longer
# rows are rejected, each on its own (the next row is found by `_end_of_row`). The csv module's own
# field limit (128 KiB) would reject ordinary long documents, so it is raised to this, once, for the
# whole process (the limit is a module global).
MAX_ROW_BYTES = 64 << 20
csv.field_size_limit(max(csv.field_size_limit(), MAX_ROW_BYTES))
# Bytes read at a time when skipping the rest of a rejected row.
_SKIP_BLOCK_BYTES = 1 << 20


class _RowTooLong(Exception):
    """Raised from inside the csv reader's line source when a row passes MAX_ROW_BYTES."""


class _CountingLines:
    """Yields decoded lines of a binary file and counts the bytes consumed, for row offsets.

    Never reads past `end` (the size the file had when it was listed, when known) nor more than
    MAX_ROW_BYTES + 1 bytes for one row: call `start_row()` before each row.
    """

    def __init__(self, fileobj: BinaryIO, start: int, end: int | None) -> None:
        self._file = fileobj
        self._end = end
        self.consumed = self.row_start = start
        self.line_error: str | None = None

    def start_row(self) -> None:
        self.row_start, self.line_error = self.consumed, None

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        allowed = MAX_ROW_BYTES - (self.consumed - self.row_start)
        size = allowed + 1 if self._end is None else min(allowed + 1, self._end - self.consumed)
        line = self._file.readline(size) if size > 0 else b""
        if not line:
            raise StopIteration
        if self.consumed == 0 and line.startswith(_BOM):
            line = line[len(_BOM) :]
            self.consumed += len(_BOM)
        self.consumed += len(line)
        if len(line) > allowed:
            raise _RowTooLong
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError as error:
            self.line_error = f"not valid UTF-8 ({error.reason} at byte {error.start})"
            return line.decode("utf-8", errors="replace")


def _too_long(row_number: int) -> RowError:
    return RowError(row_number, f"row longer than {MAX_ROW_BYTES:,} bytes, the most a row may hold")


def read_header(fileobj: BinaryIO, fmt: str, size_bytes: int | None = None) -> tuple[list[str], int]:
    """(column names, byte offset of the first data row); JSONL has no header: ([], 0).

    Raises:
      InvalidInputError: an empty table, or a header with empty or repeated names.
    """
    if fmt == JSONL:
        return [], 0
    lines = _CountingLines(fileobj, 0, size_bytes)
    try:
        header = next(csv.reader(lines, **_dialect(fmt)))
    except StopIteration:
        raise InvalidInputError("empty table: no header row") from None
    except _RowTooLong:
        raise InvalidInputError(f"header row longer than {MAX_ROW_BYTES:,} bytes") from None
    except csv.Error as error:
        raise InvalidInputError(f"unreadable header row: {error}") from None
    header = [name.strip() for name in header]
    if lines.line_error:
        raise InvalidInputError(f"header row is {lines.line_error}")
    if any(not name for name in header) or len(set(header)) != len(header):
        raise InvalidInputError(f"header row needs distinct, non-empty column names: {header}")
    return header, lines.consumed


def read_table(
    fileobj: BinaryIO, fmt: str, size_bytes: int | None = None
) -> tuple[list[str], Iterator[Row | RowError]]:
    """(column names, every data row streamed one at a time); the header is read once, now.

    Args:
      fileobj: the table, open at its start.
      fmt: CSV, TSV or JSONL.
      size_bytes: the table's size when it was listed: nothing past it is read (bytes appended
        since are not part of this run), or None to read to the end.

    Every row comes back as a Row or a RowError with its reason; a row that cannot be parsed (too
    long, malformed) never takes the rows after it along.

    Raises:
      InvalidInputError: the header is unusable (the whole table is rejected).
    """
    header, start = read_header(fileobj, fmt, size_bytes)
    if fmt == JSONL:
        return header, _scan_jsonl(fileobj, size_bytes)
    return header, _scan_delimited(fileobj, fmt, header, start, size_bytes)


def _scan_delimited(
    fileobj: BinaryIO, fmt: str, header: list[str], start: int, end: int | None
) -> Iterator[Row | RowError]:
    """CSV or TSV rows after the header, which ends at byte `start` (where `fileobj` is)."""
    lines = _CountingLines(fileobj, start, end)
    reader = csv.reader(lines, **_dialect(fmt))
    row_number = 1
    while True:
        lines.start_row()
        try:
            cells = next(reader)
        except StopIteration:
            return
        except (csv.Error, _RowTooLong) as error:
            row_number += 1
            yield _too_long(row_number) if isinstance(error, _RowTooLong) else RowError(row_number, f"malformed row: {error}")
            # The parser is somewhere inside the row: find its end from its start, and go on there.
            after = _end_of_row(fileobj, lines.row_start, fmt, end)
            fileobj.seek(after)
            lines = _CountingLines(fileobj, after, end)
            reader = csv.reader(lines, **_dialect(fmt))
            continue
        row_number += 1
        if not cells:
            continue  # a blank line
        if lines.line_error:
            yield RowError(row_number, lines.line_error)
        elif len(cells) != len(header):
            yield RowError(row_number, f"{len(cells)} fields where the header has {len(header)}")
        else:
            yield Row(row_number, lines.row_start, lines.consumed - lines.row_start, dict(zip(header, cells)))


def _end_of_row(fileobj: BinaryIO, start: int, fmt: str, end: int | None) -> int:
    """The offset just past the line break that ends the row starting at `start`.

    Follows the csv module's rules without holding the row: in CSV a field that starts with a quote
    runs to the closing quote (`""` is a quote inside it) and may hold line breaks; a quote anywhere
    else is an ordinary character. TSV and JSONL rows end at the next line break. Reads in blocks.
    """
    delimiter = b"\t" if fmt == TSV else b","
    special = re.compile(b'[\r\n",]' if fmt == CSV else (b"\n" if fmt == JSONL else b"[\r\n]"))
    fileobj.seek(start)
    position, field_start = start, start
    in_quotes, closing_quote = False, -2  # closing_quote: offset of a quote that may close the field
    while True:
        size = _SKIP_BLOCK_BYTES if end is None else min(_SKIP_BLOCK_BYTES, end - position)
        block = fileobj.read(size) if size > 0 else b""
        if not block:
            return position
        for match in special.finditer(block):
            at, char = position + match.start(), match.group()
            if in_quotes:
                if closing_quote >= 0 and not (char == b'"' and at == closing_quote + 1):
                    in_quotes, closing_quote = False, -2  # the field closed there: go on unquoted
                elif char == b'"':  # a closing quote, or the second of "" (a quote character)
                    closing_quote = -2 if closing_quote >= 0 else at
                    continue
                else:
                    continue
            if char == b'"':
                in_quotes, closing_quote = at == field_start, -2
            elif char == delimiter:
                field_start = at + 1
            else:  # a line break ends the row; \r\n counts as one
                after = at + 1
                if char == b"\r" and (end is None or after < end):
                    fileobj.seek(after)
                    after += fileobj.read(1) == b"\n"
                return after
        position += len(block)


def _scan_jsonl(fileobj: BinaryIO, end: int | None) -> Iterator[Row | RowError]:
    offset, row_number = 0, 0
    while True:
        size = MAX_ROW_BYTES + 1 if end is None else min(MAX_ROW_BYTES + 1, end - offset)
        line = fileobj.readline(size) if size > 0 else b""
        if not line:
            return
        row_number += 1
        row_offset, offset = offset, offset + len(line)
        if len(line) > MAX_ROW_BYTES:
            yield _too_long(row_number)
            offset = _end_of_row(fileobj, row_offset, JSONL, end)
            fileobj.seek(offset)
            continue
        if row_number == 1 and line.startswith(_BOM):
            line, row_offset = line[len(_BOM) :], len(_BOM)
        if not line.strip():
            continue
        try:
            cells = json.loads(line)
        except UnicodeDecodeError as error:
            yield RowError(row_number, f"not valid UTF-8 ({error.reason})")
            continue
        except json.JSONDecodeError as error:
            yield RowError(row_number, f"not a JSON object: {error.msg} at column {error.colno}")
            continue
        if not isinstance(cells, dict):
            yield RowError(row_number, f"not a JSON object but a {type(cells).__name__}")
            continue
        yield Row(row_number, row_offset, offset - row_offset, cells)


def parse_row(data: bytes, fmt: str, header: Sequence[str]) -> dict[str, object]:
    """The cells of one row read back from its byte range.

    Raises:
      InvalidInputError: the bytes no longer parse as the row that was scanned.
    """
    try:
        text = data.decode("utf-8")
        if fmt == JSONL:
            cells = json.loads(text)
            if isinstance(cells, dict):
                return cells
        else:
            (fields,) = list(csv.reader(io.StringIO(text, newline=""), **_dialect(fmt)))
            if len(fields) == len(header):
                return dict(zip(header, fields))
    except (UnicodeDecodeError, json.JSONDecodeError, csv.Error, ValueError):
        pass
    raise InvalidInputError("table changed since it was scanned (row no longer parses)")


def choose_column(columns: Sequence[str], given: str, candidates: Sequence[str], what: str) -> str:
    """`given` if it is a column, else the first candidate present (case-insensitive), else "".

    Raises:
      InvalidInputError: `given` is not one of `columns`.
    """
    if given:
        if given not in columns:
            raise InvalidInputError(f"no {what} column {given!r}; the columns are {list(columns)}")
        return given
    lowered = {name.lower(): name for name in columns}
    return next((lowered[c] for c in candidates if c in lowered), "")


def value_dtype(value: object) -> str:
    """The narrowest feature dtype that holds `value` (a CSV string or a JSON value)."""
    if isinstance(value, bool) or value is None or isinstance(value, (list, dict)):
        return BYTES
    if isinstance(value, int):
        return INT64
    if isinstance(value, float):
        return FLOAT if math.isfinite(value) else BYTES
    text = str(value).strip()
    try:
        int(text)
        return INT64 if -(1 << 63) <= int(text) < (1 << 63) else BYTES
    except ValueError:
        pass
    try:
        return FLOAT if math.isfinite(float(text)) and text.lower() not in ("nan", "inf") else BYTES
    except ValueError:
        return BYTES


def merge_dtypes(a: str, b: str) -> str:
    """The dtype that holds values of both: int64 < float32 < string."""
    order = (INT64, FLOAT, BYTES)
    return order[max(order.index(a), order.index(b))]


def convert_value(value: object, dtype: str) -> bytes | int | float:
    """A cell as the feature value of `dtype` (which `value_dtype` allowed for it)."""
    if dtype == INT64:
        return int(value) if isinstance(value, int) else int(str(value).strip())
    if dtype == FLOAT:
        return float(value) if isinstance(value, (int, float)) else float(str(value).strip())
    if isinstance(value, str):
        return value.encode("utf-8")
    return json.dumps(value, ensure_ascii=False, sort_keys=True).encode("utf-8")


def split_labels(value: object, separator: str) -> tuple[str, ...]:
    """Label names from a cell: a JSON list, a separated string, or one name; each normalised
    (see `label_names.normalise_label`), empty names dropped.

    Raises:
      InvalidInputError: a name would print like another (see `normalise_label`).
    """
    if isinstance(value, list):
        names = [str(v) for v in value]
    elif value is None:
        names = []
    elif separator:
        names = str(value).split(separator)
    else:
        names = [str(value)]
    normalised = (normalise_label(name) for name in names)
    return tuple(dict.fromkeys(name for name in normalised if name))  # each label once, in order


@dataclass(frozen=True)
class TableOptions:
    """How the user named a table's columns (`--text-column`, `--label-column`, ...).

    Attributes:
      text_column, label_column: column names, or "" to look for the usual names.
      keep_columns: extra columns to keep as features; ("*",) for all the others.
      label_separator: splits one cell into several labels (multi-label), or "" for none.
    """

    text_column: str = ""
    label_column: str = ""
    keep_columns: tuple[str, ...] = ()
    label_separator: str = ""


@dataclass(frozen=True)
class LabelFileColumns:
    """Which columns of a label file name the file, its labels and its caption ("" for none)."""

    key: str
    label: str
    caption: str


def label_file_columns(columns: Sequence[str], label_column: str = "", *, captions: bool = True) -> LabelFileColumns:
    """The key column (the usual names, else the first column), the label column (`label_column`
    or the usual names) and, with `captions`, a caption column distinct from both.

    Raises:
      InvalidInputError: `label_column` is not one of `columns`.
    """
    key = choose_column(columns, "", KEY_COLUMN_NAMES, "key") or columns[0]
    label = choose_column(columns, label_column, LABEL_COLUMN_NAMES, "label")
    caption = choose_column(columns, "", CAPTION_COLUMN_NAMES, "caption") if captions else ""
    return LabelFileColumns(key, label, caption if caption not in (key, label) else "")


@dataclass(frozen=True)
class TableColumns:
    """Which columns of a table feed a record.

    Attributes:
      text: the text column.
      label: the label column, or "" for unlabeled rows.
      keep: extra columns kept as features.
    """

    text: str
    label: str
    keep: tuple[str, ...]


def resolve_columns(columns: Sequence[str], options: TableOptions) -> TableColumns:
    """The columns to read, from the user's names or the usual names (see *_COLUMN_NAMES).

    Raises:
      InvalidInputError: a named column is missing, or no text column can be found.
    """
    label = choose_column(columns, options.label_column, LABEL_COLUMN_NAMES, "label")
    text = choose_column(columns, options.text_column, TEXT_COLUMN_NAMES, "text")
    if not text:
        others = [c for c in columns if c != label]
        if len(others) != 1:
            raise InvalidInputError(
                f"no text column among {list(columns)}: name it with --text-column"
            )
        text = others[0]
    if options.keep_columns == ("*",):
        keep = tuple(c for c in columns if c not in (text, label))
    else:
        missing = [c for c in options.keep_columns if c not in columns]
        if missing:
            raise InvalidInputError(f"--keep-columns {missing} not in the columns {list(columns)}")
        keep = tuple(c for c in options.keep_columns if c not in (text, label))
    return TableColumns(text, label, keep)
