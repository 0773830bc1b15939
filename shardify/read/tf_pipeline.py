"""What one `tf.data` input pipeline reads, worked out once from the manifest and the options
before any stage runs (`Pipeline`, from `plan_pipeline`): the shards it reads and their records,
whether its records are small enough to parse in batches, how many shards it reads at once, the
dtypes it casts to, the lowest label index its records may hold.

`shardify.read.tf_data.load` composes its stages over one `Pipeline`; `shardify bench` cuts the same
stages over the same `Pipeline`. Also `read_manifest`: a manifest on any TensorFlow file system.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import tensorflow as tf

from shardify.errors import CorruptShardError, ManifestError, ReadOptionError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.format.manifest_model import Manifest
from shardify.format.shard_index import check_shard_file
from shardify.inputs.paths import is_local_path
from shardify.read.options import PAD, STRETCH, ReadOptions, ReadPlan, Share, plan_read, share
from shardify.read.tf_decode import segmentation_dtype

__all__ = [
    "IMAGE_PARSE_BATCH_BYTES", "IMAGE_PARSE_BATCH_RECORDS", "MAX_CYCLE_LENGTH", "SMALL_RECORD_BYTES", "Pipeline", "plan_pipeline",
    "read_manifest",
]

# Shards read at once; more only adds open files once the decode stage is the bottleneck.
MAX_CYCLE_LENGTH = 16
# Records at most this large on average (text, table rows) take the batch-then-parse path, and
# their shards are read one after another: per-record parsing and parallel reads cost more than
# they give for tiny records (measured: 39k records/s parsing one by one against 147k by batches).
SMALL_RECORD_BYTES = 2048
# Images parsed (and their records checked) together before each is decoded on its own: one parse
# op and one set of checks per 64 records instead of per record (measured 2026-11-29: 5% less CPU
# per record on 70 KB JPEGs at 224 x 224, and 16 cost more; docs/performance.md). Fewer where 64
# would hold more than IMAGE_PARSE_BATCH_BYTES (large images: each parallel call holds a batch).
IMAGE_PARSE_BATCH_RECORDS = 64
IMAGE_PARSE_BATCH_BYTES = 8 << 20
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
class Pipeline:
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
      image_parse_batch: images parsed this many records at a time, then decoded one by one
        (`_image_parse_batch`); 0, a parse per record.
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
    image_parse_batch: int = 0


def plan_pipeline(path: str, split: str, options: ReadOptions) -> Pipeline:
    """What `options` read of split `split` of output folder `path`, for this input pipeline.

    Raises:
      ManifestError: no finished output at `path`, no such split, an empty split, or a local
        shard that is not a regular file.
      ReadOptionError: an option that cannot work with this data.
    """
    manifest = read_manifest(path, version=options.version)
    plan = plan_read(manifest, options, path=path, split=split)
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
    return Pipeline(
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
        image_parse_batch=_image_parse_batch(manifest, plan, info.num_bytes, info.num_records),
    )


def _image_parse_batch(manifest: Manifest, plan: ReadPlan, num_bytes: int, num_records: int) -> int:
    """Records whose images are parsed together (`tf.io.parse_example`, the checks over the batch),
    then unbatched and decoded one by one: IMAGE_PARSE_BATCH_RECORDS, fewer where their mean size
    would make a batch larger than IMAGE_PARSE_BATCH_BYTES; 0 (a parse per record) where a parsed
    feature is a list (label lists, objects: ragged when batched), a mask is read, or a record may
    hold pixels (`pixel_batches`, or `tf_pixels` per record). A damaged or failing record then
    fails its batch of parsing: the records before it in that batch are not given either."""
    if not plan.reads_images or plan.object_fields or plan.segmentation_name or manifest.stores_pixels:
        return 0
    if any(list(manifest.features[key].get("shape", [])) == [None] for key in plan.keys):
        return 0
    mean_record_bytes = max(1, num_bytes // max(1, num_records))
    return max(1, min(IMAGE_PARSE_BATCH_RECORDS, IMAGE_PARSE_BATCH_BYTES // mean_record_bytes))


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
