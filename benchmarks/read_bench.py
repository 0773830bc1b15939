"""Reader throughput, in one process: prints one JSON line of records/s per figure.

Usage: python -m benchmarks.read_bench SHARDIFY_OUT IMAGE_SRC TEXTS_OUT [--quick]
"""

from __future__ import annotations

import json
import os
import sys
import time

import tensorflow as tf

import shardify

IMAGE_SIZE = (224, 224)
BATCH = 64


def _rate(ds: tf.data.Dataset, records_per_element: int = 1, repeats: int = 2) -> float:
    """Records/s over a full pass, after one warm-up pass; the best of `repeats`."""
    for _ in ds:
        pass
    best = 0.0
    for _ in range(repeats):
        started, count = time.perf_counter(), 0
        for element in ds:
            count += int(tf.shape(tf.nest.flatten(element)[0])[0]) if records_per_element > 1 else 1
        best = max(best, count / (time.perf_counter() - started))
    return best


def _text_rates(texts_out: str) -> dict[str, float]:
    """Tiny text records: the usual per-record parse against shardify.load's batch-first parse."""
    manifest = shardify.read_manifest(texts_out)
    spec = {"text": tf.io.FixedLenFeature([], tf.string), "text/class/label": tf.io.FixedLenFeature([], tf.int64)}
    per_record = (
        tf.data.Dataset.from_tensor_slices(manifest.shard_paths("train"))
        .interleave(tf.data.TFRecordDataset, cycle_length=tf.data.AUTOTUNE, num_parallel_calls=tf.data.AUTOTUNE)
        .map(lambda r: tf.io.parse_single_example(r, spec), num_parallel_calls=tf.data.AUTOTUNE)
        .batch(BATCH)
        .prefetch(tf.data.AUTOTUNE)
    )
    ours = shardify.load(texts_out, batch_size=BATCH, seed=0)
    return {"texts_per_record_parse": _rate(per_record, BATCH), "texts_shardify_load": _rate(ours, BATCH)}


def main(out: str, src: str, texts_out: str, quick: bool) -> None:
    manifest = shardify.read_manifest(out)
    paths = manifest.shard_paths("train")
    raw = tf.data.Dataset.from_tensor_slices(paths).interleave(
        tf.data.TFRecordDataset, cycle_length=len(paths), num_parallel_calls=tf.data.AUTOTUNE
    )
    files = sorted(os.path.join(d, n) for d, _, names in os.walk(src) for n in names if n.endswith(".jpg"))
    if quick:
        files = files[:2000]
    blobs = [open(f, "rb").read() for f in files]

    def decode_resize(data: tf.Tensor) -> tf.Tensor:
        return tf.image.resize(tf.io.decode_jpeg(data, channels=3), IMAGE_SIZE)

    limit = (
        tf.data.Dataset.from_tensor_slices(blobs)
        .map(decode_resize, num_parallel_calls=tf.data.AUTOTUNE)
        .batch(BATCH)
        .prefetch(tf.data.AUTOTUNE)
    )
    load = shardify.load(out, batch_size=BATCH, image_size=IMAGE_SIZE, seed=0)
    crop = shardify.load(out, batch_size=BATCH, image_size=IMAGE_SIZE, fit="random_crop", flip=True, seed=0)
    if quick:
        load, crop = load.take(2000 // BATCH), crop.take(2000 // BATCH)
    print(json.dumps({
        "raw_tfrecord_read": _rate(raw),
        "decode_limit": _rate(limit, BATCH),
        "shardify_load": _rate(load, BATCH),
        "shardify_load_random_crop": _rate(crop, BATCH),
        **_text_rates(texts_out),
    }))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], "--quick" in sys.argv)
