"""A headerless table of `id,label` lines beside a table of texts with those ids, joined by id.

Shared tasks publish a test set's gold labels apart from its texts: OLID ships `testset-levela.tsv`
(`id<TAB>tweet`) and `labels-levela.csv` (`15923,NOT` a line, no header). Read as tables, the
labels file held no text and was rejected, and the test tweets were written unlabelled (or the run
exceeded --max-rejects). Read here: a headerless table of two columns, the first of values unique
to each row, the second of a few repeated short values (labels), labels the rows of the one table
of texts with a header whose some column holds the same ids among its first rows, or, where the
first rows share none, whose name the labels file's name ties it to (`labels-levela` and
`testset-levela` share `levela`). Two such tables: the run stops naming both and the layout
file's `rows_of`, which decides. The join runs in the pipeline (`beam_jobs/discover/label_join.py`)
as Jigsaw's `test_labels.csv` does, a row's one label its second cell.

Nothing here reads a file: detection hands in each table's columns and first rows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from shardify.errors import UsageError
from shardify.plan import label_words
from shardify.plan.evidence import KEYED_LABELS, Evidence, example_file

__all__ = ["LABEL_FILE_WORDS", "recognise_id_label_tables"]

# Words of a labels file's name that say what it holds, not which texts it labels (`labels-levela`,
# `gold_test`): left out when its name is matched to a table of texts' name.
# The vocabulary's FILE words (`label_words`).
LABEL_FILE_WORDS = frozenset(label_words.words(label_words.FILE))
# A label cell: short, one or two words; at most half as many distinct values as the rows read.
_MAX_LABEL_CHARS = 32
_MIN_ROWS = 2


def _words(path: str) -> set[str]:
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return {w for w in re.split(r"[^a-z0-9]+", stem.lower()) if w}


def _id_labels(sample: Sequence[Sequence[str]]) -> bool:
    """Two cells a row: unique values, then a few repeated short labels."""
    rows = [[str(c).strip() for c in row] for row in sample]
    if len(rows) < _MIN_ROWS or any(len(row) != 2 or not all(row) for row in rows):
        return False
    keys, labels = [row[0] for row in rows], [row[1] for row in rows]
    return (len(set(keys)) == len(keys) and len(set(labels)) <= max(1, len(labels) // 2)
            and all(len(v) <= _MAX_LABEL_CHARS and len(v.split()) <= 2 for v in labels))


def recognise_id_label_tables(
    headerless: Mapping[str, Sequence[Sequence[str]]], texts: Mapping[str, tuple[Sequence[str], Sequence[Sequence[str]]]],
) -> list[Evidence]:
    """The headerless `id,label` tables to join to the tables of texts they label.

    Args:
      headerless: each headerless table's first rows, by path relative to SRC.
      texts: each table with a header: (its columns, its first rows).

    Raises:
      UsageError: a labels table that two tables of texts could be labelled by.

    >>> found = recognise_id_label_tables({"labels-levela.csv": [("7", "NOT"), ("9", "OFF"), ("11", "NOT"), ("13", "NOT")]},
    ...     {"testset-levela.tsv": (("id", "tweet"), [("7", "a b"), ("9", "c d")]), "train.tsv": (("id", "tweet", "a"), [("1", "x", "OFF")])})
    >>> [(e.path, e.rows_of, e.rows_key, e.label_column) for e in found]
    [('labels-levela.csv', 'testset-levela.tsv', 'id', 1)]
    """
    found = []
    for path, sample in sorted(headerless.items()):
        if example_file(path) or not _id_labels(sample):
            continue
        keys = {str(row[0]).strip() for row in sample}
        sharing = [(t, columns[i]) for t, (columns, rows) in sorted(texts.items()) for i in range(len(columns))
                   if keys & {str(row[i]).strip() for row in rows if i < len(row)}]
        if not sharing:
            named = _words(path) - LABEL_FILE_WORDS
            sharing = [(t, columns[0]) for t, (columns, _) in sorted(texts.items())
                       if named and named <= _words(t) and not example_file(t)]
        if not sharing:
            continue
        if len({t for t, _ in sharing}) > 1 or len(sharing) > 1:
            shown = ", ".join(f"{t} ({column!r})" for t, column in sharing)
            raise UsageError(
                f"{path} holds an id and a label a line, and which table's rows it labels cannot be told ({shown}): "
                "keep the one in SRC, or say it in a layout file (--dry-run --layout-file FILE writes one: its evidence's "
                "rows_of, docs/layout-files.md)"
            )
        target, column = sharing[0]
        found.append(Evidence(
            path, KEYED_LABELS, column=0, header=False, names=("label",), label_column=1, rows_of=target, rows_key=column,
            note=f"{path}: an id and a label a line, the labels of {target}'s rows joined by their column {column!r}",
        ))
    return found
