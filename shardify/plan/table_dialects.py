"""A `.csv` table whose rows split evenly only under another separator or quote than the one read.

The reader knows commas, tabs and semicolons (`converters/separators.py`), each with `"` quotes.
A download may quote its texts with `'` (10kGNAD's `train.csv`: `Sport;'text, with commas; and
semicolons'`, headerless): read with commas, every row's text was cut at its commas into a pair of
columns and no label found, with exit 0. The sign is the rows' shape, as a sniffer reads it (a
row a line, no cell over several lines): another separator than the one read splits every one of
the first lines into the same number of two cells or more, other cells than the reading's, where
either the reading splits them unevenly, or that separator's cells are quoted with `'` and the head
holds no `"` at all (a table quoting with `"` anywhere, its texts full of apostrophes, is read as
it is: the Yelp and Quora CSVs). Then the table is not read: the run stops, naming it and the
dialect its rows show.

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
    (`separator`, `"` quotes) would cut them otherwise: another separator that splits every line
    evenly into other cells than the reading does, quoting with `'` in a head holding no `"`, or,
    the reading splitting a row a line unevenly, with either quote. None where the reading is as
    good (a comma table quoting with `"`, whose texts hold apostrophes, is read as it is).

    >>> unread_dialect("Sport;'Ein Text, mit Komma; und so'\nWeb;'Noch, einer'\nEtat;'Der, dritte; ja'\n", True, ",")
    (';', "'", 2)
    >>> unread_dialect("a,b\n1,2\n3,4\n", True, ",") is None
    True
    >>> unread_dialect('"1","It\'s good, \'really\'"\n"2","Bad; \'awful\', no"\n"1","ok"\n', True, ",") is None
    True
    >>> unread_dialect("id,text\n1,don't stop\n2,it's 'fine'\n3,say 'cheese'\n", True, ",") is None
    True
    >>> unread_dialect("g\th0\tA, b 0.\ng\th1\tA, b 1.\ng\th2\tC, d 2.\n", True, "\t") is None  # no quote at all
    True
    """
    lines = _rows(head, complete)
    if len(lines) < _MIN_LINES:
        return None
    read = _parsed(lines, separator, '"')
    # (a cell over several lines, or a head cut inside one, is no sign: only tables of a row a line)
    even_read = _even([len(row) for row in read]) or len(read) != len(lines)
    unquoted = '"' not in head  # (a table quoting with '"' anywhere is read with '"')
    found = []
    for other in _SEPARATORS:
        for quote in _QUOTES:
            rows = _parsed(lines, other, quote)
            if rows == read or len(rows) != len(lines) or not _even([len(row) for row in rows]) or other == separator:
                continue
            # (`'` quotes where no cell uses them read as `"` would: no sign. A tab table whose texts
            # hold one comma each split evenly at the commas, and was stopped for it)
            if not even_read or (quote == "'" and unquoted and rows != _parsed(lines, other, '"')):
                found.append((other, quote, len(rows[0])))
    return found[0] if found else None
