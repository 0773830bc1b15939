"""Plan: order entries by their seeded sort key and cut each split into balanced shards.

Only metadata is grouped here; one worker orders a split's entries (a few hundred bytes each, so a
few million files fit easily) and emits one `ShardTask` per shard.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Iterator

import apache_beam as beam

from shardify import planning
from shardify.entries import Entry, PlanSummary, ShardTask, SplitPlan

__all__ = ["Plan", "TASKS", "SUMMARY"]

TASKS, SUMMARY = "tasks", "summary"
_LOG = logging.getLogger("shardify")


def _record_order(entry: Entry) -> tuple[int, str]:
    return entry.sort_key, entry.relpath


def _cut_split(split_entries: tuple[str, Iterable[Entry]], requested_shards: int) -> Iterator[ShardTask]:
    split, entries = split_entries
    ordered = sorted(entries, key=_record_order)
    num_shards = planning.effective_num_shards(len(ordered), requested_shards)
    for index, shard in enumerate(planning.cut_into_shards(ordered, num_shards)):
        yield ShardTask(split, index, num_shards, tuple(shard))


def _plan_split(split_entries: tuple[str, Iterable[Entry]], requested_shards: int) -> tuple[str, SplitPlan]:
    split, entries = split_entries
    labels: Counter[str] = Counter()
    num_records = num_bytes = 0
    for entry in entries:
        labels[entry.label] += 1
        num_records += 1
        num_bytes += entry.size_bytes
    num_shards = planning.effective_num_shards(num_records, requested_shards)
    return split, SplitPlan(num_records, num_bytes, num_shards, dict(sorted(labels.items())))


def _summarize(splits: dict[str, SplitPlan], requested_shards: int) -> PlanSummary:
    labels = tuple(sorted({label for split in splits.values() for label in split.label_counts}))
    summary = PlanSummary(labels, requested_shards, dict(sorted(splits.items())))
    # Printed before any shard is written: WriteShards takes this summary as a side input.
    _LOG.info("plan:\n%s", summary.describe())
    return summary


class Plan(beam.PTransform):
    """Entries -> {TASKS: ShardTask per shard, SUMMARY: one PlanSummary}."""

    def __init__(self, *, shards: int) -> None:
        super().__init__()
        self._shards = shards

    def expand(self, entries: beam.PCollection) -> dict[str, beam.PCollection]:
        # (split, [Entry]): metadata only.
        by_split = (
            entries
            | "KeyBySplit" >> beam.WithKeys(lambda entry: entry.split)
            | "GroupBySplit" >> beam.GroupByKey()
        )
        tasks = by_split | "CutIntoShards" >> beam.FlatMap(_cut_split, self._shards)
        summary = (
            by_split
            | "CountSplit" >> beam.Map(_plan_split, self._shards)
            | "CollectSplits" >> beam.combiners.ToDict()
            | "Summarize" >> beam.Map(_summarize, self._shards)
        )
        return {TASKS: tasks, SUMMARY: summary}
