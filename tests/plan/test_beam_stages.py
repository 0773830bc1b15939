"""Each Beam stage on its own, with TestPipeline and assert_that on the FnApiRunner."""

from __future__ import annotations

from pathlib import Path

import apache_beam as beam
import pytest
from apache_beam.runners.portability.fn_api_runner import FnApiRunner
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

from helpers.sources import source_files
from shardify.beam_jobs.discover.stage import ENTRIES, REJECTS, Discover
from shardify.beam_jobs.plan import SUMMARY, TASKS, Plan, PlanContext
from shardify.config import ConvertConfig
from shardify.plan import layout, requests, shard_math
from shardify.plan.entries import IMAGE, Entry


def _entry(relpath: str, label: str) -> Entry:
    return Entry(IMAGE, relpath, 10, "train", shard_math.sort_key(0, relpath), (label,), image_format="jpeg", height=4, width=4, channels=3)


def test_discover_finds_every_sample_file(sample_images: Path) -> None:
    expected = sorted(source_files(sample_images))
    config = ConvertConfig(str(sample_images), "unused")
    with TestPipeline(runner=FnApiRunner()) as p:
        found = p | Discover(config, layout.SourceLayout(layout.IMAGE_FOLDERS, "image"))
        assert_that(found[ENTRIES] | beam.FlatMap(lambda batch: [e.relpath for e in batch]), equal_to(expected), label="Entries")
        assert_that(found[REJECTS], equal_to([]), label="NoRejects")


@pytest.mark.parametrize("entries_per_bucket", [100_000, 3, 1], ids=["one bucket", "4 buckets", "a bucket each"])
def test_plan_cuts_balanced_ordered_shards(entries_per_bucket: int) -> None:
    """However many buckets the split is ordered in, the shards are those of one global sort."""
    entries = [_entry(f"{label}/{i}.jpg", label) for label in ("a", "b") for i in range(5)]
    ordered = [e.relpath for e in sorted(entries, key=lambda e: (e.sort_key, e.relpath))]

    def check(tasks):
        tasks = sorted(tasks, key=lambda t: t.index)
        assert [t.index for t in tasks] == [0, 1, 2] and {t.num_shards for t in tasks} == {3}
        assert [len(t.entries) for t in tasks] == [4, 3, 3]
        assert [e.relpath for t in tasks for e in t.entries] == ordered

    with TestPipeline(runner=FnApiRunner()) as p:
        context = PlanContext(layout.SourceLayout(layout.IMAGE_FOLDERS, "image"), requests.ShardRequest(largest=3))
        empty = p | "NoInputs" >> beam.Create([])
        plan = p | beam.Create([entries[:4], entries[4:]]) | Plan(
            context, rejects=empty, skipped=empty, columns=empty, entries_per_bucket=entries_per_bucket
        )
        assert_that(plan[TASKS] | beam.combiners.ToList(), lambda lists: check(lists[0]), label="Tasks")
        assert_that(
            plan[SUMMARY] | beam.Map(lambda s: (s.labels, s.splits["train"].num_shards)),
            equal_to([(("a", "b"), 3)]),
            label="Summary",
        )
