"""A table that names several inputs in one row: what `--labels` cannot read, said before it is offered.

Derm7pt's `release_v0/meta/meta.csv` holds a case a row, with two columns of image paths (`clinic`:
the clinical photograph, `derm`: the dermoscopic one) and the case's `diagnosis`. The stop on tables
beside class folders (beam_jobs/discover/guards.py `_check_tables_aside`) offered `--labels FILE`,
and `--labels meta.csv --label-column diagnosis` ended with exit 1: `--labels` reads one path column
a row (here the case number), so every image was rejected. Where the table names inputs in two or
more of its columns, the stop says so plainly: not readable by `--labels` as it is; a table of one
input a row (its path and its label), which the user can write from it, is.

Plain functions over the table's first lines and the sampled inputs.
"""

from __future__ import annotations

import csv
import posixpath
from collections.abc import Sequence

__all__ = ["input_path_columns", "several_paths_note"]

# Share of a column's sampled cells that must name an input for it to be a path column.
_MOST = 0.5


def input_path_columns(lines: Sequence[str], inputs: Sequence[str]) -> list[str]:
    """The header names of the columns whose cells name inputs (by their path's last components).

    >>> lines = ["case,diagnosis,clinic,derm", "1,nevus,NEL/Nel020.jpg,NEL/NEL021.JPG"]
    >>> input_path_columns(lines, ["images/NEL/Nel020.jpg", "images/NEL/NEL021.JPG"])
    ['clinic', 'derm']
    """
    rows = list(csv.reader(lines))
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


def several_paths_note(path: str, lines: Sequence[str], inputs: Sequence[str]) -> str:
    """The clause a stop adds where the table at `path` names inputs in several columns; "" else."""
    columns = input_path_columns(lines, inputs)
    if len(columns) < 2:
        return ""
    shown = " and ".join(repr(c) for c in columns)
    return (f"{path} names {len(columns)} inputs a row (columns {shown}), which --labels does not read (one path "
            "column a row): not supported as it is; a table of one input a row, its path and its label, written from "
            "it, is read with --labels FILE")
