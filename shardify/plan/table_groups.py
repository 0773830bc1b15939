"""Several tables of one shape that each label part of the inputs, read together as one table.

Some downloads split their label table by the folders the images were collected in: MLRSNet ships
`Labels/<category>.csv` beside `Images/<category>/`, each `image` then 60 columns of 0/1 (an
image's labels are its columns holding 1; the category folder is one of them, not the image's
labels). No one table labels the inputs; together they do. Read so (`--labels 'Labels/*.csv'`,
or found by detection), the tables are one keyed multi-hot table.

Detection reads them so by default only where the signs agree: two tables or more in one folder,
of one header, whose key column (found by content: its values name the inputs, each in one row,
as `keyed_tables` finds it) is the same and whose other columns hold 0 or 1 in every first row
of every table; no key in two tables; and, where the sample is the whole source, every key naming
an input. Tables named for splits (`train.csv`, `val.csv`) are never read so: read as one, their
names' splits would be lost. Where tables of a folder look so but one of these fails (another header, a key in two
tables, a key naming no input, a column of 0/1 in one table holding another value in the next),
reading them together could be wrong: `find_group` says why, naming the files, and detection stops.
`check_given` holds the tables a `--labels GLOB` names to one header and one reading.

Nothing here reads a file: detection hands in the first lines it read.
"""

from __future__ import annotations

import csv
import posixpath
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from shardify.errors import UsageError
from shardify.plan import evidence
from shardify.plan.structure import split_word

__all__ = ["TableGroup", "GLOB_CHARACTERS", "is_glob", "find_group", "check_given"]

# A label file option holding one of these is a glob of several tables (Beam's FileSystems.match).
GLOB_CHARACTERS = frozenset("*?[")
# Tables read together: at least this many in one folder (one table is `--labels FILE`).
_MIN_TABLES = 2
# Class columns of 0/1 a multi-hot table has at least (as `converters/one_hot.py` asks).
_MIN_CLASSES = 2
_BITS = frozenset({"0", "1", "0.0", "1.0"})
_EXTENSIONS = ("csv", "tsv")


def is_glob(path: str) -> bool:
    """A label file option naming several files.

    >>> is_glob("Labels/*.csv"), is_glob("labels.csv")
    (True, False)
    """
    return bool(GLOB_CHARACTERS & set(path))


@dataclass(frozen=True)
class TableGroup:
    """Tables of one folder read as one keyed multi-hot table.

    Attributes:
      pattern: the glob naming them, relative to SRC (`Labels/*.csv`).
      files: the tables, sorted.
      key: the header of their key column.
      classes: the headers of their 0/1 columns, in order.
      note: for the plan.
    """

    pattern: str
    files: tuple[str, ...]
    key: str
    classes: tuple[str, ...]
    note: str


@dataclass(frozen=True)
class _Shape:
    header: tuple[str, ...]
    key: int | None  # the column naming the inputs, or None
    not_bits: tuple[tuple[str, str], ...]  # (column, a value neither 0 nor 1) of the other columns
    keys: tuple[str, ...]


def _rows(path: str, lines: Sequence[str]) -> list[list[str]]:
    delimiter = "\t" if path.lower().endswith(".tsv") else ","
    return [[c.strip() for c in row] for row in csv.reader([line for line in lines if line.strip()], delimiter=delimiter)]


def _shape(path: str, lines: Sequence[str], names_inputs: Callable[[Sequence[str]], bool]) -> _Shape | None:
    rows = _rows(path, lines)
    if len(rows) < 2 or len(rows[0]) < 1 + _MIN_CLASSES or any(len(r) != len(rows[0]) for r in rows[1:]):
        return None
    header, data = tuple(rows[0]), rows[1:]
    keys = [
        c for c in range(len(header))
        if len({r[c] for r in data}) == len(data) and not {r[c] for r in data} <= _BITS and names_inputs([r[c] for r in data])
    ]
    return _keyed(header, data, keys)


def _keyed(header: tuple[str, ...], data: list[list[str]], keys: list[int]) -> _Shape:
    key = keys[0] if len(keys) == 1 else None
    not_bits = tuple(
        (header[c], next(r[c] for r in data if r[c] not in _BITS))
        for c in range(len(header)) if c != key and any(r[c] not in _BITS for r in data)
    )
    return _Shape(header, key, not_bits, tuple(r[key] for r in data) if key is not None else ())


def _multi_hot(shape: _Shape | None) -> bool:
    return shape is not None and shape.key is not None and not shape.not_bits and len(shape.header) > _MIN_CLASSES


def find_group(
    heads: Mapping[str, Sequence[str]],
    names_inputs: Callable[[Sequence[str]], bool],
    input_keys: Callable[[Sequence[str]], set[str]] | None = None,
) -> TableGroup | None:
    """The tables of one folder to read together as the inputs' labels, or None where no folder
    holds two multi-hot tables keyed by the inputs.

    Args:
      heads: the first lines of the tables detection looked into, by path relative to SRC.
      names_inputs: whether a column's values name the inputs (`describe.names_inputs`).
      input_keys: where the sample is the whole source, the keys among those given that name no
        input; None where it is part of it (the pipeline rejects such rows then).

    Raises:
      UsageError: a folder holds such tables and reading them together could be wrong: why, and
        the files that show it.

    >>> heads = {"L/a.csv": ["image,a,b", "a_1.jpg,1,0"], "L/b.csv": ["image,a,b", "b_1.jpg,0,1"]}
    >>> find_group(heads, lambda keys: all(k.endswith(".jpg") for k in keys)).pattern
    'L/*.csv'
    """
    by_folder: dict[tuple[str, str], list[str]] = {}
    for path in sorted(heads):
        ext = path.rsplit(".", 1)[-1].lower() if "." in posixpath.basename(path) else ""
        if ext in _EXTENSIONS and not evidence.example_file(path):  # a submission's format labels nothing
            by_folder.setdefault((posixpath.dirname(path), ext), []).append(path)
    found = []
    for (folder, ext), paths in sorted(by_folder.items()):
        if any(split_word(posixpath.splitext(posixpath.basename(p))[0]) for p in paths):
            continue  # tables named for splits (`train.csv`, `val.csv`): their names say more than one table would
        shapes = {p: _shape(p, heads[p], names_inputs) for p in paths}
        multi = [p for p in paths if _multi_hot(shapes[p])]
        if multi and input_keys is None:  # part of the source sampled: a table's images may all be unsampled
            first = shapes[multi[0]]
            for p in paths:
                if shapes[p] is not None and shapes[p].key is None and shapes[p].header == first.header:
                    data = _rows(p, heads[p])[1:]
                    if len({r[first.key] for r in data}) == len(data):
                        shapes[p] = _keyed(first.header, data, [first.key])
            multi = [p for p in paths if _multi_hot(shapes[p])]
        alike = [p for p in paths if multi and shapes[p] is not None and shapes[p].header == shapes[multi[0]].header]
        if len(multi) < _MIN_TABLES and len(alike) < _MIN_TABLES:
            continue  # (one such table beside others: `--labels FILE`, or a keyed table)
        found.append(_judged(folder, ext, paths, shapes, input_keys))
    if len(found) > 1:
        raise UsageError(
            f"{' and '.join(g.pattern for g in found)} are each tables of 0/1 labels keyed by the inputs: say which "
            "to read with --labels GLOB"
        )
    return found[0] if found else None


def _judged(
    folder: str, ext: str, paths: list[str], shapes: Mapping[str, _Shape | None], input_keys: Callable[[Sequence[str]], set[str]] | None
) -> TableGroup:
    pattern = f"{folder}/*.{ext}" if folder else f"*.{ext}"
    multi = [p for p in paths if _multi_hot(shapes[p])]
    first = shapes[multi[0]]
    why = ""
    for path in paths:
        shape = shapes[path]
        if shape is None or shape.header != first.header:
            shown = list(shape.header) if shape else "no table of one header"
            why = f"{path} has the columns {shown}, {multi[0]} {list(first.header)}: tables of different shapes"
        elif shape.key != first.key:
            why = f"{path} names the inputs in no one column as {multi[0]} does (its column {first.header[first.key]!r})"
        elif shape.not_bits:
            column, value = shape.not_bits[0]
            why = f"{path}'s column {column!r} holds {value!r}, where {multi[0]}'s holds 0 or 1"
        if why:
            break
    seen: dict[str, str] = {}
    for path in paths if not why else ():
        for key in shapes[path].keys:
            if key in seen:
                why = f"{key!r} is in {seen[key]} and in {path}: a key in two tables"
                break
            seen[key] = path
        if why:
            break
    if not why and input_keys is not None:
        for path in paths:
            strays = input_keys(shapes[path].keys)
            if strays:
                why = f"{path} names {sorted(strays)[0]!r}, which is no input here"
                break
    if why:
        raise UsageError(
            f"the tables {pattern} ({len(paths)}) hold 0/1 labels keyed by the inputs, but reading them together "
            f"could be wrong: {why}: --labels FILE reads one of them, --labels '{pattern}' (under SRC) reads them "
            "together (a row it cannot use is rejected with why)"
        )
    key = first.header[first.key]
    classes = tuple(c for i, c in enumerate(first.header) if i != first.key)
    note = (
        f"labels from the {len(paths)} tables {pattern}, read together as one: each of one header, keyed by its "
        f"column {key!r} (its values name the inputs, no key in two tables), an input's labels its {len(classes)} "
        "0/1 columns holding 1 (multi-label); the folders are not the labels"
    )
    return TableGroup(pattern, tuple(paths), key, classes, note)


def check_given(pattern: str, heads: Mapping[str, Sequence[str]], *, headerless: bool = False) -> None:
    """The tables a `--labels GLOB` names are of one header, and each column read as 0/1 labels in
    one is 0/1 in every other (else a table would be read another way: its labels wrong).

    Raises:
      UsageError: names the table that differs, and how.

    With `headerless` (`--no-header`) every row is data: the tables agree in width and in their
    0/1 columns (MURA's `train_labeled_studies.csv` and `valid_labeled_studies.csv`, `folder/,1`).

    >>> check_given("*.csv", {"a.csv": ["x/,1", "y/,0"], "b.csv": ["z/,0", "w/,1"]}, headerless=True)
    >>> check_given("L/*.csv", {"L/a.csv": ["image,a,b", "x.jpg,1,0"], "L/b.csv": ["image,a,b", "y.jpg,2,0"]})
    Traceback (most recent call last):
    ...
    shardify.errors.UsageError: --labels 'L/*.csv': L/b.csv's column 'a' holds '2', where L/a.csv's holds 0 or 1: the tables it names are read as one table, of one header and one reading
    """
    rows = {path: _rows(path, lines) for path, lines in sorted(heads.items())}
    rows = {path: ([[str(c) for c in range(len(r[0]))], *r] if headerless else r) for path, r in rows.items() if r}
    if len(rows) < 2:
        return
    (first, first_rows), *others = rows.items()
    header = first_rows[0]
    bits = {c for c in range(len(header)) if len(first_rows) > 1 and all(len(r) == len(header) and r[c] in _BITS for r in first_rows[1:])}
    for path, table in others:
        why = ""
        if table[0] != header:
            why = f"{path} has the columns {table[0]}, {first} {header}"
        else:
            for c in sorted(bits):
                odd = next((r[c] for r in table[1:] if len(r) == len(header) and r[c] not in _BITS), None)
                if odd is not None:
                    why = f"{path}'s column {header[c]!r} holds {odd!r}, where {first}'s holds 0 or 1"
                    break
        if why:
            raise UsageError(
                f"--labels {pattern!r}: {why}: the tables it names are read as one table, of one header and one reading"
            )
