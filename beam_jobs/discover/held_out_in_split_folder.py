"""Describe step: a split-named table of ids whose images lie in another split's folder is that split's list.

Competition downloads keep the training and the test images in one folder and say which are which in
tables: Analytics Vidhya's emergency-vehicle hackathon ships `train_SOaYf6m/images/<n>.jpg` (train
and test images together), `train_SOaYf6m/train.csv` (`image_names,emergency_or_not`) and, one level
up, `test_vc2kHdQ.csv` (`image_names` alone) beside `sample_submission_yxjOnvz.csv`. The folder's
name made it the train split's folder, `train.csv` labelled its rows, and the test table was set
aside as auxiliary: the test images were written into train, unlabelled, with exit 0. The label
table's own step (`held_out_tables.with_held_out_tables`) reads such tables only where no split
folder is detected.

The rule, general: a table (.csv/.tsv at the top of SRC, one folder down, or beside the label table)

  - whose name names a split (`structure.split_word`: `test.csv`, `test_vc2kHdQ.csv`) other than
    the label table's own,
  - keyed by the label table's key column, without its label column (a table holding the label
    column is another table of labels, not this step's),
  - whose keys name the inputs once each,

is the list of that split: its inputs go to that split, unlabelled (the competition's hidden
answers). The label table then is the list of its own rows' split (its name's, else its folder's,
else train), so an input neither names is a reject that says so, and an input both name is a
reject "in more than one split" naming both tables (`evidence._Resolve`). Nothing changes where
the held-out table names no input of a split folder of another split (a test folder of its own
keeps its folder's split). A sample submission (`evidence.example_file`) is never a split.
Part of detection (`detect.py`): detect -> describe -> check -> plan; only first lines are read.
"""

from __future__ import annotations

import csv
import dataclasses
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import describe, label_file_found
from shardify.config import ConvertConfig
from shardify.plan import layout
from shardify.plan.evidence import LABEL_LINES, SPLIT_LIST, Evidence, example_file, file_key, key_rule, row_key
from shardify.plan.structure import split_word

__all__ = ["with_held_out_lists"]

# Tables looked into: at the top of SRC and one folder down (and beside the label table), at most this many.
_MAX_DEPTH = 1
_MAX_TABLES = 20


def _rows(path: str, lines: Sequence[str]) -> list[list[str]]:
    delimiter = "\t" if path.lower().endswith(".tsv") else ","
    return [[cell.strip() for cell in row] for row in csv.reader([line for line in lines if line.strip()], delimiter=delimiter)]


def _stem_split(path: str) -> str:
    return split_word(posixpath.splitext(posixpath.basename(path))[0]) or ""


def _tables(sample: Sequence[str], label_table: str) -> list[str]:
    """The .csv/.tsv files at the top of SRC, one folder down or beside the label table, but the
    label table and sample submissions."""
    beside = posixpath.dirname(label_table)
    return [
        p
        for p in sample
        if (p.count("/") <= _MAX_DEPTH or posixpath.dirname(p) == beside)
        and layout.extension(p) in ("csv", "tsv")
        and not layout.is_junk(p)
        and p != label_table
        and not example_file(p)
    ][:_MAX_TABLES]


def _label_table(detected: layout.SourceLayout) -> Evidence | None:
    """The one headed table of labels, one label column, keyed by file names; else None."""
    tables = [e for e in detected.evidence if e.kind == LABEL_LINES]
    if len(tables) != 1 or len(detected.evidence) != 1:
        return None
    table = tables[0]
    if not table.header or table.label_column is None or table.key_template or table.classes or table.prefix:
        return None
    return table if layout.extension(table.path) in ("csv", "tsv") else None


def held_out_lists(table: Evidence, heads: dict[str, Sequence[str]], names_inputs, own_split: str) -> list[Evidence]:
    """The split lists of the split-named tables in `heads` keyed as `table` is without its label
    column whose keys name the inputs once each (module docstring).

    >>> label = Evidence("t/train.csv", "label lines", column=0, header=True, label_column=1)
    >>> heads = {"t/train.csv": ["name,flag", "1.jpg,1", "2.jpg,0"], "test_x.csv": ["name", "3.jpg", "4.jpg"],
    ...          "val.csv": ["name,flag", "5.jpg,1"], "extra.csv": ["name", "6.jpg"]}
    >>> [(e.path, e.split) for e in held_out_lists(label, heads, lambda keys: True, "train")]
    [('test_x.csv', 'test')]
    """
    own = _rows(table.path, heads[table.path])
    if len(own) < 2 or len(own[0]) <= max(table.column, table.label_column):
        return []
    key_name, label_name = own[0][table.column], own[0][table.label_column]
    found = []
    for path, lines in sorted(heads.items()):
        split = _stem_split(path)
        if path == table.path or not split or split == own_split:
            continue
        rows = _rows(path, lines)
        if len(rows) < 2 or key_name not in rows[0] or label_name in rows[0]:
            continue  # keyed otherwise, or another table of labels
        column = rows[0].index(key_name)
        keys = [row[column] for row in rows[1:] if len(row) > column and row[column]]
        if not keys or len(set(keys)) < len(keys) or not names_inputs(keys):
            continue
        found.append(
            Evidence(
                path,
                SPLIT_LIST,
                key_rule(keys),
                split=split,
                column=column,
                header=True,
                note=(
                    f"{path}: keyed as {table.path} is (its column {key_name!r}), without its label column {label_name!r}, "
                    f"naming inputs that lie beside the labelled ones: its rows' inputs are the {split} split, unlabelled"
                ),
            )
        )
    return found


def _in_other_split_folder(found: Evidence, lines: Sequence[str], sample: Sequence[str], detected: layout.SourceLayout) -> bool:
    """Some input the list names lies in a split folder of another split (else its own folder says it)."""
    rows = _rows(found.path, lines)[1:]
    keys = {row[found.column] for row in rows if len(row) > found.column}
    wanted = {row_key(k, found.key) for k in keys}
    for p in sample:
        if detected.is_auxiliary(p) or file_key(p, found.key) not in wanted:
            continue
        split, _ = detected.split_of(p)
        if split and split != found.split:
            return True
    return False


def with_held_out_lists(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` (split folders, one label table) with the split-named tables of ids whose inputs lie
    in another split's folder read as their split's lists, and the label table as its rows' split's
    list; else unchanged. Options that say the split (`--split`) or the layout turn it off."""
    if config.split or config.layout or detected.name != layout.IMAGE_FOLDERS or not detected.split_folders:
        return detected
    table = _label_table(detected)
    if table is None or table.split:
        return detected
    own_split = (
        _stem_split(table.path) or next((s for f, s in detected.structure.split_names if table.path.startswith(f + "/")), "")
        if detected.structure is not None
        else _stem_split(table.path)
    )
    own_split = own_split or "train"
    paths = [table.path, *_tables(sample, table.path)]
    heads = {p: label_file_found.head_lines(config, p) for p in paths}
    lists = held_out_lists(table, heads, describe.names_inputs(sample, detected), own_split)
    lists = [e for e in lists if _in_other_split_folder(e, heads[e.path], sample, detected)]
    if not lists:
        return detected
    own = Evidence(
        table.path,
        SPLIT_LIST,
        table.key,
        split=own_split,
        column=table.column,
        header=True,
        note=f"{table.path}: its rows' inputs are the {own_split} split ({', '.join(e.path for e in lists)} names the held-out ones)",
    )
    added = [*lists, own]
    return dataclasses.replace(detected, evidence=(*detected.evidence, *added), notes=(*detected.notes, *(e.note for e in added)))
