"""Rows of a headerless tab-separated table that carry a few more cells at their end than its first
row: the cells a later release appended (STS Benchmark's sts-*.csv: `genre, file, year, id,
score, sentence1, sentence2`, and on the rows of later years two more naming where they came
from, `2017<TAB>answers-forums`).

Such a row is read at the first row's columns, its extra cells kept under the next column numbers
(`8`, `9`), unread as every column not chosen is. Before, each was a reject ("9 fields where the
first row has 7"), and the conversion stopped over --max-rejects (exit 1).

Only where the extra cells cannot be the rest of a text cut at a tab: each is one short token (no
space, at most `MAX_TOKEN_CHARS`), as a year, an id or a source's name is. A text holding a tab
continues in words with spaces, and such a row stays a reject: read at the first row's width its
text would be cut short (exit 0). CSV is never read so: an unquoted comma inside a text is common.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MAX_TOKEN_CHARS", "headerless", "with_trailing_cells"]

MAX_TOKEN_CHARS = 32
# At most this many cells past the first row's: a few appended columns, not a row of another table.
_MAX_EXTRA = 4


def headerless(columns: Sequence[str]) -> bool:
    """Whether `columns` are a headerless table's numbers ("1".."N", `tables.TableHeader`)."""
    return bool(columns) and all(name == str(i) for i, name in enumerate(columns, 1))


def with_trailing_cells(fields: Sequence[str], columns: Sequence[str]) -> dict[str, str] | None:
    """The row's cells where it is a headerless row with a few token cells past `columns`, else None.

    >>> with_trailing_cells(["a", "0.5", "A man runs.", "2017", "answers-forums"], ["1", "2", "3"])
    {'1': 'a', '2': '0.5', '3': 'A man runs.', '4': '2017', '5': 'answers-forums'}
    >>> with_trailing_cells(["a", "0.5", "A man runs", "and then he stops."], ["1", "2", "3"]) is None
    True
    """
    extra = fields[len(columns):]
    if not headerless(columns) or not extra or len(extra) > _MAX_EXTRA:
        return None
    if not all(cell and len(cell) <= MAX_TOKEN_CHARS and not any(c.isspace() for c in cell) for cell in extra):
        return None
    return {str(i): cell for i, cell in enumerate(fields, 1)}
