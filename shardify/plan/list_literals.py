"""A cell written as a list literal, `['cs.LG', 'cs.AI']` or `["a", "b"]`: its value, parsed once.

Two readers meet such cells: a table's label column of lists (`converters/list_cells.py`, which
also takes whole numbers and JSON objects of names) and a label file's keyed table of lists
(`tag_labels.list_labels`, quoted names only). What they accept differs; how a cell becomes a
list does not, so it is here, once: JSON first (what JSON writers and pandas' JSON export write),
then Python's own literal syntax (what pandas' `to_csv` writes of a list column), by
`ast.literal_eval`, which evaluates a literal only, never code.
"""

from __future__ import annotations

import ast
import json

__all__ = ["list_literal"]


def list_literal(text: str) -> list | None:
    """The list a cell spells, or None where it is no list literal (not bracketed, not parsed).

    >>> list_literal(" ['cs.LG', 'cs.AI'] "), list_literal('["Drama", 2]'), list_literal("[]")
    (['cs.LG', 'cs.AI'], ['Drama', 2], [])
    >>> list_literal("cs.LG"), list_literal("[a, b]"), list_literal("{'a': 1}")
    (None, None, None)
    """
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        return None
    try:
        value = json.loads(text)
    except RecursionError:  # (`[[[...]]]` nested past the stack: JSON's decoder recurses as literal_eval does)
        return None
    except ValueError:
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return None
    return value if isinstance(value, list) else None
