"""A JSON-lines table's labels in a file of their own, one a line: line i labels row i (PIQA's
`train.jsonl` beside `train-labels.lst`; `beam_jobs/discover/parallel_labels.py` finds them).

The labels are read whole before the table's rows (a short label a row: PIQA's 16,000 rows are
32 KB), and the two files must agree line for line, or the table is one reject and no row is
written: a label file of another length, or a blank line inside either file (which row has no
label, or which label has no row, cannot be told), would shift every label after it (exit 0).
"""

from __future__ import annotations

from typing import BinaryIO

from shardify.converters import line_files
from shardify.errors import InvalidInputError

__all__ = ["MAX_LABEL_LINES", "read_row_labels"]

MAX_LABEL_LINES = 10_000_000


def read_row_labels(table: BinaryIO, labels: BinaryIO, labels_path: str, encoding: str) -> list[str]:
    """The labels of the table's rows, row n's at [n - 1] (rows numbered by their lines from 1).
    Leaves both files at their start.

    Raises:
      InvalidInputError: the files disagree line for line, or a label is not text.
    """
    line_files.check_text(labels)
    found: list[str] = []
    for number, _, data in line_files.read_lines(labels):
        if data is None or number > MAX_LABEL_LINES:
            raise InvalidInputError(f"its labels file {labels_path} holds a line longer than a label or more lines than a table's")
        found.append(line_files.decode_line(data, encoding)[0].strip())
    labels.seek(0)
    while found and not found[-1]:
        found.pop()
    rows = _table_lines(table)
    if rows != len(found):
        raise InvalidInputError(f"{rows:,} rows where its labels file {labels_path} has {len(found):,} lines: line i no longer labels row i")
    if "" in found:
        raise InvalidInputError(f"line {found.index('') + 1} of its labels file {labels_path} is blank: which row has no label cannot be told")
    return found


def _table_lines(table: BinaryIO) -> int:
    """The table's lines up to its last non-blank one; an inner blank line is refused."""
    last, blank = 0, 0
    for number, _, data in line_files.read_lines(table):
        if data is not None and not data.strip():
            blank = blank or number
        else:
            last = number
    table.seek(0)
    if blank and blank < last:
        raise InvalidInputError(f"line {blank} is blank: which label is its cannot be told")
    return last
