"""The sharding rule: which records each of several readers takes of a split (`share`).

With at least as many shards as readers, reader i of n reads every n-th shard starting at shard
i; with fewer shards than readers, every reader reads all the shards in one common order and
keeps every n-th record starting at record i. Either way each record is read by exactly one
reader per epoch. Applied twice (distributed ranks, then DataLoader workers within a rank), the
rule composes: a record-level share split again stays record-level. tf.data's readers take it from
here (DALI splits records its own way, which its reader cannot leave; `ShardDataset` takes
contiguous parts of one epoch order, `shardify.read.epoch_order`, so that its states resume with
other numbers of readers). Plain arithmetic: no TensorFlow, no PyTorch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shardify.errors import ReadOptionError

__all__ = ["Share", "share"]

@dataclass(frozen=True)
class Share:
    """The records one reader takes of a split.

    Attributes:
      shards: positions of the shards it reads, in the manifest's order.
      record_stride, record_offset: of the records of those shards, read one after another in an
        order common to every reader sharing them, it keeps those whose position p has
        p % record_stride == record_offset (1 and 0: all of them).
    """

    shards: tuple[int, ...]
    record_stride: int = 1
    record_offset: int = 0

    def __post_init__(self) -> None:
        if self.record_stride < 1 or not 0 <= self.record_offset < self.record_stride:
            raise ValueError(f"record_offset={self.record_offset} must lie in [0, record_stride={self.record_stride})")

    @property
    def record_level(self) -> bool:
        """Several readers read these shards, each keeping its own records."""
        return self.record_stride > 1

    def num_records(self, shard_records: Sequence[int]) -> int:
        """Records this share yields, from the records of every shard of the split."""
        total = sum(shard_records[position] for position in self.shards)
        return len(range(self.record_offset, total, self.record_stride))


def share(whole: Share | int, readers: int, reader: int) -> Share:
    """Reader `reader`'s part, of `readers`, of `whole` (a Share, or a number of shards: all of them).

    Shards while there are at least as many as readers, else records (see the module's docstring).

    >>> share(4, 2, 1)
    Share(shards=(1, 3), record_stride=1, record_offset=0)
    >>> share(2, 3, 2)
    Share(shards=(0, 1), record_stride=3, record_offset=2)
    >>> share(share(2, 2, 1), 2, 1)   # rank 1 of 2 gets shard 1; its worker 1 of 2 every 2nd record
    Share(shards=(1,), record_stride=2, record_offset=1)

    Raises:
      ReadOptionError: `reader` is not in [0, readers).
    """
    if readers < 1 or not 0 <= reader < readers:
        raise ReadOptionError(f"reader {reader} of {readers}: the index must lie in [0, {readers})")
    if isinstance(whole, int):
        whole = Share(tuple(range(whole)))
    if not whole.record_level and len(whole.shards) >= readers:
        return Share(whole.shards[reader::readers])
    return Share(whole.shards, whole.record_stride * readers, whole.record_offset + reader * whole.record_stride)
