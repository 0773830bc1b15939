"""Split lists known by their content that give a class number after each file, decided per folder.

Caffe's `convert_imageset` reads image lists of `<file> <class number>` lines, and downloads ship
their splits in that shape under names of their own: the book-cover dataset's
`bookcover30-labels-train.txt` (`0078659427.jpg 15`), DomainNet's `clipart_train.txt` and
`clipart_test.txt` (`clipart/aircraft_carrier/clipart_001_000018.jpg 0`), WebVision's
`info/train_filelist_google.txt` and `info/val_filelist.txt` (`val000001.jpg 3`). `recognise`
reads the class number where the list's name is a split word and list words alone (`train.txt`);
`content_lists` knows the others by their content, and read them as split lists only: every
record's class was lost, and with nothing else to label the inputs the run stopped naming files
it does not read.

A whole number after a file may as well be an id or a count, so it is read as a class number only
where something says so: every list's name holds a word of a labels file (`label_words.FILE`:
`labels`, `gt`, `truth`...), or the numbers repeat over the lists' rows read (few classes over
many files; an id is unique per row), or a list of the folder is read with class numbers already
(`train.txt` by its name). The decision is taken once for every such list of one folder, never per
list: decided per list, DomainNet's test lists (one image a class in a small download) read as
unlabelled while its train lists were labelled, and the test split was written without labels with
exit 0. Lists of unique numbers under names that say nothing stay split lists, as before (and a
download with nothing else to label its inputs stops, naming them).

Where class folders hold the listed inputs, the numbers are compared with them on the rows read:
numbers that map one to one onto the folders restate them (the garbage classification set's
`one-indexed-files-notrash_train.txt`, `cardboard1.jpg 3`, over `cardboard/`), and the folders'
names stay the labels, the lists the splits, as before. Numbers that do not (WebVision's
`google/q0001/` and `google/q0002/`, two search queries of class 0) are the dataset's classes, the
folders groups of them: the lists label (`describe.classes_from_lists` then sets the folders aside,
as for Stanford Online Products' class_id over its super-class folders).

A richer listing beside such lists may label the same inputs (the book-cover dataset's
`book30-listing-<split>.csv`: no header, a file name among seven columns, its category id and name):
where a column of the listings maps one to one onto the lists' numbers over the inputs both name,
they agree, the lists are read and the plan says the listings say the same; where none does, the two
label the same inputs differently and the run stops, naming both.

Nothing here reads a file: detection (beam_jobs/discover/describe.py) hands in first lines.
"""

from __future__ import annotations

import csv
import dataclasses
import posixpath
import re
from collections.abc import Callable, Mapping, Sequence

from shardify.errors import UsageError
from shardify.plan import label_words, word_lists
from shardify.plan.evidence import SPLIT_LIST, Evidence, name_words, row_fields

__all__ = ["MAX_CLASS_DIGITS", "class_folders", "class_numbers", "with_class_numbers"]

# A class number: a whole number of at most this many digits (as recognise's image lists).
MAX_CLASS_DIGITS = 5
_CLASS_NUMBER = re.compile(r"[0-9]{1,%d}" % MAX_CLASS_DIGITS)
# `gt` is how list names abbreviate ground truth (`gt_train.txt`); the rest is the vocabulary's.
_FILE_WORDS = frozenset(label_words.words(label_words.FILE)) | {"gt"}


def _numbers(lines: Sequence[str], column: int) -> list[str] | None:
    """The field beside the file on every row, where each row is two fields and that one a whole
    number of MAX_CLASS_DIGITS at most; else None."""
    rows = [row_fields(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if column not in (0, 1) or not rows or any(len(row) != 2 for row in rows):
        return None
    numbers = [row[1 - column] for row in rows]
    return numbers if all(_CLASS_NUMBER.fullmatch(n) for n in numbers) else None


def class_numbers(names: Sequence[str], numbers: Sequence[str], *, labelled_beside: bool = False) -> bool:
    """Whether the numbers beside the files of the lists `names` are class numbers.

    >>> class_numbers(["bookcover30-labels-test.txt"], ["15", "1", "7"])
    True
    >>> class_numbers(["clipart_train.txt", "clipart_test.txt"], ["3", "3", "0", "1"])
    True
    >>> class_numbers(["covers_train.txt"], ["103", "104"])  # unique, and the name says nothing: ids as well
    False
    """
    words = [set(name_words(posixpath.splitext(posixpath.basename(n))[0])) for n in names]
    return labelled_beside or all(w & _FILE_WORDS for w in words) or len(set(numbers)) < len(numbers)


def class_folders(media: Sequence[str], level_of: Callable[[str], int]) -> dict[str, str]:
    """{a key that may name an input (its path, name or stem): its class folder's name}, for the
    inputs `media` that `level_of` (the layout's `class_level_of`) puts under class folders."""
    found: dict[str, str] = {}
    for path in media:
        level = level_of(path)
        parts = path.split("/")
        if 0 <= level < len(parts) - 1:
            name = parts[-1]
            for key in (path, name, posixpath.splitext(name)[0]):
                found.setdefault(key, parts[level])
    return found


def _restate_folders(group: Sequence[Evidence], heads: Mapping[str, Sequence[str]], folders: Mapping[str, str]) -> bool:
    """Whether the lists' rows name inputs in class folders (most of those read) and their numbers
    map one to one onto those folders' names."""
    pairs = []
    for e in group:
        for line in heads[e.path]:
            row = row_fields(line)
            if len(row) == 2:
                key = row[e.column].strip().lstrip("./")
                folder = folders.get(key) or folders.get(posixpath.basename(key))
                pairs.append((row[1 - e.column], folder))
    placed = [(n, f) for n, f in pairs if f]
    if not placed or len(placed) * 2 < len(pairs):
        return False
    return len(set(placed)) == len({n for n, _ in placed}) == len({f for _, f in placed})


def with_class_numbers(
    found: Sequence[Evidence], heads: Mapping[str, Sequence[str]], folders: Mapping[str, str] | None = None
) -> list[Evidence]:
    """`found` with the headerless `<file> <whole number>` split lists of each folder labelling by
    class number, where `class_numbers` says the numbers are classes and they do not restate the
    class folders (`folders`, from `class_folders`) the inputs lie in (see the module's docstring)."""
    found = word_lists.with_class_words(found, heads, folders or {})  # `<file> <word>` lists known by name
    shaped: dict[str, list[Evidence]] = {}
    numbers: dict[str, list[str]] = {}
    for e in found:
        if e.kind != SPLIT_LIST or e.header or e.variable or e.key.folder or e.path not in heads:
            continue
        values = _numbers(heads[e.path], e.column)
        if values is not None and (e.label_column is None or e.label_numbers):
            shaped.setdefault(posixpath.dirname(e.path), []).append(e)
            numbers[e.path] = values
    chosen: dict[str, Evidence] = {}
    for group in shaped.values():
        bare = [e for e in group if e.label_column is None]
        pooled = [n for e in group for n in numbers[e.path]]
        if bare and _restate_folders(bare, heads, folders or {}):
            continue
        if bare and class_numbers([e.path for e in bare], pooled, labelled_beside=len(bare) < len(group)):
            for e in bare:
                chosen[e.path] = dataclasses.replace(
                    e, label_column=1 - e.column, label_numbers=True, note=f"{e.note}, a class number beside each file"
                )
    for folder in sorted({posixpath.dirname(p) for p in chosen}):
        lists = [e for e in chosen.values() if posixpath.dirname(e.path) == folder]
        listings = {p: h for p, h in heads.items() if posixpath.dirname(p) == folder and p not in numbers}
        note = _listings_agree(lists, heads, listings)
        if note:
            chosen.update({e.path: dataclasses.replace(e, note=f"{e.note}; {note}") for e in lists})
    return [chosen.get(e.path, e) if e.kind == SPLIT_LIST else e for e in found]


def _list_labels(lists: Sequence[Evidence], heads: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """{an input's file name: its class number} over the lists' rows read."""
    labels = {}
    for e in lists:
        for line in heads.get(e.path, ()):
            row = row_fields(line)
            if len(row) == 2:
                labels[posixpath.basename(row[e.column])] = row[1 - e.column]
    return labels


def _listing_rows(path: str, lines: Sequence[str], names: set[str]) -> list[list[str]]:
    """A CSV or TSV's rows where its first row names a listed input in some cell (no header), else []."""
    if posixpath.splitext(path)[1].lower() not in (".csv", ".tsv"):
        return []
    try:
        rows = [[c.strip() for c in row] for row in csv.reader([ln for ln in lines if ln.strip()], delimiter="\t" if path.lower().endswith(".tsv") else ",")]
    except csv.Error:
        return []
    if not rows or not any(posixpath.basename(cell) in names for cell in rows[0]):
        return []
    return [row for row in rows if len(row) == len(rows[0])]


def _listings_agree(lists: Sequence[Evidence], heads: Mapping[str, Sequence[str]], tables: Mapping[str, Sequence[str]]) -> str:
    """A note where headerless listings in the lists' folder label the same inputs alike, or "".

    Raises:
      UsageError: a listing names the lists' inputs and none of its columns maps one to one onto
        their numbers: the two label the same inputs differently.
    """
    labels = _list_labels(lists, heads)
    pooled: dict[int, tuple[list[str], list[list[str]]]] = {}  # width: (listings, rows): a dataset's listings judged together
    for path, lines in sorted(tables.items()):
        rows = _listing_rows(path, lines, set(labels))
        if rows:
            pooled.setdefault(len(rows[0]), ([], []))[0].append(path)
            pooled[len(rows[0])][1].extend(rows)
    notes = []
    for width, (paths, rows) in sorted(pooled.items()):
        key = next((c for c in range(width) if sum(posixpath.basename(r[c]) in labels for r in rows) * 2 > len(rows)), None)
        if key is None:
            continue
        shared = [r for r in rows if posixpath.basename(r[key]) in labels]
        numbers = [labels[posixpath.basename(r[key])] for r in shared]
        same = [c for c in range(width) if c != key and _one_to_one(numbers, [r[c] for r in shared])]
        shown = ", ".join(paths)
        if not same:
            raise UsageError(
                f"{shown} and {', '.join(e.path for e in lists)} both label the same inputs ({len(shared)} rows read), and no "
                f"column of {paths[0]} gives the lists' class numbers one to one: they disagree. Keep the files to read in SRC "
                "(move the others out), or say which in a layout file (--dry-run --layout-file FILE, docs/layout-files.md)"
            )
        notes.append(f"{shown} label them alike (column {same[0] + 1}), not read")
    return "; ".join(notes)


def _one_to_one(a: Sequence[str], b: Sequence[str]) -> bool:
    pairs = set(zip(a, b))
    return len(pairs) == len(set(a)) == len(set(b))
