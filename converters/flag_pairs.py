"""Cells of `name-0;name-1;...` pairs: one cell holding a row's every class and whether it is set.

The Disaster Response messages (Figure Eight) ship their 36 categories apart from the texts:
disaster_categories.csv is `id,categories`, each `categories` cell `related-1;request-0;offer-0;...`
(the project's process_data.py splits it on `;`, each part's name before the last `-` and its value
after). Read as a table of texts, the cell was a text of its own; as a labels table it held no 0/1
column. Here such a cell is a kind of cell: its parts are `name-digits`, two or more, the names
unique, so that a row's labels are the names marked 1 (none: labelled, with no class).

A value other than 0 or 1 (the release's `related-2`, in some 200 of 26,000 rows) is no reading
shardify guesses (kept as 1, or dropped, are both done by the dataset's users): its row's reject,
saying so. A cell of other names, or in another order, than the table's first rows is its reject too.
Nothing here reads a file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["MIN_PAIRS", "pair_labels", "pair_names"]

# Parts a cell holds at least: one `name-1` is a word with a number, not a row of classes.
MIN_PAIRS = 2
_SEPARATOR = ";"
_PART = re.compile(r"(?P<name>[^;\s](?:[^;]*[^;\s])?)-(?P<value>\d+)")
_SET, _UNSET = "1", "0"


def _parts(cell: object) -> list[tuple[str, str]] | None:
    if not isinstance(cell, str):
        return None
    found = []
    for part in cell.strip().split(_SEPARATOR):
        match = _PART.fullmatch(part.strip())
        if match is None:
            return None
        found.append((match["name"], match["value"]))
    return found


def pair_names(cell: object) -> tuple[str, ...]:
    """The names of a cell of `name-digits` pairs, in order; () where the cell is no such cell
    (fewer than MIN_PAIRS parts, a part of another shape, a name twice).

    >>> pair_names("related-1;request-0;offer-0"), pair_names("related-1"), pair_names("a-1;a-0"), pair_names("x y")
    (('related', 'request', 'offer'), (), (), ())
    """
    parts = _parts(cell)
    if parts is None or len(parts) < MIN_PAIRS:
        return ()
    names = tuple(name for name, _ in parts)
    return names if len(set(names)) == len(names) else ()


def pair_labels(cell: object, names: Sequence[str]) -> tuple[str, ...] | str:
    """The names a pairs cell marks 1 (() for none: labelled, with no class), or why the cell is unusable:
    other names than `names` (the table's), or a value other than 0 or 1.

    >>> pair_labels("a-1;b-0;c-1", ("a", "b", "c")), pair_labels("a-0;b-0;c-0", ("a", "b", "c"))
    (('a', 'c'), ())
    >>> pair_labels("a-2;b-0;c-0", ("a", "b", "c"))
    "'a-2': a category marked 2, not 0 or 1: which it means is not said"
    >>> pair_labels("a-1;c-0;b-0", ("a", "b", "c"))
    "'a-1;c-0;b-0' names other categories (or others' order) than the table's: a, b, c"
    """
    parts = _parts(cell)
    if parts is None or tuple(name for name, _ in parts) != tuple(names):
        shown = ", ".join(names[:6]) + (", ..." if len(names) > 6 else "")
        return f"{str(cell)[:40]!r}{'...' if len(str(cell)) > 40 else ''} names other categories (or others' order) than the table's: {shown}"
    odd = next(((name, value) for name, value in parts if value not in (_SET, _UNSET)), None)
    if odd is not None:
        return f"'{odd[0]}-{odd[1]}': a category marked {odd[1]}, not 0 or 1: which it means is not said"
    return tuple(name for name, value in parts if value == _SET)
