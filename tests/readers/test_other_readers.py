"""Readers that need no metadata of ours: TensorFlow Model Garden's decoders, Beam's
`ReadFromTFRecord` and a plain `tf.data.TFRecordDataset` over the shard files, found by name.
Model Garden is not installed: its decoders' feature specs are copied below, as they are in
tensorflow/models."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import apache_beam as beam
import pytest
import tensorflow as tf
from apache_beam.runners.portability.fn_api_runner import FnApiRunner
from apache_beam.testing.test_pipeline import TestPipeline as BeamTestPipeline
from apache_beam.testing.util import assert_that, equal_to

from helpers.source_truth import expected_labels, inputs
from helpers.sources import SAMPLE_IMAGES, convert
from shardify.format import contract, example_proto
from shardify.format.manifest import load_manifest

# tensorflow/models, official/vision/dataloaders/tf_example_decoder.py: TfExampleDecoder's
# `keys_to_features` (include_mask=False, regenerate_source_id=False, so `image/source_id` is required).
DETECTION_KEYS_TO_FEATURES = {
    "image/encoded": tf.io.FixedLenFeature((), tf.string),
    "image/height": tf.io.FixedLenFeature((), tf.int64, -1),
    "image/width": tf.io.FixedLenFeature((), tf.int64, -1),
    "image/object/bbox/xmin": tf.io.VarLenFeature(tf.float32),
    "image/object/bbox/xmax": tf.io.VarLenFeature(tf.float32),
    "image/object/bbox/ymin": tf.io.VarLenFeature(tf.float32),
    "image/object/bbox/ymax": tf.io.VarLenFeature(tf.float32),
    "image/object/class/label": tf.io.VarLenFeature(tf.int64),
    "image/object/area": tf.io.VarLenFeature(tf.float32),
    "image/object/is_crowd": tf.io.VarLenFeature(tf.int64),
    "image/source_id": tf.io.FixedLenFeature((), tf.string),
}
# tensorflow/models, official/vision/dataloaders/classification_input.py: Decoder's default
# `keys_to_features` (image_field_key='image/encoded', label_field_key='image/class/label').
CLASSIFICATION_KEYS_TO_FEATURES = {
    "image/encoded": tf.io.FixedLenFeature((), tf.string, default_value=""),
    "image/class/label": tf.io.FixedLenFeature((), tf.int64, default_value=-1),
}
# The same with is_multilabel=True.
MULTILABEL_KEYS_TO_FEATURES = {
    "image/encoded": tf.io.FixedLenFeature((), tf.string, default_value=""),
    "image/class/label": tf.io.VarLenFeature(dtype=tf.int64),
}


def _plain_dataset(out: Path) -> tf.data.Dataset:
    """The shards found by their names alone, as a user without shardify would read them."""
    return tf.data.TFRecordDataset(sorted(str(p) for p in out.glob("*-of-*.tfrecord")))


def test_model_garden_detection_decoder_parses_every_image_record(converted: Path) -> None:
    source_ids, names = [], []
    for serialized in _plain_dataset(converted):
        parsed = tf.io.parse_single_example(serialized, DETECTION_KEYS_TO_FEATURES)
        names.append(_filename(serialized))
        # Model Garden's parsers read the id with dataloaders/utils.py process_source_id.
        source_ids.append(int(tf.strings.to_number(parsed["image/source_id"], tf.int64)))
        image = tf.io.decode_image(parsed["image/encoded"], channels=3)  # as its _decode_image does
        if names[-1].endswith((".gif", ".webp")):  # the limit the README states: animation formats come 4-D
            assert image.shape == (1, parsed["image/height"], parsed["image/width"], 3), names[-1]
        else:
            assert image.shape == (parsed["image/height"], parsed["image/width"], 3), names[-1]
    assert sorted(names) == inputs(SAMPLE_IMAGES)
    assert sorted(source_ids) == list(range(len(names)))  # unique: one number per record


def test_source_ids_are_unique_across_splits(reader_output: Callable[[str], Path], tmp_path: Path) -> None:
    """Captions have no labels; a --split conversion has two splits: ids never repeat."""
    for out in (reader_output("image_captions"), convert(SAMPLE_IMAGES, tmp_path / "split", shards=3, split="train=0.7,test=0.3")):
        ids = [
            int(tf.io.parse_single_example(r, DETECTION_KEYS_TO_FEATURES)["image/source_id"].numpy())
            for r in _plain_dataset(out)
        ]
        assert sorted(ids) == list(range(load_manifest(str(out)).inputs["written"]))


def _filename(serialized: tf.Tensor) -> str:
    return example_proto.decode_example(serialized.numpy())[contract.IMAGE_FILENAME][1][0].decode()


def test_model_garden_classification_decoder_gives_the_labels(converted: Path) -> None:
    labels = load_manifest(str(converted)).labels
    count = 0
    for serialized in _plain_dataset(converted):
        parsed = tf.io.parse_single_example(serialized, CLASSIFICATION_KEYS_TO_FEATURES)
        relpath = _filename(serialized)
        assert {labels[int(parsed["image/class/label"])]} == expected_labels("image_folders", relpath)
        count += 1
    assert count == len(inputs(SAMPLE_IMAGES))


def test_model_garden_multilabel_decoder_gives_every_label(reader_source: Callable[[str], Path], reader_output: Callable[[str], Path]) -> None:
    out = reader_output("label_file")
    labels = load_manifest(str(out)).labels
    seen = []
    for serialized in _plain_dataset(out):
        parsed = tf.io.parse_single_example(serialized, MULTILABEL_KEYS_TO_FEATURES)
        indices = tf.sparse.to_dense(parsed["image/class/label"]).numpy().tolist()
        seen.append(_filename(serialized))
        assert {labels[i] for i in indices} == expected_labels("label_file", seen[-1])
    assert sorted(seen) == inputs(reader_source("label_file"))


def test_beam_read_from_tfrecord_reads_every_record(converted: Path) -> None:
    def filename(record: bytes) -> str:
        return example_proto.decode_example(record)[contract.IMAGE_FILENAME][1][0].decode()

    with BeamTestPipeline(runner=FnApiRunner()) as p:
        names = p | "Read" >> beam.io.ReadFromTFRecord(str(converted / "train-*-of-*.tfrecord")) | "Name" >> beam.Map(filename)
        assert_that(names, equal_to(inputs(SAMPLE_IMAGES)))


@pytest.mark.parametrize("layout", ["text_folders", "image_captions"])
def test_plain_tfrecord_dataset_reads_every_layout(reader_source: Callable[[str], Path], reader_output: Callable[[str], Path], layout: str) -> None:
    out = reader_output(layout)
    spec = {key: tf.io.FixedLenFeature((), tf.string) for key in (contract.TEXT, contract.TEXT_SOURCE)}
    sources = [tf.io.parse_single_example(r, spec)[contract.TEXT_SOURCE].numpy().decode() for r in _plain_dataset(out)]
    expected = inputs(reader_source(layout))
    if layout == "image_captions":  # the caption files beside the images
        expected = [f"txt/{Path(name).stem}.txt" for name in expected]
    assert sorted(sources) == sorted(expected)
