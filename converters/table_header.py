"""What a table's header read found (`TableHeader`), and the headers of tables read as lines of text.

`TableHeader` is the one record every table reader, join and check holds about a table: its columns,
whether its first row names them, where its data starts and its first rows. It lives apart from
`tables.read_header`, which decides it, because most modules only hold one and need not know how a
CSV's dialect or a .txt's shape is told. The headers built here (`token_header`, `c45_header`) are
those read from a file's first lines as decoded text, with no csv dialect: fields split at a
token (`token_tables`), C4.5 case files (`c45_cases`). `tables` re-exports all of it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from shardify.converters import c45_cases, sniffed_tables, token_tables
from shardify.converters.columns import TableColumns, TableOptions, resolve_columns
from shardify.converters.header_rows import looks_like_header
from shardify.converters.table_encodings import check_head_decodes
from shardify.errors import InvalidInputError

__all__ = ["SAMPLE_BYTES", "SAMPLE_ROWS", "TableHeader", "c45_header", "token_header"]

# Rows (and bytes) a CSV or TSV's header read also reads, to see what each column holds when no
# column name says which is the text (see `column_content`): enough to tell ids, dates and codes
# from prose; the writer reads them again per table, so few.
SAMPLE_ROWS = 50
SAMPLE_BYTES = 1 << 20


@dataclass(frozen=True)
class TableHeader:
    """A table's columns, and whether its first row names them.

    Attributes:
      columns: column names; "1".."N" for a CSV or TSV without a header row; () for JSONL, whose
        rows name their own.
      present: the first row is a header (and row 1).
      data_start: byte offset of the first data row.
      sample: CSV and TSV: the first data rows' cells (up to SAMPLE_ROWS), which show what each
        column holds when no column name says (see `columns.resolve_columns`).
      described: how the plan names the table's shape where no header says it ("" otherwise).
      answers: question-answering JSON: the columns of its answers' texts and starts (lists).
      fmt: the format its rows are read in where the content decided it, not the name (TSV for a
        .txt of tab-separated columns under a header), else "".
      read_as: where the content decided a .csv's separator, the plan's words for it, else "".
    """

    columns: tuple[str, ...]
    present: bool = True
    data_start: int = 0
    sample: tuple[tuple[str, ...], ...] = ()
    described: str = ""
    answers: tuple[str, str] | tuple[()] = ()
    fmt: str = ""
    read_as: str = ""

    def resolve(self, options: TableOptions) -> TableColumns:
        """The columns that feed a record (see `columns.resolve_columns`).

        Raises:
          InvalidInputError: no text column, or a named column is missing.
        """
        return resolve_columns(self.columns, options, sample=self.sample, header=self.present, answers=self.answers)

    def describe(self) -> str:
        if self.read_as:
            return f"{self.read_as}; {dataclasses.replace(self, read_as='').describe()}"
        if self.described:
            return self.described
        if self.present:  # named, so that a data row taken for a header is seen, never lost unseen
            shown = ", ".join(repr(name if len(name) <= 24 else name[:21] + "...") for name in self.columns[:8])
            return f"header row ({shown}{', ...' if len(self.columns) > 8 else ''})"
        return f"no header row ({len(self.columns)} columns, numbered from 1)"



def c45_header(raw: bytes, encoding: str) -> TableHeader:
    """A C4.5 case file's header (`c45_cases`) from its first bytes `raw` (a last line cut short left out)."""
    check_head_decodes(raw, encoding)
    lines = raw.decode(encoding, "replace").splitlines()
    return TableHeader(**c45_cases.header_fields(lines if len(raw) < sniffed_tables.HEAD_BYTES else lines[:-1], SAMPLE_ROWS))


def token_header(head: Sequence[str], token: str, header: bool | None) -> TableHeader:
    """The header of a table of `token`-separated fields (`token_tables`): its columns named by its
    first line where that reads as a header (or `header` says so), else numbered from 1; its first
    rows as the sample."""
    lines = [line for line in head if line.strip()]
    lines[0] = lines[0].removeprefix("\ufeff")  # (a BOM is no part of the first field)
    width = lines[0].count(token) + 1
    first = token_tables.split_fields(lines[0], token, width)
    present = header is True or (header is None and looks_like_header(first))
    columns = tuple(first) if present else tuple(str(n) for n in range(1, width + 1))
    if present and (any(not name for name in columns) or len(set(columns)) != len(columns)):
        raise InvalidInputError(f"header row needs distinct, non-empty column names: {list(columns)}")
    sample = tuple(tuple(token_tables.split_fields(line, token, width)) for line in lines[int(present):SAMPLE_ROWS + 1]
                   if line.count(token) >= width - 1)
    shape = f"fields separated by {token!r}"
    return TableHeader(columns, present=present, sample=sample, fmt=token_tables.FORMATS[token],
                       described=f"{shape}, a header row" if present else f"{shape}, no header row ({width} columns, numbered from 1)")
