"""How far the single-worker plan goes: N synthetic image entries (metadata only, no files) through
the Plan stage on the local runner, as the conversion runs it. Prints one JSON line.

The figures that matter come from `python -m benchmarks.plan_scale --sweep`, which runs each size
in its own process and reports wall time, CPU seconds and the peak memory of the whole process tree.

`python -m benchmarks` prints one row of it: PLANNED entries, end to end, against PEAK_TARGET_BYTES
(issue 34: a planning stage over millions of entries stays in bounded memory).

Usage: python -m benchmarks.plan_scale N | --sweep [N ...]
"""

from __future__ import annotations

import json
import sys
import time

ENTRIES_PER_BATCH = 1000
LABELS = 1000  # an ImageNet-sized vocabulary
SHARDS = 1024
# The harness's row: this many entries planned, the peak of the process tree against this bound.
PLANNED = 2_000_000
PEAK_TARGET_BYTES = 2e9


def _batch(index: int) -> list:
    from shardify.plan import shard_math
    from shardify.plan.entries import IMAGE, Batch, Entry

    batch = Batch()
    for i in range(index * ENTRIES_PER_BATCH, (index + 1) * ENTRIES_PER_BATCH):
        relpath = f"n{i % LABELS:08d}/n{i % LABELS:08d}_{i:08d}.JPEG"
        batch.append(
            Entry(
                IMAGE, relpath, 110_000, "train", shard_math.sort_key(0, relpath), (f"n{i % LABELS:08d}",),
                image_format="jpeg", height=375, width=500, channels=3,
            )
        )
    return batch


def plan(num_entries: int) -> dict:
    import apache_beam as beam

    from shardify.beam_jobs.plan import SUMMARY, TASKS, Plan, PlanContext
    from shardify.beam_jobs.runners.runner import make_pipeline
    from shardify.plan import layout, requests

    context = PlanContext(
        layout.SourceLayout(layout.IMAGE_FOLDERS, "image"), requests.parse_shards(str(SHARDS))
    )
    started = time.perf_counter()
    with make_pipeline() as pipeline:
        entries = (
            pipeline
            | "Batches" >> beam.Create(range(num_entries // ENTRIES_PER_BATCH))
            | "Spread" >> beam.Reshuffle()
            | "MakeEntries" >> beam.Map(_batch)
        )
        nothing = pipeline | "Nothing" >> beam.Create([])
        planned = entries | "Plan" >> Plan(context, rejects=nothing, skipped=nothing, columns=nothing)
        counted = planned[TASKS] | "CountEntries" >> beam.Map(lambda task: len(task.entries)) | beam.CombineGlobally(sum)
        _ = (counted, planned[SUMMARY] | beam.Map(lambda s: s.splits["train"].num_shards)) | beam.Flatten() | beam.Map(print)
    return {"entries": num_entries, "seconds": time.perf_counter() - started}


def sweep(sizes: list[int]) -> None:
    from benchmarks.measure import python, run_once

    for size in sizes:
        m = run_once(python("-m", "benchmarks.plan_scale", str(size)))
        print(
            json.dumps(
                {"entries": size, "seconds": round(m.seconds, 1), "cpu_seconds": round(m.cpu_seconds, 1), "peak_rss_mb": round(m.peak_rss_bytes / 1e6)}
            ),
            flush=True,
        )


def planning_row(row, entries: int = PLANNED) -> list:  # noqa: ANN001 - __main__'s row maker
    """One row for `python -m benchmarks`: `entries` planned in a process of their own, its peak."""
    from benchmarks.measure import python, run_once

    m = run_once(python("-m", "benchmarks.plan_scale", str(entries)))
    print(f"  plan {entries:,} synthetic entries: {m.seconds:.1f}s ({m.cpu_seconds:.1f} CPU s), {m.peak_rss_bytes / 1e6:,.0f} MB", file=sys.stderr)
    met = m.peak_rss_bytes <= PEAK_TARGET_BYTES
    return [row(f"plan {entries:,} synthetic entries end to end: peak memory (process tree)", f"{m.peak_rss_bytes / 1e6:,.0f} MB", f"{m.seconds:.1f}s", None, f"<= {PEAK_TARGET_BYTES / 1e9:.0f} GB", met)]


if __name__ == "__main__":
    if sys.argv[1] == "--sweep":
        sweep([int(n) for n in sys.argv[2:]] or [100_000, 300_000, 1_000_000])
    else:
        print(json.dumps(plan(int(sys.argv[1]))))
