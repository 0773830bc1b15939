"""A headerless `label,text` table whose labels are short phrases (the e-commerce product set's
`"Clothing & Accessories","Mens Cotton Polo T-Shirt ..."`): the label column beside the one text.

`label_columns.label_kind` takes single words, small numbers and true/false for labels, so that among
a dozen columns (LIAR's speaker, state, party) a column of names is not taken for the label.
With two columns, one of them the text, there is no such doubt: the other column is the label
when its cells are short phrases (at most MAX_WORDS words and MAX_CHARS characters, no digits)
that repeat (at most half as many distinct values as sampled cells). Read otherwise, every record
was written unlabelled with exit 0.

In a table with a header row and no column named as the label, a column of such phrases is a
candidate label (`repeated_phrases`: MTSamples' `medical_specialty`, "Cardiovascular / Pulmonary",
beside four columns of text): the run stops naming it and `--label-column`, as for single words
(`label_columns.refuse_unnamed_labels`). Repeats there are read by cells, not by distinct values, so
that a small sample of a column grouped by class (three values over five rows, two of them twice)
counts: more than half the cells hold a value some other cell holds.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MAX_WORDS", "MAX_CHARS", "is_phrase", "phrase_label", "repeated_phrases"]

MAX_WORDS = 4
MAX_CHARS = 40
_MIN_ROWS = 4


def is_phrase(cell: object) -> bool:
    """A short phrase: a string of at most MAX_WORDS words and MAX_CHARS characters, no digit, not empty."""
    return (
        isinstance(cell, str) and 0 < len(cell.strip()) <= MAX_CHARS and len(cell.split()) <= MAX_WORDS
        and not any(ch.isdigit() for ch in cell)
    )


def phrase_label(columns: Sequence[str], texts: Sequence[str], sample: Sequence[Sequence[object]]) -> str:
    """The label column of a two-column headerless table beside its one text, else "".

    >>> rows = [("Books", "Think and Grow Rich"), ("Clothing & Accessories", "Mens Polo"), ("Books", "A Guide"),
    ...         ("Clothing & Accessories", "Cotton Kurta"), ("Books", "Pearson Guide")]
    >>> phrase_label(["1", "2"], ["2"], rows), phrase_label(["1", "2", "3"], ["3"], [r + ("x",) for r in rows])
    ('1', '')
    """
    others = [i for i, name in enumerate(columns) if name not in texts]
    if len(columns) != 2 or len(others) != 1 or len(sample) < _MIN_ROWS:
        return ""
    cells = [row[others[0]] for row in sample if len(row) == 2]
    if len(cells) < len(sample) or not all(is_phrase(cell) for cell in cells):
        return ""
    values = [cell.strip().casefold() for cell in cells]
    return columns[others[0]] if len(set(values)) * 2 <= len(values) else ""


def repeated_phrases(cells: Sequence[object]) -> bool:
    """The cells are short phrases (none empty) of two or more values, and more than half of the
    cells hold a value that another cell holds too: a column of classes, not of names or ids.

    >>> repeated_phrases(["Bariatrics", "Cardiovascular / Pulmonary", "Bariatrics", "Allergy", "Cardiovascular / Pulmonary"])
    True
    >>> repeated_phrases(["London", "New York", "Paris", "Rome", "London"]), repeated_phrases(["Books"] * 5)
    (False, False)
    """
    if len(cells) < _MIN_ROWS or not all(is_phrase(cell) for cell in cells):
        return False
    values = [str(cell).strip().casefold() for cell in cells]
    counts = {v: values.count(v) for v in set(values)}
    return len(counts) > 1 and 2 * sum(n for n in counts.values() if n > 1) > len(values)
