"""One combine for everything the plan summary counts: the entries per split, the rejects, the
skipped inputs and the auxiliary files, with the first few rejects and auxiliary files by name.

These were six global combines (a CombinePerKey and a ToDict for the split counts, a
Count.Globally each for rejects, skipped and auxiliary files, a Top.Smallest each for the examples).
Each is at least one GroupByKey and, for Count.Globally's default on empty input, one more stage: on
the local runner a stage is a bundle with its own threads, ~10 ms however small the source, so the
six were a third of a tiny conversion's stages (30 of them). One CombineFn over tagged elements gives
the same counts and examples in one grouping. Its accumulator is bounded (a count per split and
label, at most REJECT_EXAMPLES + AUXILIARY_EXAMPLES names): memory does not grow with the source.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import apache_beam as beam

from shardify.beam_jobs.plan_summary import count_batch, merge_counts
from shardify.plan.entries import Entry, Reject

__all__ = ["AUXILIARY_EXAMPLES", "REJECT_EXAMPLES", "PlanTally", "Tally", "tag_auxiliary", "tag_entries", "tag_rejects", "tag_skipped"]

# Rejects listed by name in the plan summary; the rest are counted (all are in rejected.jsonl).
REJECT_EXAMPLES = 10
# Auxiliary files named in the plan; the rest are counted.
AUXILIARY_EXAMPLES = 5

_COUNTS, _REJECT, _SKIPPED, _AUXILIARY = range(4)


@dataclass
class Tally:
    """What the plan summary is made of (see `plan_summary.summarize`)."""

    counts: dict = field(default_factory=dict)  # split -> plan_summary._SplitCount
    num_rejected: int = 0
    reject_examples: list[Reject] = field(default_factory=list)  # the smallest by Reject.sort_key
    num_skipped: int = 0
    num_auxiliary: int = 0
    auxiliary_examples: list[str] = field(default_factory=list)  # the smallest names


def tag_entries(entries: list[Entry]) -> Iterator[tuple[int, object]]:
    """A batch of entries as its per-split counts (so only counts, never entries, are combined)."""
    for split_count in count_batch(entries):
        yield _COUNTS, split_count


def tag_rejects(reject: Reject) -> tuple[int, object]:
    return _REJECT, reject


def tag_skipped(_skipped: object) -> tuple[int, object]:
    return _SKIPPED, None


def tag_auxiliary(name: str) -> tuple[int, object]:
    return _AUXILIARY, name


class PlanTally(beam.CombineFn):
    """Tagged elements (`tag_*`) -> one `Tally`; the same counts and examples as the six combines
    it replaces, whatever the order and grouping of the elements."""

    def create_accumulator(self) -> Tally:
        return Tally()

    def add_input(self, tally: Tally, element: tuple[int, object]) -> Tally:
        kind, value = element
        if kind == _COUNTS:
            split, count = value
            held = tally.counts.get(split)
            tally.counts[split] = count if held is None else merge_counts((held, count))
        elif kind == _REJECT:
            tally.num_rejected += 1
            tally.reject_examples = heapq.nsmallest(REJECT_EXAMPLES, (*tally.reject_examples, value), Reject.sort_key)
        elif kind == _SKIPPED:
            tally.num_skipped += 1
        else:
            tally.num_auxiliary += 1
            tally.auxiliary_examples = heapq.nsmallest(AUXILIARY_EXAMPLES, (*tally.auxiliary_examples, value))
        return tally

    def merge_accumulators(self, tallies: Iterable[Tally]) -> Tally:
        merged = Tally()
        by_split: dict[str, list] = {}
        for tally in tallies:
            for split, count in tally.counts.items():
                by_split.setdefault(split, []).append(count)
            merged.num_rejected += tally.num_rejected
            merged.reject_examples.extend(tally.reject_examples)
            merged.num_skipped += tally.num_skipped
            merged.num_auxiliary += tally.num_auxiliary
            merged.auxiliary_examples.extend(tally.auxiliary_examples)
        merged.counts = {split: merge_counts(counts) for split, counts in by_split.items()}
        merged.reject_examples = heapq.nsmallest(REJECT_EXAMPLES, merged.reject_examples, Reject.sort_key)
        merged.auxiliary_examples = heapq.nsmallest(AUXILIARY_EXAMPLES, merged.auxiliary_examples)
        return merged

    def extract_output(self, tally: Tally) -> Tally:
        # A split seen in one batch only was never merged: merge_counts sorts its labels as for the rest.
        tally.counts = {split: merge_counts((count,)) for split, count in sorted(tally.counts.items())}
        return tally
