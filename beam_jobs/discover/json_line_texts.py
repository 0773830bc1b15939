"""A JSON-lines table's text and label columns, read from its first rows before the pipeline is built.

A JSON-lines table names its columns in every row, not in a header, so `tables.read_header` gives
it none; the stops of `text_columns` that need its columns read them here from its first rows, as
the writer does (`json_sample.sampled_rows`): `resolve_json_lines` resolves them as a CSV's are (a
label column no usual name names stops the run as in a CSV), and `check_text_in_objects` stops
where its text lies only inside an object field (CommonsenseQA's `question.stem`), which read as a
text was rejected in every row (exit 1). A module of its own because both read JSON values, which
the CSV stops of `text_columns` never do.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import column_content, columns, json_sample, label_scores
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input
from shardify.inputs.paths import join_path

__all__ = ["check_text_in_objects", "resolve_json_lines"]


def resolve_json_lines(config: ConvertConfig, path: str) -> tuple[str, tuple[str, ...]]:
    """Resolve a JSON-lines table's columns as a CSV's are, from its first rows' keys and values
    (`json_sample.sampled_rows`, as the writer does), so that a label column no usual name names
    (Sarcasm Headlines' `is_sarcastic`, 0 or 1) stops the run as it does in a CSV (read row by row,
    every record was written unlabelled, exit 0).

    Returns:
      (its label column, "" for none; its columns).

    Raises:
      columns.UnnamedLabelColumn, label_scores.ScoreLabelColumn, columns.SeveralTextColumns: as
        `columns.resolve_columns`.
    """
    with open_input(join_path(config.source, path)) as fileobj:
        names, cells = json_sample.sampled_rows(fileobj, path, config.table_options)
    if not names:
        return "", ()
    return columns.resolve_columns(names, config.table_options, sample=cells, header=True).label, tuple(names)


def check_text_in_objects(config: ConvertConfig, paths: Sequence[str]) -> None:
    """Raises UsageError where no top-level field of a sampled JSON-lines table holds text but an
    object field's fields do (CommonsenseQA's `question: {stem, choices}`): read as a text, the
    object was rejected in every row (exit 1). The stop names the dotted field for `--text-column`
    and, where the tables then stop on their label, that stop too, so that one step converts."""
    if config.table_options.text_columns:
        return
    for path in paths:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                names, cells = json_sample.sampled_rows(fileobj, path, config.table_options)
        except (OSError, InvalidInputError):
            continue
        fields = _text_in_objects(names, cells)
        if not fields:
            continue
        named = dataclasses.replace(config, text_column=fields[0])
        also = []
        for other in paths:
            try:
                resolve_json_lines(named, other)
            except (columns.UnnamedLabelColumn, label_scores.ScoreLabelColumn) as unnamed:
                also.append(f"{other}: {unnamed}")
            except (OSError, InvalidInputError):
                continue
        then = f"; with it, {also[0]}" if also else ""
        raise UsageError(
            f"{path}: no field holds the text at the top of its rows, but {', '.join(repr(f) for f in fields)} "
            f"{'do' if len(fields) > 1 else 'does'} inside an object: name it with --text-column {fields[0]!r} "
            f"(nested fields are named with dots){then} (docs/converting.md)"
        )


def _text_in_objects(names: Sequence[str], cells: Sequence[Sequence[str]]) -> list[str]:
    """The dotted fields of object columns that hold text, where no top-level column does."""
    rows = [dict(zip(names, row)) for row in cells]
    if not rows:
        return []
    if any(column_content.column_kind([row[name] for row in rows]) == column_content.TEXT
           for name in names if not _objects([row[name] for row in rows])):
        return []
    return [f"{name}.{field}" for name in names if _objects([row[name] for row in rows])
            for field in _text_fields([json.loads(row[name]) for row in rows])]


def _objects(values: Sequence[str]) -> bool:
    """Every sampled cell is a JSON object (as `json_sample.as_cell` writes one)."""
    return bool(values) and all(v.startswith("{") and isinstance(_loads(v), dict) for v in values)


def _loads(text: str) -> object:
    try:
        return json_input.parse(text)
    except InvalidInputError:
        return None


def _text_fields(objects: Sequence[dict]) -> list[str]:
    """The fields of sampled objects that hold text in every one of them."""
    names = [k for k in objects[0] if all(isinstance(o, dict) and isinstance(o.get(k), str) for o in objects)]
    return [k for k in names if column_content.column_kind([o[k] for o in objects]) == column_content.TEXT]
