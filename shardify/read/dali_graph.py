"""The DALI operators of `shardify.dali`'s pipeline, built from a `DaliSpec` (`shardify/read/dali.py`
decides what to read and checks every option; this module only turns the decision into DALI's
graph). It imports DALI at the top: `shardify.dali` imports it when a pipeline is made, never before.

The graph, per sample:

    fn.readers.tfrecord (the split's shards and index files, sharded by rank, shuffled)
      -> image bytes -> fn.decoders.image[_random_crop] ("mixed": on the GPU; "cpu" without one)
      -> fit to image_size (fn.resize, fn.crop) -> fn.crop_mirror_normalize (flip, scale, dtype, layout)
      -> label (int64 scalar) and any other scalar feature asked for

Images are decoded as stored (`adjust_orientation=False`), as shardify's other readers decode them,
and resized as they resize (bilinear, no antialiasing), so a model sees the same pixels whichever
reader fed it (up to decoder rounding).
"""

from __future__ import annotations

from typing import Any

import nvidia.dali.fn as fn
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
    if spec.fit == RANDOM_CROP and spec.image_size is not None:
        # Decodes only the window's pixels (JPEG ROI decoding), drawn from the ranges every
        # shardify reader draws from; after CROP_ATTEMPTS misses, the whole image.
        image = fn.decoders.image_random_crop(
            encoded,
            random_area=list(CROP_AREA_RANGE),
            random_aspect_ratio=list(CROP_ASPECT_RANGE),
            num_attempts=CROP_ATTEMPTS,
            **decode,
        )
    else:
        image = fn.decoders.image(encoded, **decode)
    if spec.image_size is not None:
        image = _fit(image, spec)
    return _finish(image, spec)


def _fit(image: Any, spec: DaliSpec) -> Any:
    height, width = spec.image_size or (0, 0)
    resize = {"dtype": types.FLOAT, "interp_type": types.INTERP_LINEAR, "antialias": False}
    if spec.fit == CENTER_CROP:  # cover the window, then keep its centre
        image = fn.resize(image, size=[height, width], mode="not_smaller", **resize)
        return fn.crop(image, crop=[height, width])
    if spec.fit == PAD:  # fit inside the window, then pad it centred with zeros
        image = fn.resize(image, size=[height, width], mode="not_larger", **resize)
        return fn.crop(image, crop=[height, width], out_of_bounds_policy="pad", fill_values=0.0)
    return fn.resize(image, resize_x=width, resize_y=height, **resize)  # stretch, or the random crop's window


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
