"""shardify.mix reads several real conversions as one tf.data stream by weight: proportions,
labels kept or merged by name (checked against each record's own label text, from the source
files), the epoch's end, determinism by seed, an exact resume from a tf.data checkpoint, and
refusals. Records are counted against the files converted."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

tf = pytest.importorskip("tensorflow", reason="shardify.mix reads with tf.data: needs TensorFlow (the tf extra)")

import shardify  # noqa: E402
from helpers.sources import convert, labelled_texts  # noqa: E402
from shardify.errors import ReadOptionError  # noqa: E402
from shardify.read.mix_plan import MIX_SOURCE  # noqa: E402


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two outputs whose label sets overlap: (cat, dog) with 40 records, (bird, dog) with 24."""
    base = tmp_path_factory.mktemp("mix")
    first = labelled_texts(base / "src_a", {"cat": 20, "dog": 20})
    second = labelled_texts(base / "src_b", {"bird": 12, "dog": 12})
    return convert(first, base / "a", shards=2), convert(second, base / "b", shards=3)


def _records(ds: tf.data.Dataset) -> list[dict]:
    return [{k: v.numpy() for k, v in example.items()} for example in ds]


def test_realised_proportions_follow_the_weights_over_10000_records(outputs: tuple[Path, Path]) -> None:
    a, b = outputs
    records = _records(shardify.mix({str(a): 0.7, str(b): 0.3}, num_records=10_000, seed=3))
    assert len(records) == 10_000
    share = Counter(int(r[MIX_SOURCE]) for r in records)[0] / len(records)
    assert abs(share - 0.7) <= 0.01
    # every record is one of its source's real records
    texts = {0: {f"a {c} text number {i}\n".encode() for c in ("cat", "dog") for i in range(20)},
             1: {f"a {c} text number {i}\n".encode() for c in ("bird", "dog") for i in range(12)}}
    assert all(r["text"] in texts[int(r[MIX_SOURCE])] for r in records)


def test_kept_and_merged_labels_name_each_records_own_class(outputs: tuple[Path, Path]) -> None:
    a, b = outputs
    weights = {str(a): 1.0, str(b): 1.0}
    kept = _records(shardify.mix(weights, num_records=200, seed=0))
    own = {0: shardify.labels(str(a)).names, 1: shardify.labels(str(b)).names}
    for r in kept:
        assert own[int(r[MIX_SOURCE])][r["label"]] == r["text"].split()[1].decode()
    merged_names = shardify.mix_labels(weights).names
    assert sorted(merged_names) == ["bird", "cat", "dog"] and len(merged_names) == 3
    for r in _records(shardify.mix(weights, labels="merged", num_records=200, seed=0)):
        assert merged_names[r["label"]] == r["text"].split()[1].decode()


def test_an_epoch_ends_when_the_first_source_runs_out_and_each_record_comes_once(outputs: tuple[Path, Path]) -> None:
    a, b = outputs
    records = _records(shardify.mix({str(a): 0.5, str(b): 0.5}, seed=1))
    per_source = Counter(int(r[MIX_SOURCE]) for r in records)
    assert per_source[1] == 24  # b (24 records) runs out first: all of its records, once
    assert 0 < per_source[0] <= 40
    assert max(Counter((int(r[MIX_SOURCE]), r["text"]) for r in records).values()) == 1


def test_the_order_follows_the_seed_and_a_checkpoint_resumes_exactly(outputs: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = outputs
    weights = {str(a): 0.6, str(b): 0.4}

    def stream(seed: int) -> tf.data.Dataset:
        return shardify.mix(weights, num_records=300, seed=seed, shuffle=True, batch_size=10)

    def texts(iterator, batches: int) -> list[bytes]:
        return [t for _ in range(batches) for t in next(iterator)["text"].numpy()]

    assert texts(iter(stream(5)), 30) == texts(iter(stream(5)), 30)
    assert texts(iter(stream(5)), 30) != texts(iter(stream(6)), 30)
    iterator = iter(stream(5))
    texts(iterator, 7)
    checkpoint = tf.train.Checkpoint(iterator=iterator)
    saved = checkpoint.save(str(tmp_path / "ckpt"))
    expected = texts(iterator, 12)
    resumed = iter(stream(5))
    tf.train.Checkpoint(iterator=resumed).restore(saved)
    assert texts(resumed, 12) == expected


def test_bad_mixtures_are_refused_naming_the_problem(outputs: tuple[Path, Path], converted: Path) -> None:
    a, b = outputs
    for weights, labels, match in (
        ({}, "kept", "needs a dict"),
        ({str(a): 0.0, str(b): 1.0}, "kept", "weights must be finite numbers above 0"),
        ({str(a): float("nan")}, "kept", "weights must be finite numbers above 0"),
        ({str(a): 1.0}, "union", "labels='union' must be"),
        ({str(a): 1.0, str(converted): 1.0}, "kept", r"gives records unlike .*\(only \S+ has [^;]*\bimage\b"),  # names the differing features
    ):
        with pytest.raises(ReadOptionError, match=match):
            shardify.mix(weights, labels=labels, num_records=10)
