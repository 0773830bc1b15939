"""The option that reads a table keying the inputs, added to a stop over folders that are no classes.

Kaggle's copy of Google Landmarks v2 stores each image under three folders of its id's first
characters (`train/0/0/0/000b15b043eb8cf0.jpg`) beside `train.csv` ('id,landmark_id'): the
hashed folders were read as classes holding parts, and the stop named only `--label-level` (no
labels, or the hashed folders as classes). Where a table beside the inputs has a column naming
them (their file names or stems, by shape: digits folded, a hex id one shape) and one other
column, that column is their label to read, and the stop names it:
`--labels train.csv --label-column landmark_id`.
"""

from __future__ import annotations

import csv
import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.config import ConvertConfig
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout

__all__ = ["keyed_table", "keyed_table_hint", "name_shape"]

_TABLES_OPENED = 6
_HEX_ID = re.compile(r"[0-9a-f]{8,}")


def name_shape(name: str) -> str:
    """A file name's stem by shape: a hex id is one shape, other digits folded.

    >>> name_shape("000b15b043eb8cf0.jpg"), name_shape("fa0b15b043eb8cf1"), name_shape("beach_00001.jpg")
    ('<hex>', '<hex>', 'beach_#')
    """
    stem = posixpath.basename(name.strip().lower())
    stem = stem.rsplit(".", 1)[0] if "." in stem[1:] else stem
    return "<hex>" if _HEX_ID.fullmatch(stem) and any(c.isdigit() for c in stem) else re.sub(r"\d+", "#", stem)


def keyed_table(config: ConvertConfig, sample: Sequence[str], media: Sequence[str]) -> tuple[str, int, list[list[str]]] | None:
    """The first sampled table whose key column names inputs like `media` in most of its first rows and
    which holds one other column: (its path, the key column's index, its first rows, the header first); None
    where none does."""
    shapes = {name_shape(p) for p in media}
    inputs = set(media)
    # (a sample submission only shows a format: `evidence.example_file`, never labels to offer)
    tables = [p for p in sample if layout.extension(p) in ("csv", "tsv") and p not in inputs
              and not evidence_lib.example_file(p)][:_TABLES_OPENED]
    for table in tables:
        lines = [line for line in label_file_found.head_lines(config, table) if line.strip()]
        rows = list(csv.reader(lines, delimiter="\t" if layout.extension(table) == "tsv" else ","))
        if len(rows) < 3 or len(rows[0]) != 2 or any(len(row) != 2 for row in rows[1:]):
            continue
        for key in (0, 1):
            if sum(name_shape(row[key]) in shapes for row in rows[1:]) * 2 > len(rows) - 1:
                return table, key, rows
    return None


def keyed_table_hint(config: ConvertConfig, sample: Sequence[str], media: Sequence[str]) -> str:
    """`--labels T --label-column C` for `keyed_table`'s table; "" where none is found."""
    found = keyed_table(config, sample, media)
    if found is None:
        return ""
    table, key, rows = found
    header = rows[0]
    return f"--labels {table} --label-column {header[1 - key]!r} ({table} names the inputs by its column {header[key]!r})"
