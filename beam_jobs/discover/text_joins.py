"""Tables of pairs whose second text is a key into a sibling table of texts: joined, or a stop.

FNC-1 ships `train_stances.csv` (`Headline,Body ID,Stance`) beside `train_bodies.csv` (`Body
ID,articleBody`), and `competition_test_stances.csv` beside `competition_test_bodies.csv`: each
stance row pairs a headline with the body its `Body ID` names, many headlines to a body. Read as
four tables, the bodies were records of their own and each stance row lost its body (the run
stopped asking for a label column, naming nothing that reads the pairs).

Told here from the tables' headers and first rows (`head_reads.table_headers`): a texts table of
two columns under a header, a key and a text (its sampled cells of at least _TEXT_WORDS words on
average), and a rows table beside it (same folder) holding the same key column among two others
or more, not the text column. A rows table takes the texts table of its key whose name shares the
most words with its own (`train_stances` with `train_bodies`, not `competition_test_bodies`).
The join is read where it is sure: the texts table read whole (`joined_texts.read_texts`: no key
twice with two texts, none blank) and every sampled row's key found in it; then it is the layout's
`text_joins` (the texts table no input, each row's pair its body; a row whose key names no text is
its reject). Where it is not sure, the run stops before writing, naming the tables, the doubt, and
what decides (`--exclude` the texts table, or a layout file's `text_joins` line).
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import head_reads
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import joined_texts, tables
from shardify.converters.columns import TableOptions
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.text_joins import TextJoin

__all__ = ["joined_reading", "text_columns_of", "with_text_joins"]

# A column of texts, not of ids or names: its sampled cells hold this many words on average.
_TEXT_WORDS = 8
# The rows' own text (a headline, a claim) is shorter: this many words on average.
_OWN_WORDS = 3
_TABLES = ("csv", "tsv")
# Tables whose headers are read, shallowest first (a dataset's pair tables lie near its root; detection
# stays bounded over thousands of tables).
_LOOKED_AT = 64
_NAME_WORDS = re.compile(r"[_\-. ]+")


def _words(cells: Sequence[str]) -> float:
    return sum(len(str(c).split()) for c in cells) / len(cells) if cells else 0.0


def text_columns_of(header: tables.TableHeader) -> tuple[str, str] | None:
    """(key, text) of a texts table: two named columns, one of texts, the other not.

    >>> text_columns_of(tables.TableHeader(("Body ID", "articleBody"), sample=(("7", "A long body of many words here, told."),)))
    ('Body ID', 'articleBody')
    >>> text_columns_of(tables.TableHeader(("id", "label"), sample=(("7", "cat"),))) is None
    True
    """
    if not header.present or len(header.columns) != 2 or not header.sample:
        return None
    long = [i for i in (0, 1) if _words([row[i] for row in header.sample if len(row) > i]) >= _TEXT_WORDS]
    if len(long) != 1:
        return None
    text = header.columns[long[0]]
    return header.columns[1 - long[0]], text


def _shared_words(a: str, b: str) -> int:
    """How many words (split at `_`, `-`, `.`, spaces) the two tables' names share: `train_stances`
    and `train_bodies` one, `claims_train` and `evidence_train` one, `train_stances` and
    `competition_test_bodies` none."""
    return len(set(_NAME_WORDS.split(layout.stem(a).lower())) & set(_NAME_WORDS.split(layout.stem(b).lower())) - {""})


def _own_text(header: tables.TableHeader, texts: dict[str, tuple[str, str]]) -> bool:
    """The rows table holds a text of its own (FNC-1's `Headline`): a column, not a texts table's key,
    of _OWN_WORDS words or more on average in its first rows."""
    keys = {key for key, _ in texts.values()}
    return any(_words([row[i] for row in header.sample if len(row) > i]) >= _OWN_WORDS
               for i, name in enumerate(header.columns) if name not in keys)


def _pairs(headers: dict[str, tables.TableHeader]) -> tuple[list[TextJoin], list[str]]:
    """(the joins the headers show, the rows tables whose texts table cannot be told)."""
    texts = {path: cols for path, header in headers.items() if (cols := text_columns_of(header))}
    joins, unsure = [], []
    for path, header in sorted(headers.items()):
        if path in texts or not header.present or len(header.columns) < 3 or not _own_text(header, texts):
            continue  # (a table of metadata by the same ids, no text of its own, is no pair: keyed_texts' stops)
        options = [(t, key, text) for t, (key, text) in texts.items()
                   if key in header.columns and text not in header.columns and posixpath.dirname(t) == posixpath.dirname(path)]
        if not options:
            continue
        best = max(_shared_words(path, t) for t, _, _ in options)
        chosen = [o for o in options if _shared_words(path, o[0]) == best]
        if len(chosen) != 1:
            unsure.append(f"{path} could take the texts of {' or '.join(t for t, _, _ in chosen)}")
            continue
        t, key, text = chosen[0]
        joins.append(TextJoin(path, t, key, text))
    return joins, unsure


def _texts(config: ConvertConfig, join: TextJoin) -> dict[str, str] | OSError | InvalidInputError:
    """The join's texts by key (`joined_texts.read_texts`), or why they cannot be read; read once
    per detection (`head_reads.read_once`): `_doubt` judges the join by them, then `joined_reading`
    names the columns by them, and each read the whole table."""

    def read() -> dict[str, str] | OSError | InvalidInputError:
        try:
            with open_input(join_path(config.source, join.texts)) as fileobj:
                return joined_texts.read_texts(fileobj, join, config.table_options.encoding)
        except (OSError, InvalidInputError) as error:
            return error

    return head_reads.read_once(("joined texts", config.source, join, config.table_options.encoding), read)


def _doubt(config: ConvertConfig, join: TextJoin, header: tables.TableHeader) -> str:
    """What makes the join unsure, or ""."""
    texts = _texts(config, join)
    if isinstance(texts, Exception):
        return getattr(texts, "reason", str(texts))
    at = header.columns.index(join.key)
    keys = [row[at] for row in header.sample if len(row) > at and joined_texts.joined_key(row[at])]  # (a blank one: its row's reject)
    missing = [k for k in keys if joined_texts.joined_key(k) not in texts]
    if not keys or missing:
        return f"{len(missing)} of its first {len(keys)} rows' {join.key} name no row of {join.texts} ({', '.join(missing[:3])})"
    return ""


def with_text_joins(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with the joins its tables show (the module's docstring); unchanged where none, or
    where the layout names its own (a layout file).

    Raises:
      UsageError: a join that is not sure: the tables, the doubt, and what decides.
    """
    if detected.name != layout.TABLES or detected.text_joins or detected.line_files:
        return detected
    paths = sorted((p for p in sample if layout.extension(p) in _TABLES and not detected.is_auxiliary(p)),
                   key=lambda p: (p.count("/"), p))[:_LOOKED_AT]
    if len(paths) < 2:
        return detected
    headers = head_reads.table_headers(config, paths)
    joins, unsure = _pairs(headers)
    doubts = unsure + [f"{j.table} by {j.key!r} in {j.texts}: {d}" for j in joins if (d := _doubt(config, j, headers[j.table]))]
    if doubts:
        texts = sorted({j.texts for j in joins})
        raise UsageError(
            f"tables of pairs name their second text by a key into a table of texts, but {'; '.join(doubts)}: shardify cannot "
            f"join them surely, and unjoined the texts would be records of their own, the pairs without them. Decide: "
            f"--exclude {' --exclude '.join(texts) or 'the texts table'} (the pairs' rows alone), or a layout file whose "
            f"text_joins lists each {{table, texts, key, text}} (--dry-run --layout-file FILE; docs/layout-files.md)"
        )
    if not joins:
        return detected
    note = "; ".join(f"{j.table}: each row's {j.text!r} the text its {j.key!r} names in {j.texts}" for j in joins)
    return dataclasses.replace(detected, text_joins=tuple(joins), notes=(*detected.notes, note))


def joined_reading(config: ConvertConfig, join: TextJoin, header: tables.TableHeader) -> tuple[tables.TableHeader, TableOptions]:
    """The rows table's header and options as the scan reads them (`joined_texts`): the joined text a
    column of its own, the key kept. The header unchanged where the texts table cannot be read (the
    scan rejects the rows with its reason)."""
    options = joined_texts.with_key_kept(config.table_options, join)
    texts = _texts(config, join)
    if isinstance(texts, Exception):
        return header, options
    try:
        return joined_texts.joined_header(header, join, texts), options
    except (OSError, InvalidInputError):
        return header, options
