"""`shardify.load` parses images 64 records at a time, then decodes them one by one
(`tf_data._parses_images_in_batches`): the records, their values and their order must be those
of a parse per record, shuffled or not, fitted any way, and a forged record must still fail."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow")

import shardify
from shardify.read import tf_data
from shardify.read.options import ReadOptions
from shardify.read.tf_pipeline import plan_pipeline


def _records(path: Path, **options: object) -> list[dict[str, np.ndarray]]:
    return [{key: np.asarray(value.numpy()) for key, value in batch.items()} for batch in shardify.load(str(path), **options)]


def test_plain_images_are_parsed_in_batches_and_texts_are_not(converted: Path, reader_output) -> None:
    assert tf_data._parses_images_in_batches(plan_pipeline(str(converted), "train", ReadOptions()))
    assert not tf_data._parses_images_in_batches(plan_pipeline(str(converted), "train", ReadOptions(features=["label"])))
    texts = reader_output("text_folders")
    assert not tf_data._parses_images_in_batches(plan_pipeline(str(texts), "train", ReadOptions()))


@pytest.mark.parametrize(
    "options",
    [
        {"seed": 7, "batch_size": 8, "image_size": (32, 32)},
        {"seed": 7, "batch_size": 5, "image_size": (24, 40), "fit": "random_crop", "flip": True},
        {"shuffle": False, "batch_size": 8, "image_size": (24, 24), "fit": "pad"},
        {"shuffle": False},  # unbatched, each image at its own size
    ],
)
def test_parsing_in_batches_gives_what_a_parse_per_record_gives(
    converted: Path, monkeypatch: pytest.MonkeyPatch, options: dict
) -> None:
    batched = _records(converted, **options)
    assert tf_data.load(str(converted), **options).cardinality().numpy() == len(batched)
    monkeypatch.setattr(tf_data, "_parses_images_in_batches", lambda pipeline: False)
    per_record = _records(converted, **options)
    assert len(batched) == len(per_record) > 0
    for ours, theirs in zip(batched, per_record):
        assert ours.keys() == theirs.keys()
        for key in ours:
            assert ours[key].dtype == theirs[key].dtype and np.array_equal(ours[key], theirs[key]), key
