"""A bounded sample of records read back from the shards, without TensorFlow.

`shardify inspect` shows image sizes, text lengths and sample images per label. Reading a whole
dataset for that would take as long as converting it, so each split is read from the start of its
shards, in order, only until every label of the split has `per_label` records (and at least
`min_records` were read for the size figures), and never past `max_records` records or
`max_bytes` bytes. Records are in a seeded global shuffle (see docs/output.md),
so the first records of a shard are a fair sample of all labels.

Only what is shown is kept: the image bytes and the text of each label's first `per_label`
records, and of records named in `keep_ids` (duplicates to show side by side); of every other
record read, only its size, length and labels.

Shards are untrusted: a shard that is missing, not a regular file, damaged, or holding records
that do not decode gives a note naming it, and the sample goes on with the next shard.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import BinaryIO

from shardify.errors import CorruptShardError, InvalidInputError
from shardify.format import contract, example_proto
from shardify.format.manifest_model import Manifest, SplitInfo
from shardify.format.tfrecord import iter_records
from shardify.inputs.files import open_local_input, size_of
from shardify.inputs.paths import join_path

__all__ = ["SampleLimits", "SampledRecord", "Sample", "read_sample", "NO_LABEL"]

# The group of records that carry no label (unlabelled layouts, multi-label records with none).
NO_LABEL = ""
# Texts are kept for display up to this many characters; their length is measured whole.
_TEXT_KEPT_CHARS = 600
# Notes about single records and shards, per split; past these the count is given.
_NAMED_RECORD_NOTES = 3


@dataclass(frozen=True)
class SampleLimits:
    """How much of each split is read.

    Attributes:
      per_label: records kept for display per label (thumbnails, texts).
      min_records: records read at least (when the split has them), for the size figures.
      max_records: records read at most per split.
      max_bytes: record bytes read at most per split (large images stop the sample early).
      max_total_bytes: record bytes read at most over all splits (a manifest may list many).
      keep_ids: (split, record id) of records whose image and text to keep wherever they turn up
        (the duplicates the report shows side by side).
    """

    per_label: int = 8
    min_records: int = 200
    max_records: int = 1_000
    max_bytes: int = 128 << 20
    max_total_bytes: int = 512 << 20
    keep_ids: frozenset[tuple[str, str]] = frozenset()

    def __post_init__(self) -> None:
        for name in ("per_label", "min_records", "max_records", "max_bytes", "max_total_bytes"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise ValueError(f"SampleLimits.{name}={value!r} must be a whole number >= 0")
        if self.min_records > self.max_records:
            raise ValueError(f"SampleLimits.min_records={self.min_records} exceeds max_records={self.max_records}")


@dataclass(frozen=True)
class SampledRecord:
    """One record read from a shard.

    Attributes:
      split, shard, index: where it is (shard file name, record index in it from 0).
      record_id: `image/filename` for images, else `text/source` (the id duplicates.jsonl uses);
        "" when the record has neither.
      labels: its label names (NO_LABEL alone for a record without labels).
      width, height: the image's size from its record (its header), or None without an image.
      channels: the image's channels from its record, or None (the shape of raw pixels).
      text_chars: length of its text in characters, or None without a text.
      image: the image bytes, kept only for records shown (else None).
      image_format: `image/format` ("jpeg", "png", ...), or "".
      text: the text, kept only for records shown, at most the first 600 characters (else None).
      boxes: a detection record's objects, kept only for records shown: (ymin, xmin, ymax, xmax,
        class name) each, the box normalised as stored.
    """

    split: str
    shard: str
    index: int
    record_id: str
    labels: tuple[str, ...]
    width: int | None = None
    height: int | None = None
    channels: int | None = None
    text_chars: int | None = None
    image: bytes | None = None
    image_format: str = ""
    text: str | None = None
    boxes: tuple[tuple[float, float, float, float, str], ...] = ()


@dataclass(frozen=True)
class Sample:
    """The records read, and how much reading they took.

    Attributes:
      records: every record read, in reading order (payloads only on those shown).
      shown: split -> label -> the records kept for display, at most `per_label` each.
      records_read, bytes_read, shards_opened: per split.
      notes: one line per problem (a shard that cannot be read, a record that does not decode,
        labels that got no record within the limits).
      limits: the limits it was read under.
    """

    records: tuple[SampledRecord, ...]
    shown: Mapping[str, Mapping[str, tuple[SampledRecord, ...]]]
    records_read: Mapping[str, int]
    bytes_read: Mapping[str, int]
    shards_opened: Mapping[str, int]
    notes: tuple[str, ...]
    limits: SampleLimits = SampleLimits()

    @property
    def total_records(self) -> int:
        return sum(self.records_read.values())

    @property
    def total_bytes(self) -> int:
        return sum(self.bytes_read.values())

    @property
    def total_shards(self) -> int:
        return sum(self.shards_opened.values())


class _BoundedFile:
    """A shard file whose reads never ask for more than what is left in it, so a damaged or crafted
    record length (up to 2**64) ends as a truncated record, not as one huge allocation."""

    def __init__(self, fileobj: BinaryIO) -> None:
        self._file = fileobj
        self._left = size_of(fileobj) or 0

    def read(self, size: int = -1) -> bytes:
        size = self._left if size < 0 else min(size, self._left)
        data = self._file.read(size)
        self._left -= len(data)
        return data


@dataclass
class _SplitReader:
    """Reads one split's sample; mutable only while reading."""

    manifest: Manifest
    split: SplitInfo
    limits: SampleLimits
    max_bytes: int
    records: list[SampledRecord] = field(default_factory=list)
    shown: dict[str, list[SampledRecord]] = field(default_factory=dict)
    bytes_read: int = 0
    shards_opened: int = 0
    notes: list[str] = field(default_factory=list)
    record_problems: int = 0
    shard_problems: int = 0

    def __post_init__(self) -> None:
        features = self.manifest.features
        self.has_image = contract.IMAGE_ENCODED in features
        self.has_text = contract.TEXT in features
        self.label_key = contract.label_keys(image=self.has_image)[0]
        self.labelled = self.label_key in features
        wanted = [label for label, count in self.split.label_counts.items() if count > 0]
        self.wanted = wanted if self.labelled else [NO_LABEL]

    def done(self) -> bool:
        read = len(self.records)
        if read >= self.limits.max_records or self.bytes_read >= self.max_bytes:
            return True
        if read < min(self.limits.min_records, self.split.num_records):
            return False
        return all(len(self.shown.get(label, ())) >= self.limits.per_label for label in self.wanted)

    def read(self) -> None:
        for shard in self.split.shards:
            if self.done():
                return
            with closing(self._records_of(shard.path)) as records:  # closes the shard on return
                for index, data in records:
                    self.bytes_read += len(data)
                    self._take(shard.path, index, data)
                    if self.done():
                        return

    def _records_of(self, name: str) -> Generator[tuple[int, bytes], None, None]:
        path = join_path(self.manifest.root, name)
        try:
            fileobj = open_local_input(path, real_root=os.path.realpath(self.manifest.root))
        except InvalidInputError as error:
            self._shard_problem(f"shard {name} not read: {error.reason}")
            return
        except OSError as error:
            self._shard_problem(f"shard {name} not read: {error.strerror or error}")
            return
        self.shards_opened += 1
        with fileobj:
            try:
                yield from enumerate(iter_records(_BoundedFile(fileobj), name))  # type: ignore[arg-type]
            except CorruptShardError as error:
                self._shard_problem(f"shard {error}; the sample skips the rest of it (run shardify verify)")

    def _shard_problem(self, message: str) -> None:
        self.shard_problems += 1
        if self.shard_problems <= _NAMED_RECORD_NOTES:
            self.notes.append(message)

    def _problem(self, message: str) -> None:
        self.record_problems += 1
        if self.record_problems <= _NAMED_RECORD_NOTES:
            self.notes.append(message)

    def _take(self, shard: str, index: int, data: bytes) -> None:
        where = f"{shard} record {index}"
        try:
            decoded = example_proto.decode_example(data)
        except (ValueError, UnicodeDecodeError) as error:
            self._problem(f"{where} is not a tf.train.Example ({error}); not sampled")
            return
        labels = self._labels(decoded, where)
        record_id = _text(decoded, contract.IMAGE_FILENAME if self.has_image else contract.TEXT_SOURCE)
        text = _text(decoded, contract.TEXT) if self.has_text else None
        show = any(len(self.shown.get(label, ())) < self.limits.per_label for label in labels)
        keep = show or (self.split.name, record_id) in self.limits.keep_ids
        image = _bytes(decoded, contract.IMAGE_ENCODED) if self.has_image else None
        if self.has_image and image is None:
            self._problem(f"{where} has no {contract.IMAGE_ENCODED}")
        record = SampledRecord(
            split=self.split.name,
            shard=shard,
            index=index,
            record_id=record_id or "",
            labels=labels,
            width=_int(decoded, contract.IMAGE_WIDTH) if self.has_image else None,
            height=_int(decoded, contract.IMAGE_HEIGHT) if self.has_image else None,
            channels=_int(decoded, contract.IMAGE_CHANNELS) if self.has_image else None,
            text_chars=len(text) if text is not None else None,
            image=image if keep else None,
            image_format=(_text(decoded, contract.IMAGE_FORMAT) or "") if self.has_image else "",
            text=text[:_TEXT_KEPT_CHARS] if keep and text is not None else None,
            boxes=_boxes(decoded) if keep and self.manifest.objects is not None else (),
        )
        self.records.append(record)
        if show:
            for label in labels:
                picks = self.shown.setdefault(label, [])
                if len(picks) < self.limits.per_label:
                    picks.append(record)

    def _labels(self, decoded: Mapping[str, tuple[str, list]], where: str) -> tuple[str, ...]:
        if not self.labelled:
            return (NO_LABEL,)
        _, indices = decoded.get(self.label_key, ("", []))
        names = []
        for value in indices:
            if isinstance(value, int) and 0 <= value < len(self.manifest.labels):
                names.append(self.manifest.labels[value])
            elif value == contract.UNLABELLED and self.split.num_unlabelled:
                continue  # an unlabelled record, as the split's manifest counts them (a test split's)
            else:
                self._problem(f"{where}: label {value!r} is not an index into the manifest's {len(self.manifest.labels)} labels")
        return tuple(names) or (NO_LABEL,)

    def finish(self) -> None:
        if self.shard_problems > _NAMED_RECORD_NOTES:
            self.notes.append(f"split {self.split.name}: {self.shard_problems - _NAMED_RECORD_NOTES} more shards not read whole")
        if self.record_problems > _NAMED_RECORD_NOTES:
            self.notes.append(f"split {self.split.name}: {self.record_problems - _NAMED_RECORD_NOTES} more records with problems")
        missing = [label for label in self.wanted if not self.shown.get(label)]
        if missing and self.labelled:
            shown = ", ".join(repr(label) for label in missing[:5]) + (", ..." if len(missing) > 5 else "")
            self.notes.append(
                f"split {self.split.name}: {len(missing)} labels have no record in the {len(self.records):,} "
                f"records sampled ({shown})"
            )


# A record shown draws at most this many boxes (a crowded COCO image has ~100).
_MAX_BOXES = 100


def _boxes(decoded: Mapping[str, tuple[str, list]]) -> tuple[tuple[float, float, float, float, str], ...]:
    """The record's boxes as (ymin, xmin, ymax, xmax, class name); values that are not finite
    numbers in [0, 1] (a shard is untrusted) leave their box out."""
    sides = [_values(decoded, key, example_proto.FLOAT) for key in (contract.OBJECT_YMIN, contract.OBJECT_XMIN, contract.OBJECT_YMAX, contract.OBJECT_XMAX)]
    names = [n.decode("utf-8", "replace") if isinstance(n, bytes) else "" for n in _values(decoded, contract.OBJECT_TEXT, example_proto.BYTES)]
    boxes = []
    for index, box in enumerate(zip(*sides)):
        if index >= _MAX_BOXES:
            break
        if all(isinstance(v, float) and 0.0 <= v <= 1.0 for v in box) and box[0] <= box[2] and box[1] <= box[3]:
            boxes.append((*box, names[index] if index < len(names) else ""))
    return tuple(boxes)


def _values(decoded: Mapping[str, tuple[str, list]], key: str, kind: str) -> list:
    found_kind, values = decoded.get(key, (kind, []))
    return values if found_kind == kind else []


def _bytes(decoded: Mapping[str, tuple[str, list]], key: str) -> bytes | None:
    values = _values(decoded, key, example_proto.BYTES)
    return values[0] if values else None


def _text(decoded: Mapping[str, tuple[str, list]], key: str) -> str | None:
    value = _bytes(decoded, key)
    return value.decode("utf-8", errors="replace") if value is not None else None


def _int(decoded: Mapping[str, tuple[str, list]], key: str) -> int | None:
    values = _values(decoded, key, example_proto.INT64)
    return values[0] if values else None


def read_sample(manifest: Manifest, limits: SampleLimits = SampleLimits(), *, splits: Sequence[str] | None = None) -> Sample:
    """Reads the sample of every split (or of `splits`) of a loaded manifest.

    Args:
      manifest: from `load_manifest`; its shard names are plain names inside its folder.
      limits: how much to read per split.
      splits: the splits to read, in this order; default: every split, largest first.

    Returns:
      The sample; problems are in its notes, never raised.
    """
    names = splits if splits is not None else sorted(manifest.splits, key=lambda s: (-manifest.splits[s].num_records, s))
    records: list[SampledRecord] = []
    shown: dict[str, dict[str, tuple[SampledRecord, ...]]] = {}
    read, nbytes, opened, notes = {}, {}, {}, []
    for position, name in enumerate(names):
        left = limits.max_total_bytes - sum(nbytes.values())
        if left <= 0:
            rest = names[position:]
            notes.append(f"{len(rest):,} splits not sampled ({', '.join(rest[:3])}{', ...' if len(rest) > 3 else ''}): "
                         f"the sample's budget of {limits.max_total_bytes >> 20} MiB is spent")
            break
        reader = _SplitReader(manifest, manifest.split(name), limits, min(limits.max_bytes, left))
        reader.read()
        reader.finish()
        records += reader.records
        shown[name] = {label: tuple(picks) for label, picks in reader.shown.items()}
        read[name], nbytes[name], opened[name] = len(reader.records), reader.bytes_read, reader.shards_opened
        notes += reader.notes
    return Sample(tuple(records), shown, read, nbytes, opened, tuple(notes), limits)
