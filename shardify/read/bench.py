"""Where a reading pipeline's time goes: `shardify bench OUT`, stage by stage.

The pipeline measured is the one `shardify.load` builds from the user's `ReadOptions`, cut after
each of its stages: the records read from the shards (`read`), parsed into features (`parse`),
images decoded (`decode`), decoded and fitted as the options ask (`fit`: crops, resizes, flips),
and the whole `load` pipeline with its batching and prefetch (`batch`). Each cut runs over the same
records, in parallel as `load` runs it; its records/s, MB/s and CPU seconds per record (the
process's CPU time, every tf.data thread included: the steadier figure on a shared machine) are
taken on a warm page cache. What a stage costs is its cut's time per record less the cut before
it; the stage that adds the most CPU time per record bounds the pipeline (see `_bound`), and a
table says what lifts each. The `decode` cut, TensorFlow's own decoder run over the records' bytes in parallel, is this
machine's decode limit (for images stored as pixels, `--store-pixels`, `tf.io.decode_raw` and a
reshape: there is nothing to decode).

Given a training step (its time, or a model and accelerator from `ACCELERATOR_RATES`), the report
says what share of each step would wait for input and how many such accelerators this host feeds.

tf.data's own guidance is the model (a step whose `IteratorGetNext` takes more than a small share of
the step time is input-bound); this turns it into one command that needs no profiler.
"""

from __future__ import annotations

import dataclasses
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import tensorflow as tf

from shardify.format import contract
from shardify.read import tf_data
from shardify.read.bench_step import ACCELERATOR_RATES, TrainingStep, accelerator_rate_of
from shardify.read.options import PIXEL_DECODER_KEYS, ReadOptions
from shardify.read.tf_pixels import raw_pixels

__all__ = [
    "ACCELERATOR_RATES",
    "LIFTS",
    "STAGES",
    "BenchReport",
    "Stage",
    "StageFigure",
    "TrainingStep",
    "accelerator_rate_of",
    "bench",
    "pipeline_stages",
]

# The cuts, in pipeline order (texts and other image-less outputs have no decode or fit).
STAGES = ("read", "parse", "decode", "fit", "batch")
# Records each cut reads, by default: enough for a steady rate on one core, few enough for
# seconds per cut. Smaller splits are repeated up to it.
DEFAULT_RECORDS = 2000
# Passes over the records before the timed one: the page cache and tf.data's autotuner warm up.
WARMUP_PASSES = 1
# What lifts each stage when it bounds the pipeline.
LIFTS = {
    "read": "reading the shards bounds it: keep them on a local disk, cache the records (cache=True, or "
    "cache='/local/file'), or read more shards at once (cycle_length)",
    "parse": "parsing bounds it: read fewer features (features=[...]); records of many small features parse slowest",
    "decode": "decoding bounds it: store smaller images (shardify convert --resize shorter:256: decoding costs "
    "follow the pixels), decode large JPEGs at a DCT scale (load's scaled_decode=True), decode on the GPU "
    "(shardify.torch.gpu_loader with nvJPEG, or shardify.dali), or "
    "decode on more CPUs (tf.data service)",
    "fit": "cropping and resizing bound it: store images near the training size (shardify convert --resize), so "
    "the resize has fewer pixels to read; fit='stretch' or 'center_crop' cost less than 'pad'",
    "batch": "the stages run faster than the whole pipeline: batching, shuffling or prefetching hold it back "
    "(deterministic=False lets parallel maps run out of order; check what else this host runs)",
}
@dataclass(frozen=True)
class Stage:
    """One cut of the pipeline: `build(records)` is the dataset after this stage, over `records`
    serialized records (the same records for every cut)."""

    name: str
    build: Callable[[int], tf.data.Dataset]


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
    `decode_limit` the decode cut's records/s (None for outputs without images)."""

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


def pipeline_stages(path: str, split: str, options: ReadOptions) -> list[Stage]:
    """The cuts of the pipeline `shardify.load(path, split, options=options)` builds, each from
    load's own stage functions (`shardify.read.tf_data`), so what is timed is what trains."""
    pipeline = tf_data._plan_pipeline(path, split, options)  # noqa: SLF001 - the same package's stages
    plan = pipeline.plan

    def records(count: int) -> tf.data.Dataset:
        read = tf_data._interleave(tf_data._shard_files(pipeline), pipeline)  # noqa: SLF001
        return read.repeat().take(count)

    def parsed(count: int) -> tf.data.Dataset:
        parse = tf_data._parse_fn(pipeline.manifest, plan.keys, batched=False, lowest_label=pipeline.lowest_label)  # noqa: SLF001
        return records(count).map(parse, num_parallel_calls=tf.data.AUTOTUNE, deterministic=False)

    stages = [Stage("read", records), Stage("parse", parsed)]
    if plan.reads_images:
        image = plan.image_name
        pixels_stored = pipeline.manifest.stores_pixels

        def decoded(count: int) -> tf.data.Dataset:
            parse = tf_data._parse_fn(pipeline.manifest, plan.keys, batched=False, lowest_label=pipeline.lowest_label)  # noqa: SLF001

            def decode(record: tf.Tensor) -> tf.Tensor:
                example = parse(record)
                if not pixels_stored:
                    return tf.io.decode_image(example[image], channels=3, expand_animations=False)
                height, width, image_format, channels = (example[plan.names[key]] for key in PIXEL_DECODER_KEYS[1:])
                return tf.cond(  # pixels stored raw are reshaped, not decoded (`tf_decode.raw_pixels`)
                    tf.equal(image_format, contract.RAW_PIXELS_FORMAT.encode()),
                    lambda: raw_pixels(example[image], height, width, channels),
                    lambda: tf.io.decode_image(example[image], channels=3, expand_animations=False),
                )

            return records(count).map(decode, num_parallel_calls=tf.data.AUTOTUNE, deterministic=False)

        def fitted(count: int) -> tf.data.Dataset:
            return tf_data._parse_and_decode(records(count), pipeline)  # noqa: SLF001

        stages += [Stage("decode", decoded), Stage("fit", fitted)]

    def whole(count: int) -> tf.data.Dataset:
        loaded = tf_data.load(path, split, options=dataclasses.replace(options, repeat=True))
        batch = options.batch_size or 1  # small records are batched with it too (else unbatched)
        return loaded.take(math.ceil(count / batch))

    stages.append(Stage("batch", whole))
    return stages


def _time(dataset: tf.data.Dataset) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) to iterate `dataset` to its end."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in dataset:
        pass
    return time.perf_counter() - wall, time.process_time() - cpu


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


# Reading bounds the pipeline only where the whole pipeline runs at about reading's own rate: a
# pipeline well below it waits on its CPU work, whatever one short, loaded read pass measured.
_READ_BOUND_SHARE = 0.8


def _bound(figures: Sequence[StageFigure], *, cores: int) -> str:
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
    >>> _bound(slow_disk, cores=2), _bound(busy_cpu, cores=2)
    ('read', 'fit')
    """
    bound = max(figures, key=lambda figure: figure.added_cpu_us).name
    cpu_limited_rate = cores * 1e6 / max(max(f.cpu_us for f in figures), 1e-9)
    read = figures[0]
    pipeline_keeps_up = figures[-1].records_per_s >= _READ_BOUND_SHARE * read.records_per_s
    if read.name == "read" and read.records_per_s < cpu_limited_rate and pipeline_keeps_up:
        return "read"
    return bound


def bench(
    path: str,
    split: str = "train",
    *,
    options: ReadOptions | None = None,
    records: int | None = None,
    step: TrainingStep | None = None,
    stages: Sequence[Stage] | None = None,
) -> BenchReport:
    """Times each cut of the reading pipeline over the same records and names the stage that bounds it.

    Args:
      path: a shardify output folder.
      split: the split to read.
      options: how a training run reads it (`ReadOptions`), default ReadOptions().
      records: records per cut (default DEFAULT_RECORDS; a smaller split is repeated).
      step: the training step the input must keep up with, if any.
      stages: the cuts to time (default: `pipeline_stages`); a test passes its own.

    Raises:
      ManifestError, ReadOptionError: as `shardify.load` raises them.
    """
    options = options or ReadOptions()
    manifest = tf_data.read_manifest(path, version=options.version)
    info = manifest.split(split)
    count = records or DEFAULT_RECORDS
    cuts = list(stages) if stages is not None else pipeline_stages(path, split, options)
    mean_bytes = info.num_bytes / max(1, info.num_records)
    figures: list[StageFigure] = []
    before_us = before_cpu_us = 0.0
    for stage in cuts:
        dataset = stage.build(count)
        for _ in range(WARMUP_PASSES):
            _time(dataset)
        wall, cpu = _time(dataset)
        wall_us, cpu_us = 1e6 * wall / count, 1e6 * cpu / count
        figures.append(
            StageFigure(
                name=stage.name,
                records_per_s=count / wall,
                mb_per_s=count * mean_bytes / wall / 1e6,
                cpu_us=cpu_us,
                added_us=max(0.0, wall_us - before_us),
                added_cpu_us=max(0.0, cpu_us - before_cpu_us),
            )
        )
        before_us, before_cpu_us = max(before_us, wall_us), max(before_cpu_us, cpu_us)
    cores = _cores()
    bound = _bound(figures, cores=cores)
    decode = next((figure for figure in figures if figure.name == "decode"), None)
    return BenchReport(
        path=path,
        split=split,
        records=count,
        mean_record_bytes=mean_bytes,
        cores=cores,
        stages=tuple(figures),
        bound=bound,
        lift=LIFTS.get(bound, ""),
        decode_limit=decode.records_per_s if decode else None,
        pipeline_rate=figures[-1].records_per_s,
        step=step,
    )
