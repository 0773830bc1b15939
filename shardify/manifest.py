"""The manifest: what an output folder holds, written last by the converter, read by the reader.

An output folder without `manifest.json` is incomplete. Shard paths are relative to the manifest,
so a finished folder can be copied or uploaded as a whole.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shardify import contract, naming
from shardify._version import __version__
from shardify.entries import PlanSummary, Reject, Repair, ShardResult
from shardify.errors import ManifestError
from shardify.paths import join_path

__all__ = [
    "MANIFEST_FORMAT",
    "MANIFEST_VERSION",
    "ShardInfo",
    "SplitInfo",
    "Manifest",
    "build_manifest",
    "dumps",
    "parse_manifest",
    "load_manifest",
]

MANIFEST_FORMAT = "shardify.manifest"
MANIFEST_VERSION = 1


@dataclass(frozen=True)
class ShardInfo:
    """One shard file. Attributes: path (relative to the manifest), num_records, num_bytes, sha256."""

    path: str
    num_records: int
    num_bytes: int
    sha256: str


@dataclass(frozen=True)
class SplitInfo:
    """One split. Attributes: name, num_records, num_bytes, shards, label_counts."""

    name: str
    num_records: int
    num_bytes: int
    shards: tuple[ShardInfo, ...]
    label_counts: dict[str, int]


@dataclass(frozen=True)
class Manifest:
    """A parsed manifest.

    Attributes:
      root: folder that holds the manifest; shard paths are relative to it.
      labels: label names; a record's label is an index into this tuple.
      label_mode: "single", "multi" (several label indices per record) or "none".
      features: the feature spec, `{key: {"dtype", "shape", "output_name", "description"}}`.
      splits: split name -> SplitInfo.
      data: the whole JSON document.
    """

    root: str
    labels: tuple[str, ...]
    label_mode: str
    features: dict[str, dict[str, Any]]
    splits: dict[str, SplitInfo]
    data: dict[str, Any]

    def split(self, name: str) -> SplitInfo:
        """Raises ManifestError naming the splits that exist when `name` is not one of them."""
        try:
            return self.splits[name]
        except KeyError:
            raise ManifestError(
                f"split {name!r} is not in {join_path(self.root, naming.MANIFEST_FILENAME)}; "
                f"it has {sorted(self.splits)}"
            ) from None

    def shard_paths(self, split: str) -> list[str]:
        return [join_path(self.root, shard.path) for shard in self.split(split).shards]


def build_manifest(
    *,
    summary: PlanSummary,
    results: Iterable[ShardResult],
    rejects: Iterable[Reject],
    repairs: Sequence[Repair] = (),
    options: Mapping[str, Any],
) -> dict[str, Any]:
    """The manifest document for a finished conversion (deterministic: no times, no hosts)."""
    by_split: dict[str, list[ShardResult]] = {}
    for result in results:
        by_split.setdefault(result.split, []).append(result)
    splits = {}
    for name in sorted(by_split):
        shards = sorted(by_split[name], key=lambda r: r.index)
        label_counts: dict[str, int] = {label: 0 for label in summary.labels}
        for shard in shards:
            for label, count in shard.label_counts.items():
                label_counts[label] += count
        splits[name] = {
            "num_records": sum(s.num_records for s in shards),
            "num_bytes": sum(s.num_bytes for s in shards),
            "num_shards": len(shards),
            "label_counts": label_counts,
            "shards": [
                {"path": s.path, "num_records": s.num_records, "num_bytes": s.num_bytes, "sha256": s.sha256}
                for s in shards
            ],
        }
    num_written = sum(split["num_records"] for split in splits.values())
    num_rejected = sum(1 for _ in rejects)
    return {
        "format": MANIFEST_FORMAT,
        "version": MANIFEST_VERSION,
        "created_by": f"shardify {__version__}",
        "layout": summary.layout,
        "options": dict(options),
        "features": contract.feature_spec(summary.schema),
        "labels": list(summary.labels),
        "label_mode": summary.label_mode,
        "splits": splits,
        "inputs": {
            "seen": num_written + num_rejected + summary.num_skipped,
            "written": num_written,
            "rejected": num_rejected,
            "skipped": summary.num_skipped,
        },
        # Each report exists only when it lists something: "path" is there exactly then.
        "rejected": {"count": num_rejected, **({"path": naming.REJECTS_FILENAME} if num_rejected else {})},
        "repaired": {
            "count": len(repairs),
            "reencoded": sum(repair.reencoded for repair in repairs),
            **({"path": naming.REPAIRS_FILENAME} if repairs else {}),
        },
    }


def dumps(manifest: Mapping[str, Any]) -> str:
    return json.dumps(manifest, indent=2) + "\n"


def _require(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise ManifestError(f"{where}: field {key!r} is missing or not a {kind.__name__}")
    return value


def parse_manifest(text: str, root: str) -> Manifest:
    """Validates and parses manifest JSON whose shards live under `root`.

    Raises:
      ManifestError: not JSON, not a shardify manifest, a newer version, or a malformed field.
    """
    where = join_path(root, naming.MANIFEST_FILENAME)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ManifestError(f"{where} is not valid JSON ({error}); re-run the conversion") from None
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
        raise ManifestError(f"{where} is not a shardify manifest")
    if data.get("version") != MANIFEST_VERSION:
        raise ManifestError(
            f"{where} has manifest version {data.get('version')!r}; this shardify reads "
            f"version {MANIFEST_VERSION}: upgrade shardify or re-run the conversion"
        )
    splits = {}
    for name, split in _require(data, "splits", dict, where).items():
        shards = tuple(
            ShardInfo(
                path=_require(s, "path", str, where),
                num_records=_require(s, "num_records", int, where),
                num_bytes=_require(s, "num_bytes", int, where),
                sha256=_require(s, "sha256", str, where),
            )
            for s in _require(split, "shards", list, where)
        )
        splits[name] = SplitInfo(
            name=name,
            num_records=_require(split, "num_records", int, where),
            num_bytes=_require(split, "num_bytes", int, where),
            shards=shards,
            label_counts=dict(split.get("label_counts", {})),
        )
    return Manifest(
        root=root,
        labels=tuple(_require(data, "labels", list, where)),
        label_mode=data.get("label_mode", contract.LABEL_SINGLE),
        features=_require(data, "features", dict, where),
        splits=splits,
        data=data,
    )


def load_manifest(path: str, *, read_text: Callable[[str], str] | None = None) -> Manifest:
    """Loads `path` (an output folder or its manifest.json).

    Args:
      path: the output folder, or the manifest file itself.
      read_text: reads a file's text; defaults to local files. The reader passes TensorFlow's
        file system so that gs:// works.

    Raises:
      ManifestError: no manifest (the output is incomplete) or an invalid one.
    """
    if path.endswith(naming.MANIFEST_FILENAME):
        manifest_path, root = path, path[: -len(naming.MANIFEST_FILENAME)].rstrip("/") or "."
    else:
        manifest_path, root = join_path(path, naming.MANIFEST_FILENAME), path

    def _local_text(p: str) -> str:
        with open(p, encoding="utf-8") as f:
            return f.read()

    try:
        text = (read_text or _local_text)(manifest_path)
    except (FileNotFoundError, NotADirectoryError):
        raise ManifestError(
            f"no manifest at {manifest_path}: the folder is not a finished shardify output "
            "(a conversion that did not finish leaves none); run `shardify convert` into it"
        ) from None
    except OSError as error:
        raise ManifestError(f"cannot read {manifest_path}: {error}") from None
    return parse_manifest(text, root)
