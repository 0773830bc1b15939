"""Parquet tables, read with pyarrow (which Apache Beam already brings), a row group at a time.

A Parquet file has no byte range per row: it is compressed in row groups, column by column. So a
row is known by its position, scanning streams batches of the needed columns only, and the writer
fetches the rows of one shard with `fetch_rows`, which decodes each row group that holds any of them
once (only the columns the records need) rather than once per row. Memory stays at one batch or one
row group's needed columns.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import BinaryIO

from shardify.errors import InvalidInputError

__all__ = ["ParquetTable", "SCAN_BATCH_ROWS"]

# Rows decoded at a time while scanning: small enough to keep memory flat whatever the row group.
SCAN_BATCH_ROWS = 4096


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

    def rows(self, columns: Sequence[str] | None = None) -> Iterator[tuple[int, dict[str, object]]]:
        """(position from 0, cells) of every row, streamed in batches of SCAN_BATCH_ROWS.

        Raises:
          InvalidInputError: a row group cannot be decoded.
        """
        position = 0
        try:
            for batch in self._file.iter_batches(batch_size=SCAN_BATCH_ROWS, columns=_known(columns, self.columns)):
                for cells in batch.to_pylist():
                    yield position, cells
                    position += 1
        except InvalidInputError:
            raise
        except Exception as error:  # noqa: BLE001 - a damaged page surfaces as pyarrow's own errors
            raise InvalidInputError(f"unreadable Parquet data after row {position}: {error}") from None

    def fetch_rows(
        self, positions: Iterable[int], columns: Sequence[str] | None = None
    ) -> Iterator[tuple[int, dict[str, object]]]:
        """(position, cells) of the rows at `positions`, decoding each row group that holds any of
        them once, in file order.

        Raises:
          InvalidInputError: a position outside the table (it changed), or undecodable data.
        """
        by_group: dict[int, list[int]] = {}
        for position in sorted(set(positions)):
            if not 0 <= position < self.num_rows:
                raise InvalidInputError(f"table changed since it was scanned (it has no row {position + 1})")
            by_group.setdefault(bisect.bisect_right(self._group_starts, position) - 1, []).append(position)
        wanted = _known(columns, self.columns)
        for group, members in sorted(by_group.items()):
            start = self._group_starts[group]
            try:
                table = self._file.read_row_group(group, columns=wanted)
                rows = table.take([position - start for position in members]).to_pylist()
            except Exception as error:  # noqa: BLE001 - pyarrow's own errors
                raise InvalidInputError(f"unreadable Parquet row group {group}: {error}") from None
            yield from zip(members, rows)


def _known(columns: Sequence[str] | None, present: Sequence[str]) -> list[str] | None:
    """The requested columns in file order; None reads all."""
    if columns is None:
        return None
    missing = [name for name in columns if name not in present]
    if missing:
        raise InvalidInputError(f"no column {missing[0]!r} in the table; it has {list(present)}")
    return [name for name in present if name in set(columns)]
