"""ScanTables: a Candidate per row of every table, never holding a table.

    [(relpath, size_bytes)] --ScanRows--> [Candidate] (one per row: where it is, its row number,
                                           its labels), (column, dtype) of kept columns

A row that cannot become a record is rejected with its row number; a table that cannot be read
at all is one reject; a table with no rows is reported too. Which split each table is, judged over
all the tables, is `table_splits`'.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import itertools
import posixpath
import re
from collections.abc import Iterator

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import (
    BATCH_SIZE,
    CANDIDATES,
    COLUMNS,
    HeldFault,
    NOTES,
    REJECTS,
    ANSWERS_COLUMN,
    TEXT_PAIR_COLUMN,
    Listed,
    in_batches,
    reject,
)
from shardify.beam_jobs.discover import json_split_ids, line_rows, pixel_row_scan, repeated_tables, table_splits, unread_rows
from shardify.beam_jobs.discover.label_join import KEYED, JoinKeyedLabels
from shardify.beam_jobs.open_inputs import InputOpener
from shardify.config import ConvertConfig
from shardify.converters import column_names, columns as columns_lib
from shardify.converters import json_records, json_sample, kept_values, no_label_values, label_sentences, list_cells, one_hot, pixel_rows, row_labels, split_column, table_scans, tables
from shardify.converters import attribute_rows, joined_texts
from shardify.converters.columns import TableColumns
from shardify.errors import InvalidInputError, reject_reason
from shardify.format.example_proto import BYTES, INT64
from shardify.inputs import compressed
from shardify.plan.entries import ROW, Batch, Candidate, MemberLocation
from shardify.plan.evidence import Evidence, example_file
from shardify.plan.line_files import LineFile
from shardify.plan.text_joins import TextJoin

__all__ = ["ScanTables"]

KEPT_BY_TABLE = "kept_by_table"  # each table of attributes' kept columns (`_absent_missing`)


@dataclasses.dataclass
class _Progress:
    """How far a table's scan got: the last row number seen (0: none)."""

    last_row: int = 0


class _ScanTable(beam.DoFn):
    """A table -> a Candidate per row (where it is, row number, labels), rejects per bad row, the
    dtype of every kept column over the table's rows, and a note of how the table was read."""

    def __init__(
        self, config: ConvertConfig, index_folder: str, media: str = "text", lines: tuple[LineFile, ...] = (), keyed: dict[str, str] | None = None,
        row_labels: dict[str, str] | None = None, split_ids: dict[str, str] | None = None, joins: tuple[TextJoin, ...] = (),
        table_labels: dict[str, str] | None = None,
    ) -> None:
        self._table_labels = table_labels or {}  # table -> every row's class, "" unlabelled (xml_record_files.py)
        self._split_ids = split_ids or {}  # JSON document keyed by id -> the file of its splits' ids (json_split_ids.py)
        self._joins = {join.table: join for join in joins}  # table -> the texts its key column names (joined_texts.py)
        self._lines = {spec.path: spec for spec in lines}  # read a record a line (line_rows.py)
        self._row_labels = row_labels or {}  # JSON-lines table -> its labels file, line i for row i (row_labels.py)
        self._keyed = keyed or {}  # table -> its id column, where a labels table labels its rows (label_join.py)
        self._source = config.source
        self._follow_outside_links = config.follow_outside_links
        self._index_folder = index_folder
        self._options = config.table_options
        self._media = media
        # --label-from-name over tables alone: a table without a label column is labelled by its name
        self._name_label = re.compile(config.label_from_name) if config.label_from_name else None

    def setup(self) -> None:
        self._open = InputOpener(self._source, follow_outside_links=self._follow_outside_links, index_folder=self._index_folder)

    def teardown(self) -> None:
        self._open.close()

    def process(self, files: list[Listed], named: list[tuple[str, str]], digests: list[tuple[str, frozenset[bytes]]]) -> Iterator:
        shared = table_splits.shared_splits(named) | table_splits.own_splits(digests)
        for relpath, size, location, _ in files:
            scanned = _Progress()
            header = None
            try:
                if relpath in self._lines:
                    split = table_splits.split_of(relpath, shared)
                    yield from line_rows.scan_lines(
                        self._open, self._lines[relpath], location, size, split, self._options.encoding, scanned,
                        self._options.label_separator or "",
                    )
                    continue
                with self._open(relpath, location) as fileobj:
                    fmt = tables.table_format(relpath)
                    labels = None
                    if self._row_labels.get(relpath):  # read whole first: the files must agree line for line
                        with self._open(self._row_labels[relpath], None) as labels_file:
                            labels = row_labels.read_row_labels(fileobj, labels_file, self._row_labels[relpath], self._options.encoding)
                    ids = None
                    if relpath in self._split_ids:  # the splits' ids, by which the records are split
                        with self._open(self._split_ids[relpath], None) as ids_file:
                            found = json_split_ids.parse_split_ids(ids_file)
                        if found is None:
                            raise InvalidInputError(f"{self._split_ids[relpath]} no longer maps split names to lists of ids")
                        ids = json_records.SplitIds(self._split_ids[relpath], found)
                    # (a table compressed whole is read to its stream's end: its listed size is the compressed one)
                    read_to = None if compressed.inner_name(relpath) else size
                    header, rows = table_scans.read_table(fileobj, fmt, read_to, options=self._options, split_ids=ids)
                    if relpath in self._joins:  # each row takes the text its key names in the texts table
                        join = self._joins[relpath]
                        with self._open(join.texts, None) as texts_file:
                            texts = joined_texts.read_texts(texts_file, join, self._options.encoding)
                        header, rows = joined_texts.joined_header(header, join, texts), joined_texts.joined_rows(rows, join, texts)
                    pixels = None
                    if self._media == "image" and fmt in (tables.CSV, tables.TSV):
                        pixels = pixel_rows.pixel_columns(header.columns, header.sample, self._options)
                    if pixels is not None:
                        split = table_splits.split_of(relpath, shared)
                        scan = pixel_row_scan.scan_pixel_rows(relpath, location, pixels, rows, scanned, split, labels)
                        yield from in_batches(scan)
                    else:
                        yield from self._rows(relpath, location, header, rows, scanned, table_splits.split_of(relpath, shared), labels)
            except (InvalidInputError, OSError) as error:
                reason = reject_reason(error)
                if scanned.last_row:  # the rows before it are already on their way: reject the rest
                    reason = f"rows after row {scanned.last_row} unread: {reason}"
                yield from self._unread(relpath, location, size, reason, scanned.last_row, header)
                continue
            if not scanned.last_row:
                only_header = header.present and fmt in (tables.CSV, tables.TSV)
                yield reject(relpath, "no rows: the table holds a header only" if only_header else "empty table: no rows")

    def _unread(self, relpath: str, location, size: int, reason: str, last_row: int, header) -> Iterator:
        """A reject per row the refusal leaves unread (`unread_rows`), else the table's one reject (also
        for a format's example, `sampleSubmission.csv`: its rows are no inputs)."""
        if example_file(relpath):
            yield reject(relpath, reason, last_row)
            return
        try:
            rows = unread_rows.unread_rows(
                lambda: self._open(relpath, location), tables.table_format(relpath), self._options.encoding, last_row,
                getattr(header, "present", None), size,
            )
        except (OSError, ValueError, csv.Error):
            rows = None
        first = next(rows, None) if rows is not None else None
        if first is None:
            yield reject(relpath, reason, last_row)
            return
        for number in itertools.chain((first,), rows):
            yield reject(relpath, reason, number)

    def _sampled_split_column(self, by_keys: dict, sampled: tables.TableHeader, options: columns_lib.TableOptions | None = None) -> str:
        """A JSON-lines table's split column, found in its first rows as a header's is (none of the
        columns its rows' text and label are read from), or ""."""
        try:
            needed = self._columns_by_keys(by_keys, sampled.columns, sampled, options).needed
        except InvalidInputError:
            return ""
        return split_column.split_column(sampled.columns, sampled.sample, needed)

    def _columns_by_keys(
        self, by_keys: dict, names: tuple[str, ...], sampled: tables.TableHeader | None, options: columns_lib.TableOptions | None = None,
    ) -> TableColumns:
        """A JSON-lines row's columns, resolved once per set of keys: from the table's first rows
        where they have these keys, else from the names alone.

        Raises:
          InvalidInputError: as `TableHeader.resolve` (remembered, so that each such row says it).
        """
        found = by_keys.get(names)
        if found is None:
            header = sampled if sampled is not None and sampled.columns == names else tables.TableHeader(names)
            try:
                found = by_keys[names] = header.resolve(options or self._options)
            except InvalidInputError as error:
                found = by_keys[names] = error
        if isinstance(found, InvalidInputError):
            raise found
        return found

    def _rows(
        self,
        relpath: str,
        location: MemberLocation | None,
        header: tables.TableHeader,
        rows: Iterator[tables.Row | tables.RowError],
        scanned: _Progress,
        split: str,
        line_labels: list[str] | None = None,
    ) -> Iterator:
        """A Candidate per row; `line_labels`: row n's label at [n - 1] where a labels file gives them."""
        dtypes: dict[str, str] = {}
        pairs = answers = False
        batch = Batch()
        # a table labelled by a gold file's lines (or by none shipped) takes no column for its label
        labelled_apart = relpath in self._row_labels or relpath in self._table_labels
        options = dataclasses.replace(self._options, labels_from_lines=True) if labelled_apart else self._options
        if relpath in self._keyed:  # (and one labelled by a labels table joined by id takes none: label_join.py)
            options = dataclasses.replace(options, labels_from_lines=True, label_column="")
        if relpath in self._joins:  # (its key to the texts table kept as a feature, never its label)
            options = joined_texts.with_key_kept(options, self._joins[relpath])
        columns = header.resolve(options) if header.columns else None  # JSONL: per row's keys
        by_keys: dict[tuple[str, ...], object] = {}
        worded = not options.label_column and _label_worded(header, columns, options.label_separator)  # a sentence: a reject
        sampled = None
        if not header.columns:  # judged by its first rows' content, as discovery and the writer judge them
            head = list(itertools.islice(rows, json_sample.SAMPLED_ROWS))
            names, cells = json_sample.sample_of(head)
            rows = itertools.chain(head, rows)
            sampled = tables.TableHeader(names, sample=cells) if names else None
        # A column naming each row's split (SICK's SemEval_set: TRAIN, TRIAL, TEST) decides it.
        split_by = split_column.split_column(header.columns, header.sample, columns.needed) if columns else ""
        if sampled is not None:  # JSON lines (MASSIVE's `partition`): the split column of its first rows
            split_by = self._sampled_split_column(by_keys, sampled, options if relpath in self._keyed or labelled_apart else None)
        if columns:
            by = f"; each row's split from its column {split_by!r}" if split_by else table_splits.renamed(relpath, split)
            yield beam.pvalue.TaggedOutput(NOTES, (relpath, f"{header.describe()}; {columns.describe()}{by}"))
        label = columns.label if worded and columns else ""
        held = label_sentences.held_back(rows, lambda row: getattr(row, "cells", {}).get(label), label, worded)
        stopped = HeldFault()
        for row, sentence in stopped.guard(held):  # (rows whose label reads as a sentence come last: a class where they repeat)
            scanned.last_row = max(scanned.last_row, row.row)
            if isinstance(row, tables.RowError):
                yield reject(relpath, row.reason, row.row)
                continue
            try:
                cols = columns or self._columns_by_keys(by_keys, tuple(row.cells), sampled, options if relpath in self._keyed or labelled_apart else None)
            except InvalidInputError as error:
                yield reject(relpath, error.reason, row.row)
                continue
            text = cols.text_of(row.cells)
            if (text is None or not text.strip()) and not cols.attributes:  # (`--text-column none`: no text, by design)
                yield reject(relpath, f"empty or non-text {' + '.join(map(repr, cols.texts))} cell", row.row)
                continue
            if cols.pair:
                pair = cols.pair_of(row.cells)
                if pair is None or (not pair.strip() and not cols.pair_optional):
                    yield reject(relpath, f"empty or non-text {cols.pair!r} cell (the second text of a pair)", row.row)
                    continue
                pairs = True
            answers = answers or bool(cols.answers)
            labels: tuple[str, ...] = ()
            unlabelled = False
            if cols.classes:  # multi-hot: the empty set is a row labelled with no class
                found = one_hot.multi_hot_labels(row.cells, cols.classes)
                if isinstance(found, str):
                    yield reject(relpath, found, row.row)
                    continue
                labels = found
            if line_labels is not None and not (cols.label or cols.classes):
                labels = (line_labels[row.row - 1],) if row.row <= len(line_labels) else ()
                if not labels:
                    yield reject(relpath, f"no line of {self._row_labels[relpath]} for row {row.row}", row.row)
                    continue
            if relpath in self._table_labels and not (cols.label or cols.classes):  # the table's own class (its name)
                labels = (self._table_labels[relpath],) if self._table_labels[relpath] else ()
            named = not (cols.label or cols.classes or line_labels is not None or relpath in self._table_labels) and self._name_label is not None
            if named:
                found_name = self._name_label.search(posixpath.basename(relpath))
                if found_name is None or not found_name.group(1):
                    yield reject(relpath, f"--label-from-name {self._name_label.pattern!r} finds no label in the table's name", row.row)
                    continue
                labels = (found_name.group(1),)
            if cols.label:
                cell = row.cells.get(cols.label)
                if _not_boolean(cols.label, cell, self._options, row.cells):
                    yield reject(relpath, f"column {cols.label!r} holds {_kind(cell)}, not true or false: an answer, "
                                 "not a label; name the label with --label-column", row.row)
                    continue
                if sentence:  # a sentence in a column of label words, in too few rows to be a class
                    yield reject(relpath, sentence, row.row)
                    continue
                missing = attribute_rows.missing_label(cell) if cols.attributes else ""
                if missing:  # (`?` in a table of measurements: no class, as it is no value in the kept columns)
                    yield reject(relpath, f"{missing} in column {cols.label!r}", row.row)
                    continue
                try:
                    labels = cols.labels_of(cell, self._options.label_separator)  # (`-1.0` as `-1` where the column so writes)
                except InvalidInputError as error:
                    yield reject(relpath, error.reason, row.row)
                    continue
                # (an empty cell of a float export's class numbers is its NaN, the reason the column was written as
                # floats: no class, the record unlabelled, as pandas reads it; blind45's Twitter table)
                blank = cell is None or (isinstance(cell, str) and not cell.strip())
                unlabelled = not labels and cols.whole_numbers and blank
                if not labels and not unlabelled and cell != [] and cols.separator != list_cells.LIST_LITERAL:  # [] or '[]'
                    yield reject(relpath, f"empty label in column {cols.label!r}", row.row)
                    continue
                said_none = self._options.unlabelled_values
                if said_none and any(no_label_values.is_unlabelled(label, said_none) for label in labels):
                    labels = tuple(label for label in labels if not no_label_values.is_unlabelled(label, said_none))
                    unlabelled = not labels  # --unlabelled-value 'unknown': Wikipedia Movie Plots' films of no genre
            try:  # a JSON document's split key, else the table's
                row_split = split_column.row_split(row.cells, split_by, row.split or split)
            except InvalidInputError as error:
                yield reject(relpath, error.reason, row.row)
                continue
            typed = attribute_rows.attribute_dtype if cols.attributes else kept_values.value_dtype  # (a missing cell NaN)
            for name in cols.keep:
                dtype = typed(row.cells.get(name))
                dtypes[name] = kept_values.merge_dtypes(dtypes.get(name, dtype), dtype)
            size = row.length or len((text or "").encode("utf-8"))  # Parquet rows have no byte range
            candidate = Candidate(
                ROW,
                relpath,
                size,
                labels,
                split=row_split,
                unlabelled=unlabelled or not (cols.label or cols.classes or named or labels),  # a test table without labels beside labelled ones
                row=row.row,
                offset=row.offset,
                location=location,
            )
            if relpath in self._keyed:  # labelled by the row of another table with its id
                ident = str(row.cells.get(self._keyed[relpath], "") or "").strip()
                if not ident:
                    yield reject(relpath, f"empty {self._keyed[relpath]!r}: the id its labels are joined by", row.row)
                else:
                    yield beam.pvalue.TaggedOutput(KEYED, ((relpath, ident), candidate))
                continue
            batch.append(candidate)
            if len(batch) == BATCH_SIZE:
                yield batch
                batch = Batch()
        if batch:
            yield batch
        stopped.raise_held()  # (after the rows read before the fault: `process` rejects the rest)
        for name, dtype in dtypes.items():
            yield beam.pvalue.TaggedOutput(COLUMNS, (name, dtype))
        if columns is not None and columns.attributes:  # which columns this table of attributes has (`_absent_missing`)
            yield beam.pvalue.TaggedOutput(KEPT_BY_TABLE, tuple(columns.keep))
        if pairs:
            yield beam.pvalue.TaggedOutput(COLUMNS, (TEXT_PAIR_COLUMN, BYTES))
        if answers:
            yield beam.pvalue.TaggedOutput(COLUMNS, (ANSWERS_COLUMN, BYTES))


def _not_boolean(column: str, cell: object, options: columns_lib.TableOptions, cells: dict) -> bool:
    """A label column found by a name that holds true/false only (BoolQ's `answer`) holding
    anything else: a question-answering dataset's answer text, which is no label; unless it numbers
    one of the row's option columns (WinoGrande's `answer` '1' beside `option1`, `option2`), a class."""
    found = not options.label_column and column.lower() in columns_lib.BOOLEAN_LABEL_NAMES
    if not found or cell is None or isinstance(cell, bool):
        return False
    return not column_names.indexes_options(cell, list(cells))


def _kind(cell: object) -> str:
    return "text" if isinstance(cell, str) else "a number" if isinstance(cell, (int, float)) else f"a {type(cell).__name__}"


class ScanTables(beam.PTransform):
    """CSV, TSV, JSONL and Parquet tables, one Candidate per row; kept columns' dtypes merged over
    tables; a note per table saying how it was read (header or not, which columns)."""

    def __init__(
        self, config: ConvertConfig, index_folder: str, media: str = "text", lines: tuple[LineFile, ...] = (), keyed: tuple[Evidence, ...] = (),
        row_labels: dict[str, str] | None = None, split_ids: dict[str, str] | None = None, joins: tuple[TextJoin, ...] = (),
        table_labels: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        self._table_labels = table_labels or {}
        self._joins = joins
        self._keyed = keyed
        self._row_labels = row_labels or {}
        self._split_ids = split_ids or {}
        self._lines = lines
        self._config = config
        self._index_folder = index_folder
        self._media = media

    def expand(self, files: beam.PCollection) -> dict:
        # [(split, stem)] of the tables that name a split: which splits several tables name
        named = files | "TableSplitNames" >> beam.FlatMap(table_splits.split_names) | "DistinctSplitNames" >> beam.Distinct()
        # digests of the rows of the tables naming no split: those repeating each other are each a split
        digests = files | "TableRowDigests" >> beam.ParDo(
            repeated_tables.RowDigests(self._config, self._index_folder, table_splits.compared)
        )
        keyed = {e.rows_of: e.rows_key for e in self._keyed}
        scanned = files | "ScanRows" >> beam.ParDo(
            _ScanTable(self._config, self._index_folder, self._media, self._lines, keyed, self._row_labels, self._split_ids, self._joins,
                       self._table_labels),
            beam.pvalue.AsList(named),
            beam.pvalue.AsList(digests),
        ).with_outputs(REJECTS, COLUMNS, NOTES, KEYED, KEPT_BY_TABLE, main=CANDIDATES)
        candidates, rejects = scanned[CANDIDATES], scanned[REJECTS]
        if self._keyed:  # rows labelled by another table's rows of their ids (Jigsaw's test_labels.csv)
            joined = scanned[KEYED] | "JoinKeyedLabels" >> JoinKeyedLabels(self._config.source, self._keyed)
            candidates = (candidates, joined[CANDIDATES]) | "MergeKeyedRows" >> beam.Flatten()
            rejects = (rejects, joined[REJECTS]) | "MergeKeyedRejects" >> beam.Flatten()
        columns = scanned[COLUMNS] | "MergeColumnTypes" >> beam.CombinePerKey(
            lambda dtypes: functools.reduce(kept_values.merge_dtypes, dtypes, INT64)
        ) | "AbsentColumnsMissing" >> beam.Map(_absent_missing, beam.pvalue.AsList(scanned[KEPT_BY_TABLE]))
        notes = scanned[NOTES]
        return {CANDIDATES: candidates, REJECTS: rejects, COLUMNS: columns, NOTES: notes}


def _absent_missing(column: tuple[str, str], kept_by_table: list[tuple[str, ...]]) -> tuple[str, str]:
    """A kept column of a table of attributes that another such table lacks (Mobile Price's test.csv
    begins with `id`, its train.csv has none) is a missing cell in each of that table's rows: typed as
    a missing cell is (`attribute_rows.attribute_dtype`: a number column float, written NaN there),
    never an int64 column the other table's rows cannot fill (every such row was rejected, exit 1).

    >>> _absent_missing(("id", "int64"), [("id", "ram"), ("ram",)]), _absent_missing(("ram", "int64"), [("id", "ram"), ("ram",)])
    (('id', 'float32'), ('ram', 'int64'))
    """
    name, dtype = column
    if any(name not in kept for kept in kept_by_table):
        return name, kept_values.merge_dtypes(dtype, attribute_rows.attribute_dtype(None))
    return column


def _label_worded(header: tables.TableHeader, columns: TableColumns | None, separator: str) -> bool:
    """A CSV or TSV's label column holds single label words in its sampled rows (`label_sentences`);
    not a column of several labels a cell, split by a separator."""
    if columns is None or not columns.label or columns.separator or separator or columns.label not in header.columns:
        return False
    at = header.columns.index(columns.label)
    return label_sentences.worded_column([row[at] for row in header.sample if at < len(row)])
