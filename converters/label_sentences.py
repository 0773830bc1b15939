"""A label cell written out as a sentence in a column of label words: its row's reject, not a class.

A column of single short label words stays the label column with one cell in 20 that is no such
word (`label_columns.single_label_words`, stops20: one such cell had made the column no label
column, every record written unlabelled). That cell was then written as a class of its own, one
record strong (`unclear, the photo shows both a cat and a dog` beside `cat`, `dog`), with exit 0.
A cell of several words in such a column is a note, a typo or a text spilled into it, not a class
the dataset has: its row is rejected naming the cell, and the rejects report shows it (a label of
a few words, `Great Dane`, stays a label). `--label-column` naming the column reads every cell as
a label: the user has decided.

A cell of the same words in `_MIN_CLASS_ROWS` rows or more is a class, not a note: a label table
sorted by class, one-word classes first, then ImageNet's or Places' names (`tench, Tinca tinca`,
`building, outdoor`), had every image of those classes rejected as 'a sentence' (`held_back`).

Plain functions of cells; no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

from shardify.converters.label_columns import single_label_words

__all__ = ["held_back", "sentence_reason", "worded_column"]

_Row = TypeVar("_Row")

# Sampled cells needed to call a column one of label words (label_kind's rows for labels).
_MIN_ROWS = 4
# A sentence: this many words or more (`Tomato Yellow Leaf Curl Virus`, five, is a class's name), or
# from _PUNCTUATED_WORDS on with a sentence's punctuation (`unclear, both a cat and a dog`).
_SENTENCE_WORDS = 6
_PUNCTUATED_WORDS = 3
_PUNCTUATION = frozenset(",.;:!?")
# Rows that must repeat a sentence-like cell before it is a class: a note is written once (twice
# where a row was pasted again); a class has its images.
_MIN_CLASS_ROWS = 3


def worded_column(cells: Sequence[object]) -> bool:
    """The sampled cells of a label column are single short words, repeated (at most half as
    many distinct values as cells), but for `single_label_words`' few outliers.

    >>> worded_column(["joy", "anger", "joy", "fear", "anger", "joy", "joy", "fear", "a note in a sentence"])
    True
    >>> worded_column(["a good film", "a bad film", "fine", "ok"]), worded_column(["n01", "n02", "n03", "n04"])
    (False, False)
    """
    values = [cell.strip().lower() for cell in cells if isinstance(cell, str)]
    if len(values) < _MIN_ROWS or len(values) < len(cells) or len(set(values)) * 2 > len(values):
        return False
    return single_label_words(values)


def sentence_reason(cell: object, column: str) -> str:
    """Why `cell` of the label column `column` (one of label words) is no label, or "".

    >>> sentence_reason("unclear, the photo shows both", "label")[:40]
    "label 'unclear, the photo shows both' is"
    >>> sentence_reason("Great Dane", "label"), sentence_reason("Tomato Yellow Leaf Curl Virus", "label")
    ('', '')
    """
    if not isinstance(cell, str):
        return ""
    words = cell.split()
    punctuated = len(words) >= _PUNCTUATED_WORDS and bool(_PUNCTUATION & set(cell))
    if len(words) < _SENTENCE_WORDS and not punctuated:
        return ""
    return (
        f"label {cell.strip()[:60]!r} is a sentence where column {column!r} holds single label words: no class "
        f"of the dataset (a note or a text in the label's place); mend the cell, or --label-column {column} "
        "to read every cell of it as a label"
    )


def held_back(rows: Iterable[_Row], cell_of: Callable[[_Row], object], column: str, worded: bool) -> Iterator[tuple[_Row, str]]:
    """Each row with "" or the reason its label cell is no label (`sentence_reason`), every row once.

    Rows whose cell reads as a sentence are held back to the end, when it is known how many rows
    repeat that cell: from `_MIN_CLASS_ROWS` on it is a class of the dataset ("" for each of
    them), else each row comes with its reason. With `worded` False every row comes at once with "".

    >>> cells = ["cat", "tench, Tinca tinca", "dog", "tench, Tinca tinca", "not sure, maybe a dog", "tench, Tinca tinca"]
    >>> [(c, bool(why)) for c, why in held_back(cells, lambda c: c, "label", True)][2:]
    [('tench, Tinca tinca', False), ('tench, Tinca tinca', False), ('not sure, maybe a dog', True), ('tench, Tinca tinca', False)]

    A table that cannot be read further still hands over the rows held back, then the error:

    >>> def broken():
    ...     yield from ("cat", "not sure, maybe a dog", "dog")
    ...     raise ValueError("row 4 unreadable")
    >>> seen = []
    >>> try:
    ...     seen.extend(cell for cell, _ in held_back(broken(), lambda c: c, "label", True))
    ... except ValueError as error:
    ...     print(seen, error)
    ['cat', 'dog', 'not sure, maybe a dog'] row 4 unreadable
    """
    held: list[tuple[_Row, str, str]] = []
    try:
        for row in rows:
            cell = cell_of(row) if worded else None
            why = sentence_reason(cell, column)
            if why:
                held.append((row, why, " ".join(str(cell).split()).lower()))
            else:
                yield row, ""
    except Exception:  # the table cannot be read further: the rows held back still come, then the error
        yield from _released(held)
        raise
    yield from _released(held)


def _released(held: Sequence[tuple[_Row, str, str]]) -> Iterator[tuple[_Row, str]]:
    """The rows held back: a cell in `_MIN_CLASS_ROWS` rows or more is a class ("" each), else each its reason."""
    counts = Counter(words for _, _, words in held)
    for row, why, words in held:
        yield row, "" if counts[words] >= _MIN_CLASS_ROWS else why
