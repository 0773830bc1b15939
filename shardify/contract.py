"""The record contract: feature keys, dtypes and encodings, defined once.

The writer builds records with `encode_image_record`, the manifest stores `feature_spec(...)`, and
the reader parses with the spec it finds in the manifest. No other module spells out a feature key.

Image records use the keys that ImageNet-style TensorFlow input pipelines already read, so existing
readers work unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shardify import example_proto
from shardify.example_proto import BYTES, INT64

__all__ = [
    "Feature",
    "IMAGE_ENCODED",
    "IMAGE_FORMAT",
    "IMAGE_HEIGHT",
    "IMAGE_WIDTH",
    "IMAGE_CHANNELS",
    "IMAGE_FILENAME",
    "IMAGE_SHA256",
    "LABEL",
    "LABEL_TEXT",
    "IMAGE_FEATURES",
    "feature_spec",
    "encode_image_record",
]


@dataclass(frozen=True)
class Feature:
    """One feature of a record.

    Attributes:
      key: the `tf.train.Example` key.
      dtype: "string", "int64" or "float32" (the manifest's and TensorFlow's names).
      output_name: the key under which the reader returns it.
      description: one line for the manifest and the README.
    """

    key: str
    dtype: str
    output_name: str
    description: str

    def __post_init__(self) -> None:
        if self.dtype not in (BYTES, INT64, example_proto.FLOAT):
            raise ValueError(f"feature {self.key!r}: unknown dtype {self.dtype!r}")


IMAGE_ENCODED = "image/encoded"
IMAGE_FORMAT = "image/format"
IMAGE_HEIGHT = "image/height"
IMAGE_WIDTH = "image/width"
IMAGE_CHANNELS = "image/channels"
IMAGE_FILENAME = "image/filename"
IMAGE_SHA256 = "image/key/sha256"
LABEL = "image/class/label"
LABEL_TEXT = "image/class/text"

IMAGE_FEATURES: tuple[Feature, ...] = (
    Feature(IMAGE_ENCODED, BYTES, "image", "the source file's bytes, unchanged"),
    Feature(IMAGE_FORMAT, BYTES, "format", "jpeg, png, gif, bmp or webp, detected from the bytes"),
    Feature(IMAGE_HEIGHT, INT64, "height", "pixels, from the header"),
    Feature(IMAGE_WIDTH, INT64, "width", "pixels, from the header"),
    Feature(IMAGE_CHANNELS, INT64, "channels", "channels tf.io.decode_image(channels=0) returns"),
    Feature(IMAGE_FILENAME, BYTES, "filename", "path relative to the source folder, '/'-separated"),
    Feature(IMAGE_SHA256, BYTES, "sha256", "hex sha256 of image/encoded"),
    Feature(LABEL, INT64, "label", "0-based index into the manifest's label list"),
    Feature(LABEL_TEXT, BYTES, "label_text", "the label's name"),
)


def feature_spec(features: Sequence[Feature]) -> dict[str, dict[str, object]]:
    """The manifest's description of `features`: every key with its dtype, shape and reader name."""
    return {
        f.key: {"dtype": f.dtype, "shape": [], "output_name": f.output_name, "description": f.description}
        for f in features
    }


def encode_image_record(
    *,
    encoded: bytes,
    image_format: str,
    height: int,
    width: int,
    channels: int,
    filename: str,
    sha256: str,
    label: int,
    label_text: str,
) -> bytes:
    """A serialized `tf.train.Example` holding one image and its label."""
    values: Mapping[str, tuple[str, Sequence]] = {
        IMAGE_ENCODED: (BYTES, [encoded]),
        IMAGE_FORMAT: (BYTES, [image_format.encode()]),
        IMAGE_HEIGHT: (INT64, [height]),
        IMAGE_WIDTH: (INT64, [width]),
        IMAGE_CHANNELS: (INT64, [channels]),
        IMAGE_FILENAME: (BYTES, [filename.encode("utf-8")]),
        IMAGE_SHA256: (BYTES, [sha256.encode()]),
        LABEL: (INT64, [label]),
        LABEL_TEXT: (BYTES, [label_text.encode("utf-8")]),
    }
    return example_proto.encode_example(values)
