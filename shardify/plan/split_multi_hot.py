"""A multi-hot label table per split, in another folder than the split folders of the images.

Medical downloads ship their images in a folder per split and their labels as a table per split
in a folder of their own: RFMiD's `1. Original Images/a. Training Set/1.png` ... and `2.
Groundtruths/a. RFMiD_Training_Labels.csv` of `ID,Disease_Risk,DR,ARMD,...` (a 0/1 column per
disease, the ids `1`, `2`, ... without extension, repeated in every split). The ids name files only
within the split folder of their table's split: joined across splits, validation's `1` would label
training's `1.png` too. Read so, each table is matched only to its own split folder (the evidence's
`prefix`: its rows' keys become `<split folder>/<id>`).

Detection reads them so only where the signs agree: two tables or more outside the image folders
(in one folder, as RFMiD's, or each in its own, as ISIC 2018's
`ISIC2018_Task3_<Split>_GroundTruth/`), each named for a different split (`split_word`), of one
header: a key column (its values distinct within a table, not all 0/1) and at least two columns of
0/1 in every sampled row, nothing else; the inputs in folders named for the same splits, one
folder per split and a table for each; and every sampled key of a table naming a file of its own
split's folder (where the sample is the whole source: every key; else its own folder's files
named by some key, and by more keys than any other split folder's). A table whose keys name
files of another split's folder or of none stops (`UsageError`), naming the table and the key.

A summary column is no class: a 0/1 column equal on every sampled row to the OR of the other 0/1
columns (RFMiD's `Disease_Risk`: 1 where any disease is), 1 in some row and 0 in another, is the
"any class" flag. It is left out of the classes and said so in the plan; a row of no class is then
the empty label set (the summary says "none", a labelled negative), and a later row whose summary
disagrees with its classes is rejected with why. Where two columns could each be the summary, which
is for the user to say: detection stops. Without a summary column a row of no 1s is rejected as a
row without a label (as `converters/one_hot.py` reads an image's one-hot table).

Nothing here reads a file: detection hands in the first lines it read and the sampled inputs.
"""

from __future__ import annotations

import csv
import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shardify.errors import UsageError
from shardify.plan.evidence import KeyRule, file_key, row_key
from shardify.plan.folder_names import SPLIT_WORDS
from shardify.plan.structure import split_word

__all__ = ["SplitTable", "find_split_tables", "names_split", "split_folders", "split_of", "summary_column", "table_rows", "cell_rows", "SUFFIX"]

_BITS = frozenset({"0", "1", "0.0", "1.0"})
_ONES = frozenset({"1", "1.0"})
_MIN_CLASSES = 2
_MIN_TABLES = 2
_EXTENSIONS = ("csv", "tsv")
# How the per-split keys name files: the split folder and the stem (`a. Training Set/1`).
_RULE = KeyRule(parts=2, extension=False)
SUFFIX = "the tables' ids repeat across splits: each table labels only its own split's folder"


@dataclass(frozen=True)
class SplitTable:
    """One table of the per-split multi-hot tables.

    Attributes:
      path: the table, relative to SRC.
      split: the split its name gives.
      folder: the inputs' folder of that split, relative to SRC (`1. Original Images/a. Training Set`).
      key: the index of its key column.
      classes: the headers of its class columns (the summary column not among them).
      summary: the header of its summary column, or "".
      rule: how its keys (the folder's name put before each) name files.
    """

    path: str
    split: str
    folder: str
    key: int
    classes: tuple[str, ...]
    summary: str
    rule: KeyRule = _RULE

    @property
    def prefix(self) -> str:
        return posixpath.basename(self.folder) + "/"


def split_of(name: str) -> str:
    """The split a file or folder name names, one spelling for both (`Train` and `train_labels`), or ""."""
    word = (split_word(name) or "").lower()
    return SPLIT_WORDS.get(word, word)


def names_split(path: str) -> bool:
    """A table whose file name names a split (`a. RFMiD_Training_Labels.csv`).

    >>> names_split("gt/a. RFMiD_Training_Labels.csv"), names_split("gt/labels.csv")
    (True, False)
    """
    return bool(split_of(posixpath.splitext(posixpath.basename(path))[0]))


def table_rows(path: str, lines: Sequence[str]) -> list[list[str]]:
    """A .csv or .tsv file's non-blank lines as rows of stripped cells."""
    return cell_rows(lines, "\t" if path.lower().endswith(".tsv") else ",")


def cell_rows(lines: Sequence[str], delimiter: str) -> list[list[str]]:
    """Non-blank `lines` as rows of stripped cells split on `delimiter` (csv.Error on a bad quote)."""
    return [[c.strip() for c in row] for row in csv.reader([line for line in lines if line.strip()], delimiter=delimiter)]


def summary_column(header: Sequence[str], data: Sequence[Sequence[str]], bits: Sequence[int]) -> int | None:
    """The one 0/1 column equal on every row to the OR of the other 0/1 columns, 1 in some row and 0
    in another; None where none is.

    Raises:
      UsageError: two columns could each be it.

    >>> summary_column(("id", "any", "a", "b"), [["1", "1", "1", "0"], ["2", "0", "0", "0"], ["3", "1", "0", "1"]], [1, 2, 3])
    1
    >>> summary_column(("id", "a", "b"), [["1", "1", "0"], ["2", "0", "1"]], [1, 2]) is None
    True
    """
    found = []
    for c in bits:
        own = [r[c] in _ONES for r in data]
        rest = [any(r[o] in _ONES for o in bits if o != c) for r in data]
        if own == rest and any(own) and not all(own):
            found.append(c)
    if len(found) > 1:
        raise UsageError(
            f"the columns {', '.join(repr(header[c]) for c in found)} each hold 1 exactly where another column does: "
            "which is a summary ('any class') and which a class is for you to say: set the tables' `summary` and "
            "`classes` in a layout file (--dry-run --layout-file FILE, docs/layout-files.md)"
        )
    return found[0] if found else None


def _shape(tables: Mapping[str, list[list[str]]]) -> tuple[tuple[str, ...], int, list[int]] | None:
    """(header, key column, 0/1 columns) of tables of one header read together: the key distinct
    within each table and not 0/1 in all of them; None where they are not so."""
    headers = {tuple(rows[0]) for rows in tables.values()}
    if len(headers) != 1:
        return None
    (header,) = headers
    data = [r for rows in tables.values() for r in rows[1:]]
    if not data or any(len(r) != len(header) for r in data):
        return None
    bits = [c for c in range(len(header)) if all(r[c] in _BITS for r in data)]
    keys = [
        c for c in range(len(header))
        if c not in bits and all(r[c] for r in data)
        and all(len({r[c] for r in rows[1:]}) == len(rows) - 1 for rows in tables.values())
    ]
    if len(bits) < _MIN_CLASSES or len(bits) + 1 != len(header) or len(keys) != 1:
        return None
    return header, keys[0], bits


def split_folders(inputs: Sequence[str]) -> dict[str, set[str]]:
    """The folders of the inputs named for a split, by split (the deepest such folder of each input)."""
    found: dict[str, set[str]] = {}
    for path in inputs:
        parts = path.split("/")[:-1]
        for at in range(len(parts) - 1, -1, -1):
            split = split_of(parts[at])
            if split:
                found.setdefault(split, set()).add("/".join(parts[: at + 1]))
                break
    return found


def find_split_tables(heads: Mapping[str, Sequence[str]], inputs: Sequence[str], whole: bool) -> list[SplitTable]:
    """The per-split multi-hot tables that label `inputs`, or [] where there are none: tables of one
    header, each named for another split, a table for each split folder of the inputs.

    Args:
      heads: the first lines of the .csv/.tsv files detection looked into, by path relative to SRC.
      inputs: the sampled inputs.
      whole: the sample is the whole source (every key must then name a file of its folder).

    Raises:
      UsageError: such tables whose reading could be wrong (a key naming no file of its split's
        folder, tables of two headers, two summary columns): why, naming the files.

    >>> heads = {"gt/train_labels.csv": ["ID,any,a,b", "1,1,1,0", "2,0,0,0", "3,1,1,1"],
    ...          "gt/test_labels.csv": ["ID,any,a,b", "1,1,0,1"]}
    >>> inputs = ["img/Train/1.png", "img/Train/2.png", "img/Train/3.png", "img/Test/1.png"]
    >>> [(t.path, t.folder, t.prefix, t.classes, t.summary) for t in find_split_tables(heads, inputs, True)][1]
    ('gt/train_labels.csv', 'img/Train', 'Train/', ('a', 'b'), 'any')
    """
    folders = split_folders(inputs)
    image_folders = {f for fs in folders.values() for f in fs}
    by_header: dict[tuple[str, ...], dict[str, list[list[str]]]] = {}
    for path in sorted(heads):
        name, folder = posixpath.basename(path), posixpath.dirname(path)
        if "." not in name or name.rsplit(".", 1)[1].lower() not in _EXTENSIONS or not split_of(posixpath.splitext(name)[0]):
            continue
        if any(folder == f or folder.startswith(f + "/") for f in image_folders):
            continue  # a table among a split's images: not a table of its own beside them
        rows = table_rows(path, heads[path])
        if len(rows) >= 2:
            by_header.setdefault(tuple(rows[0]), {})[path] = rows
    found: list[SplitTable] = []
    for _, rows in sorted(by_header.items()):
        splits = [split_of(posixpath.splitext(posixpath.basename(p))[0]) for p in rows]
        if len(rows) < _MIN_TABLES or len(set(splits)) != len(splits) or set(splits) != set(folders):
            continue  # (two tables of one split, or a split folder no table labels: not this reading)
        shape = _shape(rows)
        if shape is not None:
            found += _judged(rows, shape, folders, inputs, whole)
    return found


def _names(inputs: Sequence[str], folder: str) -> set[str]:
    """The keys of the files directly in `folder` (`<folder name>/<stem>`)."""
    return {file_key(p, _RULE) for p in inputs if posixpath.dirname(p) == folder}


def _judged(rows, shape, folders, inputs, whole) -> list[SplitTable]:
    header, key, bits = shape
    data = [r for table in rows.values() for r in table[1:]]
    summary = summary_column(header, data, bits)
    classes = tuple(header[c] for c in bits if c != summary)
    tables = sorted(rows)
    out = []
    for path in tables:
        split = split_of(posixpath.splitext(posixpath.basename(path))[0])
        if len(folders[split]) != 1:
            raise UsageError(
                f"{path} labels the {split} split, and {len(folders[split])} folders are named for it "
                f"({', '.join(sorted(folders[split]))}): which its ids name is for you to say: --labels FILE --split"
            )
        (own,) = folders[split]
        table = SplitTable(path, split, own, key, classes, header[summary] if summary is not None else "")
        keys = [r[key] for r in rows[path][1:]]
        matched = {f: sum(row_key(posixpath.basename(f) + "/" + k, _RULE) in _names(inputs, f) for k in keys)
                   for fs in folders.values() for f in fs}
        strays = [k for k in keys if row_key(table.prefix + k, _RULE) not in _names(inputs, own)]
        # the whole source seen: every key names a file of its folder; a part: its folder's files the most named
        rival = max((f for f in matched if f != own), key=lambda f: matched[f], default="")
        if (strays and whole) or not matched[own] or (rival and matched[rival] > matched[own]):
            stray = strays[0] if strays else keys[0]
            there = rival and row_key(posixpath.basename(rival) + "/" + stray, _RULE) in _names(inputs, rival)
            elsewhere = rival if there else ""
            where = f"names a file of {elsewhere}/, not of its own split's folder" if elsewhere else "names no file of it"
            raise UsageError(
                f"{path} looks like the {split} split's table of 0/1 labels (its name), but its id {stray!r} {where} "
                f"({own}/): reading it could label the wrong images: --labels FILE names the one table to read, or say "
                "how in a layout file (--dry-run --layout-file FILE, docs/layout-files.md)"
            )
        out.append(table)
    return out
