"""What a conversion asks for, as typed values: the shard count or size, the split ratios and the
reject limit. Each is parsed once from its option's text (by the CLI, or by `ConvertConfig` for a
library caller) and travels typed from there: to the plan, the writer and the manifest, whose
"options" record each as `str(value)`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from shardify.format.naming import MAX_SHARDS
from shardify.plan.shard_math import seeded_point

__all__ = [
    "SplitRatios",
    "parse_split_ratios",
    "ShardRequest",
    "parse_shards",
    "parse_size",
    "RejectLimit",
    "parse_max_rejects",
    "NO_INPUT",
    "NOTHING_USABLE",
    "OVER_LIMIT",
    "why_no_manifest",
]


# Split assignment hashes a different string than the sort key, so that a split's records are not
# the ones at one end of the record order.
_SPLIT_SALT = "split"


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
        point = seeded_point(seed, _SPLIT_SALT, record_id)
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


# Units from the largest, each decimal after its binary twin: 1 GiB reads "1GiB", 128 MB "128MB".
_TEXT_UNITS = ("GiB", "GB", "MiB", "MB", "KiB", "KB")


def _size_text(num_bytes: int) -> str:
    """The shortest exact spelling of a size, as `parse_size` reads it back.

    >>> [_size_text(n) for n in (128 * 10**6, 256 << 20, 4096, 1000)]
    ['128MB', '256MiB', '4KiB', '1KB']
    """
    for unit in _TEXT_UNITS:
        if num_bytes % _SIZE_UNITS[unit.upper()] == 0:
            return f"{num_bytes // _SIZE_UNITS[unit.upper()]}{unit}"
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


# Why a finished run writes no manifest (see `why_no_manifest`).
NO_INPUT, NOTHING_USABLE, OVER_LIMIT = "no input", "nothing usable", "over the reject limit"


def why_no_manifest(*, written: int, rejected: int, limit: RejectLimit) -> str:
    """Why a run that wrote `written` records and rejected `rejected` inputs gets no manifest, or
    "" when it gets one. The writer decides with it, and the launcher, reading the counts back,
    says which it was: one rule, in one place.

    >>> why_no_manifest(written=9, rejected=1, limit=RejectLimit(fraction=0.1))
    ''
    >>> why_no_manifest(written=8, rejected=2, limit=RejectLimit(fraction=0.1))
    'over the reject limit'
    """
    if written + rejected == 0:
        return NO_INPUT
    if written == 0:
        return NOTHING_USABLE
    return OVER_LIMIT if limit.exceeded(rejected=rejected, tried=written + rejected) else ""
