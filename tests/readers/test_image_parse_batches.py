"""`shardify.load` parses images 64 records at a time, then decodes them one by one
(`tf_pipeline._image_parse_batch`): the records, their values and their order must be those
of a parse per record, shuffled or not, fitted any way, and a forged record must still fail."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow")

import shardify
from shardify.read import tf_data, tf_pipeline
from shardify.read.options import ReadOptions
from shardify.read.tf_pipeline import plan_pipeline


def _records(path: Path, **options: object) -> list[dict[str, np.ndarray]]:
    return [{key: np.asarray(value.numpy()) for key, value in batch.items()} for batch in shardify.load(str(path), **options)]


def test_plain_images_are_parsed_in_batches_and_texts_are_not(converted: Path, reader_output, monkeypatch: pytest.MonkeyPatch) -> None:
    assert plan_pipeline(str(converted), "train", ReadOptions()).image_parse_batch == tf_pipeline.IMAGE_PARSE_BATCH_RECORDS
    assert plan_pipeline(str(converted), "train", ReadOptions(features=["label"])).image_parse_batch == 0
    assert plan_pipeline(str(reader_output("text_folders")), "train", ReadOptions()).image_parse_batch == 0
    pipeline = plan_pipeline(str(converted), "train", ReadOptions())
    monkeypatch.setattr(tf_pipeline, "IMAGE_PARSE_BATCH_BYTES", 3 * pipeline.num_bytes // pipeline.num_records)
    assert plan_pipeline(str(converted), "train", ReadOptions()).image_parse_batch == 3  # large images: fewer a batch


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
    monkeypatch.setattr(tf_pipeline, "_image_parse_batch", lambda *args: 0)
    per_record = _records(converted, **options)
    assert len(batched) == len(per_record) > 0
    for ours, theirs in zip(batched, per_record):
        assert ours.keys() == theirs.keys()
        for key in ours:
            assert ours[key].dtype == theirs[key].dtype and np.array_equal(ours[key], theirs[key]), key
