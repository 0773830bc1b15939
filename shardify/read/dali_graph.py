"""The DALI operators of `shardify.dali`'s pipeline, built from a `DaliSpec` (`shardify/read/dali.py`
decides what to read and checks every option; this module only turns the decision into DALI's
graph). It imports DALI at the top: `shardify.dali` imports it when a pipeline is made, never before.

The graph, per sample:

    fn.readers.tfrecord (the split's shards and index files, sharded by rank, shuffled)
      -> image bytes -> fn.decoders.image[_random_crop|_slice] ("mixed": on the GPU; "cpu" without one)
      -> fit to image_size (fn.resize, fn.slice) -> fn.crop_mirror_normalize (flip, scale, dtype, layout)
      -> label (int64 scalar) and any other scalar feature asked for

Images are decoded as stored (`adjust_orientation=False`), as shardify's other readers decode them,
cut and placed by load's geometry (its center_crop window, tf.image.resize_with_pad's placement,
computed per sample in DALI's arithmetic from the image header, float32 included), and resized as
they resize (bilinear, no antialiasing): a model sees the same pixels whichever reader fed it (PNG,
BMP and WebP equal to load's, tested; JPEGs up to the decoders' rounding).
"""

from __future__ import annotations

from typing import Any

import nvidia.dali.fn as fn
import nvidia.dali.math as dmath
import nvidia.dali.tfrecord as tfrec
import nvidia.dali.types as types
from nvidia.dali import pipeline_def
from nvidia.dali.pipeline import Pipeline

from shardify.format import contract
from shardify.read.dali_spec import READER_NAME, DaliSpec
from shardify.read.options import CENTER_CROP, CROP_AREA_RANGE, CROP_ASPECT_RANGE, CROP_ATTEMPTS, PAD, RANDOM_CROP

__all__ = ["build_pipeline"]

# DALI's type for each dtype name a spec can hold (DaliSpec refuses the rest, e.g. bfloat16).
_DALI_TYPES = {
    "uint8": types.UINT8,
    "int8": types.INT8,
    "int16": types.INT16,
    "int32": types.INT32,
    "int64": types.INT64,
    "float16": types.FLOAT16,
    "float32": types.FLOAT,
    "float64": types.FLOAT64,
}
# What fn.crop_mirror_normalize can give itself; other dtypes are cast after it.
_CMN_TYPES = ("uint8", "int8", "float16", "float32")
# A record's scalar features, by the manifest's dtype: what tfrecord parses when a record lacks one.
_SCALARS = {
    contract.BYTES: lambda: tfrec.FixedLenFeature((), tfrec.string, ""),
    contract.INT64: lambda: tfrec.FixedLenFeature((), tfrec.int64, -1),
    contract.FLOAT: lambda: tfrec.FixedLenFeature((), tfrec.float32, 0.0),
}


def build_pipeline(spec: DaliSpec) -> Pipeline:
    """The DALI pipeline `spec` describes, not yet built (iterators build it; `pipe.build()` does)."""
    return _graph(
        spec,
        batch_size=spec.batch_size,
        num_threads=spec.num_threads,
        device_id=spec.device_id,
        seed=spec.pipeline_seed,
        prefetch_queue_depth=spec.prefetch_queue_depth,
    )


@pipeline_def
def _graph(spec: DaliSpec) -> tuple[Any, ...]:
    records = _reader(spec)
    outputs = []
    for name, key, _ in spec.outputs:
        value = _image(records[key], spec) if key == contract.IMAGE_ENCODED else records[key]
        if spec.device_id is not None and key != contract.IMAGE_ENCODED and name == spec.label_name:
            value = value.gpu()  # with the images, on the device the training step runs on
        outputs.append(value)
    return tuple(outputs)


def _reader(spec: DaliSpec) -> Any:
    options: dict[str, Any] = {}
    if spec.shuffle:
        # The shard order is shuffled every epoch by a seed all ranks share (so each epoch's
        # records still split without overlap), and records pass through a buffer of about
        # SHUFFLE_BUFFER_BYTES, as the other readers shuffle.
        options.update(random_shuffle=True, initial_fill=spec.initial_fill, shuffle_after_epoch=True)
        if spec.file_order_seed is not None:
            options["shuffle_after_epoch_seed"] = spec.file_order_seed
    else:
        options["stick_to_shard"] = True  # the same records each epoch, in order
    return fn.readers.tfrecord(
        path=list(spec.paths),
        index_path=list(spec.index_paths),
        features={key: _SCALARS[dtype]() for _, key, dtype in spec.outputs},
        shard_id=spec.rank,
        num_shards=spec.world_size,
        pad_last_batch=True,  # every rank's epoch ends with a whole batch; iterators drop the padding
        name=READER_NAME,
        **options,
    )


def _image(encoded: Any, spec: DaliSpec) -> Any:
    device = "cpu" if spec.device_id is None else "mixed"
    decode = {"device": device, "output_type": types.RGB, "adjust_orientation": False}
    resize = {"dtype": types.FLOAT, "interp_type": types.INTERP_LINEAR, "antialias": False}
    if spec.image_size is None:
        return _finish(fn.decoders.image(encoded, **decode), spec)
    height, width = spec.image_size
    if spec.fit == RANDOM_CROP:
        # Decodes only the window's pixels (JPEG ROI decoding), drawn from the ranges every
        # shardify reader draws from; after CROP_ATTEMPTS misses, the whole image.
        image = fn.decoders.image_random_crop(
            encoded,
            random_area=list(CROP_AREA_RANGE),
            random_aspect_ratio=list(CROP_ASPECT_RANGE),
            num_attempts=CROP_ATTEMPTS,
            **decode,
        )
    elif spec.fit == CENTER_CROP:  # the window load cuts, decoding only its pixels
        anchor, shape = _center_window(encoded, width / height)
        image = fn.decoders.image_slice(encoded, anchor, shape, axis_names="HW", **decode)
    elif spec.fit == PAD:  # resized and placed as tf.image.resize_with_pad places it
        resized_h, resized_w, anchor = _pad_placement(encoded, (height, width))
        image = fn.resize(fn.decoders.image(encoded, **decode), resize_y=resized_h, resize_x=resized_w, **resize)
        image = fn.slice(image, anchor, fn.constant(idata=[height, width]), axis_names="HW", out_of_bounds_policy="pad")
        return _finish(image, spec)
    else:
        image = fn.decoders.image(encoded, **decode)
    return _finish(fn.resize(image, resize_x=width, resize_y=height, **resize), spec)


# Geometry in DALI's per-sample arithmetic, computed from the image's header (fn.peek_image_shape,
# as stored: no EXIF rotation) as shardify.load computes it in TensorFlow, float32 included, so the
# two readers cut the same windows (the PyTorch reader's torch_records.py does the same in NumPy).


def _stored_size(encoded: Any) -> tuple[Any, Any]:
    shape = fn.peek_image_shape(encoded, adjust_orientation=False, dtype=types.INT32)
    return shape[0], shape[1]


def _round_half_even(value: Any) -> Any:
    """value rounded to the nearest whole number, ties to even (np.round's and TensorFlow's)."""
    nearest = dmath.floor(value + 0.5)
    tie = value + 0.5 == nearest
    odd = nearest - 2.0 * dmath.floor(nearest * 0.5) == 1.0
    return fn.cast(nearest - fn.cast(tie & odd, dtype=types.FLOAT), dtype=types.INT32)


def _center_window(encoded: Any, aspect: float) -> tuple[Any, Any]:
    """(anchor, shape) in (y, x) of the largest centred window of width/height `aspect`."""
    height, width = _stored_size(encoded)
    ratio = types.Constant(aspect, dtype=types.FLOAT)
    crop_h = dmath.min(height, _round_half_even(fn.cast(width, dtype=types.FLOAT) / ratio))
    crop_w = dmath.min(width, _round_half_even(fn.cast(height, dtype=types.FLOAT) * ratio))
    anchor = fn.stack((height - crop_h) // 2, (width - crop_w) // 2)
    return anchor, fn.stack(crop_h, crop_w)


def _pad_placement(encoded: Any, target: tuple[int, int]) -> tuple[Any, Any, Any]:
    """(resized height, resized width, anchor of the target window in the resized image)."""
    height, width = (fn.cast(side, dtype=types.FLOAT) for side in _stored_size(encoded))
    ratio = dmath.max(width / float(target[1]), height / float(target[0]))
    resized_h, resized_w = height / ratio, width / ratio
    top = dmath.max(dmath.floor((float(target[0]) - resized_h) / 2.0), 0.0)
    left = dmath.max(dmath.floor((float(target[1]) - resized_w) / 2.0), 0.0)
    anchor = fn.cast(fn.stack(-top, -left), dtype=types.INT32)
    return dmath.floor(resized_h), dmath.floor(resized_w), anchor


def _finish(image: Any, spec: DaliSpec) -> Any:
    """Flip, scale to [0, 1] where asked, cast and lay out, in one operator where it can."""
    dtype = spec.image_dtype
    mirror = fn.random.coin_flip(probability=0.5) if spec.flip else 0
    image = fn.crop_mirror_normalize(
        image,
        dtype=_DALI_TYPES[dtype if dtype in _CMN_TYPES else "float32"],
        output_layout=spec.layout,
        mirror=mirror,
        mean=[0.0],
        std=[255.0 if spec.normalize else 1.0],
    )
    return image if dtype in _CMN_TYPES else fn.cast(image, dtype=_DALI_TYPES[dtype])
