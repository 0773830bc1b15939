"""Plan: assign each entry its split and sort key, count each split, choose its shard count,
order its entries and cut them into shards.

    [Entry] --AssignSplits--> [Entry] --Tally--> counts (with rejects, skipped, auxiliary) --Summarize--> PlanSummary
    [Entry] --GroupByBucket--> sorted buckets --CutBuckets--> shard pieces --GroupPieces--> ShardTask

Only metadata is grouped here, and no worker holds a whole split: a split's sort-key range is cut
into buckets of about ENTRIES_PER_BUCKET entries; each bucket is sorted by one worker, which knows
its first entry's global rank from the bucket sizes (a side input) and so which shard each entry
belongs to. A shard that spans buckets is put together from its pieces. The result is exactly the
order and the cuts of sorting the whole split in one place. The counts are `plan_tally`'s, the
summary made of them `plan_summary`'s.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterable, Iterator, Mapping

import apache_beam as beam

from shardify.beam_jobs.coders import GROUPED_BATCHES, GROUPED_PIECES, KEYED_BATCHES, KEYED_PIECES, typed, typed_batches
from shardify.beam_jobs.plan_summary import PlanContext, summarize
from shardify.beam_jobs.plan_tally import REJECT_EXAMPLES, PlanTally, Tally, tag_auxiliary, tag_entries, tag_rejects, tag_skipped
from shardify.plan import shard_math
from shardify.plan.batches import Packed
from shardify.plan.entries import Batch, Entry
from shardify.plan.requests import SplitRatios
from shardify.plan.shard_plans import PlanSummary, ShardTask

__all__ = ["ENTRIES_PER_BUCKET", "REJECT_EXAMPLES", "SUMMARY", "TASKS", "Plan", "PlanContext"]

TASKS, SUMMARY = "tasks", "summary"
# Entries one worker sorts at a time. Planning 1,000,000 entries of one split in a single worker
# peaked at 2.5 GB over the local runner's processes (benchmarks/plan_scale.py); buckets bound that.
ENTRIES_PER_BUCKET = 100_000


def _assign_splits(entries: list[Entry], ratios: SplitRatios | None, seed: int) -> Batch:
    """Each entry with its split (the source's, else drawn by `ratios`, else the default) and its
    sort key."""
    placed = Batch()
    for entry in entries:
        record_id = entry.record_id  # a property that builds its string: asked once, not once for each use (~0.5 µs)
        placed.append(
            entry.placed(shard_math.assign_split(entry.split, ratios, seed, record_id), shard_math.sort_key(seed, record_id))
        )
    return placed


def _record_order(entry: Entry) -> tuple[int, str]:
    return entry.sort_key, entry.record_id


def _num_buckets(num_records: int, entries_per_bucket: int) -> int:
    return max(1, math.ceil(num_records / entries_per_bucket))


def _bucket_of(sort_key: int, num_buckets: int) -> int:
    """Equal ranges of the 64-bit sort key, so buckets in order hold entries in order."""
    return (sort_key * num_buckets) >> 64


_BucketKey = tuple[str, int]  # (split, bucket)


def _by_bucket(entries: list[Entry], summary: PlanSummary, entries_per_bucket: int) -> Iterator[tuple[_BucketKey, tuple[int, Packed]]]:
    """((split, bucket), (how many entries, the entries packed)): packed, so that the launcher's
    grouping table holds their bytes, not an object per entry (see `batches.Packed`)."""
    if summary.refusal:  # a refused plan writes no shard
        return
    buckets = {split: _num_buckets(plan.num_records, entries_per_bucket) for split, plan in summary.splits.items()}
    groups: dict[_BucketKey, Batch] = {}
    for entry in entries:
        groups.setdefault((entry.split, _bucket_of(entry.sort_key, buckets[entry.split])), Batch()).append(entry)
    for key, batch in groups.items():
        yield key, (len(batch), Packed.of(batch))


def _cut_bucket(
    bucket_batches: tuple[_BucketKey, Iterable[tuple[int, Packed]]],
    bucket_sizes: Mapping[_BucketKey, int],
    summary: PlanSummary,
) -> Iterator[tuple[tuple[str, int], tuple[int, Packed]]]:
    """((split, shard), (bucket, entries packed)) for each run of the bucket's sorted entries in one shard."""
    (split, bucket), batches = bucket_batches
    ordered = sorted(itertools.chain.from_iterable(packed.unpacked() for _, packed in batches), key=_record_order)
    first_rank = sum(size for (name, index), size in bucket_sizes.items() if name == split and index < bucket)
    plan = summary.splits[split]
    ends = shard_math.shard_boundaries(plan.num_records, plan.num_shards)
    start = 0
    while start < len(ordered):
        shard = bisect.bisect_right(ends, first_rank + start)
        stop = min(len(ordered), ends[shard] - first_rank)
        yield (split, shard), (bucket, Packed.of(Batch(ordered[start:stop])))
        start = stop


def _summarize(tally: Tally, columns: Mapping[str, str], table_notes: list[tuple[str, str]], context: PlanContext) -> PlanSummary:
    return summarize(
        tally.counts, tally.num_rejected, tally.reject_examples, tally.num_skipped, columns, table_notes,
        tally.num_auxiliary, tally.auxiliary_examples, context,
    )


def _assemble_shard(
    shard_pieces: tuple[tuple[str, int], Iterable[tuple[int, Packed]]], summary: PlanSummary, version: int = 1
) -> ShardTask:
    (split, shard), pieces = shard_pieces
    entries = itertools.chain.from_iterable(piece.unpacked() for _, piece in sorted(pieces, key=lambda p: p[0]))
    return ShardTask(split, shard, summary.splits[split].num_shards, tuple(entries), version)


class Plan(beam.PTransform):
    """[Entry] batches -> {TASKS: ShardTask per shard, SUMMARY: one PlanSummary}.

    Args:
      context: the layout, shard request and label options.
      rejects, skipped, columns, notes: Discover's other outputs, counted into the summary.
      entries_per_bucket: entries one worker orders at a time (see ENTRIES_PER_BUCKET).
    """

    def __init__(
        self,
        context: PlanContext,
        *,
        rejects: beam.PCollection,
        skipped: beam.PCollection,
        columns: beam.PCollection,
        notes: beam.PCollection | None = None,
        auxiliary: beam.PCollection | None = None,
        entries_per_bucket: int = ENTRIES_PER_BUCKET,
    ) -> None:
        super().__init__()
        self._entries_per_bucket = entries_per_bucket
        self._context = context
        self._rejects = rejects
        self._skipped = skipped
        self._columns = columns
        self._notes = notes
        self._auxiliary = auxiliary

    def expand(self, entries: beam.PCollection) -> dict[str, beam.PCollection]:
        context = self._context
        # Batches and tasks carry their types, so that Beam encodes and weighs them with
        # beam_jobs/coders.py's coders instead of pickling each sampled one whole.
        entries = typed_batches(
            typed_batches(entries) | "AssignSplits" >> beam.Map(_assign_splits, context.split_ratios, context.seed)
        )
        # [Entry] batches, each entry with its split and sort key
        # One combine counts the splits, rejects, skipped and auxiliary inputs (see plan_tally: six
        # combines were a third of a small conversion's stages). Rejects can be as many as inputs:
        # counted, and the first few kept, never collected.
        tagged = [entries | "TagEntries" >> beam.FlatMap(tag_entries), self._rejects | "TagRejects" >> beam.Map(tag_rejects),
                  self._skipped | "TagSkipped" >> beam.Map(tag_skipped)]
        if self._auxiliary is not None:
            tagged.append(self._auxiliary | "TagAuxiliary" >> beam.Map(tag_auxiliary))
        notes = self._notes if self._notes is not None else self._skipped | "NoNotes" >> beam.Filter(lambda _: False)
        summary = (
            tagged
            | "MergeTallied" >> beam.Flatten()
            | "Tally" >> beam.CombineGlobally(PlanTally())
            | "Summarize"
            >> beam.Map(_summarize, beam.pvalue.AsDict(self._columns), beam.pvalue.AsList(notes), self._context)
        )
        # ((split, bucket), [Entry]): metadata only.
        bucketed = typed(
            entries | "KeyByBucket" >> beam.FlatMap(_by_bucket, beam.pvalue.AsSingleton(summary), self._entries_per_bucket),
            KEYED_BATCHES,
        )
        bucket_sizes = (
            bucketed
            | "CountBucket" >> beam.MapTuple(lambda key, counted: (key, counted[0]))
            | "SumBuckets" >> beam.CombinePerKey(sum)
        )
        grouped = typed(bucketed | "GroupByBucket" >> beam.GroupByKey(), GROUPED_BATCHES)
        pieces = typed(
            grouped | "CutBuckets" >> beam.FlatMap(_cut_bucket, beam.pvalue.AsDict(bucket_sizes), beam.pvalue.AsSingleton(summary)),
            KEYED_PIECES,
        )
        grouped_pieces = typed(pieces | "GroupPieces" >> beam.GroupByKey(), GROUPED_PIECES)
        tasks = typed(
            grouped_pieces | "AssembleShards" >> beam.Map(_assemble_shard, beam.pvalue.AsSingleton(summary), context.version),
            ShardTask,
        )
        return {TASKS: tasks, SUMMARY: summary}
