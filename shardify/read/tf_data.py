"""Reading shardify output as a `tf.data` pipeline, from the manifest alone (no globbing).

`load` composes small stages, each taking and returning a `tf.data.Dataset`, all reading their
options from one `ReadOptions` (through `_Pipeline`, what one input pipeline reads, worked out once
from the manifest before any stage runs):

    shard files (this pipeline's, shuffled) -> interleaved parallel reads -> [record-level share]
    -> cache -> repeat -> record shuffle -> parse and decode (one parallel map) -> [multi-hot]
    -> [unbatch] -> [supervised pairs] -> batch -> [tf.data.Options] -> prefetch

Small records (text, tables) are batched first and parsed a batch at a time with
`tf.io.parse_example`: the manifest's mean record size chooses the path, not the caller. So are
images stored as pixels (`--store-pixels`), where the options fit every image of a batch alike:
their pixels are read a batch at a time (`shardify.read.tf_pixels`).
`distribute` builds one such pipeline per `tf.distribute` input pipeline.

The options shared with the PyTorch reader (`shardify.torch`), what they mean for a manifest and
the sharding rule among input pipelines live in `shardify.read.options`, so the two cannot drift.

Images are decoded inside the parse map by `shardify.read.tf_decode` (crops of JPEGs decode only
the crop; random crops and flips are stateless, from each element's seed).

Over 400 lines: `load` and `distribute`, what one input pipeline reads (`_Pipeline`) and the
thirteen stages `load` composes, in its order, with the record parser only they use; kept
together so the pipeline reads top to bottom in one file.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import tensorflow as tf

from shardify.errors import CorruptShardError, ManifestError, ReadOptionError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.format.manifest_model import Manifest
from shardify.format.shard_index import check_shard_file
from shardify.inputs.paths import is_local_path
from shardify.read.options import (
    DECODER_KEYS,
    DISTRIBUTE,
    PIXEL_DECODER_KEYS,
    DISTRIBUTED_EPOCH,
    FITS,
    LOAD,
    PAD,
    RANDOM_CROP,
    STRETCH,
    ReadOptions,
    ReadPlan,
    Share,
    plan_read,
    reader_options,
    share,
    shuffle_buffer_records,
)
from shardify.read.tf_decode import crop_window as _crop_window  # noqa: F401 - benchmarks/read_bench.py reads it here
from shardify.read.tf_checks import LabelRange, values_check_fn
from shardify.read.tf_decode import decode_fn, objects_fn, segmentation_dtype, segmentation_fn
from shardify.read.tf_pixels import decode_batch_fn

__all__ = ["read_manifest", "load", "distribute", "Labels", "labels", "FITS"]

AUTOTUNE = tf.data.AUTOTUNE
# Shards read at once; more only adds open files once the decode stage is the bottleneck.
MAX_CYCLE_LENGTH = 16
# Records at most this large on average (text, table rows) take the batch-then-parse path, and
# their shards are read one after another: per-record parsing and parallel reads cost more than
# they give for tiny records (measured: 39k records/s parsing one by one against 147k by batches).
SMALL_RECORD_BYTES = 2048
# Records parsed together on the small-record path when the caller does not batch.
PARSE_BATCH_RECORDS = 256
# What takes the place of records a damaged shard could not give (see `_read_shard`).
_DAMAGED_PREFIX = "\x07shardify: "
_DAMAGED_SUFFIX = " is damaged: it ended before the records its manifest gives (run `shardify verify`)"
_DTYPES = {"string": tf.string, "int64": tf.int64, "float32": tf.float32}
_LOG = logging.getLogger("shardify")


def read_manifest(path: str, *, version: int | None = None) -> Manifest:
    """The manifest of output folder `path`, local or on any TensorFlow file system (gs://...)."""

    def _read_text(manifest_path: str) -> str:
        try:
            with tf.io.gfile.GFile(manifest_path, "r") as f:
                return f.read()
        except tf.errors.NotFoundError:
            raise FileNotFoundError(manifest_path) from None

    # Local manifests are read as every untrusted input is (see `manifest.load_manifest`).
    return load_manifest(path, version=version, read_text=None if is_local_path(path) else _read_text)


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
    pipeline = _plan_pipeline(path, split, _load_options(LOAD, options, keywords))
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


@dataclass(frozen=True)
class _Pipeline:
    """What one input pipeline reads, worked out once from the manifest and the options: what
    every stage reads.

    Attributes:
      options: the options, each default of `load` filled in (`shuffle` a bool).
      manifest, plan: the output's manifest, and what `options` read of it.
      paths, shard_records: the shards this pipeline reads and the records of each (every shard
        of the split when `mine` is record-level).
      mine: this pipeline's share of the split.
      num_records: the records it yields per epoch; num_bytes: the bytes of the shards it reads.
      small_records: text or table records, batched then parsed (see SMALL_RECORD_BYTES); and
        images stored as pixels, where `pixel_batches`.
      pixel_batches: images stored as pixels (`--store-pixels`) are batched, parsed and read a
        batch at a time (`_pixel_batches` says when).
      deterministic: element order fixed across parallel stages.
      cycle: shards to read at once, as asked or chosen (`_interleave` caps it at len(paths)).
      dtype: the TensorFlow dtype images are cast to last, or None.
      lowest_label: the lowest label index a record may hold: -1 (unlabelled) in a single-label
        split that counts unlabelled records, else 0; parsing fails on any index outside
        [lowest_label, labels).
      segmentation_dtype: the dtype segmentation masks come back as (see `_segmentation_dtype`).
    """

    options: ReadOptions
    manifest: Manifest
    plan: ReadPlan
    paths: tuple[str, ...]
    shard_records: tuple[int, ...]
    mine: Share
    num_records: int
    num_bytes: int
    small_records: bool
    deterministic: bool
    cycle: int
    dtype: tf.dtypes.DType | None
    lowest_label: int = 0
    segmentation_dtype: tf.dtypes.DType = tf.uint8
    pixel_batches: bool = False


def _plan_pipeline(path: str, split: str, options: ReadOptions) -> _Pipeline:
    """What `options` read of split `split` of output folder `path`, for this input pipeline.

    Raises:
      ManifestError: no finished output at `path`, no such split, an empty split, or a local
        shard that is not a regular file.
      ReadOptionError: an option that cannot work with this data.
    """
    manifest = read_manifest(path, version=options.version)
    plan = plan_read(manifest, options, path=path)
    if options.batch_size is not None and plan.reads_images and options.image_size is None:
        raise ReadOptionError("batch_size needs image_size=(height, width): images differ in size")
    info = manifest.split(split)
    if info.num_records == 0:
        raise ManifestError(f"split {split!r} of {path} has no records")
    deterministic = options.deterministic
    if deterministic is None:
        deterministic = not options.shuffle or options.seed is not None
    decodes = plan.reads_images or plan.object_fields or plan.segmentation_name
    pixel_batches = _pixel_batches(manifest, plan, options)
    small_records = pixel_batches or (not decodes and info.num_bytes <= SMALL_RECORD_BYTES * info.num_records)

    paths = manifest.shard_paths(split)
    if is_local_path(path):
        _check_local_shards(manifest, info.shards)
    context = options.input_context
    pipelines, index = (context.num_input_pipelines, context.input_pipeline_id) if context else (1, 0)
    mine = share(len(paths), pipelines, index)  # record-level: every shard, in manifest order
    if mine.record_level:
        _LOG.warning(
            "%s has %d shards of %s for %d input pipelines: each pipeline reads every record "
            "and keeps every %d-th (convert with --shards >= %d to read each shard once)",
            path, len(paths), split, pipelines, pipelines, pipelines,
        )
    shards = [info.shards[i] for i in mine.shards]
    return _Pipeline(
        options=options,
        manifest=manifest,
        plan=plan,
        paths=tuple(paths[i] for i in mine.shards),
        shard_records=tuple(shard.num_records for shard in shards),
        mine=mine,
        num_records=mine.num_records([shard.num_records for shard in info.shards]),
        num_bytes=sum(shard.num_bytes for shard in shards),
        small_records=small_records,
        pixel_batches=pixel_batches,
        deterministic=deterministic,
        cycle=options.cycle_length or (1 if small_records else min(len(shards), MAX_CYCLE_LENGTH)),
        dtype=_tf_dtype(options.dtype),
        lowest_label=contract.UNLABELLED if info.num_unlabelled and manifest.label_mode == contract.LABEL_SINGLE else 0,
        segmentation_dtype=_segmentation_dtype(paths, info.shards, plan, options, where=f"{path} ({split})"),
    )


def _pixel_batches(manifest: Manifest, plan: ReadPlan, options: ReadOptions) -> bool:
    """Read images stored as pixels a batch at a time (`tf_decode.decode_batch_fn`): where the
    output may hold them and the options fit every image of a batch alike (a batch size, an
    image size, fit stretch or pad, no flips; no objects or masks to move with each image).
    Random crops and flips draw per record, so they keep the per-record map."""
    return (
        manifest.stores_pixels
        and plan.reads_images
        and options.batch_size is not None
        and options.image_size is not None
        and options.fit in (STRETCH, PAD)
        and not options.flip
        and not plan.object_fields
        and plan.segmentation_name is None
    )


def _segmentation_dtype(
    paths: Sequence[str], shards: Sequence[Any], plan: ReadPlan, options: ReadOptions, *, where: str
) -> tf.dtypes.DType:
    """The dtype of the split's segmentation masks: uint16 where its first mask (first record of
    its first shard) is a 16-bit PNG, else uint8. A dataset's element types are fixed before it
    reads a record, so one mask's header decides for the split (`tf_decode.decode_segmentation`
    fails on a later 16-bit mask holding a class above 255 where this says uint8).

    Raises:
      ReadOptionError: `segmentation_fill` does not fit the dtype.
    """
    if plan.segmentation_name is None:
        return tf.uint8
    dtype = tf.uint8
    first = next((path for path, shard in zip(paths, shards) if shard.num_records), None)
    spec = {contract.SEGMENTATION: tf.io.FixedLenFeature([], tf.string)}
    try:
        with tf.init_scope():  # eagerly, also when `load` is called inside a tf.function
            for record in tf.data.TFRecordDataset(first).take(1):
                dtype = segmentation_dtype(tf.io.parse_single_example(record, spec)[contract.SEGMENTATION].numpy())
    except tf.errors.OpError:  # a damaged first record: reading the shard names it
        pass
    if options.segmentation_fill > dtype.max:
        raise ReadOptionError(
            f"segmentation_fill={options.segmentation_fill} does not fit the segmentation masks of {where}: they are "
            f"8-bit PNGs, read as {dtype.name} (0 to {dtype.max}); give a class up to {dtype.max}"
        )
    return dtype


def _tf_dtype(dtype: object) -> tf.dtypes.DType | None:
    """`ReadOptions.dtype` as a TensorFlow dtype.

    Raises:
      ReadOptionError: it names no TensorFlow dtype (a torch.dtype, say).
    """
    if dtype is None:
        return None
    try:
        return tf.as_dtype(dtype)
    except TypeError:
        raise ReadOptionError(
            f"dtype={dtype!r} is not a TensorFlow dtype: give one (tf.bfloat16) or its name ('bfloat16')"
        ) from None


def _check_local_shards(manifest: Manifest, shards: Sequence[Any]) -> None:
    """Each shard must be a regular file inside the output folder, not a link to one anywhere
    (TensorFlow would follow it, or wait forever on a named pipe), of the manifest's size: each is
    opened as `verify` and the PyTorch reader open them (`shard_index.check_shard_file`).

    Raises:
      ManifestError: naming the first shard that is missing, not a regular file, or a link.
    """
    for shard in shards:
        try:
            check_shard_file(manifest.root, shard)
        except CorruptShardError as error:
            raise ManifestError(f"shard {error}") from None


# Stages, in the order `load` composes them ----------------------------------------------------


def _shard_files(pipeline: _Pipeline) -> tf.data.Dataset:
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


def _interleave(files: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
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


def _share_records(records: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
    """This pipeline's every n-th record, when pipelines share shards by record."""
    mine = pipeline.mine
    return records.shard(mine.record_stride, mine.record_offset) if mine.record_level else records


def _cache(records: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
    """Serialized records cached in memory, or in files at a path; shuffling, parsing and decoding
    still run every epoch."""
    cache = pipeline.options.cache
    return records.cache("" if cache is True else str(cache)) if cache else records


def _repeat(records: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
    repeat = pipeline.options.repeat
    return records.repeat(None if repeat is True else int(repeat)) if repeat else records


def _shuffle(records: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
    """Records through a buffer of about SHUFFLE_BUFFER_BYTES of them."""
    options = pipeline.options
    if not options.shuffle:
        return records
    return records.shuffle(shuffle_buffer_records(pipeline.num_records, pipeline.num_bytes), seed=options.seed)


def _parse_and_decode(records: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
    """Serialized records -> dicts keyed by reader name, images decoded and fitted in the same
    parallel map. Small records are batched first and parsed a batch at a time."""
    options, plan, deterministic = pipeline.options, pipeline.plan, pipeline.deterministic
    if pipeline.small_records:
        batch_size = options.batch_size or PARSE_BATCH_RECORDS
        records = records.batch(batch_size, drop_remainder=options.drop_remainder and bool(options.batch_size))
    parse = _parse_fn(pipeline.manifest, plan.keys, batched=pipeline.small_records, lowest_label=pipeline.lowest_label)
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
    if options.fit == RANDOM_CROP or options.flip:
        run_seed = options.seed if options.seed is not None else random.SystemRandom().randrange(1 << 31)

        def parse_and_decode(index: tf.Tensor, record: tf.Tensor) -> dict[str, tf.Tensor]:
            return decode(parse(record), tf.stack([tf.constant(run_seed, tf.int64), index]))

        records = records.enumerate()
    else:

        def parse_and_decode(record: tf.Tensor) -> dict[str, tf.Tensor]:
            return decode(parse(record))

    return records.map(parse_and_decode, num_parallel_calls=AUTOTUNE, deterministic=deterministic)


def _parse_spec(
    manifest: Manifest, keys: Sequence[str] | None = None
) -> dict[str, tf.io.FixedLenFeature | tf.io.VarLenFeature]:
    """The parsing spec of `keys` (default: every feature) from the manifest's feature spec."""
    spec = {}
    for key in manifest.features if keys is None else keys:
        feature = manifest.features[key]
        dtype = _DTYPES[feature["dtype"]]
        variable = list(feature.get("shape", [])) == [None]
        spec[key] = tf.io.VarLenFeature(dtype) if variable else tf.io.FixedLenFeature([], dtype)
    return spec


def _densify(value: tf.Tensor | tf.sparse.SparseTensor, batched: bool) -> tf.Tensor | tf.RaggedTensor:
    if not isinstance(value, tf.sparse.SparseTensor):
        return value
    return tf.RaggedTensor.from_sparse(value) if batched else tf.sparse.to_dense(value)


def _parse_fn(manifest: Manifest, keys: Sequence[str], *, batched: bool, lowest_label: int = 0) -> Callable[[tf.Tensor], dict]:
    """Serialized record (or batch of them) -> dict keyed by output name; a label index outside
    [lowest_label, labels), and the values `shardify.read.tf_checks` checks (sizes, image
    signatures, objects), fail the read with an error naming the output."""
    spec = _parse_spec(manifest, keys)
    names = {key: manifest.features[key].get("output_name", key) for key in spec}
    parse_fn = tf.io.parse_example if batched else tf.io.parse_single_example
    labels = [key for key in spec if key in contract.LABEL_INDEX_KEYS]
    check_values = values_check_fn(
        list(spec),
        labels=LabelRange(labels, len(manifest.labels), lowest_label),
        class_ids=manifest.objects.classes.values() if manifest.objects else None,
        where=manifest.root,
        batched=batched,
        raw=manifest.stores_pixels,
    )

    def parse(serialized: tf.Tensor) -> dict[str, tf.Tensor]:
        parsed = parse_fn(serialized, spec)
        if check_values is not None:
            parsed = check_values(parsed)
        return {names[key]: _densify(value, batched) for key, value in parsed.items()}

    return parse


def _multi_hot(examples: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
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


def _unbatch(examples: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
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


def _as_supervised(examples: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
    if not pipeline.options.as_supervised:
        return examples
    input_key, label_key = pipeline.plan.supervised_input, pipeline.plan.supervised_target
    return examples.map(lambda example: (example[input_key], example[label_key]), num_parallel_calls=AUTOTUNE)


def _batch(examples: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
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


def _apply_data_options(examples: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
    data_options = pipeline.options.data_options
    return examples if data_options is None else examples.with_options(data_options)


def _on_service(examples: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
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


def _prefetch(examples: tf.data.Dataset, pipeline: _Pipeline) -> tf.data.Dataset:
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
