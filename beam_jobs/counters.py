"""The Beam counters a conversion reports on every runner, in one namespace.

inputs_probed: image headers read at discovery. inputs_recalled: image headers an earlier run read
and kept in OUT, taken from there (the file unchanged since; see discover/recall.py). inputs_rejected: every reject (counted once, where
it is decided: before writing in the plan's summary, while writing in the writer).
inputs_skipped: junk files. records_written, bytes_written: what the shards hold.
images_reencoded: images stored as a re-encode (see repaired.jsonl).
shards_kept: shards an interrupted run of the same plan wrote whole, kept (see resume.py).
shards_rewritten: shards an interrupted run wrote from another plan (the source or the options
changed), written again.
"""

from __future__ import annotations

import apache_beam as beam

__all__ = [
    "NAMESPACE",
    "INPUTS_PROBED",
    "INPUTS_RECALLED",
    "INPUTS_REJECTED",
    "INPUTS_SKIPPED",
    "RECORDS_WRITTEN",
    "BYTES_WRITTEN",
    "IMAGES_REENCODED",
    "SHARDS_KEPT",
    "SHARDS_REWRITTEN",
    "counter",
    "total",
]

NAMESPACE = "shardify"
INPUTS_PROBED = "inputs_probed"
INPUTS_RECALLED = "inputs_recalled"
INPUTS_REJECTED = "inputs_rejected"
INPUTS_SKIPPED = "inputs_skipped"
RECORDS_WRITTEN = "records_written"
BYTES_WRITTEN = "bytes_written"
IMAGES_REENCODED = "images_reencoded"
SHARDS_KEPT = "shards_kept"
SHARDS_REWRITTEN = "shards_rewritten"


def counter(name: str) -> beam.metrics.metricbase.Counter:
    return beam.metrics.Metrics.counter(NAMESPACE, name)


def total(result: object, name: str) -> int:
    """A counter's total over a finished pipeline's workers (0 where the runner reports none)."""
    from apache_beam.metrics.metric import MetricsFilter

    try:
        found = result.metrics().query(MetricsFilter().with_namespace(NAMESPACE).with_name(name))["counters"]
    except Exception:  # noqa: BLE001 - runners without metrics
        return 0
    return sum(c.committed if c.committed is not None else c.attempted or 0 for c in found)
