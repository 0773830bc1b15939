"""Several label tables beside one folder of inputs, each named by a different split word: each
table the split its name names.

Mini-ImageNet ships `images/<wnid><n>.jpg` in one flat folder and three tables, `train.csv`,
`val.csv`, `test.csv`, each `filename,label`: every table names some of the images and labels
them, and its name says which split they are in. Before, detection found three label tables and
stopped ("keep the one to read"), naming no option that read them all.

They are read together only where nothing could make that wrong:

  - every table's name names a split (`structure.split_word` of its stem), and no two the same one:
    `labels.csv` beside `train.csv`, or `train.csv` beside `train_extra.csv`, still stop;
  - every table has the same header (the same columns, in order) and is keyed and labelled by the
    same columns: tables of other shapes are other things (features, submissions) and still stop;
  - no key is in two tables: an input two tables name would be in two splits, and the stop stays,
    naming the tables and a key they share.

Where they hold, each table is read as the label lines of its split (`Evidence.split`), and the
plan says so. Nothing here reads a file: detection (beam_jobs/discover/label_tables.py) hands in
each table's header and keys.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Mapping, Sequence

from shardify.plan.evidence import Evidence
from shardify.plan.structure import split_word

__all__ = ["split_of_table", "read_together"]


def split_of_table(path: str) -> str:
    """The split a table's file name names (`val.csv` -> `val`), or ""."""
    return split_word(posixpath.splitext(posixpath.basename(path))[0]) or ""


def read_together(
    tables: Sequence[Evidence], headers: Mapping[str, Sequence[str]], keys: Mapping[str, Sequence[str]]
) -> tuple[list[Evidence], str]:
    """(the tables, each with the split its name names, and "") where they may be read together;
    else ([], why not: a sentence naming the files that show it).

    Args:
      tables: the label tables found (`keyed_tables.recognise_keyed_table`), two or more.
      headers: each table's header cells, by path.
      keys: each table's row keys (its key column's cells, every row read), by path.

    >>> t = [Evidence("train.csv", "label lines", column=0, label_column=1, header=True),
    ...      Evidence("val.csv", "label lines", column=0, label_column=1, header=True)]
    >>> found, why = read_together(t, {"train.csv": ["f", "l"], "val.csv": ["f", "l"]}, {"train.csv": ["a"], "val.csv": ["b"]})
    >>> [(e.path, e.split) for e in found], why
    ([('train.csv', 'train'), ('val.csv', 'val')], '')
    >>> read_together(t, {"train.csv": ["f", "l"], "val.csv": ["f", "l"]}, {"train.csv": ["a"], "val.csv": ["a"]})[1]
    "train.csv and val.csv both name the key 'a': an input in two splits"
    """
    splits = {e.path: split_of_table(e.path) for e in tables}
    unnamed = [path for path, split in splits.items() if not split]
    if unnamed:
        return [], f"{', '.join(unnamed)} names no split"
    by_split: dict[str, list[str]] = {}
    for path, split in splits.items():
        by_split.setdefault(split, []).append(path)
    twice = [paths for paths in by_split.values() if len(paths) > 1]
    if twice:
        return [], f"{' and '.join(twice[0])} name the same split ({splits[twice[0][0]]})"
    first = tables[0]
    # a headerless table's first row is data: its width, not its cells, is its shape (`headerless_tables`)
    shape = lambda e: (e.cells or tuple(headers.get(e.path, ())), e.column, e.label_column, e.key_template, e.label_separator)
    other = [e.path for e in tables if shape(e) != shape(first)]
    if other:
        return [], f"{first.path} and {other[0]} differ in their header or in the columns that key and label them"
    seen: dict[str, str] = {}
    for table in tables:
        for key in keys.get(table.path, ()):
            owner = seen.setdefault(key, table.path)
            if owner != table.path:
                return [], f"{owner} and {table.path} both name the key {key!r}: an input in two splits"
    return [dataclasses.replace(e, split=splits[e.path]) for e in tables], ""
