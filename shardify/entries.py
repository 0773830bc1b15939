"""The small metadata values that flow between pipeline stages (never file payloads)."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Entry", "Reject", "ShardTask", "ShardResult", "SplitPlan", "PlanSummary"]


@dataclass(frozen=True)
class Entry:
    """One input file that will become one record.

    Attributes:
      relpath: path relative to the source folder, '/'-separated; unique within a run.
      size_bytes: file size when discovered.
      label: label name (the first-level folder).
      split: split name.
      sort_key: seeded hash that orders records across shards (see `planning.sort_key`).
      image_format, height, width, channels: from the header probe.
    """

    relpath: str
    size_bytes: int
    label: str
    split: str
    sort_key: int
    image_format: str
    height: int
    width: int
    channels: int

    def __post_init__(self) -> None:
        if not self.relpath or self.relpath.startswith("/") or ".." in self.relpath.split("/"):
            raise ValueError(f"relpath {self.relpath!r} must be relative and stay inside the source")
        if self.size_bytes < 0 or min(self.height, self.width, self.channels) < 1:
            raise ValueError(f"{self.relpath}: impossible size or shape in {self!r}")


@dataclass(frozen=True)
class Reject:
    """An input left out of the output, with the reason that goes to `rejected.jsonl`.

    Attributes:
      relpath: path relative to the source folder.
      stage: where it was rejected: "discover", "probe" or "write".
      reason: one human-readable sentence.
    """

    relpath: str
    stage: str
    reason: str


@dataclass(frozen=True)
class ShardTask:
    """Everything one worker needs to write one shard: the entries in record order.

    Attributes:
      split: split name.
      index: shard index within the split.
      num_shards: number of shards in the split.
      entries: the shard's entries, in the order they are written.
    """

    split: str
    index: int
    num_shards: int
    entries: tuple[Entry, ...]

    def __post_init__(self) -> None:
        if not 0 <= self.index < self.num_shards:
            raise ValueError(f"shard index {self.index} outside 0..{self.num_shards - 1}")


@dataclass(frozen=True)
class ShardResult:
    """What writing a shard produced: the manifest's shard entry plus rejects found while writing.

    Attributes:
      split, index, num_shards: which shard.
      path: file name relative to the output folder.
      num_records, num_bytes, sha256: of the finished file.
      label_counts: records per label name.
      rejects: inputs that failed while being written.
    """

    split: str
    index: int
    num_shards: int
    path: str
    num_records: int
    num_bytes: int
    sha256: str
    label_counts: dict[str, int] = field(default_factory=dict)
    rejects: tuple[Reject, ...] = ()


@dataclass(frozen=True)
class SplitPlan:
    """How one split will be written.

    Attributes:
      num_records: entries planned (rejects found while writing are subtracted later).
      num_bytes: sum of input file sizes.
      num_shards: shards that will be written.
      label_counts: entries per label name.
    """

    num_records: int
    num_bytes: int
    num_shards: int
    label_counts: dict[str, int]


@dataclass(frozen=True)
class PlanSummary:
    """The whole plan in numbers: what the CLI prints before writing and the manifest records.

    Attributes:
      labels: label names, sorted; a record's label index is the position in this tuple.
      requested_shards: what the user asked for per split.
      splits: split name -> its plan.
    """

    labels: tuple[str, ...]
    requested_shards: int
    splits: dict[str, SplitPlan]

    @property
    def num_records(self) -> int:
        return sum(s.num_records for s in self.splits.values())

    @property
    def num_bytes(self) -> int:
        return sum(s.num_bytes for s in self.splits.values())

    def to_json(self) -> dict:
        return {
            "labels": list(self.labels),
            "requested_shards": self.requested_shards,
            "splits": {name: vars(split) for name, split in self.splits.items()},
        }

    @classmethod
    def from_json(cls, data: dict) -> PlanSummary:
        splits = {name: SplitPlan(**split) for name, split in data["splits"].items()}
        return cls(tuple(data["labels"]), data["requested_shards"], splits)

    def describe(self) -> str:
        """A few human-readable lines: files, labels with counts, shards per split."""
        lines = [f"found {self.num_records} files in {len(self.labels)} labels"]
        for name, split in sorted(self.splits.items()):
            per_shard = split.num_records / split.num_shards
            lines.append(
                f"  {name}: {split.num_records} records, {split.num_bytes / 1e6:.1f} MB, "
                f"{split.num_shards} shards of ~{per_shard:.0f} records"
            )
            if split.num_shards < self.requested_shards:
                lines.append(
                    f"  note: {self.requested_shards} shards asked for {name}, but it has only "
                    f"{split.num_records} records: writing {split.num_shards} shards of 1 record"
                )
            counts = ", ".join(f"{label}={split.label_counts.get(label, 0)}" for label in self.labels)
            lines.append(f"  labels: {counts}")
        return "\n".join(lines)
