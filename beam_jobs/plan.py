"""Plan: count each split, choose its shard count, order its entries and cut them into shards.

Only metadata is grouped here; one worker orders a split's entries (a few hundred bytes each, so a
few million files fit easily) and emits one `ShardTask` per shard.
"""

from __future__ import annotations

import itertools
import logging
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

import apache_beam as beam

from shardify import contract, planning
from shardify.entries import Batch, Entry, PlanSummary, Reject, ShardTask, SplitPlan
from shardify.layout import SourceLayout

__all__ = ["Plan", "PlanContext", "TASKS", "SUMMARY", "REJECT_EXAMPLES"]

TASKS, SUMMARY = "tasks", "summary"
# Rejects listed by name in the plan summary; the rest are counted (all are in rejected.jsonl).
REJECT_EXAMPLES = 10
_LOG = logging.getLogger("shardify")


@dataclass(frozen=True)
class PlanContext:
    """What the plan needs besides the entries.

    Attributes:
      layout: the source layout.
      shards: the user's shard request.
      label_names: the vocabulary in index order, or () for the sorted names found.
      multi_label: a label separator was given, so the data is multi-label however many labels
        each record has.
    """

    layout: SourceLayout
    shards: planning.ShardRequest
    label_names: tuple[str, ...] = ()
    multi_label: bool = False


def _record_order(entry: Entry) -> tuple[int, str]:
    return entry.sort_key, entry.record_id


@dataclass(frozen=True)
class _SplitCount:
    num_records: int
    num_bytes: int
    label_counts: dict[str, int]
    max_labels: int


def _by_split(entries: list[Entry]) -> Iterator[tuple[str, Batch]]:
    groups: dict[str, Batch] = {}
    for entry in entries:
        groups.setdefault(entry.split, Batch()).append(entry)
    yield from groups.items()


def _count_split(split_batches: tuple[str, Iterable[list[Entry]]]) -> tuple[str, _SplitCount]:
    split, batches = split_batches
    entries = itertools.chain.from_iterable(batches)
    labels: Counter[str] = Counter()
    num_records = num_bytes = max_labels = 0
    for entry in entries:
        labels.update(entry.labels)
        num_records += 1
        num_bytes += entry.size_bytes
        max_labels = max(max_labels, len(entry.labels))
    return split, _SplitCount(num_records, num_bytes, dict(sorted(labels.items())), max_labels)


def _summarize(
    counts: Mapping[str, _SplitCount],
    rejects: list[Reject],
    num_skipped: int,
    columns: Mapping[str, str],
    context: PlanContext,
) -> PlanSummary:
    shards = planning.shards_per_split({name: c.num_records for name, c in counts.items()}, context.shards)
    found = sorted({label for c in counts.values() for label in c.label_counts})
    max_labels = max((c.max_labels for c in counts.values()), default=0)
    if not found and not context.label_names:
        label_mode = contract.LABEL_NONE
    elif context.multi_label or max_labels > 1:
        label_mode = contract.LABEL_MULTI
    else:
        label_mode = contract.LABEL_SINGLE
    labels = context.label_names or tuple(found)
    splits = {
        name: SplitPlan(c.num_records, c.num_bytes, shards[name], {label: c.label_counts.get(label, 0) for label in labels})
        for name, c in sorted(counts.items())
    }
    ordered_rejects = sorted(rejects, key=lambda r: (r.relpath, r.row))
    summary = PlanSummary(
        layout=context.layout.name,
        media=context.layout.media,
        captions=context.layout.captions,
        labels=tuple(labels),
        label_mode=label_mode,
        columns=tuple(sorted(columns.items())),
        shards_request=str(context.shards),
        splits=splits,
        num_rejected=len(rejects),
        reject_examples=tuple(ordered_rejects[:REJECT_EXAMPLES]),
        num_skipped=num_skipped,
    )
    # Printed before any shard is written: WriteShards takes this summary as a side input.
    _LOG.info("plan:\n%s", summary.describe())
    return summary


def _cut_split(split_batches: tuple[str, Iterable[list[Entry]]], summary: PlanSummary) -> Iterator[ShardTask]:
    split, batches = split_batches
    ordered = sorted(itertools.chain.from_iterable(batches), key=_record_order)
    num_shards = summary.splits[split].num_shards
    for index, shard in enumerate(planning.cut_into_shards(ordered, num_shards)):
        yield ShardTask(split, index, num_shards, tuple(shard))


class Plan(beam.PTransform):
    """[Entry] batches -> {TASKS: ShardTask per shard, SUMMARY: one PlanSummary}.

    Args:
      context: the layout, shard request and label options.
      rejects, skipped, columns: Discover's other outputs, counted into the summary.
    """

    def __init__(
        self,
        context: PlanContext,
        *,
        rejects: beam.PCollection,
        skipped: beam.PCollection,
        columns: beam.PCollection,
    ) -> None:
        super().__init__()
        self._context = context
        self._rejects = rejects
        self._skipped = skipped
        self._columns = columns

    def expand(self, entries: beam.PCollection) -> dict[str, beam.PCollection]:
        # (split, [[Entry]]): metadata only.
        by_split = entries | "KeyBySplit" >> beam.FlatMap(_by_split) | "GroupBySplit" >> beam.GroupByKey()
        num_skipped = self._skipped | "CountSkipped" >> beam.combiners.Count.Globally()
        summary = (
            by_split
            | "CountSplit" >> beam.Map(_count_split)
            | "CollectSplits" >> beam.combiners.ToDict()
            | "Summarize"
            >> beam.Map(
                _summarize,
                beam.pvalue.AsList(self._rejects),
                beam.pvalue.AsSingleton(num_skipped),
                beam.pvalue.AsDict(self._columns),
                self._context,
            )
        )
        tasks = by_split | "CutIntoShards" >> beam.FlatMap(_cut_split, beam.pvalue.AsSingleton(summary))
        return {TASKS: tasks, SUMMARY: summary}
