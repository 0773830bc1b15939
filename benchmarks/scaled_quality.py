"""How near `scaled_decode`'s pixels lie to a careful resize: over the JPEGs of a folder that scale
at 224 x 224, the mean absolute difference (0-255) from an antialiased resize of the full decode,
of (a) the scaled decode then `tf.image.resize` (what `load(scaled_decode=True)` does) and (b) the
full decode then `tf.image.resize` (what `load` does).

Usage: python -m benchmarks.scaled_quality FOLDER [--images 80]   (docs/performance.md quotes it)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import tensorflow as tf

from shardify.read.tf_scaled import decode_scaled

SIZE = (224, 224)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--images", type=int, default=80)
    args = parser.parse_args()
    scaled_error, plain_error, files = [], [], sorted(Path(args.folder).rglob("*.jpg"))[: args.images]
    for path in files:
        encoded = tf.io.read_file(str(path))
        full = tf.io.decode_jpeg(encoded, channels=3)
        scaled = decode_scaled(encoded, tf.shape(full)[0], tf.shape(full)[1], SIZE)
        if scaled.shape[0] == full.shape[0]:
            continue  # too small to scale: the two reads are the same
        careful = tf.image.resize(full, SIZE, antialias=True)
        scaled_error.append(float(tf.reduce_mean(tf.abs(tf.image.resize(scaled, SIZE) - careful))))
        plain_error.append(float(tf.reduce_mean(tf.abs(tf.image.resize(full, SIZE) - careful))))
    print(json.dumps({
        "images": len(files), "scaled": len(scaled_error),
        "scaled_decode_error": round(float(np.mean(scaled_error)), 2) if scaled_error else None,
        "full_decode_error": round(float(np.mean(plain_error)), 2) if plain_error else None,
    }))


if __name__ == "__main__":
    main()
