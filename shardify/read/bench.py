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
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import tensorflow as tf

from shardify.errors import CorruptShardError
from shardify.format import contract
from shardify.read import tf_data
from shardify.read.bench_report import (
    DEFAULT_RECORDS,
    STAGES,
    WARMUP_PASSES,
    BenchReport,
    StageFigure,
    bound_stage,
    report_of,
    stage_figures,
)
from shardify.read.bench_step import ACCELERATOR_RATES, TrainingStep, accelerator_rate_of
from shardify.read.options import PIXEL_DECODER_KEYS, ReadOptions
from shardify.read.tf_parse import parse_fn
from shardify.read.tf_pipeline import plan_pipeline, read_manifest
from shardify.read.tf_pixels import raw_pixels

__all__ = [
    "ACCELERATOR_RATES",
    "DEFAULT_RECORDS",
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

# The shared rule, under the name the tests and benchmarks/bench_check.py have used.
_bound = bound_stage

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


def pipeline_stages(path: str, split: str, options: ReadOptions) -> list[Stage]:
    """The cuts of the pipeline `shardify.load(path, split, options=options)` builds, each from
    load's own stage functions (`shardify.read.tf_data`), so what is timed is what trains."""
    pipeline = plan_pipeline(path, split, options)
    plan = pipeline.plan

    def records(count: int) -> tf.data.Dataset:
        read = tf_data._interleave(tf_data._shard_files(pipeline), pipeline)  # noqa: SLF001
        return read.repeat().take(count)

    def parsed(count: int) -> tf.data.Dataset:
        parse = parse_fn(pipeline.manifest, plan.keys, batched=False, lowest_label=pipeline.lowest_label)
        return records(count).map(parse, num_parallel_calls=tf.data.AUTOTUNE, deterministic=False)

    stages = [Stage("read", records), Stage("parse", parsed)]
    if plan.reads_images:
        image = plan.image_name
        pixels_stored = pipeline.manifest.stores_pixels

        def decoded(count: int) -> tf.data.Dataset:
            parse = parse_fn(pipeline.manifest, plan.keys, batched=False, lowest_label=pipeline.lowest_label)

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


def _time(dataset: tf.data.Dataset, path: str = "") -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) to iterate `dataset` to its end.

    Raises:
      CorruptShardError: a record cannot be read (a shard overwritten with zeros or foreign bytes
        of its listed size): TensorFlow's error, which the reader's checks begin with `shardify:`
        naming the shard, as one line rather than TensorFlow's traceback.
    """
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        for _ in dataset:
            pass
    except tf.errors.OpError as error:
        said = error.message
        said = said[said.index("shardify: ") + len("shardify: "):] if "shardify: " in said else said
        first = said.splitlines()[0].rstrip("'")[:500] if said else type(error).__name__
        raise CorruptShardError(path or "the output", first) from None
    return time.perf_counter() - wall, time.process_time() - cpu


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
      CorruptShardError: a record cannot be read.
    """
    options = options or ReadOptions()
    manifest = read_manifest(path, version=options.version)
    info = manifest.split(split)
    count = records or DEFAULT_RECORDS
    cuts = list(stages) if stages is not None else pipeline_stages(path, split, options)
    mean_bytes = info.num_bytes / max(1, info.num_records)
    timings = []
    for stage in cuts:
        dataset = stage.build(count)
        for _ in range(WARMUP_PASSES):
            _time(dataset, path)
        timings.append((stage.name, *_time(dataset, path)))
    figures = stage_figures(timings, count, mean_bytes)
    return report_of(path, split, count, mean_bytes, figures, LIFTS, step)
