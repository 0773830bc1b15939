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

from collections.abc import Mapping, Sequence

__all__ = ["labelled_table", "withheld_column"]


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
