"""A table's rows joined by a key column to the texts of a sibling table: the pair's second text.

Pair datasets keep a long text once and name it by id from every row that pairs with it: FNC-1's
`train_stances.csv` (`Headline,Body ID,Stance`) beside `train_bodies.csv` (`Body ID,articleBody`),
each body paired with many headlines. Read as two tables, the bodies became records of their own,
unlabelled, and each stance row lost its body. A `TextJoin` says which rows table takes which texts
table's text by which key column; the rows' cells then hold the text under the texts table's column
name, so that the columns' rules (`columns.resolve_columns`) find it as the second text of a pair,
and the texts table is no input. Which tables join is detection's (`beam_jobs/discover/text_joins.py`);
this module owns the reading: the texts table read whole (at most MAX_TEXTS_BYTES of texts), a key
given twice with another text refused, a row whose key names no text its row's error. No Beam.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import BinaryIO

from shardify.converters import table_scans, tables
from shardify.converters.columns import TableOptions
from shardify.errors import InvalidInputError
from shardify.plan.text_joins import TextJoin

__all__ = ["MAX_TEXTS_BYTES", "TextJoin", "joined_cells", "joined_header", "joined_key", "joined_rows", "read_texts", "with_key_kept"]

# A texts table is held whole by the worker that joins it (FNC-1's train_bodies.csv: 3.6 MB).
MAX_TEXTS_BYTES = 512 << 20


def joined_key(value: object) -> str:
    """A key cell as text: `12` and `12.0` (a spreadsheet's export) are one key; spaces around it none."""
    text = str(value).strip() if value is not None else ""
    if text.endswith(".0") and text[:-2].isdigit():
        return text[:-2]
    return text


def read_texts(fileobj: BinaryIO, join: TextJoin, encoding: str = "utf-8") -> dict[str, str]:
    """{key: text} of the texts table `fileobj` (CSV or TSV, under a header).

    Raises:
      InvalidInputError: no such columns, a key given twice with different texts, a blank key, or
        more than MAX_TEXTS_BYTES of texts.
    """
    header, rows = table_scans.read_table(fileobj, tables.table_format(join.texts), options=TableOptions(header=True, encoding=encoding))
    missing = [c for c in (join.key, join.text) if c not in header.columns]
    if missing:
        raise InvalidInputError(f"{join.texts} has no column {missing[0]!r} (its columns: {', '.join(header.columns[:6])})")
    found: dict[str, str] = {}
    total = 0
    for row in rows:
        if isinstance(row, tables.RowError):
            raise InvalidInputError(f"{join.texts} row {row.row}: {row.reason}")
        key, text = joined_key(row.cells.get(join.key)), row.cells.get(join.text)
        if not key:
            raise InvalidInputError(f"{join.texts} row {row.row}: no {join.key!r}: which rows its text pairs with cannot be told")
        if key in found and found[key] != text:
            raise InvalidInputError(f"{join.texts} gives {join.key} {key[:40]!r} twice, with different texts: which is meant cannot be told")
        found[key] = text if isinstance(text, str) else ""
        total += len(found[key])
        if total > MAX_TEXTS_BYTES:
            raise InvalidInputError(f"{join.texts} holds more than {MAX_TEXTS_BYTES:,} bytes of texts (held whole to join, so refused)")
    return found


def joined_cells(cells: Mapping[str, object], join: TextJoin, texts: Mapping[str, str]) -> dict[str, object]:
    """`cells` with the text its key names under `join.text`.

    >>> join = TextJoin("train_stances.csv", "train_bodies.csv", "Body ID", "articleBody")
    >>> joined_cells({"Headline": "A", "Body ID": "7", "Stance": "agree"}, join, {"7": "The body."})["articleBody"]
    'The body.'

    Raises:
      InvalidInputError: its key is blank, or names no row of the texts table, or a blank text.
    """
    key = joined_key(cells.get(join.key))
    text = texts.get(key) if key else None
    if not key or text is None:
        raise InvalidInputError(f"its {join.key} {key[:40]!r} names no row of {join.texts}" if key else f"no {join.key!r}: no text of {join.texts} to pair")
    if not text.strip():
        raise InvalidInputError(f"its {join.key} {key[:40]!r} names a blank {join.text!r} in {join.texts}")
    return {**cells, join.text: text}


def joined_header(header: tables.TableHeader, join: TextJoin, texts: Mapping[str, str]) -> tables.TableHeader:
    """`header` with the joined column after its own, its sampled rows with their texts (blank where
    a key names none: the row's own reading says so)."""
    if join.key not in header.columns:
        raise InvalidInputError(f"no column {join.key!r} to join {join.texts}'s texts by (its columns: {', '.join(header.columns[:6])})")
    if join.text in header.columns:
        raise InvalidInputError(f"a column {join.text!r} of its own beside {join.texts}'s: which is the pair cannot be told")
    at = header.columns.index(join.key)
    sample = tuple((*row, texts.get(joined_key(row[at]), "") if at < len(row) else "") for row in header.sample)
    return dataclasses.replace(header, columns=(*header.columns, join.text), sample=sample)


def joined_rows(rows: Iterator[tables.Row | tables.RowError], join: TextJoin, texts: Mapping[str, str]) -> Iterator[tables.Row | tables.RowError]:
    """Each row with its joined text; a row whose key names none becomes its RowError."""
    for row in rows:
        if isinstance(row, tables.RowError):
            yield row
            continue
        try:
            yield dataclasses.replace(row, cells=joined_cells(row.cells, join, texts))
        except InvalidInputError as error:
            yield tables.RowError(row.row, error.reason)


def with_key_kept(options: TableOptions, join: TextJoin) -> TableOptions:
    """`options` reading the joined text as the pair's second text, and keeping the join's key column
    as a feature: it is the pair's id (FNC-1's `Body ID`), never looked at as the label, and not lost.

    >>> joined = with_key_kept(TableOptions(), TextJoin("s.csv", "b.csv", "Body ID", "articleBody"))
    >>> joined.keep_columns, joined.pair_column
    (('Body ID',), 'articleBody')
    """
    options = dataclasses.replace(options, pair_column=join.text)
    if options.keep_columns == ("*",) or join.key in options.keep_columns or options.label_column == join.key:
        return options
    return dataclasses.replace(options, keep_columns=(*options.keep_columns, join.key))
