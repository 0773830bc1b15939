"""Test helper: read records back with shardify's own TF-free decoder."""

from __future__ import annotations

import json
from pathlib import Path

from shardify.format import example_proto
from shardify.format.tfrecord import iter_records


def read_shard(path: Path) -> list[dict[str, object]]:
    """Every record of a shard as {key: value} (single values unwrapped)."""
    records = []
    with open(path, "rb") as f:
        for data in iter_records(f, str(path)):
            decoded = example_proto.decode_example(data)
            records.append({key: values[0] if len(values) == 1 else values for key, (_, values) in decoded.items()})
    return records


def read_report(output: Path, name: str) -> list[dict]:
    """The lines of `rejected.jsonl` or `repaired.jsonl`; [] when the run wrote none (a report exists
    only when it lists something)."""
    path = output / name
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
