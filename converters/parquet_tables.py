"""Parquet tables, read with pyarrow (which Apache Beam already brings), a row group at a time.

A Parquet file has no byte range per row: it is compressed in row groups, column by column. So a
row is known by its position, scanning streams batches of the needed columns only, and the writer
fetches the rows of one shard with `fetch_rows`, which decodes each row group that holds any of them
once (only the columns the records need) rather than once per row. Memory stays at one batch or one
row group's needed columns.

Rows have the same size limit as every table format (`max_row_bytes`, row_ranges.MAX_ROW_BYTES): a row
whose needed cells hold more is an `OversizedRow`, never turned into Python values. Parquet stores
no size per row, so the limit is applied where pyarrow allows: a row group of one row whose needed
column chunks exceed the limit is refused from its metadata, without decoding it (a 33 kB file can
hold a 1 GiB text cell); in a larger group, rows are decoded in batches sized from the group's
metadata to hold about the limit, and each row's cells are measured on pyarrow's buffers before any
becomes a Python value.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from shardify.converters import row_ranges
from shardify.errors import InvalidInputError

__all__ = ["ParquetTable", "OversizedRow", "SCAN_BATCH_ROWS"]

# Rows decoded at a time while scanning: small enough to keep memory flat whatever the row group.
SCAN_BATCH_ROWS = 4096
# `max_row_bytes` left to its default: the row-size limit of every table format (row_ranges.MAX_ROW_BYTES).
_TABLE_LIMIT = -1


def _limit(max_row_bytes: int | None) -> int | None:
    if max_row_bytes != _TABLE_LIMIT:
        return max_row_bytes
    return row_ranges.MAX_ROW_BYTES


@dataclass(frozen=True)
class OversizedRow:
    """A row whose needed cells hold more than the row-size limit; its cells were never read into
    Python. Attributes: row_bytes, what they hold (from the metadata, or measured)."""

    row_bytes: int


class ParquetTable:
    """An open Parquet file: its columns, and its rows by position.

    Raises (on creation):
      InvalidInputError: not a readable Parquet file.
    """

    def __init__(self, fileobj: BinaryIO) -> None:
        import pyarrow.parquet as pq  # imported here: only Parquet tables pay for it

        try:
            self._file = pq.ParquetFile(fileobj)
        except Exception as error:  # noqa: BLE001 - pyarrow raises its own ArrowInvalid and OSError
            raise InvalidInputError(f"unreadable Parquet file: {error}") from None
        self.columns: tuple[str, ...] = tuple(self._file.schema_arrow.names)
        sizes = [self._file.metadata.row_group(i).num_rows for i in range(self._file.num_row_groups)]
        self._group_starts = [0, *itertools.accumulate(sizes)]

    @property
    def num_rows(self) -> int:
        return self._group_starts[-1]

    def rows(
        self, columns: Sequence[str] | None = None, *, max_row_bytes: int | None = _TABLE_LIMIT
    ) -> Iterator[tuple[int, dict[str, object] | OversizedRow]]:
        """(position from 0, cells) of every row, streamed in batches of at most SCAN_BATCH_ROWS;
        an OversizedRow in place of the cells of a row that holds more than `max_row_bytes` (by
        default the limit of every table format; None: no limit).

        Raises:
          InvalidInputError: a row group cannot be decoded.
        """
        max_row_bytes = _limit(max_row_bytes)
        wanted = _known(columns, self.columns)
        position = 0
        try:
            for group in range(self._file.num_row_groups):
                for batch_start, batch in self._batches(group, wanted, max_row_bytes):
                    position = self._group_starts[group] + batch_start
                    yield from _rows_of(batch, position, max_row_bytes)
        except InvalidInputError:
            raise
        except Exception as error:  # noqa: BLE001 - a damaged page surfaces as pyarrow's own errors
            raise InvalidInputError(f"unreadable Parquet data after row {position}: {error}") from None

    def fetch_rows(
        self, positions: Iterable[int], columns: Sequence[str] | None = None, *, max_row_bytes: int | None = _TABLE_LIMIT
    ) -> Iterator[tuple[int, dict[str, object]]]:
        """(position, cells) of the rows at `positions`, decoding each row group that holds any of
        them once, in file order; with `max_row_bytes`, a row that holds more is left out (it was
        refused when the table was scanned: it is found changed).

        Raises:
          InvalidInputError: a position outside the table (it changed), or undecodable data.
        """
        max_row_bytes = _limit(max_row_bytes)
        by_group: dict[int, list[int]] = {}
        for position in sorted(set(positions)):
            if not 0 <= position < self.num_rows:
                raise InvalidInputError(f"table changed since it was scanned (it has no row {position + 1})")
            by_group.setdefault(bisect.bisect_right(self._group_starts, position) - 1, []).append(position)
        wanted = _known(columns, self.columns)
        for group, members in sorted(by_group.items()):
            start = self._group_starts[group]
            try:
                if max_row_bytes is None or self._group_bytes(group, wanted) <= max_row_bytes:
                    table = self._file.read_row_group(group, columns=wanted)
                    rows = table.take([position - start for position in members]).to_pylist()
                    yield from zip(members, rows)
                    continue
                # A large group: in batches, leaving out rows over the limit.
                wanted_here = set(members)
                for batch_start, batch in self._batches(group, wanted, max_row_bytes):
                    if isinstance(batch, OversizedRow):
                        continue
                    first = start + batch_start
                    picked = [p for p in range(first, first + batch.num_rows) if p in wanted_here]
                    if not picked:
                        continue
                    sizes = _row_bytes(batch)
                    kept = [p for p in picked if sizes[p - first] <= max_row_bytes]
                    if kept:
                        cells = batch.take([p - first for p in kept]).to_pylist()
                        yield from zip(kept, cells)
            except Exception as error:  # noqa: BLE001 - pyarrow's own errors
                raise InvalidInputError(f"unreadable Parquet row group {group}: {error}") from None

    def _group_bytes(self, group: int, columns: Sequence[str] | None) -> int:
        """What the needed columns of a row group hold uncompressed, from the file's metadata."""
        meta = self._file.metadata.row_group(group)
        needed = None if columns is None else set(columns)
        total = 0
        for index in range(meta.num_columns):
            chunk = meta.column(index)
            if needed is None or chunk.path_in_schema.split(".", 1)[0] in needed:
                total += chunk.total_uncompressed_size
        return total

    def _batches(self, group: int, columns: Sequence[str] | None, max_row_bytes: int | None) -> Iterator[tuple[int, Any]]:
        """(offset in the group, record batch) of a row group; with `max_row_bytes`, batches of
        about that many bytes, and nothing decoded of a one-row group over it: an OversizedRow
        stands for that row (see `_rows_of`)."""
        rows_in_group = self._group_starts[group + 1] - self._group_starts[group]
        batch_rows = SCAN_BATCH_ROWS
        if max_row_bytes is not None:
            group_bytes = self._group_bytes(group, columns)
            if rows_in_group == 1 and group_bytes > max_row_bytes:
                yield 0, OversizedRow(group_bytes)
                return
            batch_rows = max(1, min(SCAN_BATCH_ROWS, max_row_bytes * rows_in_group // max(group_bytes, 1)))
        offset = 0
        for batch in self._file.iter_batches(batch_size=batch_rows, row_groups=[group], columns=columns):
            yield offset, batch
            offset += batch.num_rows


def _rows_of(batch: Any, first: int, max_row_bytes: int | None) -> Iterator[tuple[int, dict[str, object] | OversizedRow]]:
    """(position, cells or OversizedRow) of each row of a record batch whose first row is at `first`."""
    if isinstance(batch, OversizedRow):  # a one-row group refused from its metadata
        yield first, batch
        return
    if max_row_bytes is None:
        for offset, cells in enumerate(batch.to_pylist()):
            yield first + offset, cells
        return
    sizes = _row_bytes(batch)
    over = [index for index, size in enumerate(sizes) if size > max_row_bytes]
    if not over:
        for offset, cells in enumerate(batch.to_pylist()):
            yield first + offset, cells
        return
    keep = [index for index in range(batch.num_rows) if sizes[index] <= max_row_bytes]
    cells_of = dict(zip(keep, batch.take(keep).to_pylist())) if keep else {}
    for index in range(batch.num_rows):
        yield first + index, cells_of[index] if index in cells_of else OversizedRow(int(sizes[index]))


def _row_bytes(batch: Any) -> list[int]:
    """Bytes each row's cells hold in pyarrow's buffers (strings and binaries by their length,
    nested values by their slice of the buffers, fixed-width values by their width)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    sizes = [0] * batch.num_rows
    for column in batch.columns:
        kind = column.type
        if pa.types.is_string(kind) or pa.types.is_large_string(kind) or pa.types.is_binary(kind) or pa.types.is_large_binary(kind):
            lengths = pc.binary_length(column).fill_null(0).to_pylist()
        elif pa.types.is_nested(kind) or pa.types.is_dictionary(kind):
            lengths = [column.slice(index, 1).nbytes for index in range(batch.num_rows)]
        else:
            try:
                width = max(1, kind.byte_width)
            except ValueError:  # not of fixed width after all
                width = 8
            lengths = [width] * batch.num_rows
        sizes = [a + b for a, b in zip(sizes, lengths)]
    return sizes


def _known(columns: Sequence[str] | None, present: Sequence[str]) -> list[str] | None:
    """The requested columns in file order; None reads all."""
    if columns is None:
        return None
    missing = [name for name in columns if name not in present]
    if missing:
        raise InvalidInputError(f"no column {missing[0]!r} in the table; it has {list(present)}")
    return [name for name in present if name in set(columns)]
