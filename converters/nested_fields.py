"""A JSON-lines row's nested fields named with dots where the user names them (`--text-column
question.stem`), as a label file's are (`--label-column label.name`).

CommonsenseQA's rows hold their question as an object (`{"answerKey": "A", "question": {"stem":
..., "choices": [...]}}`): no top-level field is the text, and `--text-column question.stem` was
"no text column 'question.stem'" in every row (exit 1). Only the dotted names the options give are
added, so detection judges the same columns it always did (a nested field is never taken for a
text or a label unasked).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping

from shardify.converters.columns import TableOptions

__all__ = ["named_paths", "with_named_fields", "rows_with_named_fields"]

# Nested objects are followed this deep for a dotted name; deeper is no field.
_MAX_DEPTH = 4


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
    """
    found = dict(cells)
    for path in paths:
        if path in found:
            continue
        value: object = cells
        parts = path.split(".")
        for part in parts[:_MAX_DEPTH]:
            value = value.get(part) if isinstance(value, Mapping) else None
        if value is not None and len(parts) <= _MAX_DEPTH:
            found[path] = value
    return found


def rows_with_named_fields(rows: Iterator, paths: tuple[str, ...]) -> Iterator:
    """`tables.Row`s with their cells given the named nested fields (row errors pass as they are)."""
    for row in rows:
        cells = getattr(row, "cells", None)
        yield dataclasses.replace(row, cells=with_named_fields(cells, paths)) if isinstance(cells, Mapping) else row
