"""The label of a two-column table of texts whose other column is a yes/no flag named as one.

Why a module of its own: a table of one text and one 0/1 column named `is_<x>`, `has_<x>` or `label_<x>` (the
Depression Reddit set's `clean_text,is_depression`, a sarcasm set's `headline,is_sarcastic`) stopped every first
run naming `--label-column` (`label_columns.refuse_unnamed_labels`), the column no label name. Its name says what
the flag marks of the row, its cells say yes or no, and nothing else stands beside the text: that stop was only a
step the user must take to type what the file says. Here the flag is taken as the label, where every one of
these holds:

- the table has a header, the user named no label, no column kept, one text column and no pair or answers;
- beside the text (keys and blank names aside) stands exactly one column: a flag among other columns may be a
  feature (`has_questions` beside `fraudulent`), which still stops;
- its name is a flag's, `is_`/`has_`/`label_` (or `is`/`has` in camel case: `isSarcastic`) then a word;
- its sampled cells, at least _MIN_ROWS, are 0/1 or true/false only, both values seen, none blank.

The name's part after the prefix is no class name: the classes are the cells as written (`0`, `1`), as
`--label-column` reads them. Plain functions of names and sampled cells, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

__all__ = ["WHY", "flag_label", "is_flag_name"]

_MIN_ROWS = 4  # sampled cells before a column's values are judged a flag's (both values, some repeated)
_FLAG_NAME = re.compile(r"(?:(?:is|has|label)[_\s-]+[a-z]\w*|(?:is|has)[A-Z]\w*)", re.IGNORECASE)
_CAMEL_FLAG = re.compile(r"(?:is|has)[A-Z]\w*")
_FLAG_VALUES = ({"0", "1"}, {"true", "false"})
# the plan's word on a label so found (`columns.TableColumns.describe`): what decided it, and how to say otherwise
WHY = "the one column beside the text, a yes/no flag named as one; --keep-columns keeps it as a feature"


def is_flag_name(name: str) -> bool:
    """A column's name that says it flags something of its row: `is_<x>`, `has_<x>`, `label_<x>` (any case), or
    camel case `isX`/`hasX`.

    >>> is_flag_name("is_depression"), is_flag_name("has_spoiler"), is_flag_name("isSarcastic"), is_flag_name("label_spam")
    (True, True, True, True)
    >>> is_flag_name("island"), is_flag_name("hash"), is_flag_name("is_"), is_flag_name("labels")
    (False, False, False, False)
    """
    name = name.strip()
    if _CAMEL_FLAG.fullmatch(name):
        return True
    return bool(_FLAG_NAME.fullmatch(name)) and bool(re.match(r"(?:is|has|label)[_\s-]", name, re.IGNORECASE))


def _flag_cells(cells: Sequence[object]) -> bool:
    """Cells of a flag: _MIN_ROWS or more, each 0/1 or true/false (one pair), both values seen.

    >>> _flag_cells(["1", "0", "1", "1"]), _flag_cells(["True", "False", "false", "true"])
    (True, True)
    >>> _flag_cells(["1", "1", "1", "1"]), _flag_cells(["1", "0", "2", "1"]), _flag_cells(["1", "0", "", "1"])
    (False, False, False)
    """
    values = [str(cell if cell is not None else "").strip().lower() for cell in cells]
    return len(values) >= _MIN_ROWS and set(values) in _FLAG_VALUES


def flag_label(columns: Sequence[str], taken: Collection[str], keys: Collection[str], sample: Sequence[Sequence[object]]) -> str:
    """The one column beside those `taken` (the text; keys, lower-cased, and blank names aside) where it is named
    as a flag and its cells are a flag's; else "".

    >>> rows = [("so tired of it all", "1"), ("great day at the beach", "0"), ("nothing helps", "1"), ("new job!", "0")]
    >>> flag_label(("clean_text", "is_depression"), ("clean_text",), {"id"}, rows)
    'is_depression'
    >>> flag_label(("text", "is_depression", "has_link"), ("text",), {"id"}, [r + ("0",) for r in rows])
    ''
    >>> flag_label(("clean_text", "depression"), ("clean_text",), {"id"}, rows)
    ''
    """
    others = [i for i, name in enumerate(columns) if name and name not in taken and name.strip().lower() not in keys]
    if len(others) != 1 or not is_flag_name(columns[others[0]]):
        return ""
    i = others[0]
    cells = [row[i] for row in sample if len(row) == len(columns)]
    return columns[i] if _flag_cells(cells) else ""
