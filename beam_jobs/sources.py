"""FindInputs: turn the listed files into Candidates, one composite transform per layout.

    [(relpath, size_bytes)] --ClassFolders | ScanTables | JoinLabelFile | PairCaptions--> [Candidate]

Files and candidates travel in lists of up to BATCH_SIZE (see discover.py). The joins work on
single elements and wrap each candidate in a list of one.

Every transform returns {CANDIDATES, REJECTS, COLUMNS}; COLUMNS holds (column name, dtype) of kept
table columns and is empty outside the tables layout. Joins (label file rows with files, images with
captions) group metadata only: paths, sizes, labels and row numbers.
"""

from __future__ import annotations

import dataclasses
import functools
import posixpath
from collections.abc import Iterable, Iterator

import apache_beam as beam

from shardify import layout as layout_lib
from shardify.beam_jobs.config import ConvertConfig
from shardify.beam_jobs.detect import labels_file_path
from shardify.beam_jobs.filesystem import InputOpener, open_input
from shardify.converters import tables
from shardify.entries import IMAGE, ROW, TEXT, Batch, Candidate, Reject
from shardify.errors import InvalidInputError
from shardify.input_files import size_of
from shardify.label_names import normalise_label
from shardify.layout import SourceLayout

__all__ = ["CANDIDATES", "REJECTS", "COLUMNS", "BATCH_SIZE", "FindInputs"]

CANDIDATES, REJECTS, COLUMNS = "candidates", "rejects", "columns"
# Metadata items per list: large enough to make Beam's per-element cost vanish, small enough that
# a list (~100 KB pickled) spreads work over workers.
BATCH_SIZE = 1000
_ROWS, _UNUSABLE = "rows", "unusable"
_Files = tuple[str, int]  # (relpath, size_bytes)


def _reject(relpath: str, reason: str, row: int = 0, stage: str = "discover") -> beam.pvalue.TaggedOutput:
    return beam.pvalue.TaggedOutput(REJECTS, Reject(relpath, stage, reason, row))


def _no_columns(pcoll: beam.PCollection) -> beam.PCollection:
    return pcoll.pipeline | "NoColumns" >> beam.Create([])


# Class folders ----------------------------------------------------------------------------------


class _LabelFromFolder(beam.DoFn):
    def __init__(self, source_layout: SourceLayout) -> None:
        self._layout = source_layout
        self._kind = IMAGE if source_layout.media == "image" else TEXT

    def process(self, files: list[_Files]) -> Iterator:
        candidates = Batch()
        for relpath, size in files:
            folder = self._layout.class_folder_of(relpath)
            if folder is None:
                yield _reject(relpath, "not inside a class folder (expected SRC/<label>/...)")
                continue
            try:
                label = normalise_label(folder)
            except InvalidInputError as error:
                yield _reject(relpath, f"class folder: {error.reason}")
                continue
            candidates.append(Candidate(self._kind, relpath, size, (label,)))
        if candidates:
            yield candidates


class ClassFolders(beam.PTransform):
    """Image or text files labelled by their first folder (inside a split folder, if any)."""

    def __init__(self, source_layout: SourceLayout) -> None:
        super().__init__()
        self._layout = source_layout

    def expand(self, files: beam.PCollection) -> dict:
        found = files | "LabelFromFolder" >> beam.ParDo(_LabelFromFolder(self._layout)).with_outputs(
            REJECTS, main=CANDIDATES
        )
        return {CANDIDATES: found[CANDIDATES], REJECTS: found[REJECTS], COLUMNS: _no_columns(files)}


# Tables -----------------------------------------------------------------------------------------


@dataclasses.dataclass
class _Progress:
    """How far a table's scan got: the last row number seen (0: none)."""

    last_row: int = 0


class _ScanTable(beam.DoFn):
    """A table -> a Candidate per row (byte range, row number, labels), rejects per bad row, and
    the dtype of every kept column over the table's rows."""

    def __init__(self, config: ConvertConfig) -> None:
        self._open = InputOpener(config.source, follow_outside_links=config.follow_outside_links)
        self._options = config.table_options

    def process(self, files: list[_Files]) -> Iterator:
        for relpath, size in files:
            scanned = _Progress()
            try:
                with self._open(relpath) as fileobj:
                    header, rows = tables.read_table(fileobj, tables.table_format(relpath), size)
                    yield from self._rows(relpath, header, rows, scanned)
            except (InvalidInputError, OSError) as error:
                reason = error.reason if isinstance(error, InvalidInputError) else f"cannot read: {error}"
                if scanned.last_row:  # the rows before it are already on their way: reject the rest
                    reason = f"rows after row {scanned.last_row} unread: {reason}"
                yield _reject(relpath, reason, scanned.last_row)
                continue
            if not scanned.last_row:
                yield _reject(relpath, "no rows: the table holds a header only" if header else "empty table: no rows")

    def _rows(self, relpath: str, header: list[str], rows: Iterator[tables.Row | tables.RowError], scanned: _Progress) -> Iterator:
        dtypes: dict[str, str] = {}
        batch = Batch()
        columns = tables.resolve_columns(header, self._options) if header else None
        for row in rows:
            scanned.last_row = row.row
            if isinstance(row, tables.RowError):
                yield _reject(relpath, row.reason, row.row)
                continue
            try:
                cols = columns or tables.resolve_columns(list(row.cells), self._options)
            except InvalidInputError as error:
                yield _reject(relpath, error.reason, row.row)
                continue
            text = row.cells.get(cols.text)
            if not isinstance(text, str) or not text.strip():
                yield _reject(relpath, f"empty or non-text {cols.text!r} cell", row.row)
                continue
            labels: tuple[str, ...] = ()
            if cols.label:
                cell = row.cells.get(cols.label)
                try:
                    labels = tables.split_labels(cell, self._options.label_separator)
                except InvalidInputError as error:
                    yield _reject(relpath, error.reason, row.row)
                    continue
                if not labels and cell != []:  # an explicit [] is a record with no labels
                    yield _reject(relpath, f"empty label in column {cols.label!r}", row.row)
                    continue
            for name in cols.keep:
                dtype = tables.value_dtype(row.cells.get(name))
                dtypes[name] = tables.merge_dtypes(dtypes.get(name, dtype), dtype)
            batch.append(Candidate(ROW, relpath, row.length, labels, row=row.row, offset=row.offset))
            if len(batch) == BATCH_SIZE:
                yield batch
                batch = Batch()
        if batch:
            yield batch
        for name, dtype in dtypes.items():
            yield beam.pvalue.TaggedOutput(COLUMNS, (name, dtype))


class ScanTables(beam.PTransform):
    """CSV, TSV and JSONL tables, one Candidate per row; kept columns' dtypes merged over tables."""

    def __init__(self, config: ConvertConfig) -> None:
        super().__init__()
        self._config = config

    def expand(self, files: beam.PCollection) -> dict:
        scanned = files | "ScanRows" >> beam.ParDo(_ScanTable(self._config)).with_outputs(
            REJECTS, COLUMNS, main=CANDIDATES
        )
        columns = scanned[COLUMNS] | "MergeColumnTypes" >> beam.CombinePerKey(
            lambda dtypes: functools.reduce(tables.merge_dtypes, dtypes, tables.INT64)
        )
        return {CANDIDATES: scanned[CANDIDATES], REJECTS: scanned[REJECTS], COLUMNS: columns}


# A label file -----------------------------------------------------------------------------------


def _normal_relpath(key: str) -> str | None:
    """A label file's path as a '/'-separated path inside SRC, or None if it leaves SRC."""
    path = key.strip().replace("\\", "/")
    if path.startswith("/") or (len(path) > 1 and path[1] == ":"):
        return None
    path = posixpath.normpath(path)
    return None if path == ".." or path.startswith("../") or path == "." else path


class _ReadLabelRows(beam.DoFn):
    """The label file -> (key, (row, labels, caption)) per row, or a Reject with the row number."""

    def __init__(self, source_layout: SourceLayout, options: tables.TableOptions) -> None:
        self._layout = source_layout
        self._options = options

    def process(self, path: str) -> Iterator:
        name = self._layout.labels_file
        try:
            with open_input(path) as fileobj:
                header, rows = tables.read_table(fileobj, tables.table_format(path), size_of(fileobj))
                for row in rows:
                    yield from self._row(name, row, header)
        except InvalidInputError as error:
            yield _reject(name, f"unusable label file: {error.reason}", stage="labels")
        except OSError as error:
            yield _reject(name, f"cannot read the label file: {error}", stage="labels")

    def _row(self, name: str, row: tables.Row | tables.RowError, header: list[str]) -> Iterator:
        if isinstance(row, tables.RowError):
            yield _reject(name, row.reason, row.row, "labels")
            return
        columns = tables.label_file_columns(
            header or list(row.cells), self._options.label_column, captions=self._layout.captions
        )
        key_column, label_column = columns.key, columns.label
        key = str(row.cells.get(key_column) or "").replace("\ufeff", "").strip()
        if not key:
            yield _reject(name, f"empty {key_column!r}", row.row, "labels")
            return
        if self._layout.label_key == "path":
            key = _normal_relpath(key)
            if key is None or layout_lib.is_junk(key):
                yield _reject(name, f"path {row.cells.get(key_column)!r} leaves SRC or is hidden", row.row, "labels")
                return
        cell = row.cells.get(label_column) if label_column else None
        try:
            labels = tables.split_labels(cell, self._options.label_separator)
        except InvalidInputError as error:
            yield _reject(name, error.reason, row.row, "labels")
            return
        if label_column and not labels and cell != []:  # an explicit [] is a record with no labels
            yield _reject(name, f"empty label for {key!r}", row.row, "labels")
            return
        caption = row.cells.get(columns.caption) if columns.caption else None
        yield key, (row.row, labels, caption if isinstance(caption, str) else "")


class _JoinRowsWithFiles(beam.DoFn):
    """(key, {files, rows}) -> a labelled Candidate, or Rejects naming the rows involved."""

    def __init__(self, source_layout: SourceLayout) -> None:
        self._layout = source_layout
        self._kind = IMAGE if source_layout.media == "image" else TEXT

    def process(self, joined: tuple[str, dict[str, Iterable]]) -> Iterator:
        key, groups = joined
        files, rows = sorted(groups["files"]), sorted(groups[_ROWS])
        name = self._layout.labels_file
        if not files:
            if list(groups[_UNUSABLE]):
                # The file is there but was rejected when listed, with its own reason. (The comment
                # is not on the `return` line: Beam would take that for a returned value and warn.)
                return
            for row, _, _ in rows:
                yield _reject(name, f"names no file: {key!r}", row, "labels")
            return
        if not rows:
            for relpath, _ in files:
                yield _reject(relpath, f"no usable row in {name} names it", stage="labels")
            return
        if len(files) > 1:
            for relpath, _ in files:
                yield _reject(relpath, f"id {key!r} matches {len(files)} files: ids must be unique", rows[0][0], "labels")
            return
        distinct = {(labels, caption) for _, labels, caption in rows}
        if len(distinct) > 1:
            numbers = ", ".join(str(row) for row, _, _ in rows)
            yield _reject(files[0][0], f"rows {numbers} of {name} give it different labels", rows[0][0], "labels")
            return
        (relpath, size), (row, labels, caption) = files[0], rows[0]
        yield Batch([Candidate(self._kind, relpath, size, labels, row=row, caption_text=caption)])


class JoinLabelFile(beam.PTransform):
    """Files anywhere under SRC, labelled (and captioned) by a label file joined on path or id.

    `listing_rejects` are the files rejected while listing (dangling symlinks, ...): rows naming one
    of them are not reported a second time as naming no file."""

    def __init__(
        self,
        source: str,
        source_layout: SourceLayout,
        options: tables.TableOptions,
        listing_rejects: beam.PCollection,
    ) -> None:
        super().__init__()
        self._source = source
        self._layout = source_layout
        self._options = options
        self._listing_rejects = listing_rejects

    def expand(self, files: beam.PCollection) -> dict:
        by_id = self._layout.label_key == "id"
        key = lambda relpath: layout_lib.stem(relpath) if by_id else relpath  # noqa: E731
        keyed_files = files | "Unbatch" >> beam.FlatMap(lambda batch: batch) | "KeyFiles" >> beam.WithKeys(
            lambda item: key(item[0])
        )
        unusable = self._listing_rejects | "KeyUnusable" >> beam.Map(lambda reject: (key(reject.relpath), reject.relpath))
        # (key, (relpath, size_bytes))
        rows = (
            files.pipeline
            | "LabelFile" >> beam.Create([labels_file_path(self._source, self._layout.labels_file)])
            | "ReadLabelRows" >> beam.ParDo(_ReadLabelRows(self._layout, self._options)).with_outputs(REJECTS, main=_ROWS)
        )
        # (key, (row, labels, caption))
        joined = (
            {"files": keyed_files, _ROWS: rows[_ROWS], _UNUSABLE: unusable}
            | "JoinOnKey" >> beam.CoGroupByKey()
            | "MatchRowsToFiles" >> beam.ParDo(_JoinRowsWithFiles(self._layout)).with_outputs(REJECTS, main=CANDIDATES)
        )
        rejects = (rows[REJECTS], joined[REJECTS]) | "MergeLabelRejects" >> beam.Flatten()
        return {CANDIDATES: joined[CANDIDATES], REJECTS: rejects, COLUMNS: _no_columns(files)}


# Image + caption pairs --------------------------------------------------------------------------


def _pair(keyed: tuple[tuple[str, str], Iterable[_Files]]) -> Iterator:
    (_, name), group = keyed
    found = sorted(group)
    images = [f for f in found if layout_lib.extension(f[0]) in layout_lib.IMAGE_EXTENSIONS]
    texts = [f for f in found if layout_lib.extension(f[0]) in layout_lib.TEXT_EXTENSIONS]
    for relpath, _ in (f for f in found if f not in images and f not in texts):
        yield _reject(relpath, "neither an image nor a .txt caption")
    if len(images) == 1 and len(texts) == 1:
        (relpath, size), (caption, caption_size) = images[0], texts[0]
        yield Batch([Candidate(IMAGE, relpath, size, caption_file=caption, caption_bytes=caption_size)])
    elif images or texts:
        reason = (
            f"no caption: no .txt file has the stem {name!r}"
            if not texts
            else f"no image has the stem {name!r}"
            if not images
            else f"stem {name!r} is shared by {len(images)} images and {len(texts)} texts: pairs must be unique"
        )
        for relpath, _ in images + texts:
            yield _reject(relpath, reason)


class PairCaptions(beam.PTransform):
    """An image and a .txt file sharing a stem (within a split) become one unlabelled record."""

    def __init__(self, source_layout: SourceLayout) -> None:
        super().__init__()
        self._layout = source_layout

    def expand(self, files: beam.PCollection) -> dict:
        split_of = self._layout.split_of
        paired = (
            files
            | "Unbatch" >> beam.FlatMap(lambda batch: batch)
            | "KeyByStem" >> beam.WithKeys(lambda item: (split_of(item[0])[0], layout_lib.stem(item[0])))
            | "GroupByStem" >> beam.GroupByKey()
            # ((split folder, stem), [(relpath, size_bytes)])
            | "PairImageWithCaption" >> beam.FlatMap(_pair).with_outputs(REJECTS, main=CANDIDATES)
        )
        return {CANDIDATES: paired[CANDIDATES], REJECTS: paired[REJECTS], COLUMNS: _no_columns(files)}


def FindInputs(  # noqa: N802
    config: ConvertConfig, source_layout: SourceLayout, listing_rejects: beam.PCollection
) -> beam.PTransform:
    """The layout's transform: [(relpath, size_bytes)] -> {CANDIDATES: [Candidate], REJECTS, COLUMNS}.

    `listing_rejects`: the Rejects of files that could not be listed (a label file may name them).
    """
    name = source_layout.name
    if name in (layout_lib.IMAGE_FOLDERS, layout_lib.TEXT_FOLDERS):
        return ClassFolders(source_layout)
    if name == layout_lib.TABLES:
        return ScanTables(config)
    if name == layout_lib.LABEL_FILE:
        return JoinLabelFile(config.source, source_layout, config.table_options, listing_rejects)
    return PairCaptions(source_layout)
