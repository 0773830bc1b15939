"""Tables with one optional column: judge them on their rows of the header's width, empty cells and all.

A label table is judged on its rows with no empty cell, so that a file whose rows are ragged is no
table. A short table whose empty cells all lie in one column is another thing: an optional value
(Pokemon's `Name,Type1,Type2`, Type2 empty for a single-typed one; a secondary tag, a note). Dropping
those rows left too few to judge, and the table went unread: the stop then offered `--labels FILE`,
whose reading asks for a label column it does not name. Judged on all its rows, the table is read,
and where two columns could be the label the stop names both (`keyed_tables._label_column`).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["optional_column", "optional_column_note"]


def optional_column(header: Sequence[str], rows: Sequence[Sequence[str]]) -> int | None:
    """The one column of a table of three or more columns where all its empty cells lie, given
    in some rows and empty in others, where every row is of the header's width; else None.

    >>> optional_column(["Name", "Type1", "Type2"], [["a", "Fire", ""], ["b", "Grass", "Poison"]])
    2
    >>> optional_column(["Name", "Type1", "Type2"], [["a", "", ""], ["b", "Grass", "Poison"]]) is None
    True
    >>> optional_column(["path", "label"], [["a", ""], ["b", "cat"]]) is None
    True
    """
    if len(header) < 3 or not rows or any(len(row) != len(header) for row in rows):
        return None
    sparse = {c for row in rows for c, cell in enumerate(row) if not cell}
    if len(sparse) != 1:
        return None
    column = sparse.pop()
    return column if any(row[column] for row in rows) else None


def optional_column_note(header: Sequence[str], rows: Sequence[Sequence[str]], could: Sequence[int]) -> str:
    """For the stop naming label columns: the optional column among `could` whose values are those
    of another candidate (`Type2`'s `Poison`, a Type1 too): a second label of the row, which one
    label column cannot hold: the user names both (`Type1,Type2`, multi-label) or the one to keep; or ""."""
    column = optional_column(header, rows)
    if column is None or column not in could:
        return ""
    given = [row[column] for row in rows if row[column]]
    for other in could:
        shared = sorted(set(given) & {row[other] for row in rows}) if other != column else []
        if shared:
            return (f"; {header[column]!r} is empty in {len(rows) - len(given)} of {len(rows)} rows and holds values of "
                    f"{header[other]!r} ({', '.join(map(repr, shared[:3]))}): a second label of the row where given; "
                    f"--label-column {header[other]},{header[column]} reads both as the row's labels (multi-label), one "
                    "name keeps that column alone")
    return ""
