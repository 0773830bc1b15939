"""Decoding images inside `shardify.load`'s tf.data map: decode, crop, resize, flip, scale and
cast one parsed record's image, as `ReadOptions` ask.

Why a module of its own: this is the one part of the tf.data reader that is about pixels rather
than records, and the part that holds two choices worth keeping together.

- A crop of a JPEG decodes only the pixels inside the crop window (`tf.io.decode_and_crop_jpeg`):
  the window comes from the height and width recorded at write time, so the pixels outside it
  are never decoded. Other formats are decoded whole, then cropped.
- Random crops and flips are stateless, drawn from each element's own seed ([run seed, element
  index], given by `shardify.read.tf_data`): repeatable with `load(seed=...)`, and free to run in
  parallel with no shared random state.

`shardify.read.torch_records` fits images for the PyTorch readers with the same geometry (its
`center_crop` window is `crop_window`'s).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import tensorflow as tf

from shardify.read.options import (
    CENTER_CROP,
    CROP_AREA_RANGE,
    CROP_ASPECT_RANGE,
    CROP_ATTEMPTS,
    PAD,
    RANDOM_CROP,
    ReadOptions,
)

__all__ = ["crop_window", "decode_fn"]


def crop_window(
    height: tf.Tensor, width: tf.Tensor, *, fit: str, aspect: float | None, seed: tf.Tensor | None
) -> tf.Tensor:
    """[y, x, h, w] of the pixels to decode: all, a centred crop to `aspect`, or a random crop
    drawn from the element's own stateless `seed`."""
    height, width = tf.cast(height, tf.int32), tf.cast(width, tf.int32)
    if fit == RANDOM_CROP:
        shape = tf.stack([height, width, 3])
        begin, size, _ = tf.image.stateless_sample_distorted_bounding_box(
            shape,
            bounding_boxes=tf.constant([[[0.0, 0.0, 1.0, 1.0]]]),
            seed=seed,
            min_object_covered=0.0,
            aspect_ratio_range=CROP_ASPECT_RANGE,
            area_range=CROP_AREA_RANGE,
            max_attempts=CROP_ATTEMPTS,
            use_image_if_no_bounding_boxes=True,
        )
        return tf.stack([begin[0], begin[1], size[0], size[1]])
    if fit == CENTER_CROP and aspect:
        crop_h = tf.minimum(height, tf.cast(tf.round(tf.cast(width, tf.float32) / aspect), tf.int32))
        crop_w = tf.minimum(width, tf.cast(tf.round(tf.cast(height, tf.float32) * aspect), tf.int32))
        return tf.stack([(height - crop_h) // 2, (width - crop_w) // 2, crop_h, crop_w])
    return tf.stack([0, 0, height, width])


def decode_fn(names: Sequence[str], options: ReadOptions, *, dtype: tf.dtypes.DType | None) -> Callable[..., dict]:
    """Decode (JPEGs: only the pixels inside the crop window), resize, flip, scale, cast to
    `dtype`, as `options` ask. `names` are the output names of DECODER_KEYS in the manifest.

    The function returned takes a parsed record (a dict keyed by output name) and, when `options`
    crop randomly or flip, the element's `seed` ([run seed, element index], int64); it returns the
    record with its image replaced by the decoded one.
    """
    image_key, height_key, width_key, format_key = names
    image_size, fit, flip, normalize = options.image_size, options.fit, options.flip, options.normalize
    aspect = image_size[1] / image_size[0] if image_size else None

    crops = fit in (CENTER_CROP, RANDOM_CROP)

    def decode(example: dict[str, tf.Tensor], seed: tf.Tensor | None = None) -> dict[str, tf.Tensor]:
        encoded = example[image_key]
        if crops:
            window = crop_window(example[height_key], example[width_key], fit=fit, aspect=aspect, seed=seed)

            def jpeg() -> tf.Tensor:
                return tf.io.decode_and_crop_jpeg(encoded, window, channels=3)

            def other() -> tf.Tensor:
                image = tf.io.decode_image(encoded, channels=3, expand_animations=False)
                return tf.image.crop_to_bounding_box(image, window[0], window[1], window[2], window[3])

            image = tf.cond(tf.equal(example[format_key], b"jpeg"), jpeg, other)
        else:
            image = tf.io.decode_image(encoded, channels=3, expand_animations=False)
        image.set_shape([None, None, 3])
        if image_size is not None:
            if fit == PAD:
                image = tf.image.resize_with_pad(image, *image_size)
            else:
                image = tf.image.resize(image, image_size)  # float32, values in [0, 255]
        if flip:
            image = tf.image.stateless_random_flip_left_right(image, seed=seed + tf.constant([1, 0], tf.int64))
        if normalize:
            image = tf.cast(image, tf.float32) / 255.0
        if dtype is not None:
            image = tf.cast(tf.round(image) if dtype.is_integer and image.dtype.is_floating else image, dtype)
        return {**example, image_key: image}

    return decode
