"""Planning math: record order, shard counts and boundaries. Plain functions, no Beam.

Records are ordered by a seeded hash of their relative path, which is a global shuffle that needs
no randomness at run time: the same input and seed give the same order on any runner, and each
shard, a contiguous run of that order, mixes all labels.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from shardify.naming import MAX_SHARDS

__all__ = ["sort_key", "effective_num_shards", "shard_boundaries", "cut_into_shards"]

T = TypeVar("T")
_SORT_KEY_BYTES = 8  # 64 bits: collisions are tie-broken by path, so they cost nothing but order.


def sort_key(seed: int, relpath: str) -> int:
    """A 64-bit key that orders records; equal for equal (seed, relpath) on every machine."""
    digest = hashlib.sha256(f"{seed}\0{relpath}".encode("utf-8")).digest()
    return int.from_bytes(digest[:_SORT_KEY_BYTES], "big")


def effective_num_shards(num_records: int, requested: int) -> int:
    """Shards actually written: never more than records (an empty shard helps no reader)."""
    if not 1 <= requested <= MAX_SHARDS:
        raise ValueError(f"shards={requested} must be in 1..{MAX_SHARDS}")
    return max(1, min(requested, num_records))


def shard_boundaries(num_records: int, num_shards: int) -> list[int]:
    """End offsets of each shard; counts differ by at most 1, larger shards first.

    >>> shard_boundaries(10, 4)
    [3, 6, 8, 10]
    """
    if num_shards < 1 or num_records < 0:
        raise ValueError(f"cannot cut {num_records} records into {num_shards} shards")
    base, extra = divmod(num_records, num_shards)
    ends, end = [], 0
    for index in range(num_shards):
        end += base + (1 if index < extra else 0)
        ends.append(end)
    return ends


def cut_into_shards(ordered: Sequence[T], num_shards: int) -> list[Sequence[T]]:
    """Contiguous runs of `ordered`, one per shard, sized by `shard_boundaries`."""
    start, shards = 0, []
    for end in shard_boundaries(len(ordered), num_shards):
        shards.append(ordered[start:end])
        start = end
    return shards
