"""Files whose extension names their split: UCI's tables of a split each.

The UCI repository ships some datasets as one table per split told apart by the extension alone:
Optical Recognition of Handwritten Digits' `optdigits.tra` (training) and `optdigits.tes` (testing),
Pen-Based Recognition's `pendigits.tra`/`.tes`, Statlog's `sat.trn`/`sat.tst`. Their stems are the
same, so no split word of a name says it (`split_named_tables`), and read as tables every row fell in
`train`. The extensions are kept here as data; detection (`beam_jobs/discover/detect.py`) gives each
such table the split of its extension, as `split_patterns` a layout file shows and can mend.

C4.5's format (its distribution's FILE FORMATS page: "For a dataset named "foo", you will have three
files: foo.data, foo.test, and foo.names") gives the roles by extension too, but `.data` alone is any
table's name: a stem's `.data` is the training split and its `.test` the test split only where both lie
beside that stem's `.names` (Adult's `adult.data`, `adult.test`, `adult.names`; `c45_splits`).
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.plan.path_parts import extension

__all__ = ["C45_SPLITS", "SPLIT_EXTENSIONS", "c45_splits", "extension_splits", "note"]

# extension -> split: each documented by a UCI dataset's description (`.names`) naming its files.
SPLIT_EXTENSIONS: dict[str, str] = {"tra": "train", "tes": "test", "trn": "train", "tst": "test"}
# extension -> split of a C4.5 stem's case files, where the stem's `.names` lies beside them.
C45_SPLITS: dict[str, str] = {"data": "train", "test": "test"}


def extension_splits(tables: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """(path, split) for each of `tables` where every one of them is of a split extension and two
    splits are among them; else () (one `.tra` alone says nothing a split needs).

    >>> extension_splits(["optdigits.tra", "optdigits.tes"])
    (('optdigits.tes', 'test'), ('optdigits.tra', 'train'))
    >>> extension_splits(["optdigits.tra", "notes.csv"]), extension_splits(["a.tra", "b.trn"])
    ((), ())
    """
    if not tables or any(extension(p) not in SPLIT_EXTENSIONS or set("*?[]{}") & set(p) for p in tables):
        return ()  # (each path is its own split pattern: no glob character may be in it)
    pairs = tuple(sorted((p, SPLIT_EXTENSIONS[extension(p)]) for p in tables))
    return pairs if len({split for _, split in pairs}) > 1 else ()


def c45_splits(paths: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """(path, split) for each C4.5 stem among `paths` that has its `.names`, `.data` and `.test`; else ().

    >>> c45_splits(["adult/adult.data", "adult/adult.test", "adult/adult.names", "adult/Index"])
    (('adult/adult.data', 'train'), ('adult/adult.test', 'test'))
    >>> c45_splits(["adult.data", "adult.test"]), c45_splits(["a.data", "a.names", "b.test"])  # no .names; two stems
    ((), ())
    """
    stems: dict[str, dict[str, str]] = {}  # stem -> its files by extension
    for path in paths:
        if extension(path) and not set("*?[]{}") & set(path):  # (a path is its own split pattern: no glob character)
            stems.setdefault(path.rpartition(".")[0], {})[extension(path)] = path
    return tuple(sorted((files[ending], split) for files in stems.values()
                        if {"names", *C45_SPLITS} <= set(files) for ending, split in C45_SPLITS.items()))


def note(pairs: Sequence[tuple[str, str]]) -> str:
    """The plan's line for the splits `extension_splits` gave."""
    return "tables of a split each by their extension (UCI's .tra/.tes; C4.5's .data/.test beside .names): " + ", ".join(f"{p} ({s})" for p, s in pairs)
