"""A table whose rows are another table's rows with columns left out: a copy, no records of its own.

Downloads ship a held-out split twice: once as it is given to competitors, without the answer
(Kaggle's IMDb genre files: `test_data.txt`, `ID ::: TITLE ::: DESCRIPTION`), once with it
(`test_data_solution.txt`, `ID ::: TITLE ::: GENRE ::: DESCRIPTION`). Read as two tables, every
test row was written twice, once unlabelled, with exit 0. The copy is told by its rows, whatever
the files are called: each of its first rows is the same row of the wider table with one column or
more left out, its cells in the same order (a row, not a column, matched: the first rows of two
tables of one split's texts share no cells). The copy is left out and the plan says which table
holds its rows; the wider table is read.

Nothing here reads a file: detection hands in each table's columns and first rows
(`beam_jobs/discover/label_tables.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["copied_tables"]

# Rows compared, and the fewest that show a copy (a table of one row shows nothing).
_ROWS = 20
_MIN_ROWS = 2
# Cells a row must share with the wider row: an id alone is no copy.
_MIN_SHARED = 2


def _within(narrow: Sequence[str], wide: Sequence[str]) -> bool:
    """`narrow`'s cells are `wide`'s in order, with one or more of `wide`'s left out."""
    if len(narrow) < _MIN_SHARED or len(narrow) >= len(wide):
        return False
    at = 0
    for cell in narrow:
        while at < len(wide) and wide[at].strip() != cell.strip():
            at += 1
        if at == len(wide):
            return False
        at += 1
    return True


def _not_smaller(size: int | None, wider_size: int | None) -> bool:
    return size is not None and wider_size is not None and size >= wider_size


def copied_tables(tables: Mapping[str, tuple[Sequence[str], Sequence[Sequence[str]]]],
                  sizes: Mapping[str, int | None] | None = None) -> list[tuple[str, str]]:
    """The tables (by path) whose first rows are another table's with columns left out, each with
    the plan's words for why it is left out.

    A table whose bytes are as many as the wider one's, or more, is no copy whatever its first rows:
    its rows are as many with fewer cells, so it holds rows the wider one lacks (an unlabelled pool
    opening with the labelled rows); left out, they were lost with exit 0.

    Args:
      tables: each table's (columns, first rows), by path relative to SRC.
      sizes: each table's size in bytes, where known.

    >>> copied_tables({"test_data.txt": (("1", "2", "3"), [("1", "A", "Text a."), ("2", "B", "Text b.")]),
    ...                "test_data_solution.txt": (("1", "2", "3", "4"), [("1", "A", "drama", "Text a."), ("2", "B", "short", "Text b.")]),
    ...                "train_data.txt": (("1", "2", "3", "4"), [("1", "C", "drama", "Text c."), ("2", "D", "short", "Text d.")])})
    [('test_data.txt', "its rows are test_data_solution.txt's with columns left out (a copy without them, as a held-out split is given out): left out")]
    """
    found = []
    for path, (columns, sample) in sorted(tables.items()):
        rows = [list(row) for row in sample[:_ROWS]]
        if len(rows) < _MIN_ROWS:
            continue
        wider = [
            other for other, (their_columns, their) in sorted(tables.items())
            if other != path and len(their_columns) > len(columns) and len(their) >= len(rows)
            and all(_within(row, list(their[i])) for i, row in enumerate(rows))
            and not _not_smaller((sizes or {}).get(path), (sizes or {}).get(other))
        ]
        if len(wider) == 1:
            why = f"its rows are {wider[0]}'s with columns left out (a copy without them, as a held-out split is given out): left out"
            found.append((path, why))
    return found
