"""What every reader of shardify output agrees on: the reading options, what they mean for one
manifest, and which records each of several readers takes.

Both readers, `shardify.load` (tf.data) and `shardify.torch` (PyTorch), take their options as one
`ReadOptions`, checked here once, ask `plan_read` which features to return under which names, and
split a split among readers with `share`: so the two cannot drift apart. Nothing here imports
TensorFlow or PyTorch.

The sharding rule (`share`): with at least as many shards as readers, reader i of n reads every
n-th shard starting at shard i; with fewer shards than readers, every reader reads all the shards
in one common order and keeps every n-th record starting at record i. Either way each record is
read by exactly one reader per epoch. Applied twice (distributed ranks, then DataLoader workers
within a rank), the rule composes: a record-level share split again stays record-level.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shardify.errors import ReadOptionError
from shardify.format import contract
from shardify.format.manifest import Manifest

__all__ = [
    "STRETCH",
    "PAD",
    "CENTER_CROP",
    "RANDOM_CROP",
    "FITS",
    "CROP_AREA_RANGE",
    "CROP_ASPECT_RANGE",
    "CROP_ATTEMPTS",
    "SHUFFLE_BUFFER_BYTES",
    "DECODER_KEYS",
    "ReadOptions",
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


@dataclass(frozen=True)
class ReadOptions:
    """The options every reader takes, checked when made.

    Attributes:
      shuffle: shuffle shard order and records.
      seed: makes shuffles, random crops and flips repeatable; None draws one.
      image_size: (height, width) to fit every image to; None keeps each image's own size.
      fit: how an image meets image_size: one of FITS.
      flip: random left-right flips.
      normalize: pixels as floats in [0, 1] instead of [0, 255].
      as_supervised: `(input, label)` pairs instead of dicts.
      multi_hot: multi-label `label` as a float vector over all labels (else the index list).
      features: reader names (or keys) to return; None returns all.

    Raises:
      ReadOptionError: a value that cannot work, whatever the data (see the message).
    """

    shuffle: bool = True
    seed: int | None = None
    image_size: tuple[int, int] | None = None
    fit: str = STRETCH
    flip: bool = False
    normalize: bool = False
    as_supervised: bool = False
    multi_hot: bool = True
    features: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.seed is not None and (not isinstance(self.seed, int) or isinstance(self.seed, bool)):
            raise ReadOptionError(f"seed={self.seed!r} must be a whole number, or None to draw one")
        if self.fit not in FITS:
            raise ReadOptionError(f"fit={self.fit!r} must be one of {', '.join(FITS)}")
        if self.image_size is not None:
            size = tuple(self.image_size)
            if len(size) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in size):
                raise ReadOptionError(
                    f"image_size={self.image_size!r} must be (height, width), two whole numbers above 0"
                )
            object.__setattr__(self, "image_size", size)
        if self.fit != STRETCH and self.image_size is None:
            raise ReadOptionError(f"fit={self.fit!r} needs image_size=(height, width)")
        if self.features is not None:
            if isinstance(self.features, str):
                raise ReadOptionError(f"features={self.features!r} must be a list of names, not one string")
            object.__setattr__(self, "features", tuple(self.features))


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
      supervised_input: the reader name `as_supervised` pairs with the label.
    """

    keys: tuple[str, ...]
    names: dict[str, str]
    image_name: str | None
    text_name: str | None
    label_name: str | None
    reads_images: bool
    multi_label: bool
    num_labels: int

    @property
    def supervised_input(self) -> str | None:
        return self.image_name or self.text_name

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
      ReadOptionError: `as_supervised` on unlabelled data, or `features` names one the manifest
        does not have.
    """
    image_name = _output_name(manifest, contract.IMAGE_ENCODED)
    text_name = _output_name(manifest, contract.TEXT)
    label_name = _output_name(manifest, contract.LABEL) or _output_name(manifest, contract.TEXT_LABEL)
    if options.as_supervised and not label_name:
        raise ReadOptionError(f"as_supervised needs labels, and {path} is unlabelled")
    required = [image_name or text_name, label_name] if options.as_supervised else []
    if options.features is None:
        keys = list(manifest.features)
    else:
        by_name = {spec.get("output_name", key): key for key, spec in manifest.features.items()}
        wanted = set(options.features) | {name for name in required if name}
        unknown = sorted(wanted - set(by_name) - set(manifest.features))
        if unknown:
            raise ReadOptionError(f"features {unknown} are not in {manifest.root}; it has {sorted(by_name)}")
        keys = [key for name, key in by_name.items() if name in wanted or key in wanted]
    reads_images = contract.IMAGE_ENCODED in keys
    if reads_images:  # the decoder reads the format and size from the record, not the bytes
        keys = list(dict.fromkeys([*keys, *DECODER_KEYS]))
    return ReadPlan(
        keys=tuple(keys),
        names={key: manifest.features[key].get("output_name", key) for key in keys},
        image_name=image_name,
        text_name=text_name,
        label_name=label_name,
        reads_images=reads_images,
        multi_label=manifest.label_mode == contract.LABEL_MULTI,
        num_labels=len(manifest.labels),
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
