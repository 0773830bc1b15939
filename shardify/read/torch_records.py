"""One serialized record as the PyTorch readers return it, without TensorFlow: the features the
`ReadPlan` names, parsed by the manifest's spec, images decoded (Pillow, or torchvision's JPEG
decoder when it imports) and fitted as `shardify.load` fits them.

Why resize with `torch.nn.functional.interpolate` on uint8 pixels, not Pillow: it is bilinear with
half-pixel centres and no antialiasing, as `tf.image.resize` is, so both readers give the same
pixels to within rounding (uint8 output, |difference| <= 1); and it ran 4x faster than Pillow's
resize here (0.38 against 1.66 ms, 480x400 -> 224x224).

Geometry follows `shardify.load` exactly: `pad` places the image as `tf.image.resize_with_pad`
does (float32 arithmetic included), `center_crop` cuts the window `_crop_window` cuts. Random crops
draw from the same ranges (`shardify.read.options.CROP_*`) with this module's own sampler, so they
are not the same windows as tf.data's.
"""

from __future__ import annotations

import io
import math
import random
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image

from shardify.errors import CorruptShardError, ReadOptionError
from shardify.format import contract, example_proto, image_formats
from shardify.format.manifest_model import Manifest
from shardify.format.record_values import values_problem
from shardify.inputs.paths import join_path
from shardify.read.options import (
    CENTER_CROP,
    CROP_AREA_RANGE,
    CROP_ASPECT_RANGE,
    CROP_ATTEMPTS,
    NO_DECODER,
    OBJECTS,
    PAD,
    RANDOM_CROP,
    ReadOptions,
    ReadPlan,
)
from shardify.read.torch_objects import ObjectTarget, Placement, place_segmentation

__all__ = ["RecordDecoder"]

_TORCH_DTYPES = {example_proto.INT64: torch.int64, example_proto.FLOAT: torch.float32}
# Pillow modes of more than 8 bits a channel, scaled to 8 as TensorFlow's decoders scale them.
_WIDE_MODES = {"I;16": 257.0, "I;16B": 257.0, "I;16L": 257.0, "I": 257.0, "F": 1 / 255.0}


def _torchvision_jpeg() -> Callable[[bytes], torch.Tensor] | None:
    """torchvision's JPEG decoder (to a 3xHxW uint8 tensor), or None where torchvision does not
    import: a torchvision built for another torch fails at import, not at install."""
    try:
        from torchvision.io import ImageReadMode, decode_jpeg
    except Exception:  # noqa: BLE001 - any import failure means "not available"
        return None

    def decode(data: bytes) -> torch.Tensor:
        return decode_jpeg(torch.frombuffer(bytearray(data), dtype=torch.uint8), mode=ImageReadMode.RGB)

    return decode


def _torch_dtype(dtype: object) -> torch.dtype | None:
    """`ReadOptions.dtype` as a torch dtype.

    Raises:
      ReadOptionError: it names no torch dtype (a tf.DType, say).
    """
    named = getattr(torch, dtype, None) if isinstance(dtype, str) else dtype
    if dtype is None or isinstance(named, torch.dtype):
        return named
    raise ReadOptionError(
        f"dtype={dtype!r} must be a torch.dtype (e.g. torch.uint8, torch.bfloat16), its name, or None"
    )


def _pillow_pixels(data: bytes) -> torch.Tensor:
    """3xHxW uint8 pixels (a view of Pillow's HxWx3 bytes: channels-last in memory, which is what
    interpolate's fast uint8 path wants). The first frame of an animation, as tf.data decodes."""
    with Image.open(io.BytesIO(data), formats=list(image_formats.STORED_IMAGE_FORMATS)) as image:
        if image.mode in _WIDE_MODES:
            wide = np.asarray(image, dtype=np.float32) / _WIDE_MODES[image.mode]
            image = Image.fromarray(np.clip(np.round(wide), 0, 255).astype(np.uint8), "L")
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        width, height = rgb.size
        raw = rgb.tobytes()
    with warnings.catch_warnings():
        # The bytes are read-only and torch says so; nothing writes to them (every step after this
        # one makes a new tensor), and copying them cost a tenth of the decode (measured).
        warnings.simplefilter("ignore", UserWarning)
        pixels = torch.frombuffer(raw, dtype=torch.uint8)
    return pixels.view(height, width, 3).permute(2, 0, 1)


# Which stored channels make the 3 returned, by channels - 1 (as tf.io.decode_image(channels=3)):
# grey repeated, alpha dropped.
_RGB_OF_CHANNELS = ((0, 0, 0), (0, 0, 0), (0, 1, 2), (0, 1, 2))


def _raw_pixels(data: bytes, height: int, width: int, channels: int) -> torch.Tensor:
    """3xHxW uint8 pixels of an image stored as its pixels (`contract.RAW_PIXELS_FORMAT`): a view
    of the record's bytes, no copy where they are RGB already.

    Raises:
      ValueError: the byte count is not height x width x channels (`contract.raw_pixels_problem`).
    """
    problem = contract.raw_pixels_problem(len(data), height, width, channels)
    if problem:
        raise ValueError(problem)
    with warnings.catch_warnings():  # read-only bytes, never written to (see `_pillow_pixels`)
        warnings.simplefilter("ignore", UserWarning)
        pixels = torch.frombuffer(data, dtype=torch.uint8).view(height, width, channels)
    if channels != 3:
        pixels = pixels[:, :, list(_RGB_OF_CHANNELS[channels - 1])]
    return pixels.permute(2, 0, 1)


def _center_window(height: int, width: int, aspect: float) -> tuple[int, int, int, int]:
    """(y, x, h, w) of the largest centred window of width/height `aspect`, computed as the tf.data
    reader does (float32, round half to even)."""
    crop_h = min(height, int(np.round(np.float32(width) / np.float32(aspect))))
    crop_w = min(width, int(np.round(np.float32(height) * np.float32(aspect))))
    return (height - crop_h) // 2, (width - crop_w) // 2, crop_h, crop_w


def _random_window(height: int, width: int, rng: random.Random) -> tuple[int, int, int, int]:
    """(y, x, h, w) of a random window covering CROP_AREA_RANGE of the area with width/height in
    CROP_ASPECT_RANGE (log-uniform); the whole image when CROP_ATTEMPTS draws do not fit."""
    area = height * width
    log_low, log_high = math.log(CROP_ASPECT_RANGE[0]), math.log(CROP_ASPECT_RANGE[1])
    for _ in range(CROP_ATTEMPTS):
        target = area * rng.uniform(*CROP_AREA_RANGE)
        aspect = math.exp(rng.uniform(log_low, log_high))
        crop_w = round(math.sqrt(target * aspect))
        crop_h = round(math.sqrt(target / aspect))
        if 0 < crop_w <= width and 0 < crop_h <= height:
            return rng.randint(0, height - crop_h), rng.randint(0, width - crop_w), crop_h, crop_w
    return 0, 0, height, width


def _pad_placement(height: int, width: int, target: tuple[int, int]) -> tuple[int, int, int, int]:
    """(resized h, resized w, top, left) of `tf.image.resize_with_pad`, in its float32 arithmetic."""
    f32 = np.float32
    ratio = max(f32(width) / f32(target[1]), f32(height) / f32(target[0]))
    resized_h, resized_w = f32(height) / ratio, f32(width) / ratio
    top = max(0, int(np.floor((f32(target[0]) - resized_h) / f32(2))))
    left = max(0, int(np.floor((f32(target[1]) - resized_w) / f32(2))))
    return int(np.floor(resized_h)), int(np.floor(resized_w)), top, left


def _resize(pixels: torch.Tensor, size: tuple[int, int]) -> torch.Tensor:
    """uint8 3xHxW -> uint8 3 x size[0] x size[1], bilinear, half-pixel centres, no antialiasing."""
    if tuple(pixels.shape[1:]) == tuple(size):
        return pixels
    return F.interpolate(pixels[None], size=size, mode="bilinear", align_corners=False, antialias=False)[0]


class RecordDecoder:
    """Serialized record -> the dict (or `(input, label)` pair) the PyTorch readers yield.

    Every feature the plan names comes back under its reader name: strings as `str`, int64 and
    float32 scalars as 0-d tensors of that dtype (they batch without a cast), multi-label `label`
    as a float32 multi-hot vector (or an int64 index tensor), `label_text` as a list of `str`.
    Images are 3xHxW (channels first, as torchvision models take them): uint8 at their own size,
    float32 in [0, 255] once fitted to `image_size` ([0, 1] with `normalize`), then cast to
    `dtype` if given. A segmentation mask is int64 [H, W] class indices, placed as its image was
    (`shardify.read.torch_objects.place_segmentation`). Picklable: DataLoader workers get copies.
    """

    def __init__(self, manifest: Manifest, plan: ReadPlan, options: ReadOptions) -> None:
        # ReadOptions checks that `decoder` is one of its DECODERS; whether torchvision imports, only here.
        if options.decoder == "torchvision" and _torchvision_jpeg() is None:
            raise ReadOptionError('decoder="torchvision" needs torchvision to import beside this torch; use "pillow"')
        self._plan = plan
        self._options = options
        self._dtype = _torch_dtype(options.dtype)
        self._decoder = options.decoder
        self._specs = {
            key: (manifest.features[key]["dtype"], list(manifest.features[key].get("shape", [])) == [None])
            for key in plan.keys
        }
        self._multi_hot = plan.multi_hot_label(options)
        # (input, label) pairs need only those two: the other features are never converted.
        wanted = {plan.supervised_input, plan.supervised_target} if options.as_supervised else set(plan.names.values())
        # A detection record's objects come back as one target (shardify/read/torch_objects.py).
        self._objects = ObjectTarget(plan) if plan.object_fields else None
        objects = self._objects.keys if self._objects else frozenset()
        self._returned = tuple(key for key in plan.keys if plan.names[key] in wanted and key not in objects)
        # The segmentation mask's reader name, where it is returned: decoded and placed as the image.
        self._segmentation = plan.segmentation_name if plan.segmentation_name in wanted else None
        self._label_key = next((key for key, name in plan.names.items() if name == plan.label_name), None)
        # Label indices are checked against the manifest's labels: -1 (unlabelled) only in shards of
        # a single-label split that counts unlabelled records.
        self._num_labels = len(manifest.labels)
        self._unlabelled_shards = frozenset(
            join_path(manifest.root, shard.path)
            for split in manifest.splits.values()
            if split.num_unlabelled and manifest.label_mode == contract.LABEL_SINGLE
            for shard in split.shards
        )
        # Values are checked as `shardify verify` checks them (`record_values`): the keys read only.
        self._judged = frozenset(plan.keys)
        self._class_ids = frozenset(manifest.objects.classes.values()) if manifest.objects else None
        self._num_keypoints = manifest.objects.num_keypoints if manifest.objects else 0
        self._jpeg: Callable[[bytes], torch.Tensor] | None = None
        self._jpeg_checked = False

    @property
    def random(self) -> bool:
        """Records need a random generator (random crops or flips)."""
        return self._options.fit == RANDOM_CROP or self._options.flip

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_jpeg"], state["_jpeg_checked"] = None, False  # each process imports its own
        return state

    def __call__(self, data: bytes, *, path: str, index: int, rng: random.Random | None) -> Any:
        """Decodes record `index` of shard `path` (named in any error).

        Raises:
          CorruptShardError: the record is not the Example the manifest describes, or its image
            does not decode.
        """
        decoded, example = self.parse(data, path=path, index=index)
        placement = None  # where the image's pixels went: as stored, unless it is read and fitted
        if self._plan.reads_images:
            name = self._plan.image_name
            assert name is not None  # reads_images
            image_format = self._value(contract.IMAGE_FORMAT, decoded, path, index)
            shape = self._raw_shape(decoded, path, index) if image_format == contract.RAW_PIXELS_FORMAT else None
            if self._decoder == NO_DECODER and shape is not None:  # pixels: nothing to decode outside
                example[name] = self._checked_raw(example[name], shape, path, index)
                placement = Placement.unmoved(shape[0], shape[1])
            elif self._decoder == NO_DECODER:  # the stored bytes, for a decoder outside the reader
                height = int(self._value(contract.IMAGE_HEIGHT, decoded, path, index))
                width = int(self._value(contract.IMAGE_WIDTH, decoded, path, index))
                example[name] = torch.frombuffer(bytearray(example[name]), dtype=torch.uint8)
                placement = Placement.unmoved(height, width)
            else:
                example[name], placement = self._image(example[name], image_format, path, index, rng, shape)
        if self._objects is not None:
            example[OBJECTS] = self._objects(decoded, placement, path=path, index=index)
        if self._segmentation is not None:
            try:
                example[self._segmentation] = place_segmentation(
                    example[self._segmentation], placement, fill=self._options.segmentation_fill
                )
            except (OSError, ValueError, Image.DecompressionBombError) as error:
                raise CorruptShardError(path, f"its segmentation mask does not decode: {error}", index) from None
        if self._options.as_supervised:
            return example[self._plan.supervised_input], example[self._plan.supervised_target]
        return example

    def parse(self, data: bytes, *, path: str, index: int) -> tuple[dict, dict[str, Any]]:
        """The record's Example (key -> (kind, values)) and the features it returns, by reader
        name, each checked as `shardify verify` checks it (images still their stored bytes).

        Raises:
          CorruptShardError: not the Example the manifest describes.
        """
        try:
            decoded = example_proto.decode_example(data)
        except ValueError as error:
            raise CorruptShardError(path, f"not a tf.train.Example: {error}", index) from None
        problem = values_problem(decoded, self._judged, class_ids=self._class_ids, num_keypoints=self._num_keypoints)
        if problem:
            raise CorruptShardError(path, f"{problem} (run `shardify verify`)", index)
        return decoded, {self._plan.names[key]: self._value(key, decoded, path, index) for key in self._returned}

    def stored_pixels(self, decoded: dict, *, path: str, index: int) -> torch.Tensor | None:
        """The parsed record's image as stored, decoded but not fitted; None where this reader
        decodes none (no image read, or decoder="none")."""
        if not self._plan.reads_images or self._decoder == NO_DECODER:
            return None
        image_format = self._value(contract.IMAGE_FORMAT, decoded, path, index)
        shape = self._raw_shape(decoded, path, index) if image_format == contract.RAW_PIXELS_FORMAT else None
        return self._pixels_of(self._value(contract.IMAGE_ENCODED, decoded, path, index), image_format, path, index, shape)

    def _value(self, key: str, decoded: dict, path: str, index: int) -> Any:
        dtype, variable = self._specs[key]
        if key not in decoded:
            raise CorruptShardError(path, f"feature {key!r} is missing", index)
        kind, values = decoded[key]
        if kind != dtype or (len(values) != 1 and not variable):
            raise CorruptShardError(path, f"feature {key!r} is {len(values)} x {kind}, expected {dtype}", index)
        if key in (contract.IMAGE_ENCODED, contract.SEGMENTATION):  # bytes, not text
            return values[0]
        if dtype == example_proto.BYTES:
            try:
                texts = [value.decode("utf-8") for value in values]
            except UnicodeDecodeError:
                raise CorruptShardError(path, f"feature {key!r} is not UTF-8", index) from None
            return texts if variable else texts[0]
        if key == self._label_key:
            self._check_labels(key, values, path, index)
        if key == self._label_key and self._multi_hot:
            hot = torch.zeros(self._plan.num_labels, dtype=torch.float32)
            hot[torch.tensor(values, dtype=torch.int64)] = 1.0
            return hot
        return torch.tensor(values if variable else values[0], dtype=_TORCH_DTYPES[dtype])

    def _check_labels(self, key: str, values: list, path: str, index: int) -> None:
        """Raises CorruptShardError for a label index outside the manifest's labels."""
        lowest = contract.UNLABELLED if path in self._unlabelled_shards else 0
        bad = [value for value in values if not lowest <= value < self._num_labels]
        if bad:
            allowed = "-1 (unlabelled) or " if lowest < 0 else ""
            raise CorruptShardError(
                path,
                f"{key} is {bad[0]}, not a label index ({allowed}0 to {self._num_labels - 1}: the manifest names "
                f"{self._num_labels} labels; run `shardify verify`)",
                index,
            )

    def _raw_shape(self, decoded: dict, path: str, index: int) -> tuple[int, int, int]:
        """(height, width, channels) of a record whose image is stored as pixels."""
        if contract.IMAGE_CHANNELS not in self._specs:  # a raw record in an output that stores none
            raise CorruptShardError(path, "it holds raw pixels, but the manifest's options say no image is stored so", index)
        return tuple(int(self._value(key, decoded, path, index)) for key in (contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH, contract.IMAGE_CHANNELS))  # type: ignore[return-value]

    @staticmethod
    def _checked_raw(data: bytes, shape: tuple[int, int, int], path: str, index: int) -> torch.Tensor:
        try:
            return _raw_pixels(data, *shape)
        except ValueError as error:
            raise CorruptShardError(path, str(error), index) from None

    def _pixels(self, data: bytes, image_format: str | None) -> torch.Tensor:
        if image_format == "jpeg" and self._decoder != "pillow":
            if not self._jpeg_checked:
                self._jpeg, self._jpeg_checked = _torchvision_jpeg(), True
            if self._jpeg is not None:
                return self._jpeg(data)
        return _pillow_pixels(data)

    def _image(
        self,
        data: bytes,
        image_format: str | None,
        path: str,
        index: int,
        rng: random.Random | None,
        shape: tuple[int, int, int] | None = None,
    ) -> tuple[torch.Tensor, Placement]:
        """The image as the options fit it, and where its stored pixels went (objects follow them).
        `shape`: (height, width, channels) of an image stored as pixels, None for an encoded one."""
        return self._fit(self._pixels_of(data, image_format, path, index, shape), rng)

    def _pixels_of(
        self, data: bytes, image_format: str | None, path: str, index: int, shape: tuple[int, int, int] | None
    ) -> torch.Tensor:
        """An image's stored bytes as pixels: reshaped where stored as pixels, else decoded."""
        if shape is not None:
            return self._checked_raw(data, shape, path, index)
        return self._decoded(data, image_format, path, index)

    def _decoded(self, data: bytes, image_format: str | None, path: str, index: int) -> torch.Tensor:
        try:
            return self._pixels(data, image_format)
        except Exception as error:  # noqa: BLE001 - Pillow and torchvision raise many kinds
            raise CorruptShardError(path, f"the image does not decode: {error}", index) from None

    def _fit(self, pixels: torch.Tensor, rng: random.Random | None) -> tuple[torch.Tensor, Placement]:
        options, size = self._options, self._options.image_size
        height, width = int(pixels.shape[1]), int(pixels.shape[2])
        window, pad, flipped = (0, 0, height, width), None, False
        if size is not None:
            if options.fit == RANDOM_CROP:
                assert rng is not None  # `random` is True
                window = y, x, h, w = _random_window(height, width, rng)
                pixels = pixels[:, y : y + h, x : x + w]
            elif options.fit == CENTER_CROP:
                window = y, x, h, w = _center_window(height, width, size[1] / size[0])
                pixels = pixels[:, y : y + h, x : x + w]
            if options.fit == PAD:
                pad = resized_h, resized_w, top, left = _pad_placement(height, width, size)
                padded = torch.zeros((3, *size), dtype=torch.uint8)
                padded[:, top : top + resized_h, left : left + resized_w] = _resize(pixels, (resized_h, resized_w))
                pixels = padded
            else:
                pixels = _resize(pixels, size)
        if options.flip and rng is not None and rng.random() < 0.5:
            pixels, flipped = pixels.flip(-1), True
        placement = Placement(height, width, window, (int(pixels.shape[1]), int(pixels.shape[2])), pad, flipped)
        floats = size is not None or options.normalize
        image = pixels.to(torch.float32 if floats else torch.uint8, memory_format=torch.contiguous_format)
        if options.normalize:
            image = image / 255.0
        if self._dtype is not None:
            if not self._dtype.is_floating_point and image.is_floating_point():
                image = image.round()
            image = image.to(self._dtype)
        return image, placement
