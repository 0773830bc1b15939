"""A JSON-lines row's nested fields named with dots where the user names them (`--text-column
question.stem`), as a label file's are (`--label-column label.name`).

CommonsenseQA's rows hold their question as an object (`{"answerKey": "A", "question": {"stem":
..., "choices": [...]}}`): no top-level field is the text, and `--text-column question.stem` was
"no text column 'question.stem'" in every row (exit 1). Only the dotted names the options give are
added, so detection judges the same columns it always did (a nested field is never taken for a
text or a label unasked).

A path is followed as deep as it names (it is the user's, as long as the option); the row's own
depth is the JSON parser's to bound. A row holding both a key spelled as the path
(`"question.stem"`) and a nested field at the path, of other values, is rejected naming both:
the key won unsaid.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping

from shardify.converters.columns import TableOptions
from shardify.converters.row_ranges import RowError
from shardify.errors import InvalidInputError

__all__ = ["named_paths", "with_named_fields", "rows_with_named_fields"]


def named_paths(options: TableOptions | None) -> tuple[str, ...]:
    """The dotted names among the columns the options name (text, label, kept)."""
    if options is None:
        return ()
    names = (*options.text_columns, options.label_column, *options.keep_columns)
    return tuple(name for name in names if "." in name and not name.replace(".", "").isdigit())


def with_named_fields(cells: Mapping[str, object], paths: Iterable[str]) -> dict[str, object]:
    """`cells` with each dotted name of `paths` that is no key but names a nested field added.

    >>> with_named_fields({"question": {"stem": "Where?", "choices": []}}, ["question.stem"])["question.stem"]
    'Where?'
    >>> "question.nothing" in with_named_fields({"question": {"stem": "Where?"}}, ["question.nothing"])
    False

    Raises:
      InvalidInputError: a key spelled as the path and the nested field both hold a value, and
        they differ (which one is meant cannot be told).
    """
    found = dict(cells)
    for path in paths:
        value: object = cells
        for part in path.split("."):
            value = value.get(part) if isinstance(value, Mapping) else None
        if value is None:
            continue
        if path in cells and cells[path] is not None and cells[path] != value:
            raise InvalidInputError(
                f"the row holds both a key {path!r} and a nested field at {path!r}, of other values: "
                "which one is meant cannot be told"
            )
        found[path] = value
    return found


def rows_with_named_fields(rows: Iterator, paths: tuple[str, ...]) -> Iterator:
    """`tables.Row`s with their cells given the named nested fields (row errors pass as they are; a
    row whose named field is given twice becomes one)."""
    for row in rows:
        cells = getattr(row, "cells", None)
        if not isinstance(cells, Mapping):
            yield row
            continue
        try:
            yield dataclasses.replace(row, cells=with_named_fields(cells, paths))
        except InvalidInputError as error:
            yield RowError(row.row, error.reason)
