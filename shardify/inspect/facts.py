"""What `shardify inspect` shows about a finished output, gathered without TensorFlow.

Counts, bytes, shards and labels come from the manifest, exactly; rejects and repairs from their
reports (`rejected.jsonl`, `repaired.jsonl`); duplicate groups from `duplicates.jsonl` and the
manifest's `duplicates` block; image sizes, text lengths and the records shown from a bounded
sample of the shards (`record_sample`), never the whole dataset, so inspecting takes seconds
whatever the dataset's size.

Everything read is untrusted, the manifest included: it is loaded through `load_manifest` (every
field checked), files are opened as inputs are, and what does not add up or cannot be read
becomes a note in `Inspection.notes`. Only a manifest that is missing or invalid raises.

    facts = inspect_output("out/")
    facts.manifest.split("train").num_records == sum(s.num_records for s in facts.manifest.split("train").shards)
"""

from __future__ import annotations

import dataclasses
import re
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from shardify.format.manifest import check_arithmetic, load_manifest
from shardify.format.manifest_model import Manifest
from shardify.inspect.record_sample import Sample, SampledRecord, SampleLimits, read_sample
from shardify.inspect.run_reports import JsonlScan, scan_jsonl

__all__ = [
    "Spread",
    "KindCount",
    "ReportFacts",
    "DuplicateSample",
    "DuplicateFacts",
    "Inspection",
    "inspect_output",
    "reason_kind",
]

# Report entries kept for display (the terminal shows the first few, the HTML page all of these).
_FIRST_ENTRIES = 20
# Duplicate groups kept for display, of each kind (across splits, within one split).
_GROUPS_SHOWN = 10
# Records of one duplicate group kept for display (the rest are counted).
_GROUP_RECORDS_SHOWN = 8
# A reject's reason starts with its kind ("truncated JPEG", "dangling symlink"); details follow
# after ": " or in parentheses (sizes, paths, the decoder's words).
_KIND_END = re.compile(r": | \(")


@dataclass(frozen=True)
class Spread:
    """Smallest, median and largest of some numbers.

    Attributes:
      count: how many numbers.
      minimum, median, maximum: of them.

    >>> Spread.of([3, 1, 2]) == Spread(count=3, minimum=1, median=2, maximum=3)
    True
    """

    count: int
    minimum: float
    median: float
    maximum: float

    @staticmethod
    def of(values: Iterable[float]) -> Spread | None:
        """The spread of `values`, or None when there are none."""
        values = sorted(values)
        if not values:
            return None
        return Spread(len(values), values[0], statistics.median(values), values[-1])


@dataclass(frozen=True)
class KindCount:
    """Report lines of one kind. Attributes: kind, count, example (the first full text)."""

    kind: str
    count: int
    example: str


@dataclass(frozen=True)
class ReportFacts:
    """A report (rejects or repairs) as the manifest counts it and as its file reads.

    Attributes:
      name: the report's file name ("" when the manifest names none).
      count: entries, from the manifest.
      lines: lines in the file (0 when there is none).
      parsed: lines parsed for `by_kind` and `first` (all, up to a limit).
      by_kind: entries per kind of reason or repair, most frequent first.
      first: the first entries, each as {"path", "text"} (text: the reason or the repair).
      extra: the manifest's other counts for the report (repairs: {"reencoded": n}).
    """

    name: str
    count: int
    lines: int = 0
    parsed: int = 0
    by_kind: tuple[KindCount, ...] = ()
    first: tuple[Mapping[str, str], ...] = ()
    extra: Mapping[str, int] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class DuplicateSample:
    """Records with the same content, as the manifest samples them (entries.DuplicateGroup is the
    writer's whole group).

    Attributes:
      sha256: hex digest of the content.
      records: (split, record id) of the first records of the group.
      size: records in the group (may exceed `len(records)`).
    """

    sha256: str
    records: tuple[tuple[str, str], ...]
    size: int

    @property
    def splits(self) -> tuple[str, ...]:
        return tuple(sorted({split for split, _ in self.records}))

    @property
    def across_splits(self) -> bool:
        return len(self.splits) > 1


@dataclass(frozen=True)
class DuplicateFacts:
    """Exact duplicates, as the manifest counts them and as `duplicates.jsonl` lists them.

    Attributes:
      checked: False for outputs made before shardify looked for duplicates (no manifest block).
      groups, records, across_splits: the manifest's counts.
      name: the report's file name ("" without one).
      across, within: the first groups spanning splits (leakage) and within one split.
      across_read, within_read: groups of each kind among the lines parsed.
      lines: lines in the report.
    """

    checked: bool
    groups: int = 0
    records: int = 0
    across_splits: int = 0
    name: str = ""
    across: tuple[DuplicateSample, ...] = ()
    within: tuple[DuplicateSample, ...] = ()
    across_read: int = 0
    within_read: int = 0
    lines: int = 0


@dataclass(frozen=True)
class Inspection:
    """Everything `shardify inspect` shows.

    Attributes:
      root: the output folder.
      manifest: the validated manifest.
      sample: the records read from the shards.
      rejects, repairs: the reports.
      duplicates: exact duplicates.
      notes: one line per thing that does not add up or could not be read.
    """

    root: str
    manifest: Manifest
    sample: Sample
    rejects: ReportFacts
    repairs: ReportFacts
    duplicates: DuplicateFacts
    notes: tuple[str, ...]

    @property
    def image_records(self) -> tuple[SampledRecord, ...]:
        """Sampled records with an image size."""
        return tuple(r for r in self.sample.records if r.width and r.height)

    @property
    def text_records(self) -> tuple[SampledRecord, ...]:
        return tuple(r for r in self.sample.records if r.text_chars is not None)

    def widths(self) -> Spread | None:
        return Spread.of(r.width for r in self.image_records)  # type: ignore[misc]

    def heights(self) -> Spread | None:
        return Spread.of(r.height for r in self.image_records)  # type: ignore[misc]

    def aspects(self) -> Spread | None:
        """Width / height."""
        return Spread.of(r.width / r.height for r in self.image_records)  # type: ignore[operator]

    def text_lengths(self) -> Spread | None:
        """Characters per text."""
        return Spread.of(r.text_chars for r in self.text_records)  # type: ignore[misc]


def reason_kind(text: str) -> str:
    """The kind of a reject reason or a repair: its words before the details.

    >>> reason_kind("truncated JPEG: no end-of-image marker after the last scan")
    'truncated JPEG'
    >>> reason_kind("dangling symlink (or a symlink loop)")
    'dangling symlink'
    """
    return _KIND_END.split(text, maxsplit=1)[0].strip() or text.strip()


def inspect_output(path: str, *, limits: SampleLimits = SampleLimits()) -> Inspection:
    """Gathers the facts about the output folder `path`.

    Args:
      path: a finished shardify output (local).
      limits: how much of each split the sample reads.

    Raises:
      ManifestError: no manifest, or one that is invalid (one line naming the field).
    """
    manifest = load_manifest(path)
    notes = [f"manifest: {problem}" for problem in check_arithmetic(manifest)]
    rejects = _report(manifest, manifest.rejected, notes, text_field="reason")
    repairs = _report(manifest, manifest.repaired, notes, text_field="repair")
    duplicates = _duplicates(manifest, notes)
    shown = {record for group in duplicates.across + duplicates.within for record in group.records}
    sample = read_sample(manifest, dataclasses.replace(limits, keep_ids=limits.keep_ids | frozenset(shown)))
    notes += sample.notes
    return Inspection(path, manifest, sample, rejects, repairs, duplicates, tuple(notes))


def _report(manifest: Manifest, block: Mapping[str, Any], notes: list[str], *, text_field: str) -> ReportFacts:
    """Reads a report the manifest names; counts its kinds and keeps its first entries."""
    count = block["count"]
    extra = {key: value for key, value in block.items() if key not in ("count", "path") and isinstance(value, int)}
    name = block.get("path", "")
    if not name:
        return ReportFacts(name="", count=count, extra=extra)
    kinds: Counter[str] = Counter()
    examples: dict[str, str] = {}
    first: list[dict[str, str]] = []

    def visit(_: int, entry: dict[str, Any]) -> str | None:
        path, text = entry.get("path"), entry.get(text_field)
        if not isinstance(path, str) or not isinstance(text, str):
            return f'not {{"path": ..., "{text_field}": ...}} with strings'
        row = entry.get("row")
        if isinstance(row, int) and not isinstance(row, bool):
            path = f"{path} row {row}"
        kind = reason_kind(text)
        kinds[kind] += 1
        examples.setdefault(kind, text)
        if len(first) < _FIRST_ENTRIES:
            first.append({"path": path, "text": text})
        return None

    scan = scan_jsonl(manifest.root, name, visit)
    _note_scan(scan, name, count, "entries", notes)
    by_kind = tuple(KindCount(kind, n, examples[kind]) for kind, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))
    return ReportFacts(name, count, scan.lines, scan.parsed, by_kind, tuple(first), extra)


def _note_scan(scan: JsonlScan, name: str, count: int, what: str, notes: list[str]) -> None:
    notes.extend(scan.notes)
    if scan.readable and scan.lines != count:
        notes.append(f"{name} has {scan.lines:,} lines, but the manifest counts {count:,} {what}")


def _group(entry: Mapping[str, Any]) -> DuplicateSample | str:
    """A duplicates.jsonl line as a group, or why it is not one."""
    digest, records = entry.get("sha256"), entry.get("records")
    if not isinstance(digest, str) or not isinstance(records, list) or not records:
        return 'not {"sha256": "<hex>", "records": [...]}'
    pairs = []
    for record in records:
        if not (isinstance(record, dict) and isinstance(record.get("split"), str) and isinstance(record.get("id"), str)):
            return 'a record is not {"split": ..., "id": ...}'
        pairs.append((record["split"], record["id"]))
    # The first record of every split, then the others in order: a long group still shows its leak.
    first_of_split: dict[str, int] = {}
    for index, (split, _) in enumerate(pairs):
        first_of_split.setdefault(split, index)
    chosen = set(first_of_split.values())
    for index in range(len(pairs)):
        if len(chosen) >= _GROUP_RECORDS_SHOWN:
            break
        chosen.add(index)
    return DuplicateSample(digest[:64], tuple(pairs[index] for index in sorted(chosen)), len(pairs))


def _duplicates(manifest: Manifest, notes: list[str]) -> DuplicateFacts:
    block = manifest.duplicates  # checked by parse_manifest like every field
    if block is None:
        return DuplicateFacts(checked=False)
    facts = DuplicateFacts(
        checked=True, groups=block["groups"], records=block["records"], across_splits=block["across_splits"]
    )
    name = block.get("path", "")
    if not name:
        if facts.groups:
            notes.append(f"the manifest counts {facts.groups:,} duplicate groups but names no report of them")
        return facts
    across: list[DuplicateSample] = []
    within: list[DuplicateSample] = []
    counts = Counter[str]()

    def visit(_: int, entry: dict[str, Any]) -> str | None:
        group = _group(entry)
        if isinstance(group, str):
            return group
        kind, kept = ("across", across) if group.across_splits else ("within", within)
        counts[kind] += 1
        if len(kept) < _GROUPS_SHOWN:
            kept.append(group)
        return None

    scan = scan_jsonl(manifest.root, name, visit)
    _note_scan(scan, name, facts.groups, "groups", notes)
    return dataclasses.replace(
        facts,
        name=name,
        across=tuple(across),
        within=tuple(within),
        across_read=counts["across"],
        within_read=counts["within"],
        lines=scan.lines,
    )
