"""A `.csv` table whose rows split evenly only under another separator or quote than the one read.

The reader knows commas, tabs and semicolons (`converters/separators.py`), each with `"` quotes.
A download may quote its texts with `'` (10kGNAD's `train.csv`: `Sport;'text, with commas; and
semicolons'`, headerless): read with commas, every row's text was cut at its commas into a pair of
columns and no label found, with exit 0. The sign is the rows' shape, as a sniffer reads it: the
reading chosen splits the first lines into uneven numbers of fields, while exactly one other
candidate of separator and quote splits every one of them into the same number of two or more.
Then the table is not read (stop, naming it and the dialect its rows show); where several
candidates split evenly, which is right cannot be told, and the stop says so too.

Plain functions of the lines handed in; detection (beam_jobs/discover/table_quoting.py) reads them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

__all__ = ["unread_dialect"]

# Separators and quotes a sniffer tries, and the fewest lines that show a shape.
_SEPARATORS = (",", ";", "\t", "|")
_QUOTES = ('"', "'")
_MIN_LINES = 3
_LINES = 20


def _even(counts: list[int]) -> bool:
    return len(counts) >= _MIN_LINES and min(counts) >= 2 and len(set(counts)) == 1


def _rows(head: str, complete: bool) -> list[str]:
    lines = [line for line in head.splitlines() if line.strip()]
    if lines and not complete:
        lines = lines[:-1]  # the last line read may be cut short
    return lines[:_LINES]


def _parsed(lines: Sequence[str], separator: str, quote: str) -> tuple[tuple[str, ...], ...]:
    try:
        return tuple(tuple(row) for row in csv.reader(io.StringIO("\n".join(lines)), delimiter=separator, quotechar=quote))
    except csv.Error:
        return ()


def unread_dialect(head: str, complete: bool, separator: str) -> tuple[str, str, int] | None:
    r"""The (separator, quote, columns) the first lines of `head` show where the reader's reading
    (`separator`, `"` quotes) would cut them otherwise: a candidate quoting with `'` that splits
    every line evenly into other cells than the reading does, or, the reading splitting them
    unevenly, the one other candidate that splits them evenly. None where the reading is as good.

    >>> unread_dialect("Sport;'Ein Text, mit Komma; und so'\nWeb;'Noch, einer'\nEtat;'Der, dritte; ja'\n", True, ",")
    (';', "'", 2)
    >>> unread_dialect("a,b\n1,2\n3,4\n", True, ",") is None
    True
    >>> unread_dialect("id,text\n1,don't stop\n2,it's 'fine'\n3,say 'cheese'\n", True, ",") is None
    True
    """
    lines = _rows(head, complete)
    if len(lines) < _MIN_LINES:
        return None
    read = _parsed(lines, separator, '"')
    even_read = _even([len(row) for row in read])
    found = []
    for other in _SEPARATORS:
        for quote in _QUOTES:
            rows = _parsed(lines, other, quote)
            if rows == read or not _even([len(row) for row in rows]):
                continue
            if quote == "'" or not even_read:
                found.append((other, quote, len(rows[0])))
    return found[0] if found else None
