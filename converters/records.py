"""One record from one Entry: read its bytes, check them, and build the `tf.train.Example`.

The writer calls `RecordBuilder.build` for every entry of its shard; the feature values follow the
plan's schema (see `contract.record_schema`). An input stored other than as found (an image
re-encoded so TensorFlow decodes it right) comes back with its `Repair`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import BinaryIO

from shardify import contract
from shardify.converters import images, tables, texts
from shardify.defaults import DEFAULT_VALIDATE
from shardify.entries import IMAGE, ROW, Entry, PlanSummary, Repair, row_id
from shardify.errors import InvalidInputError
from shardify.input_files import read_exactly

__all__ = ["RecordBuilder"]

OpenInput = Callable[[str], BinaryIO]
# Tables kept open at once while writing a shard's rows (rows of a table are spread over shards
# in hash order, so each shard revisits every table many times).
MAX_OPEN_TABLES = 64


class RecordBuilder:
    """Builds the records of one conversion; `close()` it when done (tables stay open between rows).

    Args:
      summary: the plan: schema, label vocabulary and kept columns.
      open_input: opens a source file by its relative path.
      table_options: how the tables' columns were named.
      encoding: of text files.
      labels_file: the label file's name, for captions' `text/source`.
      validate: how images are checked (see `defaults.VALIDATION_LEVELS`).
      apply_orientation: store images upright by their EXIF orientation.
    """

    def __init__(
        self,
        summary: PlanSummary,
        open_input: OpenInput,
        *,
        table_options: tables.TableOptions = tables.TableOptions(),
        encoding: str = texts.DEFAULT_ENCODING,
        labels_file: str = "",
        validate: str = DEFAULT_VALIDATE,
        apply_orientation: bool = False,
    ) -> None:
        self._schema = summary.schema
        self._open = open_input
        self._table_options = table_options
        self._encoding = encoding
        self._labels_file = labels_file
        self._validate = validate
        self._apply_orientation = apply_orientation
        self._captions = summary.captions
        self._labels = summary.labels
        self._label_index = {name: index for index, name in enumerate(summary.labels)}
        self._label_mode = summary.label_mode
        self._columns = summary.columns
        self._headers: dict[str, list[str]] = {}
        self._tables: dict[str, BinaryIO] = {}  # open tables, read row by row
        self._resolved: dict[tuple[str, ...], tables.TableColumns] = {}

    def close(self) -> None:
        """Closes the tables kept open between rows."""
        for table in self._tables.values():
            table.close()
        self._tables.clear()

    def build(self, entry: Entry, *, number: int) -> tuple[bytes, Repair | None]:
        """The serialized record, and how the input was repaired (None: stored as found).

        Args:
          entry: the input.
          number: the record's number in the whole output (`planning.first_record_number` plus its
            position in the shard); image records store it as `image/source_id`.

        Raises:
          InvalidInputError: the input cannot become a record (the reason goes to the rejects).
          OSError: the input cannot be read.
        """
        repair = None
        if entry.kind == ROW:
            values = self._row_values(entry)
        else:
            with self._open(entry.relpath) as fileobj:
                data = read_exactly(fileobj, entry.size_bytes)
            if entry.kind == IMAGE:
                values, repair = self._image_values(entry, data, number)
            else:
                values = self._text_values(entry, data)
        if self._label_mode != contract.LABEL_NONE:
            values.update(self._label_values(entry))
        return contract.encode_record(self._schema, values), repair

    def _image_values(self, entry: Entry, data: bytes, number: int) -> tuple[dict[str, list], Repair | None]:
        probed = images.ImageInfo(entry.image_format, entry.height, entry.width, entry.channels)
        stored = images.store_image(
            data,
            probed=probed,
            filename=entry.relpath,
            validate=self._validate,
            apply_orientation=self._apply_orientation,
        )
        values = images.image_values(stored, filename=entry.relpath, source_id=str(number))
        repair = Repair(entry.relpath, stored.repair, stored.reencoded) if stored.repair else None
        if not self._captions:
            return values, repair
        if entry.caption_file:
            with self._open(entry.caption_file) as fileobj:
                caption = texts.decode_text(read_exactly(fileobj, entry.caption_bytes), self._encoding)
            values.update(self._text(caption, entry.caption_file))
        else:
            values.update(self._text(entry.caption_text, row_id(self._labels_file, entry.row)))
        return values, repair

    def _text_values(self, entry: Entry, data: bytes) -> dict[str, list]:
        text = texts.decode_text(data, self._encoding)
        if not text.strip():
            raise InvalidInputError("empty text")
        return self._text(text, entry.relpath)

    def _row_values(self, entry: Entry) -> dict[str, list]:
        header = self._header(entry.relpath)
        table = self._tables.get(entry.relpath)
        if table is None:
            if len(self._tables) >= MAX_OPEN_TABLES:
                self.close()
            table = self._tables[entry.relpath] = self._open(entry.relpath)
        table.seek(entry.offset)
        data = table.read(entry.size_bytes)
        fmt = tables.table_format(entry.relpath)
        cells = tables.parse_row(data, fmt, header)
        columns = self._columns_for(tuple(header or cells))
        text = cells.get(columns.text)
        if not isinstance(text, str) or not text.strip():
            raise InvalidInputError(f"empty or non-text {columns.text!r} cell")
        if columns.label:  # the record's label must be its own row's, as it reads now
            labels = tables.split_labels(cells.get(columns.label), self._table_options.label_separator)
            if labels != entry.labels:
                raise InvalidInputError("table changed since it was scanned (the row's label differs)")
        values = self._text(text, row_id(entry.relpath, entry.row))
        for name, dtype in self._columns:
            value = cells.get(name)
            try:
                values[contract.column_key(name)] = [tables.convert_value(value, dtype)]
            except (TypeError, ValueError):
                raise InvalidInputError(f"column {name!r} holds {value!r}, not {dtype}") from None
        return values

    def _columns_for(self, names: tuple[str, ...]) -> tables.TableColumns:
        """Resolved once per distinct header (a CSV's; a JSONL row's keys), not once per row."""
        columns = self._resolved.get(names)
        if columns is None:
            columns = self._resolved[names] = tables.resolve_columns(names, self._table_options)
        return columns

    def _header(self, relpath: str) -> list[str]:
        header = self._headers.get(relpath)
        if header is None:
            with self._open(relpath) as fileobj:
                header, _ = tables.read_header(fileobj, tables.table_format(relpath))
            self._headers[relpath] = header
        return header

    @staticmethod
    def _text(text: str, source: str) -> dict[str, list]:
        return {contract.TEXT: [text.encode("utf-8")], contract.TEXT_SOURCE: [source.encode("utf-8")]}

    def _label_values(self, entry: Entry) -> dict[str, list]:
        index_key, name_key = contract.label_keys(image=entry.kind == IMAGE)
        indices = sorted(self._label_index[name] for name in entry.labels)
        if self._label_mode == contract.LABEL_SINGLE and len(indices) != 1:
            raise InvalidInputError(f"{len(indices)} labels in single-label data")
        return {index_key: indices, name_key: [self._labels[i].encode("utf-8") for i in indices]}
