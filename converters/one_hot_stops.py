"""One-hot 0/1 columns of a label table that are no classes: a stop before anything is written.

A table of 0/1 columns is read as a column per class (`one_hot.label_columns`), but not every 0/1
column is a class: some name a row's split or fold (`is_train`, `fold_1`), some a record's flag
(`smoker` beside `melanoma`, `nevus`), some are 1 only beside another column's 1 (`flipped` beside
`cat`, `dog`). Written as classes they had been wrong labels, exit 0. How each kind is found, what it
is and which options mend it are rows of one table (`_NO_CLASSES`), and one message says them, so
that a new kind is a row. Apart from `label_files`, which reads the rows, because this is a
judgement of the header and the first rows, made once before any row is read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shardify.converters import one_hot, tables
from shardify.errors import UsageError
from shardify.plan import label_candidates

__all__ = ["check_one_hot_classes"]


@dataclass(frozen=True)
class _NoClasses:
    """One kind of one-hot 0/1 column that is no class, for `check_one_hot_classes`' stop.

    Attributes:
      find: (one-hot columns, the table's header) -> the columns of this kind, in order.
      why: what they are; `{beside}` the other 0/1 columns (the first six), `{rows}` the rows sampled.
      options: the options that make the conversion right; `{joined}` the columns joined with
        commas (as --keep-columns takes them), `{first}` the first.
    """

    find: Callable[[Sequence[str], tables.TableHeader], Sequence[str]]
    why: str
    options: str


_KEEP_THEM_OUT = ("--keep-columns {joined} leaves them out of the classes (a label table's other columns are not written), "
                  "the other 0/1 columns then the classes; ")
# Tried in order; the first kind found stops.
_NO_CLASSES = (
    # (`is_train`, `fold_1`: each image's split or fold; as classes, every image labelled by its partition)
    _NoClasses(lambda onehot, _header: [c for c in onehot if label_candidates.partition_name(c)],
               "name splits or folds, not classes (a row's 1 its record's partition), and shardify reads no split from 0/1 "
               "columns",
               "--label-level 0 writes the inputs unlabelled (a seeded --split of your own beside it), --keep-columns {joined} "
               "leaves them out of the classes where other 0/1 columns are the classes"),
    _NoClasses(lambda onehot, header: one_hot.flag_columns(onehot, header.columns, header.sample),
               "are named as a record's attribute, no class, beside {beside}",
               _KEEP_THEM_OUT + "--label-column {first} reads the flag alone as the label"),
    _NoClasses(lambda onehot, header: one_hot.attribute_columns(onehot, header.columns, header.sample),
               "are 1 only beside another column's 1, where {beside} set one class a row in the first {rows} rows: a record's "
               "attributes (an augmentation, a health flag), not classes",
               _KEEP_THEM_OUT + "--label-column {first} reads one alone as the label; no option reads them as classes beside "
               "the others (a multi-label table of this shape needs a --labels FILE of your own)"),
)


def check_one_hot_classes(onehot: Sequence[str], header: tables.TableHeader, path: str = "") -> None:
    """Stop where one-hot columns are named as a record's 0/1 attribute (`smoker` beside
    `melanoma`, `nevus`: `one_hot.flag_columns`): written as classes they had been wrong labels,
    exit 0; `--keep-columns` leaves them out of the classes. Which they are is the user's to say: a
    usage stop (exit 2, as other stops), raised when detection samples the file, before any work
    (as an InvalidInputError it was wrapped as an unreadable label file, exit 1).

    So where they name splits or folds (`is_train`, `fold_1`: `label_candidates.partition_name`).

    So where a column is 1 only beside another 1 while the others set one class a row
    (`one_hot.attribute_columns`: `flipped`, `cropped` beside `cat`, `dog`).

    One message for the three, its reason and options from `_NO_CLASSES`.

    Raises:
      UsageError: such a column is among the one-hot columns.
    """
    for kind in _NO_CLASSES:
        found = kind.find(onehot, header)
        if not found:
            continue
        beside = ", ".join(map(repr, [c for c in onehot if c not in found][:6])) or "no other 0/1 column"
        why = kind.why.format(beside=beside, rows=len(header.sample))
        options = kind.options.format(joined=",".join(found), first=found[0])
        raise UsageError(f"{path + ': ' if path else ''}the one-hot 0/1 columns {', '.join(map(repr, found))} {why}: {options}")
