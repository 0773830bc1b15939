"""The order of one epoch of a split, a function of (seed, epoch) alone, and the parts of it each
PyTorch reader takes: what lets a reader's state taken with N ranks x W workers resume with M x V.

Why not `shardify.read.options.share` (reader i of n takes every n-th shard and shuffles them
through its own buffer)? There the order depends on the number of readers, so what was read
before a checkpoint cannot be said in terms another layout understands. Here:

- the epoch order is the shards in a seeded order, concatenated (call it S), then cut into
  windows of `window_records` records, each window's records permuted by (seed, epoch, window):
  a sequence T of every record of the split, the same for every layout;
- what is left to read is a list of spans of T (`Spans`): the whole epoch, or what a checkpoint
  had not yet consumed;
- each rank takes a contiguous part of what is left, each DataLoader worker a contiguous part of
  its rank's (`split_spans`), so a reader reads few shards (a window spans about one shard), and
  a reader's state is the count of records it has yielded from its part (`consume_spans`).

Merging every reader's count gives what is left of the epoch, whatever layout reads it next.
Nothing here imports torch; the windows are small (at most one shard's records, at most
SHUFFLE_BUFFER_BYTES of them), so memory does not grow with the split.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Spans", "EpochOrder", "window_records", "split_spans", "consume_spans", "count_spans", "WindowPlan"]

# Half-open [start, stop) ranges of positions in T, increasing and disjoint.
Spans = tuple[tuple[int, int], ...]


def window_records(shard_records: Sequence[int], buffer_records: int) -> int:
    """Records a shuffle window holds: the shuffle buffer's (about SHUFFLE_BUFFER_BYTES), at most
    the mean shard's, so that a window spans about one shard and a reader reads only the shards
    of its own part of the epoch.

    >>> window_records([100, 100, 100], 1000), window_records([100, 100], 40)
    (100, 40)
    """
    mean = max(1, sum(shard_records) // max(1, len(shard_records)))
    return max(1, min(buffer_records, mean))


def count_spans(spans: Spans) -> int:
    return sum(stop - start for start, stop in spans)


def split_spans(spans: Spans, parts: int, part: int) -> Spans:
    """Part `part` of `parts` contiguous parts of the records of `spans`, in order; the first
    `count % parts` parts hold one record more.

    >>> split_spans(((0, 10),), 3, 1), split_spans(((0, 2), (5, 9)), 2, 1)
    (((4, 7),), ((6, 9),))
    """
    total = count_spans(spans)
    size, extra = divmod(total, parts)
    begin = part * size + min(part, extra)
    return _slice(spans, begin, begin + size + (part < extra))


def consume_spans(spans: Spans, count: int) -> Spans:
    """`spans` without their first `count` records.

    >>> consume_spans(((0, 2), (5, 9)), 3)
    ((6, 9),)
    """
    return _slice(spans, count, count_spans(spans))


def _slice(spans: Spans, begin: int, end: int) -> Spans:
    """The records of `spans` from the begin-th to before the end-th."""
    kept: list[tuple[int, int]] = []
    seen = 0
    for start, stop in spans:
        low, high = max(begin - seen, 0), min(end - seen, stop - start)
        if low < high:
            kept.append((start + low, start + high))
        seen += stop - start
    return tuple(kept)


@dataclass(frozen=True)
class WindowPlan:
    """What a reader reads of one window: the T offsets in it it yields, in order, and the S
    positions those are, grouped by the shard that holds them.

    Attributes:
      window: the window's number.
      s_positions: S position of each yielded record, in the order they are yielded.
      shards: (shard, [indices in the shard]) in S order: the records to read, each shard once.
    """

    window: int
    s_positions: tuple[int, ...]
    shards: tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class EpochOrder:
    """The order T of one epoch (see the module's docstring).

    Attributes:
      shard_records: records of each shard, in the manifest's order.
      seed, epoch: what the order is a function of.
      shuffle: False: T is the manifest's order.
      window: records per shuffle window (`window_records`).
    """

    shard_records: tuple[int, ...]
    seed: int
    epoch: int
    shuffle: bool
    window: int
    shard_order: tuple[int, ...] = field(init=False)
    starts: tuple[int, ...] = field(init=False)  # S position of each shard of shard_order

    def __post_init__(self) -> None:
        if self.window < 1:
            raise ValueError(f"window={self.window} must be at least 1")
        order = list(range(len(self.shard_records)))
        if self.shuffle:
            random.Random(f"shards/{self.seed}/{self.epoch}").shuffle(order)
        starts = [0]
        for shard in order:
            starts.append(starts[-1] + self.shard_records[shard])
        object.__setattr__(self, "shard_order", tuple(order))
        object.__setattr__(self, "starts", tuple(starts))

    @property
    def total(self) -> int:
        return self.starts[-1]

    def locate(self, s_position: int) -> tuple[int, int]:
        """(shard, index in the shard) of S position `s_position`."""
        slot = bisect.bisect_right(self.starts, s_position) - 1
        return self.shard_order[slot], s_position - self.starts[slot]

    def _permutation(self, window: int) -> np.ndarray:
        size = min(self.window, self.total - window * self.window)
        if not self.shuffle:
            return np.arange(size)
        return np.random.default_rng([self.seed, self.epoch, window]).permutation(size)

    def plans(self, spans: Spans) -> Iterator[WindowPlan]:
        """What to read, window by window, to yield the records of `spans` in T's order (one
        window's plan at a time: memory does not grow with the spans)."""
        window, ranges = -1, []
        for low, high in self._window_ranges(spans):
            if low // self.window != window and ranges:
                yield self._plan(window, ranges)
                ranges = []
            window = low // self.window
            ranges.append((low - window * self.window, high - window * self.window))
        if ranges:
            yield self._plan(window, ranges)

    def _window_ranges(self, spans: Spans) -> Iterator[tuple[int, int]]:
        """The spans cut at window boundaries, in order."""
        for start, stop in spans:
            while start < stop:
                end = min(stop, (start // self.window + 1) * self.window)
                yield start, end
                start = end

    def _plan(self, window: int, ranges: list[tuple[int, int]]) -> WindowPlan:
        offsets = np.concatenate([np.arange(low, high) for low, high in ranges])
        s_positions = self._permutation(window)[offsets] + window * self.window
        grouped: dict[int, list[int]] = {}
        for s_position in np.sort(s_positions).tolist():
            shard, index = self.locate(s_position)
            grouped.setdefault(shard, []).append(index)
        return WindowPlan(window, tuple(s_positions.tolist()), tuple((s, tuple(i)) for s, i in grouped.items()))
