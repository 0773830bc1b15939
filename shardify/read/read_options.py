"""`ReadOptions`: every option of every reader, checked once, when made.

Every reader takes its options as one `ReadOptions` (tfds's `ReadConfig` is the model, STYLE.md
habit 13), so a value that cannot work, whatever the data, is refused here with one message for
all of them, before any file is opened. Which reader takes which option is
`shardify.read.reader_refusals`' question; what the options mean for one manifest is
`shardify.read.read_plan`'s. Nothing here imports TensorFlow or PyTorch: the options that hold
their objects (`dtype`, `input_context`, `data_options`) are told apart by the package that
defines the object's type, and turned into the reader's own type by that reader.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import InitVar, dataclass
from typing import Any

from shardify.errors import ReadOptionError
from shardify.plan.defaults import DEFAULT_MAX_PIXELS
from shardify.read.option_values import (
    DECODERS,
    DISTRIBUTED_EPOCH,
    DTYPE_NAMES,
    FITS,
    MAX_SEGMENTATION_CLASS,
    NO_DECODER,
    SEGMENTATION_FILL,
    SERVICE_MODES,
    STRETCH,
)

__all__ = ["MAX_IMAGE_SIZE_PIXELS", "ReadOptions"]

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
