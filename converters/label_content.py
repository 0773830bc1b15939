"""Whether a column's sampled cells are labels, ids or the rows' numbers, by the cells alone:
few repeated whole numbers, true/false or short single words are labels (`label_kind`); values
all different, or past MAX_LABEL_NUMBER, in column 1 are ids (`first_column_ids`); 0, 1, 2 ...
down the rows are row numbers (`row_numbers`).

Apart from `label_columns` (which column is the label, and the stops when that is in doubt)
because these rules judge cells, not columns, and other readers judge by the same ones
(`word_labels`' headerless words, `sparse_labels`, `decided_labels`); nothing here raises.
`label_columns` re-exports them, where most callers read them.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.converters.column_names import is_integer
from shardify.inputs.whole_numbers import whole_at_most

__all__ = [
    "ID_LISTS",
    "MAX_LABEL_NUMBER",
    "MIN_ROWS_FOR_IDS",
    "MIN_ROWS_FOR_LABELS",
    "WORDS",
    "first_column_ids",
    "label_kind",
    "label_word",
    "row_numbers",
    "single_label_words",
    "whole_decimals",
]


# Sampled rows in which column 1's cells, all different, are ids rather than labels.
MIN_ROWS_FOR_IDS = 8


def first_column_ids(sample: Sequence[Sequence[object]]) -> bool:
    """Column 1's sampled cells are ids (a SemEval-like `6400<TAB>positive<TAB>text`), never
    labels: one is past MAX_LABEL_NUMBER, or all differ in MIN_ROWS_FOR_IDS rows or more (labels
    repeat; four AG News rows may each hold another class)."""
    first = [str(row[0]).strip() for row in sample if row]
    large = any(is_integer(cell) and not whole_at_most(cell, MAX_LABEL_NUMBER) for cell in first)
    return large or (len(first) >= MIN_ROWS_FOR_IDS and len(set(first)) == len(first)) or row_numbers(first)


# Rows from which column 1 counting 0, 1, 2 ... or 1, 2, 3 ... down the rows is their numbers.
_MIN_NUMBERED_ROWS = 3


def row_numbers(cells: Sequence[str]) -> bool:
    """The cells count the rows from 0 or 1, one a row (`1 ::: title ::: text` in a test file of
    three rows): the rows' numbers, no labels, however few the rows (labels in their classes'
    order down every row are no dataset's).

    >>> row_numbers(["1", "2", "3"]), row_numbers(["0", "1", "2", "3"]), row_numbers(["3", "4", "5"]), row_numbers(["1", "2"])
    (True, True, False, False)
    """
    if len(cells) < _MIN_NUMBERED_ROWS or not all(c.isdigit() and c.isascii() and len(c) < 12 for c in cells):
        return False
    first = int(cells[0])
    return first in (0, 1) and all(int(c) == first + i for i, c in enumerate(cells))


# A column of labels numbered by the dataset holds few distinct whole numbers (CoLA's 0/1, a
# polarity's 0/2/4, a class index 1..14), repeated down the rows; ids and counts do not repeat. A
# column of names does the same with short words (LIAR's `half-true`, `pants-fire`); a column of
# class ids joined by commas (GoEmotions' `2,27`) is a multi-label's.
MAX_LABEL_NUMBER = 999
MIN_ROWS_FOR_LABELS = 4
_MAX_LABEL_WORD_CHARS = 32
ID_LISTS = "class ids joined by commas"
WORDS = "words"


# Rows of a column of label words whose cell may be no single short word (one label written out
# long, `a very long label cell ...`, or a typo spilling the text into it): one in this many, from
# _ROWS_FOR_OUTLIERS sampled rows on. One outlier had flipped the whole column to "no labels", and
# every record was written unlabelled with exit 0; a column of texts holds no majority of single
# repeated words, so it is still none.
_ROWS_PER_OUTLIER = 20
_ROWS_FOR_OUTLIERS = 8


def label_word(value: str) -> bool:
    """One short word (at most _MAX_LABEL_WORD_CHARS), no digit, no comma: a label as a column of
    label words writes it (`word_labels` judges headerless tables' words by the same rule).

    >>> label_word("half-true"), label_word("pants on fire"), label_word("b12"), label_word("")
    (True, False, False, False)
    """
    return bool(value) and len(value) <= _MAX_LABEL_WORD_CHARS and len(value.split()) == 1 and not any(
        c.isdigit() for c in value) and "," not in value


def single_label_words(values: Sequence[str]) -> bool:
    """The cells are single short words (no digits, no commas) but for at most one in
    _ROWS_PER_OUTLIER (at least one, from _ROWS_FOR_OUTLIERS rows on).

    >>> words = ["joy", "anger", "sadness", "joy", "anger", "sadness", "joy", "anger"]
    >>> single_label_words(words), single_label_words(words + ["a label cell written out as a sentence"])
    (True, True)
    >>> single_label_words(words[:4] + ["a b"])
    False
    >>> single_label_words(words + ["a b", "c d"])
    False
    """
    odd = sum(1 for v in values if not label_word(v))
    allowed = max(1, len(values) // _ROWS_PER_OUTLIER) if len(values) >= _ROWS_FOR_OUTLIERS else 0
    return odd <= allowed and odd < len(values)


# A polarity written as signed class numbers (1 / -1, or with 0 neutral): labels as 0..N are.
_CLASS_SIGNS = frozenset({"-1", "0", "1", "+1"})


def label_kind(cells: Sequence[object]) -> str:
    """Why the cells are labels, or "": whole numbers from 0 to MAX_LABEL_NUMBER, true/false or
    short single words, with repeats (at most half as many distinct values as cells; words: two
    or more, in a sample of at least MIN_ROWS_FOR_LABELS); or whole numbers joined by commas (ID_LISTS:
    class ids of a multi-label, some cell holding two or more).

    >>> label_kind(["2,27", "14", "3", "26"]), label_kind(["false", "true", "false", "false"])
    ('class ids joined by commas', 'labels')
    >>> label_kind(["ed1x1k", "ed2x2k", "ed3x3k", "ed4x4k"])
    ''
    """
    values = [cell.strip().lower() for cell in cells if isinstance(cell, str)]
    if len(values) < MIN_ROWS_FOR_LABELS or len(values) < len(cells):
        return ""
    ids = [v.split(",") for v in values]
    if any(len(parts) > 1 for parts in ids) and all(
        whole_at_most(p, MAX_LABEL_NUMBER) for parts in ids for p in parts
    ):
        return ID_LISTS
    booleans = all(v in ("true", "false") for v in values)
    numbers = all(whole_at_most(v, MAX_LABEL_NUMBER) for v in values)
    numbers = numbers or ("-1" in values and set(values) <= _CLASS_SIGNS)  # Steam reviews' review_score 1 / -1
    words = single_label_words(values)
    if len(set(values)) * 2 > len(values):
        return ""
    # a constant word (every row's `economy`) is no class: a label of one value is kept for numbers only
    return "labels" if booleans or numbers else WORDS if words and len(set(values)) > 1 else ""


def whole_decimals(cells: Sequence[object]) -> bool:
    """Class numbers written as decimals, as a float export of a column of whole numbers writes them
    (AI Vs Human Text's `generated`, 0.0 / 1.0): every cell a whole number from 0 to MAX_LABEL_NUMBER
    with a fraction of zeros, repeated as `label_kind`'s numbers are. Kept apart from `label_kind`,
    which decides labels where this only names a column the stop offers: read as a measurement,
    such a column was dropped and every record written unlabelled with exit 0.

    >>> whole_decimals(["0.0", "1.0", "1.0", "0.0"]), whole_decimals(["0.0", "1.5", "1.0", "0.0"])
    (True, False)
    >>> whole_decimals(["0", "1", "1", "0"]), whole_decimals(["1.0", "2.0", "3.0", "4.0"])
    (False, False)
    """
    values = [cell.strip() for cell in cells if isinstance(cell, str)]
    if len(values) < MIN_ROWS_FOR_LABELS or len(values) < len(cells) or len(set(values)) * 2 > len(values):
        return False
    wholes = [v.partition(".") for v in values]
    return all(dot and fraction and set(fraction) == {"0"} and whole_at_most(whole, MAX_LABEL_NUMBER)
               for whole, dot, fraction in wholes)
