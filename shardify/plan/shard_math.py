"""Planning math: record order, shard counts and boundaries. Plain functions, no Beam.

Records are ordered by a seeded hash of their relative path, which is a global shuffle that needs
no randomness at run time: the same input and seed give the same order on any runner, and each
shard, a contiguous run of that order, mixes all labels.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from shardify.format.naming import MAX_SHARDS

__all__ = [
    "sort_key",
    "SplitRatios",
    "parse_split_ratios",
    "ShardRequest",
    "parse_shards",
    "parse_size",
    "shards_per_split",
    "RejectLimit",
    "parse_max_rejects",
    "shard_boundaries",
    "number_labels",
    "first_record_number",
]

_SORT_KEY_BYTES = 8  # 64 bits: collisions are tie-broken by path, so they cost nothing but order.


def sort_key(seed: int, relpath: str) -> int:
    """A 64-bit key that orders records; equal for equal (seed, relpath) on every machine."""
    digest = hashlib.sha256(f"{seed}\0{relpath}".encode("utf-8")).digest()
    return int.from_bytes(digest[:_SORT_KEY_BYTES], "big")


# Split assignment hashes a different string than the sort key, so that a split's records are not
# the ones at one end of the record order.
_SPLIT_SALT = "split"
_SPLIT_HASH_RANGE = float(1 << 64)


@dataclass(frozen=True)
class SplitRatios:
    """`--split train=0.8,validation=0.1,test=0.1`: split names with fractions that sum to 1.

    Each record's split comes from a seeded hash of its id alone, so adding files never moves an
    existing file to another split.

    >>> SplitRatios((("train", 0.5), ("test", 0.5))).assign(0, "a.txt") in ("train", "test")
    True
    """

    ratios: tuple[tuple[str, float], ...]

    def __post_init__(self) -> None:
        names = [name for name, _ in self.ratios]
        if not names or len(set(names)) != len(names):
            raise ValueError(f"split names must be given once each, got {names}")
        if any(not 0 < fraction <= 1 for _, fraction in self.ratios):
            raise ValueError(f"every split fraction must be in (0, 1], got {dict(self.ratios)}")
        if not math.isclose(sum(f for _, f in self.ratios), 1.0, abs_tol=1e-6):
            raise ValueError(f"split fractions must sum to 1, got {sum(f for _, f in self.ratios):g}")

    def assign(self, seed: int, record_id: str) -> str:
        digest = hashlib.sha256(f"{seed}\0{_SPLIT_SALT}\0{record_id}".encode("utf-8")).digest()
        point = int.from_bytes(digest[:_SORT_KEY_BYTES], "big") / _SPLIT_HASH_RANGE
        cumulative = 0.0
        for name, fraction in self.ratios:
            cumulative += fraction
            if point < cumulative:
                return name
        return self.ratios[-1][0]  # rounding left the last sliver of [0, 1) unassigned

    def __str__(self) -> str:
        return ",".join(f"{name}={fraction:g}" for name, fraction in self.ratios)


def _name_value_pairs(text: str, what: str) -> list[tuple[str, str]]:
    pairs = []
    for part in text.split(","):
        name, sep, value = part.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise ValueError(f"{what} {text!r}: expected name=value pairs separated by commas")
        pairs.append((name.strip(), value.strip()))
    return pairs


def parse_split_ratios(text: str) -> SplitRatios:
    """'train=0.8,test=0.2' (fractions, or percentages like 'train=80,test=20').

    Raises:
      ValueError: malformed, repeated names, or fractions that do not sum to 1 (or 100).
    """
    pairs = _name_value_pairs(text, "--split")
    try:
        values = [(name, float(value)) for name, value in pairs]
    except ValueError:
        raise ValueError(f"--split {text!r}: every value must be a number") from None
    if math.isclose(sum(v for _, v in values), 100.0) and any(v > 1 for _, v in values):
        values = [(name, v / 100) for name, v in values]
    try:
        return SplitRatios(tuple(values))
    except ValueError as error:
        raise ValueError(f"--split {text!r}: {error}") from None


@dataclass(frozen=True)
class ShardRequest:
    """`--shards 64` (the largest split; others scaled by records), `--shards train=64,test=8`,
    or `--shard-size 128MB` (each split cut into shards of about that many input bytes).

    Attributes:
      largest: shards for the largest split, or 0.
      per_split: split name -> shards; splits it does not name get the records per shard of the
        named ones.
      bytes_per_shard: input bytes a shard should hold, or 0.
    """

    largest: int = 0
    per_split: Mapping[str, int] = field(default_factory=dict)
    bytes_per_shard: int = 0

    def __post_init__(self) -> None:
        counts = [self.largest] if self.largest else list(self.per_split.values())
        if sum(map(bool, (self.largest, self.per_split, self.bytes_per_shard))) != 1:
            raise ValueError("give one shard count, one per split, or a shard size")
        if self.bytes_per_shard < 0 or any(not 1 <= n <= MAX_SHARDS for n in counts if not self.bytes_per_shard):
            raise ValueError(f"shard counts must be in 1..{MAX_SHARDS}, got {counts}")

    def __str__(self) -> str:
        if self.bytes_per_shard:
            return _size_text(self.bytes_per_shard)
        return str(self.largest) if self.largest else ",".join(f"{k}={v}" for k, v in self.per_split.items())


_SIZE_UNITS = {"B": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9, "KIB": 1 << 10, "MIB": 1 << 20, "GIB": 1 << 30}
_SIZE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMG]I?B|B)\s*$", re.IGNORECASE | re.ASCII)


def parse_size(text: str) -> int:
    """'128MB' (10**6), '256MiB' (2**20), '1.5GB', '4096B' -> bytes.

    Raises:
      ValueError: not a size.
    """
    match = _SIZE_RE.match(text)
    if not match:
        raise ValueError(f"{text!r} is not a size like 128MB, 256MiB or 1GB")
    return int(float(match[1]) * _SIZE_UNITS[match[2].upper()])


def _size_text(num_bytes: int) -> str:
    for unit in ("GB", "MB", "KB"):
        if num_bytes % _SIZE_UNITS[unit] == 0:
            return f"{num_bytes // _SIZE_UNITS[unit]}{unit}"
    return f"{num_bytes}B"


def parse_shards(text: str | int) -> ShardRequest:
    """'64', 'train=64,validation=8', or a size: '128MB' (see `parse_size`).

    Raises:
      ValueError: malformed, or a count outside 1..MAX_SHARDS.
    """
    text = str(text).strip()
    if _SIZE_RE.match(text):
        size = parse_size(text)
        if size < 1:
            raise ValueError(f"--shard-size {text!r} must be at least one byte")
        return ShardRequest(bytes_per_shard=size)
    if "=" not in text:
        try:
            count = int(text)
        except ValueError:
            raise ValueError(f"--shards {text!r}: expected a number or split=number pairs") from None
        if not 1 <= count <= MAX_SHARDS:
            raise ValueError(f"--shards {text!r}: a shard count is 1 to {MAX_SHARDS:,}")
        return ShardRequest(largest=count)
    try:
        return ShardRequest(per_split={name: int(value) for name, value in _name_value_pairs(text, "--shards")})
    except ValueError as error:
        raise ValueError(f"--shards {text!r}: {error}") from None


def shards_per_split(
    records: Mapping[str, int], request: ShardRequest, num_bytes: Mapping[str, int] | None = None
) -> dict[str, int]:
    """Shards to write for each split, never more than its records.

    Args:
      records: split name -> records planned.
      request: what the user asked for.
      num_bytes: split name -> input bytes planned (for a shard size).

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


@dataclass(frozen=True)
class RejectLimit:
    """`--max-rejects`: a count ("50") or a share of the inputs tried ("10%").

    >>> RejectLimit(fraction=0.1).exceeded(rejected=2, tried=10)
    True
    """

    count: int | None = None
    fraction: float | None = None

    def __post_init__(self) -> None:
        if (self.count is None) == (self.fraction is None):
            raise ValueError("give a count or a fraction")
        if (self.count or 0) < 0 or not 0 <= (self.fraction or 0) <= 1:
            raise ValueError(f"--max-rejects must be a count >= 0 or 0%..100%, got {self}")

    def exceeded(self, *, rejected: int, tried: int) -> bool:
        if self.count is not None:
            return rejected > self.count
        return rejected > self.fraction * tried

    def __str__(self) -> str:
        return str(self.count) if self.count is not None else f"{self.fraction * 100:g}%"


def parse_max_rejects(text: str) -> RejectLimit:
    """'50' or '10%'.

    Raises:
      ValueError: neither.
    """
    text = str(text).strip()
    try:
        if text.endswith("%"):
            return RejectLimit(fraction=float(text[:-1]) / 100)
        return RejectLimit(count=int(text))
    except ValueError as error:
        raise ValueError(f"--max-rejects {text!r}: expected a count like 50 or a share like 10% ({error})") from None


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


def _is_number(label: str) -> bool:
    """ASCII digits only: "²" and "٣" are digits to str.isdigit, and names here."""
    text = label.strip()
    return text.isascii() and text.isdigit()


def number_labels(found: Iterable[str], names: Sequence[str]) -> tuple[dict[str, str], int]:
    """Labels written as numbers (`"3"`), mapped to `--label-names`: {number: name}, and the
    number of the first name. News and review datasets number their classes from 1 beside a
    classes.txt, others from 0: counted from 0 when a 0 occurs among them, else from 1. Numbers
    beyond the names are left out (their records are rejected).

    >>> number_labels(["1", "2"], ["neg", "pos"])
    ({'1': 'neg', '2': 'pos'}, 1)
    """
    numbers = sorted({label for label in found if label not in names and _is_number(label)}, key=int)
    if not names or not numbers:
        return {}, 0
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
