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

A detection record's objects (`objects`, see `shardify.read.options.OBJECT_FIELDS`) move with its
image: boxes (normalised [ymin, xmin, ymax, xmax]), masks and keypoints (normalised (y, x)) are
cropped to the same window, placed as `pad` places the image, and flipped with it (keypoints are
never flipped: `plan_read` refuses it); a box the crop leaves no area of is dropped, with every
other field of its object, and a keypoint it leaves outside the window is made invisible (0).
Masks are resized by nearest neighbour, so they stay 0/1. `area` stays as recorded (pixels of the
stored image).

A semantic segmentation mask (`segmentation`, a PNG of class indices) is decoded to [H, W] and moved
the same way: cropped to the same window, resized by nearest neighbour only (class indices are
never interpolated), flipped in the same draw, and `pad`'s border filled with
`ReadOptions.segmentation_fill`. It comes back uint8, or uint16 where the split's masks are 16-bit
PNGs (`segmentation_dtype`: the reader reads the first one's header, since a dataset's element
types are fixed before any record is read); a 1-, 2- or 4-bit PNG gives its values, not libpng's
8-bit scaling of them (a 1-bit mask is 0/1, not 0/255).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import tensorflow as tf

from shardify.format import contract
from shardify.read.options import (
    CENTER_CROP,
    CROP_AREA_RANGE,
    CROP_ASPECT_RANGE,
    CROP_ATTEMPTS,
    OBJECTS,
    PAD,
    RANDOM_CROP,
    ReadOptions,
)
from shardify.read.tf_pixels import raw_pixels
from shardify.read.tf_scaled import decode_scaled, decode_window_scaled, pad_need

__all__ = ["crop_window", "decode_fn", "objects_fn", "segmentation_fn", "segmentation_dtype", "decode_segmentation"]

# Object fields -> the parsed reader names each is made of (`ReadPlan.object_names`).
ObjectNames = Mapping[str, Sequence[str]]
# A PNG's IHDR chunk comes first (the PNG specification requires it): its bit depth and colour type
# are these bytes of the file. Masks are greyscale (colour type 0) of 1, 2, 4, 8 or 16 bits.
_PNG_BIT_DEPTH_BYTE, _PNG_COLOUR_TYPE_BYTE = 24, 25
_PNG_GREYSCALE = 0
_PNG_DEEP_BITS = 16
# Why `shardify.load` reads a 16-bit mask as uint8: one mask's header fixed the split's dtype.
_WHY_UINT8 = "the split's first mask is 8-bit, so its masks come back uint8 (store every mask at one bit depth)"


def _of_recorded_size(value: tf.Tensor, size: tf.Tensor, height: tf.Tensor, width: tf.Tensor, where: str) -> tf.Tensor:
    """`value`, once the image's `size` ([height, width], decoded or from its header) is the one
    its record gives: a record's height and width place its crop window and its boxes, and are
    returned beside the image, so a record whose size lies fails the read instead."""
    recorded = tf.cast(tf.stack([height, width]), tf.int32)
    message = (
        f"shardify: a record of {where} holds an image whose size is not its image/height and image/width "
        "(run `shardify verify`); the image size, then the recorded one:"
    )
    # The raw op: tf.debugging.Assert puts one showing a string in a `cond`, which costs a record more
    # than the test (measured); the message is a constant, the shown values computed already.
    check = tf.raw_ops.Assert(condition=tf.reduce_all(tf.equal(tf.cast(size, tf.int32), recorded)), data=[message, size, recorded], summarize=4)
    with tf.control_dependencies([check]):
        return tf.identity(value)


def segmentation_dtype(png: bytes) -> tf.dtypes.DType:
    """The dtype a split's segmentation masks come back as, from one of its PNGs: uint16 for a
    16-bit PNG, else uint8.

    >>> segmentation_dtype(bytes(24) + bytes([16, 0])).name   # bit depth 16 in the IHDR chunk
    'uint16'
    """
    deep = len(png) > _PNG_BIT_DEPTH_BYTE and png[_PNG_BIT_DEPTH_BYTE] == _PNG_DEEP_BITS
    return tf.uint16 if deep else tf.uint8


def _checked(value: tf.Tensor, condition: tf.Tensor, message: list) -> tf.Tensor:
    with tf.control_dependencies([tf.debugging.Assert(condition, message, summarize=4)]):
        return tf.identity(value)


def decode_segmentation(png: tf.Tensor, dtype: tf.dtypes.DType, *, where: str = "", why_uint8: str = "") -> tf.Tensor:
    """A segmentation PNG -> its class indices, `dtype` (uint8 or uint16) [H, W].

    A 16-bit PNG is decoded at 16 bits (read as uint8, every class must fit in 8 bits); a 1-, 2- or
    4-bit one to its own values (libpng scales them up to 8 bits). The read fails
    (InvalidArgumentError, naming the output `where`) on a PNG that is not greyscale (colours are
    not class indices), and on a class above 255 read as uint8 (saying `why_uint8`: why uint8).
    """
    of = f" of {where}" if where else ""
    header = tf.io.decode_raw(tf.strings.substr(png, _PNG_BIT_DEPTH_BYTE, 2), tf.uint8)
    bits, colour = tf.cast(header[0], tf.int32), tf.cast(header[1], tf.int32)
    png = _checked(
        png,
        tf.equal(colour, _PNG_GREYSCALE),
        [
            f"shardify: a segmentation mask{of} is a colour PNG, not a greyscale PNG of class indices "
            "(convert the masks to class indices, or leave `segmentation` out with features=); its PNG colour type:",
            colour,
        ],
    )

    def deep() -> tf.Tensor:
        values = tf.io.decode_png(png, channels=1, dtype=tf.uint16)[..., 0]
        if dtype == tf.uint8:
            highest = tf.reduce_max(values)
            values = _checked(
                values,
                highest <= 255,
                [
                    f"shardify: a segmentation mask{of} is a 16-bit PNG holding a class above 255, read as uint8: "
                    f"{why_uint8}; its highest class:",
                    highest,
                ],
            )
        return tf.cast(values, dtype)

    def byte() -> tf.Tensor:
        values = tf.io.decode_png(png, channels=1)[..., 0]
        # libpng scales 1-, 2- and 4-bit greys up to 8 bits (1-bit 1 -> 255): divided back to classes
        step = 255 // (tf.bitwise.left_shift(1, tf.minimum(bits, 8)) - 1)
        return tf.cast(values // tf.cast(step, tf.uint8), dtype)

    return tf.cond(tf.equal(bits, _PNG_DEEP_BITS), deep, byte)


def segmentation_fn(name: str, dtype: tf.dtypes.DType, *, where: str = "") -> Callable[[dict], dict]:
    """For records read without their image: the segmentation mask under `name` decoded
    (`decode_segmentation`) at its stored size, nothing moved. Takes and returns a parsed record."""

    def decode(example: dict[str, tf.Tensor]) -> dict[str, tf.Tensor]:
        return {**example, name: decode_segmentation(example[name], dtype, where=where, why_uint8=_WHY_UINT8)}

    return decode


def _pad_segmentation(mask: tf.Tensor, size: tuple[int, int], fill: int) -> tf.Tensor:
    """[h, w] mask -> `size`, placed as `tf.image.resize_with_pad` places the image (by that very
    function, nearest neighbour), its border `fill`: classes move up by one so that the zeros it
    pads with stand for the border alone."""
    shifted = tf.cast(mask, tf.int32)[..., None] + 1
    placed = tf.image.resize_with_pad(shifted, size[0], size[1], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)[..., 0]
    return tf.cast(tf.where(placed > 0, placed - 1, fill), mask.dtype)


def _resize_segmentation(mask: tf.Tensor, size: tuple[int, int]) -> tf.Tensor:
    """[h, w] mask -> `size` by nearest neighbour (half-pixel centres, as `tf.image.resize`)."""
    return tf.image.resize(mask[..., None], size, method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)[..., 0]


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


def _gather_objects(example: dict[str, tf.Tensor], fields: ObjectNames, num_keypoints: int) -> dict[str, tf.Tensor]:
    """Takes the parsed object features out of `example` and returns them as one dict of fields:
    `bbox` [n, 4] from its four coordinates, `keypoints` [n, num_keypoints, 2] and
    `keypoint_visibility` [n, num_keypoints] from the flat lists, masks still PNG bytes."""
    objects = {}
    for field, names in fields.items():
        values = [example.pop(name) for name in names]
        value = tf.stack(values, axis=-1) if len(values) > 1 else values[0]
        if field == "keypoints":
            value = tf.reshape(value, [-1, num_keypoints, 2])
        elif field == "keypoint_visibility":
            value = tf.reshape(value, [-1, num_keypoints])
        objects[field] = value
    return objects


def _decode_masks(pngs: tf.Tensor, height: tf.Tensor, width: tf.Tensor) -> tf.Tensor:
    """[n] PNG masks -> uint8 [n, height, width] (as Model Garden's decoder, [0, h, w] for none)."""

    def decode_one(png: tf.Tensor) -> tf.Tensor:
        return tf.io.decode_png(png, channels=1)[..., 0]

    return tf.cond(
        tf.size(pngs) > 0,
        lambda: tf.map_fn(decode_one, pngs, fn_output_signature=tf.TensorSpec([None, None], tf.uint8)),
        lambda: tf.zeros(tf.stack([0, tf.cast(height, tf.int32), tf.cast(width, tf.int32)]), tf.uint8),
    )


def objects_fn(fields: ObjectNames, size_names: tuple[str, str], *, num_keypoints: int = 0) -> Callable[[dict], dict]:
    """For records read without their image: the objects gathered into `objects`, masks decoded
    at the stored size, nothing moved. `size_names` are the parsed names of the image's height
    and width (the size of an image's masks when it has none). The function takes and returns a
    parsed record."""
    height_key, width_key = size_names

    def gather(example: dict[str, tf.Tensor]) -> dict[str, tf.Tensor]:
        example = dict(example)
        objects = _gather_objects(example, fields, num_keypoints)
        if "mask" in objects:
            objects["mask"] = _decode_masks(objects["mask"], example[height_key], example[width_key])
        return {**example, OBJECTS: objects}

    return gather


def _keep(objects: dict[str, tf.Tensor], keep: tf.Tensor) -> dict[str, tf.Tensor]:
    return {field: tf.boolean_mask(value, keep) for field, value in objects.items()}


def _crop_objects(objects: dict[str, tf.Tensor], window: tf.Tensor, height: tf.Tensor, width: tf.Tensor) -> dict[str, tf.Tensor]:
    """Objects inside crop `window` [y, x, h, w] of a height x width image: boxes in the window's
    own [0, 1] coordinates, clipped to it; objects the crop leaves no box area of, dropped."""
    window = tf.cast(window, tf.float32)
    size = tf.cast(tf.stack([height, width, height, width]), tf.float32)
    origin = tf.stack([window[0], window[1], window[0], window[1]])
    extent = tf.stack([window[2], window[3], window[2], window[3]])
    objects = dict(objects)
    if "keypoints" in objects:
        points = (objects["keypoints"] * size[:2] - origin[:2]) / extent[:2]
        objects["keypoints"] = points
        if "keypoint_visibility" in objects:
            inside = tf.reduce_all((points >= 0.0) & (points <= 1.0), axis=-1)
            visibility = objects["keypoint_visibility"]
            objects["keypoint_visibility"] = tf.where(inside, visibility, tf.zeros_like(visibility))
    if "bbox" in objects:
        boxes = tf.clip_by_value((objects["bbox"] * size - origin) / extent, 0.0, 1.0)
        objects["bbox"] = boxes
        objects = _keep(objects, (boxes[:, 2] > boxes[:, 0]) & (boxes[:, 3] > boxes[:, 1]))
    if "mask" in objects:
        y, x, h, w = (tf.cast(v, tf.int32) for v in tf.unstack(window))
        objects["mask"] = objects["mask"][:, y : y + h, x : x + w]
    return objects


def _pad_objects(
    objects: dict[str, tf.Tensor], height: tf.Tensor, width: tf.Tensor, size: tuple[int, int]
) -> dict[str, tf.Tensor]:
    """Objects placed as `tf.image.resize_with_pad` places a height x width image in `size`
    (its float32 arithmetic: the image is resized to floor(dimension / ratio) pixels)."""
    f_height, f_width = tf.cast(height, tf.float32), tf.cast(width, tf.float32)
    target_h, target_w = float(size[0]), float(size[1])
    ratio = tf.maximum(f_width / target_w, f_height / target_h)
    resized_h, resized_w = tf.floor(f_height / ratio), tf.floor(f_width / ratio)
    top = tf.maximum(0.0, tf.floor((target_h - f_height / ratio) / 2))
    left = tf.maximum(0.0, tf.floor((target_w - f_width / ratio) / 2))
    objects = dict(objects)
    scale = tf.stack([resized_h / target_h, resized_w / target_w])
    shift = tf.stack([top / target_h, left / target_w])
    if "bbox" in objects:
        objects["bbox"] = objects["bbox"] * tf.tile(scale, [2]) + tf.tile(shift, [2])
    if "keypoints" in objects:
        objects["keypoints"] = objects["keypoints"] * scale + shift
    if "mask" in objects:
        masks = tf.image.resize_with_pad(
            objects["mask"][..., None], size[0], size[1], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR
        )
        objects["mask"] = tf.cast(masks[..., 0], tf.uint8)
    return objects


def _resize_masks(objects: dict[str, tf.Tensor], size: tuple[int, int]) -> dict[str, tf.Tensor]:
    if "mask" not in objects:
        return objects
    masks = tf.image.resize(objects["mask"][..., None], size, method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    return {**objects, "mask": tf.cast(masks[..., 0], tf.uint8)}


def _flip_objects(objects: dict[str, tf.Tensor]) -> dict[str, tf.Tensor]:
    objects = dict(objects)
    if "bbox" in objects:
        ymin, xmin, ymax, xmax = tf.unstack(objects["bbox"], axis=-1)
        objects["bbox"] = tf.stack([ymin, 1.0 - xmax, ymax, 1.0 - xmin], axis=-1)
    if "mask" in objects:
        objects["mask"] = tf.reverse(objects["mask"], [2])
    return objects


def decode_fn(
    names: Sequence[str],
    options: ReadOptions,
    *,
    dtype: tf.dtypes.DType | None,
    objects: ObjectNames | None = None,
    num_keypoints: int = 0,
    segmentation: str | None = None,
    segmentation_dtype: tf.dtypes.DType = tf.uint8,
    where: str = "",
) -> Callable[..., dict]:
    """Decode (JPEGs: only the pixels inside the crop window), resize, flip, scale, cast to
    `dtype`, as `options` ask. `names` are the output names of DECODER_KEYS in the manifest
    (of PIXEL_DECODER_KEYS where some records may hold their image as pixels, `Manifest.stores_pixels`:
    those are read by `raw_pixels`, the others decoded; without, no record pays for that test);
    `objects`, the object fields to gather into `objects` and move with the image (see the module
    docstring), with the parsed names each is made of; `num_keypoints`, keypoints per object;
    `segmentation`, the parsed name of a segmentation mask to decode as `segmentation_dtype` and
    move with the image (`where` names the output in a decoding error).

    The function returned takes a parsed record (a dict keyed by output name) and, when `options`
    crop randomly or flip, the element's `seed` ([run seed, element index], int64); it returns the
    record with its image (and segmentation mask) replaced by the decoded one.
    """
    image_key, height_key, width_key, format_key = names[:4]
    pixels_stored = len(names) > 4  # PIXEL_DECODER_KEYS: some records may hold their pixels
    channels_key = names[4] if pixels_stored else ""
    image_size, fit, flip, normalize = options.image_size, options.fit, options.flip, options.normalize
    fill = options.segmentation_fill
    aspect = image_size[1] / image_size[0] if image_size else None

    crops = fit in (CENTER_CROP, RANDOM_CROP)
    scaled = options.scaled_decode and image_size is not None  # JPEGs at 1/2, 1/4, 1/8 (tf_scaled)
    raw_format = contract.RAW_PIXELS_FORMAT.encode()

    def decode(example: dict[str, tf.Tensor], seed: tf.Tensor | None = None) -> dict[str, tf.Tensor]:
        example = dict(example)
        found = _gather_objects(example, objects, num_keypoints) if objects else None
        if found is not None and "mask" in found:
            found["mask"] = _decode_masks(found["mask"], example[height_key], example[width_key])
        mask = None
        if segmentation:
            mask = decode_segmentation(example[segmentation], segmentation_dtype, where=where, why_uint8=_WHY_UINT8)
        encoded = example[image_key]

        def decoded() -> tf.Tensor:  # every pixel of an encoded image, of the size its record gives
            image = tf.io.decode_image(encoded, channels=3, expand_animations=False)
            return _of_recorded_size(image, tf.shape(image)[:2], example[height_key], example[width_key], where)

        def jpeg_of_recorded_size() -> tf.Tensor:  # the JPEG's bytes, once its header's size is the record's
            header = tf.io.extract_jpeg_shape(encoded)[:2]
            return _of_recorded_size(encoded, header, example[height_key], example[width_key], where)

        def whole() -> tf.Tensor:  # every pixel, to 3 channels
            if not pixels_stored:
                return decoded()
            return tf.cond(
                tf.equal(example[format_key], raw_format),
                lambda: raw_pixels(encoded, example[height_key], example[width_key], example[channels_key], where=where),
                decoded,
            )

        def fitted() -> tf.Tensor:  # every pixel, or a JPEG at the scale image_size still covers
            if not scaled:
                return whole()
            height, width = example[height_key], example[width_key]
            need = pad_need(height, width, image_size) if fit == PAD else image_size

            def jpeg_scaled() -> tf.Tensor:  # the scale is chosen from the recorded size: check it first
                return decode_scaled(jpeg_of_recorded_size(), height, width, need)

            return tf.cond(tf.equal(example[format_key], b"jpeg"), jpeg_scaled, whole)

        if crops:
            window = crop_window(example[height_key], example[width_key], fit=fit, aspect=aspect, seed=seed)
            if found is not None:
                found = _crop_objects(found, window, example[height_key], example[width_key])
            if mask is not None:
                mask = mask[window[0] : window[0] + window[2], window[1] : window[1] + window[3]]

            def jpeg() -> tf.Tensor:
                checked = jpeg_of_recorded_size()  # the window is cut by the recorded size
                if scaled:
                    return decode_window_scaled(checked, window, example[height_key], example[width_key], image_size)
                return tf.io.decode_and_crop_jpeg(checked, window, channels=3)

            def other() -> tf.Tensor:
                return tf.image.crop_to_bounding_box(whole(), window[0], window[1], window[2], window[3])

            image = tf.cond(tf.equal(example[format_key], b"jpeg"), jpeg, other)
        else:
            image = fitted()
        image.set_shape([None, None, 3])
        if image_size is not None:
            if fit == PAD:
                if found is not None:
                    shape = tf.shape(image)
                    found = _pad_objects(found, shape[0], shape[1], image_size)
                if mask is not None:
                    mask = _pad_segmentation(mask, image_size, fill)
                image = tf.image.resize_with_pad(image, *image_size)
            else:
                image = tf.image.resize(image, image_size)  # float32, values in [0, 255]
                if found is not None:
                    found = _resize_masks(found, image_size)
                if mask is not None:
                    mask = _resize_segmentation(mask, image_size)
        if flip:
            # the draw tf.image.stateless_random_flip_left_right makes, made once for image and objects
            flipped = tf.random.stateless_uniform([], seed=seed + tf.constant([1, 0], tf.int64), minval=0, maxval=1.0) < 0.5
            image = tf.cond(flipped, lambda: tf.reverse(image, [1]), lambda: image)
            if found is not None:
                found = tf.cond(flipped, lambda: _flip_objects(found), lambda: found)
            if mask is not None:
                mask = tf.cond(flipped, lambda: tf.reverse(mask, [1]), lambda: mask)
        if normalize:
            image = tf.cast(image, tf.float32) / 255.0
        if dtype is not None:
            image = tf.cast(tf.round(image) if dtype.is_integer and image.dtype.is_floating else image, dtype)
        if mask is not None:
            example[segmentation] = tf.ensure_shape(mask, image_size or (None, None))
        if found is not None:
            if "mask" in found:
                found["mask"] = tf.ensure_shape(found["mask"], [None, *(image_size or (None, None))])
            return {**example, image_key: image, OBJECTS: found}
        return {**example, image_key: image}

    return decode

