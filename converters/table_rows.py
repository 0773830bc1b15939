"""The rows of a shard's tables, read as the writer builds their records.

A table's rows are spread over the shards in hash order, so each shard's writer revisits every
table many times: this module keeps tables open between rows (at most MAX_OPEN_TABLES), reads
each table's header once and resolves its columns once, and fetches a shard's Parquet rows (and a
question-answering JSON's questions) ahead of writing, each table decoded once, into a temporary
file, so memory holds only where each row is. `records.py` turns a row's cells into a record; how
cells are found is this module's. No Beam, no TensorFlow.
"""

from __future__ import annotations

import dataclasses

import os
import pickle
import tempfile
from collections.abc import Callable, Sequence
from typing import IO, BinaryIO

from shardify.converters import joined_texts, json_records, json_sample, line_files, nested_fields, parquet_tables, pixel_rows, sniffed_tables, table_scans, tables
from shardify.converters.columns import TableColumns, TableOptions, resolve_columns
from shardify.errors import InvalidInputError, reject_reason
from shardify.inputs import compressed
from shardify.plan.entries import ARRAY, ROW, Entry, MemberLocation
from shardify.plan.text_joins import TextJoin

__all__ = ["TableRows", "OpenInput", "MAX_OPEN_TABLES", "is_table"]

OpenInput = Callable[[str, MemberLocation | None], BinaryIO]  # (relpath, archive member's place)
# Tables kept open at once while writing a shard's rows (rows of a table are spread over shards
# in hash order, so each shard revisits every table many times).
MAX_OPEN_TABLES = 64
# A line file's row: one column, its text (the labels come with the entry, from the file's name or
# its label file).
_LINE_COLUMNS = resolve_columns((line_files.TEXT_COLUMN,), TableOptions())
# A side of a parallel corpus's line: its pair, the other side's line, came with the entry (`line_rows`).
_PAIR_COLUMN = "pair"
_LINE_PAIR_COLUMNS = dataclasses.replace(_LINE_COLUMNS, pair=_PAIR_COLUMN)


def is_table(relpath: str) -> bool:
    """An array element that is a table's row (`converters/pixel_rows.py`): its file is a CSV or TSV."""
    return relpath.rsplit(".", 1)[-1].lower() in (tables.CSV, tables.TSV)


class _RowSpool:
    """Rows fetched ahead of writing, kept in a temporary file: memory holds only where each is."""

    def __init__(self) -> None:
        self._file: IO[bytes] | None = None
        self._where: dict[tuple[str, int], tuple[int, int]] = {}

    def put(self, key: tuple[str, int], cells: dict[str, object]) -> None:
        if self._file is None:
            self._file = tempfile.TemporaryFile()
        data = pickle.dumps(cells, protocol=pickle.HIGHEST_PROTOCOL)
        self._file.seek(0, os.SEEK_END)
        self._where[key] = (self._file.tell(), len(data))
        self._file.write(data)

    def take(self, key: tuple[str, int]) -> dict[str, object] | None:
        where = self._where.pop(key, None)
        if where is None or self._file is None:
            return None
        self._file.seek(where[0])
        return pickle.loads(self._file.read(where[1]))  # noqa: S301 - our own file, written above

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
        self._where.clear()


class TableRows:
    """The cells of the table rows a shard's entries name; `close()` it when done (tables stay
    open between rows).

    Args:
      open_input: opens a source file by its relative path.
      table_options: how the tables' columns were named.
      line_files: files whose rows are lines of text (`converters.line_files`), not a table's.
    """

    def __init__(
        self, open_input: OpenInput, table_options: TableOptions, line_files: frozenset[str],
        labelled_by_lines: frozenset[str] = frozenset(), text_joins: tuple[TextJoin, ...] = (),
    ) -> None:
        self._joins = {join.table: join for join in text_joins}  # rows taking a texts table's text by key
        self._texts: dict[str, dict[str, str]] = {}  # a joined texts table's {key: text}, read once per worker
        self._open = open_input
        self._table_options = table_options
        # tables whose rows a gold file's lines label: resolved as discovery resolved them, no label column
        self._by_lines = dataclasses.replace(table_options, labels_from_lines=True)
        self._labelled_by_lines = labelled_by_lines
        self._line_files = line_files
        self._headers: dict[str, tables.TableHeader] = {}
        self._tables: dict[str, BinaryIO] = {}  # open tables, read row by row
        self._resolved: dict[object, TableColumns] = {}
        self._spool = _RowSpool()  # Parquet and question-answering JSON rows fetched by `prepare`
        self._locations: dict[str, MemberLocation | None] = {}  # tables that are archive members
        self._unreadable: dict[str, str] = {}  # Parquet tables `prepare` could not read, and why

    def close(self) -> None:
        """Closes the tables kept open between rows, and the fetched rows' temporary file."""
        self._close_tables()
        self._spool.close()

    def prepare(self, entries: Sequence[Entry]) -> None:
        """Fetches the Parquet rows among `entries` ahead of `RecordBuilder.build`: each table's row groups are
        decoded once for the whole shard, in file order, instead of once per row (the rows come in
        record order, which is scattered over the groups); a question-answering JSON (no byte range
        per row either) is parsed once for the shard. The rows wait in a temporary file."""
        wanted: dict[str, list[int]] = {}
        for entry in entries:
            if entry.kind == ROW and entry.relpath in self._line_files:
                continue  # a line of text, read by its byte range
            if entry.kind == ROW or (entry.kind == ARRAY and is_table(entry.relpath)):
                self._locations[entry.relpath] = entry.location
                if self._format_of(entry.relpath) in (tables.PARQUET, tables.QA_JSON, tables.XML_RECORDS):
                    wanted.setdefault(entry.relpath, []).append(entry.offset)
        for relpath, positions in sorted(wanted.items()):
            try:
                with self._open(relpath, self._locations.get(relpath)) as fileobj:
                    if self._format_of(relpath) in (tables.QA_JSON, tables.XML_RECORDS):  # (pseudo-XML .txt by content)
                        self._fetch_questions(fileobj, set(positions), relpath)
                        continue
                    table = parquet_tables.ParquetTable(fileobj)
                    columns = self._header_of(relpath).resolve(self._table_options)
                    for position, cells in table.fetch_rows(positions, columns.needed):
                        self._spool.put((relpath, position), cells)
            except (InvalidInputError, OSError) as error:
                self._unreadable[relpath] = reject_reason(error)

    def cells(self, entry: Entry) -> dict[str, object]:
        """The cells of the row `entry` names, read now (or fetched by `prepare`)."""
        if entry.relpath in self._line_files:  # a line of text: its label came from its file's name or label file
            before, data, after = self._row_bytes(entry, margin=1)
            line_files.check_whole_line(before, data, after, entry.size_bytes)
            text = line_files.decode_line(data, self._table_options.encoding)[0]
            return {line_files.TEXT_COLUMN: text, _PAIR_COLUMN: entry.caption_text} if entry.caption_text else {line_files.TEXT_COLUMN: text}
        fmt = self._format_of(entry.relpath)
        if fmt in (tables.PARQUET, tables.QA_JSON, tables.XML_RECORDS):
            if entry.relpath in self._unreadable:
                raise InvalidInputError(self._unreadable[entry.relpath])
            cells = self._spool.take((entry.relpath, entry.offset))
            if cells is None:
                raise InvalidInputError("table changed since it was scanned (row not found)")
            return cells
        columns = self._header_of(entry.relpath).columns
        cells = table_scans.parse_row(self._row_bytes(entry)[1], fmt, columns, self._table_options.encoding)
        paths = nested_fields.named_paths(self._table_options) if fmt == tables.JSONL else ()
        cells = nested_fields.with_named_fields(cells, paths) if paths else cells
        join = self._joins.get(entry.relpath)
        return joined_texts.joined_cells(cells, join, self._texts_of(join)) if join else cells

    def _texts_of(self, join: TextJoin) -> dict[str, str]:
        """The texts table of `join` as {key: text}, read once (InvalidInputError: unreadable, as its rows then are)."""
        texts = self._texts.get(join.texts)
        if texts is None:
            with self._open(join.texts, None) as fileobj:
                texts = self._texts[join.texts] = joined_texts.read_texts(fileobj, join, self._table_options.encoding)
        return texts

    def columns_for(self, relpath: str, cells: dict[str, object]) -> TableColumns:
        """Resolved once per table (for JSONL, once per distinct set of keys), not once per row."""
        if relpath in self._line_files:  # its one column is the text; the labels are the entry's
            return _LINE_PAIR_COLUMNS if _PAIR_COLUMN in cells else _LINE_COLUMNS
        header = self._header_of(relpath)
        # Keyed by the table and its columns, not by its header: a CSV's header holds its sampled
        # rows, which would be hashed again for every row.
        key = (relpath, header.columns or tuple(cells))
        columns = self._resolved.get(key)
        if columns is None:
            if not header.columns:  # JSONL: each row names its own columns, judged as discovery judged them
                header = self._json_header(relpath, tuple(cells))
            options = self._by_lines if relpath in self._labelled_by_lines else self._table_options
            if relpath in self._joins:  # resolved as discovery resolved it: the joined text a column of its own
                header = joined_texts.joined_header(header, self._joins[relpath], self._texts_of(self._joins[relpath]))
                options = joined_texts.with_key_kept(options, self._joins[relpath])
            columns = self._resolved[key] = header.resolve(options)
        return columns

    def _json_header(self, relpath: str, names: tuple[str, ...]) -> tables.TableHeader:
        """A JSON-lines row's keys as a header, with the table's first rows as its sample where
        they have these keys (`json_sample.sampled_rows`, which discovery resolved them by)."""
        sample: tuple[tuple[str, ...], ...] = ()
        try:
            with self._open(relpath, self._locations.get(relpath)) as fileobj:
                sampled, cells = json_sample.sampled_rows(fileobj, relpath, self._table_options)
            sample = cells if sampled == names else ()
        except (InvalidInputError, OSError):
            pass  # the row's own reading says what is wrong with it
        return tables.TableHeader(names, sample=sample)

    def pixel_columns(self, relpath: str) -> pixel_rows.PixelColumns:
        """A pixel table's columns, found from its header and sampled rows as discovery found them."""
        header = self._header_of(relpath)
        found = pixel_rows.pixel_columns(header.columns, header.sample, self._table_options)
        if found is None:
            raise InvalidInputError("table changed since it was scanned (no column of images written out as numbers)")
        return found

    def _format_of(self, relpath: str) -> str:
        """A table's format: its extension's, or what its content said (a .txt: a TSV under a
        header or lines; a .json: JSON Lines; a file without an extension: a CSV of numbers and a class)."""
        fmt = tables.table_format(relpath)
        if fmt in (tables.FASTTEXT, tables.QA_JSON, tables.CSV, sniffed_tables.SNIFFED, tables.LINES):
            try:
                fmt = self._header_of(relpath).fmt or fmt
            except (InvalidInputError, OSError):
                pass  # the table's rows are rejected with this reason when read
        return fmt

    def _fetch_questions(self, fileobj: BinaryIO, positions: set[int], relpath: str) -> None:
        """The questions of a question-answering JSON at `positions`, parsed once for the shard."""
        for position, cells in json_records.read_json_rows(fileobj, record_path=self._table_options.json_records):
            if position in positions and isinstance(cells, dict):
                self._spool.put((relpath, position), cells)

    def _row_bytes(self, entry: Entry, margin: int = 0) -> tuple[bytes, bytes, bytes]:
        """(up to `margin` bytes ahead of it, the bytes of the row or line `entry` names, up to
        `margin` bytes after it), from its table kept open between rows."""
        table = self._tables.get(entry.relpath)
        if table is None:
            if len(self._tables) >= MAX_OPEN_TABLES:
                self._close_tables()  # not the spool: it holds rows fetched for this shard
            # (a table compressed whole: decompressed once into a temporary file, its rows then read in any order)
            table = self._tables[entry.relpath] = compressed.random_access(self._open(entry.relpath, entry.location), entry.relpath)
        start = max(entry.offset - margin, 0)
        table.seek(start)
        data = table.read(entry.size_bytes + entry.offset - start)
        after = table.read(margin) if margin else b""
        return data[: entry.offset - start], data[entry.offset - start :], after

    def _header_of(self, relpath: str) -> tables.TableHeader:
        header = self._headers.get(relpath)
        if header is None:
            with self._open(relpath, self._locations.get(relpath)) as fileobj:
                header = tables.read_header(
                    fileobj, tables.table_format(relpath), header=self._table_options.header, encoding=self._table_options.encoding,
                    document=self._table_options.json_records == json_records.DOCUMENT,
                )
            self._headers[relpath] = header
        return header

    def _close_tables(self) -> None:
        for table in self._tables.values():
            table.close()
        self._tables.clear()
