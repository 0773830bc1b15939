"""Columns of vote counts, one per class, in a keyed table: no class column each (issue 30).

FER+ (microsoft/FERPlus) relabels FER2013's faces with ten annotators' votes: `fer2013new.csv` holds
`Usage,Image name,neutral,happiness,surprise,sadness,anger,disgust,fear,contempt,unknown,NF`, each
row's ten counts summing to 10. A stop over its `Usage` column offered `--label-column NAME` with
every other column, and named so, a count (`6`) was written as each face's class. Which counts make
a class is the dataset's rule (FER+'s README: majority voting, probability, cross-entropy or
multi-target; its code drops a face whose top class has no more than half the votes), as for the
vote tuples of `converters/vote_labels.py`. Columns are read as such votes where there are three or
more of them, every sampled cell of each a whole number, and every sampled row's sum over them above
1 and the same number in 8 rows of 10 or more (a fixed panel of annotators; one-hot columns sum to 1, object counts vary):
they are never offered as a label column.

Nothing here reads a file: the callers hand in a table's header and sampled rows.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

__all__ = ["vote_count_columns"]

_COUNT = re.compile(r"[0-9]{1,4}")
# Fewer columns than this are as likely two or three counts of anything (a yes/no pair is vote_labels' tuple).
_MIN_COLUMNS = 3
# Rows of the panel's total, in tenths: a face a tagger skipped (9 votes) does not hide the panel.
_MOST_ROWS_TENTHS = 8


def vote_count_columns(data: Sequence[Sequence[str]], skip: Sequence[int] = ()) -> list[int]:
    """The columns of `data` (sampled rows, no header) outside `skip` that hold vote counts, one per
    class; [] where they do not (see the module's docstring).

    >>> rows = [["a.png", "Training", "6", "2", "0", "2"], ["b.png", "PublicTest", "0", "9", "1", "0"]]
    >>> vote_count_columns(rows, skip=(0,))
    [2, 3, 4, 5]
    >>> vote_count_columns([["a.png", "0", "1", "0"], ["b.png", "1", "0", "0"]], skip=(0,))  # one-hot: classes
    []
    >>> vote_count_columns([["a.png", "3", "1", "0"], ["b.png", "1", "0", "0"]], skip=(0,))  # counts of objects
    []
    """
    rows = [row for row in data if row]
    if not rows:
        return []
    width = min(len(row) for row in rows)
    columns = [c for c in range(width) if c not in skip and all(_COUNT.fullmatch(row[c].strip()) for row in rows)]
    if len(columns) < _MIN_COLUMNS:
        return []
    sums = Counter(sum(int(row[c]) for c in columns) for row in rows)
    total, rows_of_total = sums.most_common(1)[0]
    return columns if total > 1 and rows_of_total * 10 >= len(rows) * _MOST_ROWS_TENTHS and min(sums) > 1 else []
