"""`--labels FILE --key-column C`: a table of labels joined onto tables of texts by an id column.

Text corpora often ship a record's text and its label in two files joined by an id: Webis
Clickbait 17's `instances.jsonl` (`id`, `postText`, ...) beside `truth.jsonl` (`id`, `truthClass`,
in another order), shared tasks' `test.tsv` of `id<TAB>text` beside a gold table of `id,label`,
LIAR-like dumps whose statements and verdicts sit in two tables. Detection joins the shapes it can
tell by itself (Jigsaw's 0/1 columns: `shardify.plan.label_joins`; OLID's headerless `id,label`
lines: `shardify.plan.id_label_tables`); any other pair was refused, read as a label file naming
files (every row 'names no file') or written unlabelled. Here the user says it: `--labels` names
the labels table (a glob, `'*/truth.jsonl'`, names one per folder), `--key-column` the id column
both tables hold, `--label-column` the labels table's label column. The layout is `tables`; each
labels table labels the one table of texts of its own folder that holds the key column (else
the one in SRC), as an Evidence of kind KEYED_LABELS, and is itself left out of the inputs. The
join runs in the pipeline (`label_join.py`): a text row no labels row names is its reject; a
labels row naming no text row is passed over, not rejected (`Evidence.rows_beyond`: the labels
table may be metadata of more items than the texts, CMU's; the plan says so), and its rows are no
inputs. A JSON-lines labels table is read by its columns' names, whatever each object's key order.

Nothing is guessed: a labels table without the columns named, or whose table of texts cannot be
told, stops before writing naming what was found.
"""

from __future__ import annotations

import dataclasses
import json
import posixpath

from shardify.beam_jobs.discover import head_reads, key_paths, label_file_found
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import column_content
from shardify.converters import tables as tables_lib
from shardify.converters.column_names import LABEL_COLUMN_NAMES, choose_column
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input
from shardify.inputs.excludes import exclude_option
from shardify.inputs.paths import join_path
from shardify.plan import layout, tag_labels
from shardify.plan.evidence import KEYED_LABELS, Evidence

__all__ = ["as_tables", "cell_labels", "join_hint", "joining", "metadata_join_hint", "read_joined", "with_given_joins"]

_TABLE_EXTENSIONS = ("csv", "tsv", "jsonl", "json", "parquet", "txt")


def joining(config: ConvertConfig) -> bool:
    """The user asked for a join: `--labels` together with `--key-column`, whose cells are ids, not
    file names (those name the inputs of a label file: `key_paths.py`)."""
    return bool(config.labels_file and config.key_column) and not key_paths.keys_name_files(config)


def as_tables(config: ConvertConfig) -> ConvertConfig:
    """The options a join runs under: the tables layout, unless the user named one."""
    return dataclasses.replace(config, layout=layout.TABLES) if joining(config) and not config.layout else config


def read_joined(config: ConvertConfig) -> ConvertConfig:
    """The options the pipeline reads the tables of texts under, once detection has put the join in
    the layout: `--label-column` names the labels table's column, none of the texts' (a headerless
    table of texts has a column `9` no more than its rows have labels of their own)."""
    return dataclasses.replace(config, label_column="") if joining(config) else config


def _columns(config: ConvertConfig, relpath: str) -> tuple[list[str], list]:
    """A table's columns in order and its first rows' cells (a JSON-lines table's: its first
    object's keys), or ([], []) where it cannot be read."""
    if tables_lib.table_format(relpath) == tables_lib.JSONL:
        rows = []
        for line in head_reads.head_lines(config, relpath, lines=20):
            try:
                row = json_input.parse(line)
            except InvalidInputError:
                continue
            if isinstance(row, dict):
                rows.append(row)
        return (list(rows[0]), rows) if rows else ([], [])
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            header = tables_lib.read_header(fileobj, tables_lib.table_format(relpath), header=config.table_options.header,
                                            encoding=config.table_options.encoding)
    except (OSError, InvalidInputError):
        return [], []
    return list(header.columns), list(header.sample)


def _labels_tables(config: ConvertConfig) -> list[str]:
    given = label_file_found.relative_labels_file(config.source, config.labels_file)
    found = [rel for _, rel in label_file_found.label_file_paths(config.source, given)]
    outside = [rel for rel in found if rel.startswith("/") or "://" in rel]
    if outside:
        raise UsageError(f"--labels {outside[0]} lies outside SRC {config.source}: a labels table joined by --key-column "
                         "lies under SRC, beside its table of texts")
    return found


def with_given_joins(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with each table `--labels` names joined onto its table of texts by `--key-column`.

    Raises:
      UsageError: SRC holds no tables of texts; a labels table lacks the key or label column; its
        table of texts cannot be told.
    """
    if not joining(config):
        return detected
    given = _labels_tables(config)
    if detected.name != layout.TABLES:
        raise UsageError(f"--labels {config.labels_file} --key-column {config.key_column} joins labels onto tables of texts, "
                         f"and {config.source} reads as {detected.name}: drop --key-column to label files by path or name")
    if not given:
        raise UsageError(f"--labels {config.labels_file} names no file under {config.source}")
    key = config.key_column
    texts = {}
    for path in sample:
        if path in given or layout.extension(path) not in _TABLE_EXTENSIONS or detected.is_auxiliary(path):
            continue
        columns, _ = _columns(config, path)
        if key in columns:
            texts[path] = columns
    found = []
    for path in given:
        columns, rows = _columns(config, path)
        if key not in columns:
            raise UsageError(f"--key-column {key!r} is no column of the labels table {path} (its columns: {columns[:12]})")
        folder = posixpath.dirname(path)
        beside = [t for t in texts if posixpath.dirname(t) == folder] or (list(texts) if len(given) == 1 else [])
        if len(beside) != 1:
            shown = ", ".join(beside or texts) or "none"
            raise UsageError(f"--labels {path} --key-column {key!r}: which table of texts it labels cannot be told (tables "
                             f"with the column {key!r}: {shown}): keep one table of texts beside each labels table")
        try:
            label = choose_column(columns, config.label_column, LABEL_COLUMN_NAMES, "label")
        except InvalidInputError as error:
            raise UsageError(f"--labels {path}: {error.reason}") from None
        if not label or label == key:
            raise UsageError(f"--labels {path}: no column is named as the label (its columns: {columns[:12]}): name it "
                             "with --label-column")
        at = columns.index(label)
        cells = [row.get(label) if isinstance(row, dict) else (row[at] if at < len(row) else "") for row in rows]
        lists = _list_cells(cells)
        several = " (several labels a cell: its list's items, an {id: name} object's names)" if lists else ""
        found.append(Evidence(
            path, KEYED_LABELS, column=columns.index(key), header=True, names=(label,), label_column=at,
            rows_of=beside[0], rows_key=key, label_lists=lists, rows_beyond=True,
            note=(f"{path}: the labels of {beside[0]}'s rows, its column {label!r} joined by {key!r} (--labels --key-column)"
                  f"{several}; its rows of ids no text has are passed over"),
        ))
    return dataclasses.replace(detected, evidence=(*detected.evidence, *found), left_out=(*detected.left_out, *given),
                               notes=(*detected.notes, *(e.note for e in found)))


def cell_labels(cell: object) -> tuple[str, ...] | str:
    """A label cell's several labels: a list's items, an {id: name} object's names (the CMU Movie
    Summary corpus's genres, `{"/m/07s9rl0": "Drama"}`), as JSON or a list literal; () for an empty
    one; else why the cell is neither.

    >>> cell_labels('{"/m/07s9rl0": "Drama", "/m/01z4y": "Comedy"}'), cell_labels("['a', 'b']"), cell_labels("{}")
    (('Drama', 'Comedy'), ('a', 'b'), ())
    >>> cell_labels("Drama")
    "'Drama' is no list and no {id: name} object"
    """
    value = cell
    if isinstance(cell, str) and cell.strip().startswith("{"):
        try:
            value = json.loads(cell)
        except ValueError:
            value = cell
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        names = tuple(str(v).strip() for v in value if isinstance(v, (str, int)) and str(v).strip())
        return names if len(names) == len(value) else f"{str(cell)[:40]!r} holds values that are no names"
    if isinstance(value, str) and (names := tag_labels.list_labels(value)) is not None:
        return names
    return f"{str(cell)[:40]!r} is no list and no {{id: name}} object"


def _list_cells(cells: list) -> bool:
    """Most sampled label cells hold several labels (lists or {id: name} objects), some of them any."""
    found = [cell_labels(c) for c in cells if c not in (None, "")]
    lists = [f for f in found if not isinstance(f, str)]
    return bool(found) and len(lists) * 2 > len(found) and any(lists)


def metadata_join_hint(texts: str, beside: list[str], headers: dict, paths=()) -> str:
    """What a stop over `id<TAB>text` lines beside metadata tables keyed by the same ids names
    (`keyed_texts`): the join by the first column, the columns whose cells hold several names
    (the CMU corpus's languages, countries, genres), and the other tables to leave out."""
    def several_of(table: str) -> list[str]:
        header = headers[table]
        return [str(i + 1) for i in range(len(header.columns)) if _list_cells([row[i] for row in header.sample if i < len(row)])]

    table = next((t for t in beside if several_of(t)), beside[0])  # the one holding names, as labels are
    several = several_of(table)
    columns = f"; columns {', '.join(several)} of {table} hold lists or {{id: name}} objects, several labels each" if several else ""
    others = [p for p in dict.fromkeys([*headers, *paths]) if p not in (texts, table)]
    leave = f" --exclude {' --exclude '.join(others)}" if others else ""
    return (f"--labels {table} --key-column 1 --label-column N{leave} joins column N of {table} onto {texts}'s texts by "
            f"their ids (the first column of each){columns}")


# Text columns a join's stop names beside the first (as "or ..."), enough to choose among.
_TEXTS_SHOWN = 4
_LABEL_ENDINGS = ("label", "labels", "class", "category", "verdict", "gold")
_ID_NAMES = ("id", "key", "uid", "qid", "docid", "post_id", "tweet_id", "example_id")


def join_hint(config: ConvertConfig, sample: list[str], tables: list[str]) -> str:
    """The `--labels --key-column --label-column` a stop names where one of `tables` (files no
    reader took) holds texts and a table beside it holds labels of the same id column (Webis
    Clickbait's instances.jsonl and truth.jsonl by `id`), or "". Only a hint: the stop still stops.

    >>> join_hint(ConvertConfig("/nonexistent", "/tmp/out"), [], [])
    ''
    """
    for path in tables:
        columns, _ = _columns(config, path)
        keys = [c for c in columns if c.lower() in _ID_NAMES]
        folder = posixpath.dirname(path)
        for other in sorted(p for p in sample if p != path and posixpath.dirname(p) == folder
                            and layout.extension(p) in _TABLE_EXTENSIONS[:4]):
            theirs, _ = _columns(config, other)
            shared = [k for k in keys if k in theirs]
            if not shared or len(theirs) >= len(columns):
                continue  # the labels table is the narrower one: an id and its judgements
            label = next((c for c in theirs if c != shared[0] and c.lower().endswith(_LABEL_ENDINGS)), "LABEL")
            name = posixpath.basename(other)
            twins = [p for p in sample if posixpath.basename(p) == name]
            given = other if len(twins) == 1 else "/".join(["*"] * other.count("/") + [name])
            return (f"--labels {given!r} --key-column {shared[0]} --label-column {label}{_rest(config, sample, path)} "
                    f"where {other} holds the labels of {path}'s rows by {shared[0]!r}")
    return ""


def _rest(config: ConvertConfig, sample: list[str], path: str) -> str:
    """What else the join of `path`'s rows needs, by value where the files show it: the columns of
    `path` holding text (Webis Clickbait's `postText`, a list of one string, beside its titles), of
    which the user names one, and the folders of other files beside `path` (its `media/`, the posts'
    pictures: read, each would be a record of its own), a glob where each such folder has its twins.
    """
    _, rows = _columns(config, path)
    objects = [r for r in rows if isinstance(r, dict)]
    texts = [c for c in (objects[0] if objects else {})
             if column_content.column_kind([_first_text(r.get(c)) for r in objects]) == column_content.TEXT]
    said = ""
    if texts:
        said = f" --text-column {texts[0]!r}" + (f" (or {', '.join(repr(t) for t in texts[1:_TEXTS_SHOWN])})" if len(texts) > 1 else "")
    folder = posixpath.dirname(path)
    depth = path.count("/")
    beside = sorted({p.split("/")[depth] for p in sample if p.count("/") > depth and (not folder or p.startswith(folder + "/"))
                     and layout.extension(p) not in _TABLE_EXTENSIONS})
    for name in beside:
        twins = {p.split("/")[depth] == name and "/".join(p.split("/")[:depth]) for p in sample if p.count("/") > depth} - {False}
        said += (f" --exclude {'/'.join(['*'] * depth + [name])!r}" if len(twins) > 1
                 else " " + exclude_option(posixpath.join(folder, name)))
    return said or " (with --text-column and --exclude for the rest)"


def _first_text(cell: object) -> object:
    """A cell as its text: a list's first string (a post's text as a list of one)."""
    return cell[0] if isinstance(cell, list) and cell and isinstance(cell[0], str) else cell
