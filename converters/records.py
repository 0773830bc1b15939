"""One record from one Entry: read its bytes, check them, and build the `tf.train.Example`.

The writer calls `RecordBuilder.build` for every entry of its shard; the feature values follow the
plan's schema (see `contract.record_schema`). An input stored other than as found (an image
re-encoded so TensorFlow decodes it right) comes back with its `Repair`. A table row's cells come
from `table_rows.TableRows`, which keeps the shard's tables open and fetches their rows; this
module turns them, like a file's bytes or an array's element, into the record's features.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Sequence
from typing import Any, BinaryIO, NamedTuple

from shardify.converters import arrays, attribute_rows, hdf5_arrays, images, json_records, masks, no_label_values, pixel_rows, raw_arrays, raw_pixels, texts
from shardify.converters.columns import TableOptions
from shardify.converters.kept_values import convert_value
from shardify.converters.one_hot import multi_hot_labels
from shardify.converters.object_values import object_values
from shardify.converters.resize import Resize, resize_mask_png, target_size
from shardify.converters.table_rows import OpenInput, TableRows, is_table
from shardify.errors import InvalidInputError
from shardify.format import contract
from shardify.inputs.files import read_exactly
from shardify.plan.defaults import DEFAULT_VALIDATE
from shardify.plan.entries import ARRAY, IMAGE, ROW, Entry, Repair, row_id
from shardify.plan.raw_declared import RawArrays, declared_format
from shardify.plan.raw_formats import raw_format_of
from shardify.plan.shard_plans import PlanSummary
from shardify.plan.text_joins import TextJoin

__all__ = ["RecordBuilder", "BuiltRecord"]

# Label sets whose features a RecordBuilder keeps (a multi-label dataset can have many).
MAX_LABEL_SETS = 4096


def _labels_of_kept_objects(entry: Entry, kept: tuple[str, ...]) -> Entry:
    """A detection image labelled by its objects' classes, labelled by the classes of the objects
    stored: a box dropped as degenerate or outside the image (`repaired.jsonl` names it) takes
    its class off the image's labels, which once named a class none of its objects showed."""
    if not entry.objects or set(entry.labels) != {obj.label for obj in entry.objects}:
        return entry  # labels from elsewhere (folders, a label file): not the objects' to change
    labels = tuple(sorted(set(kept)))
    if labels == tuple(sorted(set(entry.labels))):
        return entry
    return dataclasses.replace(entry, labels=labels, unlabelled=not labels)


class BuiltRecord(NamedTuple):
    """One record as the writer stores it.

    Attributes:
      data: the serialized `tf.train.Example`.
      repair: how the input was stored other than as found, or None.
      content_sha256: hex sha256 of the record's payload (the stored image, else the text), which
        finds exact duplicates across the dataset.
      labels: the record's label names.
      objects: the class name of each object the record holds.
      input_sha256: hex sha256 of the input file's bytes as read (which an append compares with
        the file later), or the content's where the input is not a file of its own (rows, arrays).
      resized: `--resize` stored the image shrunk.
      unlabelled: the record was written without a label (its entry's, or every object that
        labelled it dropped: `_labels_of_kept_objects`).
      mtime_ns: the input file's modification time, from the file as it was read (None where the
        record was not read from a file of its own: rows, arrays, archive members).
    """

    data: bytes
    repair: Repair | None
    content_sha256: str
    labels: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    input_sha256: str = ""
    resized: bool = False
    unlabelled: bool = False
    mtime_ns: int | None = None


def _hashed_as_read(values: dict[str, list], data: bytes) -> bool:
    """`_content_sha256(values)` is the hash of `data` itself: a text record whose text is the
    file's bytes unchanged (no image, no second text)."""
    if contract.IMAGE_SHA256 in values or values.get(contract.TEXT_PAIR, [b""])[0]:
        return False
    return values[contract.TEXT][0] == data


def _mtime_ns(fileobj: BinaryIO) -> int | None:
    """The modification time of the open file, from its descriptor (no second lookup of its path);
    None where it has none (a remote file)."""
    try:
        return os.fstat(fileobj.fileno()).st_mtime_ns
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both an OSError and a ValueError
        return None


def _content_sha256(values: dict[str, list]) -> str:
    if contract.IMAGE_SHA256 in values:  # already computed for image/key/sha256
        return values[contract.IMAGE_SHA256][0].decode()
    if values.get(contract.TEXT_PAIR, [b""])[0]:  # a pair is a duplicate only of the same pair
        return hashlib.sha256(values[contract.TEXT][0] + b"\x00" + values[contract.TEXT_PAIR][0]).hexdigest()
    if not values[contract.TEXT][0]:  # a row of attributes (`--text-column none`): the same kept values, not the empty text
        prefix = contract.column_key("")
        kept = sorted((key, repr(value)) for key, value in values.items() if key.startswith(prefix))
        if kept:
            return hashlib.sha256(repr(kept).encode("utf-8")).hexdigest()
    return hashlib.sha256(values[contract.TEXT][0]).hexdigest()


class RecordBuilder:
    """Builds the records of one conversion; `close()` it when done (tables stay open between rows).

    Args:
      summary: the plan: schema, label vocabulary and kept columns.
      open_input: opens a source file by its relative path.
      table_options: how the tables' columns were named.
      encoding: of text files.
      labels_file: the label file's name, for captions' `text/source`; or ((split, file), ...) where a
        file per split gives them (COCO caption files per split).
      validate: how images are checked (see `defaults.VALIDATION_LEVELS`).
      apply_orientation: store images upright by their EXIF orientation.
      drop_outside: a detection dataset's box that leaves its image drops its object (else it is
        clipped to the image).
      resize: shrink images larger than it asks (masks with them; see `converters.resize`).
      store_pixels: which images are stored as their pixels (see `converters.raw_pixels`).
      raw_arrays: raw formats a layout file declares (`plan.raw_declared`), before the known ones.
      line_files: files whose rows are lines of text (`converters.line_files`), not a table's.
      labelled_by_lines: tables whose rows another file's lines label (`SourceLayout.row_labels`):
        no column of theirs is their label.
      text_joins: tables whose rows take a texts table's text by key (`SourceLayout.text_joins`).
    """

    def __init__(
        self,
        summary: PlanSummary,
        open_input: OpenInput,
        *,
        table_options: TableOptions = TableOptions(),
        encoding: str = texts.DEFAULT_ENCODING,
        labels_file: str | tuple[tuple[str, str], ...] = "",
        validate: str = DEFAULT_VALIDATE,
        apply_orientation: bool = False,
        drop_outside: bool = False,
        resize: Resize | None = None,
        store_pixels: raw_pixels.StorePixels = raw_pixels.StorePixels(),
        raw_arrays: tuple[RawArrays, ...] = (),
        line_files: tuple[str, ...] = (),
        labelled_by_lines: tuple[str, ...] = (),
        text_joins: tuple[TextJoin, ...] = (),
        masks_indexed: bool = False,
    ) -> None:
        self._masks_indexed = masks_indexed  # SourceLayout.masks_indexed (`masks.mask_png`'s `indexed`)
        self._schema = summary.schema
        self._encode = contract.RecordEncoder(summary.schema)
        # a segmentation dataset's image without a mask (a split the source gives none): the schema less the mask
        self._encode_unmasked = contract.RecordEncoder([f for f in summary.schema if f.key != contract.SEGMENTATION])
        self._objects = summary.objects
        self._class_ids = summary.class_ids
        self._num_keypoints = summary.num_keypoints
        self._drop_outside = drop_outside
        self._open = open_input
        self._table_options = table_options
        self._encoding = encoding
        self._labels_file = labels_file
        self._validate = validate
        self._apply_orientation = apply_orientation
        self._resize = resize
        self._store_pixels = store_pixels
        self._raw_arrays = raw_arrays
        self._captions = summary.captions
        self._labels = summary.labels
        self._label_index = {name: index for index, name in enumerate(summary.labels)}
        self._label_mode = summary.label_mode
        self._columns = summary.columns
        self._text_pair = summary.text_pair
        self._answers = summary.answers
        self._aliases = summary.label_aliases
        self._rows = TableRows(open_input, table_options, frozenset(line_files), frozenset(labelled_by_lines), text_joins)  # tables' rows, kept open between rows
        self._arrays: dict[tuple[str, str], Any] = {}  # array files' images, read for this shard
        # An entry's label features and names by (labels, image, unlabelled): a shard's records
        # share a few label sets, each looked up once (see `_labels_of`).
        self._label_sets: dict[tuple[tuple[str, ...], bool, bool], tuple[dict[str, list], tuple[str, ...]]] = {}

    def prepare(self, entries: Sequence[Entry]) -> None:
        """Fetches the Parquet and question-answering JSON rows among `entries` ahead of `build`
        (see `TableRows.prepare`)."""
        self._rows.prepare(entries)

    def close(self) -> None:
        """Closes the tables kept open between rows, the fetched rows' temporary file and the array files."""
        self._rows.close()
        for value in self._arrays.values():
            if isinstance(value, hdf5_arrays.Hdf5Images):
                value.close()
        self._arrays.clear()

    def build(self, entry: Entry, *, number: int) -> BuiltRecord:
        """The serialized record, how the input was repaired, and its content's hash.

        Args:
          entry: the input.
          number: the record's number in the whole output (`planning.first_record_number` plus its
            position in the shard); image records store it as `image/source_id`.

        Raises:
          InvalidInputError: the input cannot become a record (the reason goes to the rejects).
          OSError: the input cannot be read.
        """
        repair, objects, data, resized, mtime_ns = None, (), None, False, None
        if entry.kind == ROW:
            values = self._row_values(entry)
        elif entry.kind == ARRAY:
            values, resized = self._array_values(entry, number)
        else:
            data, mtime_ns = self._read_whole(entry)
            if entry.kind == IMAGE:
                values, repair, objects, resized = self._image_values(entry, data, number)
                entry = _labels_of_kept_objects(entry, objects)
            else:
                values, repair = self._text_values(entry, data)
        labels: tuple[str, ...] = ()
        if self._label_mode != contract.LABEL_NONE:
            label_values, labels = self._labels_of(entry)
            values.update(label_values)
        content = _content_sha256(values)
        stored_as_read = data is not None and values.get(contract.IMAGE_ENCODED, [None])[0] is data
        if data is None or stored_as_read:
            input_sha256 = content
        elif contract.IMAGE_ORIGINAL_SHA256 in values:  # the file's, computed when it was re-encoded
            input_sha256 = values[contract.IMAGE_ORIGINAL_SHA256][0].decode()
        elif _hashed_as_read(values, data):  # a text stored as read: the same hash, one string for both
            input_sha256 = content
        else:
            input_sha256 = hashlib.sha256(data).hexdigest()
        unmasked = self._objects.segmentation and contract.SEGMENTATION not in values
        record = (self._encode_unmasked if unmasked else self._encode)(values)
        return BuiltRecord(record, repair, content, labels, objects, input_sha256, resized, entry.unlabelled, mtime_ns)

    def _read_whole(self, entry: Entry) -> tuple[bytes, int | None]:
        """(the input file's bytes, its modification time in ns or None): through the opener's
        `read_whole` where it has one (`open_inputs.InputOpener`: half the system calls for a local
        file), else opened and read here."""
        read_whole = getattr(self._open, "read_whole", None)
        if read_whole is not None:
            return read_whole(entry.relpath, entry.size_bytes, entry.location)
        with self._open(entry.relpath, entry.location) as fileobj:
            return read_exactly(fileobj, entry.size_bytes), _mtime_ns(fileobj) if entry.location is None else None

    def _mask(self, entry: Entry, height: int, width: int, stored: tuple[int, int] | None = None) -> bytes:
        """The image's segmentation mask as the record stores it (`masks.mask_png`: a PNG of class
        indices), scaled by nearest neighbour to `stored` (height, width), where the image was
        stored shrunk from `height` x `width`.

        Raises:
          InvalidInputError: the mask cannot be read as classes, or is not the image's size.
        """
        with self._open(entry.mask_file, None) as fileobj:
            data = read_exactly(fileobj, entry.mask_bytes)
        png = masks.mask_png(data, entry.mask_file, width, height, indexed=self._masks_indexed)
        return resize_mask_png(png, (stored[1], stored[0])) if stored else png

    def _image_values(
        self, entry: Entry, data: bytes, number: int
    ) -> tuple[dict[str, list], Repair | None, tuple[str, ...], bool]:
        """The image's features (and its objects', and its caption's), how it was repaired, the
        class of each object stored, and whether it was stored shrunk. Boxes and keypoints are
        normalised by the size they were annotated on; masks are made at it, then scaled."""
        probed = images.ImageInfo(entry.image_format, entry.height, entry.width, entry.channels)
        stored = images.store_image(
            data,
            probed=probed,
            filename=entry.relpath,
            validate=self._validate,
            apply_orientation=self._apply_orientation,
            resize=self._resize,
        )
        if self._store_pixels.wants(stored.info.width, stored.info.height):
            stored = raw_pixels.pixels_of_stored(stored) or stored
        values = images.image_values(stored, filename=entry.relpath, source_id=entry.source_id or str(number))
        repairs = [stored.repair] if stored.repair else []
        objects: tuple[str, ...] = ()
        stored_size = (stored.info.height, stored.info.width)
        height, width = stored.scaled_from or stored_size
        if self._objects.boxes:
            found = object_values(
                entry.objects,
                height=height,
                width=width,
                schema=self._objects,
                class_ids=self._class_ids,
                num_keypoints=self._num_keypoints,
                drop_outside=self._drop_outside,
                mask_size=stored_size if stored.scaled_from else None,
            )
            values.update(found.values)
            repairs += found.repairs
            objects = found.labels
        if self._objects.segmentation and entry.mask_file:  # none: a split the source gives no masks (LoveDA's Test/)
            values[contract.SEGMENTATION] = [self._mask(entry, height, width, stored_size if stored.scaled_from else None)]
        repair = Repair(entry.relpath, "; ".join(repairs), stored.reencoded) if repairs else None
        resized = stored.scaled_from is not None
        if not self._captions:
            return values, repair, objects, resized
        if entry.caption_file:
            with self._open(entry.caption_file, entry.caption_location) as fileobj:
                caption = texts.decode_text(read_exactly(fileobj, entry.caption_bytes), self._encoding)
            values.update(self._text(caption, entry.caption_file))
        else:
            source = dict(self._labels_file).get(entry.split, "") if isinstance(self._labels_file, tuple) else self._labels_file
            values.update(self._text(entry.caption_text, row_id(entry.caption_source or source, entry.row)))
        return values, repair, objects, resized

    def _array_values(self, entry: Entry, number: int) -> tuple[dict[str, list], bool]:
        """An array element's image features: its pixels as they are where `--store-pixels` asks,
        else a PNG of them (shrunk where `--resize` asks), and whether it was shrunk. Each array file is read once per shard, when its first element
        is written (see `arrays.MAX_ARRAY_FILE_BYTES`)."""
        raw = declared_format(self._raw_arrays, entry.relpath) or raw_format_of(entry.relpath)
        if is_table(entry.relpath):  # a table's row, an image written out as numbers
            cells = self._rows.cells(entry)
            element = pixel_rows.image_of(cells, self._rows.pixel_columns(entry.relpath))
        elif raw is not None:  # headerless records: this one alone is read (raw_arrays.read_image)
            with self._open(entry.relpath, entry.location) as fileobj:
                element = raw_arrays.read_image(fileobj, raw, entry.row)
        elif arrays.array_kind(entry.relpath) == arrays.HDF5:  # kept open, read a block at a time
            key = (entry.relpath, entry.part)
            reader = self._arrays.get(key)
            if reader is None:
                reader = self._arrays[key] = hdf5_arrays.Hdf5Images(self._open(entry.relpath, entry.location), entry.part)
            if entry.row >= len(reader):
                raise InvalidInputError(f"the array changed since it was listed (no element {entry.row})")
            element = reader[entry.row]
        else:
            key = (entry.relpath, entry.part)
            pixels = self._arrays.get(key)
            if pixels is None:
                found = arrays.ArrayFile(arrays.array_kind(entry.relpath) or "", "", part=entry.part)
                with self._open(entry.relpath, entry.location) as fileobj:
                    pixels = self._arrays[key] = arrays.read_images(fileobj, entry.relpath, found)
            if entry.row >= len(pixels):
                raise InvalidInputError(f"the array changed since it was listed (no element {entry.row})")
            element = pixels[entry.row]
        shrink = self._resize and target_size(entry.width, entry.height, self._resize)
        if self._store_pixels.wants(entry.width, entry.height) and not shrink:  # the element's own values, no PNG
            pixels, height, width, channels = raw_pixels.pixels_of_array(element)
            stored = images.StoredImage(pixels, images.ImageInfo(contract.RAW_PIXELS_FORMAT, height, width, channels))
        else:
            data = arrays.png_of(element)
            stored = images.StoredImage(data, images.probe_bytes(data))
        if (stored.info.height, stored.info.width, stored.info.channels) != (entry.height, entry.width, entry.channels):
            raise InvalidInputError("the array changed since it was listed (its shape differs)")
        if shrink:
            stored = images.store_image(data, probed=stored.info, filename=entry.record_id, validate="header", resize=self._resize)
            if self._store_pixels.wants(stored.info.width, stored.info.height):
                stored = raw_pixels.pixels_of_stored(stored) or stored
        return images.image_values(stored, filename=entry.record_id, source_id=str(number)), stored.scaled_from is not None

    def _text_values(self, entry: Entry, data: bytes) -> tuple[dict[str, list], Repair | None]:
        text, read_as = texts.decode_text_file(data, self._encoding)
        if not text.strip():
            raise InvalidInputError("empty text")
        return self._text(text, entry.relpath), Repair(entry.relpath, read_as, reencoded=False) if read_as else None

    def _row_values(self, entry: Entry) -> dict[str, list]:
        cells = self._rows.cells(entry)
        columns = self._rows.columns_for(entry.relpath, cells)
        text = columns.text_of(cells)
        if (text is None or not text.strip()) and not columns.attributes:  # (`--text-column none`: an empty text)
            raise InvalidInputError(f"empty or non-text {' + '.join(map(repr, columns.texts))} cell")
        if columns.classes and multi_hot_labels(cells, columns.classes) != entry.labels:
            raise InvalidInputError("table changed since it was scanned (the row's labels differ)")
        if columns.label:  # the record's label must be its own row's, as it reads now
            labels = columns.labels_of(cells.get(columns.label), self._table_options.label_separator)
            said_none = self._table_options.unlabelled_values  # (`--unlabelled-value`: read as discovery read it)
            labels = tuple(label for label in labels if not no_label_values.is_unlabelled(label, said_none))
            if labels != entry.labels:
                raise InvalidInputError("table changed since it was scanned (the row's label differs)")
        # (a JSON document read as one record, `--json-records .`: known by its path, as a text file is)
        whole = self._table_options.json_records == json_records.DOCUMENT
        values = self._text(text or "", entry.relpath if whole else row_id(entry.relpath, entry.row))
        if self._text_pair:
            pair = columns.pair_of(cells) if columns.pair else ""
            if pair is None or (columns.pair and not pair.strip() and not columns.pair_optional):
                raise InvalidInputError(f"empty or non-text {columns.pair!r} cell (the second text of a pair)")
            values[contract.TEXT_PAIR] = [pair.encode("utf-8")]
        if self._answers:
            texts, starts = (cells.get(c, []) for c in columns.answers) if columns.answers else ([], [])
            values[contract.ANSWER_TEXT] = [str(text).encode("utf-8") for text in texts]  # type: ignore[union-attr]
            values[contract.ANSWER_START] = list(starts)  # type: ignore[arg-type]
        convert = attribute_rows.attribute_value if columns.attributes else convert_value  # (a missing number NaN)
        for name, dtype in self._columns:
            value = cells.get(name)
            try:
                values[contract.column_key(name)] = [convert(value, dtype)]
            except (TypeError, ValueError):
                raise InvalidInputError(f"column {name!r} holds {value!r}, not {dtype}") from None
        return values

    @staticmethod
    def _text(text: str, source: str) -> dict[str, list]:
        return {contract.TEXT: [text.encode("utf-8")], contract.TEXT_SOURCE: [source.encode("utf-8")]}

    def label_names(self, entry: Entry) -> tuple[str, ...]:
        """The entry's labels by name: as found, or numbers mapped through `--label-names`.

        Raises:
          InvalidInputError: a number beyond the label names.
        """
        names = tuple(dict.fromkeys(self._aliases.get(label, label) for label in entry.labels))  # (two spellings, one class)
        unknown = [label for label in names if label not in self._label_index]
        if unknown:
            raise InvalidInputError(f"label {unknown[0]!r} is not in --label-names ({len(self._labels)} names)")
        return names

    def _labels_of(self, entry: Entry) -> tuple[dict[str, list], tuple[str, ...]]:
        """(`_label_values(entry)`, `label_names(entry)`), kept for each label set seen: the same
        labels give the same features (the lists are shared between records, never changed)."""
        key = (entry.labels, entry.kind in (IMAGE, ARRAY), entry.unlabelled)
        found = self._label_sets.get(key)
        if found is None:
            found = (self._label_values(entry), self.label_names(entry))  # raises for labels it refuses, each time
            if len(self._label_sets) < MAX_LABEL_SETS:
                self._label_sets[key] = found
        return found

    def _label_values(self, entry: Entry) -> dict[str, list]:
        index_key, name_key = contract.label_keys(image=entry.kind in (IMAGE, ARRAY))
        indices = sorted(self._label_index[name] for name in self.label_names(entry))
        if self._label_mode == contract.LABEL_SINGLE and entry.unlabelled:
            return {index_key: [contract.UNLABELLED], name_key: [b""]}
        if self._label_mode == contract.LABEL_SINGLE and len(indices) != 1:
            raise InvalidInputError(f"{len(indices)} labels in single-label data")
        return {index_key: indices, name_key: [self._labels[i].encode("utf-8") for i in indices]}
