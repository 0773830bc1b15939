"""A table's rows, streamed after its header, and one row read back from its byte range.

`tables` reads what a table is (its format, header and first rows); this module walks its rows:
CSV and TSV through the csv module over `tables.CountingLines` (each row's byte range kept, a row
that does not parse rejected alone and skipped to its end by `_end_of_row`), JSON Lines and
`label text` lines a line at a time, Parquet by row group, question-answering and records JSON by
their readers, blocks of lines (`line_blocks`) a block at a time. The writer reads each row again
with `parse_row`, so only where a row is travels through the pipeline. The two are apart because
the header decides, once, what the scan then applies to every row.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Sequence
from typing import BinaryIO

from shardify.converters import arff_tables, c45_cases, keyed_lines, token_tables
from shardify.converters import cr_lines, json_records, line_blocks, line_tables, nested_fields, parquet_tables, qa_json, quoted_tables, row_ranges, tables, trailing_cells
from shardify.converters.columns import TableOptions
from shardify.converters.tables import (
    BLOCKS, BOM, CSV, JSONL, LINE_FORMATS, PARQUET, QA_JSON, SEMICOLON_CSV, KEYED_LINES, SEPARATOR_OF, TAGGED_LINES, TSV,
    CountingLines, Row, RowError, RowTooLong, TableHeader, malformed, not_valid, read_header, table_dialect, too_long,
)
from shardify.converters.texts import DEFAULT_ENCODING
from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.plan import tagged_lines

__all__ = ["read_table", "parse_row"]

# Bytes read at a time when skipping the rest of a rejected row.
_SKIP_BLOCK_BYTES = 1 << 20


def read_table(
    fileobj: BinaryIO, fmt: str, size_bytes: int | None = None, *, options: TableOptions | None = None,
    split_ids: json_records.SplitIds | None = None,
) -> tuple[TableHeader, Iterator[Row | RowError]]:
    """The header, read now, and every data row streamed one at a time.

    Args:
      fileobj: the table, open at its start.
      fmt: one of TABLE_FORMATS.
      size_bytes: the table's size when it was listed: nothing past it is read (bytes appended
        since are not part of this run), or None to read to the end.
      options: the user's column options: `header` decides whether a CSV's first row is a header,
        and a Parquet table is read only in the columns they choose. None (a label file): decide
        the header from the row, read every column.
      split_ids: the ids file splitting a JSON document's records keyed by id (`json_records`).

    Every row comes back as a Row or a RowError with its reason; a row that cannot be parsed (too
    long, malformed) never takes the rows after it along.

    Raises:
      InvalidInputError: the header is unusable, or no text column can be chosen (the whole table
        is rejected).
    """
    encoding = options.encoding if options else DEFAULT_ENCODING
    fileobj = fileobj if fmt == PARQUET else cr_lines.as_lines(fileobj)  # (lines ended by CR alone: a row each)
    document = bool(options) and options.json_records == json_records.DOCUMENT
    header = read_header(fileobj, fmt, size_bytes, options.header if options else None, encoding, document=document)
    fmt = header.fmt or fmt
    if fmt == BLOCKS:
        fileobj.seek(0)
        return header, _scan_blocks(fileobj, size_bytes)
    if fmt == arff_tables.FORMAT:  # from its `@data` on, a row an instance
        arff = arff_tables.ArffHeader(header.columns, (), header.data_start, _line_number(fileobj, header.data_start))
        return header, arff_tables.scan_instances(fileobj, arff, size_bytes, encoding)
    if fmt in (JSONL, *LINE_FORMATS):
        fileobj.seek(0)
        paths = nested_fields.named_paths(options) if fmt == JSONL else ()
        rows = _scan_lines(fileobj, size_bytes, fmt, encoding, header)
        return header, nested_fields.rows_with_named_fields(rows, paths) if paths else rows
    if fmt == PARQUET:
        return header, _scan_parquet(fileobj, header.resolve(options).needed if options else None)
    if fmt in (QA_JSON, tables.XML_RECORDS):
        fileobj.seek(0)
        path = options.json_records if options else ""
        return header, (_scan_qa(fileobj, size_bytes) if header.columns else _scan_records(fileobj, size_bytes, split_ids, path))
    fileobj.seek(header.data_start)
    return header, _scan_delimited(fileobj, fmt, header, size_bytes, encoding)


def _scan_parquet(fileobj: BinaryIO, columns: Sequence[str] | None) -> Iterator[Row | RowError]:
    for position, cells in parquet_tables.ParquetTable(fileobj).rows(columns, max_row_bytes=row_ranges.MAX_ROW_BYTES):
        if isinstance(cells, parquet_tables.OversizedRow):
            yield RowError(position + 1, f"row holds {cells.row_bytes:,} bytes, more than the {row_ranges.MAX_ROW_BYTES:,} a row may hold")
        else:
            yield Row(position + 1, position, 0, cells)


def _scan_qa(fileobj: BinaryIO, size_bytes: int | None) -> Iterator[Row | RowError]:
    """A row per question (its position from 0 as `offset`; row numbers count questions from 1)."""
    for position, cells in qa_json.read_questions(fileobj, size_bytes):
        if isinstance(cells, str):
            yield RowError(position + 1, cells)
        else:
            yield Row(position + 1, position, 0, cells)


def _scan_records(
    fileobj: BinaryIO, size_bytes: int | None, split_ids: json_records.SplitIds | None = None, path: str = ""
) -> Iterator[Row | RowError]:
    """A row per object of a JSON document of records (`json_records`), under its split key."""
    for position, split, cells in json_records.read_records(fileobj, size_bytes, split_ids, path):
        if isinstance(cells, str):
            yield RowError(position + 1, cells)
        else:
            yield Row(position + 1, position, 0, cells, split)


def _scan_delimited(
    fileobj: BinaryIO, fmt: str, header: TableHeader, end: int | None, encoding: str
) -> Iterator[Row | RowError]:
    """CSV or TSV rows after the header (where `fileobj` is)."""
    lines = CountingLines(fileobj, header.data_start, end, encoding)
    reader = csv.reader(lines, **table_dialect(fmt))
    row_number = 1 if header.present else 0
    width = len(header.columns)
    while True:
        lines.start_row()
        try:
            cells = next(reader)
        except StopIteration:
            return
        except (csv.Error, RowTooLong) as error:
            row_number += 1
            yield too_long(row_number) if isinstance(error, RowTooLong) else RowError(row_number, malformed(error, fmt))
            # The parser is somewhere inside the row: find its end from its start, and go on there.
            after = _end_of_row(fileobj, lines.row_start, fmt, end)
            fileobj.seek(after)
            lines = CountingLines(fileobj, after, end, encoding)
            reader = csv.reader(lines, **table_dialect(fmt))
            continue
        row_number += 1
        if not cells:
            continue  # a blank line
        if lines.line_error:
            yield RowError(row_number, lines.line_error)
        elif lines.row_nul:  # no text holds one: the row is its reject, never a record of it
            yield RowError(row_number, "holds a NUL character, which no text holds (binary bytes, or UTF-16 text read as another encoding)")
        elif header.present and len(cells) == width and _repeats_header(cells, header.columns):
            # (tables joined from several files, each with its header): a record of it is a row of column names,
            # its label the label column's name and every number column read as text
            yield RowError(row_number, "repeats the header row (files joined, each with its header): column names, no record")
        elif len(cells) != width and (fmt != TSV or (wider := trailing_cells.with_trailing_cells(cells, header.columns)) is None):
            where = "the header has" if header.present else "the first row has"
            # a quote never closed takes the lines after it into its field: say so, they are in this reject
            over = (f" (read over {lines.row_lines} lines: a quote that opens a field runs to the quote that closes it)"
                    if lines.row_lines > 1 else "")
            yield RowError(row_number, f"{len(cells)} fields where {where} {width}{over}")
        elif len(cells) != width:  # a headerless row's appended cells (`trailing_cells`)
            yield Row(row_number, lines.row_start, lines.consumed - lines.row_start, wider)
        else:
            yield Row(row_number, lines.row_start, lines.consumed - lines.row_start, dict(zip(header.columns, cells)))



def _repeats_header(cells: Sequence[str], columns: Sequence[str]) -> bool:
    """Whether a data row's cells are the header's names again (as read: stripped, any BOM gone).

    >>> _repeats_header(["age", " target"], ["age", "target"]), _repeats_header(["63", "1"], ["age", "target"])
    (True, False)
    """
    return [c.strip().lstrip("\ufeff") for c in cells] == [str(c).strip() for c in columns]


def _end_of_row(fileobj: BinaryIO, start: int, fmt: str, end: int | None) -> int:
    """The offset just past the line break that ends the row starting at `start`.

    Follows the csv module's rules without holding the row: in CSV a field that starts with a quote
    runs to the closing quote (`""` is a quote inside it) and may hold line breaks; a quote anywhere
    else is an ordinary character. TSV and JSONL rows end at the next line break. Reads in blocks.
    """
    dialect = table_dialect(fmt)
    delimiter, quote = dialect["delimiter"].encode(), dialect.get("quotechar", '"').encode()
    # Rows end at a line feed, as `CountingLines` reads them: a bare \r is inside the row.
    quoted = fmt in (CSV, SEMICOLON_CSV) or quoted_tables.dialect(fmt) is not None
    special = re.compile(b"[\n" + re.escape(quote + delimiter) + b"]" if quoted else b"\n")
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
                if closing_quote >= 0 and not (char == quote and at == closing_quote + 1):
                    in_quotes, closing_quote = False, -2  # the field closed there: go on unquoted
                elif char == quote:  # a closing quote, or the second of "" (a quote character)
                    closing_quote = -2 if closing_quote >= 0 else at
                    continue
                else:
                    continue
            if char == quote:
                in_quotes, closing_quote = at == field_start, -2
            elif char == delimiter:
                field_start = at + 1
            else:  # a line feed ends the row (a \r before it is part of the line end)
                return at + 1
        position += len(block)


def _line_cells(line: bytes | str, fmt: str, encoding: str = DEFAULT_ENCODING, columns: Sequence[str] = ()) -> dict[str, object]:
    """A JSONL line's object, a `label text` line's two cells (a `text<sep>label` line decoded
    in `encoding`, the others in UTF-8), or a token-separated line's `columns` (`token_tables`).

    Raises:
      InvalidInputError: the line is not of its format's shape.
    """
    if fmt in token_tables.SEPARATOR_OF:
        text = line.decode(encoding) if isinstance(line, bytes) else line
        return dict(zip(columns, token_tables.split_fields(text, token_tables.SEPARATOR_OF[fmt], len(columns))))
    if fmt == c45_cases.FORMAT:
        text = line.decode(encoding) if isinstance(line, bytes) else line
        return dict(zip(columns, c45_cases.case_cells(text, len(columns))))
    if fmt == KEYED_LINES:  # `<id> <text>` (`keyed_lines`): two named cells, no label
        found = keyed_lines.split_keyed(line.decode("utf-8") if isinstance(line, bytes) else line)
        if isinstance(found, str):
            raise InvalidInputError(found)
        return dict(zip(keyed_lines.COLUMNS, found))
    if fmt in LINE_FORMATS:
        text = line.decode(encoding if fmt in SEPARATOR_OF else "utf-8") if isinstance(line, bytes) else line
        found = (line_tables.trailing_split(text, SEPARATOR_OF[fmt]) if fmt in SEPARATOR_OF
                 else tagged_lines.split_tagged(text) if fmt == TAGGED_LINES else line_tables.split_line(text))
        if isinstance(found, str):
            raise InvalidInputError(found)
        return dict(zip(line_tables.COLUMNS, found))
    cells = json_input.parse(line, unique_keys=True)
    if not isinstance(cells, dict):
        raise InvalidInputError(f"not a JSON object but a {type(cells).__name__}")
    return cells


def _line_number(fileobj: BinaryIO, offset: int) -> int:
    """The number (from 1) of the line starting at byte `offset` of `fileobj`."""
    fileobj.seek(0)
    lines, left = 1, offset
    while left > 0:
        block = fileobj.read(min(left, _SKIP_BLOCK_BYTES))
        if not block:
            break
        lines, left = lines + block.count(b"\n"), left - len(block)
    return lines


def _own_columns(fmt: str) -> bool:
    """Whether a line format's rows are cut into the header's numbered or named columns (a token table's,
    C4.5 cases'), not into `label text` cells."""
    return fmt in token_tables.SEPARATOR_OF or fmt == c45_cases.FORMAT


def _scan_lines(fileobj: BinaryIO, end: int | None, fmt: str, encoding: str = DEFAULT_ENCODING,
                header: TableHeader | None = None) -> Iterator[Row | RowError]:
    offset, row_number = 0, 0
    columns = header.columns if header is not None and _own_columns(fmt) else ()
    skip = 1 if columns and header.present else 0  # (a token table's header line is no row)
    while True:
        size = row_ranges.MAX_ROW_BYTES + 1 if end is None else min(row_ranges.MAX_ROW_BYTES + 1, end - offset)
        line = fileobj.readline(size) if size > 0 else b""
        if not line:
            return
        row_number += 1
        row_offset, offset = offset, offset + len(line)
        if len(line) > row_ranges.MAX_ROW_BYTES:
            yield too_long(row_number)
            offset = _end_of_row(fileobj, row_offset, JSONL, end)
            fileobj.seek(offset)
            continue
        if row_number == 1 and line.startswith(BOM):
            line, row_offset = line[len(BOM) :], len(BOM)
        if not line.strip() or (fmt in LINE_FORMATS and not columns and line_tables.is_group_marker(line.decode("utf-8", "replace"))):
            continue  # (a `###<id>` line opens an abstract's sentences: no record, as a blank line is none)
        if fmt == c45_cases.FORMAT and not c45_cases.case_line(line.decode(encoding, "replace")):
            continue  # (a C4.5 comment, `|1x3 Cross validator`: no case)
        if skip:
            skip = 0
            continue
        try:
            cells = _line_cells(line, fmt, encoding, columns)
        except UnicodeDecodeError as error:
            yield RowError(row_number, not_valid(encoding, error) if fmt in SEPARATOR_OF or columns else
                           f"not valid UTF-8 ({error.reason} at byte {error.start})")
            continue
        except InvalidInputError as error:
            yield RowError(row_number, error.reason)
            continue
        yield Row(row_number, row_offset, offset - row_offset, cells)


def _scan_blocks(fileobj: BinaryIO, end: int | None) -> Iterator[Row | RowError]:
    """Every block of lines (`line_blocks`) a row: its byte range the block's lines, blank ones aside.

    Read a line at a time, never more than one block held (the whole file was read into memory: a
    block file is a table, of any size), and a block of more than MAX_ROW_BYTES is one RowError, its
    lines counted but not kept (a file of no blank line is one block).
    """
    offset, start, block, size, row_number = 0, 0, [], 0, 0
    while True:
        limit = row_ranges.MAX_ROW_BYTES + 1 if end is None else min(row_ranges.MAX_ROW_BYTES + 1, end - offset)
        line = fileobj.readline(limit) if limit > 0 else b""
        # (a line longer than the limit comes in pieces: a piece of spaces is no blank line)
        if line and (line.strip() or not line.endswith((b"\n", b"\r"))):
            start = offset if not size else start
            size += len(line)
            if size <= row_ranges.MAX_ROW_BYTES:
                block.append(line)
        elif size:
            row_number += 1
            if size > row_ranges.MAX_ROW_BYTES:
                yield RowError(row_number, f"a block of {size:,} bytes, more than the {row_ranges.MAX_ROW_BYTES:,} a row may hold")
            else:
                cells = _block_cells(b"".join(block))
                yield RowError(row_number, cells) if isinstance(cells, str) else Row(row_number, start, size, cells)
            block, size = [], 0
        if not line:
            return
        offset += len(line)


def _block_cells(data: bytes) -> dict[str, object] | str:
    try:
        return line_blocks.block_cells(line_blocks.split_blocks(data.decode("utf-8").splitlines())[0])
    except UnicodeDecodeError as error:
        return f"not valid UTF-8 ({error.reason} at byte {error.start})"
    except IndexError:
        return "an empty block"


def parse_row(data: bytes, fmt: str, header: Sequence[str], encoding: str = DEFAULT_ENCODING) -> dict[str, object]:
    """The cells of one CSV, TSV, JSONL or `label text` row read back from its byte range
    (`header`: the columns; ignored for JSONL and lines; `encoding`: CSV and TSV's).

    Raises:
      InvalidInputError: the bytes no longer parse as the row that was scanned.
    """
    if fmt == BLOCKS:
        cells = _block_cells(data)
        if isinstance(cells, dict):
            return cells
        raise InvalidInputError("table changed since it was scanned (row no longer parses)")
    if fmt == arff_tables.FORMAT:
        try:
            return arff_tables.instance_cells(data.decode(encoding), header)
        except (UnicodeDecodeError, LookupError, InvalidInputError):
            raise InvalidInputError("table changed since it was scanned (row no longer parses)") from None
    try:
        text = data.decode("utf-8" if fmt in (JSONL, *LINE_FORMATS) and fmt not in SEPARATOR_OF
                           and not _own_columns(fmt) else encoding)
        if fmt in (JSONL, *LINE_FORMATS):
            return _line_cells(text, fmt, encoding, header if _own_columns(fmt) else ())
        else:
            (fields,) = list(csv.reader(io.StringIO(text, newline=""), **table_dialect(fmt)))
            if len(fields) == len(header):
                return dict(zip(header, fields))
            wider = trailing_cells.with_trailing_cells(fields, header) if fmt == TSV else None
            if wider is not None:
                return wider
    except (UnicodeDecodeError, LookupError, InvalidInputError, csv.Error, ValueError):
        pass
    raise InvalidInputError("table changed since it was scanned (row no longer parses)")
