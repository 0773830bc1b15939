"""Writing the manifest: the JSON document a finished conversion leaves in its output folder.

`build_manifest` adds up the shards' results into the manifest's splits, counts and reports, with
no times and no hosts, so that the same input gives the same bytes; `dumps` is its one spelling as
text. Apart from `manifest.py` (which reads a manifest back as untrusted input): the write path
builds a document from results it trusts, the readers check one they do not. No Beam, no TensorFlow.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from shardify._version import __version__
from shardify.format import contract, naming
from shardify.format.manifest_model import MANIFEST_FORMAT, MANIFEST_VERSION
from shardify.plan.entries import DuplicateGroup, Reject, Repair
from shardify.plan.shard_plans import PlanSummary, ShardResult

__all__ = ["build_manifest", "dumps"]


def build_manifest(
    *,
    summary: PlanSummary,
    results: Iterable[ShardResult],
    rejects: Iterable[Reject],
    repairs: Sequence[Repair] = (),
    duplicates: Sequence[DuplicateGroup] = (),
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
        unlabelled = sum(s.num_unlabelled for s in shards)
        unmasked = sum(s.num_unmasked for s in shards)  # a segmentation split the source gives no masks
        splits[name] = {
            "num_records": sum(s.num_records for s in shards),
            "num_bytes": sum(s.num_bytes for s in shards),
            "num_shards": len(shards),
            "label_counts": label_counts,
            **({"num_unlabelled": unlabelled} if unlabelled else {}),
            **({"num_unmasked": unmasked} if unmasked else {}),
            "shards": [
                {
                    "path": s.path,
                    "index": s.index_path,
                    "num_records": s.num_records,
                    "num_bytes": s.num_bytes,
                    "sha256": s.sha256,
                }
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
            "seen": num_written + num_rejected + summary.num_skipped + summary.num_auxiliary,
            "written": num_written,
            "rejected": num_rejected,
            "skipped": summary.num_skipped,
            **({"auxiliary": summary.num_auxiliary} if summary.num_auxiliary else {}),
        },
        # Each report exists only when it lists something: "path" is there exactly then.
        "rejected": {"count": num_rejected, **({"path": naming.REJECTS_FILENAME} if num_rejected else {})},
        "repaired": {
            "count": len(repairs),
            "reencoded": sum(repair.reencoded for repair in repairs),
            **({"path": naming.REPAIRS_FILENAME} if repairs else {}),
        },
        "duplicates": {
            "groups": len(duplicates),
            "records": sum(len(group.records) for group in duplicates),
            "across_splits": sum(group.across_splits for group in duplicates),
            **({"path": naming.DUPLICATES_FILENAME} if duplicates else {}),
        },
        **({"objects": _objects(summary, by_split)} if summary.objects.any else {}),
        **({"resize": _resize(summary, options, by_split)} if summary.resize else {}),
    }


def _resize(summary: PlanSummary, options: Mapping[str, Any], by_split: Mapping[str, list[ShardResult]]) -> dict[str, Any]:
    """What `--resize` did, per split: images stored shrunk, the inputs' bytes against the
    shards', and the encoder whose version fixes the bytes (Pillow, with its libjpeg)."""
    from PIL import __version__ as pillow_version  # the write path's image library

    asked = options.get("resize") or {}
    return {
        "request": summary.resize,
        "jpeg_quality": asked.get("jpeg_quality") if isinstance(asked, Mapping) else None,
        "encoder": f"Pillow {pillow_version}",
        "splits": {
            name: {
                "num_resized": sum(r.num_resized for r in by_split[name]),
                "input_bytes": sum(r.input_bytes for r in by_split[name]),
                "num_bytes": sum(r.num_bytes for r in by_split[name]),
            }
            for name in sorted(by_split)
        },
    }


def _objects(summary: PlanSummary, by_split: Mapping[str, list[ShardResult]]) -> dict[str, Any]:
    """A detection dataset's objects: which features records hold, how classes are numbered
    (and each class's number), and the objects written per class, per split."""
    counts = {}
    for name in sorted(by_split):
        split_counts: dict[str, int] = {}
        for result in by_split[name]:
            for label, count in result.object_counts.items():
                split_counts[label] = split_counts.get(label, 0) + count
        counts[name] = dict(sorted(split_counts.items()))
    return {
        "features": dataclasses.asdict(summary.objects),
        "class_ids": summary.class_id_convention,
        "classes": dict(summary.class_ids),
        "counts": counts,
        **({"num_keypoints": summary.num_keypoints} if summary.objects.keypoints else {}),
        # the Object Detection API's label map, where ids count from 1 (see shardify/interop/label_map.py)
        **({"label_map": naming.LABEL_MAP_FILENAME} if summary.class_ids and min(summary.class_ids.values()) >= 1 else {}),
    }


def dumps(manifest: Mapping[str, Any]) -> str:
    return json.dumps(manifest, indent=2) + "\n"
