"""Split lists known by their name whose rows give a class word after each file.

`recognise` reads `train.txt` and `val.txt` as split lists, and a class number after each file as
its label (Caffe's image lists); a word there (`train/0.jpg<TAB>cat`, `images/a.png bird`) was
dropped, and with nothing else to label the inputs the run stopped, offering `--labels train.txt`,
which then stopped again on its `val.txt` twin: no option converted it. A word after a file is a
class as label lines read it (`recognise`'s `name label` lines), so such lists label their rows
where every row is two fields, the second a single word holding a letter, no number and no file
name, and the lists of one folder, pooled, do not show ids (words all different over
_MIN_ROWS_FOR_IDS rows or more). Where the listed inputs lie in class folders the lists are left
split lists, as before: the folders label them (words that might say something else, an
attribute, never override them silently).

Nothing here reads a file: detection hands in first lines (`numbered_lists.with_class_numbers`
calls this for the lists it leaves).
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Mapping, Sequence

from shardify.plan.evidence import SPLIT_LIST, Evidence, row_fields

__all__ = ["with_class_words"]

_WORD = re.compile(r"[^\W\d_][\w&'-]*", re.UNICODE)  # a class word: starts with a letter (`cat`, `tench`, `n01440764`)
_FILE_NAME = re.compile(r"[^\s#]+\.[A-Za-z][A-Za-z0-9]{1,4}")
# As label_columns': words that all differ in this many rows or more are ids or names, no classes.
_MIN_ROWS_FOR_IDS = 8


def _words(lines: Sequence[str], column: int) -> list[tuple[str, str]] | None:
    rows = [row_fields(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if column not in (0, 1) or not rows or any(len(row) != 2 for row in rows):
        return None
    pairs = [(row[column], row[1 - column]) for row in rows]
    ok = all(_WORD.fullmatch(word) and not _FILE_NAME.fullmatch(word) and _FILE_NAME.fullmatch(key) for key, word in pairs)
    return pairs if ok else None


def _two_fields(lines: Sequence[str], column: int) -> bool:
    """Every row is two fields, the file's a file name: a list of the same shape as a word list,
    some second field of which is no class word (`../etc`, a control character, a number)."""
    rows = [row_fields(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    return column in (0, 1) and bool(rows) and all(len(row) == 2 and _FILE_NAME.fullmatch(row[column]) for row in rows)


def with_class_words(
    found: Sequence[Evidence], heads: Mapping[str, Sequence[str]], folders: Mapping[str, str]
) -> list[Evidence]:
    """`found` with the two-field `<file> <word>` split lists of each folder labelling by that word
    (see the module's docstring).

    >>> found = [Evidence("train.txt", SPLIT_LIST, split="train"), Evidence("val.txt", SPLIT_LIST, split="val")]
    >>> heads = {"train.txt": ["a/0.jpg\\tcat", "a/1.jpg\\tdog"], "val.txt": ["a/2.jpg\\tcat"]}
    >>> [e.label_column for e in with_class_words(found, heads, {})]
    [1, 1]
    >>> [e.label_column for e in with_class_words(found, heads, {"0.jpg": "a", "1.jpg": "a", "2.jpg": "a"})]
    [None, None]
    """
    groups: dict[str, list[tuple[Evidence, list[tuple[str, str]]]]] = {}
    spoilt: set[str] = set()  # folders with a two-field list whose second fields are not all class words
    for e in found:
        if e.kind != SPLIT_LIST or e.label_column is not None or e.header or e.variable or e.key.folder or e.path not in heads:
            continue
        pairs = _words(heads[e.path], e.column)
        if pairs:
            groups.setdefault(posixpath.dirname(e.path), []).append((e, pairs))
        elif _two_fields(heads[e.path], e.column):
            spoilt.add(posixpath.dirname(e.path))
    chosen: dict[str, Evidence] = {}
    for folder, group in groups.items():
        if folder in spoilt:
            continue  # decided for the folder's lists together, never one labelling and its twin not
        pairs = [p for _, found_pairs in group for p in found_pairs]
        words = [w for _, w in pairs]
        if len(words) >= _MIN_ROWS_FOR_IDS and len(set(words)) == len(words):
            continue  # ids or names
        in_folders = sum(bool(folders.get(k) or folders.get(posixpath.basename(k))) for k, _ in pairs)
        if in_folders * 2 > len(pairs):
            continue  # class folders label them, as before
        for e, _ in group:
            chosen[e.path] = dataclasses.replace(e, label_column=1 - e.column, note=f"{e.note}, a class word beside each file")
    return [chosen.get(e.path, e) for e in found]
