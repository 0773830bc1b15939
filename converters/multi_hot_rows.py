"""The rows of a multi-hot label table read per split (`shardify.plan.split_multi_hot`).

RFMiD's `a. RFMiD_Training_Labels.csv` (`ID,Disease_Risk,DR,ARMD,...`): a row's labels are the
class columns holding 1; its key is its split folder's name and its id (`a. Training Set/1`), so
that the ids `1`, `2`, ... that every split's table repeats name their own split's files only.
Where the table has a summary column (`Disease_Risk`, 1 where any class is), a row of no class is
the empty label set (a labelled negative), and a row whose summary disagrees with its classes is
rejected naming both; without one, a row of no 1s is rejected as a row without a label. A cell
neither 0 nor 1 rejects its row, naming the column. A row leaving every class cell empty (DFUC 2021's
unlabelled images, listed for semi-supervised use) is a record with no label; some cells empty and
others given is its row's reject.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator, Sequence

from shardify.converters import tables
from shardify.converters.evidence_rows import line_rows
from shardify.plan.evidence import Evidence
from shardify.plan.label_names import normalise_label

__all__ = ["rows"]

_ZERO, _ONE = frozenset({"0", "0.0"}), frozenset({"1", "1.0"})


def rows(
    lines: Iterator, found: Evidence, header: Sequence[str], delimiter: str
) -> Iterator[tuple[int, str, tuple[str, ...] | None] | tables.RowError]:
    """(line number, key with the evidence's prefix, labels) per row after the header, or a RowError;
    labels None where every class cell is empty (an image listed with no label yet: unlabelled).

    >>> found = Evidence("t.csv", "label lines", header=True, prefix="Train/", classes=("a", "b"), summary="any")
    >>> list(rows(iter([(2, "1,1,0,1"), (3, "2,0,0,0"), (4, "3,0,1,0")]), found, ["id", "any", "a", "b"], ","))[:2]
    [(2, 'Train/1', ('b',)), (3, 'Train/2', ())]
    """
    width = len(header)
    where = {name: i for i, name in enumerate(header)}
    missing = [name for name in (*found.classes, found.summary) if name and name not in where]
    if missing:
        yield tables.RowError(1, f"the header has no column {missing[0]!r}, which detection read")
        return

    def row(number: int, text: str) -> Iterator[tuple[int, str, tuple[str, ...] | None] | tables.RowError]:
        try:
            cells = [cell.strip() for cell in next(csv.reader([text], delimiter=delimiter))]
        except (csv.Error, StopIteration) as error:
            yield tables.RowError(number, f"unreadable row: {error}")
            return
        if len(cells) != width:
            yield tables.RowError(number, f"{len(cells)} fields where the header has {width}")
            return
        key = cells[found.column]
        if not key:
            yield tables.RowError(number, "an empty key")
            return
        if all(not cells[where[name]] for name in (*found.classes, found.summary) if name):
            yield number, found.prefix + key, None  # DFUC 2021's `100023.jpg,,,,`: listed, no label yet (unlabelled)
            return
        odd = next((name for name in (*found.classes, found.summary) if name and cells[where[name]] not in _ZERO | _ONE), None)
        if odd:
            yield tables.RowError(number, f"multi-hot column {odd!r} holds {cells[where[odd]][:40]!r}, not 0 or 1")
            return
        labels = tuple(normalise_label(name) for name in found.classes if cells[where[name]] in _ONE)
        if found.summary and (cells[where[found.summary]] in _ONE) != bool(labels):
            said = "1 (some class)" if cells[where[found.summary]] in _ONE else "0 (no class)"
            classes = ", ".join(labels) or "none"
            yield tables.RowError(number, f"its summary column {found.summary!r} holds {said}, and its class columns {classes}")
            return
        if not labels and not found.summary:
            yield tables.RowError(number, "no multi-hot column is 1: a row without a label")
            return
        yield number, found.prefix + key, labels

    yield from line_rows(lines, row)
