"""Reads the first rows of a tables source's tables and leaves out those that copy another's rows
with columns left out (`shardify.plan.copied_tables`: IMDb genres' test_data.txt beside
test_data_solution.txt). Apart from `label_tables` (label joins by id) because a copy is no label
table: it is the same records again, fewer of their cells."""

from __future__ import annotations

import dataclasses
import os

from shardify.beam_jobs.discover import head_reads
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import copied_tables, layout

__all__ = ["with_copied_tables"]

# Tables whose first rows are read, and their extensions (a .txt only where its content is a table).
_CANDIDATES = 20
_EXTENSIONS = ("csv", "tsv", "txt")


def _size(config: ConvertConfig, relpath: str) -> int | None:
    """The table's size in bytes, or None where it cannot be told."""
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            return fileobj.seek(0, os.SEEK_END)
    except (OSError, ValueError, InvalidInputError):
        return None


def with_copied_tables(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` (tables) with the tables that copy another's rows left out, the plan saying
    which table holds them; else unchanged."""
    if detected.name != layout.TABLES or detected.source_file or detected.line_files:
        return detected
    paths = [p for p in sample if layout.extension(p) in _EXTENSIONS and not detected.is_auxiliary(p)][:_CANDIDATES]
    if len(paths) < 2:
        return detected
    heads = {path: (header.columns, header.sample) for path, header in head_reads.table_headers(config, paths).items()
             if header.columns and header.sample}
    left_out = copied_tables.copied_tables(heads, {path: _size(config, path) for path in heads})
    if not left_out:
        return detected
    return dataclasses.replace(
        detected, left_out=(*detected.left_out, *(p for p, _ in left_out)),
        notes=(*detected.notes, *(f"{path}: {why}" for path, why in left_out)),
    )
