"""TensorFlow itself parses what the TF-free write path produces."""

from __future__ import annotations

import hashlib
import io
import json
import random
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf

from helpers.sources import image_bytes
from shardify.converters import images
from shardify.errors import CorruptShardError, InvalidInputError
from shardify.format import contract, example_proto
from shardify.format.manifest import load_manifest
from shardify.format.tfrecord import TFRecordWriter, iter_records
from shardify.read.tf_parse import parse_spec as _parse_spec


def test_encoder_matches_tensorflows_deterministic_serialization() -> None:
    rng = random.Random(0)
    for _ in range(50):
        values = {
            "b": (example_proto.BYTES, [rng.randbytes(rng.randint(0, 300)) for _ in range(rng.randint(0, 3))]),
            "i": (example_proto.INT64, [rng.randint(-(2**63), 2**63 - 1) for _ in range(rng.randint(0, 4))]),
            "f": (example_proto.FLOAT, [rng.uniform(-1e6, 1e6) for _ in range(rng.randint(0, 4))]),
        }
        ours = example_proto.encode_example(values)
        theirs = tf.train.Example.FromString(ours)
        assert theirs.SerializeToString(deterministic=True) == ours
        assert list(theirs.features.feature["i"].int64_list.value) == values["i"][1]
        assert list(theirs.features.feature["b"].bytes_list.value) == values["b"][1]
        decoded = example_proto.decode_example(ours)
        assert decoded["i"] == values["i"] and decoded["b"] == values["b"]


def test_schema_encoder_writes_the_same_bytes_as_tensorflow() -> None:
    """The writer's per-schema encoder, on values around the lengths where its one-byte shortcut
    stops (an entry of 127 or 128 bytes) and beyond, with keys that hold `%` and non-ASCII."""
    keys = [("text", example_proto.BYTES), ("a%b/ü", example_proto.BYTES), ("n", example_proto.INT64), ("f", example_proto.FLOAT)]
    encoder = example_proto.ExampleEncoder(keys)
    rng = random.Random(1)
    for round_ in range(300):
        count = 1 if round_ % 3 else rng.randint(0, 3)  # mostly one value each, as records hold
        values = {
            "text": [rng.randbytes(rng.choice([0, 1, 100, 110, 111, 112, 113, 114, 120, 127, 128, 300, 20000])) for _ in range(count)],
            "a%b/ü": [rng.randbytes(rng.randint(0, 140)) for _ in range(count)],
            "n": [rng.choice([0, 1, 127, 128, -1, -(2**63), 2**63 - 1, rng.randint(-(2**40), 2**40)]) for _ in range(count)],
            "f": [rng.uniform(-1e6, 1e6) for _ in range(count)],
        }
        ours = encoder.encode(values)
        assert ours == _tensorflows_bytes({key: (kind, values[key]) for key, kind in keys})
        assert example_proto.encode_example({key: (kind, values[key]) for key, kind in keys}) == ours
        assert contract.RecordEncoder([contract.Feature("text", example_proto.BYTES, "text", "")])({"text": values["text"]}) == (
            _tensorflows_bytes({"text": (example_proto.BYTES, values["text"])})
        )


def _tensorflows_bytes(features: dict) -> bytes:
    """The Example TensorFlow builds of `{key: (kind, values)}`, serialized as it does deterministically."""
    lists = {example_proto.BYTES: "bytes_list", example_proto.INT64: "int64_list", example_proto.FLOAT: "float_list"}
    kinds = {example_proto.BYTES: tf.train.BytesList, example_proto.INT64: tf.train.Int64List, example_proto.FLOAT: tf.train.FloatList}
    feature = {key: tf.train.Feature(**{lists[kind]: kinds[kind](value=values)}) for key, (kind, values) in features.items()}
    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString(deterministic=True)


def test_tfrecord_framing_reads_in_tensorflow(tmp_path: Path) -> None:
    records = [b"", b"x", bytes(range(256)) * 100, bytes(range(256)) * 256, bytes(range(256)) * 300]  # around _JOIN_BELOW
    path = tmp_path / "r.tfrecord"
    with open(path, "wb") as f:
        writer = TFRecordWriter(f)
        for record in records:
            writer.write(record)
    assert writer.num_bytes == path.stat().st_size
    assert writer.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert [r.numpy() for r in tf.data.TFRecordDataset(str(path))] == records
    with open(path, "rb") as f:
        assert list(iter_records(f, str(path))) == records


def test_flipped_byte_is_caught_with_shard_and_record(tmp_path: Path) -> None:
    path = tmp_path / "r.tfrecord"
    with open(path, "wb") as f:
        writer = TFRecordWriter(f)
        for record in (b"a" * 10, b"b" * 10):
            writer.write(record)
    data = bytearray(path.read_bytes())
    data[len(data) - 8] ^= 0x01  # inside the second record's payload
    path.write_bytes(bytes(data))
    with open(path, "rb") as f, pytest.raises(CorruptShardError, match=r"r\.tfrecord, record 1: data CRC"):
        list(iter_records(f, str(path)))


def test_tensorflow_parses_every_record_with_the_manifest_spec(converted: Path) -> None:
    manifest = load_manifest(str(converted))
    spec = _parse_spec(manifest)
    count = 0
    for path in manifest.shard_paths("train"):
        for serialized in tf.data.TFRecordDataset(path):
            example = tf.io.parse_single_example(serialized, spec)
            image = tf.io.decode_image(example[contract.IMAGE_ENCODED], channels=0, expand_animations=False)
            recorded = [int(example[k]) for k in (contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH, contract.IMAGE_CHANNELS)]
            assert list(image.shape) == recorded, example[contract.IMAGE_FILENAME].numpy()
            count += 1
    assert count == manifest.split("train").num_records


PROBE_CASES = [
    ("L", "JPEG"), ("RGB", "JPEG"), ("CMYK", "JPEG"), ("L", "PNG"), ("LA", "PNG"), ("RGB", "PNG"),
    ("RGBA", "PNG"), ("P", "PNG"), ("I;16", "PNG"), ("1", "PNG"), ("RGB", "GIF"), ("L", "GIF"),
    ("RGB", "BMP"), ("RGBA", "BMP"), ("L", "BMP"), ("RGB", "WEBP"), ("RGBA", "WEBP"),
]


@pytest.mark.parametrize("mode,fmt", PROBE_CASES)
def test_probed_shape_is_what_tensorflow_decodes(mode: str, fmt: str) -> None:
    data = image_bytes(mode, fmt, size=(30, 20), **({"lossless": True} if fmt == "WEBP" else {}))
    info = images.probe_bytes(data)
    decoded = tf.io.decode_image(data, channels=0, expand_animations=False)
    assert list(decoded.shape) == [info.height, info.width, info.channels]
    assert info.image_format == fmt.lower()


def _animated_webp() -> bytes:
    from PIL import Image

    frames = [Image.new("RGB", (8, 8), (i * 60, 0, 0)) for i in range(3)]
    buffer = io.BytesIO()
    frames[0].save(buffer, "WEBP", save_all=True, append_images=frames[1:], lossless=True)
    return buffer.getvalue()


# What TensorFlow would misread (palette BMPs: raw indices) or crash on (animated WebP) is stored
# as a PNG of the pixels Pillow sees (the first frame).
@pytest.mark.parametrize("data", [image_bytes("P", "BMP"), image_bytes("1", "BMP"), _animated_webp()])
def test_what_tensorflow_misreads_is_stored_as_a_png_of_the_same_pixels(data: bytes) -> None:
    from PIL import Image

    stored = images.store_image(data, probed=images.probe_bytes(data), filename="x")
    assert stored.reencoded and stored.info.image_format == "png"
    decoded = tf.io.decode_image(stored.data, channels=0, expand_animations=False)
    assert list(decoded.shape) == [stored.info.height, stored.info.width, stored.info.channels]
    rgb = tf.io.decode_image(stored.data, channels=3, expand_animations=False).numpy()
    assert (rgb == np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))).all()


def test_pixel_limit_rejects_without_decoding() -> None:
    with pytest.raises(InvalidInputError, match="exceeds the limit"):
        images.probe_bytes(image_bytes(size=(100, 100)), max_pixels=9_999)


# (mode, Pillow format, our format, where the cut is caught): Pillow's header probe already fails on
# a cut WebP; the others pass it and are caught by the writer's structure check.
TRUNCATABLE = [
    ("RGB", "JPEG", "jpeg", "write"),
    ("RGB", "PNG", "png", "write"),
    ("P", "GIF", "gif", "write"),
    ("RGB", "BMP", "bmp", "write"),
    ("RGB", "WEBP", "webp", "probe"),
]


@pytest.mark.parametrize("mode,fmt,key,stage", TRUNCATABLE)
def test_files_cut_short_are_rejected_and_tensorflow_agrees(make_tree, tmp_path: Path, mode, fmt, key, stage) -> None:
    from helpers.sources import convert

    whole = image_bytes(mode, fmt, size=(64, 48), seed=3)
    cut = whole[: len(whole) * 2 // 3]
    with pytest.raises((tf.errors.InvalidArgumentError, tf.errors.DataLossError)):
        tf.io.decode_image(cut, channels=3, expand_animations=False)
    output = convert(make_tree({f"a/whole.{key}": whole, f"a/cut.{key}": cut}), tmp_path / "out")
    rejects = [json.loads(line) for line in (output / "rejected.jsonl").read_text().splitlines()]
    assert [(r["path"], r["stage"]) for r in rejects] == [(f"a/cut.{key}", stage)]
    assert "truncated" in rejects[0]["reason"] or stage == "probe"
    assert load_manifest(str(output)).split("train").num_records == 1
