"""Reader throughput, in one process: prints one JSON line of records/s per figure.

Usage: python -m benchmarks.read_bench SHARDIFY_OUT IMAGE_SRC [--quick]
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


def main(out: str, src: str, quick: bool) -> None:
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
    if quick:
        load = load.take(2000 // BATCH)
    print(json.dumps({
        "raw_tfrecord_read": _rate(raw),
        "decode_limit": _rate(limit, BATCH),
        "shardify_load": _rate(load, BATCH),
    }))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], "--quick" in sys.argv)
