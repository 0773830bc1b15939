"""JPEGs decoded at 1/2, 1/4 or 1/8 of their size when they will be resized down anyway
(`ReadOptions(scaled_decode=True)`, `shardify.load` only).

Why: a JPEG that the reader resizes to `image_size` is decoded at full size only for the resize to
throw most of its pixels away. libjpeg can decode at 1/2, 1/4 or 1/8 scale straight from the DCT
coefficients (`tf.io.decode_jpeg(ratio=...)`, what Pillow's `draft` does), skipping most of the
inverse DCT, upsampling and colour conversion. The scale taken is the largest whose decoded size
still covers what the resize keeps (never fewer pixels than `image_size` asks for in either side),
so nothing is upscaled that a full decode would have downscaled. The result differs from a full
decode then resize by a smoothing: each scaled pixel averages the block it stands for, where
`tf.image.resize` without antialiasing samples a few pixels and skips the rest; measured on
photo-sized JPEGs, it lies nearer an antialiased resize of the full decode than the plain resize
does (docs/reading.md gives the figures). Images under twice `image_size` decode at full size, as
without the option; so do other formats.

The scale is chosen per record from the height and width recorded at write time (`image/height`,
`image/width`): no header is parsed twice. A crop window (`center_crop`, `random_crop`) is drawn in
the full image's pixels, as without the option, and decoded at the scale that still covers
`image_size` from the window: `tf.io.decode_and_crop_jpeg` takes its window in scaled pixels
(checked: a full-size window with `ratio=2` is refused), so the window is divided by the scale,
which moves its edges by less than one decoded pixel. Boxes, masks and keypoints are moved by the
full-size window, as without the option.
"""

from __future__ import annotations

import tensorflow as tf

__all__ = ["SCALES", "decode_scaled", "decode_window_scaled", "pad_need"]

# libjpeg's DCT scales (its scale_denom for 1/N; TensorFlow's `ratio`), smallest first.
SCALES = (1, 2, 4, 8)


def _scale_index(need_h: tf.Tensor, need_w: tf.Tensor, extent_h: tf.Tensor, extent_w: tf.Tensor) -> tf.Tensor:
    """Index into SCALES of the largest scale at which `extent` pixels (int32) still hold `need`
    (float32) in both sides. Rounding down (a decoded side is the extent / scale rounded up), so
    a chosen scale never gives fewer pixels than needed; covering at 1/4 implies covering at 1/2,
    so the count of scales that cover is the index."""
    index = tf.constant(0, tf.int32)
    for scale in SCALES[1:]:
        covers = (tf.cast(extent_h // scale, tf.float32) >= need_h) & (tf.cast(extent_w // scale, tf.float32) >= need_w)
        index += tf.cast(covers, tf.int32)
    return index


def pad_need(height: tf.Tensor, width: tf.Tensor, size: tuple[int, int]) -> tuple[tf.Tensor, tf.Tensor]:
    """The pixels `tf.image.resize_with_pad` keeps of a height x width image fitted into `size`:
    the image scaled by min(size / image) in both sides, aspect kept."""
    f_height, f_width = tf.cast(height, tf.float32), tf.cast(width, tf.float32)
    scale = tf.minimum(size[0] / f_height, size[1] / f_width)
    return f_height * scale, f_width * scale


def decode_scaled(
    encoded: tf.Tensor, height: tf.Tensor, width: tf.Tensor, need: tuple[tf.Tensor | float, tf.Tensor | float]
) -> tf.Tensor:
    """The whole JPEG, 3 channels, at the largest scale whose size covers `need` (height, width
    in pixels) given its recorded `height` and `width`."""
    height, width = tf.cast(height, tf.int32), tf.cast(width, tf.int32)
    index = _scale_index(tf.cast(need[0], tf.float32), tf.cast(need[1], tf.float32), height, width)
    branches = [lambda scale=scale: tf.io.decode_jpeg(encoded, channels=3, ratio=scale) for scale in SCALES]
    return tf.switch_case(index, branches)


def decode_window_scaled(
    encoded: tf.Tensor, window: tf.Tensor, height: tf.Tensor, width: tf.Tensor, size: tuple[int, int]
) -> tf.Tensor:
    """Crop `window` ([y, x, h, w] in the full image's pixels) of the JPEG, 3 channels, decoded
    at the largest scale at which the window still covers `size`."""
    height, width = tf.cast(height, tf.int32), tf.cast(width, tf.int32)
    top, left, crop_h, crop_w = tf.unstack(tf.cast(window, tf.int32))
    index = _scale_index(float(size[0]), float(size[1]), crop_h, crop_w)

    def at(scale: int):
        def branch() -> tf.Tensor:
            if scale == 1:
                return tf.io.decode_and_crop_jpeg(encoded, window, channels=3)
            # The scaled image is ceil(side / scale) pixels; the window's corner rounds down and
            # its size is kept inside the scaled image.
            scaled_top, scaled_left = top // scale, left // scale
            scaled_h = tf.minimum(tf.maximum(crop_h // scale, 1), -(-height // scale) - scaled_top)
            scaled_w = tf.minimum(tf.maximum(crop_w // scale, 1), -(-width // scale) - scaled_left)
            scaled = tf.stack([scaled_top, scaled_left, scaled_h, scaled_w])
            return tf.io.decode_and_crop_jpeg(encoded, scaled, channels=3, ratio=scale)

        return branch

    return tf.switch_case(index, [at(scale) for scale in SCALES])
