"""Every file name shardify writes or recognises: one template, a formatter and a parser.

Shard files are `<split>-<index:05d>-of-<num_shards:05d>.tfrecord`; the shards an append adds (version
2 on) carry the version too, `<split>-v<version:05d>-<index:05d>-of-<num_shards:05d>.tfrecord`, with
their own count: a name never changes once written, and `-of-N` counts the shards of the batch that
wrote it, never the split's (which grows). Each version of an output is also kept as
`manifest-v<version:05d>.json`, with the inputs it added as `inputs-v<version:05d>.jsonl`. A shard is first written under a
temporary name (the final name plus `.incomplete-<token>`) and renamed when complete, so a file with
the final name is always whole and a killed run leaves only recognisable leftovers. The metadata
TensorFlow Datasets reads (`dataset_info.json`, `features.json`, `*.labels.txt`, see
`shardify/tfds_metadata.py`) is named here too.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from shardify.format.contract import LABEL_INDEX_KEYS, OBJECT_LABEL

__all__ = [
    "MANIFEST_FILENAME",
    "REJECTS_FILENAME",
    "REPAIRS_FILENAME",
    "DUPLICATES_FILENAME",
    "PLAN_FILENAME",
    "LOCK_FILENAME",
    "INSPECT_FILENAME",
    "LABEL_MAP_FILENAME",
    "SHARD_SUFFIX",
    "ShardName",
    "version_manifest_filename",
    "inputs_filename",
    "inputs_columns_filename",
    "parse_version_filename",
    "check_split_name",
    "shard_filename",
    "parse_shard_filename",
    "INDEX_SUFFIX",
    "index_filename",
    "gzip_index_filename",
    "is_shard_file",
    "is_gzip_index",
    "shard_result_filename",
    "is_shard_result",
    "probes_filename",
    "is_probes_file",
    "temp_filename",
    "final_filename",
    "is_temp_filename",
    "is_shardify_file",
    "TFDS_INFO_FILENAME",
    "TFDS_FEATURES_FILENAME",
    "TFDS_SHARD_TEMPLATE",
    "TFDS_FILE_FORMAT",
    "tfds_labels_filename",
    "TFDS_OBJECT_LABELS_FILENAME",
    "is_tfds_file",
    "is_metadata_file",
]

MANIFEST_FILENAME = "manifest.json"
REJECTS_FILENAME = "rejected.jsonl"
REPAIRS_FILENAME = "repaired.jsonl"
DUPLICATES_FILENAME = "duplicates.jsonl"
# The plan in numbers, written before the first shard; the CLI prints it and sizes its progress bar.
PLAN_FILENAME = "plan.json"
# Held by the run writing into the folder, removed when it ends (see beam_jobs/output_lock.py).
LOCK_FILENAME = "shardify.lock"
# `shardify inspect OUT --html OUT/inspect.html` writes its report here; naming it keeps a re-run's
# folder check from calling it foreign, and lets the re-run remove it with the manifest it described.
INSPECT_FILENAME = "inspect.html"
# The Object Detection API's label map of a detection dataset converted with --class-ids label-map.
LABEL_MAP_FILENAME = "label_map.pbtxt"
SHARD_SUFFIX = ".tfrecord"
# DALI's index files (its `tfrecord2idx` format), one per shard.
INDEX_SUFFIX = ".idx"
_RESULT_SUFFIX = ".result.json"
# Indexes of .tar.gz sources' gzip streams, kept in OUT while a run reads them, then removed.
GZIP_INDEX_SUFFIX = ".gzindex"
_GZIP_INDEX_RE = re.compile(r"^[0-9a-f]{16}" + re.escape(GZIP_INDEX_SUFFIX) + "$")
# Five digits, like TensorFlow Datasets and the ImageNet scripts: sorts correctly up to 99,999 shards.
_INDEX_DIGITS = 5
MAX_SHARDS = 10**_INDEX_DIGITS - 1
_TEMP_MARKER = ".incomplete-"

# TensorFlow Datasets' metadata, read by `tfds.builder_from_directory(OUT)`: its DatasetInfo proto
# as JSON (splits, shard lengths), its feature connectors, and one label-name file per class label.
TFDS_INFO_FILENAME = "dataset_info.json"
TFDS_FEATURES_FILENAME = "features.json"
_TFDS_LABELS_SUFFIX = ".labels.txt"
# Our shard names in tfds's file-name template language (`ShardedFileTemplate` in tfds's
# core/naming.py): SHARD_X_OF_Y is `<index>-of-<num_shards>` in 5 digits, as ours.
TFDS_SHARD_TEMPLATE = "{SPLIT}-{SHARD_X_OF_Y}.{FILEFORMAT}"
TFDS_FILE_FORMAT = SHARD_SUFFIX[1:]


# Every version of an output: its manifest and the inputs it added (see shardify/format/versions.py).
_VERSION_DIGITS = 5
MAX_VERSION = 10**_VERSION_DIGITS - 1
_VERSION_FILE_RE = re.compile(r"^(manifest|inputs)-v(\d{5})\.(json|jsonl|npz)$", re.ASCII)
# The suffix of each kind of version file: an inputs list's columns (`inputs_columns.py`) are
# kind "columns", beside the list itself.
_VERSION_SUFFIXES = {("manifest", "json"): "manifest", ("inputs", "jsonl"): "inputs", ("inputs", "npz"): "columns"}


def _check_version(version: int) -> int:
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= MAX_VERSION:
        raise ValueError(f"version {version!r} must be a whole number in 1..{MAX_VERSION}")
    return version


def version_manifest_filename(version: int) -> str:
    """`version_manifest_filename(3) == "manifest-v00003.json"`: version 3's manifest, never rewritten."""
    return f"manifest-v{_check_version(version):0{_VERSION_DIGITS}d}.json"


def inputs_filename(version: int) -> str:
    """`inputs_filename(3) == "inputs-v00003.jsonl"`: the inputs version 3 added (path, size, hashes)."""
    return f"inputs-v{_check_version(version):0{_VERSION_DIGITS}d}.jsonl"


def inputs_columns_filename(version: int) -> str:
    """`inputs_columns_filename(3) == "inputs-v00003.npz"`: version 3's inputs list as columns, for
    the next append to read without decoding a JSON line per input (see `inputs_columns`)."""
    return f"inputs-v{_check_version(version):0{_VERSION_DIGITS}d}.npz"


def parse_version_filename(name: str) -> tuple[str, int] | None:
    """("manifest", "inputs" or "columns", version) for a version file's name, else None.

    >>> parse_version_filename("inputs-v00002.jsonl"), parse_version_filename("inputs-v00002.npz")
    (('inputs', 2), ('columns', 2))
    """
    match = _VERSION_FILE_RE.match(name)
    kind = None if match is None else _VERSION_SUFFIXES.get((match[1], match[3]))
    if kind is None or int(match[2]) < 1:
        return None
    return kind, int(match[2])


def tfds_labels_filename(feature_key: str, parent: str = "") -> str:
    """The file tfds reads a class label's names from: the feature's key with `/` as `.`, after its
    parent's key (a nested feature's) and `-` (tfds's `convert_feature_name_to_filename`), e.g.
    `image/class/label` -> `image.class.label.labels.txt`, `class/label` in `image/object` ->
    `image.object-class.label.labels.txt`."""
    name = feature_key.replace("/", ".")
    return (f"{parent.replace('/', '.')}-{name}" if parent else name) + _TFDS_LABELS_SUFFIX


# A detection output's object classes: `class/label` inside the `image/object` sequence.
TFDS_OBJECT_LABELS_FILENAME = tfds_labels_filename(OBJECT_LABEL[len("image/object/") :], parent="image/object")
_TFDS_FILENAMES = frozenset(
    {
        TFDS_INFO_FILENAME,
        TFDS_FEATURES_FILENAME,
        TFDS_OBJECT_LABELS_FILENAME,
        *(tfds_labels_filename(key) for key in LABEL_INDEX_KEYS),
    }
)
# Files of the run itself, each written whole under a temporary name first.
_RUN_FILENAMES = (
    frozenset(
        {MANIFEST_FILENAME, REJECTS_FILENAME, REPAIRS_FILENAME, DUPLICATES_FILENAME, PLAN_FILENAME, INSPECT_FILENAME, LABEL_MAP_FILENAME}
    )
    | _TFDS_FILENAMES
)


def is_tfds_file(name: str) -> bool:
    """True for every name of tfds metadata that shardify may write."""
    return name in _TFDS_FILENAMES


def is_metadata_file(name: str) -> bool:
    """True for every name of other tools' metadata that shardify may write (tfds's, the label map)."""
    return name in _TFDS_FILENAMES or name == LABEL_MAP_FILENAME


_SPLIT_NAME = r"[A-Za-z0-9_]+"
_SHARD_RE = re.compile(
    rf"^(?P<split>{_SPLIT_NAME})(?:-v(?P<version>\d{{{_VERSION_DIGITS}}}))?-(?P<index>\d{{{_INDEX_DIGITS}}})-of-(?P<num_shards>\d{{{_INDEX_DIGITS}}})"
    + re.escape(SHARD_SUFFIX)
    + "$",
    re.ASCII,
)
_SPLIT_RE = re.compile(rf"^{_SPLIT_NAME}$")


def check_split_name(name: str) -> str:
    """`name` if it can be a split's name in shard file names, else ValueError saying why."""
    if not _SPLIT_RE.match(name):
        raise ValueError(f"split name {name!r} must be letters, digits or '_' (it names the shard files)")
    return name


@dataclass(frozen=True)
class ShardName:
    """The parts of a shard file name.

    Attributes:
      split: split name, e.g. "train".
      index: 0-based shard index within the split.
      num_shards: number of shards in the split (from version 2 on: in the batch that version added).
      version: the output's version that wrote the shard; 1 (the conversion) has no version in its name.
    """

    split: str
    index: int
    num_shards: int
    version: int = 1

    def __post_init__(self) -> None:
        check_split_name(self.split)
        _check_version(self.version)
        if not 1 <= self.num_shards <= MAX_SHARDS:
            raise ValueError(f"num_shards={self.num_shards} must be in 1..{MAX_SHARDS}")
        if not 0 <= self.index < self.num_shards:
            raise ValueError(f"shard index {self.index} is outside 0..{self.num_shards - 1}")

    @property
    def filename(self) -> str:
        version = f"-v{self.version:0{_VERSION_DIGITS}d}" if self.version > 1 else ""
        return (
            f"{self.split}{version}-{self.index:0{_INDEX_DIGITS}d}-of-{self.num_shards:0{_INDEX_DIGITS}d}"
            f"{SHARD_SUFFIX}"
        )


def shard_filename(split: str, index: int, num_shards: int, version: int = 1) -> str:
    """`shard_filename("train", 3, 64) == "train-00003-of-00064.tfrecord"`;
    `shard_filename("train", 0, 2, version=3) == "train-v00003-00000-of-00002.tfrecord"`."""
    return ShardName(split, index, num_shards, version).filename


def parse_shard_filename(name: str) -> ShardName | None:
    """The parts of a final shard name, or None for any other name (temporary files included,
    and names of the right shape that no shard can have, such as `train-00005-of-00002.tfrecord`)."""
    match = _SHARD_RE.match(name)
    if match is None:
        return None
    try:
        version = int(match["version"]) if match["version"] else 1
        if match["version"] and version < 2:  # version 1's shards carry no version: one name per shard
            return None
        return ShardName(match["split"], int(match["index"]), int(match["num_shards"]), version)
    except ValueError:
        return None


def index_filename(shard_name: str) -> str:
    """The shard's DALI index (one `offset size` line per record), written beside it:
    `index_filename("train-00003-of-00064.tfrecord") == "train-00003-of-00064.idx"`."""
    return shard_name[: -len(SHARD_SUFFIX)] + INDEX_SUFFIX


def gzip_index_filename(archive: str) -> str:
    """The name of the index of the .tar.gz at `archive` (relative to SRC): a hash of that path."""
    return hashlib.sha256(archive.encode("utf-8")).hexdigest()[:16] + GZIP_INDEX_SUFFIX


def is_gzip_index(name: str) -> bool:
    return _GZIP_INDEX_RE.match(name) is not None


def is_shard_file(name: str) -> bool:
    """True for a final shard name or its index's: the files a manifest lists per shard."""
    if name.endswith(INDEX_SUFFIX):
        name = name[: -len(INDEX_SUFFIX)] + SHARD_SUFFIX
    return parse_shard_filename(name) is not None


def shard_result_filename(shard_name: str) -> str:
    """What writing a shard produced, kept beside it until the manifest is written, so that a
    re-run after an interruption can keep the shard (see beam_jobs/resume.py):
    `shard_result_filename("train-00003-of-00064.tfrecord") == "train-00003-of-00064.result.json"`."""
    return shard_name[: -len(SHARD_SUFFIX)] + _RESULT_SUFFIX


def is_shard_result(name: str) -> bool:
    return name.endswith(_RESULT_SUFFIX) and parse_shard_filename(name[: -len(_RESULT_SUFFIX)] + SHARD_SUFFIX) is not None


# What a conversion learned about its inputs (listing stamps and header probes), kept in OUT so that
# a re-run probes only what is new or changed: `probes-<16 hex digits of its content's sha256>.npz`
# (see beam_jobs/discover/recall.py).
_PROBES_RE = re.compile(r"^probes-[0-9a-f]{16}\.npz$")


def probes_filename(content: bytes) -> str:
    """`probes-<16 hex>.npz`, named by its bytes: the same probes make the same name."""
    return f"probes-{hashlib.sha256(content).hexdigest()[:16]}.npz"


def is_probes_file(name: str) -> bool:
    return _PROBES_RE.match(name) is not None


def temp_filename(final_name: str, token: str) -> str:
    """The name a shard is written under until it is complete; `token` keeps retries apart."""
    return f"{final_name}{_TEMP_MARKER}{token}"


def final_filename(name: str) -> str:
    """The name a temporary file will be renamed to; other names are returned unchanged."""
    return name.partition(_TEMP_MARKER)[0]


def is_temp_filename(name: str) -> bool:
    final = final_filename(name)
    return final != name and (
        is_shard_file(final)
        or is_shard_result(final)
        or is_probes_file(final)
        or parse_version_filename(final) is not None
        or final in _RUN_FILENAMES
        or final == LOCK_FILENAME
        or is_gzip_index(final)
    )


def is_shardify_file(name: str) -> bool:
    """True for every name shardify writes into an output folder (and so may replace)."""
    return (
        name in _RUN_FILENAMES
        or name == LOCK_FILENAME
        or is_shard_file(name)
        or is_shard_result(name)
        or is_probes_file(name)
        or is_gzip_index(name)
        or parse_version_filename(name) is not None
        or is_temp_filename(name)
    )
