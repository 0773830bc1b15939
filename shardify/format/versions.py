"""Versions of an output folder: what each conversion and each append added, kept readable.

Every run writes a new version N of the output: `manifest.json` is the latest version, and each
version's manifest is also kept as `manifest-v<N>.json`, written before `manifest.json` is replaced
and never rewritten. An append adds shards beside the existing ones (named with its version, see
`naming.ShardName`) and never rewrites a shard, so every earlier version's manifest still lists
only whole, unchanged files. The inputs each version added (relative path, size, modification time,
the file's sha256 and its record's content sha256) are listed in `inputs-v<N>.jsonl`: the next
append reads them to tell new inputs from ones the output holds, and changed ones from both.

The manifest's `dataset_version` says which version it is, its parent, when and from which SRC it
was made, and what it added; `history` holds the same for every earlier version. All of it is read
as untrusted input. No Beam, no TensorFlow.
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from shardify.errors import ManifestError
from shardify.format import naming

__all__ = [
    "VersionPlan",
    "HeldInput",
    "inputs_text",
    "inputs_chunks",
    "parse_inputs",
    "bounded_lines",
    "version_record",
    "merge_manifests",
    "check_versions",
    "records_per_version",
    "InputsTally",
    "check_inputs_file",
    "checked_inputs",
    "created_now",
    "MAX_INPUTS_LINE_BYTES",
]

# One line of an inputs file is a path and a few numbers and hashes; a longer line is not ours.
MAX_INPUTS_LINE_BYTES = 16 << 10


def created_now() -> str:
    """The time a version is made, in UTC to the second; `SOURCE_DATE_EPOCH` (the reproducible
    builds convention) fixes it, so that two runs can give the same bytes."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    moment = (
        datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc)
        if epoch.isdigit()
        else datetime.datetime.now(datetime.timezone.utc)
    )
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class VersionPlan:
    """Which version a run writes, and what it builds on.

    Attributes:
      number: the version this run writes (1 for a conversion).
      created: when (see `created_now`).
      source: SRC as the run read it.
      previous: the latest version's manifest text ("" for a conversion): the append adds to it.
      labels: the labels earlier versions use, in index order: the new list starts with them.
      first_record: the number of the first record this version writes (`image/source_id`s go on
        from the earlier versions').
      held_files: the inputs files of every earlier version.
    """

    number: int = 1
    created: str = ""
    source: str = ""
    previous: str = ""
    labels: tuple[str, ...] = ()
    first_record: int = 0
    held_files: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        naming.version_manifest_filename(self.number)  # a ValueError for a version no file can name
        if self.number > 1 and not self.previous:
            raise ValueError(f"version {self.number} appends to the version before it: its manifest is missing")

    @property
    def appends(self) -> bool:
        return self.number > 1


@dataclass(frozen=True)
class HeldInput:
    """One input an output holds, as its version's inputs file lists it.

    Attributes:
      path: relative to SRC.
      size: bytes.
      mtime_ns: the file's modification time when it was written, in nanoseconds.
      sha256: of the file's bytes.
      record_sha256: of its record's content (as duplicates are found).
      split: the split its record is in.
      version: the version that added it.
    """

    path: str
    size: int
    mtime_ns: int
    sha256: str
    record_sha256: str
    split: str
    version: int = 1

    @classmethod
    def of(cls, path: str, size: int, mtime_ns: int, sha256: str, record_sha256: str, split: str, version: int = 1) -> HeldInput:
        """`HeldInput(...)` built as unpickling builds it, without the frozen dataclass's `__init__`
        (a guarded `setattr` per field): a writer makes one per record, ~5 µs each that way."""
        held = object.__new__(cls)
        held.__dict__.update(
            path=path, size=size, mtime_ns=mtime_ns, sha256=sha256, record_sha256=record_sha256, split=split, version=version
        )
        return held

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "size": self.size,
            "mtime_ns": self.mtime_ns,
            "sha256": self.sha256,
            "record_sha256": self.record_sha256,
            "split": self.split,
        }


def inputs_text(held: Iterable[HeldInput]) -> str:
    """The inputs file: one JSON line per input, by path (deterministic)."""
    return b"".join(inputs_chunks(held)).decode("utf-8")


# Lines of the inputs file encoded at a time by `inputs_chunks`.
INPUTS_CHUNK_LINES = 4096
# `json.dumps(h.to_json(), ensure_ascii=False)` written out, its strings escaped as json escapes them:
# the same bytes for a fraction of the CPU (~1 µs a line against ~5 µs), a million inputs never one string.
_LINE = '{"path": %s, "size": %d, "mtime_ns": %d, "sha256": %s, "record_sha256": %s, "split": %s}\n'


def inputs_chunks(held: Iterable[HeldInput]) -> Iterator[bytes]:
    """The inputs file's bytes (see `inputs_text`), a few thousand lines at a time: written as
    they come, the file is never held whole in memory."""
    quote = json.encoder.encode_basestring  # type: ignore[attr-defined]  # what ensure_ascii=False uses
    lines: list[str] = []
    for h in sorted(held, key=lambda h: h.path):
        lines.append(_LINE % (quote(h.path), h.size, h.mtime_ns, quote(h.sha256), quote(h.record_sha256), quote(h.split)))
        if len(lines) >= INPUTS_CHUNK_LINES:
            yield "".join(lines).encode("utf-8")
            lines.clear()
    if lines:
        yield "".join(lines).encode("utf-8")


_DIGEST_RE = re.compile(r"[0-9a-f]{64}")


def _digest(value: object) -> bool:
    return type(value) is str and len(value) == 64 and _DIGEST_RE.fullmatch(value) is not None


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def bounded_lines(fileobj: BinaryIO) -> Iterator[bytes]:
    """The lines of a binary file, none read past MAX_INPUTS_LINE_BYTES + 1 bytes (a longer line
    comes out that long, and `parse_inputs` refuses it): a file without line breaks is never read
    whole into memory."""
    while True:
        line = fileobj.readline(MAX_INPUTS_LINE_BYTES + 1)
        if not line:
            return
        yield line


def parse_inputs(lines: Iterable[bytes], where: str, version: int) -> Iterator[HeldInput]:
    """The inputs an inputs file lists, checked line by line (it is untrusted input).

    Raises:
      ManifestError: a line that is not one input, naming the file and the line.
    """
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_INPUTS_LINE_BYTES:
            raise ManifestError(f"{where} line {number} is longer than {MAX_INPUTS_LINE_BYTES} bytes: not a shardify inputs file")
        if not line.strip():
            continue
        try:  # one lookup per field, then the checks: an append reads every line of every version
            row = json.loads(line)
            path, size, mtime_ns, sha256, record_sha256, split = (
                row["path"], row["size"], row["mtime_ns"], row["sha256"], row["record_sha256"], row["split"]
            )  # fmt: skip
        except (ValueError, RecursionError, TypeError, KeyError, IndexError):
            path = None
        if not (
            type(path) is str
            and path
            and _count(size)
            and _count(mtime_ns)
            and _digest(sha256)
            and _digest(record_sha256)
            and type(split) is str
        ):
            raise ManifestError(
                f"{where} line {number} is not an input (path, size, mtime_ns, sha256, record_sha256, split); "
                "convert again without --append"
            )
        yield HeldInput(path, size, mtime_ns, sha256, record_sha256, split, version)


def records_per_version(shards: Iterable[tuple[str, str, int]]) -> dict[tuple[int, str], int]:
    """(version, split) -> the records the shards of that version and split hold, from the latest
    manifest's (split, shard file name, records): a shard's name says which version wrote it (a name
    that says none counts under version 0, which no inputs file is)."""
    counts: dict[tuple[int, str], int] = {}
    for split, name, records in shards:
        parsed = naming.parse_shard_filename(name)
        key = (parsed.version if parsed is not None and parsed.split == split else 0, split)
        counts[key] = counts.get(key, 0) + records
    return counts


class InputsTally:
    """Checks an inputs file's lines against the shards that hold their records.

    An inputs file is untrusted: a forged but well-formed line (`../../../../etc/passwd`) would make
    an append count a record no shard holds (as a duplicate, as an input held). Every version's
    records are in its own shards, one inputs line each, so each version's lines must name paths
    inside SRC and count, split by split, exactly the records that version's shards hold; a file
    that does not is refused whole, since which line is the forged one cannot be told.
    Counting keeps one number per split, never the lines.
    """

    def __init__(self, where: str, version: int, expected: Mapping[str, int]) -> None:
        self._where, self._version = where, version
        self._expected = {split: n for split, n in expected.items() if n}
        self._counted: dict[str, int] = {}

    def add(self, item: HeldInput) -> HeldInput:
        """Counts one line's input (and hands it on).

        Raises:
          ManifestError: its path is not a relative path inside SRC.
        """
        path = item.path
        if path.startswith("/") or "\x00" in path or any(part in ("", ".", "..") for part in path.split("/")):
            raise ManifestError(
                f"{self._where} lists {_shown(path)}, which is not a path inside the source: the inputs file was altered; "
                "convert again without --append"
            )
        self._counted[item.split] = self._counted.get(item.split, 0) + 1
        return item

    def check(self) -> None:
        """Once every line is counted.

        Raises:
          ManifestError: the lines count other records, split by split, than the version's shards hold.
        """
        if self._counted == self._expected:
            return
        splits = sorted({*self._counted, *self._expected})
        differ = next(s for s in splits if self._counted.get(s, 0) != self._expected.get(s, 0))
        raise ManifestError(
            f"{self._where} lists {self._counted.get(differ, 0)} inputs in split {_shown(differ)}, but version "
            f"{self._version}'s shards hold {self._expected.get(differ, 0)} records there: lines no shard holds "
            "(or shards no line names); the inputs file was altered: convert again without --append"
        )


def check_inputs_file(fileobj: BinaryIO, where: str, version: int, per_version: Mapping[tuple[int, str], int]) -> None:
    """Reads version `version`'s inputs file through, checking each line and the counts against
    `per_version` (see `records_per_version`).

    Raises:
      ManifestError: a line that is not an input, a path outside SRC, or counts the shards do not hold.
    """
    for _ in checked_inputs(fileobj, where, version, per_version):
        pass


def checked_inputs(
    fileobj: BinaryIO, where: str, version: int, per_version: Mapping[tuple[int, str], int]
) -> Iterator[HeldInput]:
    """The inputs `check_inputs_file` checks, handed on as they are read: an append that keeps them
    parses each line once. The count is checked after the last line, before this returns.

    Raises:
      ManifestError: as `check_inputs_file`.
    """
    if any(v == 0 and n for (v, _), n in per_version.items()):
        raise ManifestError(f"{where}: the manifest lists shards whose names say no version: not a shardify output")
    tally = InputsTally(where, version, {split: n for (v, split), n in per_version.items() if v == version})
    for item in parse_inputs(bounded_lines(fileobj), where, version):
        yield tally.add(item)
    tally.check()


def version_record(
    plan: VersionPlan,
    *,
    batch: Mapping[str, Any],
    new_labels: Sequence[str],
    held: int,
    changed: int,
    planned: int,
) -> dict[str, Any]:
    """The manifest's `dataset_version`: which version, its parent, when, from which SRC, what it
    added (`planned`: records planned, which numbers them: the next version's first record is
    `first_record + planned`)."""
    return {
        "number": plan.number,
        "parent": plan.number - 1 if plan.appends else None,
        "created": plan.created,
        "source": plan.source,
        "manifest": naming.version_manifest_filename(plan.number),
        "inputs": naming.inputs_filename(plan.number),
        "first_record": plan.first_record,
        "added": {
            "records": batch["inputs"]["written"],
            "splits": {name: split["num_records"] for name, split in batch["splits"].items()},
            "shards": sum(split["num_shards"] for split in batch["splits"].values()),
            "labels": list(new_labels),
            "rejected": batch["inputs"]["rejected"],
            "changed": changed,
            "held": held,
            "planned": planned,
        },
    }


def _merge_split(old: Mapping[str, Any] | None, new: Mapping[str, Any] | None, labels: Sequence[str]) -> dict[str, Any]:
    parts = [part for part in (old, new) if part]
    counts = {label: sum(part.get("label_counts", {}).get(label, 0) for part in parts) for label in labels}
    unlabelled = sum(part.get("num_unlabelled", 0) for part in parts)
    shards = [shard for part in parts for shard in part["shards"]]
    return {
        "num_records": sum(part["num_records"] for part in parts),
        "num_bytes": sum(part["num_bytes"] for part in parts),
        "num_shards": len(shards),
        "label_counts": counts,
        **({"num_unlabelled": unlabelled} if unlabelled else {}),
        "shards": shards,
    }


def merge_manifests(previous: Mapping[str, Any], batch: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, Any]:
    """The manifest of an appended version: the previous version's splits with the batch's shards
    after theirs, counts added up, the batch's labels (which start with the previous ones), and
    `dataset_version` and `history` updated. The options stay the first conversion's: they decide
    every version's split rule and order.

    Args:
      previous: the latest version's manifest (parsed and checked).
      batch: the manifest `build_manifest` made of this run's shards alone.
      record: this version's `version_record`.
    """
    labels = list(batch["labels"])
    splits = {
        name: _merge_split(previous["splits"].get(name), batch["splits"].get(name), labels)
        for name in sorted({*previous["splits"], *batch["splits"]})
    }
    old, new = previous["inputs"], batch["inputs"]
    written = old["written"] + new["written"]
    rejected = old["rejected"] + new["rejected"]
    # Junk and auxiliary files are the source's as listed now (an append lists all of SRC again).
    skipped, auxiliary = new["skipped"], new.get("auxiliary", 0)
    document = dict(previous)
    history = [*previous.get("history", []), *([previous["dataset_version"]] if "dataset_version" in previous else [])]
    document.update(
        {
            "created_by": batch["created_by"],
            "labels": labels,
            "splits": splits,
            "inputs": {
                "seen": written + rejected + skipped + auxiliary,
                "written": written,
                "rejected": rejected,
                "skipped": skipped,
                **({"auxiliary": auxiliary} if auxiliary else {}),
            },
            "rejected": {"count": rejected, **({"path": naming.REJECTS_FILENAME} if rejected else {})},
            "repaired": {
                "count": previous["repaired"]["count"] + batch["repaired"]["count"],
                "reencoded": previous["repaired"].get("reencoded", 0) + batch["repaired"].get("reencoded", 0),
                **({"path": naming.REPAIRS_FILENAME} if previous["repaired"]["count"] + batch["repaired"]["count"] else {}),
            },
            "duplicates": batch["duplicates"],  # found over every version's records (see WriteManifest)
            "dataset_version": dict(record),
            "history": history,
        }
    )
    if "resize" in batch:
        document["resize"] = _merge_resize(previous.get("resize"), batch["resize"])
    return document


def _merge_resize(previous: Mapping[str, Any] | None, batch: Mapping[str, Any]) -> dict[str, Any]:
    """`--resize`'s block over every version: per split, the counts added up (the request is the
    same in every version: an append refuses another)."""
    old = previous.get("splits", {}) if isinstance(previous, Mapping) else {}
    new = batch["splits"]
    keys = ("num_resized", "input_bytes", "num_bytes")
    return {
        **batch,
        "splits": {
            name: {key: int(old.get(name, {}).get(key, 0)) + int(new.get(name, {}).get(key, 0)) for key in keys}
            for name in sorted({*old, *new})
        },
    }


def check_versions(data: Mapping[str, Any], where: str) -> tuple[int, tuple[dict[str, Any], ...]]:
    """(the manifest's version, every version's record in order) from a manifest's untrusted JSON;
    a manifest made before versions is version 1 with no record.

    The chain is checked as the untrusted input it is: at most `naming.MAX_VERSION` versions, each
    numbered from 1 in order, each one's parent the version just before it (version 1 has none),
    so no version is its own parent and no history loops (1 -> 2 -> 1); and what each says it
    added is made of counts, so nothing that reads it later meets a value it cannot use.

    Raises:
      ManifestError: `dataset_version` or `history` is not what this module writes.
    """
    if "dataset_version" not in data:
        return 1, ()
    history = data.get("history", [])
    if not isinstance(history, list):
        raise ManifestError(f"{where}: history must be a list of versions")
    if len(history) >= naming.MAX_VERSION:
        raise ManifestError(
            f"{where}: history lists {len(history)} earlier versions; an output holds at most {naming.MAX_VERSION} versions"
        )
    records = [*history, data["dataset_version"]]
    for expected, record in enumerate(records, start=1):
        field = "dataset_version" if expected == len(records) else f"history[{expected - 1}]"
        _check_version_record(record, expected, f"{where}: {field}")
    return len(records), tuple(records)


def _check_version_record(record: object, expected: int, where: str) -> None:
    """One version's record: its number, its parent, its files and what it added."""
    if not isinstance(record, dict) or type(record.get("number")) is not int or record["number"] != expected:
        raise ManifestError(f"{where}.number must be {expected}, the versions counted from 1")
    parent = record.get("parent")
    if expected == 1 and parent is not None:
        raise ManifestError(f"{where}.parent is {_shown(parent)}: version 1, the conversion, has no parent")
    if expected > 1 and (type(parent) is not int or parent != expected - 1):
        raise ManifestError(
            f"{where}.parent is {_shown(parent)}, not {expected - 1}: each version's parent is the version just before it"
        )
    added = record.get("added")
    if not isinstance(added, dict) or not isinstance(record.get("created"), str):
        raise ManifestError(f"{where} must say when it was made and what it added")
    names = (record.get("manifest"), record.get("inputs"))
    if names != (naming.version_manifest_filename(expected), naming.inputs_filename(expected)):
        raise ManifestError(f"{where} must name its own manifest and inputs files")
    if "first_record" in record and not _count(record["first_record"]):
        raise ManifestError(f"{where}.first_record is {_shown(record['first_record'])}, not a count")
    for key in ("records", "shards", "rejected", "changed", "held", "planned"):
        if key in added and not _count(added[key]):
            raise ManifestError(f"{where}.added.{key} is {_shown(added[key])}, not a count")
    splits = added.get("splits", {})
    if not isinstance(splits, dict) or not all(type(name) is str and _count(n) for name, n in splits.items()):
        raise ManifestError(f"{where}.added.splits must map split names to record counts")
    labels = added.get("labels", [])
    if not isinstance(labels, list) or not all(type(label) is str for label in labels):
        raise ManifestError(f"{where}.added.labels must be a list of label names")


def _shown(value: object) -> str:
    """A value from an untrusted file, short enough for one line."""
    plain = isinstance(value, (str, int, float, bool, type(None)))
    text = json.dumps(value, ensure_ascii=True) if plain else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."
