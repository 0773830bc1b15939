"""A label table's vote-count columns read by the rule `--label-from-votes` names: a row's label is the
class most of its votes chose.

Crowd-labelled image sets publish each image's votes, a column per class, instead of a class: FER+
(github.com/microsoft/FERPlus) relabels FER2013's faces in `fer2013new.csv` as `Usage,Image name,
neutral,happiness,surprise,sadness,anger,disgust,fear,contempt,unknown,NF`, ten annotators' votes a
row. No column is the label (`shardify/plan/vote_columns.py` stops on such a table rather than offer a
count as the class); which counts make a class is the dataset's rule, which only the user can state.
FER+'s README names its schemes: majority voting, probability, cross-entropy, multi-target. Majority
is the one a single-label record holds, so it is the rule read here:

  majority   the class with more than half of the row's votes (over the vote columns); a row where no
             class has more than half (a tie, a spread) is the row's reject, naming its counts, never a
             guess. FER+'s own code (src/ferplus.py, `_process_data`, mode 'majority') also drops a
             face whose majority is `unknown` or `NF` (not a face): here those are columns like the
             others, written as their class, for the user to leave out or keep.

The vote columns are those `vote_count_columns` finds in the table's sampled rows (three or more columns
of whole counts summing to one panel's total), the key column left out. A table without them refuses the
option (`InvalidInputError`, the whole table): the option read as something else would write wrong
labels. A later row's cell that is no whole count (a `NaN`, `-1`, `2.5`, a count of thousands of digits)
rejects that row, naming the column.

Plain functions of cells; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from shardify.errors import InvalidInputError
from shardify.plan.vote_columns import vote_count_columns

__all__ = ["MAJORITY", "VOTE_RULES", "majority_label", "vote_columns_of"]

MAJORITY = "majority"
# The rules `--label-from-votes` takes (FER+'s probability and cross-entropy schemes are distributions,
# no single label: not offered).
VOTE_RULES = (MAJORITY,)
# A vote count: a whole number of at most this many digits (a panel of annotators, not a population).
_COUNT = re.compile(r"[0-9]{1,6}")


def vote_columns_of(columns: Sequence[str], sample: Sequence[Sequence[object]], key: str, path: str = "") -> tuple[str, ...]:
    """The names of `columns` (a header) whose `sample` cells are vote counts, `key` left out.

    >>> vote_columns_of(("name", "a", "b", "c"), [["x.png", "6", "2", "2"], ["y.png", "1", "9", "0"]], "name")
    ('a', 'b', 'c')

    Raises:
      InvalidInputError: no such columns (`--label-from-votes` cannot read the table).
    """
    skip = tuple(c for c, name in enumerate(columns) if name == key)
    rows = _whole_rows([[("" if cell is None else str(cell)) for cell in row] for row in sample], len(columns))
    found = tuple(columns[c] for c in vote_count_columns(rows, skip=skip) if c < len(columns))
    if not found:
        raise InvalidInputError(
            f"--label-from-votes: {path or 'the label table'} has no columns of vote counts (three or more columns of whole "
            f"numbers, every row's the same total) among {', '.join(map(repr, columns[:12]))}: name its label column with "
            "--label-column instead"
        )
    return found


def _whole_rows(rows: list[list[str]], width: int) -> list[list[str]]:
    """The sampled rows that show the table's shape: of its header's width, and whole counts in every
    column most rows hold counts in. A damaged row among the first (a `NaN`, a truncated line) is that
    row's reject when read (`majority_label`), not the whole table's refusal.

    >>> _whole_rows([["a", "1", "2", "3"], ["b", "NaN", "2", "3"], ["c", "3", "0", "3"], ["d", "1"]], 4)
    [['a', '1', '2', '3'], ['c', '3', '0', '3']]
    """
    shaped = [row for row in rows if len(row) == width]
    counted = [c for c in range(width) if sum(bool(_COUNT.fullmatch(row[c].strip())) for row in shaped) * 2 > len(shaped)]
    return [row for row in shaped if all(_COUNT.fullmatch(row[c].strip()) for c in counted)]


def majority_label(cells: Mapping[str, object], columns: Sequence[str]) -> str | tuple[str, str]:
    """The column of `columns` holding more than half of the row's votes, or ("", reason) where none
    does or a cell is no count.

    >>> majority_label({"a": "6", "b": "2", "c": "2"}, ("a", "b", "c"))
    'a'
    >>> majority_label({"a": "5", "b": "5", "c": "0"}, ("a", "b", "c"))[1]
    'no class has more than half of the 10 votes (a 5, b 5, c 0): no majority'
    >>> majority_label({"a": "NaN", "b": "5", "c": "0"}, ("a", "b", "c"))[1]
    "vote count 'NaN' in column 'a' is no whole number"
    """
    counts = []
    for name in columns:
        cell = cells.get(name)
        text = str(cell).strip() if cell is not None else ""
        if isinstance(cell, bool) or not _COUNT.fullmatch(text):
            return "", f"vote count {text[:20]!r} in column {name!r} is no whole number"
        counts.append(int(text))
    total = sum(counts)
    top = max(counts)
    if total and top * 2 > total:
        return columns[counts.index(top)]
    shown = ", ".join(f"{name} {count}" for name, count in list(zip(columns, counts))[:12])
    return "", f"no class has more than half of the {total} votes ({shown}): no majority"
