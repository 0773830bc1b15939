"""Test helper: read records back with shardify's own TF-free decoder."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from shardify.format import example_proto, naming
from shardify.format.tfrecord import TFRecordWriter, iter_records


def read_shard(path: Path) -> list[dict[str, object]]:
    """Every record of a shard as {key: value} (single values unwrapped)."""
    records = []
    with open(path, "rb") as f:
        for data in iter_records(f, str(path)):
            decoded = example_proto.decode_example(data)
            records.append({key: values[0] if len(values) == 1 else values for key, (_, values) in decoded.items()})
    return records


def images_by_name(out: Path) -> dict[str, dict]:
    """{image file name: record, its split under 'split'} of every image record an output holds."""
    from shardify.format import contract
    from shardify.format.manifest import load_manifest

    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                record["split"] = split
                found[record[contract.IMAGE_FILENAME].decode()] = record
    return found


def records_by_split(output: Path) -> dict[str, list[dict]]:
    """{split: its records, shard by shard} of an output, read with the TF-free decoder; several
    test files each kept their own copy."""
    from shardify.format.manifest import load_manifest

    return {
        name: [r for shard in split.shards for r in read_shard(output / shard.path)]
        for name, split in load_manifest(str(output)).splits.items()
    }


def read_report(output: Path, name: str) -> list[dict]:
    """The lines of `rejected.jsonl` or `repaired.jsonl`; [] when the run wrote none (a report exists
    only when it lists something)."""
    path = output / name
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def rejects_by_path(output: Path) -> dict[str, str]:
    """{path: reason} of every line of an output's rejects report (a later line of a path wins);
    several test files each kept their own copy."""
    return {r["path"]: r["reason"] for r in read_report(output, naming.REJECTS_FILENAME)}


def forge_first_record(
    out: Path,
    split: str,
    change: Callable[[dict], object],
    amend_manifest: Callable[[dict], object] | None = None,
) -> str:
    """Rewrites the first record of `split`'s first shard by `change` (given the decoded features,
    it changes them in place), its framing CRCs, index and the manifests' sizes and checksums made
    to match, as a careful forger would; `amend_manifest` changes the manifest further (its split's
    counts, say) before it is written, the version's own manifest too. Returns the shard's path."""
    manifest_path = out / naming.MANIFEST_FILENAME
    manifest = json.loads(manifest_path.read_text())
    entry = manifest["splits"][split]["shards"][0]
    shard = out / entry["path"]
    with open(shard, "rb") as f:
        records = list(iter_records(f, str(shard)))
    features = example_proto.decode_example(records[0])
    change(features)
    records[0] = example_proto.encode_example(features)
    with open(shard, "wb") as f, open(out / entry["index"], "wb") as index:
        writer = TFRecordWriter(f, index)
        for record in records:
            writer.write(record)
    entry.update(num_bytes=writer.num_bytes, sha256=writer.sha256)
    counts = manifest["splits"][split]
    counts["num_bytes"] = sum(s["num_bytes"] for s in counts["shards"])
    if amend_manifest is not None:
        amend_manifest(manifest)
    manifest_path.write_text(json.dumps(manifest))
    if "dataset_version" in manifest:  # the version's own manifest is the same document
        (out / naming.version_manifest_filename(manifest["dataset_version"]["number"])).write_text(json.dumps(manifest))
    return str(shard)
