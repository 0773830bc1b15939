"""Images stored as their pixels (`--store-pixels`, `contract.RAW_PIXELS_FORMAT`) in
`shardify.load`'s tf.data graph: one record's (`raw_pixels`, which `tf_decode.decode_fn` calls for
such records), and a batch's at once (`decode_batch_fn`, which `tf_data` uses where the options
fit every image of a batch alike).

Why a module of its own: reading pixels is not decoding; it is a byte count checked against the
record's shape, a reshape, and the channels made three as `tf.io.decode_image(channels=3)` makes
them; and a batch of tiny images is read a batch at a time, which no encoded image can be.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import tensorflow as tf

from shardify.format import contract
from shardify.read.options import PAD, STRETCH, ReadOptions

__all__ = ["raw_pixels", "decode_batch_fn"]


def _checked(value: tf.Tensor, condition: tf.Tensor, message: list) -> tf.Tensor:
    with tf.control_dependencies([tf.debugging.Assert(condition, message, summarize=4)]):
        return tf.identity(value)


# Which stored channels make the 3 that `tf.io.decode_image(channels=3)` returns, by channels - 1:
# grey is repeated, grey's alpha and RGBA's alpha dropped (as libpng drops them).
_RGB_OF_CHANNELS = ((0, 0, 0), (0, 0, 0), (0, 1, 2), (0, 1, 2))


def raw_pixels(encoded: tf.Tensor, height: tf.Tensor, width: tf.Tensor, channels: tf.Tensor, *, where: str = "") -> tf.Tensor:
    """An image stored as its pixels (`contract.RAW_PIXELS_FORMAT`) -> uint8 [height, width, 3], as
    `tf.io.decode_image(channels=3)` gives an encoded one. The read fails (InvalidArgumentError,
    naming the output `where`) when the bytes are not height x width x channels: a record is
    untrusted, and a reshape of the wrong count would fail saying nothing of which, or (had the
    count matched another shape) give a wrong image."""
    of = f" of {where}" if where else ""
    height, width, channels = (tf.cast(value, tf.int32) for value in (height, width, channels))
    pixels = tf.io.decode_raw(encoded, tf.uint8)
    count = tf.size(pixels)
    fits = (height > 0) & (width > 0) & (channels >= 1) & (channels <= 4) & tf.equal(count, height * width * channels)
    pixels = _checked(
        pixels,
        fits,
        [
            f"shardify: a record{of} holds raw pixels (image/format raw) whose byte count is not its height x width x "
            "channels (run `shardify verify` to name the shard and record); bytes, height, width, channels:",
            count,
            height,
            width,
            channels,
        ],
    )
    image = tf.reshape(pixels, tf.stack([height, width, channels]))
    rgb = tf.gather(tf.constant(_RGB_OF_CHANNELS, tf.int32), tf.clip_by_value(channels - 1, 0, 3))
    return tf.gather(image, rgb, axis=2)


def decode_batch_fn(
    names: Sequence[str], options: ReadOptions, *, dtype: tf.dtypes.DType | None, per_record: Callable[[dict], dict]
) -> Callable[[dict], dict]:
    """`decode_fn` for a batch of parsed records whose images may be stored as pixels: a batch
    whose every image is raw pixels of one shape (CIFAR's, MNIST's: every batch of such an
    output) is read by one `tf.io.decode_raw` and one reshape, and fitted by one resize; any
    other batch image by image, by `per_record` (`tf_decode.decode_fn` for the same names and
    options, through `tf.map_fn`). The values are those of `decode_fn` either way (the same ops,
    on a batch).

    Why: a 32x32 image costs tf.data's per-record map more than its pixels cost to read, so
    reading pixels one record at a time gains nothing over decoding a PNG; a batch at a time,
    with the parse (`tf.io.parse_example`), it costs a fifth (docs/performance.md). Only for
    `options` that treat every image of a batch alike: `image_size` with `fit` stretch or pad,
    no flips (`tf_data` decides; random crops and flips draw per record).

    `names` are the output names of PIXEL_DECODER_KEYS; the function takes and returns a batch
    of parsed records (a dict of [batch] tensors).
    """
    image_key, height_key, width_key, format_key, channels_key = names
    image_size, fit, normalize = options.image_size, options.fit, options.normalize
    if image_size is None or fit not in (STRETCH, PAD) or options.flip:
        raise ValueError(f"decode_batch_fn takes image_size with fit stretch or pad and no flips, not {options}")
    raw_format = contract.RAW_PIXELS_FORMAT.encode()

    def finish(images: tf.Tensor) -> tf.Tensor:  # decode_fn's steps after the decode, on a batch
        images = tf.image.resize_with_pad(images, *image_size) if fit == PAD else tf.image.resize(images, image_size)
        if normalize:
            images = tf.cast(images, tf.float32) / 255.0
        if dtype is not None:
            images = tf.cast(tf.round(images) if dtype.is_integer and images.dtype.is_floating else images, dtype)
        return images

    def decode(batch: dict[str, tf.Tensor]) -> dict[str, tf.Tensor]:
        encoded, formats = batch[image_key], batch[format_key]
        height, width, channels = (tf.cast(batch[key], tf.int32) for key in (height_key, width_key, channels_key))
        size = tf.size(encoded)  # a batch is never empty
        alike = (
            tf.reduce_all(tf.equal(formats, raw_format))
            & tf.reduce_all(tf.equal(height, height[0]) & tf.equal(width, width[0]) & tf.equal(channels, channels[0]))
        )
        # each record's bytes checked against its shape: a batch where one differs is read record by
        # record, and `raw_pixels` fails on that record saying why
        alike = alike & tf.reduce_all(tf.equal(tf.strings.length(encoded), height * width * channels))

        def together() -> tf.Tensor:
            h, w, c = height[0], width[0], channels[0]
            pixels = tf.reshape(tf.io.decode_raw(encoded, tf.uint8), tf.stack([size, h, w, c]))
            rgb = tf.gather(tf.constant(_RGB_OF_CHANNELS, tf.int32), tf.clip_by_value(c - 1, 0, 3))
            return finish(tf.gather(pixels, rgb, axis=3))

        def apart() -> tf.Tensor:
            def image_of(record: tuple[tf.Tensor, ...]) -> tf.Tensor:
                fields = dict(zip((image_key, height_key, width_key, format_key, channels_key), record))
                return per_record(fields)[image_key]

            record = (encoded, batch[height_key], batch[width_key], formats, batch[channels_key])
            shape = tf.TensorSpec([*image_size, 3], dtype or tf.float32)
            return tf.map_fn(image_of, record, fn_output_signature=shape)

        return {**batch, image_key: tf.cond(alike, together, apart)}

    return decode
