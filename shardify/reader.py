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


def _parse_spec(manifest: Manifest) -> dict[str, tf.io.FixedLenFeature | tf.io.VarLenFeature]:
    spec = {}
    for key, feature in manifest.features.items():
        dtype = _DTYPES[feature["dtype"]]
        variable = list(feature.get("shape", [])) == [None]
        spec[key] = tf.io.VarLenFeature(dtype) if variable else tf.io.FixedLenFeature([], dtype)
    return spec


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
        return {
            names[key]: tf.sparse.to_dense(value) if isinstance(value, tf.sparse.SparseTensor) else value
            for key, value in parsed.items()
        }

    return records.map(parse, num_parallel_calls=AUTOTUNE, deterministic=deterministic)


def _output_name(manifest: Manifest, key: str) -> str | None:
    feature = manifest.features.get(key)
    return feature.get("output_name", key) if feature else None


def _decode_images(
    examples: tf.data.Dataset, image_key: str, *, image_size: tuple[int, int] | None, deterministic: bool
) -> tf.data.Dataset:
    def decode(example: dict[str, tf.Tensor]) -> dict[str, tf.Tensor]:
        image = tf.io.decode_image(example[image_key], channels=3, expand_animations=False)
        image.set_shape([None, None, 3])
        if image_size is not None:
            image = tf.image.resize(image, image_size)  # float32, values in [0, 255]
        return {**example, image_key: image}

    return examples.map(decode, num_parallel_calls=AUTOTUNE, deterministic=deterministic)


def _multi_hot(examples: tf.data.Dataset, label_key: str, num_labels: int) -> tf.data.Dataset:
    """Multi-label records' label index lists as float32 vectors of length `num_labels`."""

    def encode(example: dict[str, tf.Tensor]) -> dict[str, tf.Tensor]:
        # A sum, not a max: a record with no labels sums to zeros, where a max would give -inf.
        hot = tf.minimum(tf.reduce_sum(tf.one_hot(example[label_key], num_labels, dtype=tf.float32), axis=0), 1.0)
        hot = tf.ensure_shape(hot, [num_labels])
        return {**example, label_key: hot}

    return examples.map(encode, num_parallel_calls=AUTOTUNE)


def _as_supervised(examples: tf.data.Dataset, input_key: str, label_key: str) -> tf.data.Dataset:
    return examples.map(lambda example: (example[input_key], example[label_key]), num_parallel_calls=AUTOTUNE)


def _batch(examples: tf.data.Dataset, batch_size: int, *, ragged: bool, deterministic: bool) -> tf.data.Dataset:
    if ragged:  # variable-length features (multi-label index lists) batch as RaggedTensors
        return examples.ragged_batch(batch_size)
    return examples.batch(batch_size, num_parallel_calls=AUTOTUNE, deterministic=deterministic)


def load(
    path: str,
    split: str = "train",
    *,
    batch_size: int | None = None,
    shuffle: bool = True,
    seed: int | None = None,
    image_size: tuple[int, int] | None = None,
    as_supervised: bool = False,
    multi_hot: bool = True,
) -> tf.data.Dataset:
    """A `tf.data.Dataset` over one split of a shardify output folder.

    Every feature comes back under its manifest `output_name` with the manifest's dtype: images
    decoded to uint8 HxWx3 (float32 when resized), text as `tf.string`, labels as int64 indices
    into `read_manifest(path).labels`, kept table columns as int64, float32 or string.

    Args:
      path: output folder (or its manifest.json), local or gs://.
      split: split name, e.g. "train".
      batch_size: records per batch; None yields single records.
      shuffle: shuffle shard order and records (each epoch differently).
      seed: makes the shuffle repeatable; with a seed the element order is deterministic too.
      image_size: (height, width) to resize every image to; images come back as float32 in
        [0, 255]. Needed to batch images of different sizes.
      as_supervised: yield `(image or text, label)` pairs, ready for `Model.fit`, instead of dicts
        keyed by the features' output names (image, text, label, label_text, filename, ...).
      multi_hot: for multi-label data, return `label` as a float32 multi-hot vector over all labels
        (what a sigmoid output layer expects); False keeps the int64 index list.

    Returns:
      The dataset; its cardinality is known from the manifest.

    Raises:
      ManifestError: no finished output at `path`, or no such split.
      ValueError: `batch_size` without `image_size` for images (sizes differ), or `as_supervised`
        on unlabelled data.
    """
    if batch_size is not None and batch_size < 1:
        raise ValueError(f"batch_size={batch_size} must be at least 1, or None for single records")
    manifest = read_manifest(path)
    image_key = _output_name(manifest, contract.IMAGE_ENCODED)
    text_key = _output_name(manifest, contract.TEXT)
    label_key = _output_name(manifest, contract.LABEL) or _output_name(manifest, contract.TEXT_LABEL)
    if batch_size is not None and image_key and image_size is None:
        raise ValueError("batch_size needs image_size=(height, width): images differ in size")
    if as_supervised and not label_key:
        raise ValueError(f"as_supervised needs labels, and {path} is unlabelled")
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
    examples = _parse(records, manifest, deterministic=deterministic)
    if image_key:
        examples = _decode_images(examples, image_key, image_size=image_size, deterministic=deterministic)
    multi_label = manifest.label_mode == contract.LABEL_MULTI
    if multi_label and multi_hot:
        examples = _multi_hot(examples, label_key, len(manifest.labels))
    if as_supervised:
        examples = _as_supervised(examples, image_key or text_key, label_key)
    if batch_size is not None:
        ragged = multi_label and (not multi_hot or not as_supervised)
        examples = _batch(examples, batch_size, ragged=ragged, deterministic=deterministic)
    return examples.prefetch(AUTOTUNE)
