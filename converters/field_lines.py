"""Field lines: a .txt label file whose lines are `key field field ...`, separated by white space, the
label in one field a user names by its number (`--labels FILE --label-column N`).

Lists of this shape ship with image collections that predate CSV downloads: mini-MIAS's `Info.txt`
(`mdb001 G CIRC B 535 425 197`, `mdb003 D NORM`: reference, tissue, class, severity, x, y, radius,
the last four missing on normal films), after a preamble of prose. Read as `name label` lines
(`label_files`), every line was "7 fields where the file holds `name label` per line" and nothing
was written. Here the first field is the key and field N the label; the others are not read.

Nothing is guessed: which field is the label is the user's (`--label-column N`, from 2, as a
table's columns count from 1), and every line is accounted for. A line of fewer than N fields is a
RowError with its count (a preamble's short line, a normal film's line read for its severity); a
line whose key names no input is rejected by the join, as any label file's row naming no file is.
Lines that repeat a key (a film of two abnormalities has two lines) are rows of that key, which the
join reads as it reads any label file's repeated key.

A field in double quotes is its text within them (`fields`): lists written by a program quote their
fields (`b1 "HE" "tumour"`, a name with spaces `"slide 7" HE normal`), and read by white space alone
the quotes stayed in the label, `"tumour"` a class of its own beside `tumour`, exit 0.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from shardify.converters import tables
from shardify.converters.label_cells import split_labels
from shardify.converters.label_rows import LabelRow
from shardify.errors import InvalidInputError

__all__ = ["field_number", "field_rows", "fields"]

# A line longer than this is no list line (as `label_files`' `name label` lines).
_MAX_LINE_BYTES = 64 << 10  # a longer line of a .txt label file is no label line
# A field: text in double quotes ended by white space or the line's end, else a run of no white space.
_FIELD = re.compile(r'"([^"]*)"(?=\s|$)|(\S+)')


def fields(line: str) -> list[str]:
    """A line's fields: separated by white space, a field in double quotes its text within them.

    >>> fields('b1\\t"HE"  "tumour"\\r'), fields('"slide 7" HE normal'), fields('5"x7" "open')
    (['b1', 'HE', 'tumour'], ['slide 7', 'HE', 'normal'], ['5"x7"', '"open'])
    """
    return [quoted if bare is None else bare for quoted, bare in (m.groups() for m in _FIELD.finditer(line))]


def field_number(label_column: str) -> int | None:
    """The field `--label-column` names in a lines file, or None where it names none (a name, 1: the key).

    >>> field_number("3"), field_number(" 2 "), field_number("1"), field_number("class"), field_number("")
    (3, 2, None, None, None)
    """
    text = label_column.strip()
    return int(text) if text.isdigit() and int(text) >= 2 else None


def field_rows(fileobj: BinaryIO, size_bytes: int | None, field: int) -> Iterator[LabelRow | tables.RowError]:
    """Each non-blank line of `fileobj` as a LabelRow keyed by its first field and labelled by field
    `field` (from 1), or a RowError naming why not; lines are numbered from 1 as the file shows them.

    >>> import io
    >>> rows = list(field_rows(io.BytesIO(b"MIAS list\\nmdb001 G CIRC B 535\\n\\nmdb003 D NORM\\n"), None, 3))
    >>> [(r.row, r.key, r.labels) if isinstance(r, LabelRow) else (r.row, r.reason) for r in rows]
    [(1, '2 fields, no field 3 to read the label from'), (2, 'mdb001', ('CIRC',)), (4, 'mdb003', ('NORM',))]
    """
    for number, text in text_lines(fileobj, size_bytes):
        if isinstance(text, tables.RowError):
            yield text
            continue
        found = fields(text)
        if not found:
            continue
        if len(found) < field:
            yield tables.RowError(number, f"{len(found)} field{'s' * (len(found) != 1)}, no field {field} to read the label from")
            continue
        try:
            yield LabelRow(number, found[0], split_labels(found[field - 1], ""))
        except InvalidInputError as error:
            yield tables.RowError(number, error.reason, found[0])


def text_lines(fileobj: BinaryIO, size_bytes: int | None) -> Iterator[tuple[int, str | tables.RowError]]:
    """(line number from 1, its text) for each line of `fileobj` read up to `size_bytes`, or (number, a
    RowError) for a line over 64 KiB (its rest skipped) or not UTF-8: the one bounded reading of a label
    file's lines, which `field_rows` and `label_files`' `name label` lines each once spelled.

    >>> import io
    >>> [(n, t if isinstance(t, str) else t.reason) for n, t in text_lines(io.BytesIO(b"\\xef\\xbb\\xbfa 1\\nb\\xff\\n"), None)]
    [(1, 'a 1\\n'), (2, 'not valid UTF-8 (invalid start byte)')]
    """
    number = 0
    remaining = size_bytes
    while remaining is None or remaining > 0:
        line = fileobj.readline(_MAX_LINE_BYTES + 1 if remaining is None else min(_MAX_LINE_BYTES + 1, remaining))
        if not line:
            return
        number += 1
        if remaining is not None:
            remaining -= len(line)
        if len(line) > _MAX_LINE_BYTES:
            yield number, tables.RowError(number, f"line longer than {_MAX_LINE_BYTES:,} bytes")
            while line and not line.endswith(b"\n"):  # skip the rest of it
                line = fileobj.readline(_MAX_LINE_BYTES)
                remaining = None if remaining is None else remaining - len(line)
            continue
        try:
            yield number, line.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as error:
            yield number, tables.RowError(number, f"not valid UTF-8 ({error.reason})")
