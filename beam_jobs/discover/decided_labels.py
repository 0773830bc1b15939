"""The label column the files themselves decide, where a table's header names none.

Why a module of its own: a table whose header names no label column while a column's cells are
labels by their content stops before writing (`text_columns`, `columns.UnnamedLabelColumn`), as
a guess could write every record under a feature's values with exit 0. Some downloads leave no
such doubt, and there the stop is only a step the user must take to type what the files say. Two
signs are conclusive, and only these are read:

- **the held-out table lacks exactly that column.** A competition's `train.csv` (`id,text,author`)
  beside its `test.csv` (`id,text`): the one column the test split's table lacks is what the test
  asks to predict, the label, by the convention every such download follows. It must be one of
  the columns that hold labels by their content, and the only one the test table lacks (a test
  table lacking two columns, or none, decides nothing; nor does a column named like a label whose
  sampled cells all differ, which stops as an id or a text).
- **one column beside the text and nothing else.** A table of a text and one column of repeated
  words (`v1,v2` with `ham`/`spam`; its blank and key-named columns and pandas' row index aside, the phishing
  e-mails' `,Email Text,Email Type`: `header_rows.is_row_index`): no other column could
  be the label, and no other reading gives the rows a class. A column of numbers decides nothing
  here (a year or a count repeats as class numbers do).

Where a sign holds, `text_columns` raises `files_decide.DecidedByFiles` with the column:
detection runs again with it, as a user's second run would, and the plan says which files decided.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shardify.converters.column_names import is_integer, is_key_name
from shardify.converters.header_rows import is_row_index
from shardify.converters import joined_tags, label_phrases
from shardify.converters.label_columns import UnnamedLabelColumn, label_kind
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["decided_label_column"]


def decided_label_column(headers: Mapping[str, object], unlabelled: Sequence[tuple[str, Exception]]) -> tuple[str, str]:
    """(the label column, the plan's note saying why) the sampled tables decide, or ("", "").

    Args:
      headers: each sampled CSV or TSV's `tables.TableHeader`, by path.
      unlabelled: (path, the stop it raised) for each table that stopped on an unnamed label.
    """
    stops = [stop for _, stop in unlabelled]
    if not stops or not all(isinstance(stop, UnnamedLabelColumn) and stop.candidates for stop in stops):
        return "", ""
    if not all(path in headers and headers[path].present for path, _ in unlabelled):
        return "", ""  # (a JSON-lines table's or a headerless table's columns are not looked at here)
    return _lacked_by_test(headers, unlabelled) or _beside_one_text(headers, unlabelled) or ("", "")


def _cells(header, column: str) -> list[str]:
    """The sampled cells of `column` in a table's rows of full length."""
    names = list(header.columns)
    i = names.index(column)
    return [str(row[i]).strip() for row in header.sample if len(row) == len(names)]


def _holds_labels(header, column: str) -> bool:
    """The column's sampled cells are labels by their content, as `refuse_unnamed_labels` reads
    them: a stop's candidate may be a column named like a label whose cells all differ (an id or
    a text, `unless_unique`), which the files never decide for."""
    cells = _cells(header, column)
    if joined_tags.joined_separator(cells):  # `python|pandas`: named alone, each combination would be a class
        return False
    return bool(label_kind(cells) or label_phrases.repeated_phrases(cells))


def _is_test(path: str) -> bool:
    return split_word(layout.stem(path)) == "test"


_Stops = Sequence[tuple[str, UnnamedLabelColumn]]  # (a table, the stop it raised)


def _lacked_by_test(headers: Mapping[str, object], unlabelled: _Stops) -> tuple[str, str] | None:
    """The one column the test split's tables lack, where each is the other stopped tables'
    columns less exactly that one, a candidate of theirs (`test.csv` beside `train.csv`; a test
    table may stop on a column of its own that repeats, `publisher`, and is read as the rest)."""
    labelled = [(path, stop) for path, stop in unlabelled if not _is_test(path)]
    if not labelled or any(split_word(layout.stem(path)) is None for path, _ in labelled):
        return None
    shapes = {frozenset(headers[path].columns) for path, _ in labelled}
    if len(shapes) != 1:
        return None
    columns = next(iter(shapes))
    candidates = set.intersection(*(set(stop.candidates) for _, stop in labelled))
    lacking: set[str] = set()
    tests = []
    for path, header in headers.items():
        if not header.present or not _is_test(path):
            continue
        gone = columns - set(header.columns)
        if set(header.columns) - columns or len(gone) != 1:
            return None  # a test table of another shape: what it lacks says nothing
        lacking |= gone
        tests.append(path)
    if len(lacking) != 1 or not lacking <= candidates:
        return None
    column = next(iter(lacking))
    if not all(_holds_labels(headers[path], column) for path, _ in labelled):
        return None
    shown = ", ".join(path for path, _ in labelled)
    note = (f"label column {column!r}: the one column {shown} {'has' if len(labelled) == 1 else 'have'} "
            f"and the test split's {', '.join(tests)} {'lacks' if len(tests) == 1 else 'lack'} (--label-column to name another)")
    return column, note


def _beside_one_text(headers: Mapping[str, object], unlabelled: _Stops) -> tuple[str, str] | None:
    """The one candidate where each table holds it and one other column only (blank columns, key-named ones and
    a blank-headed row index aside), its cells words or true/false, not numbers."""
    candidates = set.intersection(*(set(stop.candidates) for _, stop in unlabelled))
    stopped = [path for path, _ in unlabelled]
    if len(candidates) != 1 or any(len(stop.candidates) != 1 for _, stop in unlabelled):
        return None
    column = next(iter(candidates))
    for path in stopped:
        header = headers[path]
        if column not in header.columns or not _holds_labels(header, column):
            return None
        others = [n for n in header.columns
                  if n != column and not is_key_name(n) and any(_cells(header, n)) and not is_row_index(n, _cells(header, n))]
        if len(others) != 1 or any(is_integer(c) for c in _cells(header, column) if c):
            return None
    note = (f"label column {column!r}: the one column beside the text {'in ' + ', '.join(stopped)} holding repeated "
            "words (--label-column to name another, --keep-columns to keep it as a feature)")
    return column, note
