"""A table's split column: the one whose cells name a split (FER2013's `Usage`: Training,
PublicTest, PrivateTest; SICK's `SemEval_set`: TRAIN, TRIAL, TEST).

Found by content on the table's sampled rows: more than half of a column's cells name a split
(`split_word`, or SPLIT_VALUES), and it is the only such column. Each row then takes its own
row's split; a row whose cell names none is rejected with why (a `Holdout` among `Training` rows
is no split the plan can name). Used by the tables of texts and of pixels alike.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from shardify.errors import InvalidInputError
from shardify.plan.structure import split_word

__all__ = ["SPLIT_VALUES", "split_of", "names_splits", "split_column", "row_split"]

# Split values that name a split without a split word, lower case -> split. FER2013's Usage:
# PublicTest was the challenge's public leaderboard (validation), PrivateTest its final test;
# SICK's TRIAL set is what tfds and Hugging Face call its validation split.
SPLIT_VALUES: tuple[tuple[str, str], ...] = (("publictest", "validation"), ("privatetest", "test"), ("trial", "validation"))


def split_of(value: object) -> str:
    """The split a split column's cell names, or "" (`Training` -> train, `PublicTest` -> validation).

    >>> [split_of(v) for v in ("Training", "PublicTest", "TRIAL", "TEST", "cat", 3)]
    ['train', 'validation', 'validation', 'test', '', '']
    """
    if not isinstance(value, str) or not value.strip():
        return ""
    word = value.strip()
    return dict(SPLIT_VALUES).get(word.lower()) or split_word(word.lower()) or ""  # a cell names a split: as tfds spells it


def names_splits(cells: Sequence[object]) -> bool:
    """Most sampled cells (more than half) name a split."""
    return bool(cells) and sum(bool(split_of(cell)) for cell in cells) * 2 > len(cells)


def split_column(columns: Sequence[str], sample: Sequence[Sequence[object]], used: Collection[str] = ()) -> str:
    """The one column of `columns` (none of `used`: the text, its pair, the label) whose sampled
    cells name splits, or ""."""
    found = [
        name
        for i, name in enumerate(columns)
        if name not in used and names_splits([row[i] for row in sample if len(row) == len(columns)])
    ]
    return found[0] if len(found) == 1 else ""


def row_split(cells: Mapping[str, object], column: str, default: str) -> str:
    """A row's split: its `column` cell's where the table has a split column, else `default`.

    Raises:
      InvalidInputError: the cell names no split (the row's reject says which).
    """
    if not column:
        return default
    value = cells.get(column)
    found = split_of(value)
    if not found:
        raise InvalidInputError(f"{value!r} in split column {column!r} names no split")
    return found
