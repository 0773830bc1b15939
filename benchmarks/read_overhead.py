"""Where `shardify.load` spends CPU beyond the decode limit: one pipeline per process, CPU
microseconds per record over a fixed number of batches after a warm-up, one JSON line.

The decode limit (JPEG bytes in memory, `decode_jpeg`, resize, batch) and `load` differ by ~10%
in CPU per record, while rounds of the same figure on a shared machine differ by ±15%: decoding
is ~90% of both and its noise hides the rest. `--stub-decode` replaces TensorFlow's JPEG decoders
with zeros of each JPEG's own size (`load` checks the decoded size against the record's), so what
is left is the resize and what `load` adds around the decode (reading and checksumming records,
shuffling, parsing, the map and batch), measured without the decode's noise.
The pipelines between the limit and `load` (`raw*`) add one part at a time.

Usage: python -m benchmarks.read_overhead VARIANT OUT [--stub-decode] [--batches 40] [--warmup 8]
  [--option FIELD=VALUE ...] (tf.data.Options fields, set on the variant's pipeline)
(docs/performance.md, "The CPU reader against the decode limit", gives what it found.)
  VARIANT: limit, raw, raw_shuffle, raw_all_features, load, load_image_only, load_no_shuffle,
  load_parse_per_record (load's images parsed one record at a time, as before 2026-11-29),
  crop_limit, load_random_crop, load_scaled, load_random_crop_scaled (`scaled_decode=True`:
  JPEGs decoded at the DCT scale that still covers 224 x 224), load_fused (each batch of 64
  parsed and decoded in one map by `tf.map_fn`: 1.13x `load`'s CPU, not kept).
  OUT: a converted output of JPEGs (e.g. `benchmarks.data.make_photos`).
Run the variants in turns, each a process of its own, and compare medians over rounds.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

import tensorflow as tf

import shardify
from shardify.read import tf_data as reader
from shardify.read import tf_pipeline
from shardify.read.tf_parse import parse_spec

IMAGE_SIZE = (224, 224)
BATCH = 64
LIMIT_RECORDS = 2000  # JPEGs the limits hold in memory (from the output's first shards)
SHUFFLE_RECORDS = 900  # about `load`'s buffer for ~70 KB records (SHUFFLE_BUFFER_BYTES)
AUTOTUNE = tf.data.AUTOTUNE


def _jpegs(out: str) -> list[bytes]:
    spec = {"image/encoded": tf.io.FixedLenFeature([], tf.string)}
    records = tf.data.TFRecordDataset(shardify.read_manifest(out).shard_paths("train")).take(LIMIT_RECORDS)
    return [value.numpy() for value in records.map(lambda r: tf.io.parse_single_example(r, spec)["image/encoded"])]


def _limit(out: str) -> tf.data.Dataset:
    decode_resize = lambda data: tf.image.resize(tf.io.decode_jpeg(data, channels=3), IMAGE_SIZE)
    blobs = tf.data.Dataset.from_tensor_slices(_jpegs(out)).repeat()
    return blobs.map(decode_resize, num_parallel_calls=AUTOTUNE).batch(BATCH).prefetch(AUTOTUNE)


def _crop_limit(out: str) -> tf.data.Dataset:
    def crop_flip_resize(index: tf.Tensor, data: tf.Tensor) -> tf.Tensor:
        seed = tf.stack([tf.constant(0, tf.int64), index])
        shape = tf.io.extract_jpeg_shape(data)
        window = reader._crop_window(shape[0], shape[1], fit=reader.RANDOM_CROP, aspect=None, seed=seed)
        image = tf.image.resize(tf.io.decode_and_crop_jpeg(data, window, channels=3), IMAGE_SIZE)
        return tf.image.stateless_random_flip_left_right(image, seed=seed + tf.constant([1, 0], tf.int64))

    blobs = tf.data.Dataset.from_tensor_slices(_jpegs(out)).repeat().enumerate()
    return blobs.map(crop_flip_resize, num_parallel_calls=AUTOTUNE).batch(BATCH).prefetch(AUTOTUNE)


def _raw(shuffle: bool = False, all_features: bool = False) -> Callable[[str], tf.data.Dataset]:
    """The limit's decode, from the shards: parallel reads of every shard, [a shuffle], parsing."""

    def build(out: str) -> tf.data.Dataset:
        manifest = shardify.read_manifest(out)
        paths = manifest.shard_paths("train")
        spec = parse_spec(manifest) if all_features else {"image/encoded": tf.io.FixedLenFeature([], tf.string)}
        records = (
            tf.data.Dataset.from_tensor_slices(paths)
            .repeat()
            .interleave(tf.data.TFRecordDataset, cycle_length=len(paths), num_parallel_calls=AUTOTUNE, deterministic=False)
        )
        if shuffle:
            records = records.shuffle(SHUFFLE_RECORDS)

        def parse_decode(record: tf.Tensor) -> tf.Tensor:
            image = tf.io.decode_jpeg(tf.io.parse_single_example(record, spec)["image/encoded"], channels=3)
            image.set_shape([None, None, 3])
            return tf.image.resize(image, IMAGE_SIZE)

        return records.map(parse_decode, num_parallel_calls=AUTOTUNE, deterministic=False).batch(BATCH).prefetch(AUTOTUNE)

    return build


def _load(**options: object) -> Callable[[str], tf.data.Dataset]:
    return lambda out: shardify.load(out, batch_size=BATCH, image_size=IMAGE_SIZE, repeat=True, **options)


def _load_parse_per_record(out: str) -> tf.data.Dataset:
    """`load` as it read images before 2026-11-29: one `parse_single_example` (and its checks) a
    record, where it now parses IMAGE_PARSE_BATCH_RECORDS at a time."""
    tf_pipeline._image_parse_batch = lambda *args: 0
    return _load()(out)


def _load_fused(out: str) -> tf.data.Dataset:
    """`load`'s stages to the shuffle, then each batch of 64 records parsed and its images decoded
    in one map (`tf.map_fn` over the batch): no unbatch, no per-record map, no batch after it.
    An experiment (2026-11-29, perf32), not `load`'s path."""
    from shardify.read.options import DECODER_KEYS, LOAD, reader_options
    from shardify.read.tf_decode import decode_fn
    from shardify.read.tf_parse import parse_fn

    options = reader_options(LOAD, None, {"batch_size": BATCH, "image_size": IMAGE_SIZE, "repeat": True})
    pipeline = tf_pipeline.plan_pipeline(out, "train", options)
    records = reader._interleave(reader._shard_files(pipeline), pipeline)
    records = reader._shuffle(reader._repeat(records, pipeline), pipeline)
    parse_batch = parse_fn(pipeline.manifest, pipeline.plan.keys, batched=True, lowest_label=pipeline.lowest_label)
    names = [pipeline.plan.names[key] for key in DECODER_KEYS]
    decode = decode_fn(names, options, dtype=None, where=pipeline.manifest.root)
    image_spec = tf.TensorSpec([*IMAGE_SIZE, 3], tf.float32)

    def parse_decode(batch: tf.Tensor) -> dict[str, tf.Tensor]:
        example = parse_batch(batch)

        def one(values: tuple[tf.Tensor, ...]) -> tf.Tensor:
            return decode(dict(zip(names, values)))[names[0]]

        example[names[0]] = tf.map_fn(one, tuple(example[name] for name in names), fn_output_signature=image_spec)
        return example

    batches = records.batch(BATCH).map(parse_decode, num_parallel_calls=AUTOTUNE, deterministic=pipeline.deterministic)
    return batches.prefetch(AUTOTUNE)


VARIANTS: dict[str, Callable[[str], tf.data.Dataset]] = {
    "load_fused": _load_fused,
    "limit": _limit,
    "raw": _raw(),
    "raw_shuffle": _raw(shuffle=True),
    "raw_all_features": _raw(all_features=True),
    "load": _load(),
    "load_image_only": _load(features=["image"]),
    "load_no_shuffle": _load(shuffle=False),
    "load_parse_per_record": _load_parse_per_record,
    "crop_limit": _crop_limit,
    "load_random_crop": _load(fit="random_crop", flip=True),
    "load_scaled": _load(scaled_decode=True),
    "load_random_crop_scaled": _load(fit="random_crop", flip=True, scaled_decode=True),
}


def _stub_decoders() -> None:
    """Every JPEG decode gives an image of zeros of the size the JPEG's header gives (the crop
    window's, for a crop), so `load`'s check of the decoded size against the recorded one still
    passes and the resize still has the real image's work. The zeros depend on the bytes (their
    length times 0), so TensorFlow cannot fold the resize that follows into a constant while
    building the graph (a constant would flatter the limit, whose pipeline is otherwise all
    constants)."""

    def zeros(contents: tf.Tensor, *args: object, **kwargs: object) -> tf.Tensor:
        window = kwargs.get("crop_window", args[0] if args and not isinstance(args[0], int) else None)
        size = tf.cast(window[2:], tf.int32) if window is not None else tf.io.extract_jpeg_shape(contents)[:2]
        return tf.fill(tf.concat([size, [3]], 0), tf.cast(tf.strings.length(contents) * 0, tf.uint8))

    tf.io.decode_jpeg = tf.io.decode_image = tf.io.decode_and_crop_jpeg = zeros


def _option(options: tf.data.Options, setting: str) -> None:
    """A tf.data.Options field set on whichever pipeline runs, the limits as well as `load` (so a
    setting that helps both does not pass for `load`'s own saving), e.g.
    threading.private_threadpool_size=2 or experimental_optimization.inject_prefetch=false."""
    field, _, text = setting.partition("=")
    *parents, name = field.split(".")
    target = options
    for parent in parents:
        target = getattr(target, parent)
    value = {"true": True, "false": False}.get(text.lower(), text)
    setattr(target, name, int(value) if isinstance(value, str) and value.lstrip("-").isdigit() else value)


def _data_options(settings: list[str]) -> tf.data.Options:
    options = tf.data.Options()
    for setting in settings:
        _option(options, setting)
    return options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", choices=sorted(VARIANTS))
    parser.add_argument("out")
    parser.add_argument("--stub-decode", action="store_true")
    parser.add_argument("--batches", type=int, default=40)
    parser.add_argument("--warmup", type=int, default=8)
    parser.add_argument("--option", action="append", default=[], metavar="FIELD=VALUE", help=_option.__doc__)
    args = parser.parse_args()
    if args.stub_decode:
        _stub_decoders()
    dataset = VARIANTS[args.variant](args.out)
    if args.option:
        dataset = dataset.with_options(_data_options(args.option))
    batches = iter(dataset)
    for _ in range(args.warmup):  # the shuffle buffer filled, tf.data's autotuning settled
        next(batches)
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(args.batches):
        next(batches)
    records = args.batches * BATCH
    cpu_us = 1e6 * (time.process_time() - cpu) / records
    rate = records / (time.perf_counter() - wall)
    figures = {"variant": args.variant, "stub_decode": args.stub_decode, "cpu_us": round(cpu_us, 1), "rate": round(rate, 1)}
    if args.option:
        figures["options"] = args.option
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
