"""A table that names several inputs in one row: what `--labels` cannot read, said before it is offered.

Derm7pt's `release_v0/meta/meta.csv` holds a case a row, with two columns of image paths (`clinic`:
the clinical photograph, `derm`: the dermoscopic one) and the case's `diagnosis`. The stop on tables
beside class folders (beam_jobs/discover/guards.py `_check_tables_aside`) offered `--labels FILE`,
and `--labels meta.csv --label-column diagnosis` ended with exit 1: `--labels` reads one path column
a row (here the case number), so every image was rejected. Where the table names inputs in two or
more of its columns, the stop names `--key-column` (`key_paths.py`): `'clinic,derm'` reads each
column's photograph as a record of its own with the row's label.

Plain functions over the table's first lines and the sampled inputs.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover.key_paths import path_columns_clause, table_rows

__all__ = ["input_path_columns", "several_paths_note"]

# Share of a column's sampled cells that must name an input for it to be a path column.
_MOST = 0.5


def input_path_columns(lines: Sequence[str], inputs: Sequence[str]) -> list[str]:
    """The header names of the columns whose cells name inputs (by their path's last components).

    >>> lines = ["case,diagnosis,clinic,derm", "1,nevus,NEL/Nel020.jpg,NEL/NEL021.JPG"]
    >>> input_path_columns(lines, ["images/NEL/Nel020.jpg", "images/NEL/NEL021.JPG"])
    ['clinic', 'derm']
    """
    rows = table_rows(lines)
    if len(rows) < 2:
        return []
    header, data = rows[0], rows[1:]
    tails = set()
    for path in inputs:
        parts = path.split("/")
        tails.update("/".join(parts[-k:]) for k in range(1, len(parts) + 1))
    found = []
    for i, name in enumerate(header):
        cells = [row[i].strip().lstrip("./") for row in data if i < len(row) and row[i].strip()]
        if cells and sum(c in tails or posixpath.basename(c) in tails for c in cells) >= _MOST * len(cells):
            found.append(name)
    return found


def several_paths_note(path: str, lines: Sequence[str], inputs: Sequence[str], label: str = "") -> str:
    """The clause a stop adds where the table at `path` names inputs in several columns: the options
    that read it (`key_paths.path_columns_clause`); "" else. `label`: its label column, where known."""
    columns = input_path_columns(lines, inputs)
    if len(columns) < 2:
        return ""
    shown = " and ".join(repr(c) for c in columns)
    clause = path_columns_clause(path, table_rows(lines), columns, inputs, label)
    return f"{path} names {len(columns)} inputs a row (columns {shown}): {clause}"
