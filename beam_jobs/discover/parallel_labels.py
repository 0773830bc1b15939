"""A table's labels in a file of their own, one label a line.

PIQA ships `train.jsonl` (its questions) beside `train-labels.lst` (line i: the label of row i).
Read as tables, the `.lst` was rejected as "not a table" and every question written unlabelled:
exit 1 on a miniature, exit 0 on the real download (two rejects among 16,000 rows are under
`--max-rejects`). A labels file paired with a table by name (LABEL_LINE_NAMES) and holding as many
lines as the table has rows labels it: for a JSON-lines table, a row a line, line i labels row i
(`SourceLayout.row_labels`, read by `converters/row_labels.py`, which checks the whole files agree).
A CSV or TSV's rows are not its lines (a quoted field may hold line breaks): there the run stops
before writing, naming both. One named as labels (`{stem}-labels.lst`, `{stem}_labels.txt`)
holding fewer lines than the rows stops too, naming both counts: a download cut short (it was
"not a table", and every row written unlabelled).
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["LABEL_LINE_NAMES", "with_parallel_labels"]

# How a table's parallel labels file is named beside it ({stem}: the table's name without its
# extension): PIQA's `train-labels.lst`, and the same words other downloads join with `_` or `.`.
LABEL_LINE_NAMES = ("{stem}-labels.lst", "{stem}_labels.lst", "{stem}-labels.txt", "{stem}_labels.txt", "{stem}.labels",
                    "{stem}.lst")
# Those whose name says "labels" beside the table's stem: paired by name alone (`{stem}.lst` may list
# anything, so it pairs only by its count).
_NAMED_LABELS = LABEL_LINE_NAMES[:4]
# Bytes of a table or labels file read to count their lines (larger files are counted no further:
# the names and the first lines already agree).
_COUNT_BYTES = 8 << 20


def with_parallel_labels(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with its JSON-lines tables labelled by the labels file named after each
    (LABEL_LINE_NAMES) that has as many lines (the part of each read), saying so; else unchanged.

    Raises:
      UsageError: such a labels file beside a CSV or TSV table; or one named as labels
        (_NAMED_LABELS) with fewer lines than the table has rows (cut short).
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
            if labels not in present or labels == path:
                continue
            head = _head(config, labels)  # read once: its line ends, then its lines
            if _bare_returns(head):
                raise UsageError(
                    f"{labels} ends its lines with bare carriage returns (\\r, old Mac OS text), which the labels' reader "
                    f"does not take for line ends: its lines cannot be matched to {path}'s rows; convert it to \\n line ends"
                )
            rows, lines = _count_lines(_head(config, path)), _count_lines(head)
            if pattern in _NAMED_LABELS and 0 < lines < rows - _headed(path):
                raise UsageError(
                    f"{labels} is named as the labels of {path}'s rows, one a line, but holds {lines:,} lines for its "
                    f"{rows - _headed(path):,} rows: cut short (a damaged download?); download it again"
                )
            if _same_rows(rows, lines, path):
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


def _headed(table: str) -> int:
    """1 where the table's first line may be a header (CSV, TSV), else 0."""
    return int(layout.extension(table) in ("csv", "tsv"))


def _same_rows(rows: int, lines: int, table: str) -> bool:
    """The labels file has a line for each of the table's lines (a CSV or TSV's header aside)."""
    return lines > 0 and (lines == rows or (_headed(table) and lines == rows - 1))


def _head(config: ConvertConfig, path: str) -> bytes | None:
    """The file's first _COUNT_BYTES, or None where it cannot be read (changed into a pipe or a link
    since it was listed)."""
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return fileobj.read(_COUNT_BYTES)
    except (OSError, InvalidInputError):
        return None


def _bare_returns(head: bytes | None) -> bool:
    """The file's first part holds a carriage return that no line feed follows (the lines of the
    reader, `line_files.read_lines`, end at line feeds only)."""
    return head is not None and b"\r" in head.replace(b"\r\n", b"")


def _count_lines(head: bytes | None) -> int:
    """The non-blank lines of a file's first part; -1 where it cannot be read."""
    return -1 if head is None else sum(1 for line in head.splitlines() if line.strip())
