"""A small table of label numbers and their names beside the tables whose label column holds the numbers.

The Medical Abstracts corpus ships `medical_tc_train.csv` and `medical_tc_test.csv` (`condition_label,
medical_abstract`, the label a number 1 to 5) beside `medical_tc_labels.csv` (`condition_label,
condition_name`: `1,Neoplasms`). Read as one more table of texts, the names file's five rows were written
as records of a split of their own ('medical_tc_labels') with exit 0. It is the label column's
vocabulary: a table of exactly two columns, the first named as a column of every other table (their
label), holding whole numbers, each once, counting up one by one, the second names (not numbers, a few
words each), each once; the other tables' numbers repeat over their rows, as labels do. Then the names are the vocabulary (the number `base` naming the first), the file is auxiliary,
and the plan says so. The other tables' numbers must fall within the table's, so a table of ids
with a second column of texts (a join, not names) is not taken: it stays a table, as before.
Nor is it taken where the other tables name another column as their label (`user_id,text,label` beside
`users.csv` of `user_id,user_name`): the names are of users, and read as the vocabulary they had
relabelled the 0/1 `label` cells 'user 0', 'user 1' with exit 0.

Nothing here writes: detection hands in the layout and the sampled paths, and the tables' first rows
are read (`tables.read_header`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import tables
from shardify.converters.columns import LABEL_COLUMN_NAMES, choose_column
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.inputs.whole_numbers import whole_number
from shardify.plan import layout

__all__ = ["code_names", "with_code_name_tables"]

# A names table is short: one row a class (a header's sample holds its first rows: all of them here).
_MAX_NAMES = 200
_MAX_NAME_CHARS = 80
_MAX_NAME_WORDS = 6  # a class name is a few words; a table of ids and texts (questions by id) is no names table


def code_names(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> tuple[int, tuple[str, ...]] | None:
    """(the first number, the names in number order) where a two-column table's rows are consecutive
    whole numbers beside distinct names, else None.

    >>> code_names(("condition_label", "condition_name"), [("1", "Neoplasms"), ("2", "Digestive"), ("3", "Nervous")])
    (1, ('Neoplasms', 'Digestive', 'Nervous'))
    >>> code_names(("id", "text"), [("1", "a b"), ("3", "c d")]) is None  # not consecutive: ids of rows, not classes
    True
    >>> code_names(("id", "n"), [("0", "1"), ("1", "2")]) is None  # numbers named by numbers: no names
    True
    """
    if len(columns) != 2 or not 2 <= len(rows) <= _MAX_NAMES or any(len(row) != 2 for row in rows):
        return None
    numbers = [whole_number(row[0].strip()) for row in rows]
    names = [row[1].strip() for row in rows]
    if None in numbers or len(set(numbers)) != len(numbers) or sorted(numbers) != list(range(min(numbers), min(numbers) + len(numbers))):
        return None
    if len(set(names)) != len(names) or any(not n or len(n) > _MAX_NAME_CHARS or len(n.split()) > _MAX_NAME_WORDS
                                            or whole_number(n) is not None for n in names):
        return None
    ordered = tuple(name for _, name in sorted(zip(numbers, names)))
    return min(numbers), ordered


def _named_label(columns: Sequence[str]) -> str:
    """The column a table's names make its label (`label`, `condition_label`), or ""."""
    try:
        return choose_column(columns, "", LABEL_COLUMN_NAMES, "label")
    except InvalidInputError:
        return ""


def _header(config: ConvertConfig, path: str) -> tables.TableHeader | None:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return tables.read_header(fileobj, layout.extension(path), None, None, config.encoding)
    except (OSError, InvalidInputError):
        return None


def with_code_name_tables(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with a table of label numbers and names as its vocabulary (auxiliary), where every
    other table has its number column and holds numbers within it."""
    if detected.name != layout.TABLES or detected.vocabulary or config.label_names or config.label_column:
        return detected
    paths = [p for p in sample if layout.extension(p) in ("csv", "tsv") and not detected.is_auxiliary(p)]
    if len(paths) < 2:
        return detected
    heads = {p: h for p in paths if (h := _header(config, p)) is not None and h.present}
    for path, head in sorted(heads.items()):
        found = code_names(head.columns, head.sample)
        others = [h for p, h in heads.items() if p != path]
        if found is None or not others or any(head.columns[0] not in h.columns for h in others):
            continue
        if any(_named_label(h.columns) not in ("", head.columns[0]) for h in others):
            continue  # (their label is another column, named so: these are names of something else, users by id)
        base, names = found
        column = head.columns[0]
        used = [whole_number(row[h.columns.index(column)].strip()) for h in others for row in h.sample
                if h.columns.index(column) < len(row)]
        if not used or len(set(used)) == len(used) or any(n is None or not base <= n < base + len(names) for n in used):
            continue  # (labels repeat over the rows; ids of a join, each once, do not)
        note = (f"label names from {path} ({len(names)}: {', '.join(names[:3])}...), its {column!r} numbering them from "
                f"{base} as the other tables' {column!r} does: not records")
        return dataclasses.replace(detected, vocabulary=names, vocabulary_file=path, vocabulary_base=base,
                                   notes=(*detected.notes, note))
    return detected
