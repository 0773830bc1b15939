"""Readers that need no metadata of ours: TensorFlow Model Garden's decoders, Beam's
`ReadFromTFRecord` and a plain `tf.data.TFRecordDataset` over the shard files, found by name.
Model Garden's tests use its real decoders and skip where it is not installed
(tests/interop/test_model_garden.py reads a detection output's objects with them)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

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

_MODEL_GARDEN_INSTALL = (
    "needs TensorFlow Model Garden: pip install --no-deps tf-models-official==2.20.0 tf-keras==2.21.0 && "
    "pip install gin-config opencv-python-headless matplotlib"
)
# What every image record holds for Model Garden's decoders and parsers (its parsers read the id
# with tf.strings.to_number).
SOURCE_ID_SPEC = {contract.IMAGE_SOURCE_ID: tf.io.FixedLenFeature((), tf.string)}


def _model_garden(module: str) -> ModuleType:
    """A module of `official.vision.dataloaders`, or a skip saying how to install it."""
    return pytest.importorskip(f"official.vision.dataloaders.{module}", reason=_MODEL_GARDEN_INSTALL)


def _plain_dataset(out: Path) -> tf.data.Dataset:
    """The shards found by their names alone, as a user without shardify would read them."""
    return tf.data.TFRecordDataset(sorted(str(p) for p in out.glob("*-of-*.tfrecord")))


def test_model_garden_detection_decoder_parses_every_image_record(converted: Path) -> None:
    """Records without objects: no boxes, and every id a number of its own. Animations are the
    limit docs/reading.md states: its decoder decodes GIFs and WebPs 4-D, and refuses them."""
    decoder = _model_garden("tf_example_decoder").TfExampleDecoder()
    source_ids, names = [], []
    for serialized in _plain_dataset(converted):
        names.append(_filename(serialized))
        if names[-1].endswith((".gif", ".webp")):
            with pytest.raises(ValueError, match="[Ss]hape"):
                decoder.decode(serialized)
            source_ids.append(int(tf.io.parse_single_example(serialized, SOURCE_ID_SPEC)[contract.IMAGE_SOURCE_ID]))
            continue
        decoded = decoder.decode(serialized)
        source_ids.append(int(tf.strings.to_number(decoded["source_id"], tf.int64)))
        assert decoded["image"].shape == (decoded["height"], decoded["width"], 3), names[-1]
        assert decoded["groundtruth_boxes"].shape == (0, 4) and decoded["groundtruth_classes"].shape == (0,)
    assert sorted(names) == inputs(SAMPLE_IMAGES)
    assert sorted(source_ids) == list(range(len(names)))  # unique: one number per record


def test_source_ids_are_unique_across_splits(reader_output: Callable[[str], Path], tmp_path: Path) -> None:
    """Captions have no labels; a --split conversion has two splits: ids never repeat."""
    for out in (reader_output("image_captions"), convert(SAMPLE_IMAGES, tmp_path / "split", shards=3, split="train=0.7,test=0.3")):
        ids = [int(tf.io.parse_single_example(r, SOURCE_ID_SPEC)[contract.IMAGE_SOURCE_ID].numpy()) for r in _plain_dataset(out)]
        assert sorted(ids) == list(range(load_manifest(str(out)).inputs["written"]))


def _filename(serialized: tf.Tensor) -> str:
    return example_proto.decode_example(serialized.numpy())[contract.IMAGE_FILENAME][1][0].decode()


def test_model_garden_classification_decoder_gives_the_labels(converted: Path) -> None:
    decoder = _model_garden("classification_input").Decoder()  # image/encoded, image/class/label
    labels = load_manifest(str(converted)).labels
    count = 0
    for serialized in _plain_dataset(converted):
        decoded = decoder.decode(serialized)
        relpath = _filename(serialized)
        assert {labels[int(decoded["image/class/label"])]} == expected_labels("image_folders", relpath)
        count += 1
    assert count == len(inputs(SAMPLE_IMAGES))


def test_model_garden_multilabel_decoder_gives_every_label(reader_source: Callable[[str], Path], reader_output: Callable[[str], Path]) -> None:
    decoder = _model_garden("classification_input").Decoder(is_multilabel=True)
    out = reader_output("label_file")
    labels = load_manifest(str(out)).labels
    seen = []
    for serialized in _plain_dataset(out):
        indices = tf.sparse.to_dense(decoder.decode(serialized)["image/class/label"]).numpy().tolist()
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
