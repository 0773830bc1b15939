"""Each Beam stage on its own, with TestPipeline and assert_that on the FnApiRunner."""

from __future__ import annotations

from pathlib import Path

import apache_beam as beam
from apache_beam.runners.portability.fn_api_runner import FnApiRunner
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

from conftest import source_files
from shardify import planning
from shardify.beam_jobs.discover import ENTRIES, REJECTS, Discover
from shardify.beam_jobs.plan import SUMMARY, TASKS, Plan
from shardify.entries import Entry


def _entry(relpath: str, label: str) -> Entry:
    return Entry(relpath, 10, label, "train", planning.sort_key(0, relpath), "jpeg", 4, 4, 3)


def test_discover_finds_every_sample_file(sample_images: Path) -> None:
    expected = sorted(source_files(sample_images))
    with TestPipeline(runner=FnApiRunner()) as p:
        found = p | Discover(str(sample_images), seed=0)
        assert_that(found[ENTRIES] | beam.Map(lambda e: e.relpath), equal_to(expected), label="Entries")
        assert_that(found[REJECTS], equal_to([]), label="NoRejects")


def test_plan_cuts_balanced_ordered_shards() -> None:
    entries = [_entry(f"{label}/{i}.jpg", label) for label in ("a", "b") for i in range(5)]
    ordered = [e.relpath for e in sorted(entries, key=lambda e: (e.sort_key, e.relpath))]

    def check(tasks):
        tasks = sorted(tasks, key=lambda t: t.index)
        assert [len(t.entries) for t in tasks] == [4, 3, 3]
        assert [e.relpath for t in tasks for e in t.entries] == ordered

    with TestPipeline(runner=FnApiRunner()) as p:
        plan = p | beam.Create(entries) | Plan(shards=3)
        assert_that(plan[TASKS] | beam.combiners.ToList(), lambda lists: check(lists[0]), label="Tasks")
        assert_that(
            plan[SUMMARY] | beam.Map(lambda s: (s.labels, s.splits["train"].num_shards)),
            equal_to([(("a", "b"), 3)]),
            label="Summary",
        )
