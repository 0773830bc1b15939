"""Reading the records of a reader's part of an epoch (spans of `EpochOrder`'s T), window by
window, from local shards or from shards fetched into a `ShardCache`: (shard, index, record) in
T's order. No torch here; the PyTorch reader decodes what this yields.

Each window's records are read shard after shard in S order (a shard's records are contiguous in
S, and windows are read in order), so each shard is opened once, read forward, and released (its
cached file deleted) as soon as the reader moves past it. A window's records are held until
they are yielded in the window's permuted order: at most one window (SHUFFLE_BUFFER_BYTES).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import BinaryIO

from shardify.errors import CorruptShardError
from shardify.format.tfrecord import iter_records
from shardify.inputs.files import size_of
from shardify.read.epoch_order import EpochOrder, Spans
from shardify.read.shard_cache import CachedShard

__all__ = ["read_spans", "shards_read", "cached_shards"]


def shards_read(order: EpochOrder, spans: Spans) -> list[int]:
    """The shards a reader of `spans` reads, in the order it reads them, each once."""
    shards: list[int] = []
    for plan in order.plans(spans):
        for shard, _ in plan.shards:
            if not shards or shards[-1] != shard:
                shards.append(shard)
    return shards


class _Cursor:
    """One shard open at a time, read forward.

    Args:
      open_shard: opens shard i (a local file, or its cached copy) for reading.
      release: called with a shard once the reader has moved past it.
      names: each shard's path or URL, for errors.
      shard_records: the records the manifest gives each shard.
    """

    def __init__(
        self, open_shard: Callable[[int], BinaryIO], release: Callable[[int], None], names: list[str], shard_records: list[int]
    ) -> None:
        self._open, self._release = open_shard, release
        self._names, self._records = names, shard_records
        self._shard: int | None = None
        self._file: BinaryIO | None = None
        self._iterator: Iterator[bytes] | None = None
        self._next = 0  # index of the record the iterator gives next

    def read(self, shard: int, indices: tuple[int, ...]) -> Iterator[tuple[int, bytes]]:
        if shard != self._shard:
            self.leave()
            self._file = self._open(shard)
            self._shard, self._next = shard, 0
            self._iterator = iter_records(self._file, self._names[shard], size_of(self._file))
        assert self._iterator is not None  # opened above
        expected = self._records[shard]
        for index in indices:
            while self._next <= index:
                data = next(self._iterator, None)
                if data is None:
                    raise CorruptShardError(
                        self._names[shard],
                        f"is damaged: it ended after {self._next} of the {expected} records its manifest gives "
                        "(run `shardify verify`)",
                    )
                self._next += 1
                if self._next - 1 == index:
                    yield index, data

    def leave(self) -> None:
        """Closes the open shard (checking it holds no more records than the manifest gives, where
        it was read to its end) and releases it."""
        if self._shard is None:
            return
        shard, self._shard = self._shard, None
        try:
            if self._next == self._records[shard] and self._iterator is not None and next(self._iterator, None) is not None:
                raise CorruptShardError(
                    self._names[shard],
                    f"holds more than the {self._records[shard]} records its manifest gives (run `shardify verify`)",
                )
        finally:
            if self._file is not None:
                self._file.close()
            self._file = self._iterator = None
            self._release(shard)


def read_spans(
    order: EpochOrder,
    spans: Spans,
    *,
    open_shard: Callable[[int], BinaryIO],
    release: Callable[[int], None],
    names: list[str],
) -> Iterator[tuple[int, int, bytes]]:
    """(shard, index in shard, record) of the records of `spans`, in T's order.

    Raises:
      CorruptShardError: naming the shard: a damaged record, or fewer or more records than the
        manifest gives it.
    """
    cursor = _Cursor(open_shard, release, names, list(order.shard_records))
    try:
        for plan in order.plans(spans):
            held: dict[tuple[int, int], bytes] = {}
            for shard, indices in plan.shards:
                for index, data in cursor.read(shard, indices):
                    held[(shard, index)] = data
            for s_position in plan.s_positions:
                shard, index = order.locate(s_position)
                yield shard, index, held.pop((shard, index))
        cursor.leave()
    finally:
        cursor.leave()


def cached_shards(order: EpochOrder, spans: Spans, urls: list[str], sizes: list[int], sha256s: list[str]) -> list[CachedShard]:
    """The shards a reader of `spans` fetches, in order, as a ShardCache takes them."""
    return [CachedShard(shard, urls[shard], sizes[shard], sha256s[shard]) for shard in shards_read(order, spans)]
