"""Beam coders for the metadata that crosses stages: one pickle to encode, a sample's to weigh.

Beam measures every step's output by asking its coder for the size of sampled elements (all of the
first ten of a bundle, then fewer), and its default coder answers by encoding the element whole: a
batch of 1,000 Entries was pickled about five times for each time it crossed a stage, a shard's
task seven times. These coders encode one pickle (the batch as columns: shardify/plan/batches.py,
compressed) and estimate a size from a pickle of a few items
(`batches.estimated_size`). The estimate feeds Beam's counters only; nothing written depends on it.

Where batches cross a GroupByKey they travel packed (`batches.Packed`, PackedCoder): the local
runner's launcher decodes each grouped element into its table, and a Packed value decodes to its
bytes alone.

A PCollection gets these coders where its element type says Batch, Packed or ShardTask (or a key
and one of them). The local runner builds pipelines without Beam's type-hint check (beam_jobs/runners/
runner.py), so hints given with `.with_output_types` never reach a PCollection there: `typed` sets
the element type on the PCollection itself, which every runner reads when it picks the coder.
"""

from __future__ import annotations

import pickle

import apache_beam as beam
from apache_beam import typehints

from shardify.plan.batches import Batch, Packed, estimated_size
from shardify.plan.shard_plans import ShardTask

__all__ = ["BatchCoder", "ShardTaskCoder", "PackedCoder", "typed", "typed_batches", "KEYED_BATCHES", "KEYED_PIECES", "GROUPED_BATCHES", "GROUPED_PIECES"]

# A ShardTask's fields besides its entries: split name, indices, version, the pickle's framing.
_TASK_OVERHEAD_BYTES = 64


class BatchCoder(beam.coders.Coder):
    """A Batch (or any list of picklable items) as one pickle, compressed as `Packed` compresses
    (the local runner's launcher keeps every encoded batch between stages); its size estimated
    from a sample."""

    def encode(self, value: list) -> bytes:
        return Packed.of(value).data

    def decode(self, encoded: bytes) -> list:
        return Packed(encoded).unpacked()

    def estimate_size(self, value: list) -> int:
        """The pickle's size before it is compressed: an upper bound (a 16-item sample compresses
        too little to say by how much the whole batch will)."""
        return estimated_size(value)

    def is_deterministic(self) -> bool:  # never a grouping key
        return False

    def to_type_hint(self) -> type:
        return Batch


class ShardTaskCoder(beam.coders.Coder):
    """A ShardTask as one pickle (its entries as a Batch); its size estimated from its entries'."""

    def encode(self, value: ShardTask) -> bytes:
        return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)

    def decode(self, encoded: bytes) -> ShardTask:
        return pickle.loads(encoded)

    def estimate_size(self, value: ShardTask) -> int:
        return estimated_size(value.entries) + _TASK_OVERHEAD_BYTES

    def is_deterministic(self) -> bool:
        return False

    def to_type_hint(self) -> type:
        return ShardTask


class PackedCoder(beam.coders.Coder):
    """A Packed value as its bytes: decoding builds no item of it (see `batches.Packed`)."""

    def encode(self, value: Packed) -> bytes:
        return value.data

    def decode(self, encoded: bytes) -> Packed:
        return Packed(encoded)

    def estimate_size(self, value: Packed) -> int:
        return len(value.data)

    def is_deterministic(self) -> bool:
        return False

    def to_type_hint(self) -> type:
        return Packed


beam.coders.registry.register_coder(Batch, BatchCoder)
beam.coders.registry.register_coder(ShardTask, ShardTaskCoder)
beam.coders.registry.register_coder(Packed, PackedCoder)


# ((split, bucket), (entries, Packed Batch)) and ((split, shard), (bucket, Packed Batch)): the
# plan's keyed batches, packed where they cross a GroupByKey (see `batches.Packed`).
KEYED_BATCHES = typehints.Tuple[typehints.Tuple[str, int], typehints.Tuple[int, Packed]]
KEYED_PIECES = typehints.Tuple[typehints.Tuple[str, int], typehints.Tuple[int, Packed]]
# The same grouped by key.
GROUPED_BATCHES = typehints.Tuple[typehints.Tuple[str, int], typehints.Iterable[typehints.Tuple[int, Packed]]]
GROUPED_PIECES = typehints.Tuple[typehints.Tuple[str, int], typehints.Iterable[typehints.Tuple[int, Packed]]]


def typed(pcoll: beam.PCollection, element_type: object) -> beam.PCollection:
    """`pcoll` with `element_type` (a class or a Beam type hint): a Batch in it is encoded by
    BatchCoder where it crosses a stage and weighed by it where its producer is measured."""
    pcoll.element_type = element_type
    return pcoll


def typed_batches(pcoll: beam.PCollection) -> beam.PCollection:
    """`pcoll`, a PCollection of batches made by a step that does not declare its output type."""
    return typed(pcoll, Batch)
