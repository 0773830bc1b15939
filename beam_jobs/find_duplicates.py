"""FindDuplicates: records whose content is byte for byte the same, within and across splits.

    (bucket, Packed [(sha256, split, record id)]) --GroupByBucket--> PackedGroups per bucket (its DuplicateGroups)

The same image in train and test is leakage a user wants to know about before training. The writer
knows each record's content hash (the stored image's sha256, which the record holds anyway, or the
text's), so finding duplicates costs no read: only the hashes and ids cross a shuffle, spread over
NUM_BUCKETS buckets by hash so that no worker holds them all.

A bucket's groups leave as one pickled blob (`PackedGroups`), not an element each: the manifest
step takes them as a side input, which Beam's state cache weighs object by object (`objsize`, ~14
µs a group), and each element out of a step costs Beam its own tagging, counting and size sampling.
An append to an output whose records share their content (32,000 images, 8,000 groups) paid that for
every group of every version. The blob is Beam's own pickling between stages, done once: it never
leaves the pipeline.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterable, Iterator, Sequence

import apache_beam as beam

from shardify.plan.batches import Packed
from shardify.plan.entries import Batch, DuplicateGroup

__all__ = ["NUM_BUCKETS", "ContentHashes", "FindDuplicates", "PackedGroups", "unpacked"]

# Buckets the hashes are spread over: each worker holds about 1/NUM_BUCKETS of them (100 bytes a
# record: 10 M records make ~4 MB a bucket), and a shard sends at most this many small lists.
NUM_BUCKETS = 256

_Item = tuple[str, str, str]  # (sha256 hex, split, record id)


class ContentHashes:
    """A shard's content hashes, collected while it is written and handed on by bucket."""

    def __init__(self) -> None:
        self._buckets: dict[int, Batch] = {}

    def add(self, sha256: str, split: str, record_id: str) -> None:
        bucket = int(sha256[:8], 16) % NUM_BUCKETS
        items = self._buckets.get(bucket)
        if items is None:  # not `setdefault(bucket, Batch())`: that made a Batch for every record added
            items = self._buckets[bucket] = Batch()
        items.append((sha256, split, record_id))

    def add_all(self, items: Iterable[_Item]) -> None:
        """`add` of each (sha256, split, record id), in order: an append's held records, 31,680 at a time."""
        buckets = self._buckets
        for item in items:
            bucket = int(item[0][:8], 16) % NUM_BUCKETS
            held = buckets.get(bucket)
            if held is None:
                held = buckets[bucket] = Batch()
            held.append(item)

    def by_bucket(self) -> Iterator[tuple[int, Packed]]:
        """(bucket, its items packed): the local runner's launcher groups them by bucket as bytes,
        not as three strings and a tuple per record (~250 bytes a record held there at once)."""
        for bucket, batch in sorted(self._buckets.items()):
            yield bucket, Packed.of(batch)

    def pairs(self, split: str) -> list[tuple[str, str]]:
        """(sha256, record id) of the split's records, in the order they were added."""
        return [(sha256, record_id) for batch in self._buckets.values() for sha256, s, record_id in batch if s == split]


class PackedGroups(bytes):
    """One bucket's DuplicateGroups, pickled together (see the module's docstring)."""


def unpacked(packs: Sequence[PackedGroups]) -> list[DuplicateGroup]:
    """Every DuplicateGroup in `packs` (FindDuplicates' output)."""
    return [group for pack in packs for group in pickle.loads(pack)]


def _groups(bucket_lists: tuple[int, Iterable[list[_Item]]]) -> Iterator[PackedGroups]:
    by_hash: dict[str, list[tuple[str, str]]] = {}
    for packed in bucket_lists[1]:
        for sha256, split, record_id in packed.unpacked():
            by_hash.setdefault(sha256, []).append((split, record_id))
    groups = [DuplicateGroup(sha256, tuple(sorted(records))) for sha256, records in by_hash.items() if len(records) > 1]
    if groups:
        yield PackedGroups(pickle.dumps(groups, protocol=pickle.HIGHEST_PROTOCOL))


class FindDuplicates(beam.PTransform):
    """(bucket, Packed [(sha256, split, record id)]) -> PackedGroups per bucket holding content several
    records hold (`unpacked` gives their DuplicateGroups)."""

    def expand(self, hashes: beam.PCollection) -> beam.PCollection:
        return hashes | "GroupByBucket" >> beam.GroupByKey() | "GroupByContent" >> beam.FlatMap(_groups)
