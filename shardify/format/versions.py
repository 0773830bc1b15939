"""Versions of an output folder: what each conversion and each append added, kept readable.

Every run writes a new version N of the output: `manifest.json` is the latest version, and each
version's manifest is also kept as `manifest-v<N>.json`, written before `manifest.json` is replaced
and never rewritten. An append adds shards beside the existing ones (named with its version, see
`naming.ShardName`) and never rewrites a shard, so every earlier version's manifest still lists
only whole, unchanged files. The inputs each version added are listed in `inputs-v<N>.jsonl`
(see `inputs_file.py`, which owns that file).

The manifest's `dataset_version` says which version it is, its parent, when and from which SRC it
was made, and what it added; `history` holds the same for every earlier version. This module plans
a run's version, writes its record, merges an append's shards into the previous manifest, and
checks the chain, which is read as untrusted input. No Beam, no TensorFlow.
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shardify.errors import ManifestError
from shardify.format import naming

__all__ = [
    "VersionPlan",
    "version_record",
    "merge_manifests",
    "check_versions",
    "created_now",
]


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

    @property
    def held_label_counts(self) -> dict[str, int]:
        """Each label's records over the earlier versions' splits ({} for a conversion): an append's new spelling
        of a held class is a near-spelling of the held records, not of the batch's alone (review38: `Neative`
        appended beside 20 held `Negative` records, none in the batch, became a third class with exit 0)."""
        if not self.previous:
            return {}
        splits = json.loads(self.previous).get("splits", {})
        totals: dict[str, int] = {}
        for split in splits.values():
            for label, count in split.get("label_counts", {}).items():
                totals[label] = totals.get(label, 0) + int(count)
        return totals


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
    unmasked = sum(part.get("num_unmasked", 0) for part in parts)
    shards = [shard for part in parts for shard in part["shards"]]
    return {
        "num_records": sum(part["num_records"] for part in parts),
        "num_bytes": sum(part["num_bytes"] for part in parts),
        "num_shards": len(shards),
        "label_counts": counts,
        **({"num_unlabelled": unlabelled} if unlabelled else {}),
        **({"num_unmasked": unmasked} if unmasked else {}),
        "shards": shards,
    }


def merge_manifests(previous: Mapping[str, Any], batch: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, Any]:
    """The manifest of an appended version: the previous version's splits with the batch's shards
    after theirs, counts added up, the batch's labels (which start with the previous ones), and
    `dataset_version` and `history` updated. The options stay the first conversion's: they decide
    every version's split rule and order.

    Args:
      previous: the latest version's manifest (parsed and checked).
      batch: the manifest `manifest_build.build_manifest` made of this run's shards alone.
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


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def _shown(value: object) -> str:
    """A value from an untrusted file, short enough for one line."""
    plain = isinstance(value, (str, int, float, bool, type(None)))
    text = json.dumps(value, ensure_ascii=True) if plain else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."
