"""Reading shardify output as a `tf.data` pipeline, from the manifest alone (no globbing).

`load` composes small stages, each taking and returning a `tf.data.Dataset`:
shard files (shuffled) -> interleaved parallel reads -> record shuffle -> parallel parse ->
decode and resize -> batch -> prefetch.
"""

from __future__ import annotations

from collections.abc import Sequence

import tensorflow as tf

from shardify import contract
from shardify.errors import ManifestError
from shardify.manifest import Manifest, load_manifest

__all__ = ["read_manifest", "load"]

AUTOTUNE = tf.data.AUTOTUNE
# The record shuffle buffer holds about this many bytes of serialized records: enough to mix
# records from every interleaved shard, small enough for any training host.
SHUFFLE_BUFFER_BYTES = 64 * 1024 * 1024
# Shards read at once; more only adds open files once the decode stage is the bottleneck.
MAX_CYCLE_LENGTH = 16
_DTYPES = {"string": tf.string, "int64": tf.int64, "float32": tf.float32}


def read_manifest(path: str) -> Manifest:
    """The manifest of output folder `path`, local or on any TensorFlow file system (gs://...)."""

    def _read_text(manifest_path: str) -> str:
        try:
            with tf.io.gfile.GFile(manifest_path, "r") as f:
                return f.read()
        except tf.errors.NotFoundError:
            raise FileNotFoundError(manifest_path) from None

    return load_manifest(path, read_text=_read_text)


def _parse_spec(manifest: Manifest) -> dict[str, tf.io.FixedLenFeature]:
    return {
        key: tf.io.FixedLenFeature(spec.get("shape", []), _DTYPES[spec["dtype"]])
        for key, spec in manifest.features.items()
    }


def _shard_files(paths: Sequence[str], *, shuffle: bool, seed: int | None) -> tf.data.Dataset:
    files = tf.data.Dataset.from_tensor_slices(list(paths))
    return files.shuffle(len(paths), seed=seed, reshuffle_each_iteration=True) if shuffle else files


def _interleave_records(files: tf.data.Dataset, *, num_files: int, deterministic: bool) -> tf.data.Dataset:
    return files.interleave(
        tf.data.TFRecordDataset,
        cycle_length=max(1, min(num_files, MAX_CYCLE_LENGTH)),
        num_parallel_calls=AUTOTUNE,
        deterministic=deterministic,
    )


def _shuffle_buffer_records(manifest: Manifest, split: str) -> int:
    info = manifest.split(split)
    mean_record_bytes = max(1, info.num_bytes // max(1, info.num_records))
    return max(1, min(info.num_records, SHUFFLE_BUFFER_BYTES // mean_record_bytes))


def _parse(records: tf.data.Dataset, manifest: Manifest, *, deterministic: bool) -> tf.data.Dataset:
    spec = _parse_spec(manifest)
    names = {key: manifest.features[key].get("output_name", key) for key in spec}

    def parse(serialized: tf.Tensor) -> dict[str, tf.Tensor]:
        parsed = tf.io.parse_single_example(serialized, spec)
        return {names[key]: value for key, value in parsed.items()}

    return records.map(parse, num_parallel_calls=AUTOTUNE, deterministic=deterministic)


def _decode_images(
    examples: tf.data.Dataset, *, image_size: tuple[int, int] | None, deterministic: bool
) -> tf.data.Dataset:
    image_key = _output_name(contract.IMAGE_ENCODED)

    def decode(example: dict[str, tf.Tensor]) -> dict[str, tf.Tensor]:
        image = tf.io.decode_image(example[image_key], channels=3, expand_animations=False)
        image.set_shape([None, None, 3])
        if image_size is not None:
            image = tf.image.resize(image, image_size)  # float32, values in [0, 255]
        return {**example, image_key: image}

    return examples.map(decode, num_parallel_calls=AUTOTUNE, deterministic=deterministic)


def _output_name(key: str) -> str:
    return next(f.output_name for f in contract.IMAGE_FEATURES if f.key == key)


def _as_supervised(examples: tf.data.Dataset) -> tf.data.Dataset:
    image, label = _output_name(contract.IMAGE_ENCODED), _output_name(contract.LABEL)
    return examples.map(lambda example: (example[image], example[label]), num_parallel_calls=AUTOTUNE)


def load(
    path: str,
    split: str = "train",
    *,
    batch_size: int | None = None,
    shuffle: bool = True,
    seed: int | None = None,
    image_size: tuple[int, int] | None = None,
    as_supervised: bool = False,
) -> tf.data.Dataset:
    """A `tf.data.Dataset` over one split of a shardify output folder.

    Args:
      path: output folder (or its manifest.json), local or gs://.
      split: split name, e.g. "train".
      batch_size: records per batch; None yields single records.
      shuffle: shuffle shard order and records (each epoch differently).
      seed: makes the shuffle repeatable; with a seed the element order is deterministic too.
      image_size: (height, width) to resize every image to; images come back as float32 in
        [0, 255]. Needed to batch images of different sizes.
      as_supervised: yield `(image, label)` pairs, ready for `Model.fit`, instead of dicts keyed by
        the features' output names (image, label, label_text, filename, ...).

    Returns:
      The dataset; its cardinality is known from the manifest.

    Raises:
      ManifestError: no finished output at `path`, or no such split.
      ValueError: `batch_size` without `image_size` (images of different sizes cannot be stacked).
    """
    if batch_size is not None and batch_size < 1:
        raise ValueError(f"batch_size={batch_size} must be at least 1, or None for single records")
    if batch_size is not None and image_size is None:
        raise ValueError("batch_size needs image_size=(height, width): images differ in size")
    manifest = read_manifest(path)
    info = manifest.split(split)
    if info.num_records == 0:
        raise ManifestError(f"split {split!r} of {path} has no records")
    deterministic = not shuffle or seed is not None
    paths = manifest.shard_paths(split)
    records = _interleave_records(
        _shard_files(paths, shuffle=shuffle, seed=seed), num_files=len(paths), deterministic=deterministic
    )
    records = records.apply(tf.data.experimental.assert_cardinality(info.num_records))
    if shuffle:
        records = records.shuffle(_shuffle_buffer_records(manifest, split), seed=seed)
    examples = _decode_images(
        _parse(records, manifest, deterministic=deterministic), image_size=image_size, deterministic=deterministic
    )
    if as_supervised:
        examples = _as_supervised(examples)
    if batch_size is not None:
        examples = examples.batch(batch_size, num_parallel_calls=AUTOTUNE, deterministic=deterministic)
    return examples.prefetch(AUTOTUNE)
