"""TensorFlow Datasets' connector for shardify's images: tfds's `Image`, decoding every format a
record may hold.

tfds imports this module itself, by the class name `features.json` gives (see
`shardify/interop/tfds_metadata.py`), when `tfds.builder_from_directory(OUT)` reads an output; nothing in
shardify imports it, so converting never imports tfds or TensorFlow.

Why not tfds's own `Image`: it decodes with `tf.image.decode_image`'s default
`expand_animations=True`, so a GIF or a WebP (TensorFlow reads both as animations), even of one
frame, comes back as `[frames, height, width, 3]` and fails the feature's `(height, width, 3)`
shape: one such image in an output and reading it stops. This subclass decodes as `shardify.load`
does, every format to `(height, width, 3)` and an animation to its first frame; everything else
(encoding, shape, dtype, `isinstance(f, tfds.features.Image)`) is tfds's own.
"""

from __future__ import annotations

import tensorflow as tf
import tensorflow_datasets as tfds

__all__ = ["Image"]


class Image(tfds.features.Image):
    """tfds's `Image`, with GIFs and WebPs decoded to their first frame (a still image like any other)."""

    def decode_example(self, example: tf.Tensor) -> tf.Tensor:
        image = tf.io.decode_image(
            example, channels=self.shape[-1], dtype=self.tf_dtype, expand_animations=False
        )
        image.set_shape(self.shape)
        return image
