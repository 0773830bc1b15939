"""The plan's one combine (beam_jobs/plan_tally.py) gives the counts and examples of the six it
replaced, however Beam groups and orders the elements: checked against counts made here by hand,
over every way of cutting the elements into bundles and merging the bundles' accumulators."""

from __future__ import annotations

import random

from shardify.beam_jobs.plan_tally import (
    AUXILIARY_EXAMPLES,
    REJECT_EXAMPLES,
    PlanTally,
    tag_auxiliary,
    tag_entries,
    tag_rejects,
    tag_skipped,
)
from shardify.format.contract import TEXT
from shardify.plan import shard_math
from shardify.plan.entries import Entry, Reject


def _elements() -> list:
    batches = [
        [Entry(TEXT, f"{split}/{i}.txt", 10 + i, split, shard_math.sort_key(0, f"{split}/{i}.txt"), (f"c{i % 3}",))
         for i in range(start, start + 4)]
        for split, start in (("train", 0), ("train", 4), ("test", 0), ("train", 8))
    ]
    elements = [element for batch in batches for element in tag_entries(batch)]
    elements += [tag_rejects(Reject(f"bad/{i:02d}.jpg", "probe", "not an image")) for i in range(25, 0, -1)]
    elements += [tag_skipped(f"junk/{i}") for i in range(3)]
    elements += [tag_auxiliary(f"notes/{name}.txt") for name in "zyxwvutsr"]
    return elements


def _tally(elements: list, rng: random.Random):
    """Combine as a runner may: shuffled, cut into bundles, each bundle's accumulator merged."""
    fn = PlanTally()
    elements = elements[:]
    rng.shuffle(elements)
    cuts = sorted(rng.sample(range(1, len(elements)), rng.randint(0, 6)))
    accumulators = []
    for start, stop in zip([0, *cuts], [*cuts, len(elements)], strict=True):
        accumulator = fn.create_accumulator()
        for element in elements[start:stop]:
            accumulator = fn.add_input(accumulator, element)
        accumulators.append(accumulator)
    rng.shuffle(accumulators)
    return fn.extract_output(fn.merge_accumulators(accumulators))


def test_counts_and_examples_do_not_depend_on_bundles_or_order() -> None:
    elements = _elements()
    tallies = [_tally(elements, random.Random(seed)) for seed in range(20)]
    first = tallies[0]
    assert first.num_rejected == 25 and first.num_skipped == 3 and first.num_auxiliary == 9
    assert [r.relpath for r in first.reject_examples] == [f"bad/{i:02d}.jpg" for i in range(1, REJECT_EXAMPLES + 1)]
    assert first.auxiliary_examples == sorted(f"notes/{name}.txt" for name in "zyxwvutsr")[:AUXILIARY_EXAMPLES]
    assert list(first.counts) == ["test", "train"]
    assert first.counts["train"].num_records == 12 and first.counts["test"].num_records == 4
    assert first.counts["train"].num_bytes == sum(10 + i for i in range(12))
    assert first.counts["train"].label_counts == {"c0": 4, "c1": 4, "c2": 4}
    for tally in tallies[1:]:
        assert tally == first


def test_nothing_tallied_gives_zero_counts_and_no_split() -> None:
    fn = PlanTally()
    tally = fn.extract_output(fn.merge_accumulators([fn.create_accumulator()]))
    assert (tally.counts, tally.num_rejected, tally.reject_examples, tally.num_skipped, tally.num_auxiliary) == ({}, 0, [], 0, 0)
