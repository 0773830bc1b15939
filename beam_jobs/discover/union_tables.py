"""A table that names no split beside split tables whose rows it holds, all of them and no more: their union.

Downloads ship the whole corpus beside its split: 10kGNAD's `articles.csv` (all 10,273 articles)
beside `train.csv` and `test.csv` (9,245 and 1,028, the same rows); PASCAL VOC's `trainval.txt`
beside `train.txt` and `val.txt`; SNLI-like dumps' `all.jsonl`. A table naming no split beside
tables that do was read as a split of its own (`articles`), every record written twice, with exit 0.

So where, in one folder, a table naming no split holds exactly the rows of two or more tables
that each name a split (as sets of lines, compared as digests; a shared header line included), it
is their union: left out, and the plan says so. A table holding other rows too, or only some of
theirs, is read as before (a split after its file). Tables over _MAX_BYTES are not compared.
"""

from __future__ import annotations

import dataclasses
import hashlib
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["union_of", "with_union_tables"]

# Tables larger than this are not read whole to be compared (10kGNAD's articles.csv: 27 MB).
_MAX_BYTES = 256 << 20
# Table extensions whose files are lines of rows (Parquet is not compared).
_LINE_TABLES = frozenset({"csv", "tsv", "txt", "jsonl"})


def union_of(rows: dict[str, frozenset[bytes]], named: Sequence[str]) -> tuple[str, ...]:
    """The tables of `named` (naming a split) whose rows, together, are `rows` of the one table
    beside them exactly, where two or more are; else ().

    >>> union_of({"all": frozenset({b"1", b"2", b"3"}), "a": frozenset({b"1", b"2"}), "b": frozenset({b"3"})}, ["a", "b"])
    ('a', 'b')
    >>> union_of({"all": frozenset({b"1", b"2", b"4"}), "a": frozenset({b"1", b"2"}), "b": frozenset({b"3"})}, ["a", "b"])
    ()
    """
    (whole,) = [path for path in rows if path not in named]
    inside = [path for path in named if rows[path] and rows[path] <= rows[whole]]
    if len(inside) < 2 or frozenset().union(*(rows[p] for p in inside)) != rows[whole]:
        return ()
    return tuple(sorted(inside))


def _digests(config: ConvertConfig, relpath: str) -> frozenset[bytes] | None:
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            found, read = set(), 0
            while line := fileobj.readline(_MAX_BYTES + 1 - read):  # (a line of gigabytes is not held whole)
                read += len(line)
                if read > _MAX_BYTES:
                    return None
                if line.strip():
                    found.add(hashlib.blake2b(line.strip(), digest_size=8).digest())
    except OSError:
        return None
    return frozenset(found)


def with_union_tables(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with each table that is the union of split tables beside it left out, and a note."""
    if detected.name != layout.TABLES or config.split or config.layout_given is not None or detected.source_file:
        return detected
    folders: dict[str, list[str]] = {}
    for path in sample:
        if layout.extension(path) in _LINE_TABLES and not detected.is_auxiliary(path):
            folders.setdefault(posixpath.dirname(path), []).append(path)
    left_out, notes = [], []
    for paths in folders.values():
        named = [p for p in paths if split_word(layout.stem(p))]
        unnamed = [p for p in paths if not split_word(layout.stem(p))]
        if len(named) < 2 or not unnamed:
            continue
        named_rows = {p: _digests(config, p) for p in named}
        if any(rows is None for rows in named_rows.values()):
            continue
        for whole in unnamed:
            rows = _digests(config, whole)
            if not rows:
                continue
            parts = union_of({**named_rows, whole: rows}, named)
            if parts:
                left_out.append(whole)
                notes.append(f"{whole}: not read, its rows are those of {' and '.join(parts)} again (their union, the "
                             "whole set before the split)")
    if not left_out:
        return detected
    return dataclasses.replace(detected, left_out=(*detected.left_out, *left_out), notes=(*detected.notes, *notes))
