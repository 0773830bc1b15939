"""Describe step: a table of bare file names per split, each naming the files of its split's folder.

`Training_set.csv` (`filename,label`) and `Testing_set.csv` (`filename`) beside `train/` and `test/`,
each folder numbered from `Image_1.jpg` (Kaggle's butterfly and human-action sets). Before, the
source stopped ("the labels may be in Testing_set.csv, Training_set.csv ... --labels FILE"), and
`--labels Training_set.csv` rejected every image, its bare names naming a file in each folder.
Read here (`shardify.plan.split_folder_tables` says when): each table's names key the files of its
own split's folder; the labelled table labels them, the bare list is its split's files, unlabelled.
Part of detection (`detect.py`): detect -> describe -> check -> plan; only first lines are read.
"""

from __future__ import annotations

import dataclasses

from shardify.beam_jobs.discover import describe, label_file_found
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout, split_folder_tables
from shardify.plan.evidence import LABEL_LINES, SPLIT_LIST, Evidence

__all__ = ["check_label_file_names", "with_split_folder_tables"]

_MAX_TABLES = 8


def _labelled_by_none_but(detected: layout.SourceLayout, tables: set[str]) -> bool:
    """No class folder or name labels the inputs, and no file but `tables` read by their bare names
    (a table of paths, `train.csv` keyed by `Image_1.jpg`: the reading replaced here)."""
    structure = detected.structure
    if structure is None or any(e.gives_labels and e.path not in tables for e in detected.evidence):
        return False
    if any(e.path in tables and (e.key.parts != 1 or e.prefix) for e in detected.evidence):
        return False
    return not any(level >= 0 for _, level in structure.label_levels) and structure.name_pattern is None


def _check_bare_names(config: ConvertConfig, detected: layout.SourceLayout, inputs: list[str]) -> None:
    """Stop where the one table read keys its rows by bare names that each name a file in several
    split folders (`labels.csv` of `Image_1.jpg` beside `train/` and `test/`, both numbered from 1):
    which folder's file a row labels, nothing says, and every image would be rejected (exit 1)."""
    if config.layout_given:  # (a table or folder --exclude leaves out is no evidence; any other --exclude keeps the stop, fix27a)
        return
    for found in detected.evidence:
        if found.kind not in (LABEL_LINES, SPLIT_LIST) or found.key.parts != 1 or found.prefix or not found.gives_labels:
            continue
        _stop_bare_names(config, found.path, found.column, found.header, inputs)


def check_label_file_names(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> None:
    """`_check_bare_names` for a label-file layout: its table's key column (the first, or the one
    detection found) of bare names each naming a file in several split folders stops."""
    table = detected.labels_file
    if (detected.name != layout.LABEL_FILE or detected.media != "image" or config.layout_given  # any --exclude: as above
            or config.labels_file or layout.extension(table) not in ("csv", "tsv")):
        return
    lines = label_file_found.head_lines(config, table)
    header = lines[0].replace("\t", ",").split(",") if lines else []
    column = [c.strip() for c in header].index(detected.key_column) if detected.key_column in header else 0
    _stop_bare_names(config, table, column, True, [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS])


def _stop_bare_names(config: ConvertConfig, table: str, column: int, header: bool, inputs: list[str]) -> None:
    """Stop where most names `table` keys its rows by (its column `column`) each name a file in
    several split folders of `inputs`."""
    lines = label_file_found.head_lines(config, table)
    name, folders = split_folder_tables.names_in_split_folders(table, lines, column, header, inputs)
    if name:
        shown = ", ".join(f"{f}/{name}" for f in folders)
        keep = " ".join(f"--exclude '{f}/**'" for f in folders[:-1])
        raise UsageError(
            f"{table} names its files by bare names, and {name!r} names a file in each of "
            f"{', '.join(f + '/' for f in folders)} ({shown}): which folder's file a row labels, nothing says (a table "
            f"named for a split, `train.csv`, would). Convert the folder the table labels alone, e.g. {keep} (keeping "
            f"{folders[-1]}/), or write the folder into the table's names ({folders[-1]}/{name})"
        )


def with_split_folder_tables(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` labelled by its split tables of bare names where it has them and nothing else
    labels its inputs; else unchanged."""
    if detected.name != layout.IMAGE_FOLDERS:
        return detected
    if (config.labels_file or config.label_level is not None or config.label_from_name or config.split
            or config.label_column or config.key_column):
        return detected
    tables = [p for p in sample if layout.extension(p) in ("csv", "tsv") and not layout.is_junk(p)][:_MAX_TABLES]
    if len(tables) < 2:
        _check_bare_names(config, detected, [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS])
        return detected
    heads = {p: label_file_found.head_lines(config, p) for p in tables}
    inputs = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS and not layout.is_junk(p)]
    found = split_folder_tables.folder_tables(heads, inputs, len(sample) < describe.sample_files())
    if not found or not _labelled_by_none_but(detected, {t.path for t in found}):
        _check_bare_names(config, detected, inputs)
        return detected
    evidence = []
    for table in found:
        column = table.header[table.key]
        if table.label is None:
            note = (f"{table.path}: its column {column!r} names the files of {table.folder}/ (the {table.split} split), "
                    "with no label column: that split, unlabelled")
            evidence.append(Evidence(table.path, SPLIT_LIST, split_folder_tables.RULE, split=table.split, column=table.key,
                                     header=True, prefix=table.prefix, note=note))
        else:
            note = (f"{table.path}: its column {column!r} names the files of {table.folder}/ (the {table.split} split), "
                    f"labelled by its column {table.header[table.label]!r}")
            evidence.append(Evidence(table.path, LABEL_LINES, split_folder_tables.RULE, split=table.split, column=table.key,
                                     header=True, label_column=table.label, prefix=table.prefix, note=note))
    paths = {t.path for t in found}
    kept = tuple(e for e in detected.evidence if e.path not in paths)
    notes = (*detected.notes, *(e.note for e in evidence))
    return dataclasses.replace(detected, evidence=(*kept, *evidence), notes=notes)
