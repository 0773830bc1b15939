"""What every reader of shardify output agrees on: the reading options, what they mean for one
manifest, and which records each of several readers takes.

Every reader, `shardify.load` and `shardify.distribute` (tf.data), `shardify.torch.ShardDataset`
and `IndexedDataset` (PyTorch), and `shardify.dali`'s pipeline and iterators, takes its options as
one `ReadOptions`, checked here once (its fields also serve as keywords, a shorthand:
`reader_options`), asks `plan_read` which features to return under which names, and splits a
split among readers with `share` (DALI with its own record split, which its reader cannot leave;
`ShardDataset` with contiguous parts of one epoch order, `shardify.read.epoch_order`, so that its
states resume with other numbers of readers): so they cannot drift apart. A reader refuses an
option it cannot honour, saying what to use instead, rather than read something other than what
was asked. Nothing here imports TensorFlow or PyTorch: the options that
hold their objects (`dtype`, `input_context`, `data_options`) are checked by the package that
defines the object's type, and turned into the reader's own type by that reader.

The sharding rule (`share`): with at least as many shards as readers, reader i of n reads every
n-th shard starting at shard i; with fewer shards than readers, every reader reads all the shards
in one common order and keeps every n-th record starting at record i. Either way each record is
read by exactly one reader per epoch. Applied twice (distributed ranks, then DataLoader workers
within a rank), the rule composes: a record-level share split again stays record-level.

Over 400 lines on purpose: this is the one place that knows every reading option, which reader
takes which, and the sharding rule (STYLE.md, habit 13); split up, they could drift apart again.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import InitVar, dataclass, fields, replace
from typing import Any

from shardify.errors import ReadOptionError
from shardify.format import contract
from shardify.format.manifest_model import Manifest
from shardify.plan.defaults import DEFAULT_MAX_PIXELS

__all__ = [
    "STRETCH",
    "PAD",
    "CENTER_CROP",
    "RANDOM_CROP",
    "FITS",
    "CROP_AREA_RANGE",
    "CROP_ASPECT_RANGE",
    "CROP_ATTEMPTS",
    "SEGMENTATION_FILL",
    "MAX_SEGMENTATION_CLASS",
    "SHUFFLE_BUFFER_BYTES",
    "DECODER_KEYS",
    "PIXEL_DECODER_KEYS",
    "OBJECTS",
    "OBJECT_FIELDS",
    "DECODERS",
    "NO_DECODER",
    "DISTRIBUTED_EPOCH",
    "PARALLEL_EPOCHS",
    "SERVICE_MODES",
    "DTYPE_NAMES",
    "LOAD",
    "DISTRIBUTE",
    "SHARD_DATASET",
    "INDEXED_DATASET",
    "DALI_PIPELINE",
    "DALI_TORCH",
    "DALI_TF",
    "READERS",
    "OPTION_NAMES",
    "ReadOptions",
    "reader_options",
    "ReadPlan",
    "plan_read",
    "shuffle_buffer_records",
    "Share",
    "share",
]

# How an image meets `image_size`: stretched, padded to keep its aspect, a centred crop of that
# aspect, or a random crop (Inception-style random-resized-crop for training).
STRETCH, PAD, CENTER_CROP, RANDOM_CROP = "stretch", "pad", "center_crop", "random_crop"
FITS = (STRETCH, PAD, CENTER_CROP, RANDOM_CROP)
# Random crops cover this fraction of the image's area, with width/height in this range; after
# this many tries at a window that fits, the whole image is taken (as TensorFlow's sampler does).
CROP_AREA_RANGE = (0.08, 1.0)
CROP_ASPECT_RANGE = (3 / 4, 4 / 3)
CROP_ATTEMPTS = 10
# The record shuffle buffer holds about this many bytes of serialized records: enough to mix
# records from every interleaved shard, small enough for any training host (per reader).
SHUFFLE_BUFFER_BYTES = 64 * 1024 * 1024
# What an image decoder reads: the bytes, and the format and size recorded at write time. Readers
# that decode images always return these too.
DECODER_KEYS = (contract.IMAGE_ENCODED, contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH, contract.IMAGE_FORMAT)
# ... and, where images may be stored as pixels (`Manifest.stores_pixels`), their channels: the
# shape of the bytes (only then, so that other outputs parse nothing more).
PIXEL_DECODER_KEYS = (*DECODER_KEYS, contract.IMAGE_CHANNELS)
# A detection record's objects come back as one feature under this reader name: each field below,
# made of these record keys, with one value per object (`bbox` from four: [ymin, xmin, ymax,
# xmax], tfds's BBoxFeature order; `keypoints` [num_keypoints, 2] (y, x) and
# `keypoint_visibility` [num_keypoints] per object, from the flat lists). The fields a manifest
# has, and `features` asks for, are read; `objects/<field>` (or a record key, or the manifest's
# `objects/xmin`-style name) asks for one.
OBJECTS = "objects"
OBJECT_FIELDS: dict[str, tuple[str, ...]] = {
    "bbox": (contract.OBJECT_YMIN, contract.OBJECT_XMIN, contract.OBJECT_YMAX, contract.OBJECT_XMAX),
    "label": (contract.OBJECT_LABEL,),
    "label_text": (contract.OBJECT_TEXT,),
    "area": (contract.OBJECT_AREA,),
    "is_crowd": (contract.OBJECT_IS_CROWD,),
    "difficult": (contract.OBJECT_DIFFICULT,),
    "truncated": (contract.OBJECT_TRUNCATED,),
    "mask": (contract.OBJECT_MASK,),
    "keypoints": (contract.KEYPOINT_Y, contract.KEYPOINT_X),
    "keypoint_visibility": (contract.KEYPOINT_VISIBILITY,),
}
_OBJECT_FIELD_OF = {key: field for field, keys in OBJECT_FIELDS.items() for key in keys}
# A semantic segmentation output's mask of each image (`image/segmentation/class/encoded`, a PNG of
# class indices) comes back decoded under its reader name (`segmentation`), [H, W], moved with the
# image: the same crop window and flip, nearest-neighbour resizing, and `pad`'s border filled with
# `segmentation_fill`, by default SEGMENTATION_FILL: 255, the class Pascal VOC's and Cityscapes'
# masks, torchvision's and Model Garden's segmentation references ignore (`ignore_index=255`).
SEGMENTATION_FILL = 255
# The largest class a mask may hold: a 16-bit PNG's.
MAX_SEGMENTATION_CLASS = 65535
# The PyTorch readers' JPEG decoders. "auto": torchvision's where torchvision imports, else Pillow.
# "none": no decoding in the reader: the image comes back as its stored bytes (a 1-D uint8 tensor)
# for the training process to decode on the GPU (torchvision.io.decode_jpeg(..., device="cuda"),
# nvJPEG), so that DataLoader workers only read and parse; options that need pixels are refused.
DECODERS = ("auto", "pillow", "torchvision", "none")
NO_DECODER = "none"
# tf.data service processing modes (`service=`): every record once per epoch across the workers
# (the dispatcher hands out shards), or each worker its own whole epoch.
DISTRIBUTED_EPOCH, PARALLEL_EPOCHS = "distributed_epoch", "parallel_epochs"
SERVICE_MODES = (DISTRIBUTED_EPOCH, PARALLEL_EPOCHS)
# Image dtypes by name, spelled alike by TensorFlow and PyTorch: one ReadOptions serves both.
DTYPE_NAMES = ("uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64")
# The readers, by the names their errors give.
LOAD, DISTRIBUTE, SHARD_DATASET, INDEXED_DATASET = "load", "distribute", "ShardDataset", "IndexedDataset"
# shardify.dali's pipeline and the iterators that wrap it (they take the same options, and the
# last-batch options the pipeline leaves to them).
DALI_PIPELINE, DALI_TORCH, DALI_TF = "dali.pipeline", "dali.torch_iterator", "dali.tf_dataset"
READERS = (LOAD, DISTRIBUTE, SHARD_DATASET, INDEXED_DATASET, DALI_PIPELINE, DALI_TORCH, DALI_TF)


# Seeds and batch sizes become int64 tensors: a larger number failed inside TensorFlow with
# "Python int too large to convert to C long", a traceback naming no option.
_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


# The most pixels an image_size may ask for: as many as the writer accepts in an image by default
# (--max-pixels). 100000 x 100000 asked TensorFlow for a 120 GB float tensor a record.
MAX_IMAGE_SIZE_PIXELS = DEFAULT_MAX_PIXELS


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _package(value: object) -> str:
    """The top-level package of the type of `value` (of `value` itself if it is a class), e.g.
    "tensorflow" for tf.bfloat16: how a TensorFlow or PyTorch object is told apart without
    importing either."""
    module = value.__module__ if isinstance(value, type) else type(value).__module__
    return (module or "").split(".")[0]


@dataclass(frozen=True, kw_only=True)
class ReadOptions:
    """How to read a split: every option of every reader, checked once, when made.

    Each reader takes one: `shardify.load(path, split, options=ReadOptions(...))`, and likewise
    `shardify.distribute`, `shardify.torch.ShardDataset`, `shardify.torch.IndexedDataset` and
    `shardify.dali`'s pipeline and iterators. The fields are also those readers' keywords, a
    shorthand that overrides `options` field by field.
    A reader refuses an option it does not take (a value other than the default), saying what to
    use instead: `load`'s `batch_size` is a DataLoader's `batch_size` in PyTorch.

    >>> ReadOptions(batch_size=64, image_size=[224, 224], fit="random_crop").image_size
    (224, 224)
    >>> ReadOptions(num_parallel_reads=4).cycle_length   # tf.data.TFRecordDataset's name for it
    4

    Attributes (each for every reader, unless it names some; `load` stands for `distribute` too):
      shuffle: shuffle shard order and records (each epoch differently). None: each reader's
        default, True for load and ShardDataset; IndexedDataset refuses True (its sampler shuffles).
      seed: makes shuffles, random crops and flips repeatable; None draws one (ShardDataset and
        IndexedDataset: from torch's generator when the dataset is made).
      image_size: (height, width) to fit every image to; images then come back as float32 in
        [0, 255]. None keeps each image's own size (as uint8). load needs it to batch images.
      fit: how an image meets image_size, one of FITS: "stretch" (resize), "pad" (keep the aspect,
        pad), "center_crop" (crop to the aspect, then resize) or "random_crop" (a random crop of
        CROP_AREA_RANGE of the area, aspect CROP_ASPECT_RANGE, then resize: training augmentation).
        load decodes only the cropped pixels of a JPEG.
      flip: random left-right flips.
      normalize: pixels as float32 in [0, 1] instead of [0, 255].
      scaled_decode: (load) JPEGs at least twice image_size decode at 1/2, 1/4 or 1/8 of their size
        (libjpeg's DCT scaling), the smallest that still covers image_size, before the resize:
        less decoding, and a smoother downscale than a full decode's (see
        shardify.read.tf_scaled). Pixels differ slightly from a full decode's. Needs image_size.
      segmentation_fill: the class `fit="pad"` gives a segmentation mask's border (the pixels
        outside the image), 0 to MAX_SEGMENTATION_CLASS; load refuses one above 255 where its
        masks are uint8. Default SEGMENTATION_FILL, 255: "ignore" in VOC's and Cityscapes' masks.
      as_supervised: `(image or text, label)` pairs instead of dicts (ready for Keras `fit`); for
        a detection output (one with objects), `(image, objects)`.
      multi_hot: multi-label `label` as a float32 vector over all labels; False keeps the int64
        index list (load then batches it ragged).
      features: reader names (or keys) to return; None returns all. Unread ones are never parsed.
        `objects` is every object field; `objects/<field>` one of OBJECT_FIELDS (e.g. leave out
        `objects/mask` to decode no masks).
      dtype: cast images to this dtype last: a tf.DType for load (tf.bfloat16 for mixed
        precision), a torch.dtype for the PyTorch readers (torch.uint8 keeps batches 4x smaller),
        or one of DTYPE_NAMES for either. None keeps uint8, or float32 once fitted or normalized.
      batch_size: (load, dali) records per batch; None yields single records (a DALI pipeline
        needs one). PyTorch: the DataLoader's.
      deterministic: (load) keep element order fixed across parallel stages; None: True without
        shuffle or with a seed, else False (faster).
      repeat: (load, dali.tf_dataset) True repeats forever, a whole number that many epochs, False reads once.
      cache: (load) True caches the serialized records in memory, a path caches them in files
        there (the first epoch fills it); shuffling, parsing and decoding still run every epoch.
      cycle_length: (load) shards read at once; None: up to 16, one for small records.
      num_parallel_reads: (load) cycle_length under tf.data.TFRecordDataset's name: taken when
        made, kept as cycle_length (it is not a field).
      block_length: (load) consecutive records taken from a shard before moving to the next.
      drop_remainder: (load, dali iterators) drop a last, smaller batch (fixed shapes for TPUs and some strategies).
      input_context: (load) a tf.distribute.InputContext, this input pipeline's place: it reads its
        own shards (or, with fewer shards than pipelines, every n-th record). distribute gives it.
      device: (load) e.g. "/gpu:0": prefetch batches into that device's memory; on a machine
        without it, on the host. (Under a strategy, distribute places batches.)
      data_options: (load) a tf.data.Options applied to the dataset.
      decoder: (ShardDataset, IndexedDataset) the JPEG decoder, one of DECODERS.
      rank, world_size: (ShardDataset, dali) this process's place among distributed readers: both, or
        neither for torch.distributed's when it is initialized, else one process.
      service: (load, distribute) a tf.data service dispatcher, "grpc://HOST:PORT": reading,
        parsing, decoding, augmenting and batching run on its workers (`shardify serve worker`),
        batches come back to this process. The workers read the shards at the same paths: a file
        system they share, or gs:// / s3://.
      service_mode: "distributed_epoch" (default): the dispatcher hands out shards, so every record
        comes once per epoch across the workers (and across trainers sharing `service_job`); a
        worker that dies loses the records of the shard it was reading. "parallel_epochs": each
        worker reads the whole split, so a trainer sees each record once per worker per epoch.
      service_job: a job name trainers share, so that they split one epoch among them
        (distributed_epoch); None gives each reader its own job.
      cache_dir: (ShardDataset) where shards of a gs:// or s3:// output are fetched to before
        they are read, each reader in its own folder inside it; None: the system's temporary
        folder. See shardify.read.shard_cache.
      cache_limit: (ShardDataset) the most bytes the fetched shards of one process take at once,
        split evenly among its DataLoader workers: a whole number or a size such as "20GB",
        "512MiB" (parsed once, kept as bytes). Needed to read from gs:// or s3://.
      version: which version of the output to read (1 is the conversion, each `--append` adds
        one), exactly the records it held; None reads the latest. A training run that records
        (output, version) reads the same records later.

    Raises:
      ReadOptionError: a value that cannot work, whatever the data (see the message).
    """

    shuffle: bool | None = None
    seed: int | None = None
    image_size: tuple[int, int] | None = None
    fit: str = STRETCH
    flip: bool = False
    normalize: bool = False
    scaled_decode: bool = False
    segmentation_fill: int = SEGMENTATION_FILL
    as_supervised: bool = False
    multi_hot: bool = True
    features: tuple[str, ...] | None = None
    dtype: Any = None
    batch_size: int | None = None
    deterministic: bool | None = None
    repeat: bool | int = False
    cache: bool | str = False
    cycle_length: int | None = None
    num_parallel_reads: InitVar[int | None] = None
    block_length: int = 1
    drop_remainder: bool = False
    input_context: Any = None
    device: str | None = None
    data_options: Any = None
    decoder: str = "auto"
    rank: int | None = None
    world_size: int | None = None
    version: int | None = None
    service: str | None = None
    service_mode: str = DISTRIBUTED_EPOCH
    service_job: str | None = None
    cache_dir: str | None = None
    cache_limit: int | str | None = None

    def __post_init__(self, num_parallel_reads: int | None) -> None:
        self._check_shared()
        self._check_tf_data(num_parallel_reads)
        self._check_torch()

    def _check_shared(self) -> None:
        if self.shuffle is not None and not isinstance(self.shuffle, bool):
            raise ReadOptionError(f"shuffle={self.shuffle!r} must be True, False, or None for the reader's default")
        if self.seed is not None and not _whole(self.seed):
            raise ReadOptionError(f"seed={self.seed!r} must be a whole number, or None to draw one")
        if self.seed is not None and not _INT64_MIN <= self.seed <= _INT64_MAX:
            raise ReadOptionError(f"seed={self.seed!r} must be from {_INT64_MIN} to {_INT64_MAX}: TensorFlow's seeds are int64")
        if self.version is not None and not (_whole(self.version) and self.version >= 1):
            raise ReadOptionError(f"version={self.version!r} must be a whole number from 1 (the conversion), or None for the latest")
        for name in ("flip", "normalize", "scaled_decode", "as_supervised", "multi_hot"):
            if not isinstance(getattr(self, name), bool):
                raise ReadOptionError(f"{name}={getattr(self, name)!r} must be True or False")
        if self.fit not in FITS:
            raise ReadOptionError(f"fit={self.fit!r} must be one of {', '.join(FITS)}")
        if not (_whole(self.segmentation_fill) and 0 <= self.segmentation_fill <= MAX_SEGMENTATION_CLASS):
            raise ReadOptionError(
                f"segmentation_fill={self.segmentation_fill!r} must be a class index, a whole number from 0 to "
                f"{MAX_SEGMENTATION_CLASS} (default {SEGMENTATION_FILL}, the usual 'ignore' class)"
            )
        if self.image_size is not None:
            size = tuple(self.image_size) if isinstance(self.image_size, Sequence) else (self.image_size,)
            if len(size) != 2 or not all(_whole(v) and v > 0 for v in size):
                raise ReadOptionError(
                    f"image_size={self.image_size!r} must be (height, width), two whole numbers above 0"
                )
            if size[0] * size[1] > MAX_IMAGE_SIZE_PIXELS:
                raise ReadOptionError(
                    f"image_size={self.image_size!r} asks for {size[0] * size[1]:,} pixels an image, more than the "
                    f"{MAX_IMAGE_SIZE_PIXELS:,} the writer accepts in one (--max-pixels' default)"
                )
            object.__setattr__(self, "image_size", size)
        if self.fit != STRETCH and self.image_size is None:
            raise ReadOptionError(f"fit={self.fit!r} needs image_size=(height, width) to fit images to")
        if self.scaled_decode and self.image_size is None:
            raise ReadOptionError(
                "scaled_decode=True needs image_size=(height, width): it decodes JPEGs at the scale that still covers it"
            )
        if self.features is not None:
            if isinstance(self.features, str):
                raise ReadOptionError(f"features={self.features!r} must be a list of names, not one string")
            names = tuple(self.features) if isinstance(self.features, Iterable) else None
            if names is None or not all(isinstance(name, str) for name in names):
                raise ReadOptionError(f"features={self.features!r} must be a list of names (strings), or None for all")
            object.__setattr__(self, "features", names)
        if self.dtype is not None:
            named = isinstance(self.dtype, str)
            if not (self.dtype in DTYPE_NAMES if named else _package(self.dtype) in ("tensorflow", "torch", "numpy")):
                raise ReadOptionError(
                    f"dtype={self.dtype!r} must be a TensorFlow or PyTorch dtype (tf.bfloat16, torch.uint8), "
                    f"one of the names {', '.join(DTYPE_NAMES)}, or None to keep the reader's"
                )

    def _check_tf_data(self, num_parallel_reads: int | None) -> None:
        if self.batch_size is not None and not (_whole(self.batch_size) and self.batch_size >= 1):
            raise ReadOptionError(f"batch_size={self.batch_size!r} must be at least 1, or None for single records")
        if self.batch_size is not None and self.batch_size > _INT64_MAX:
            raise ReadOptionError(f"batch_size={self.batch_size!r} must be at most {_INT64_MAX}: batch sizes are int64")
        if self.deterministic is not None and not isinstance(self.deterministic, bool):
            raise ReadOptionError(
                f"deterministic={self.deterministic!r} must be True, False, or None (True when unshuffled or seeded)"
            )
        if not (isinstance(self.repeat, bool) or (_whole(self.repeat) and self.repeat >= 1)):
            raise ReadOptionError(
                f"repeat={self.repeat!r} must be True (forever), False (once) or a number of epochs, at least 1"
            )
        if isinstance(self.cache, os.PathLike):
            object.__setattr__(self, "cache", os.fspath(self.cache))
        if not (isinstance(self.cache, bool) or (isinstance(self.cache, str) and self.cache)):
            raise ReadOptionError(f"cache={self.cache!r} must be True (in memory), a path to cache files at, or False")
        if num_parallel_reads is not None:
            if self.cycle_length is not None and self.cycle_length != num_parallel_reads:
                raise ReadOptionError(
                    f"cycle_length={self.cycle_length!r} and num_parallel_reads={num_parallel_reads!r} are one "
                    "option under two names: give one"
                )
            object.__setattr__(self, "cycle_length", num_parallel_reads)
        if self.cycle_length is not None and not (_whole(self.cycle_length) and self.cycle_length >= 1):
            raise ReadOptionError(f"cycle_length={self.cycle_length!r} must be at least 1, or None for the reader's choice")
        self._check_service()
        if not (_whole(self.block_length) and self.block_length >= 1):
            raise ReadOptionError(f"block_length={self.block_length!r} must be at least 1")
        if not isinstance(self.drop_remainder, bool):
            raise ReadOptionError(f"drop_remainder={self.drop_remainder!r} must be True or False")
        if self.input_context is not None and not (
            _package(self.input_context) == "tensorflow" and type(self.input_context).__name__ == "InputContext"
        ):
            raise ReadOptionError(
                f"input_context={self.input_context!r} must be a tf.distribute.InputContext, or None for one pipeline"
            )
        if self.device is not None and not (isinstance(self.device, str) and self.device):
            raise ReadOptionError(f"device={self.device!r} must be a device name such as '/gpu:0', or None for the host")
        if self.data_options is not None and not (
            _package(self.data_options) == "tensorflow" and type(self.data_options).__name__ == "Options"
        ):
            raise ReadOptionError(f"data_options={self.data_options!r} must be a tf.data.Options, or None")

    def _check_service(self) -> None:
        if self.service is not None:
            address = self.service.removeprefix("grpc://") if isinstance(self.service, str) else ""
            host, _, port = address.rpartition(":")
            if not (host and port.isdigit() and 0 < int(port) < 65536):
                raise ReadOptionError(
                    f"service={self.service!r} must be a tf.data service dispatcher's address, grpc://HOST:PORT "
                    "(`shardify serve dispatcher` prints it)"
                )
        if self.service_mode not in SERVICE_MODES:
            raise ReadOptionError(f"service_mode={self.service_mode!r} must be one of {', '.join(SERVICE_MODES)}")
        if self.service_job is not None and not (isinstance(self.service_job, str) and self.service_job):
            raise ReadOptionError(f"service_job={self.service_job!r} must be a job name (a string) or None")

    def _check_torch(self) -> None:
        self._check_cache()
        if self.decoder not in DECODERS:
            raise ReadOptionError(f"decoder={self.decoder!r} must be one of {', '.join(DECODERS)}")
        if self.decoder == NO_DECODER:
            pixel_options = {
                "image_size": self.image_size is not None, "flip": self.flip, "normalize": self.normalize,
                "dtype": self.dtype is not None,
            }
            given = [name for name, set_ in pixel_options.items() if set_]
            if given:
                raise ReadOptionError(
                    f"decoder='none' returns the stored image bytes, and {', '.join(given)} need(s) pixels: "
                    "decode and fit the images where you decode them (e.g. on the GPU), or choose another decoder"
                )
        rank, world_size = self.rank, self.world_size
        if (rank is None) != (world_size is None):
            raise ReadOptionError(
                f"rank={rank} and world_size={world_size}: give both, or neither for torch.distributed's"
            )
        if rank is not None and not (_whole(rank) and _whole(world_size) and 0 <= rank < world_size):
            raise ReadOptionError(f"rank={rank!r} must lie in [0, world_size={world_size!r}), both whole numbers")


    def _check_cache(self) -> None:
        if isinstance(self.cache_dir, os.PathLike):
            object.__setattr__(self, "cache_dir", os.fspath(self.cache_dir))
        if self.cache_dir is not None and not (isinstance(self.cache_dir, str) and self.cache_dir):
            raise ReadOptionError(f"cache_dir={self.cache_dir!r} must be a local folder, or None for the temporary folder")
        if self.cache_dir is not None and "://" in self.cache_dir:
            raise ReadOptionError(f"cache_dir={self.cache_dir!r} must be a local folder: shards are fetched to it")
        limit = self.cache_limit
        if isinstance(limit, str) and limit.strip().isdigit():  # bytes, as a command line gives them
            limit = int(limit)
        elif isinstance(limit, str):
            from shardify.plan.requests import parse_size  # the sizes --target-shard-size takes

            try:
                limit = parse_size(limit)
            except ValueError:
                limit = None
        if self.cache_limit is not None and not (_whole(limit) and limit >= 1):
            raise ReadOptionError(
                f"cache_limit={self.cache_limit!r} must be a size such as '20GB' or '512MiB', or a whole number "
                "of bytes above 0"
            )
        object.__setattr__(self, "cache_limit", limit)


# Every name a reader takes as a keyword: ReadOptions' fields, and the alias it accepts.
OPTION_NAMES = (*(option.name for option in fields(ReadOptions)), "num_parallel_reads")
_DEFAULTS = {option.name: option.default for option in fields(ReadOptions)}

# What each reader does not take, and what to use instead: given a value other than the default,
# a reader refuses the option rather than read something other than what was asked.
# Decoding at a DCT scale is load's (TensorFlow's decode_jpeg(ratio=...)); the others decode whole.
_NOT_SCALED = {"scaled_decode": "decoding JPEGs at 1/2, 1/4 or 1/8 scale is shardify.load's; this reader decodes whole images"}
_NOT_TORCH = {
    **_NOT_SCALED,
    "batch_size": "batch with DataLoader(batch_size=...)",
    "drop_remainder": "drop a last, smaller batch with DataLoader(drop_last=True)",
    "deterministic": "the PyTorch readers' order follows the seed and the epoch (set_epoch) alone",
    "repeat": "read another epoch by iterating again, after set_epoch(epoch)",
    "cache": "the PyTorch readers read the shards every epoch: read a copy on fast local disk",
    "cycle_length": "each reader reads one shard at a time: read more at once with DataLoader(num_workers=...)",
    "block_length": "each reader reads its shards whole, one after another",
    "input_context": "that places a tf.data pipeline; place a ShardDataset with rank= and world_size=",
    "device": "move batches with .to(device); DataLoader(pin_memory=True) speeds the copy",
    "data_options": "a tf.data.Options applies to shardify.load and shardify.distribute only",
    "service": "tf.data service runs tf.data pipelines: read with shardify.load(..., service=...)",
    "service_mode": "tf.data service runs tf.data pipelines: read with shardify.load(..., service=...)",
    "service_job": "tf.data service runs tf.data pipelines: read with shardify.load(..., service=...)",
}
# Fetching shards into a local cache is ShardDataset's: the others read gs:// through TensorFlow's
# file systems (load), a local copy (IndexedDataset seeks), or DALI's reader.
_CACHE = "shards are fetched into a cache by shardify.torch.ShardDataset only"
_NOT_CACHED = {"cache_dir": _CACHE, "cache_limit": _CACHE}
_NOT_LOAD = {
    "decoder": "tf.data decodes with TensorFlow's decoders; decoder= is for shardify.torch",
    "rank": "place a tf.data input pipeline with input_context=, or read with shardify.distribute",
    "world_size": "place a tf.data input pipeline with input_context=, or read with shardify.distribute",
}
# A DALI pipeline reads with DALI's reader, decoders and operators; it batches (batch_size is the
# pipeline's) and places ranks itself (rank, world_size: its shard_id, num_shards).
_NOT_DALI = {
    **_NOT_SCALED,
    "deterministic": "a DALI pipeline's order, crops and flips follow its seed alone",
    "cache": "DALI reads the shards every epoch: read a copy on fast local disk",
    "cycle_length": "DALI's reader reads shards one after another, in a shuffled order, through a shuffle buffer",
    "block_length": "DALI's reader reads shards one after another, in a shuffled order, through a shuffle buffer",
    "input_context": "place a DALI pipeline with rank= and world_size= (DALI's shard_id and num_shards)",
    "device": "give device_id=: DALI decodes on that GPU and leaves its batches there",
    "data_options": "a tf.data.Options applies to shardify.load and shardify.distribute; apply it to tf_dataset's result",
    "decoder": "DALI decodes with its own decoders (nvJPEG on a GPU); decoder= is for shardify.torch",
}
_BY_ITERATOR = "iterate again: a DALI iterator's epoch ends with StopIteration, and reset() starts the next"
_BY_SAMPLER = "split an IndexedDataset among ranks with DistributedSampler(ds, num_replicas=world_size, rank=rank)"
_NOT_FOR: dict[str, dict[str, str]] = {
    LOAD: {**_NOT_LOAD, **_NOT_CACHED},
    DISTRIBUTE: {
        **_NOT_LOAD,
        **_NOT_CACHED,
        "rank": "distribute places each input pipeline itself",
        "world_size": "distribute places each input pipeline itself",
        "batch_size": "give global_batch_size=: distribute batches its share to each replica",
        "input_context": "distribute gives each input pipeline its own",
    },
    SHARD_DATASET: _NOT_TORCH,
    INDEXED_DATASET: {
        **_NOT_TORCH,
        **_NOT_CACHED,
        "shuffle": "shuffle with DataLoader(shuffle=True) or a sampler (DistributedSampler shuffles)",
        "rank": _BY_SAMPLER,
        "world_size": _BY_SAMPLER,
        "input_context": _BY_SAMPLER,
    },
    DALI_PIPELINE: {
        **_NOT_DALI,
        **_NOT_CACHED,
        "repeat": "a DALI pipeline runs epoch after epoch; tf_dataset(repeat=...) counts them",
        "drop_remainder": "the pipeline pads its last batch; torch_iterator(drop_remainder=True) or tf_dataset(...) drops it",
    },
    DALI_TORCH: {**_NOT_DALI, **_NOT_CACHED, "repeat": _BY_ITERATOR},
    DALI_TF: {**_NOT_DALI, **_NOT_CACHED},
}


def _given(options: ReadOptions, name: str) -> bool:
    """`options` ask for `name` to do something: a value other than the default."""
    if name == "shuffle":  # None is each reader's default, and every reader can leave records in order
        return options.shuffle is True
    return getattr(options, name) != _DEFAULTS[name]


def reader_options(reader: str, options: ReadOptions | None, keywords: Mapping[str, Any]) -> ReadOptions:
    """The options `reader` (one of READERS) reads with: `options` (None: the defaults) with
    `keywords`, ReadOptions' fields by name, over them, and `shuffle` made the reader's default.

    >>> chosen = reader_options("load", ReadOptions(seed=1, batch_size=8), {"batch_size": 16})
    >>> chosen.batch_size, chosen.seed, chosen.shuffle
    (16, 1, True)
    >>> reader_options("load", None, {"batch_sise": 16})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    shardify.errors.ReadOptionError: load() has no option batch_sise=16: did you mean batch_size? ...
    >>> reader_options("ShardDataset", None, {"batch_size": 16})
    Traceback (most recent call last):
    shardify.errors.ReadOptionError: ShardDataset does not take batch_size=16: batch with DataLoader(batch_size=...)

    Raises:
      ReadOptionError: an unknown keyword (naming the closest option), `options` not a
        ReadOptions, a value ReadOptions refuses, or an option `reader` does not take (saying what
        to use instead).
    """
    for name, value in keywords.items():
        if name not in OPTION_NAMES:
            close = difflib.get_close_matches(name, OPTION_NAMES, n=1)
            hint = f"did you mean {close[0]}? (" if close else f"give one of {', '.join(OPTION_NAMES)} ("
            raise ReadOptionError(f"{reader}() has no option {name}={value!r}: {hint}the options are ReadOptions' fields)")
    changes = dict(keywords)
    if "num_parallel_reads" in changes and "cycle_length" not in changes:  # the alias overrides as its name would
        changes["cycle_length"] = changes.pop("num_parallel_reads")
    if options is None:
        chosen = ReadOptions(**changes)
    elif not isinstance(options, ReadOptions):
        raise ReadOptionError(
            f"options={options!r} must be a shardify.ReadOptions, or None with the options as keywords"
        )
    else:
        chosen = replace(options, **changes) if changes else options
    refused = [
        f"{name}={getattr(chosen, name)!r}: {instead}" for name, instead in _NOT_FOR[reader].items() if _given(chosen, name)
    ]
    if refused:
        raise ReadOptionError(f"{reader} does not take " + "; nor ".join(refused))
    if chosen.shuffle is None:
        chosen = replace(chosen, shuffle=reader != INDEXED_DATASET)
    return chosen


@dataclass(frozen=True)
class ReadPlan:
    """What `ReadOptions` mean for one manifest.

    Attributes:
      keys: manifest keys to parse, in manifest order (with DECODER_KEYS when images are read).
      names: each key's reader name (the manifest's `output_name`).
      image_name, text_name, label_name: reader names of the image, text and label features, or
        None where the records have none.
      reads_images: the image feature is among `keys`.
      multi_label: labels are index lists (the manifest's label_mode is "multi").
      num_labels: how many labels the manifest names.
      object_fields: the fields of OBJECT_FIELDS returned as `objects`, in that order (their
        record keys are among `keys`); () where records hold no objects or none are asked for.
      num_keypoints: keypoints per object (the manifest's objects.num_keypoints), else 0.
      segmentation_name: the reader name of the segmentation mask (`contract.SEGMENTATION`'s),
        where it is among `keys`, else None; readers return it decoded, under that name.
      supervised_input: the reader name `as_supervised` pairs with the label.
      supervised_target: what it pairs it with: the label, or `objects` in a detection output.
    """

    keys: tuple[str, ...]
    names: dict[str, str]
    image_name: str | None
    text_name: str | None
    label_name: str | None
    reads_images: bool
    multi_label: bool
    num_labels: int
    object_fields: tuple[str, ...] = ()
    num_keypoints: int = 0
    segmentation_name: str | None = None

    @property
    def supervised_input(self) -> str | None:
        return self.image_name or self.text_name

    @property
    def supervised_target(self) -> str | None:
        return OBJECTS if self.object_fields else self.label_name

    def object_names(self, field: str) -> tuple[str, ...]:
        """The reader names (as parsed) of the record keys `field` of `objects` is made of."""
        return tuple(self.names[key] for key in OBJECT_FIELDS[field])

    def multi_hot_label(self, options: ReadOptions) -> bool:
        """The label comes back as a multi-hot vector."""
        return self.multi_label and options.multi_hot and self.label_name in self.names.values()


def _output_name(manifest: Manifest, key: str) -> str | None:
    feature = manifest.features.get(key)
    return feature.get("output_name", key) if feature else None


def plan_read(manifest: Manifest, options: ReadOptions, *, path: str) -> ReadPlan:
    """Which features `options` read from `manifest` (the output folder `path`), and under which
    names.

    Raises:
      ReadOptionError: `as_supervised` on unlabelled data without objects, `features` names one
        the manifest does not have, or keypoints are read with `flip`.
    """
    image_name = _output_name(manifest, contract.IMAGE_ENCODED)
    text_name = _output_name(manifest, contract.TEXT)
    label_name = _output_name(manifest, contract.LABEL) or _output_name(manifest, contract.TEXT_LABEL)
    # The object fields this output has: all of a field's keys, in a manifest that says it holds objects.
    present = [
        field
        for field, field_keys in OBJECT_FIELDS.items()
        if manifest.objects is not None and all(key in manifest.features for key in field_keys)
    ]
    if options.as_supervised and not (label_name or present):
        raise ReadOptionError(f"as_supervised needs labels, and {path} is unlabelled")
    gathered = {key for field in present for key in OBJECT_FIELDS[field]}  # returned inside `objects`
    target = OBJECTS if present else label_name
    required = [image_name or text_name, target] if options.as_supervised else []
    if options.features is None:
        keys, fields = [key for key in manifest.features if key not in gathered], set(present)
    else:
        by_name = {spec.get("output_name", key): key for key, spec in manifest.features.items()}
        object_names = {OBJECTS: present, **{f"{OBJECTS}/{field}": [field] for field in present}} if present else {}
        wanted = set(options.features) | {name for name in required if name}
        unknown = sorted(wanted - set(by_name) - set(manifest.features) - set(object_names))
        if unknown:
            known = sorted({*(name for name, key in by_name.items() if key not in gathered), *object_names})
            raise ReadOptionError(f"features {unknown} are not in {manifest.root}; it has {known}")
        picked = [key for name, key in by_name.items() if name in wanted or key in wanted]
        keys = [key for key in picked if key not in gathered]
        # an object key, or the manifest's name for it (objects/xmin), asks for its whole field
        fields = {_OBJECT_FIELD_OF[key] for key in picked if key in gathered}
        fields.update(field for name in wanted for field in object_names.get(name, ()))
    object_fields = tuple(field for field in present if field in fields)
    keys += [key for field in object_fields for key in OBJECT_FIELDS[field]]
    reads_images = contract.IMAGE_ENCODED in keys
    if reads_images:  # the decoder reads the format and size from the record, not the bytes
        keys = list(dict.fromkeys([*keys, *(PIXEL_DECODER_KEYS if manifest.stores_pixels else DECODER_KEYS)]))
    if "mask" in object_fields:  # the size of an image's masks when it has none
        keys = list(dict.fromkeys([*keys, contract.IMAGE_HEIGHT, contract.IMAGE_WIDTH]))
    if "keypoints" in object_fields and reads_images and options.flip:
        raise ReadOptionError(
            f"flip=True would mirror the keypoints of {path} without swapping left and right ones (its manifest "
            "does not say which are which): flip them yourself, or leave them out with "
            f"features=[..., {', '.join(repr(f'{OBJECTS}/{f}') for f in object_fields if not f.startswith('keypoint'))}]"
        )
    return ReadPlan(
        keys=tuple(keys),
        names={key: manifest.features[key].get("output_name", key) for key in keys},
        image_name=image_name,
        text_name=text_name,
        label_name=label_name,
        reads_images=reads_images,
        multi_label=manifest.label_mode == contract.LABEL_MULTI,
        num_labels=len(manifest.labels),
        object_fields=object_fields,
        num_keypoints=manifest.objects.num_keypoints if manifest.objects is not None else 0,
        segmentation_name=_output_name(manifest, contract.SEGMENTATION) if contract.SEGMENTATION in keys else None,
    )


def shuffle_buffer_records(num_records: int, num_bytes: int) -> int:
    """Records the shuffle buffer holds: about SHUFFLE_BUFFER_BYTES of them, at most all of them.

    >>> shuffle_buffer_records(1000, 1000 * 1024 * 1024)
    64
    """
    mean_record_bytes = max(1, num_bytes // max(1, num_records))
    return max(1, min(num_records, SHUFFLE_BUFFER_BYTES // mean_record_bytes))


@dataclass(frozen=True)
class Share:
    """The records one reader takes of a split.

    Attributes:
      shards: positions of the shards it reads, in the manifest's order.
      record_stride, record_offset: of the records of those shards, read one after another in an
        order common to every reader sharing them, it keeps those whose position p has
        p % record_stride == record_offset (1 and 0: all of them).
    """

    shards: tuple[int, ...]
    record_stride: int = 1
    record_offset: int = 0

    def __post_init__(self) -> None:
        if self.record_stride < 1 or not 0 <= self.record_offset < self.record_stride:
            raise ValueError(f"record_offset={self.record_offset} must lie in [0, record_stride={self.record_stride})")

    @property
    def record_level(self) -> bool:
        """Several readers read these shards, each keeping its own records."""
        return self.record_stride > 1

    def num_records(self, shard_records: Sequence[int]) -> int:
        """Records this share yields, from the records of every shard of the split."""
        total = sum(shard_records[position] for position in self.shards)
        return len(range(self.record_offset, total, self.record_stride))


def share(whole: Share | int, readers: int, reader: int) -> Share:
    """Reader `reader`'s part, of `readers`, of `whole` (a Share, or a number of shards: all of them).

    Shards while there are at least as many as readers, else records (see the module's docstring).

    >>> share(4, 2, 1)
    Share(shards=(1, 3), record_stride=1, record_offset=0)
    >>> share(2, 3, 2)
    Share(shards=(0, 1), record_stride=3, record_offset=2)
    >>> share(share(2, 2, 1), 2, 1)   # rank 1 of 2 gets shard 1; its worker 1 of 2 every 2nd record
    Share(shards=(1,), record_stride=2, record_offset=1)

    Raises:
      ReadOptionError: `reader` is not in [0, readers).
    """
    if readers < 1 or not 0 <= reader < readers:
        raise ReadOptionError(f"reader {reader} of {readers}: the index must lie in [0, {readers})")
    if isinstance(whole, int):
        whole = Share(tuple(range(whole)))
    if not whole.record_level and len(whole.shards) >= readers:
        return Share(whole.shards[reader::readers])
    return Share(whole.shards, whole.record_stride * readers, whole.record_offset + reader * whole.record_stride)
