"""A table keyed as the label table is, without its label column: the test split's inputs.

Competition downloads keep all images in one folder and say which are which in two tables:
Kaggle's leaf classification ships `images/<id>.jpg`, `train.csv` (`id,species,margin1,...`) and
`test.csv` (`id,margin1,...`: the same key column, no `species`). Read as today, `train.csv`
labelled its rows' images and `test.csv` was set aside as auxiliary: the test images were written
into the train split, unlabelled (exit 0). Read here: a table beside the label table whose header
holds the label table's key column and not its label column, whose keys name the inputs and share
none of the label table's first keys, names the inputs of another split, unlabelled as test
splits are: the split its name names (`test.csv`, `val_features.csv`), else `test`. The label
table's rows are then the split its own name names, else `train`.

The label table's labels may be one column (leaf classification's `species`) or several: one-hot
(or multi-hot) columns, a 0/1 column per class (Kaggle's plant pathology: `train.csv` of
`image_id,healthy,multiple_diseases,rust,scab`, `test.csv` of `image_id` alone). A table beside
it holding the key column and none of those columns is then the test split's, as above; one
holding any of them is another table of labels, no split.

A table of one column per class keyed by the test ids (`sample_submission.csv`) is a format,
never labels and never a split (`evidence.example_file`); a table keyed the same way that shares
the label table's keys (features of the same images, `train_features.csv`) is no split either.

Nothing here reads a file: detection (beam_jobs/discover/label_tables.py) hands in the first lines.
"""

from __future__ import annotations

import csv
import posixpath
from collections.abc import Callable, Mapping, Sequence

from shardify.plan.evidence import SPLIT_LIST, Evidence, example_file, key_rule
from shardify.plan.structure import split_word

__all__ = ["DEFAULT_SPLIT", "LABELLED_SPLIT", "split_tables"]

# The split of a table's inputs where its name names none: an unlabelled table beside the labels
# is what competitions hold out (test), the labelled one what they train on.
DEFAULT_SPLIT, LABELLED_SPLIT = "test", "train"


def _rows(path: str, lines: Sequence[str]) -> list[list[str]]:
    delimiter = "\t" if path.lower().endswith(".tsv") else ","
    return [[cell.strip() for cell in row] for row in csv.reader([line for line in lines if line.strip()], delimiter=delimiter)]


def split_tables(
    table: Evidence,
    heads: Mapping[str, Sequence[str]],
    names_inputs: Callable[[Sequence[str]], bool],
    label_columns: Sequence[str] = (),
) -> tuple[str, list[Evidence]]:
    """(the label table's split, the split lists of the tables keyed like it without its label
    column), or ("", []) where there are none.

    Args:
      table: the label table (`keyed_tables.recognise_keyed_table`, or a label file's table: a
        header, `column` its key, `label_column` its label where `label_columns` names none).
      heads: the first lines of the other tables beside it, by path, the label table's too.
      names_inputs: whether a column's values name the source's inputs.
      label_columns: the names of the label table's label columns where they are several (one-hot
        columns, `converters/one_hot.py`); () where `table.label_column` is its one label.

    >>> label = Evidence("train.csv", "label lines", column=0, header=True, label_column=1)
    >>> heads = {"train.csv": ["id,species,margin1", "1,Acer,0.1", "2,Quercus,0.2"],
    ...          "test.csv": ["id,margin1", "4,0.3", "7,0.1"],
    ...          "sample_submission.csv": ["id,Acer,Quercus", "4,0.5,0.5", "7,0.5,0.5"]}
    >>> split, found = split_tables(label, heads, lambda keys: True)
    >>> split, [(e.path, e.split, e.column, e.header) for e in found]
    ('train', [('test.csv', 'test', 0, True)])
    >>> one_hot = Evidence("train.csv", "split list", split="train", column=0, header=True)
    >>> heads = {"train.csv": ["image_id,healthy,rust", "Train_0,1,0"], "test.csv": ["image_id", "Test_0"]}
    >>> [e.path for e in split_tables(one_hot, heads, lambda keys: True, ("healthy", "rust"))[1]]
    ['test.csv']
    """
    if table.key_template or (table.label_column is None and not label_columns) or table.path not in heads:
        return "", []
    own = _rows(table.path, heads[table.path])
    if len(own) < 2 or len(own[0]) <= table.column:
        return "", []
    key_name = own[0][table.column]
    if label_columns:
        labels = set(label_columns)
    elif len(own[0]) > table.label_column:
        labels = {own[0][table.label_column]}
    else:
        return "", []
    columns = "columns" if len(labels) > 1 else "column"
    label_name = ", ".join(repr(name) for name in sorted(labels)[:3]) + (" ..." if len(labels) > 3 else "")
    labelled_keys = {row[table.column] for row in own[1:] if len(row) > table.column}
    found = []
    for path, lines in sorted(heads.items()):
        if path == table.path or example_file(path) or not path.lower().endswith((".csv", ".tsv", ".jsonl")):
            continue
        rows = _rows(path, lines)
        if len(rows) < 2 or key_name not in rows[0] or labels & set(rows[0]):
            continue
        column = rows[0].index(key_name)
        keys = [row[column] for row in rows[1:] if len(row) > column and row[column]]
        split = split_word(posixpath.splitext(posixpath.basename(path))[0]) or DEFAULT_SPLIT
        if not keys or len(set(keys)) < len(keys) or set(keys) & labelled_keys or not names_inputs(keys) or split == LABELLED_SPLIT:
            continue  # not a row per input, the same inputs' other columns, or naming none
        found.append(Evidence(
            path, SPLIT_LIST, key_rule(keys), split=split, column=column, header=True,
            note=(f"{path}: keyed as {table.path} is (its column {key_name!r}), without its label {columns} {label_name}: "
                  f"its rows' inputs are the {split} split, unlabelled"),
        ))
    own_split = table.split or split_word(posixpath.splitext(posixpath.basename(table.path))[0]) or LABELLED_SPLIT
    found = [e for e in found if e.split != own_split]
    return (own_split, found) if found else ("", [])
