"""Reader throughput of one figure, in a process of its own (figures measured one after another
in one process disturbed each other: a random-crop pass ran at half speed after two others).
Prints one JSON line: {figure: {"rate": records/s, "cpu_us": CPU microseconds per record}}.

CPU time per record is the steadier figure on a small shared machine: in some processes tf.data
keeps only one of two cores busy (any pipeline, the decode limit too), which halves records/s but
leaves the work per record as it was.

Usage: python -m benchmarks.read_bench FIGURE SHARDIFY_OUT IMAGE_SRC TEXTS_OUT [--quick]
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable

import tensorflow as tf

import shardify
from shardify.read import tf_data as reader

IMAGE_SIZE = (224, 224)
BATCH = 64


def _rate(ds: tf.data.Dataset, records_per_element: int = 1, repeats: int = 2) -> dict[str, float]:
    """Records/s and CPU µs/record of the fastest full pass, after one warm-up pass."""
    for _ in ds:
        pass
    best = {"rate": 0.0, "cpu_us": 0.0}
    for _ in range(repeats):
        started, cpu_started, count = time.perf_counter(), time.process_time(), 0
        for element in ds:
            count += int(tf.shape(tf.nest.flatten(element)[0])[0]) if records_per_element > 1 else 1
        rate = count / (time.perf_counter() - started)
        if rate > best["rate"]:
            best = {"rate": rate, "cpu_us": 1e6 * (time.process_time() - cpu_started) / count}
    return best


def _jpeg_bytes(src: str, quick: bool) -> list[bytes]:
    files = sorted(os.path.join(d, n) for d, _, names in os.walk(src) for n in names if n.endswith(".jpg"))
    return [open(f, "rb").read() for f in files[: 2000 if quick else None]]


def _datasets(out: str, src: str, texts_out: str, quick: bool) -> dict[str, tuple[Callable[[], tf.data.Dataset], int]]:
    """Figure name -> (builds its dataset, records per element)."""
    take = (lambda ds: ds.take(2000 // BATCH)) if quick else (lambda ds: ds)

    def raw() -> tf.data.Dataset:
        paths = shardify.read_manifest(out).shard_paths("train")
        return tf.data.Dataset.from_tensor_slices(paths).interleave(
            tf.data.TFRecordDataset, cycle_length=len(paths), num_parallel_calls=tf.data.AUTOTUNE
        )

    def limit() -> tf.data.Dataset:
        blobs = _jpeg_bytes(src, quick)
        decode_resize = lambda data: tf.image.resize(tf.io.decode_jpeg(data, channels=3), IMAGE_SIZE)  # noqa: E731
        return (
            tf.data.Dataset.from_tensor_slices(blobs)
            .map(decode_resize, num_parallel_calls=tf.data.AUTOTUNE)
            .batch(BATCH)
            .prefetch(tf.data.AUTOTUNE)
        )

    def crop_limit() -> tf.data.Dataset:
        """The decode limit with the reader's random crops and flips: what decoding only the crop
        of each JPEG can give at best."""

        def crop_flip_resize(index: tf.Tensor, data: tf.Tensor) -> tf.Tensor:
            seed = tf.stack([tf.constant(0, tf.int64), index])
            shape = tf.io.extract_jpeg_shape(data)
            # The reader's own crop windows (a private helper, so the crops are the same).
            window = reader._crop_window(shape[0], shape[1], fit=reader.RANDOM_CROP, aspect=None, seed=seed)
            image = tf.image.resize(tf.io.decode_and_crop_jpeg(data, window, channels=3), IMAGE_SIZE)
            return tf.image.stateless_random_flip_left_right(image, seed=seed + tf.constant([1, 0], tf.int64))

        return (
            tf.data.Dataset.from_tensor_slices(_jpeg_bytes(src, quick))
            .enumerate()
            .map(crop_flip_resize, num_parallel_calls=tf.data.AUTOTUNE)
            .batch(BATCH)
            .prefetch(tf.data.AUTOTUNE)
        )

    def texts_per_record() -> tf.data.Dataset:
        spec = {"text": tf.io.FixedLenFeature([], tf.string), "text/class/label": tf.io.FixedLenFeature([], tf.int64)}
        return (
            tf.data.Dataset.from_tensor_slices(shardify.read_manifest(texts_out).shard_paths("train"))
            .interleave(tf.data.TFRecordDataset, cycle_length=tf.data.AUTOTUNE, num_parallel_calls=tf.data.AUTOTUNE)
            .map(lambda r: tf.io.parse_single_example(r, spec), num_parallel_calls=tf.data.AUTOTUNE)
            .batch(BATCH)
            .prefetch(tf.data.AUTOTUNE)
        )

    return {
        "raw_tfrecord_read": (raw, 1),
        "decode_limit": (limit, BATCH),
        "shardify_load": (lambda: take(shardify.load(out, batch_size=BATCH, image_size=IMAGE_SIZE)), BATCH),
        "crop_limit": (crop_limit, BATCH),
        "shardify_load_random_crop": (
            lambda: take(shardify.load(out, batch_size=BATCH, image_size=IMAGE_SIZE, fit="random_crop", flip=True)),
            BATCH,
        ),
        "texts_per_record_parse": (texts_per_record, BATCH),
        "texts_shardify_load": (lambda: shardify.load(texts_out, batch_size=BATCH), BATCH),
    }


FIGURES = (
    "raw_tfrecord_read",
    "decode_limit",
    "shardify_load",
    "crop_limit",
    "shardify_load_random_crop",
    "texts_per_record_parse",
    "texts_shardify_load",
)


def main(figure: str, out: str, src: str, texts_out: str, quick: bool) -> None:
    build, per_element = _datasets(out, src, texts_out, quick)[figure]
    print(json.dumps({figure: _rate(build(), per_element)}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], "--quick" in sys.argv)
