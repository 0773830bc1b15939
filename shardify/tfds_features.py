"""TensorFlow Datasets' connectors for shardify's records: tfds's `Image`, decoding every format a
record may hold, tfds's `BBoxFeature`, read from the four coordinate keys a detection record
holds (`BBoxes`), tfds's `Image(shape=(None, None, 1))` decoding a segmentation mask to its
class indices (`Segmentation`), and tfds's `ClassLabel` over object classes numbered from 1
(`ClassLabelFromOne`).

tfds imports this module itself, by the class name `features.json` gives (see
`shardify/interop/tfds_metadata.py`), when `tfds.builder_from_directory(OUT)` reads an output; nothing in
shardify imports it, so converting never imports tfds or TensorFlow.

Why not tfds's own `Image`: it decodes with `tf.image.decode_image`'s default
`expand_animations=True`, so a GIF or a WebP (TensorFlow reads both as animations), even of one
frame, comes back as `[frames, height, width, 3]` and fails the feature's `(height, width, 3)`
shape: one such image in an output and reading it stops. This subclass decodes as `shardify.load`
does, every format to `(height, width, 3)` and an animation to its first frame; everything else
(encoding, shape, dtype, `isinstance(f, tfds.features.Image)`) is tfds's own.

Why not tfds's own `BBoxFeature`: it stores a box as one float feature of 4 values, where a
detection record holds each coordinate of every object under its own key
(`image/object/bbox/xmin`, ..., the keys Model Garden and the Object Detection API read). `BBoxes`
is tfds's `BBoxFeature` (same output: float32 [ymin, xmin, ymax, xmax], normalised; same
`isinstance`) that reads those four keys: inside the `Sequence` keyed `image/object`, tfds names
its serialized parts `image/object/bbox/ymin` and so on, the records' own keys.

Why not tfds's own `Image(shape=(None, None, 1))` for a segmentation mask: it decodes with
`tf.image.decode_image`, which scales a 1-, 2- or 4-bit PNG up to 8 bits (a 1-bit mask's class 1
comes back 255), a 16-bit one down to 8 (class 300 comes back 1), and turns a colour PNG into its
luminance. `Segmentation` decodes as `shardify.load` does (`shardify.read.tf_decode`): the classes
as stored; a 16-bit mask whose classes all fit in 8 bits; and it fails the read, saying why, on a
class above 255 (tfds's dtype is fixed when the output is written, uint8 as tfds's own
segmentation datasets') or a colour PNG.

Why not tfds's own `ClassLabel` for object classes numbered from 1 (`--class-ids label-map`, the
default: detection trainers keep 0 for the background): a `ClassLabel` counts from 0, as tfds's own
detection datasets' `objects/label` do, and would take class n for class n + 1 (and refuse to
encode the last). `ClassLabelFromOne` is tfds's `ClassLabel` (0-based, the manifest's class names)
reading and writing the record's number, the index plus `contract.FIRST_CLASS_ID` of that
convention.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import tensorflow as tf
import tensorflow_datasets as tfds

from shardify.format import contract
from shardify.read.tf_decode import decode_segmentation

__all__ = ["Image", "BBoxes", "Segmentation", "ClassLabelFromOne"]

# Why tfds reads a 16-bit mask as uint8.
_WHY_UINT8 = "TensorFlow Datasets' Segmentation feature is uint8 (read the output with shardify.load)"


class Image(tfds.features.Image):
    """tfds's `Image`, with GIFs and WebPs decoded to their first frame (a still image like any other)."""

    def decode_example(self, example: tf.Tensor) -> tf.Tensor:
        image = tf.io.decode_image(
            example, channels=self.shape[-1], dtype=self.tf_dtype, expand_animations=False
        )
        image.set_shape(self.shape)
        return image


class Segmentation(tfds.features.Image):
    """tfds's `Image(shape=(None, None, 1))` (uint8), decoding a segmentation mask to its class
    indices (see the module docstring)."""

    def decode_example(self, example: tf.Tensor) -> tf.Tensor:
        mask = decode_segmentation(example, tf.uint8, why_uint8=_WHY_UINT8)[..., None]
        mask.set_shape(self.shape)
        return mask


class BBoxes(tfds.features.BBoxFeature):
    """tfds's `BBoxFeature` (float32 [ymin, xmin, ymax, xmax], normalised), stored as four float
    features, one a coordinate, under `<its key>/ymin`, `/xmin`, `/ymax` and `/xmax`."""

    CORNERS = ("ymin", "xmin", "ymax", "xmax")  # the order of the decoded box's values

    def get_serialized_info(self) -> dict[str, tfds.features.TensorInfo]:
        return {corner: tfds.features.TensorInfo(shape=(), dtype=np.float32) for corner in self.CORNERS}

    def encode_example(self, bbox: Any) -> dict[str, np.ndarray]:
        box = super().encode_example(bbox)  # checked by tfds, as [ymin, xmin, ymax, xmax]
        return dict(zip(self.CORNERS, box))

    def decode_example(self, tfexample_data: dict[str, tf.Tensor]) -> tf.Tensor:
        return tf.stack([tfexample_data[corner] for corner in self.CORNERS], axis=-1)

    def decode_batch_example(self, tfexample_data: dict[str, tf.Tensor]) -> tf.Tensor:
        return tf.stack([tfexample_data[corner] for corner in self.CORNERS], axis=-1)


class ClassLabelFromOne(tfds.features.ClassLabel):
    """tfds's `ClassLabel` (0-based) over records whose class numbers count from 1: the record's
    number less one on reading, plus one on writing."""

    FIRST = contract.FIRST_CLASS_ID[contract.CLASS_IDS_LABEL_MAP]

    def encode_example(self, example_data: Any) -> np.int64:
        return np.int64(super().encode_example(example_data) + self.FIRST)

    def decode_example(self, tfexample_data: tf.Tensor) -> tf.Tensor:
        return super().decode_example(tfexample_data) - self.FIRST

    def decode_example_np(self, example_data: Any) -> Any:
        return super().decode_example_np(example_data) - self.FIRST
