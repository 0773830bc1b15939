"""Run by test_reader in a fresh process: two logical CPU devices must be set up before TensorFlow
initialises, which the pytest process has already done.

Usage: python tests/mirrored_run.py IMAGES_OUT TEXTS_OUT -> one JSON line.
"""

from __future__ import annotations

import json
import sys

import tensorflow as tf

import shardify


def main(images_out: str, texts_out: str) -> None:
    (cpu,) = tf.config.list_physical_devices("CPU")
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])

    dist = shardify.distribute(strategy, texts_out, global_batch_size=6, features=["text"], seed=0)
    seen, per_replica_sizes = [], set()
    for batch in dist:
        for local in strategy.experimental_local_results(batch["text"]):
            per_replica_sizes.add(int(local.shape[0]))
            seen.extend(t.decode() for t in local.numpy())

    with strategy.scope():
        model = tf.keras.Sequential(
            [
                tf.keras.Input((32, 32, 3)),
                tf.keras.layers.Rescaling(1 / 255),
                tf.keras.layers.Conv2D(4, 3, activation="relu"),
                tf.keras.layers.GlobalAveragePooling2D(),
                tf.keras.layers.Dense(3),
            ]
        )
        model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    train = shardify.load(images_out, batch_size=8, image_size=(32, 32), as_supervised=True, seed=0)
    history = model.fit(train, epochs=2, verbose=0)
    print(json.dumps({
        "replicas": strategy.num_replicas_in_sync,
        "texts": sorted(seen),
        "per_replica_sizes": sorted(per_replica_sizes),
        "losses": history.history["loss"],
    }))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
