"""Reading shardify output as a `tf.data` pipeline, from the manifest alone (no globbing).

`load` composes small stages, each taking and returning a `tf.data.Dataset`, all reading their
options from one `ReadOptions` (through `shardify.read.tf_pipeline.Pipeline`, what one input
pipeline reads, worked out once from the manifest before any stage runs):

    shard files (this pipeline's, shuffled) -> interleaved parallel reads -> [record-level share]
    -> cache -> repeat -> record shuffle -> parse and decode (one parallel map) -> [multi-hot]
    -> [unbatch] -> [supervised pairs] -> batch -> [tf.data.Options] -> prefetch

Images (no objects, masks or label lists) are parsed a batch of records at a time, then unbatched
and decoded one by one (`Pipeline.image_parse_batch`: one parse and one set of checks per batch).
Small records (text, tables) are batched first and parsed a batch at a time with
`tf.io.parse_example`: the manifest's mean record size chooses the path, not the caller. So are
images stored as pixels (`--store-pixels`), where the options fit every image of a batch alike:
their pixels are read a batch at a time (`shardify.read.tf_pixels`).
`distribute` builds one such pipeline per `tf.distribute` input pipeline.

The options shared with the PyTorch reader (`shardify.torch`), what they mean for a manifest and
the sharding rule among input pipelines live in `shardify.read.options`, so the two cannot drift.

Images are decoded inside the parse map by `shardify.read.tf_decode` (crops of JPEGs decode only
the crop; random crops and flips are stateless, from each element's seed).

Records are parsed, and their values checked, by `shardify.read.tf_parse`. Over 400 lines: `load`
and `distribute` and the thirteen stages `load` composes, in its order, kept together so that the
pipeline reads top to bottom in one file.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import tensorflow as tf

from shardify.format import contract
from shardify.read.options import (
    DECODER_KEYS,
    DISTRIBUTE,
    DISTRIBUTED_EPOCH,
    FITS,
    LOAD,
    PIXEL_DECODER_KEYS,
    RANDOM_CROP,
    ReadOptions,
    reader_options,
    shuffle_buffer_records,
)
from shardify.read.tf_decode import crop_window as _crop_window  # noqa: F401 - benchmarks/read_bench.py reads it here
from shardify.read.tf_decode import decode_fn, objects_fn, segmentation_fn
from shardify.read.tf_parse import parse_fn
from shardify.read.tf_pipeline import Pipeline, plan_pipeline, read_manifest
from shardify.read.tf_pixels import decode_batch_fn

__all__ = ["read_manifest", "load", "distribute", "Labels", "labels", "FITS"]

AUTOTUNE = tf.data.AUTOTUNE
# Records parsed together on the small-record path when the caller does not batch.
PARSE_BATCH_RECORDS = 256
# What takes the place of records a damaged shard could not give (see `_read_shard`).
_DAMAGED_PREFIX = "\x07shardify: "
_DAMAGED_SUFFIX = " is damaged: it ended before the records its manifest gives (run `shardify verify`)"
_LOG = logging.getLogger("shardify")


@dataclass(frozen=True)
class Labels:
    """A dataset's label vocabulary: index <-> name, and multi-hot vectors.

    >>> Labels(("cat", "dog")).index("dog")
    1
    """

    names: tuple[str, ...]
    multi_label: bool = False

    def __len__(self) -> int:
        return len(self.names)

    def index(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise KeyError(f"no label {name!r}; the labels are {list(self.names)}") from None

    def name(self, index: int) -> str:
        return self.names[index]

    def multi_hot(self, names: Sequence[str]) -> list[float]:
        hot = [0.0] * len(self.names)
        for name in names:
            hot[self.index(name)] = 1.0
        return hot


def labels(path: str) -> Labels:
    """The label vocabulary of output folder `path`."""
    manifest = read_manifest(path)
    return Labels(manifest.labels, manifest.label_mode == contract.LABEL_MULTI)


# The reader --------------------------------------------------------------------------------------


def load(
    path: str, split: str = "train", *, options: ReadOptions | tf.data.Options | None = None, **keywords: Any
) -> tf.data.Dataset:
    """A `tf.data.Dataset` over one split of a shardify output folder.

    Every feature comes back under its manifest `output_name` with the manifest's dtype: images
    decoded to uint8 HxWx3 (float32 when resized), text as `tf.string`, labels as int64 indices
    into `labels(path).names`, kept table columns as int64, float32 or string; a detection
    output's objects as one `objects` dict, moved with the image (`shardify.read.tf_decode`) and
    batched ragged.

        ds = load("out/", "train", options=ReadOptions(batch_size=64, image_size=(224, 224)))
        ds = load("out/", "train", batch_size=64, image_size=(224, 224))  # the same

    Args:
      path: output folder (or its manifest.json), local or gs://.
      split: split name, e.g. "train".
      options: how to read (`ReadOptions`: each option, and what it does, is there). A
        `tf.data.Options` stands for `ReadOptions(data_options=...)`, as `load` took it before.
      **keywords: ReadOptions' fields, a shorthand; they override `options`' fields.

    Returns:
      The dataset; its cardinality is known from the manifest unless `repeat` is True.

    Raises:
      ManifestError: no finished output at `path`, or no such split.
      ReadOptionError: (a ValueError) an option that cannot work with this data, that `load`
        does not take, or that is not an option at all (see the message).
    """
    pipeline = plan_pipeline(path, split, _load_options(LOAD, options, keywords))
    files = _shard_files(pipeline)  # (path, records) per shard
    records = _interleave(files, pipeline)  # serialized records
    records = _share_records(records, pipeline)
    records = _cache(records, pipeline)
    records = _repeat(records, pipeline)
    records = _shuffle(records, pipeline)
    examples = _parse_and_decode(records, pipeline)  # {reader name: value}, a batch of them for small records
    examples = _multi_hot(examples, pipeline)
    examples = _unbatch(examples, pipeline)
    examples = _as_supervised(examples, pipeline)  # (input, label) or {reader name: value}
    examples = _batch(examples, pipeline)
    examples = _apply_data_options(examples, pipeline)
    examples = _on_service(examples, pipeline)  # all of the above on tf.data service workers, if asked
    return _prefetch(examples, pipeline)


def distribute(
    strategy: tf.distribute.Strategy,
    path: str,
    split: str = "train",
    *,
    global_batch_size: int,
    options: ReadOptions | tf.data.Options | None = None,
    **keywords: Any,
) -> tf.distribute.DistributedDataset:
    """A distributed dataset for `strategy`: one input pipeline per worker, each reading its own
    shards and batching `global_batch_size / num_replicas` records per replica.

    With fewer shards than input pipelines, every pipeline reads all shards and keeps every n-th
    record (said once in the log) instead of failing. `options` and `keywords` are `load`'s, less
    `batch_size` and `input_context`, which `distribute` sets for each pipeline.

    Raises:
      ValueError: `global_batch_size` does not divide evenly among the replicas.
      ReadOptionError: (a ValueError) as for `load`, found before any pipeline is made.
    """
    chosen = _load_options(DISTRIBUTE, options, keywords)
    if global_batch_size % strategy.num_replicas_in_sync:
        raise ValueError(
            f"global_batch_size={global_batch_size} does not divide among "
            f"{strategy.num_replicas_in_sync} replicas"
        )

    def dataset_fn(context: tf.distribute.InputContext) -> tf.data.Dataset:
        batch_size = context.get_per_replica_batch_size(global_batch_size)
        return load(path, split, options=chosen, batch_size=batch_size, input_context=context)

    return strategy.distribute_datasets_from_function(dataset_fn)


def _load_options(reader: str, options: ReadOptions | tf.data.Options | None, keywords: dict[str, Any]) -> ReadOptions:
    """The ReadOptions `reader` (load or distribute) reads with; see `reader_options`."""
    if isinstance(options, tf.data.Options):  # what `options=` meant before ReadOptions carried them all
        options = ReadOptions(data_options=options)
    return reader_options(reader, options, keywords)


# Stages, in the order `load` composes them ----------------------------------------------------


def _shard_files(pipeline: Pipeline) -> tf.data.Dataset:
    """(path, records the manifest gives it) per shard, shuffled anew each epoch when shuffling.

    Pipelines sharing shards by record keep the manifest's order: each must skip the same records.
    """
    options = pipeline.options
    files = tf.data.Dataset.from_tensor_slices((list(pipeline.paths), tf.constant(list(pipeline.shard_records), tf.int64)))
    if options.shuffle and not pipeline.mine.record_level:
        return files.shuffle(len(pipeline.paths), seed=options.seed, reshuffle_each_iteration=True)
    return files


def _read_shard(path: tf.Tensor, num_records: tf.Tensor) -> tf.data.Dataset:
    """Exactly the `num_records` records the manifest gives a shard; a damaged shard fails with an
    error that names it.

    TensorFlow's own error for a damaged record says only "corrupted record at <offset>". So the
    reader stops at what it cannot read and makes up the count with a marker that is not a valid
    `tf.train.Example` (its first byte, 7, is a tag of field number 0): parsing it fails with its
    text in the error. No step is added per record (a per-record check halved the tiny-record
    reader, measured).
    """
    damaged = tf.strings.join([_DAMAGED_PREFIX, path, _DAMAGED_SUFFIX])
    records = tf.data.TFRecordDataset(path).ignore_errors()
    return records.concatenate(tf.data.Dataset.from_tensors(damaged).repeat()).take(num_records)


def _interleave(files: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    """The shards' records, `cycle` shards at a time, with the cardinality the manifest gives."""
    cycle_length = max(1, min(pipeline.cycle, len(pipeline.paths)))
    block_length = pipeline.options.block_length
    options = pipeline.options
    on_service = options.service is not None and options.service_mode == DISTRIBUTED_EPOCH
    # tiny records: one shard after another is faster than parallel reads. Not on a tf.data service
    # handing out shards: there (TensorFlow 2.21) a sequential interleave is not split among the
    # workers, and every worker would read every shard (measured: each record twice with 2 workers).
    if pipeline.cycle <= 1 and not on_service:
        records = files.interleave(_read_shard, cycle_length=cycle_length, block_length=block_length)
    else:
        records = files.interleave(
            _read_shard,
            cycle_length=cycle_length,
            block_length=block_length,
            num_parallel_calls=AUTOTUNE,
            # Pipelines sharing shards by record must see the records in one order.
            deterministic=pipeline.deterministic or pipeline.mine.record_level,
        )
    if on_service:
        return records  # each service worker reads the shards the dispatcher hands it, not all of them
    return records.apply(tf.data.experimental.assert_cardinality(sum(pipeline.shard_records)))


def _share_records(records: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    """This pipeline's every n-th record, when pipelines share shards by record."""
    mine = pipeline.mine
    return records.shard(mine.record_stride, mine.record_offset) if mine.record_level else records


def _cache(records: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    """Serialized records cached in memory, or in files at a path; shuffling, parsing and decoding
    still run every epoch."""
    cache = pipeline.options.cache
    return records.cache("" if cache is True else str(cache)) if cache else records


def _repeat(records: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    repeat = pipeline.options.repeat
    return records.repeat(None if repeat is True else int(repeat)) if repeat else records


def _shuffle(records: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    """Records through a buffer of about SHUFFLE_BUFFER_BYTES of them."""
    options = pipeline.options
    if not options.shuffle:
        return records
    return records.shuffle(shuffle_buffer_records(pipeline.num_records, pipeline.num_bytes), seed=options.seed)


def _parse_and_decode(records: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    """Serialized records -> dicts keyed by reader name, images decoded and fitted in the same
    parallel map. Small records are batched first and parsed a batch at a time."""
    options, plan, deterministic = pipeline.options, pipeline.plan, pipeline.deterministic
    if pipeline.small_records:
        batch_size = options.batch_size or PARSE_BATCH_RECORDS
        records = records.batch(batch_size, drop_remainder=options.drop_remainder and bool(options.batch_size))
    parse = parse_fn(pipeline.manifest, plan.keys, batched=pipeline.small_records, lowest_label=pipeline.lowest_label)
    objects = {field: plan.object_names(field) for field in plan.object_fields}
    where = pipeline.manifest.root
    if pipeline.pixel_batches:  # a batch of records parsed, and its pixels read, at once
        names = [plan.names[key] for key in PIXEL_DECODER_KEYS]
        per_record = decode_fn(names, options, dtype=pipeline.dtype, where=where)  # for a batch of mixed images
        decode_batch = decode_batch_fn(names, options, dtype=pipeline.dtype, per_record=per_record)
        return records.map(lambda batch: decode_batch(parse(batch)), num_parallel_calls=AUTOTUNE, deterministic=deterministic)
    if not plan.reads_images:
        steps = []  # with no image to move them with: objects gathered into `objects`, the segmentation decoded
        if objects:
            size_names = (plan.names.get(contract.IMAGE_HEIGHT, ""), plan.names.get(contract.IMAGE_WIDTH, ""))
            steps.append(objects_fn(objects, size_names, num_keypoints=plan.num_keypoints))
        if plan.segmentation_name:
            steps.append(segmentation_fn(plan.segmentation_name, pipeline.segmentation_dtype, where=where))

        def parse_only(record: tf.Tensor) -> dict[str, tf.Tensor]:
            example = parse(record)
            for step in steps:
                example = step(example)
            return example

        return records.map(parse_only, num_parallel_calls=AUTOTUNE, deterministic=deterministic)
    # one map: parse and decode in the same parallel call
    names = [plan.names[key] for key in (PIXEL_DECODER_KEYS if pipeline.manifest.stores_pixels else DECODER_KEYS)]
    decode = decode_fn(
        names,
        options,
        dtype=pipeline.dtype,
        objects=objects,
        num_keypoints=plan.num_keypoints,
        segmentation=plan.segmentation_name,
        segmentation_dtype=pipeline.segmentation_dtype,
        where=where,
    )
    if pipeline.image_parse_batch:  # parsed a batch at a time, then decoded one by one
        parse_batch = parse_fn(pipeline.manifest, plan.keys, batched=True, lowest_label=pipeline.lowest_label)
        batches = records.batch(pipeline.image_parse_batch).map(parse_batch, num_parallel_calls=AUTOTUNE, deterministic=deterministic)
        records, parse = _unbatched(batches, records), _parsed
    if options.fit == RANDOM_CROP or options.flip:
        run_seed = options.seed if options.seed is not None else random.SystemRandom().randrange(1 << 31)

        def parse_and_decode(index: tf.Tensor, record: tf.Tensor) -> dict[str, tf.Tensor]:
            return decode(parse(record), tf.stack([tf.constant(run_seed, tf.int64), index]))

        records = records.enumerate()
    else:

        def parse_and_decode(record: tf.Tensor) -> dict[str, tf.Tensor]:
            return decode(parse(record))

    return records.map(parse_and_decode, num_parallel_calls=AUTOTUNE, deterministic=deterministic)


def _parsed(example: dict[str, tf.Tensor]) -> dict[str, tf.Tensor]:  # parsed already, in batches
    return example


def _unbatched(batches: tf.data.Dataset, records: tf.data.Dataset) -> tf.data.Dataset:
    """`batches` of `records` unbatched, with the records' cardinality, which unbatch forgets
    (where it is known: not on a tf.data service worker, nor inside a tf.function)."""
    unbatched = batches.unbatch()
    if not tf.executing_eagerly():
        return unbatched
    count = int(records.cardinality())
    return unbatched if count == tf.data.UNKNOWN_CARDINALITY else unbatched.apply(tf.data.experimental.assert_cardinality(count))


def _multi_hot(examples: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    """Multi-label index lists as float32 vectors over all labels ([batch, labels] for small
    records), when the options ask for them."""
    plan = pipeline.plan
    if not plan.multi_hot_label(pipeline.options):
        return examples
    label_key, num_labels, batched = plan.label_name, plan.num_labels, pipeline.small_records

    def encode(example: dict[str, tf.Tensor]) -> dict[str, tf.Tensor]:
        # A sum, not a max: a record with no labels sums to zeros, where a max would give -inf.
        hot = tf.one_hot(example[label_key], num_labels, dtype=tf.float32)
        hot = tf.minimum(tf.reduce_sum(hot, axis=-2), 1.0)
        return {**example, label_key: tf.ensure_shape(hot, [None, num_labels] if batched else [num_labels])}

    return examples.map(encode, num_parallel_calls=AUTOTUNE)


def _unbatch(examples: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    """Single records again, where small records were batched only to parse them."""
    options = pipeline.options
    if not pipeline.small_records or options.batch_size is not None:
        return examples
    examples = examples.unbatch()
    if options.repeat is True:
        return examples
    # unbatch forgets the count; the manifest knows it
    epochs = 1 if options.repeat is False else int(options.repeat)
    return examples.apply(tf.data.experimental.assert_cardinality(pipeline.num_records * epochs))


def _as_supervised(examples: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    if not pipeline.options.as_supervised:
        return examples
    input_key, label_key = pipeline.plan.supervised_input, pipeline.plan.supervised_target
    return examples.map(lambda example: (example[input_key], example[label_key]), num_parallel_calls=AUTOTUNE)


def _batch(examples: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    """Batches of `batch_size` (small records are batched already, before parsing)."""
    options = pipeline.options
    if options.batch_size is None or pipeline.small_records:
        return examples
    plan = pipeline.plan
    # variable-length label lists, and objects: ragged, as KerasCV and KerasHub take boxes; and
    # segmentation masks read without their image, which keep their own sizes
    unfitted = plan.segmentation_name is not None and not plan.reads_images
    if plan.object_fields or unfitted or (plan.multi_label and not (options.multi_hot and options.as_supervised)):
        return examples.ragged_batch(options.batch_size, drop_remainder=options.drop_remainder)
    # plain: tf.data fuses it with the map before it (measured faster than a parallel batch)
    return examples.batch(options.batch_size, drop_remainder=options.drop_remainder)


def _apply_data_options(examples: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    data_options = pipeline.options.data_options
    return examples if data_options is None else examples.with_options(data_options)


def _on_service(examples: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    """The pipeline so far run by a tf.data service's workers, its elements (batches) streamed
    back. distributed_epoch: the dispatcher hands the shard list out a shard at a time (the
    pipeline's first source), so each record comes once per epoch across the workers."""
    options = pipeline.options
    if options.service is None:
        return examples
    address = options.service if options.service.startswith("grpc://") else f"grpc://{options.service}"
    policy = tf.data.experimental.service.ShardingPolicy
    return examples.apply(
        tf.data.experimental.service.distribute(
            processing_mode=policy.DYNAMIC if options.service_mode == DISTRIBUTED_EPOCH else policy.OFF,
            service=address,
            job_name=options.service_job,
        )
    )


def _prefetch(examples: tf.data.Dataset, pipeline: Pipeline) -> tf.data.Dataset:
    """Prefetch on the host, or into `device`'s memory when this machine has that device."""
    device = pipeline.options.device
    if device:
        wanted = tf.DeviceSpec.from_string(device)
        present = [tf.DeviceSpec.from_string(d.name) for d in tf.config.list_logical_devices()]
        wanted_type, wanted_index = (wanted.device_type or "").upper(), wanted.device_index or 0
        if any(d.device_type == wanted_type and d.device_index == wanted_index for d in present):
            return examples.apply(tf.data.experimental.prefetch_to_device(device))
        _LOG.info("no device %s here: prefetching on the host", device)
    return examples.prefetch(AUTOTUNE)
