"""`.csv` tables that quote their cells with `'`, read where their rows leave no doubt.

Some downloads and tools quote a table's texts with an apostrophe instead of `"`: 10kGNAD's
`train.csv` (`Sport;'text, with commas; and ''quotes'''`, headerless, written by Python's csv
module with `delimiter=';', quotechar="'", quoting=QUOTE_ALL`, as Hugging Face's `gnad10` builder
reads it back); scripts that export tab-separated tables with `csv.writer(delimiter='\\t',
quotechar="'", quoting=csv.QUOTE_ALL)` (every cell quoted); `;`-separated measurement tables under
a header read with `csv.reader(delimiter=';', quotechar="'")`. Read as `"`-quoted, their texts were cut at their commas (or kept their quotes). This module
reads the first lines (as `shardify.plan.table_dialects` does to stop on a dialect it cannot
read) and decides whether the `'` quoting is sure enough to read:

- every line splits into the same number of cells (two or more) under the separator and `'`;
- one column is quoted in every line (its cell starts and ends with `'`: a quoted text column,
  not apostrophes that happen to stand in words), and every line's apostrophes pair (an even
  count: `''` inside a quoted cell is one apostrophe, doubled as the csv module writes it);
- the head holds no `"` at all (a table quoting with `"` anywhere is read with `"`).

Where an apostrophe is text (`don't` in an unquoted cell, a single quote that pairs with none) no
column is quoted in every line, and the table is refused as before (`beam_jobs/discover/table_quoting.py`),
naming the dialect its rows show. The formats below carry the dialect to every later read of a row.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

__all__ = ["APOSTROPHE", "FORMATS", "apostrophe_format", "dialect", "note"]

APOSTROPHE = "'"
# The format of a `'`-quoted .csv by its separator (a table, data: the readers take the dialect from it).
FORMATS: dict[str, str] = {
    ",": "apostrophe_csv",
    ";": "semicolon_apostrophe_csv",
    "|": "pipe_apostrophe_csv",
    "\t": "tab_apostrophe_csv",
}
_SEPARATOR_OF = {fmt: separator for separator, fmt in FORMATS.items()}
# Lines looked at, and the fewest that show a shape (as `table_dialects`).
_LINES, _MIN_LINES = 20, 3
_NAMES = {",": "comma", ";": "semicolon", "|": "'|'", "\t": "tab"}


def dialect(fmt: str) -> dict | None:
    """The csv module's arguments for a `'`-quoted format, or None for another format."""
    separator = _SEPARATOR_OF.get(fmt)
    return None if separator is None else {"delimiter": separator, "quotechar": APOSTROPHE}


def note(fmt: str) -> str:
    """How the plan says the table was read."""
    return f"{_NAMES[_SEPARATOR_OF[fmt]]}-separated with cells quoted by \"'\" (told by every row's shape)"


def _quoted_cells(line: str, separator: str) -> tuple[bool, ...] | None:
    """Per cell of `line`, whether it is quoted with `'`; None where a cell is neither wholly
    quoted nor free of apostrophes (an apostrophe standing in a word: `don't`, `it's 'fine`)."""
    cell = re.compile(rf"'(?:[^']|'')*'|[^{re.escape(separator)}']*")
    quoted, at = [], 0
    while True:
        found = cell.match(line, at)
        quoted.append(found.group().startswith(APOSTROPHE))
        at = found.end()
        if at == len(line):
            return tuple(quoted)
        if line[at] != separator:
            return None
        at += 1


def _quoted_column(lines: Sequence[str], separator: str) -> bool:
    """Whether every line is cells each wholly quoted with `'` or free of apostrophes, and one
    column is quoted in every line (a quoted text column, not apostrophes in words)."""
    shapes = [_quoted_cells(line.rstrip("\r"), separator) for line in lines]
    if any(shape is None for shape in shapes) or len({len(shape) for shape in shapes}) != 1:
        return False
    return any(all(shape[i] for shape in shapes) for i in range(len(shapes[0])))


def _even(lines: Sequence[str], separator: str) -> bool:
    try:
        counts = [len(row) for row in csv.reader(io.StringIO("\n".join(lines)), delimiter=separator, quotechar=APOSTROPHE)]
    except csv.Error:
        return False
    return len(counts) == len(lines) and min(counts) >= 2 and len(set(counts)) == 1


def apostrophe_format(head: str, complete: bool, separator: str) -> str | None:
    r"""The `'`-quoted format the first lines of `head` show for sure, or None (read as
    `separator` with `"`, or refused by the quoting check): `separator` where its cells show the
    quoting, else the one other separator that does (each line must split into cells wholly quoted
    or free of apostrophes, so at most one separator fits a row of two quoted cells).

    >>> apostrophe_format("Sport;'Ein Text, mit Komma; und so'\nWeb;'Noch, einer'\nEtat;'Der, dritte; ja'\n", True, ",")
    'semicolon_apostrophe_csv'
    >>> apostrophe_format("'1'\t'a b, c'\n'2'\t'it''s d'\n'3'\t'e f'\n", True, "\t")
    'tab_apostrophe_csv'
    >>> apostrophe_format("1;don't, stop;x\n2;it's, fine;y\n3;ok, no;x\n", True, ",") is None
    True
    >>> apostrophe_format("a,b\n1,2\n3,4\n", True, ",") is None
    True
    """
    if '"' in head:
        return None
    lines = [line for line in head.splitlines() if line.strip()]
    if lines and not complete:
        lines = lines[:-1]
    lines = lines[:_LINES]
    if len(lines) < _MIN_LINES:
        return None
    for candidate in dict.fromkeys((separator, *FORMATS)):  # the separator read first, then the others
        if _even(lines, candidate) and _quoted_column(lines, candidate):
            return FORMATS[candidate]
    return None
