"""shardify.load builds tf.data pipelines from the manifest alone."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf

import shardify
from shardify.errors import ManifestError


def test_load_yields_every_record_once_with_known_cardinality(converted: Path) -> None:
    ds = shardify.load(str(converted), split="train", shuffle=True, seed=3)
    assert ds.cardinality().numpy() == 72
    names = Counter(example["filename"].numpy() for example in ds)
    assert len(names) == 72 and set(names.values()) == {1}


def test_batches_resized_images_and_labels(converted: Path) -> None:
    ds = shardify.load(str(converted), batch_size=8, image_size=(32, 40), seed=0)
    assert ds.cardinality().numpy() == 9
    batch = next(iter(ds))
    assert batch["image"].shape == (8, 32, 40, 3) and batch["image"].dtype == tf.float32
    assert batch["label"].dtype == tf.int64
    labels = shardify.read_manifest(str(converted)).labels
    for label, text in zip(batch["label"].numpy(), batch["label_text"].numpy()):
        assert labels[label] == text.decode()


def test_seeded_shuffle_repeats_and_unshuffled_follows_shard_order(converted: Path) -> None:
    order = lambda **kw: [e["filename"].numpy() for e in shardify.load(str(converted), **kw)]  # noqa: E731
    assert order(seed=5) == order(seed=5)
    assert order(seed=5) != order(seed=6)
    assert sorted(order(shuffle=False)) == sorted(order(seed=5))


def test_as_supervised_feeds_keras_fit(converted: Path) -> None:
    ds = shardify.load(str(converted), batch_size=8, image_size=(32, 32), as_supervised=True, seed=0)
    num_labels = len(shardify.read_manifest(str(converted)).labels)
    model = tf.keras.Sequential(
        [
            tf.keras.Input((32, 32, 3)),
            tf.keras.layers.Rescaling(1 / 255),
            tf.keras.layers.Conv2D(4, 3, activation="relu"),
            tf.keras.layers.GlobalAveragePooling2D(),
            tf.keras.layers.Dense(num_labels),
        ]
    )
    model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(ds, epochs=1, verbose=0)
    assert np.isfinite(history.history["loss"][0])


def test_missing_manifest_is_a_clear_error(converted: Path, tmp_path: Path) -> None:
    incomplete = tmp_path / "incomplete"
    shutil.copytree(converted, incomplete)
    (incomplete / "manifest.json").unlink()
    with pytest.raises(ManifestError, match="not a finished shardify output"):
        shardify.load(str(incomplete))


def test_unknown_split_names_the_known_ones(converted: Path) -> None:
    with pytest.raises(ManifestError, match=r"'test'.*\['train'\]"):
        shardify.load(str(converted), split="test")


def test_batching_without_image_size_is_refused(converted: Path) -> None:
    with pytest.raises(ValueError, match="image_size"):
        shardify.load(str(converted), batch_size=4)


def test_text_table_features_come_back_with_the_manifest_dtypes(make_tree, tmp_path: Path) -> None:
    from conftest import convert

    rows = ["text,tags,score,votes,note"]
    rows += [f"review {i},{'good;long' if i % 3 == 0 else 'bad'},{i / 2},{i},n{i}" for i in range(12)]
    source = make_tree({"reviews.csv": ("\n".join(rows) + "\n").encode()})
    output = convert(source, tmp_path / "out", shards=3, label_separator=";", keep_columns=("*",))
    manifest = shardify.read_manifest(str(output))
    assert manifest.labels == ("bad", "good", "long") and manifest.label_mode == "multi"
    dtypes = {"string": tf.string, "int64": tf.int64, "float32": tf.float32}
    examples = list(shardify.load(str(output), shuffle=False))
    assert len(examples) == 12
    for key, spec in manifest.features.items():
        if key.startswith("text/class"):
            continue  # labels: checked below as multi-hot
        assert examples[0][spec["output_name"]].dtype == dtypes[spec["dtype"]], key
    by_text = {e["text"].numpy().decode(): e for e in examples}
    assert by_text["review 3"]["label"].numpy().tolist() == [0.0, 1.0, 1.0]  # multi-hot over labels
    assert by_text["review 4"]["label"].numpy().tolist() == [1.0, 0.0, 0.0]
    assert by_text["review 4"]["score"].numpy() == pytest.approx(2.0) and by_text["review 4"]["votes"] == 4
    assert by_text["review 4"]["note"].numpy() == b"n4"
    indices = next(iter(shardify.load(str(output), shuffle=False, multi_hot=False)))
    assert indices["label"].dtype == tf.int64 and indices["label"].shape.rank == 1
    texts, labels = next(iter(shardify.load(str(output), batch_size=5, as_supervised=True, seed=1)))
    assert texts.dtype == tf.string and texts.shape == (5,) and labels.shape == (5, 3)
