"""The Beam counters a conversion reports on every runner, in one namespace.

inputs_probed: image headers read at discovery. inputs_rejected: every reject (counted once, where
it is decided: before writing in the plan's summary, while writing in the writer).
inputs_skipped: junk files. records_written, bytes_written: what the shards hold.
images_reencoded: images stored as a re-encode (see repaired.jsonl).
"""

from __future__ import annotations

import apache_beam as beam

__all__ = [
    "NAMESPACE",
    "INPUTS_PROBED",
    "INPUTS_REJECTED",
    "INPUTS_SKIPPED",
    "RECORDS_WRITTEN",
    "BYTES_WRITTEN",
    "IMAGES_REENCODED",
    "counter",
]

NAMESPACE = "shardify"
INPUTS_PROBED = "inputs_probed"
INPUTS_REJECTED = "inputs_rejected"
INPUTS_SKIPPED = "inputs_skipped"
RECORDS_WRITTEN = "records_written"
BYTES_WRITTEN = "bytes_written"
IMAGES_REENCODED = "images_reencoded"


def counter(name: str) -> beam.metrics.metricbase.Counter:
    return beam.metrics.Metrics.counter(NAMESPACE, name)
