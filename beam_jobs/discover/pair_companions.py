"""What lies beside parallel text and label files, and whether a pair named by one letter holds texts.

WiLI-2018 ships `x_train.txt` (a paragraph a line) and `y_train.txt` (line i: its language code)
beside `labels.csv` (a table describing each language: `Label;English;Wiki Code;...`) and
`urls.txt` (a link a line). Two faults followed: `labels.csv` at the top was taken for the label
table keying the files, and every code of `y_<split>.txt` read as a file name it did not name
(exit 1); and any file beside the pairs that was no pair made the folder "not this kind alone".

- A class table beside the pairs (`labels.csv` whose rows hold the label files' labels in one
  column, and name none of the files beside it) describes the classes: no label table, no records.
- A file of links, every line read a URL, is where the texts came from: no records.
Both are named in the plan's note, never dropped unsaid; anything else beside the pairs keeps the
folder from being read as pairs, as before.

A pair named by one letter (`x_train.txt`, `y_train.txt`: PAIR_WORDS' `x` row) tells less than
`train_text.txt`: UCI HAR's `X_train.txt` holds 561 numbers a line, a feature row, no text. Such a
pair is read as texts only where its first lines hold words; lines of numbers are no texts.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters.evidence_files import first_lines
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["LETTER_WORDS", "class_table", "link_list", "numeric_lines"]

# Text words of PAIR_WORDS that are one letter: their pairs are read as texts only where the lines hold words.
LETTER_WORDS = frozenset({"x"})
_HEAD_BYTES = 64 << 10
_HEAD_LINES = 200
_TABLE_EXTENSIONS = ("csv", "tsv")
_URL = re.compile(r"^(?:https?|ftp)://\S+$")
_NUMBER = re.compile(r"^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$")


def _lines(config: ConvertConfig, path: str) -> list[str]:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            head = fileobj.read(_HEAD_BYTES)
    except (OSError, InvalidInputError):
        return []
    return [] if not head or b"\x00" in head else [line for line in first_lines(head, _HEAD_LINES) if line.strip()]


def class_table(config: ConvertConfig, table: str, label_files: Sequence[str], others: Sequence[str]) -> bool:
    """Whether `table` (a CSV or TSV) describes the classes of `label_files`' lines: one of its
    columns holds every label their first lines hold (at least two), and no cell names a file of
    `others` (a table naming the files keys them: a label table, not this).

    The delimiter is the one of `,`, `;` or a tab that gives the header most columns (WiLI's is `;`)."""
    if layout.extension(table) not in _TABLE_EXTENSIONS or not label_files:
        return False
    labels = {line.strip() for path in label_files for line in _lines(config, path)}
    rows = _lines(config, table)
    if len(labels) < 2 or len(rows) < 2:
        return False
    delimiter = max(("\t", ";", ","), key=lambda d: len(rows[0].split(d)))
    cells = list(csv.reader(io.StringIO("\n".join(rows)), delimiter=delimiter))[1:]
    names = {name for path in others for name in (path, path.rsplit("/", 1)[-1])}
    if any(cell.strip() in names for row in cells for cell in row):
        return False
    columns = max((len(row) for row in cells), default=0)
    return any(labels <= {row[i].strip() for row in cells if i < len(row)} for i in range(columns))


def link_list(config: ConvertConfig, path: str) -> bool:
    """Whether every first line of `path` is a URL (WiLI's `urls.txt`): where texts came from, no texts."""
    lines = _lines(config, path)
    return bool(lines) and all(_URL.match(line.strip()) for line in lines)


def numeric_lines(config: ConvertConfig, path: str) -> bool:
    """Whether most first lines of `path` are numbers only (UCI HAR's `X_train.txt`: a feature row a line)."""
    lines = _lines(config, path)
    numeric = sum(1 for line in lines if line.split() and all(_NUMBER.match(token) for token in line.split()))
    return bool(lines) and numeric * 2 > len(lines)
