"""Folders of tables named by splits, one folder per subset: each table a split of its own.

ANLI ships `anli_v1.0/R1/{train,dev,test}.jsonl`, `R2/...`, `R3/...`: three rounds, each a
train, dev and test table of the same fields. Tables named by splits are inputs when they lie at
the top or in one folder (`layout_guess`); spread over sibling folders they were taken for label
or split files ("holds no images or texts"). The same kind covers any download of subsets (rounds,
domains, languages) side by side, each with its own split tables.

Read as such only where nothing else could be meant: no image or text file in the sample, two or
more sibling folders (none named like a split) holding every table (JSON lines, CSV, TSV), each
folder's tables all named by splits (one table a split) and naming the same ones, and every
table's first record holding the same keys (or header the same columns), a text among them
(PAWS-X's `x-final/<lang>/train.tsv`, `translated_train.tsv`, `dev_2k.tsv` ...). Then each table is a split of its own, `<split>_<folder>` (`train_R1`, HF's
`train_r1`): never two subsets merged under one name (`split_patterns`, which a layout file can
mend). Folders of tables of other fields (GLUE's tasks, each its own columns) stay as they were:
which is meant is not told by the files.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from typing import BinaryIO

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_lines, json_shapes, qa_json, tables
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.table_groups import GLOB_CHARACTERS
from shardify.plan.structure import split_word

__all__ = ["subset_split_patterns"]

_TABLES = ("jsonl", "json", "csv", "tsv")
# Tables whose first record is read.
_LOOKED_AT = 64
_LOOKED_AT_BYTES = 64 << 10
# A table holding no record: it names no fields (`_first_keys`).
_EMPTY = None


def subset_split_patterns(config: ConvertConfig, sample: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """(table path, `<stem>_<folder>`) for each table of such subset folders, or ()."""
    if any(layout.is_media_file(p, "image") or layout.is_media_file(p, "text") for p in sample):
        return ()
    tables = [p for p in sample if layout.extension(p) in _TABLES]
    others = [p for p in sample if layout.extension(p) in layout.TABLE_EXTENSIONS and p not in tables]
    folders = {posixpath.dirname(p) for p in tables}
    parents = {posixpath.dirname(f) for f in folders}
    if others or len(folders) < 2 or len(tables) > _LOOKED_AT or len(parents) != 1 or "" in folders:
        return ()
    if any(split_word(posixpath.basename(f)) for f in folders) or any(GLOB_CHARACTERS & set(p) for p in tables):
        return ()
    splits = {f: [split_word(layout.stem(p)) for p in tables if posixpath.dirname(p) == f] for f in folders}
    if any(None in named or len(set(named)) < len(named) for named in splits.values()):
        return ()  # a table naming no split, or two naming one (dev_matched, dev_mismatched): not this kind
    if len({frozenset(named) for named in splits.values()}) != 1:
        return ()
    # A table holding no record (a header alone, an empty file) names no fields: the others decide,
    # and it stays one of the splits, which the scan reports as empty (never dropped unsaid).
    keys = {_first_keys(config, p) for p in tables} - {_EMPTY}
    if len(keys) != 1 or not next(iter(keys)):
        return ()
    named = tuple(
        (p, f"{re.sub(r'[^A-Za-z0-9_]', '_', layout.stem(p))}_{re.sub(r'[^A-Za-z0-9_]', '_', posixpath.basename(posixpath.dirname(p)))}") for p in sorted(tables)
    )
    _refuse_one_name(named)
    return named


def _refuse_one_name(named: Sequence[tuple[str, str]]) -> None:
    """Stop where two subset folders would give one split name, or names that differ only in case
    (`R1/` and `r1/`; `en-US/` and `en_US/`): merged, two subsets became one split; apart, their
    shards' names (`train_R1-...`, `train_r1-...`) collide on a file system that ignores case, and a
    reader asking for `train_r1` (Hugging Face's spelling) gets one of them unsaid.

    Raises:
      UsageError: naming the folders and the layout file's `split_patterns`, which decides.
    """
    folders: dict[str, set[str]] = {}
    for path, name in named:
        folders.setdefault(name.lower(), set()).add(posixpath.dirname(path) + "/")
    clash = next((sorted(f) for f in folders.values() if len(f) > 1), None)
    if clash:
        order = {folder: n for n, folder in enumerate(sorted({posixpath.dirname(p) + "/" for p, _ in named}), 1)}
        entries = ", ".join(f"{p}: {name}_{order[posixpath.dirname(p) + '/']}" for p, name in named)
        raise UsageError(
            f"the subset folders {' and '.join(clash)} hold split tables of the same names, and their splits' names "
            "differ only in case or punctuation (their shards' names would collide, and one would be read for the "
            "other): rename a folder, or name each table's split in a layout file (`shardify_layout: 1`, "
            f"`layout: tables`, `media: text`, `split_patterns: {{{entries}}}`: docs/layout-files.md)"
        )


def _first_keys(config: ConvertConfig, relpath: str) -> tuple[str, ...] | None:
    """The keys of a JSON-lines table's first record, or a CSV's or TSV's header, where one of them
    holds a text (in the first rows); _EMPTY where the table holds no record (a header alone, an
    empty file); else ()."""
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            if layout.extension(relpath) in ("csv", "tsv"):
                header = tables.read_header(fileobj, tables.table_format(relpath))
                if header.present and not header.sample and _no_row_after(fileobj, header.data_start):
                    return _EMPTY
                texted = header.present and any(json_shapes.is_text(c) for row in header.sample for c in row)
                return tuple(header.columns) if texted else ()
            head = json_lines.head_of_lines(fileobj, qa_json.HEAD_BYTES)
    except (OSError, InvalidInputError) as error:
        return _EMPTY if isinstance(error, InvalidInputError) and error.reason.startswith("empty table") else ()
    if not head.strip():
        return _EMPTY
    line = head.split(b"\n", 1)[0].strip()
    try:
        first = json_input.parse(line) if line.startswith(b"{") else None
    except InvalidInputError:
        return ()
    if not isinstance(first, dict) or not any(json_shapes.is_text(v) for v in first.values()):
        return ()
    return tuple(sorted(first))


def _no_row_after(fileobj: BinaryIO, start: int) -> bool:
    """Nothing but blank lines after the header (which ends at `start`)."""
    fileobj.seek(start)
    return not fileobj.read(_LOOKED_AT_BYTES).strip()
