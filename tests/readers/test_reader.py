"""shardify.load builds tf.data pipelines from the manifest alone."""

from __future__ import annotations

import shutil
import subprocess
import sys
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
    from helpers.sources import convert

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


def _texts(ds: tf.data.Dataset) -> Counter:
    return Counter(t.numpy() for t in ds)


@pytest.fixture(scope="module")
def converted_texts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sample_data/texts converted into 4 train shards (and 1 test shard)."""
    from helpers.sources import REPO, convert

    return convert(REPO / "sample_data" / "texts", tmp_path_factory.mktemp("texts"), shards="train=4,test=1")


@pytest.mark.parametrize("pipelines", [2, 3, 4, 6])
def test_input_pipelines_read_every_record_exactly_once(converted_texts: Path, pipelines: int) -> None:
    seen: Counter = Counter()
    for index in range(pipelines):
        context = tf.distribute.InputContext(num_input_pipelines=pipelines, input_pipeline_id=index)
        ds = shardify.load(str(converted_texts), features=["text"], seed=index, input_context=context)
        texts = [e["text"].numpy() for e in ds]
        assert len(texts) == ds.cardinality().numpy()
        seen.update(texts)
    everything = _texts(shardify.load(str(converted_texts), shuffle=False).map(lambda e: e["text"]))
    assert seen == everything and sum(seen.values()) == 30  # 6 pipelines > 4 shards: record-level


def test_small_records_are_parsed_in_batches_and_match_per_record_parsing(converted_texts: Path) -> None:
    manifest = shardify.read_manifest(str(converted_texts))
    spec = {"text": tf.io.FixedLenFeature([], tf.string), "text/class/label": tf.io.FixedLenFeature([], tf.int64)}
    by_hand = {
        (e["text"].numpy(), int(e["text/class/label"]))
        for e in tf.data.TFRecordDataset(manifest.shard_paths("train")).map(lambda r: tf.io.parse_single_example(r, spec))
    }
    ours = {(text.numpy(), int(label)) for text, label in shardify.load(str(converted_texts), as_supervised=True, seed=0)}
    assert ours == by_hand and len(ours) == 30
    batch = next(iter(shardify.load(str(converted_texts), batch_size=8, drop_remainder=True, seed=0)))
    assert batch["text"].shape == (8,) and batch["label"].shape == (8,)


def test_repeat_cache_features_and_options(converted_texts: Path, tmp_path: Path) -> None:
    path = str(converted_texts)
    assert sum(1 for _ in shardify.load(path, repeat=2, features=["text"])) == 60
    first = list(shardify.load(path, cache=str(tmp_path / "cache"), seed=1, features=["text"]))
    assert len(first) == 30 and set((tmp_path).iterdir())
    example = next(iter(shardify.load(path, features=["label"])))
    assert set(example) == {"label"}
    with pytest.raises(ValueError, match="not in"):
        shardify.load(path, features=["pixels"])
    options = tf.data.Options()
    options.experimental_optimization.map_parallelization = False
    ds = shardify.load(path, options=options)
    assert ds.options().experimental_optimization.map_parallelization is False
    vocabulary = shardify.labels(path)
    assert vocabulary.names == ("negative", "neutral", "positive") and vocabulary.index("neutral") == 1
    assert vocabulary.multi_hot(["positive"]) == [0.0, 0.0, 1.0]


def test_iterator_checkpoint_resumes_mid_epoch_without_repeats_or_gaps(converted: Path, tmp_path: Path) -> None:
    def dataset() -> tf.data.Dataset:
        return shardify.load(str(converted), seed=7, features=["filename"]).map(lambda e: e["filename"])

    iterator = iter(dataset())
    before = [next(iterator).numpy() for _ in range(30)]
    checkpoint = tf.train.Checkpoint(iterator=iterator)
    saved = checkpoint.save(str(tmp_path / "ckpt"))
    rest = [e.numpy() for e in iterator]

    resumed = iter(dataset())
    tf.train.Checkpoint(iterator=resumed).restore(saved)
    assert [e.numpy() for e in resumed] == rest
    assert len(set(before + rest)) == 72 == len(before) + len(rest)


def test_distribute_and_keras_fit_under_mirrored_strategy_on_two_cpu_devices(
    converted: Path, converted_texts: Path
) -> None:
    import json
    import subprocess
    import sys

    script = Path(__file__).parent.parent / "helpers" / "mirrored_run.py"
    run = subprocess.run(
        [sys.executable, str(script), str(converted), str(converted_texts)], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["replicas"] == 2
    everything = sorted(e["text"].numpy().decode() for e in shardify.load(str(converted_texts), shuffle=False))
    assert result["texts"] == everything  # each record once per epoch across both replicas
    assert max(result["per_replica_sizes"]) == 3  # global batch 6 over 2 replicas
    assert len(result["losses"]) == 2 and all(np.isfinite(result["losses"]))


def test_device_prefetch_falls_back_to_the_host_without_that_device(converted_texts: Path) -> None:
    for device in ("/cpu:0", "/gpu:0"):
        ds = shardify.load(str(converted_texts), batch_size=4, features=["text"], device=device, shuffle=False)
        assert sum(int(b["text"].shape[0]) for b in ds) == 30, device


@pytest.mark.parametrize("fit", ["stretch", "pad", "center_crop", "random_crop"])
def test_every_fit_gives_the_asked_size_for_every_format(converted: Path, fit: str) -> None:
    ds = shardify.load(str(converted), batch_size=72, image_size=(24, 40), fit=fit, flip=True, normalize=True, seed=0)
    (batch,) = list(ds)
    assert batch["image"].shape == (72, 24, 40, 3) and batch["image"].dtype == tf.float32
    assert 0.0 <= float(tf.reduce_min(batch["image"])) and float(tf.reduce_max(batch["image"])) <= 1.0
    assert set(batch["format"].numpy()) == {b"jpeg", b"png", b"gif", b"bmp", b"webp"}


def test_random_crops_and_flips_repeat_with_the_seed_and_change_every_epoch(converted: Path) -> None:
    def images(seed: int, repeat: int = 1) -> np.ndarray:
        ds = shardify.load(
            str(converted), shuffle=False, repeat=repeat, image_size=(16, 16), fit="random_crop", flip=True, seed=seed
        )
        return np.stack([example["image"].numpy() for example in ds])

    first = images(seed=3)
    np.testing.assert_array_equal(first, images(seed=3))
    assert not np.array_equal(first, images(seed=4))
    two_epochs = images(seed=3, repeat=2)
    epoch_1, epoch_2 = two_epochs[: len(first)], two_epochs[len(first) :]
    np.testing.assert_array_equal(epoch_1, first)
    changed = [not np.array_equal(a, b) for a, b in zip(epoch_1, epoch_2)]
    assert sum(changed) > 0.9 * len(first), f"only {sum(changed)} of {len(first)} records got another crop"


def test_image_dtype_is_cast_last(converted: Path) -> None:
    for dtype in (tf.bfloat16, tf.uint8):
        batch = next(iter(shardify.load(str(converted), batch_size=4, image_size=(8, 8), dtype=dtype, seed=0)))
        assert batch["image"].dtype == dtype


def test_center_crop_of_a_jpeg_equals_cropping_the_full_decode(converted: Path) -> None:
    example = next(iter(shardify.load(str(converted), shuffle=False).filter(lambda e: e["format"] == b"jpeg")))
    height, width = int(example["height"]), int(example["width"])
    ours = next(
        iter(
            shardify.load(str(converted), shuffle=False, image_size=(10, 10), fit="center_crop")
            .filter(lambda e: e["filename"] == example["filename"])
        )
    )
    side = min(height, width)
    keys = ("image/encoded", "image/filename")
    raw = next(
        iter(
            tf.data.TFRecordDataset(shardify.read_manifest(str(converted)).shard_paths("train"))
            .map(lambda r: tf.io.parse_single_example(r, {key: tf.io.FixedLenFeature([], tf.string) for key in keys}))
            .filter(lambda r: r["image/filename"] == example["filename"])
        )
    )
    decoded = tf.io.decode_jpeg(raw["image/encoded"], channels=3)
    expected = tf.image.resize(
        tf.image.crop_to_bounding_box(decoded, (height - side) // 2, (width - side) // 2, side, side), (10, 10)
    )
    np.testing.assert_allclose(ours["image"].numpy(), expected.numpy(), atol=1.0)


def _flip_a_byte_of(output: Path, shard: str) -> None:
    path = output / shard
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("small_records", [False, True])
def test_a_damaged_shard_fails_the_reader_with_its_file_name(
    converted: Path, converted_texts: Path, tmp_path: Path, small_records: bool
) -> None:
    """TensorFlow's own error ("corrupted record at 50609") names no file; the reader's does."""
    output = tmp_path / "copy"
    shutil.copytree(converted_texts if small_records else converted, output)
    _flip_a_byte_of(output, "train-00001-of-00004.tfrecord")
    options = {"batch_size": 4} if small_records else {"image_size": (16, 16), "batch_size": 4}
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"train-00001-of-00004\.tfrecord is damaged"):
        for _ in shardify.load(str(output), **options):
            pass


def test_without_tensorflow_load_says_which_extra_brings_it() -> None:
    """Converting needs no TensorFlow, so `pip install shardify` leaves it out (tensorflow is made
    unimportable here the way Python marks a missing module)."""
    code = "import sys; sys.modules['tensorflow'] = None; import shardify; shardify.load('out')"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == (
        "ImportError: shardify.load reads with TensorFlow, which is not installed: pip install 'shardify[tf]' "
        "(or read with shardify.torch, tfds or DALI: see the README's Reading section)"
    )
