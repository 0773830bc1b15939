"""Split lists known by their content, whatever other words their names hold.

The split lists `shardify.plan.recognise.recognise` knows by name hold a split word and list words
only (`train.txt`, `TrainImages.txt`). Downloads name theirs with more words: Flickr8k's
`Flickr_8k.trainImages.txt`, Stanford Online Products' `Ebay_train.txt` (`image_id class_id
super_class_id path`), GTSRB's `GT-final_test.csv` (`Filename;...;ClassId`). A word list cannot
know every such name; the content can: one column of every row is spelled like a file name and
names the source's inputs (detection says which, from its sample), the other columns are numbers.
A class list of ids (`aeroplane_train.txt`: `2008_000008 -1`) names no file name, and rows with a
word beside the name are label lines (Tiny ImageNet's `val_annotations.txt`): neither is one.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence

from shardify.plan import label_words
from shardify.plan.evidence import EXAMPLE_WORDS, SPLIT_LIST, Evidence, key_rule, name_words, row_fields
from shardify.plan.structure import split_word

__all__ = ["recognise_list"]

# A value spelled like a file name (`x.jpg`, `bicycle_final/1_0.JPG`): whether it names an input,
# the inputs decide (`names_inputs`).
_FILE_NAME = re.compile(r"[^\s#]+\.[A-Za-z][A-Za-z0-9]{1,4}")
# Header names of a list's class column, compared lower-cased without `_`, `-`, `.` and spaces
# (Stanford Online Products' `class_id` beside `super_class_id`, GTSRB's `ClassId`).
# The vocabulary's LIST_CLASS words (`label_words`).
_CLASS_COLUMNS = frozenset(label_words.words(label_words.LIST_CLASS))


def recognise_list(path: str, lines: Sequence[str], names_inputs: Callable[[Sequence[str]], bool]) -> Evidence | None:
    """A split list known by its content, or None: the name holds one split word (and no word of a
    format's example, `sample_submission`); one column of every row is spelled like a file name,
    and these name inputs (`names_inputs`); the other columns are numbers (ids, a class id, a box),
    under an optional header of names. A header column named like a class (`class_id`, `ClassId`:
    _CLASS_COLUMNS) gives the labels.

    >>> lines = ["image_id class_id super_class_id path", "1 1 1 bike_final/1_0.JPG"]
    >>> found = recognise_list("Ebay_train.txt", lines, lambda keys: True)
    >>> found.split, found.column, found.header, found.label_column
    ('train', 3, True, 1)
    """
    stem, ext = posixpath.splitext(posixpath.basename(path))
    words = name_words(stem)
    splits = {split_word(w) for w in words} - {None}
    rows = [row_fields(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if ext.lower() not in (".txt", ".csv", ".lst", "") or len(splits) != 1 or EXAMPLE_WORDS & set(words) or not rows:
        return None
    named = all(re.fullmatch(r"[A-Za-z][\w.]*", field) for field in rows[0])  # `Roi.X1` is a name, not a file
    shapes = [(header, _list_column(rows[1:] if header else rows)) for header in ((False, True) if named else (False,))]
    header, column = next(((h, c) for h, c in shapes if c is not None), (False, None))
    if column is None and _short_ids(rows[1:] if named else rows):
        header, column = named, 0  # `001` a line naming 001.jpg: numbers too short for `recognise`'s ids
    if column is None or (header and len(rows) > 1 and len(rows[0]) != len(rows[1])):
        return None
    keys = [row[column] for row in (rows[1:] if header else rows)]
    if not names_inputs(keys):
        return None
    squashed = [re.sub(r"[\s_.-]", "", name.lower()) for name in rows[0]] if header else []
    label_column = next((c for c, name in enumerate(squashed) if name in _CLASS_COLUMNS and c != column), None)
    (split,) = splits
    labels = f", labels from its column {rows[0][label_column]!r}" if label_column is not None else ""
    return Evidence(
        path, SPLIT_LIST, key_rule(keys), split=split, column=column, header=header, label_column=label_column,
        note=f"{path}: split list of {split} (its rows name the inputs){labels}",
    )


# Ids this short are numbers of anything (a count, a class) unless they name the inputs themselves:
# `recognise` takes longer ones by name alone; these count where, written as they are, they are
# the stems of the inputs (`001` for images/001.jpg), each once.
_SHORT_ID = re.compile(r"[0-9]{1,3}")


def _short_ids(data: Sequence[Sequence[str]]) -> bool:
    """A list of one column of short numbers, each once (`001`, `002`: ids, where they name inputs
    as `recognise_list`'s caller decides); numbers that repeat (`0`, `1`, `1`) are values, no ids.

    >>> _short_ids([["001"], ["002"]]), _short_ids([["1"], ["0"], ["1"]]), _short_ids([["1", "5"]])
    (True, False, False)
    """
    keys = [row[0] for row in data if len(row) == 1]
    return bool(keys) and len(keys) == len(data) and all(_SHORT_ID.fullmatch(k) for k in keys) and len(set(keys)) == len(keys)


def _list_column(data: Sequence[Sequence[str]]) -> int | None:
    """The one column of `data` spelled like file names, where every other is numbers, or None."""
    if not data or len({len(row) for row in data}) != 1:
        return None
    columns = [c for c in range(len(data[0])) if all(_FILE_NAME.fullmatch(row[c]) for row in data)]
    if len(columns) != 1 or any(not re.fullmatch(r"-?[\d.]+", v) for row in data for c, v in enumerate(row) if c != columns[0]):
        return None
    return columns[0]
