"""Reading shardify output as a `tf.data` pipeline, from the manifest alone (no globbing).

`load` composes small stages, each taking and returning a `tf.data.Dataset`:

    shard files (this pipeline's, shuffled) -> interleaved parallel reads -> [record-level sharding]
    -> cache -> repeat -> record shuffle -> parse and decode (one parallel map) -> batch -> prefetch

Small records (text, tables) are batched first and parsed a batch at a time with
`tf.io.parse_example`: the manifest's mean record size chooses the path, not the caller.
`distribute` builds one such pipeline per `tf.distribute` input pipeline.

The options shared with the PyTorch reader (`shardify.torch`), what they mean for a manifest and
the sharding rule among input pipelines live in `shardify.read_options`, so the two cannot drift.
"""

from __future__ import annotations

import logging
import os
import random
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import tensorflow as tf

from shardify.errors import ManifestError, ReadOptionError
from shardify.format import contract
from shardify.format.manifest import Manifest, load_manifest
from shardify.inputs.paths import is_local_path
from shardify.read.options import (
    CENTER_CROP,
    CROP_AREA_RANGE,
    CROP_ASPECT_RANGE,
    CROP_ATTEMPTS,
    DECODER_KEYS,
    FITS,
    PAD,
    RANDOM_CROP,
    STRETCH,
    ReadOptions,
    plan_read,
    share,
    shuffle_buffer_records,
)

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
_DECODER_KEYS = DECODER_KEYS
_LOG = logging.getLogger("shardify")


def read_manifest(path: str) -> Manifest:
    """The manifest of output folder `path`, local or on any TensorFlow file system (gs://...)."""

    def _read_text(manifest_path: str) -> str:
        try:
            with tf.io.gfile.GFile(manifest_path, "r") as f:
                return f.read()
        except tf.errors.NotFoundError:
            raise FileNotFoundError(manifest_path) from None

    # Local manifests are read as every untrusted input is (see `manifest.load_manifest`).
    return load_manifest(path, read_text=None if is_local_path(path) else _read_text)


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


# Stages ------------------------------------------------------------------------------------------


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


def _shard_files(
    paths: Sequence[str], num_records: Sequence[int], *, shuffle: bool, seed: int | None
) -> tf.data.Dataset:
    """(path, records the manifest gives it) per shard."""
    files = tf.data.Dataset.from_tensor_slices((list(paths), tf.constant(list(num_records), tf.int64)))
    return files.shuffle(len(paths), seed=seed, reshuffle_each_iteration=True) if shuffle else files


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


def _interleave_records(
    files: tf.data.Dataset, *, cycle_length: int, block_length: int, parallel: bool, deterministic: bool
) -> tf.data.Dataset:
    if not parallel:  # tiny records: one shard after another is faster than parallel reads
        return files.interleave(_read_shard, cycle_length=cycle_length, block_length=block_length)
    return files.interleave(
        _read_shard,
        cycle_length=cycle_length,
        block_length=block_length,
        num_parallel_calls=AUTOTUNE,
        deterministic=deterministic,
    )


def _densify(value: tf.Tensor | tf.sparse.SparseTensor, batched: bool) -> tf.Tensor | tf.RaggedTensor:
    if not isinstance(value, tf.sparse.SparseTensor):
        return value
    return tf.RaggedTensor.from_sparse(value) if batched else tf.sparse.to_dense(value)


def _parse_fn(manifest: Manifest, keys: Sequence[str], *, batched: bool) -> Callable[[tf.Tensor], dict]:
    """Serialized record (or batch of them) -> dict keyed by output name."""
    spec = _parse_spec(manifest, keys)
    names = {key: manifest.features[key].get("output_name", key) for key in spec}
    parse_fn = tf.io.parse_example if batched else tf.io.parse_single_example

    def parse(serialized: tf.Tensor) -> dict[str, tf.Tensor]:
        parsed = parse_fn(serialized, spec)
        return {names[key]: _densify(value, batched) for key, value in parsed.items()}

    return parse


def _crop_window(
    height: tf.Tensor, width: tf.Tensor, *, fit: str, aspect: float | None, seed: tf.Tensor | None
) -> tf.Tensor:
    """[y, x, h, w] of the pixels to decode: all, a centred crop to `aspect`, or a random crop
    drawn from the element's own stateless `seed`."""
    height, width = tf.cast(height, tf.int32), tf.cast(width, tf.int32)
    if fit == RANDOM_CROP:
        shape = tf.stack([height, width, 3])
        begin, size, _ = tf.image.stateless_sample_distorted_bounding_box(
            shape,
            bounding_boxes=tf.constant([[[0.0, 0.0, 1.0, 1.0]]]),
            seed=seed,
            min_object_covered=0.0,
            aspect_ratio_range=CROP_ASPECT_RANGE,
            area_range=CROP_AREA_RANGE,
            max_attempts=CROP_ATTEMPTS,
            use_image_if_no_bounding_boxes=True,
        )
        return tf.stack([begin[0], begin[1], size[0], size[1]])
    if fit == CENTER_CROP and aspect:
        crop_h = tf.minimum(height, tf.cast(tf.round(tf.cast(width, tf.float32) / aspect), tf.int32))
        crop_w = tf.minimum(width, tf.cast(tf.round(tf.cast(height, tf.float32) * aspect), tf.int32))
        return tf.stack([(height - crop_h) // 2, (width - crop_w) // 2, crop_h, crop_w])
    return tf.stack([0, 0, height, width])


def _decode_fn(
    names: Sequence[str],
    *,
    image_size: tuple[int, int] | None,
    fit: str,
    flip: bool,
    normalize: bool,
    dtype: tf.dtypes.DType | str | None = None,
) -> Callable[..., dict]:
    """Decode (JPEGs: only the pixels inside the crop window), resize, flip, scale. `names` are
    the output names of _DECODER_KEYS in the manifest.

    Random crops and flips are stateless, from the element's `seed` ([run seed, element index]):
    repeatable with `load(seed=...)`, and free to run in parallel.
    """
    image_key, height_key, width_key, format_key = names
    aspect = image_size[1] / image_size[0] if image_size else None

    crops = fit in (CENTER_CROP, RANDOM_CROP)

    def decode(example: dict[str, tf.Tensor], seed: tf.Tensor | None = None) -> dict[str, tf.Tensor]:
        encoded = example[image_key]
        if crops:
            window = _crop_window(example[height_key], example[width_key], fit=fit, aspect=aspect, seed=seed)

            def jpeg() -> tf.Tensor:
                return tf.io.decode_and_crop_jpeg(encoded, window, channels=3)

            def other() -> tf.Tensor:
                image = tf.io.decode_image(encoded, channels=3, expand_animations=False)
                return tf.image.crop_to_bounding_box(image, window[0], window[1], window[2], window[3])

            image = tf.cond(tf.equal(example[format_key], b"jpeg"), jpeg, other)
        else:
            image = tf.io.decode_image(encoded, channels=3, expand_animations=False)
        image.set_shape([None, None, 3])
        if image_size is not None:
            if fit == PAD:
                image = tf.image.resize_with_pad(image, *image_size)
            else:
                image = tf.image.resize(image, image_size)  # float32, values in [0, 255]
        if flip:
            image = tf.image.stateless_random_flip_left_right(image, seed=seed + tf.constant([1, 0], tf.int64))
        if normalize:
            image = tf.cast(image, tf.float32) / 255.0
        if dtype is not None:
            image = tf.cast(tf.round(image) if tf.as_dtype(dtype).is_integer and image.dtype.is_floating else image, dtype)
        return {**example, image_key: image}

    return decode


def _multi_hot(examples: tf.data.Dataset, label_key: str, num_labels: int, *, batched: bool) -> tf.data.Dataset:
    """Multi-label index lists as float32 vectors of length `num_labels` ([batch, num_labels] if batched)."""

    def encode(example: dict[str, tf.Tensor]) -> dict[str, tf.Tensor]:
        # A sum, not a max: a record with no labels sums to zeros, where a max would give -inf.
        hot = tf.one_hot(example[label_key], num_labels, dtype=tf.float32)
        hot = tf.minimum(tf.reduce_sum(hot, axis=-2), 1.0)
        return {**example, label_key: tf.ensure_shape(hot, [None, num_labels] if batched else [num_labels])}

    return examples.map(encode, num_parallel_calls=AUTOTUNE)


def _as_supervised(examples: tf.data.Dataset, input_key: str, label_key: str) -> tf.data.Dataset:
    return examples.map(lambda example: (example[input_key], example[label_key]), num_parallel_calls=AUTOTUNE)


# The reader --------------------------------------------------------------------------------------


def load(
    path: str,
    split: str = "train",
    *,
    batch_size: int | None = None,
    shuffle: bool = True,
    seed: int | None = None,
    deterministic: bool | None = None,
    repeat: bool | int = False,
    cache: bool | str = False,
    cycle_length: int | None = None,
    block_length: int = 1,
    num_parallel_reads: int | None = None,
    drop_remainder: bool = False,
    image_size: tuple[int, int] | None = None,
    fit: str = STRETCH,
    flip: bool = False,
    normalize: bool = False,
    dtype: tf.dtypes.DType | str | None = None,
    as_supervised: bool = False,
    multi_hot: bool = True,
    features: Sequence[str] | None = None,
    options: tf.data.Options | None = None,
    input_context: tf.distribute.InputContext | None = None,
    device: str | None = None,
) -> tf.data.Dataset:
    """A `tf.data.Dataset` over one split of a shardify output folder.

    Every feature comes back under its manifest `output_name` with the manifest's dtype: images
    decoded to uint8 HxWx3 (float32 when resized), text as `tf.string`, labels as int64 indices
    into `labels(path).names`, kept table columns as int64, float32 or string.

    Args:
      path: output folder (or its manifest.json), local or gs://.
      split: split name, e.g. "train".
      batch_size: records per batch; None yields single records.
      shuffle: shuffle shard order and records (each epoch differently).
      seed: makes the shuffle repeatable.
      deterministic: keep element order fixed across parallel stages; default: True without
        shuffle or with a seed, else False (faster).
      repeat: True repeats forever, an int that many epochs, False reads once.
      cache: True caches the serialized records in memory, a path caches them in files there (the
        first epoch fills it); shuffling, parsing and decoding still run every epoch.
      cycle_length: shards read at once (default: up to 16; 1 for small records).
      block_length: consecutive records taken from a shard before moving to the next.
      num_parallel_reads: another name for cycle_length, as `tf.data.TFRecordDataset` spells it.
      drop_remainder: drop a last, smaller batch (fixed shapes for TPUs and some strategies).
      image_size: (height, width) to resize every image to; images come back as float32 in
        [0, 255]. Needed to batch images of different sizes.
      fit: how an image meets image_size: "stretch" (resize), "pad" (keep the aspect, pad),
        "center_crop" (crop to the aspect, then resize) or "random_crop" (a random crop of 8-100%
        of the area, aspect 3/4-4/3, then resize: training augmentation). Crops of JPEGs decode
        only the cropped pixels.
      flip: randomly flip images left-right.
      normalize: scale pixels to float32 in [0, 1].
      dtype: cast images to this dtype last (e.g. tf.bfloat16 or tf.float16 for mixed precision;
        tf.uint8 to keep decoded pixels small); None keeps uint8, or float32 once resized.
      as_supervised: yield `(image or text, label)` pairs, ready for `Model.fit`.
      multi_hot: for multi-label data, `label` as a float32 multi-hot vector over all labels;
        False keeps the int64 index list (batches are then ragged).
      features: output names (or keys) to read; None reads all. Unread features are never parsed.
      options: a `tf.data.Options` applied to the result.
      input_context: this input pipeline's place under `tf.distribute`: it reads its own shards
        (or, with fewer shards than pipelines, every n-th record); see `distribute`.
      device: e.g. "/gpu:0": prefetch batches into that device's memory; on a machine without it
        the same call prefetches on the host. (Under a strategy, `distribute` places batches.)

    Returns:
      The dataset; its cardinality is known from the manifest unless `repeat` is True.

    Raises:
      ManifestError: no finished output at `path`, or no such split.
      ReadOptionError: (a ValueError) an option that cannot work with this data (see the message).
    """
    read = ReadOptions(
        shuffle=shuffle,
        seed=seed,
        image_size=image_size,
        fit=fit,
        flip=flip,
        normalize=normalize,
        as_supervised=as_supervised,
        multi_hot=multi_hot,
        features=features,
    )
    if batch_size is not None and batch_size < 1:
        raise ReadOptionError(f"batch_size={batch_size} must be at least 1, or None for single records")
    if block_length < 1:
        raise ReadOptionError(f"block_length={block_length} must be at least 1")
    manifest = read_manifest(path)
    plan = plan_read(manifest, read, path=path)
    image_key, text_key, label_key = plan.image_name, plan.text_name, plan.label_name
    keys, reads_images = list(plan.keys), plan.reads_images
    image_size = read.image_size
    if batch_size is not None and reads_images and image_size is None:
        raise ReadOptionError("batch_size needs image_size=(height, width): images differ in size")
    info = manifest.split(split)
    if info.num_records == 0:
        raise ManifestError(f"split {split!r} of {path} has no records")
    if deterministic is None:
        deterministic = not shuffle or seed is not None
    small_records = not reads_images and info.num_bytes <= SMALL_RECORD_BYTES * info.num_records

    paths = manifest.shard_paths(split)
    if is_local_path(path):
        _check_local_shards(paths)
    shard_records = [shard.num_records for shard in info.shards]
    shard_bytes = [shard.num_bytes for shard in info.shards]
    pipelines, index = (input_context.num_input_pipelines, input_context.input_pipeline_id) if input_context else (1, 0)
    mine = share(len(paths), pipelines, index)
    record_level = mine.record_level
    if record_level:  # every pipeline reads every shard, in manifest order (`records.shard` below)
        _LOG.warning(
            "%s has %d shards of %s for %d input pipelines: each pipeline reads every record "
            "and keeps every %d-th (convert with --shards >= %d to read each shard once)",
            path, len(paths), split, pipelines, pipelines, pipelines,
        )
    else:
        paths = [paths[i] for i in mine.shards]
        shard_records = [shard_records[i] for i in mine.shards]
        shard_bytes = [shard_bytes[i] for i in mine.shards]
    num_records, num_bytes = sum(shard_records), sum(shard_bytes)
    cycle = cycle_length or num_parallel_reads or (1 if small_records else min(len(paths), MAX_CYCLE_LENGTH))
    files = _shard_files(paths, shard_records, shuffle=shuffle and not record_level, seed=seed)
    records = _interleave_records(
        files,
        cycle_length=max(1, min(cycle, len(paths))),
        block_length=block_length,
        parallel=cycle > 1,
        deterministic=deterministic or record_level,
    )
    records = records.apply(tf.data.experimental.assert_cardinality(num_records))
    if record_level:
        records = records.shard(mine.record_stride, mine.record_offset)
        num_records = len(range(mine.record_offset, num_records, mine.record_stride))
    if cache:
        records = records.cache("" if cache is True else str(cache))
    if repeat:
        records = records.repeat(None if repeat is True else int(repeat))
    if shuffle:
        records = records.shuffle(shuffle_buffer_records(num_records, num_bytes), seed=seed)

    batched = small_records
    if small_records:
        records = records.batch(batch_size or PARSE_BATCH_RECORDS, drop_remainder=drop_remainder and bool(batch_size))
    parse = _parse_fn(manifest, keys, batched=batched)
    if not reads_images:
        examples = records.map(parse, num_parallel_calls=AUTOTUNE, deterministic=deterministic)
    else:  # one map: parse and decode in the same parallel call
        names = [plan.names[key] for key in _DECODER_KEYS]
        decode = _decode_fn(names, image_size=image_size, fit=fit, flip=flip, normalize=normalize, dtype=dtype)
        if fit == RANDOM_CROP or flip:
            run_seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)

            def parse_and_decode(index: tf.Tensor, record: tf.Tensor) -> dict[str, tf.Tensor]:
                return decode(parse(record), tf.stack([tf.constant(run_seed, tf.int64), index]))

            records = records.enumerate()
        else:

            def parse_and_decode(record: tf.Tensor) -> dict[str, tf.Tensor]:
                return decode(parse(record))

        examples = records.map(parse_and_decode, num_parallel_calls=AUTOTUNE, deterministic=deterministic)
    multi_label = plan.multi_label
    if plan.multi_hot_label(read):
        examples = _multi_hot(examples, label_key, len(manifest.labels), batched=batched)
    if small_records and batch_size is None:
        examples = examples.unbatch()
        if repeat is not True:  # unbatch forgets the count; the manifest knows it
            epochs = 1 if repeat is False else int(repeat)
            examples = examples.apply(tf.data.experimental.assert_cardinality(num_records * epochs))
    if as_supervised:
        examples = _as_supervised(examples, image_key or text_key, label_key)
    if batch_size is not None and not small_records:
        if multi_label and not (multi_hot and as_supervised):  # variable-length label lists
            examples = examples.ragged_batch(batch_size, drop_remainder=drop_remainder)
        else:  # plain: tf.data fuses it with the map before it (measured faster than a parallel batch)
            examples = examples.batch(batch_size, drop_remainder=drop_remainder)
    if options is not None:
        examples = examples.with_options(options)
    return _prefetch(examples, device)


def _check_local_shards(paths: Sequence[str]) -> None:
    """Each shard must be a regular file: TensorFlow would wait forever on a named pipe.

    Raises:
      ManifestError: naming the first shard that is missing or not a regular file.
    """
    for shard in paths:
        try:
            mode = os.stat(shard).st_mode
        except OSError as error:
            raise ManifestError(f"cannot read shard {shard}: {error.strerror} (run `shardify verify`)") from None
        if not stat.S_ISREG(mode):
            raise ManifestError(f"shard {shard} is not a regular file")


def _prefetch(examples: tf.data.Dataset, device: str | None) -> tf.data.Dataset:
    """Prefetch on the host, or into `device`'s memory when this machine has that device."""
    if device:
        wanted = tf.DeviceSpec.from_string(device)
        present = [tf.DeviceSpec.from_string(d.name) for d in tf.config.list_logical_devices()]
        if any(d.device_type == (wanted.device_type or "").upper() and d.device_index == (wanted.device_index or 0) for d in present):
            return examples.apply(tf.data.experimental.prefetch_to_device(device))
        _LOG.info("no device %s here: prefetching on the host", device)
    return examples.prefetch(AUTOTUNE)


def distribute(
    strategy: tf.distribute.Strategy,
    path: str,
    split: str = "train",
    *,
    global_batch_size: int,
    **load_options: object,
) -> tf.distribute.DistributedDataset:
    """A distributed dataset for `strategy`: one input pipeline per worker, each reading its own
    shards and batching `global_batch_size / num_replicas` records per replica.

    With fewer shards than input pipelines, every pipeline reads all shards and keeps every n-th
    record (said once in the log) instead of failing. `load_options` are `load`'s keywords.

    Raises:
      ValueError: `global_batch_size` does not divide evenly among the replicas.
    """
    if global_batch_size % strategy.num_replicas_in_sync:
        raise ValueError(
            f"global_batch_size={global_batch_size} does not divide among "
            f"{strategy.num_replicas_in_sync} replicas"
        )

    def dataset_fn(context: tf.distribute.InputContext) -> tf.data.Dataset:
        return load(
            path,
            split,
            batch_size=context.get_per_replica_batch_size(global_batch_size),
            input_context=context,
            **load_options,
        )

    return strategy.distribute_datasets_from_function(dataset_fn)
