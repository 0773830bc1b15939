"""Label cells written as a list literal, `['cs.LG', 'cs.AI']` or `["a", "b"]`, or a JSON object of `{id: name}`: a
multi-label set, not one label.

Tables exported from pandas write a list column as Python prints it (the arXiv abstracts table of
the Keras multi-label example: `terms` = `['cs.LG', 'cs.AI']`), JSON writers as `["a", "b"]`. Read
as one label, each combination became a class of its own (`['cs.CV', 'stat.ML']` beside `['cs.CV']`),
with exit 0. A column every non-empty sampled cell of which is such a literal of names (strings or
whole numbers, possibly empty `[]`) is read as a multi-label column: each cell's items its labels.
One cell that is not a literal and the column stays one label a cell (its own checks apply). The
literal is parsed as JSON or by `ast.literal_eval` (a literal only, never code: `plan/list_literals.py`,
the one parser of such cells), and must be a flat list. A JSON
object whose every value is a name (`{"/m/07s9rl0": "Drama"}`: Freebase ids to names, as the CMU Movie
Summary corpus writes genres, languages and countries) names its values: the ids are the names' keys.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from shardify.plan.list_literals import list_literal

__all__ = ["LIST_LITERAL", "list_items", "list_column"]

# TableColumns.separator for a column of list literals (no character splits them: they are parsed).
LIST_LITERAL = "[list]"
# At most one filled cell in this many may open as a literal and read as none (a hostile or damaged
# cell, rejected with its row); more, and the column is no column of lists.
_MOST_UNREAD = 8


def list_items(cell: object) -> list[str] | None:
    """The items of a list literal cell, or None where the cell is no flat list of names.

    >>> list_items("['cs.LG', 'cs.AI']"), list_items('["Drama"]'), list_items("[]"), list_items("[1, 2]")
    (['cs.LG', 'cs.AI'], ['Drama'], [], ['1', '2'])
    >>> list_items('{"/m/07s9rl0": "Drama", "/m/01z4y": "Comedy"}'), list_items("{}"), list_items('{"a": {"b": "c"}}')
    (['Drama', 'Comedy'], [], None)
    >>> list_items("cs.LG"), list_items("[['a']]"), list_items("[0.5]"), list_items("[a, b]")
    (None, None, None, None)
    """
    if not isinstance(cell, str):
        return None
    text = cell.strip()
    if text.startswith("{") and text.endswith("}"):
        return _object_names(text)
    value = list_literal(text)
    if value is None:
        return None
    if not all(isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in value):
        return None
    return [str(v) for v in value]


def _object_names(text: str) -> list[str] | None:
    """The names of a JSON object cell of `{id: name}` (the CMU Movie Summary corpus's genres,
    `{"/m/07s9rl0": "Drama", "/m/01z4y": "Comedy"}`, Freebase ids to names): its values, in order;
    None where it is no such object (a value not a name, a nested one)."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, dict) or not all(isinstance(v, str) and any(ch.isalpha() for ch in v) for v in value.values()):
        return None
    return list(value.values())


def list_column(cells: Sequence[object], *, words: bool = False) -> bool:
    """Every non-empty sampled cell is a list literal of names, and some hold an item; with `words`,
    every item holds a letter (a list of numbers, an answer's `['12']`, is no class a column's name
    has not said).

    >>> list_column(["['cs.LG', 'cs.AI']", "['cs.CV']", ""]), list_column(["['a']", "b"]), list_column(["[]", "[]"])
    (True, False, False)
    >>> list_column(["['12']", "['3', '4']"], words=True)
    False
    >>> list_column(["['a']", "['b']", "['a', 'c'", "['c']", "['a']", "['b']", "['c']", "['a']"]), list_column(["['a']", "['b'"])
    (True, False)
    """
    filled = [c for c in cells if isinstance(c, str) and c.strip()]
    items = [list_items(c) for c in filled]
    read = [i for i in items if i is not None]
    # A cell that opens as a literal but reads as none (`['a', 'b'` never closed, `[1e999]`, a tuple,
    # code) among lists is its row's reject at conversion (`label_cells.split_labels`), not a reason to
    # read every list as one label (`"['earn']"` written as a class, exit 0). A plain cell still is.
    unread = len(filled) - len(read)
    if not filled or not any(read) or unread * _MOST_UNREAD > len(filled) or not all(c.lstrip()[0] in "[{(" for c in filled):
        return False
    return not words or all(any(ch.isalpha() for ch in item) for i in read for item in i)
