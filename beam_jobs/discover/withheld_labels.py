"""Which of several tables of measurements holds the class the others withhold (a competition's train.csv beside its test.csv).

Why a module of its own: the stop on tables that hold no text (`text_columns._check_textless`) names the
options that read a row a record of its columns, with the label column likeliest by its cells, the first
table's last column. Kaggle's Mobile Price Classification ships `test.csv` (an `id` first, no class) beside
`train.csv` (its class `price_range` last): read first, `test.csv` made the stop offer `--label-column
'wifi'`, a feature, and the class no option named (blind round thirty-nine). The table whose last column
no other table has is the labelled one, the others its splits without labels: the stop is worded from it,
and says the others are read unlabelled (`columns.resolve_columns`: a split's table without the named label
column). Where no table, or more than one, ends in a column the others lack, nothing is guessed here.

The class need not be last: the Titanic's `train.csv` holds `Survived` second, and its `test.csv` is the same
columns less that one (blind round forty-two). `withheld_column` finds such a column wherever it sits: the one
column a table has that every other table lacks, the others otherwise its columns.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence

from shardify.beam_jobs.discover import table_splits
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["labelled_table", "withheld_column", "withheld_in_train"]


def labelled_table(columns: Mapping[str, Sequence[str]]) -> tuple[str, tuple[str, ...]] | None:
    """(the one table whose last column no other table has, the tables without it), or None.

    >>> labelled_table({"test.csv": ("id", "ram", "wifi"), "train.csv": ("ram", "wifi", "price_range")})
    ('train.csv', ('test.csv',))
    >>> labelled_table({"a.csv": ("x", "y"), "b.csv": ("x", "z")}) is None, labelled_table({"a.csv": ("x", "y")}) is None
    (True, True)
    """
    if len(columns) < 2 or not all(columns.values()):
        return None
    ends = [path for path, names in columns.items()
            if all(names[-1] not in other for o, other in columns.items() if o != path)]
    if len(ends) != 1:
        return None
    return ends[0], tuple(path for path in columns if path != ends[0])


def withheld_column(columns: Mapping[str, Sequence[str]]) -> str:
    """The one column that a single table has and every other table lacks, the others holding its
    columns less that one (a test split's tables), or "".

    >>> withheld_column({"train.csv": ("PassengerId", "Survived", "Pclass"), "test.csv": ("PassengerId", "Pclass")})
    'Survived'
    >>> withheld_column({"a.csv": ("x", "y"), "b.csv": ("x", "z")}), withheld_column({"a.csv": ("x", "y")})
    ('', '')
    """
    if len(columns) < 2 or not all(columns.values()):
        return ""
    found = []
    for path, names in columns.items():
        others = [set(other) for o, other in columns.items() if o != path]
        gone = [name for name in names if all(name not in other for other in others)]
        if len(gone) == 1 and all(other == set(names) - set(gone) for other in others):
            found.append(gone[0])
    return found[0] if len(found) == 1 else ""


def _held_out(path: str) -> bool:
    """The table's name or a folder above it names a split other than train (Mobile Price's `test.csv`,
    HellaSwag's `hellaswag_test`, ASAP's `dev.tsv` of no scores, `sign_mnist_test/`): a split published
    without its class. A table naming no split is read as train.

    >>> _held_out("test.csv"), _held_out("data/dev.tsv"), _held_out("train.csv"), _held_out("essays.csv")
    (True, True, False, False)
    """
    names = [*path.split("/")[:-1], layout.stem(posixpath.basename(path))]
    found = {split_word(name) for name in names} | {table_splits.split_of(path, frozenset())}
    return bool(found - {None, "", "train"})


def withheld_in_train(columns: Mapping[str, Sequence[str]], label: str) -> tuple[str, ...]:
    """The tables of `columns` (header cells by path) without the column `label` the user named, where
    another table has it and their names name no split but train (or none, read as train): read so, they were written unlabelled beside
    the labelled one's records with exit 0 (review32: `train.csv` without the `predicted` column its
    `test.csv` holds, offered as the class by the textless stop, which read test.csv first). A test or
    dev table without it is that split published unlabelled (the case `columns.resolve_columns` reads).

    >>> withheld_in_train({"train.csv": ("f1", "label"), "test.csv": ("f1", "predicted")}, "predicted")
    ('train.csv',)
    >>> withheld_in_train({"train.csv": ("ram", "price_range"), "test.csv": ("id", "ram")}, "price_range")
    ()
    """
    if not any(label in names for names in columns.values()):
        return ()
    return tuple(path for path, names in sorted(columns.items()) if label not in names and not _held_out(path))
