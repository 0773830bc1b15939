"""JoinKeyedLabels: the rows of a table of texts labelled by a table of labels of the same ids.

    table of texts --ScanTables--> ((table, id), Candidate)                           \\
                                                                                      +--JoinOnIds--> [Candidate]
    table of labels --ReadKeyedLabels--> ((table, id), (labels table, row, labels))   /

Which tables join, and by which column, is detection's (`shardify.plan.label_joins`, an
Evidence of kind KEYED_LABELS). Per id: one text row and one labels row give the row its labels
(none set: labelled, with no class; -1 in every column: not scored, the record unlabelled); a
text row no labels row names, an id two text rows share, and two labels rows that disagree
reject the text row, saying which; a labels row that names no text row is rejected with its
row. Only metadata is grouped: ids, row numbers, labels.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence

import apache_beam as beam

from shardify.beam_jobs.discover import given_label_joins
from shardify.beam_jobs.discover.candidates import CANDIDATES, REJECTS, reject
from shardify.beam_jobs.open_inputs import open_input
from shardify.converters import flag_pairs, table_scans, tables, xml_records
from shardify.converters.columns import TableOptions
from shardify.errors import InvalidInputError, reject_reason
from shardify.inputs.files import size_of
from shardify.inputs.paths import join_path
from shardify.plan.entries import Batch
from shardify.plan.evidence import Evidence
from shardify.plan.label_names import normalise_label

__all__ = ["JoinKeyedLabels", "KEYED", "row_labels"]

# ScanTables' output of text rows a labels table labels: ((table, id), Candidate).
KEYED = "keyed"
_ROWS, _LABELS = "rows", "labels"
_STAGE = "labels"


def row_labels(cells, classes: Sequence[str]) -> tuple[str, ...] | None | str:
    """A labels row's labels: the classes holding 1 (none: labelled with no class); None where
    every class holds -1 (not scored: no label); else why the row is unusable.

    >>> row_labels({"a": "1", "b": "0"}, ("a", "b")), row_labels({"a": "-1", "b": "-1"}, ("a", "b"))
    (('a',), None)
    >>> row_labels({"a": "-1", "b": "1"}, ("a", "b"))
    "columns 'a' hold -1 (not scored) beside 0 or 1 in the others: no one reading"
    """
    values = {name: str(cells.get(name, "")).strip() for name in classes}
    odd = next((name for name, v in values.items() if v not in ("-1", "0", "1")), None)
    if odd is not None:
        return f"column {odd!r} holds {values[odd][:40]!r}, not 1, 0 or -1"
    unscored = [name for name, v in values.items() if v == "-1"]
    if unscored and len(unscored) < len(values):
        return f"columns {', '.join(map(repr, unscored[:3]))} hold -1 (not scored) beside 0 or 1 in the others: no one reading"
    if unscored:
        return None
    return tuple(normalise_label(name) for name, v in values.items() if v == "1")


def _one_label(cells, column: str, lists: bool = False) -> tuple[str, ...] | None | str:
    """A labels row's one label, its cell in `column` (a headerless `id,label` table's second), or why it has none;
    `lists`: the cell's several labels (`given_label_joins.cell_labels`), None for none (unlabelled)."""
    if lists:
        found = given_label_joins.cell_labels(cells.get(column))
        if isinstance(found, str):
            return f"column {column}: {found}"
        return tuple(normalise_label(name) for name in found) or None
    cell = str(cells.get(column, "") or "").strip()
    return (normalise_label(cell),) if cell else f"empty label in column {column}"


def _pair_labels(cell: object, classes: Sequence[str]) -> tuple[str, ...] | str:
    """A labels row's labels from its cell of `name-0/1` pairs (`flag_pairs.pair_labels`), or why it has none."""
    found = flag_pairs.pair_labels(cell, classes)
    return found if isinstance(found, str) else tuple(normalise_label(name) for name in found)


def _key_and_label(found: Evidence, columns: Sequence[str]) -> tuple[str, str]:
    """The names of a labels table's key column and of its one label column ("": its class columns
    give the labels). A table with a header: its columns at `found.column` and `found.label_column`.
    JSON lines have no header and their objects no column order (`{"label": .., "id": ..}` beside
    `{"id": .., "label": ..}`): they are read by name, the key `found.rows_key` (the column the
    detection found in both tables) and the label `found.names[0]`; by place, a row of another
    key order was keyed by its label and given its id as label, exit 0."""
    if not columns:
        return found.rows_key, (found.names[0] if found.label_column is not None and found.names else "")
    key = columns[found.column] if found.column < len(columns) else ""
    single = columns[found.label_column] if found.label_column is not None and found.label_column < len(columns) else ""
    return key, single


@dataclasses.dataclass(frozen=True)
class _AttributeRow:
    """A labels document's record of attributes alone, as a table's row: its number from 1, its attributes."""

    row: int
    cells: dict[str, str]


def _attribute_rows(fileobj) -> list[_AttributeRow]:
    """The records of an XML document of attributes alone (`xml_records.attribute_records`), bounded as records are."""
    data = fileobj.read(xml_records.MAX_XML_BYTES + 1)
    return [_AttributeRow(number, cells) for number, cells in enumerate(xml_records.attribute_records(data), start=1)]


class _ReadKeyedLabels(beam.DoFn):
    """A labels table -> ((table it labels, id), (its path, row, labels or None or a reason))."""

    def __init__(self, source: str) -> None:
        self._source = source

    def process(self, found: Evidence) -> Iterator:
        try:
            with open_input(join_path(self._source, found.path)) as fileobj:
                options = None if found.header else TableOptions(header=False)  # OLID's `id,label` lines
                if tables.table_format(found.path) == tables.XML_RECORDS:  # records of attributes alone (xml_label_joins)
                    header, rows = tables.TableHeader(()), _attribute_rows(fileobj)
                else:
                    header, rows = table_scans.read_table(fileobj, tables.table_format(found.path), size_of(fileobj), options=options)
                for row in rows:
                    if isinstance(row, tables.RowError):
                        yield reject(found.path, row.reason, row.row, _STAGE)
                        continue
                    key, single = _key_and_label(found, header.columns)
                    ident = str(row.cells.get(key, "") or "").strip()
                    if not ident:
                        yield reject(found.path, f"empty {key!r}", row.row, _STAGE)
                        continue
                    if found.label_pairs:  # Disaster Response's `related-1;request-0;...` cell
                        labels = _pair_labels(row.cells.get(single), found.names)
                    else:
                        labels = _one_label(row.cells, single, found.label_lists) if single else row_labels(row.cells, found.names)
                    yield (found.rows_of, ident), (found.path, row.row, labels)
        except (InvalidInputError, OSError) as error:
            yield reject(found.path, f"unusable: {reject_reason(error)}", stage=_STAGE)


class _Resolve(beam.DoFn):
    """((table, id), {rows, labels}) -> the text row's Candidate with its labels, or Rejects."""

    def __init__(self, labelled_by: dict[str, str], beyond: frozenset[str] = frozenset()) -> None:
        self._labelled_by = labelled_by  # table of texts -> its labels table
        self._beyond = beyond  # tables of texts whose labels table holds more items (Evidence.rows_beyond)

    def process(self, joined: tuple[tuple[str, str], dict[str, Iterable]]) -> Iterator:
        (table, ident), groups = joined
        rows = sorted(groups[_ROWS], key=lambda c: c.row)
        labels = sorted(groups[_LABELS], key=lambda found: (found[0], found[1]))
        if not rows and table in self._beyond:
            return  # a metadata table of more items than the texts: an item without a text is no input
        if not rows:
            for path, number, _ in labels:
                yield reject(path, f"names no row of {table}: {ident!r}", number, _STAGE)
            return
        if len(rows) > 1:
            numbers = ", ".join(str(c.row) for c in rows)
            for candidate in rows:
                yield reject(table, f"rows {numbers} share the id {ident!r}: which one its labels are for cannot be told", candidate.row, _STAGE)
            return
        (candidate,) = rows
        if not labels:
            yield reject(table, f"no row of {self._labelled_by.get(table, 'its labels table')} names its id {ident!r}", candidate.row, _STAGE)
            return
        values = {value for _, _, value in labels}
        path, number, value = labels[0]
        if len(values) > 1:
            shown = ", ".join(f"{p} row {n}" for p, n, _ in labels)
            yield reject(table, f"{shown} give its id {ident!r} different labels", candidate.row, _STAGE)
            return
        if isinstance(value, str):
            yield reject(table, f"{path} row {number}: {value}", candidate.row, _STAGE)
            return
        yield Batch([dataclasses.replace(candidate, labels=value or (), unlabelled=value is None)])


class JoinKeyedLabels(beam.PTransform):
    """((table, id), Candidate) of the text rows the `found` labels tables label -> the rows
    labelled ({CANDIDATES, REJECTS})."""

    def __init__(self, source: str, found: Sequence[Evidence]) -> None:
        super().__init__()
        self._source = source
        self._found = list(found)

    def expand(self, keyed_rows: beam.PCollection) -> dict:
        read = (
            keyed_rows.pipeline
            | "KeyedLabelTables" >> beam.Create(self._found)
            | "ReadKeyedLabels" >> beam.ParDo(_ReadKeyedLabels(self._source)).with_outputs(REJECTS, main=_LABELS)
        )
        # ((table, id), (labels table, row, labels))
        joined = (
            {_ROWS: keyed_rows, _LABELS: read[_LABELS]}
            | "JoinOnIds" >> beam.CoGroupByKey()
            | "LabelRowsById" >> beam.ParDo(_Resolve({e.rows_of: e.path for e in self._found}, frozenset(e.rows_of for e in self._found if e.rows_beyond))).with_outputs(REJECTS, main=CANDIDATES)
        )
        rejects = (read[REJECTS], joined[REJECTS]) | "MergeKeyedLabelRejects" >> beam.Flatten()
        return {CANDIDATES: joined[CANDIDATES], REJECTS: rejects}
