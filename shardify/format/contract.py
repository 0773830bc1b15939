"""The record contract: feature keys, dtypes and encodings, defined once.

The writer builds records with `encode_record(schema, values)`, the manifest stores
`feature_spec(schema)`, and the reader parses with the spec it finds in the manifest. No other module
spells out a feature key.

A record's schema is built from parts by `record_schema`:
  - image records use the keys ImageNet-style TensorFlow input pipelines already read
    (`image/encoded`, `image/class/label`, ...), so existing readers work unchanged;
  - text records (text files, table rows, captions) hold `text` and `text/source`;
  - labels follow one convention in every layout: an int64 index into the manifest's `labels` plus
    the name, under `image/class/*` for records with an image and `text/class/*` otherwise; the
    reader returns both as `label` and `label_text`. Multi-label records hold every index;
  - extra table columns kept with `--keep-columns` are `column/<name>`;
  - images stored shrunk (`--resize`) describe the stored image under the usual keys and their
    source under `image/original/*` (`ORIGINAL_IMAGE_FEATURES`);
  - images stored as their pixels (`--store-pixels`) hold them in `image/encoded` uncompressed:
    uint8, height x width x channels in row-major (HWC) order, `image/format` "raw"
    (`RAW_PIXELS_FORMAT`), so that `image/encoded` holds exactly `raw_pixels_bytes(height, width,
    channels)` bytes; their source is described under `image/original/*` as for resized images.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shardify.errors import InvalidInputError
from shardify.format import example_proto
from shardify.format.class_ids import (  # (re-exported: the contract's readers have imported them from here)
    CLASS_ID_CONVENTIONS,
    CLASS_ID_READERS,
    CLASS_IDS_CONTIGUOUS,
    CLASS_IDS_LABEL_MAP,
    CLASS_IDS_SOURCE,
    DEFAULT_CLASS_IDS,
    FIRST_CLASS_ID,
)
from shardify.format.example_proto import BYTES, FLOAT, INT64

__all__ = [
    "Feature",
    "IMAGE_ENCODED",
    "IMAGE_FORMAT",
    "IMAGE_HEIGHT",
    "IMAGE_WIDTH",
    "IMAGE_CHANNELS",
    "IMAGE_ORIENTATION",
    "IMAGE_FILENAME",
    "IMAGE_SHA256",
    "IMAGE_SOURCE_ID",
    "IMAGE_ORIGINAL_HEIGHT",
    "IMAGE_ORIGINAL_WIDTH",
    "IMAGE_ORIGINAL_SHA256",
    "ORIGINAL_IMAGE_FEATURES",
    "RAW_PIXELS_FORMAT",
    "RAW_PIXELS_CHANNELS",
    "raw_pixels_bytes",
    "raw_pixels_problem",
    "LABEL",
    "LABEL_TEXT",
    "TEXT",
    "TEXT_SOURCE",
    "TEXT_PAIR",
    "TEXT_PAIR_FEATURE",
    "ANSWER_TEXT",
    "ANSWER_START",
    "ANSWER_FEATURES",
    "TEXT_LABEL",
    "TEXT_LABEL_TEXT",
    "COLUMN_PREFIX",
    "IMAGE_FEATURES",
    "TEXT_FEATURES",
    "LABEL_SINGLE",
    "LABEL_MULTI",
    "LABEL_NONE",
    "UNLABELLED",
    "LABEL_INDEX_KEYS",
    "record_schema",
    "column_key",
    "label_keys",
    "feature_spec",
    "encode_record",
    "RecordEncoder",
    "MAX_INPUT_BYTES",
    "OBJECT_XMIN",
    "OBJECT_YMIN",
    "OBJECT_XMAX",
    "OBJECT_YMAX",
    "OBJECT_LABEL",
    "OBJECT_TEXT",
    "OBJECT_AREA",
    "OBJECT_IS_CROWD",
    "OBJECT_DIFFICULT",
    "OBJECT_TRUNCATED",
    "OBJECT_MASK",
    "PER_OBJECT_KEYS",
    "KEYPOINT_X",
    "KEYPOINT_Y",
    "KEYPOINT_VISIBILITY",
    "SEGMENTATION",
    "CLASS_IDS_CONTIGUOUS",
    "CLASS_IDS_LABEL_MAP",
    "CLASS_IDS_SOURCE",
    "DEFAULT_CLASS_IDS",
    "FIRST_CLASS_ID",
    "CLASS_ID_READERS",
    "CLASS_ID_CONVENTIONS",
    "OBJECT_FEATURES",
    "OBJECT_MASK_FEATURE",
    "KEYPOINT_FEATURES",
    "SEGMENTATION_FEATURE",
    "ObjectSchema",
]

VARIABLE_LENGTH = (None,)  # shape of a feature holding any number of values
# The largest input a record can hold: a record must stay under protobuf's 2 GiB, with room for
# the other features (names, labels, a caption). Larger inputs are rejected unread.
MAX_INPUT_BYTES = example_proto.MAX_EXAMPLE_BYTES - (16 << 20)


@dataclass(frozen=True)
class Feature:
    """One feature of a record.

    Attributes:
      key: the `tf.train.Example` key.
      dtype: "string", "int64" or "float32" (the manifest's and TensorFlow's names).
      output_name: the key under which the reader returns it.
      description: one line for the manifest and the README.
      shape: () for exactly one value, (None,) for any number (multi-label).
    """

    key: str
    dtype: str
    output_name: str
    description: str
    shape: tuple[int | None, ...] = ()

    def __post_init__(self) -> None:
        if self.dtype not in (BYTES, INT64, FLOAT):
            raise ValueError(f"feature {self.key!r}: unknown dtype {self.dtype!r}")
        if self.shape not in ((), VARIABLE_LENGTH):
            raise ValueError(f"feature {self.key!r}: shape {self.shape!r} is neither () nor (None,)")


IMAGE_ENCODED = "image/encoded"
IMAGE_FORMAT = "image/format"
IMAGE_HEIGHT = "image/height"
IMAGE_WIDTH = "image/width"
IMAGE_CHANNELS = "image/channels"
IMAGE_ORIENTATION = "image/orientation"
IMAGE_FILENAME = "image/filename"
IMAGE_SHA256 = "image/key/sha256"
IMAGE_SOURCE_ID = "image/source_id"
# Where images are stored resized (`--resize`), what the source file was: image/encoded, height,
# width and format describe what is stored, these the original, so a record still names its source.
IMAGE_ORIGINAL_HEIGHT = "image/original/height"
IMAGE_ORIGINAL_WIDTH = "image/original/width"
IMAGE_ORIGINAL_SHA256 = "image/original/key/sha256"
# `image/format` of an image stored as its pixels (`--store-pixels`): `image/encoded` holds
# height x width x channels uint8 values, row by row, each pixel's channels together (HWC, the
# layout of a numpy [H, W, C] array and of `tf.io.decode_image`'s output), nothing else: no header,
# no compression. Channels are what `tf.io.decode_image(channels=0)` would give the source: 1 grey,
# 2 grey and alpha, 3 RGB, 4 RGBA (`RAW_PIXELS_CHANNELS`). Readers check the byte count against
# height, width and channels before they reshape (a shard is untrusted input).
RAW_PIXELS_FORMAT = "raw"
RAW_PIXELS_CHANNELS = (1, 2, 3, 4)
LABEL = "image/class/label"
LABEL_TEXT = "image/class/text"
TEXT = "text"
TEXT_SOURCE = "text/source"
# The second text of a sentence pair (MNLI's hypothesis, QQP's question2, BoolQ's passage), beside
# the first in TEXT; kept apart, never joined into it.
TEXT_PAIR = "text/pair"
# A question's answers in its context (SQuAD): each answer's text and its first character's place.
ANSWER_TEXT = "text/answers/text"
ANSWER_START = "text/answers/start"
TEXT_LABEL = "text/class/label"
TEXT_LABEL_TEXT = "text/class/text"
COLUMN_PREFIX = "column/"

LABEL_NONE, LABEL_SINGLE, LABEL_MULTI = "none", "single", "multi"
# The label index of an unlabelled record in single-label data (IMDB's unsup folder, a test split
# without labels), with label text "": what TensorFlow Datasets writes for such records.
UNLABELLED = -1
# The keys that hold label indices into the manifest's `labels` (other tools' metadata maps them
# to class labels with those names).
LABEL_INDEX_KEYS = (LABEL, TEXT_LABEL)

IMAGE_FEATURES: tuple[Feature, ...] = (
    Feature(
        IMAGE_ENCODED,
        BYTES,
        "image",
        "the source file's bytes; a PNG/JPEG re-encode if repaired.jsonl lists it or --resize shrank it; "
        "with image/format raw (--store-pixels), uint8 pixels height x width x channels (HWC), uncompressed",
    ),
    Feature(IMAGE_FORMAT, BYTES, "format", "jpeg, png, gif, bmp or webp, detected from the bytes; raw for pixels stored as they are"),
    Feature(IMAGE_HEIGHT, INT64, "height", "pixels, from the header"),
    Feature(IMAGE_WIDTH, INT64, "width", "pixels, from the header"),
    Feature(IMAGE_CHANNELS, INT64, "channels", "channels tf.io.decode_image(channels=0) returns"),
    Feature(IMAGE_ORIENTATION, INT64, "orientation", "EXIF orientation the stored pixels still need, 1 = upright"),
    Feature(IMAGE_FILENAME, BYTES, "filename", "path relative to the source folder, '/'-separated"),
    Feature(IMAGE_SHA256, BYTES, "sha256", "hex sha256 of image/encoded"),
    # TensorFlow Model Garden's detection decoder requires this key, and its parsers read the value
    # with tf.strings.to_number: so a number, not the path (which image/filename holds).
    Feature(
        IMAGE_SOURCE_ID,
        BYTES,
        "source_id",
        "the dataset's own image id where its annotations give one (COCO's), else the record's number in this output, in "
        "decimal: unique across all splits (splits in name order, then shards, then records)",
    ),
)

ORIGINAL_IMAGE_FEATURES: tuple[Feature, ...] = (
    Feature(IMAGE_ORIGINAL_HEIGHT, INT64, "original_height", "the source image's height in pixels (image/height is the stored one's)"),
    Feature(IMAGE_ORIGINAL_WIDTH, INT64, "original_width", "the source image's width in pixels (image/width is the stored one's)"),
    Feature(IMAGE_ORIGINAL_SHA256, BYTES, "original_sha256", "hex sha256 of the source file's bytes (image/key/sha256 is the stored bytes')"),
)

# Objects (detection and segmentation datasets): one value per object in each feature, in the same
# order, under the keys TensorFlow's Object Detection API and Model Garden's decoders read. Boxes
# are normalised to [0, 1] by the stored image's height and width; `shardify.load` returns them as
# `objects` with `bbox` [ymin, xmin, ymax, xmax] (as tfds's BBoxFeature), `shardify.torch` as
# torchvision's pixel `boxes` [xmin, ymin, xmax, ymax].
OBJECT_XMIN = "image/object/bbox/xmin"
OBJECT_YMIN = "image/object/bbox/ymin"
OBJECT_XMAX = "image/object/bbox/xmax"
OBJECT_YMAX = "image/object/bbox/ymax"
OBJECT_LABEL = "image/object/class/label"
OBJECT_TEXT = "image/object/class/text"
OBJECT_AREA = "image/object/area"
OBJECT_IS_CROWD = "image/object/is_crowd"
OBJECT_DIFFICULT = "image/object/difficult"
OBJECT_TRUNCATED = "image/object/truncated"
OBJECT_MASK = "image/object/mask"
KEYPOINT_X = "image/object/keypoint/x"
KEYPOINT_Y = "image/object/keypoint/y"
KEYPOINT_VISIBILITY = "image/object/keypoint/visibility"
SEGMENTATION = "image/segmentation/class/encoded"

OBJECT_FEATURES: tuple[Feature, ...] = (
    Feature(OBJECT_XMIN, FLOAT, "objects/xmin", "each object's box: left edge / image width", VARIABLE_LENGTH),
    Feature(OBJECT_YMIN, FLOAT, "objects/ymin", "each object's box: top edge / image height", VARIABLE_LENGTH),
    Feature(OBJECT_XMAX, FLOAT, "objects/xmax", "each object's box: right edge / image width", VARIABLE_LENGTH),
    Feature(OBJECT_YMAX, FLOAT, "objects/ymax", "each object's box: bottom edge / image height", VARIABLE_LENGTH),
    Feature(OBJECT_LABEL, INT64, "objects/label", "each object's class, numbered as the manifest's objects.class_ids says", VARIABLE_LENGTH),
    Feature(OBJECT_TEXT, BYTES, "objects/label_text", "each object's class name", VARIABLE_LENGTH),
    Feature(OBJECT_AREA, FLOAT, "objects/area", "each object's area in pixels, as the source gives it (else its box's)", VARIABLE_LENGTH),
    Feature(OBJECT_IS_CROWD, INT64, "objects/is_crowd", "1 for a crowd region (COCO's iscrowd), else 0", VARIABLE_LENGTH),
    Feature(OBJECT_DIFFICULT, INT64, "objects/difficult", "1 for an object marked difficult (Pascal VOC), else 0", VARIABLE_LENGTH),
    Feature(OBJECT_TRUNCATED, INT64, "objects/truncated", "1 for an object marked truncated (Pascal VOC), else 0", VARIABLE_LENGTH),
)
OBJECT_MASK_FEATURE = Feature(OBJECT_MASK, BYTES, "objects/mask", "each object's mask: a 1-channel PNG of the image's size, 1 inside", VARIABLE_LENGTH)
# The object features holding exactly one value per object (keypoints hold several an object).
PER_OBJECT_KEYS: tuple[str, ...] = (*(feature.key for feature in OBJECT_FEATURES), OBJECT_MASK)
KEYPOINT_FEATURES: tuple[Feature, ...] = (
    Feature(KEYPOINT_X, FLOAT, "objects/keypoint_x", "every object's keypoints' x / image width, the objects' keypoints one after another", VARIABLE_LENGTH),
    Feature(KEYPOINT_Y, FLOAT, "objects/keypoint_y", "every object's keypoints' y / image height, as keypoint/x", VARIABLE_LENGTH),
    Feature(KEYPOINT_VISIBILITY, INT64, "objects/keypoint_visibility", "COCO's visibility of each keypoint: 0 not labelled, 1 hidden, 2 visible", VARIABLE_LENGTH),
)
SEGMENTATION_FEATURE = Feature(SEGMENTATION, BYTES, "segmentation", "the class of every pixel: a PNG of the image's size (the source's mask)")


@dataclass(frozen=True)
class ObjectSchema:
    """Which object features the records of a plan hold.

    Attributes:
      boxes: boxes, classes, areas and flags (OBJECT_FEATURES).
      masks: one PNG mask per object (COCO polygons and RLE, VOC's SegmentationObject).
      keypoints: COCO keypoints.
      segmentation: a semantic segmentation PNG per image.
    """

    boxes: bool = False
    masks: bool = False
    keypoints: bool = False
    segmentation: bool = False

    @property
    def any(self) -> bool:
        """The records hold some of these features (the manifest then has an `objects` block)."""
        return self.boxes or self.masks or self.keypoints or self.segmentation

    @property
    def features(self) -> tuple[Feature, ...]:
        return (
            (OBJECT_FEATURES if self.boxes else ())
            + ((OBJECT_MASK_FEATURE,) if self.masks else ())
            + (KEYPOINT_FEATURES if self.keypoints else ())
            + ((SEGMENTATION_FEATURE,) if self.segmentation else ())
        )


TEXT_FEATURES: tuple[Feature, ...] = (
    Feature(TEXT, BYTES, "text", "UTF-8 text, byte-order mark removed"),
    Feature(TEXT_SOURCE, BYTES, "source", "text file relative to the source folder, or 'table.csv#row'"),
)

TEXT_PAIR_FEATURE = Feature(
    TEXT_PAIR, BYTES, "text_pair", "a sentence pair's second text (the first is 'text'); empty where a row has none"
)

ANSWER_FEATURES: tuple[Feature, ...] = (
    Feature(ANSWER_TEXT, BYTES, "answers/text", "each answer's text (question answering; none: unanswerable)", VARIABLE_LENGTH),
    Feature(ANSWER_START, INT64, "answers/start", "each answer's first character in text_pair, the context", VARIABLE_LENGTH),
)

# Output names the standard features use; a kept column with one of these names is renamed.
_RESERVED_OUTPUT_NAMES = frozenset(
    {f.output_name for f in IMAGE_FEATURES + ORIGINAL_IMAGE_FEATURES + TEXT_FEATURES + (TEXT_PAIR_FEATURE,) + ANSWER_FEATURES}
    | {"label", "label_text"}
)


def raw_pixels_bytes(height: int, width: int, channels: int) -> int:
    """The bytes `image/encoded` holds for an image stored as pixels (`RAW_PIXELS_FORMAT`).

    >>> raw_pixels_bytes(32, 32, 3)
    3072
    """
    return height * width * channels


def raw_pixels_problem(num_bytes: int, height: int, width: int, channels: int) -> str:
    """Why `num_bytes` of `image/encoded` cannot be raw pixels of height x width x channels (a
    record's own features say so), or "" when they can. Every reader asks before it reshapes.

    >>> raw_pixels_problem(3072, 32, 32, 3)
    ''
    >>> raw_pixels_problem(3000, 32, 32, 3)
    'image/encoded holds 3,000 bytes of raw pixels; its height, width and channels (32 x 32 x 3) give 3,072'
    """
    if height < 1 or width < 1 or channels not in RAW_PIXELS_CHANNELS:
        return f"raw pixels of {height} x {width} x {channels}: a height and width of at least 1, and 1 to 4 channels, are expected"
    expected = raw_pixels_bytes(height, width, channels)
    if num_bytes != expected:
        return (
            f"{IMAGE_ENCODED} holds {num_bytes:,} bytes of raw pixels; its height, width and channels "
            f"({height} x {width} x {channels}) give {expected:,}"
        )
    return ""


def label_keys(*, image: bool) -> tuple[str, str]:
    """(index key, name key) of the label features for records with or without an image."""
    return (LABEL, LABEL_TEXT) if image else (TEXT_LABEL, TEXT_LABEL_TEXT)


def column_key(name: str) -> str:
    return COLUMN_PREFIX + name


def _label_features(*, image: bool, labels: str) -> tuple[Feature, ...]:
    index_key, name_key = label_keys(image=image)
    if labels == LABEL_SINGLE:
        return (
            Feature(index_key, INT64, "label", "0-based index into the manifest's label list; -1 for an unlabelled record"),
            Feature(name_key, BYTES, "label_text", "the label's name; empty for an unlabelled record"),
        )
    return (
        Feature(index_key, INT64, "label", "every label's index into the manifest's labels", VARIABLE_LENGTH),
        Feature(name_key, BYTES, "label_text", "every label's name, in index order", VARIABLE_LENGTH),
    )


def record_schema(
    *,
    image: bool,
    text: bool,
    labels: str = LABEL_SINGLE,
    columns: Sequence[tuple[str, str]] = (),
    objects: ObjectSchema = ObjectSchema(),
    original: bool = False,
    text_pair: bool = False,
    answers: bool = False,
) -> tuple[Feature, ...]:
    """The features of one layout's records.

    Args:
      image: records hold an image.
      text: records hold a text (a text file, a table row's text or an image's caption).
      labels: LABEL_SINGLE, LABEL_MULTI or LABEL_NONE.
      columns: (column name, dtype) of extra table columns to keep.
      objects: which object features image records hold.
      original: image records also describe their source image (`--resize` and `--store-pixels`
        store others).
      text_pair: records hold a second text (TEXT_PAIR), a sentence pair's.
      answers: records hold a question's answers (ANSWER_FEATURES).
    """
    if labels not in (LABEL_NONE, LABEL_SINGLE, LABEL_MULTI):
        raise ValueError(f"labels={labels!r} must be one of none, single, multi")
    if not (image or text):
        raise ValueError("a record holds an image, a text or both")
    features = (IMAGE_FEATURES if image else ()) + (ORIGINAL_IMAGE_FEATURES if image and original else ())
    features += TEXT_FEATURES if text else ()
    features += (TEXT_PAIR_FEATURE,) if text and text_pair else ()
    features += ANSWER_FEATURES if text and answers else ()
    if labels != LABEL_NONE:
        features += _label_features(image=image, labels=labels)
    for name, dtype in columns:
        output_name = f"column_{name}" if name in _RESERVED_OUTPUT_NAMES else name
        features += (Feature(column_key(name), dtype, output_name, f"table column {name!r}"),)
    return features + (objects.features if image else ())


def feature_spec(features: Sequence[Feature]) -> dict[str, dict[str, object]]:
    """The manifest's description of `features`: every key with its dtype, shape and reader name."""
    return {
        f.key: {"dtype": f.dtype, "shape": list(f.shape), "output_name": f.output_name, "description": f.description}
        for f in features
    }


def encode_record(schema: Sequence[Feature], values: Mapping[str, Sequence]) -> bytes:
    """A serialized `tf.train.Example` with every feature of `schema`, from `values[key]` (a list).

    Raises:
      KeyError: `values` lacks a feature of the schema (a bug in the caller, not bad input).
      InvalidInputError: the record would be larger than TensorFlow can parse.
    """
    return RecordEncoder(schema)(values)


class RecordEncoder:
    """`encode_record` for one schema, prepared once: a writer encodes every record of its shards
    with it (see `example_proto.ExampleEncoder`)."""

    def __init__(self, schema: Sequence[Feature]) -> None:
        self._encode = example_proto.ExampleEncoder([(f.key, f.dtype) for f in schema]).encode

    def __call__(self, values: Mapping[str, Sequence]) -> bytes:
        """As `encode_record(schema, values)`, with the same errors."""
        record = self._encode(values)
        if len(record) > example_proto.MAX_EXAMPLE_BYTES:
            raise InvalidInputError(f"the record would hold {len(record):,} bytes, more than a tf.train.Example can (2 GiB)")
        return record
