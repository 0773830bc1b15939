"""A table's labels in a file of their own, one label a line.

PIQA ships `train.jsonl` (its questions) beside `train-labels.lst` (line i: the label of row i).
Read as tables, the `.lst` was rejected as "not a table" and every question written unlabelled:
exit 1 on a miniature, exit 0 on the real download (two rejects among 16,000 rows are under
`--max-rejects`). A labels file paired with a table by name (LABEL_LINE_NAMES) and holding as many
lines as the table has rows labels it: for a JSON-lines table, a row a line, line i labels row i
(`SourceLayout.row_labels`, read by `converters/row_labels.py`, which checks the whole files agree).
A CSV or TSV's rows are not its lines (a quoted field may hold line breaks): there the run stops
before writing, naming both.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["LABEL_LINE_NAMES", "with_parallel_labels"]

# How a table's parallel labels file is named beside it ({stem}: the table's name without its
# extension): PIQA's `train-labels.lst`, and the same words other downloads join with `_` or `.`.
LABEL_LINE_NAMES = ("{stem}-labels.lst", "{stem}_labels.lst", "{stem}-labels.txt", "{stem}_labels.txt", "{stem}.labels",
                    "{stem}.lst")
# Bytes of a table or labels file read to count their lines (larger files are counted no further:
# the names and the first lines already agree).
_COUNT_BYTES = 8 << 20


def with_parallel_labels(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with its JSON-lines tables labelled by the labels file named after each
    (LABEL_LINE_NAMES) that has as many lines (the part of each read), saying so; else unchanged.

    Raises:
      UsageError: such a labels file beside a CSV or TSV table.
    """
    if detected.name != layout.TABLES or detected.row_labels:
        return detected
    present = set(sample)
    found = []
    for path in sample:
        if layout.extension(path) not in (*layout.TABLE_EXTENSIONS, "json"):
            continue
        folder, name = posixpath.split(path)
        stem = name.rsplit(".", 1)[0]
        for pattern in LABEL_LINE_NAMES:
            labels = posixpath.join(folder, pattern.format(stem=stem))
            if labels in present and labels != path and _same_rows(config, path, labels):
                if layout.extension(path) not in ("jsonl", "json"):
                    raise UsageError(
                        f"{labels} holds one label a line for the rows of {path} (as many lines as rows): a CSV or TSV's "
                        "labels in a file of their own are not read (a row is not always a line); add each line to its "
                        "row as a `label` column, then convert the joined table (docs/converting.md)"
                    )
                found.append((path, labels))
                break
    if not found:
        return detected
    shown = ", ".join(f"{table} <- {posixpath.basename(labels)}" for table, labels in found[:3]) + (" and more" if len(found) > 3 else "")
    note = f"each row labelled by the same line of the table's labels file: {shown}"
    return dataclasses.replace(detected, row_labels=tuple(found), notes=(*detected.notes, note))


def _same_rows(config: ConvertConfig, table: str, labels: str) -> bool:
    """The labels file has a line for each of the table's lines (a CSV or TSV's header aside)."""
    rows, lines = _lines(config, table), _lines(config, labels)
    headed = layout.extension(table) in ("csv", "tsv")
    return lines > 0 and (lines == rows or (headed and lines == rows - 1))


def _lines(config: ConvertConfig, path: str) -> int:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return sum(1 for line in fileobj.read(_COUNT_BYTES).splitlines() if line.strip())
    except OSError:
        return -1
