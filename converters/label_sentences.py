"""A label cell written out as a sentence in a column of label words: its row's reject, not a class.

A column of single short label words stays the label column with one cell in 20 that is no such
word (`label_columns.single_label_words`, stops20: one such cell had made the column no label
column, every record written unlabelled). That cell was then written as a class of its own, one
record strong (`unclear, the photo shows both a cat and a dog` beside `cat`, `dog`), with exit 0.
A cell of several words in such a column is a note, a typo or a text spilled into it, not a class
the dataset has: its row is rejected naming the cell, and the rejects report shows it (a label of
a few words, `Great Dane`, stays a label). `--label-column` naming the column reads every cell as
a label: the user has decided.

Plain functions of cells; no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.converters.label_columns import single_label_words

__all__ = ["sentence_reason", "worded_column"]

# Sampled cells needed to call a column one of label words (label_kind's rows for labels).
_MIN_ROWS = 4
# A sentence: this many words or more (`Tomato Yellow Leaf Curl Virus`, five, is a class's name), or
# from _PUNCTUATED_WORDS on with a sentence's punctuation (`unclear, both a cat and a dog`).
_SENTENCE_WORDS = 6
_PUNCTUATED_WORDS = 3
_PUNCTUATION = frozenset(",.;:!?")


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
