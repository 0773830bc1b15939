"""A label table that links its inputs to the rows of another table: the labels or texts may be there.

IU X-Ray (the Kaggle release of the Indiana University chest X-rays) ships `indiana_projections.csv`
(`uid,filename,projection`: a row an image) beside `indiana_reports.csv` (`uid,MeSH,Problems,...,findings,
impression`: a row a study). Read as the images' label table, the projections table gave every image its
view (Frontal, Lateral) as its class with exit 0, while the reports the images stand for, joined by `uid`,
were never read. The sign is structural, whatever the columns are called: the keyed table holds, besides
its key (naming the inputs) and its label column, a column whose header another table beside it holds
too, where that other table names no input itself, holds each value once (a row an item: it is keyed by
that column) and holds most of the values the first table's rows give. Then the first table is a link
from inputs to items, and which table's column labels the inputs is a choice the files cannot settle:
the run stops before writing, naming both tables, the column they share, the column read as labels, and
what decides (`--label-column` keeps the link table's reading; a layout file says otherwise).

Not where the user named the label column (the reading is theirs), not between two tables that each
name inputs (a train table and a test table sharing a `RescuerID` or a `patient_id`: two splits' rows),
and not where the link column names classes (`class_table`: the label one value for each of its values,
several rows each: HASYv2's `symbol_id` into symbols.csv, a row a class).

Plain functions over rows already read; the caller (beam_jobs/discover/label_tables.py) reads them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shardify.errors import UsageError

__all__ = ["check_linked_tables", "class_table", "linked_column"]

# Share of the link table's sampled values of the shared column that the other table must hold, and the
# fewest values that say anything.
_MOST = 0.5
_MIN_VALUES = 2


def linked_column(header: Sequence[str], rows: Sequence[Sequence[str]], skip: Sequence[int],
                  other: Sequence[Sequence[str]]) -> int | None:
    """The column of a keyed table (`header`, its sampled `rows`; none of `skip`, its key and label
    columns) whose header `other` (another table's rows, its header first) holds too, as a column holding
    each value once and most of this table's values; None where none does.

    >>> links = [["uid", "filename", "projection"], ["1", "1_a.png", "Frontal"], ["1", "1_b.png", "Lateral"], ["2", "2_a.png", "Frontal"]]
    >>> reports = [["uid", "findings"], ["1", "Heart normal."], ["2", "Lungs clear."], ["3", "No effusion."]]
    >>> linked_column(links[0], links[1:], (1, 2), reports)
    0
    >>> linked_column(links[0], links[1:], (1, 2), [["uid", "age"], ["1", "40"], ["1", "41"], ["2", "50"]])  # uid twice: no key
    """
    if len(other) < 1 + _MIN_VALUES:
        return None
    theirs = [name.strip().casefold() for name in other[0]]
    for column, name in enumerate(header):
        name = name.strip().casefold()
        if column in skip or not name or theirs.count(name) != 1:
            continue
        at = theirs.index(name)
        values = [row[at].strip() for row in other[1:] if len(row) > at and row[at].strip()]
        if len(values) < _MIN_VALUES or len(set(values)) != len(values):
            continue
        mine = {row[column].strip() for row in rows if len(row) > column and row[column].strip()}
        if len(mine) >= _MIN_VALUES and len(mine & set(values)) >= _MOST * len(mine):
            return column
    return None


def class_table(rows: Sequence[Sequence[str]], column: int, label: int) -> bool:
    """Whether the keyed table's `label` column is one value for each value of its linking `column`, and
    some value of that column keys several rows: the column names the inputs' classes (HASYv2's
    `hasy-data-labels.csv` 'path,symbol_id,latex,user_id', its `symbol_id` keying symbols.csv, a row a
    class), the other table describes classes, and the labels are the link table's. Where every link value
    keys one row (one image an item) nothing tells classes from items: False.

    >>> rows = [["a.png", "31", "A"], ["b.png", "31", "A"], ["c.png", "32", "B"]]
    >>> class_table(rows, 1, 2), class_table([["a.png", "1", "Frontal"], ["b.png", "1", "Lateral"]], 1, 2)
    (True, False)
    >>> class_table([["a.png", "1", "x"], ["b.png", "2", "y"]], 1, 2)
    False
    """
    labels: dict[str, set[str]] = {}
    counts: dict[str, int] = {}
    for row in rows:
        if len(row) > max(column, label) and row[column].strip():
            labels.setdefault(row[column].strip(), set()).add(row[label].strip())
            counts[row[column].strip()] = counts.get(row[column].strip(), 0) + 1
    return bool(labels) and max(counts.values()) > 1 and all(len(values) == 1 for values in labels.values())


def check_linked_tables(path: str, header: Sequence[str], rows: Sequence[Sequence[str]], key: int, label: int,
                        others: Mapping[str, Sequence[Sequence[str]]]) -> None:
    """Stop where the label table `path` (`header`, sampled `rows`, its `key` column naming the inputs, its
    `label` column read as the labels) links its inputs through a column to the rows of one of `others`
    (tables beside it that name no input: path -> rows, header first).

    Raises:
      UsageError: naming both tables, the shared column, the column read as labels and what decides.
    """
    for other, other_rows in sorted(others.items()):
        column = linked_column(header, rows, (key, label), other_rows)
        if column is None or class_table(rows, column, label):
            continue
        shared = header[column]
        columns = [name for name in other_rows[0] if name.strip().casefold() != shared.strip().casefold()][:8]
        raise UsageError(
            f"{path} names the inputs in its column {header[key]!r} and links each to a row of {other} by its column "
            f"{shared!r} ({other} holds each {shared!r} once, with the columns {', '.join(map(repr, columns))}): the "
            f"inputs' labels or texts may be {other}'s, joined through {shared!r}, not {path}'s column {header[label]!r}, "
            f"which was read as the labels. Decide: --label-column {header[label]} keeps {path}'s reading ({other} left "
            f"unread), or say the join in a layout file (--dry-run --layout-file FILE, docs/layout-files.md)"
        )
