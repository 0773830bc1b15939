"""The tables of one dataset are read alike: whether their first rows are headers, and which
column holds the label, decided over the tables together rather than table by table.

A dataset ships its splits as tables of one shape (GoEmotions' `train.tsv`, `dev.tsv`, `test.tsv`;
LIAR's `train.tsv`, `valid.tsv`, `test.tsv`). Decided per table, a headerless table whose first
row happened to look like column names lost that row to a "header" while its siblings kept theirs,
and a small table too short to show its label column by content was written unlabelled beside
labelled ones. So, before the pipeline, the CSV and TSV tables detection saw are read once more
(their first rows, SAMPLE_ROWS at most each): where they are of one format and one width and the
user said nothing of headers or labels,

- one table's first row is data: every table's first row is (`--no-header`, said in the plan),
  unless another's first row holds a usual column name (`text`, `label`, `id`): then which is
  meant cannot be told, and the run stops naming `--header` / `--no-header`;
- every table refuses alike, naming the option that decides (three columns of text: `--text-column`):
  the run stops before writing, as a guess would;
- without header rows, the label column found by content in some tables (and none other found in
  the rest) is every table's (`--label-column N`, with its separator for class-id lists).

Both decisions become options, so discovery and the writer, which each read a table's header
again, read every table alike. A names file beside such tables (one class name a line, as many as
the ids need: GoEmotions' `emotions.txt`) names the class ids when no vocabulary is known yet.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import columns as columns_lib
from shardify.converters import tables, word_labels
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input
from shardify.inputs.paths import join_path
from shardify.inputs.whole_numbers import whole_number
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout, sampled_claims

__all__ = ["agreed"]

# Tables read again (their first rows only), and lines of a names file read.
_TABLES_LOOKED_AT = 8
_NAMES_LINES = 1000
_GROUPING_BYTES = 1 << 16
# Column names a header row uses (columns' usual names): a first row holding one is a header.
_USUAL_NAMES = frozenset(
    {*columns_lib.TEXT_COLUMN_NAMES, *columns_lib.LABEL_COLUMN_NAMES, *columns_lib.KEY_COLUMN_NAMES,
     *(name for pair in columns_lib.PAIR_COLUMN_NAMES for name in pair)}
)
# Sampled rows a table needs for its label column found by content to count (as columns' rule).
_ROWS_TO_SHOW_LABELS = 4
# A class name in a names file found by content: a word of letters, `_` or `-` (not a token list's `[PAD]`).
_NAME = re.compile(r"^[A-Za-z][A-Za-z_\-]*$")


def agreed(config: ConvertConfig, found: layout.SourceLayout, sample: Sequence[str]) -> tuple[ConvertConfig, layout.SourceLayout]:
    """`config` with the header and label options the tables agree on, and `found` with a note
    saying so (unchanged where the tables are not of one shape, or the user decided)."""
    if found.name != layout.TABLES or found.source_file or config.layout_given is not None:
        return config, found
    if config.header is not None or config.label_column.strip() or config.label_separator:
        return config, found
    by_lines = dict(found.row_labels)  # (labelled by a gold file's lines: no label column to agree on)
    paths = [p for p in sample if layout.extension(p) in ("csv", "tsv") and not found.is_auxiliary(p) and p not in by_lines][:_TABLES_LOOKED_AT]
    heads = _headers(config, paths, None)
    if len(heads) < 2 or len(heads) != len(paths) or len({(layout.extension(p), len(h.columns)) for p, h in heads}) != 1:
        return config, found
    headerless = [p for p, h in heads if not h.present]
    if not headerless:
        return config, found
    notes = []
    if len(headerless) < len(heads):
        read_as_headers = [p for p, h in heads if h.present]
        named = [(p, h.columns) for p, h in heads if h.present and {c.lower() for c in h.columns} & _USUAL_NAMES]
        if named:  # names as columns are named beside a data row: which is meant cannot be told
            raise UsageError(
                f"tables of one shape disagree: {named[0][0]}'s first row names columns "
                f"({', '.join(map(repr, named[0][1]))}) while {headerless[0]}'s first row is data; "
                "pass --header or --no-header to say which"
            )
        notes.append(
            f"no header rows: the first rows of {', '.join(read_as_headers)} are read as data, as {headerless[0]}'s is "
            "(the tables of one shape are read alike; --header if they are column names)"
        )
        heads = _headers(config, paths, False)
    options = dataclasses.replace(config.table_options, header=False)
    labels, refusals, undecided = {}, {}, []
    for path, header in heads:
        try:
            columns = header.resolve(options)
        except InvalidInputError as error:
            refusals[path] = error.reason
            if isinstance(error, word_labels.UndecidedWords):  # words too few to tell: a follower, if any shows
                undecided.append(path)
            continue
        labels[path] = (columns.label, columns.separator)
    # Only tables of enough rows show their label column (`label_columns.label_kind`); the others follow.
    shown = {p: v for p, v in labels.items() if len(dict(heads)[p].sample) >= _ROWS_TO_SHOW_LABELS}
    found_labels = {value for value in shown.values() if value[0]}
    for path in undecided if found_labels else ():
        refusals.pop(path)
        labels[path] = ("", "")
    reasons = set(refusals.values())
    if refusals and len(reasons) == 1 and "--" in next(iter(reasons)) and not found_labels:
        # the tables refuse alike (or the rest show nothing), naming the option that decides: stop
        # before writing, not exit 1 with the reason in rejected.jsonl
        raise UsageError(f"{', '.join(refusals)} (tables of one shape, no header row): {next(iter(reasons))}")
    changes: dict[str, object] = {"header": False}
    if len(found_labels) == 1 and len(labels) > 1 and any(v not in found_labels for v in labels.values()):
        (label, separator), = found_labels
        changes.update(label_column=label, label_separator=separator)
        others = [p for p, v in labels.items() if v not in found_labels]
        notes.append(
            f"label column {label} in every table, as in {next(p for p, v in shown.items() if v[0])} "
            f"({', '.join(others)} too short to show it alone; --label-column N to name another)"
        )
    config = dataclasses.replace(config, **changes)
    # (a label column found by the sampled cells of some tables: the plan confirms it over every record)
    claims = [sampled_claims.SampledClaim(sampled_claims.LABELS, str(changes["label_column"]), tuple(sorted(labels)))
              ] if "label_column" in changes else []
    found = dataclasses.replace(found, notes=(*found.notes, *notes), sampled_claims=(*found.sampled_claims, *claims))
    if found_labels and not found.vocabulary and not config.label_names:
        found = _with_names_file(config, found, sample, heads, next(iter(found_labels)))
    return config, found


def _headers(config: ConvertConfig, paths: Sequence[str], header: bool | None) -> list[tuple[str, tables.TableHeader]]:
    read = []
    for path in paths:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                read.append((path, tables.read_header(fileobj, layout.extension(path), None, header, config.encoding)))
        except (OSError, InvalidInputError):
            continue
    return read


def _with_names_file(
    config: ConvertConfig,
    found: layout.SourceLayout,
    sample: Sequence[str],
    heads: Sequence[tuple[str, tables.TableHeader]],
    label: tuple[str, str],
) -> layout.SourceLayout:
    """`found` with the class names of a `.txt` beside the tables, one name a line, when the label
    column holds class ids (whole numbers) that all fall within its lines."""
    column, separator = label
    ids = []
    for _, header in heads:
        if column not in header.columns:
            return found
        i = header.columns.index(column)
        for row in header.sample:
            cells = row[i].split(separator) if separator else [row[i]]
            numbers = [whole_number(cell.strip()) for cell in cells]  # (None past 18 digits: int() refuses 4,300)
            if None in numbers:
                return found
            ids += numbers
    folders = {posixpath.dirname(p) for p, _ in heads}
    beside = [p for p in sample if layout.extension(p) == "txt" and posixpath.dirname(p) in folders]
    for path in sorted(beside):
        lines = label_file_found.head_lines(config, path, lines=_NAMES_LINES)
        names = evidence_lib.read_vocabulary(lines)
        if not names or len(lines) >= _NAMES_LINES or not all(_NAME.match(name) for name in names):
            continue
        if ids and max(ids) < len(names):
            note = f"label names from {path} ({len(names)}: {', '.join(names[:3])}...), line i naming class id i"
            groupings = _groupings(config, sample, folders, set(names))
            if groupings:
                note += f"; {', '.join(groupings)} group those classes: not read (auxiliary)"
            return dataclasses.replace(
                found, vocabulary=names, vocabulary_file=path, vocabulary_base=0, groupings=groupings, notes=(*found.notes, note)
            )
    return found


def _groupings(config: ConvertConfig, sample: Sequence[str], folders: set[str], names: set[str]) -> tuple[str, ...]:
    """The `.json` files beside the tables that map names to lists of the vocabulary's names
    (GoEmotions' `ekman_mapping.json`: `{"anger": ["anger", "annoyance"]}`): a grouping of the
    classes, no table of records; auxiliary, so not rejected as "not a table"."""
    found = []
    for path in sorted(p for p in sample if layout.extension(p) == "json" and posixpath.dirname(p) in folders):
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                data = fileobj.read(_GROUPING_BYTES + 1)
            document = json_input.parse(data) if len(data) <= _GROUPING_BYTES else None
        except (OSError, InvalidInputError):  # not JSON, nested past the parser, 5,000 digits: no grouping
            continue
        if not isinstance(document, dict) or not document:
            continue
        values = [v for value in document.values() for v in (value if isinstance(value, list) else [value])]
        if all(isinstance(v, str) for v in values) and values and set(values) <= names:
            found.append(path)
    return tuple(found)
