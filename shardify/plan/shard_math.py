"""Planning math: record order, shard counts and boundaries. Plain functions, no Beam.

Records are ordered by a seeded hash of their relative path, which is a global shuffle that needs
no randomness at run time: the same input and seed give the same order on any runner, and each
shard, a contiguous run of that order, mixes all labels.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from shardify.format.naming import MAX_SHARDS

if TYPE_CHECKING:
    from shardify.plan.requests import ShardRequest, SplitRatios

__all__ = [
    "DEFAULT_SPLIT",
    "sort_key",
    "seeded_point",
    "assign_split",
    "shards_per_split",
    "shard_boundaries",
    "is_number",
    "number_labels",
    "first_record_number",
]

_SORT_KEY_BYTES = 8  # 64 bits: collisions are tie-broken by path, so they cost nothing but order.


def sort_key(seed: int, relpath: str) -> int:
    """A 64-bit key that orders records; equal for equal (seed, relpath) on every machine."""
    digest = hashlib.sha256(f"{seed}\0{relpath}".encode("utf-8")).digest()
    return int.from_bytes(digest[:_SORT_KEY_BYTES], "big")


_HASH_RANGE = float(1 << 64)
# The split of every record when the source gives none and no --split is asked for.
DEFAULT_SPLIT = "train"


def seeded_point(seed: int, salt: str, record_id: str) -> float:
    """A point in [0, 1) drawn from a seeded hash of `record_id` under `salt`: the same on every
    machine, and independent of the sort key (another salt hashes another string)."""
    digest = hashlib.sha256(f"{seed}\0{salt}\0{record_id}".encode("utf-8")).digest()
    return int.from_bytes(digest[:_SORT_KEY_BYTES], "big") / _HASH_RANGE


def assign_split(source_split: str, ratios: SplitRatios | None, seed: int, record_id: str) -> str:
    """A record's split: the one its source gives, else its place by `ratios` (a seeded hash of its
    id), else DEFAULT_SPLIT.

    >>> assign_split("val", None, 0, "val/a.jpg"), assign_split("", None, 0, "a.jpg")
    ('val', 'train')
    """
    if source_split:
        return source_split
    return ratios.assign(seed, record_id) if ratios else DEFAULT_SPLIT


def shards_per_split(
    records: Mapping[str, int], request: ShardRequest, num_bytes: Mapping[str, int] | None = None
) -> dict[str, int]:
    """Shards to write for each split, never more than its records.

    Args:
      records: split name -> records planned.
      request: what the user asked for.
      num_bytes: split name -> input bytes planned (for a shard size).

    >>> from shardify.plan.requests import ShardRequest
    >>> shards_per_split({"train": 800, "validation": 100, "test": 10}, ShardRequest(largest=64))
    {'train': 64, 'validation': 8, 'test': 1}

    Raises:
      ValueError: the request names a split with no records (a misspelt or absent split).
    """
    absent = sorted(name for name in request.per_split if not records.get(name))
    if absent:
        found = ", ".join(sorted(name for name, count in records.items() if count)) or "none"
        raise ValueError(f"--shards names {', '.join(absent)}, which this source has no records for (its splits: {found})")
    if request.bytes_per_shard:
        sizes = num_bytes or {}
        wanted = {name: math.ceil(sizes.get(name, 0) / request.bytes_per_shard) for name in records}
    elif request.largest:
        records_per_shard = max(records.values(), default=0) / request.largest
        wanted = {name: request.largest for name in records} if not records_per_shard else {
            name: round(count / records_per_shard) for name, count in records.items()
        }
    else:
        named = request.per_split
        records_per_shard = sum(records[name] for name in named) / sum(named.values())
        wanted = {
            name: request.per_split.get(name) or math.ceil(count / records_per_shard)
            for name, count in records.items()
        }
    return {name: max(1, min(wanted[name], count, MAX_SHARDS)) for name, count in records.items()}


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


def is_number(label: str) -> bool:
    """ASCII digits only: "²" and "٣" are digits to str.isdigit, and names here."""
    text = label.strip()
    return text.isascii() and text.isdigit()


def number_labels(found: Iterable[str], names: Sequence[str], *, base: int | None = None) -> tuple[dict[str, str], int]:
    """Labels written as numbers (`"3"`), mapped to `--label-names`: {number: name}, and the
    number of the first name. News and review datasets number their classes from 1 beside a
    classes.txt, others from 0: counted from `base` where the caller knows it (see
    `label_names.numbering_base`), else from 0 when a 0 occurs among them, else from 1. Numbers
    beyond the names are left out (their records are rejected).

    >>> number_labels(["1", "2"], ["neg", "pos"])
    ({'1': 'neg', '2': 'pos'}, 1)
    """
    numbers = sorted({label for label in found if label not in names and is_number(label)}, key=int)
    if not names or not numbers:
        return {}, 0
    if base is None:
        base = 0 if int(numbers[0]) == 0 else 1
    return {n: names[int(n) - base] for n in numbers if 0 <= int(n) - base < len(names)}, base


def first_record_number(splits: Mapping[str, tuple[int, int]], split: str, shard: int) -> int:
    """The number of a shard's first record when the records of the whole output are counted: splits
    in name order, then each split's shards in order (the planned counts: a record rejected while
    writing leaves its number unused). It gives every image record a unique `image/source_id` without
    any worker knowing about the others.

    Args:
      splits: split name -> (planned records, shards).
      split, shard: the shard.

    >>> first_record_number({"train": (10, 4), "test": (5, 2)}, "train", 2)
    11
    """
    before = sum(num_records for name, (num_records, _) in splits.items() if name < split)
    num_records, num_shards = splits[split]
    return before + ([0, *shard_boundaries(num_records, num_shards)][shard])
