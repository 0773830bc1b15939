"""What `shardify bench` measures and concludes, for either reader, without TensorFlow or torch:
a stage's figures, the report, and which stage bounds the pipeline.

The tf.data cuts are timed in `shardify.read.bench`, the PyTorch reader's in
`shardify.read.bench_torch`; both hand their figures here, so that one rule names the bound and one
report says what a training step would wait, whichever reader is measured.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from dataclasses import dataclass

from shardify.read.bench_step import TrainingStep

__all__ = [
    "DEFAULT_RECORDS",
    "STAGES",
    "TF_DATA",
    "TORCH",
    "WARMUP_PASSES",
    "BenchReport",
    "StageFigure",
    "bound_stage",
    "cores",
    "report_of",
    "stage_figures",
]

# The cuts, in pipeline order (texts and other image-less outputs have no decode or fit).
STAGES = ("read", "parse", "decode", "fit", "batch")
# Records each cut reads, by default: enough for a steady rate on one core, few enough for
# seconds per cut. Smaller splits are repeated up to it.
DEFAULT_RECORDS = 2000
# Passes over the records before the timed one: the page cache and the reader's tuning warm up.
WARMUP_PASSES = 1
# The readers bench measures: `shardify.load`'s tf.data pipeline, or `shardify.torch.ShardDataset`
# in a DataLoader.
TF_DATA, TORCH = "tf.data", "torch"


@dataclass(frozen=True)
class StageFigure:
    """One cut's figures. Attributes: records/s and MB/s of serialized records through the cut;
    cpu_us, CPU microseconds per record; added_us and added_cpu_us, what this stage adds to the cut
    before it (wall and CPU, per record)."""

    name: str
    records_per_s: float
    mb_per_s: float
    cpu_us: float
    added_us: float
    added_cpu_us: float


@dataclass(frozen=True)
class BenchReport:
    """What `bench` measured. `bound` is the stage that adds the most time per record;
    `decode_limit` the decode cut's records/s (None for outputs without images); `reader` which
    reader was timed (TF_DATA or TORCH) and `workers` its DataLoader workers (torch only)."""

    path: str
    split: str
    records: int
    mean_record_bytes: float
    cores: int
    stages: tuple[StageFigure, ...]
    bound: str
    lift: str
    decode_limit: float | None
    pipeline_rate: float
    step: TrainingStep | None = None
    reader: str = TF_DATA
    workers: int | None = None

    @property
    def input_wait_share(self) -> float | None:
        """The share of each training step spent waiting for input (input and step overlap: a
        step takes the longer of the two)."""
        rate = self.step.rate if self.step else None
        if not rate:
            return None
        return max(0.0, 1.0 - self.pipeline_rate / rate)

    @property
    def accelerators_fed(self) -> float | None:
        """How many accelerators at the step's rate this host's pipeline keeps busy."""
        if not self.step or not self.step.rate:
            return None
        return self.pipeline_rate / (self.step.rate / self.step.accelerators)

    def as_dict(self) -> dict:
        data = dataclasses.asdict(self)
        data["input_wait_share"], data["accelerators_fed"] = self.input_wait_share, self.accelerators_fed
        return data


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


# Reading bounds the pipeline only where the whole pipeline runs at about reading's own rate: a
# pipeline well below it waits on its CPU work, whatever one short, loaded read pass measured.
_READ_BOUND_SHARE = 0.8


def bound_stage(figures: Sequence[StageFigure], *, cores: int) -> str:
    """The stage that adds the most CPU time per record (CPU time, not wall time: on a shared
    machine another process's load stretches wall times, not the work a record costs); reading,
    instead, when reading alone is slower than this machine's cores could run the whole pipeline
    (the shards come slower than the CPUs could use them: a slow disk or network) and the whole
    pipeline runs at about reading's rate (a read pass of a few records on a loaded machine can
    be slow for its start alone; that named reading where a stage made slow on purpose bounded it).

    >>> def stage(name, rate, cpu_us, added):  # records/s (wall), CPU us per record, CPU us added
    ...     return StageFigure(name, rate, 1.0, cpu_us, 0.0, added)
    >>> slow_disk = [stage("read", 100.0, 50.0, 50.0), stage("decode", 95.0, 900.0, 850.0)]
    >>> busy_cpu = [stage("read", 300.0, 800.0, 800.0), stage("fit", 150.0, 6000.0, 5200.0)]
    >>> bound_stage(slow_disk, cores=2), bound_stage(busy_cpu, cores=2)
    ('read', 'fit')
    """
    bound = max(figures, key=lambda figure: figure.added_cpu_us).name
    cpu_limited_rate = cores * 1e6 / max(max(f.cpu_us for f in figures), 1e-9)
    read = figures[0]
    pipeline_keeps_up = figures[-1].records_per_s >= _READ_BOUND_SHARE * read.records_per_s
    if read.name == "read" and read.records_per_s < cpu_limited_rate and pipeline_keeps_up:
        return "read"
    return bound


def stage_figures(
    timings: Sequence[tuple[str, float, float]], count: int, mean_bytes: float
) -> list[StageFigure]:
    """Each cut's figures from its (name, wall seconds, CPU seconds) over `count` records: what a
    stage adds is its cut's time less the slowest cut before it (never below 0)."""
    figures: list[StageFigure] = []
    before_us = before_cpu_us = 0.0
    for name, wall, cpu in timings:
        wall_us, cpu_us = 1e6 * wall / count, 1e6 * cpu / count
        figures.append(
            StageFigure(
                name=name,
                records_per_s=count / wall,
                mb_per_s=count * mean_bytes / wall / 1e6,
                cpu_us=cpu_us,
                added_us=max(0.0, wall_us - before_us),
                added_cpu_us=max(0.0, cpu_us - before_cpu_us),
            )
        )
        before_us, before_cpu_us = max(before_us, wall_us), max(before_cpu_us, cpu_us)
    return figures


def report_of(
    path: str,
    split: str,
    records: int,
    mean_bytes: float,
    figures: Sequence[StageFigure],
    lifts: dict[str, str],
    step: TrainingStep | None,
    *,
    reader: str = TF_DATA,
    workers: int | None = None,
) -> BenchReport:
    """The report of one bench: the bound named by `bound_stage` on this host's cores, what lifts
    it from the reader's `lifts`, the decode cut's rate as the decode limit."""
    host_cores = cores()
    bound = bound_stage(figures, cores=host_cores)
    decode = next((figure for figure in figures if figure.name == "decode"), None)
    return BenchReport(
        path=path,
        split=split,
        records=records,
        mean_record_bytes=mean_bytes,
        cores=host_cores,
        stages=tuple(figures),
        bound=bound,
        lift=lifts.get(bound, ""),
        decode_limit=decode.records_per_s if decode else None,
        pipeline_rate=figures[-1].records_per_s,
        step=step,
        reader=reader,
        workers=workers,
    )
