"""A folder that repeats another folder's tables in another format: a second reading of the data.

Downloads ship one dataset in several formats side by side (SciTail's `tsv_format/` and
`snli_format/`, each holding `scitail_1.0_{train,dev,test}`; a `csv/` beside a `parquet/`). Read
together, every row would be converted twice, or the copy the reader cannot parse rejected (exit 1).
Two sibling folders whose files have the same names, extensions aside, are two readings: where one
holds tables by their extension (`.csv`, `.tsv`, `.jsonl`, `.parquet`) and the other does not
(`.txt`, `.json`), the other is left aside and the plan says so; where both are tables, which to
read is the user's choice, and the run stops naming both. Plain functions of relative paths, no I/O.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.errors import UsageError
from shardify.plan.layout import TABLE_EXTENSIONS, extension, stem

__all__ = ["second_readings"]

# A folder's names must be this many before two folders sharing them mean anything.
_MIN_FILES = 2


def _folders(paths: Sequence[str]) -> dict[str, dict[str, str]]:
    """folder -> {stem: extension} of its files (folders holding two files of one stem left out)."""
    found: dict[str, dict[str, str]] = {}
    clashing = set()
    for path in paths:
        folder, names = posixpath.dirname(path), found.setdefault(posixpath.dirname(path), {})
        if stem(path) in names:
            clashing.add(folder)
        names[stem(path)] = extension(path)
    return {folder: names for folder, names in found.items() if folder not in clashing and len(names) >= _MIN_FILES}


def second_readings(paths: Sequence[str]) -> tuple[tuple[str, ...], str]:
    """(the files of folders that repeat a sibling's tables in another format, a note for the plan).

    >>> second_readings(["d/tsv_format/a_train.tsv", "d/tsv_format/a_dev.tsv", "d/snli/a_train.txt", "d/snli/a_dev.txt"])[0]
    ('d/snli/a_dev.txt', 'd/snli/a_train.txt')

    Raises:
      UsageError: two sibling folders of tables by their extension hold the same names: which
        format to read is the user's to say.
    """
    folders = _folders(paths)
    left: list[str] = []
    notes = []
    for folder, names in sorted(folders.items()):
        for other, other_names in sorted(folders.items()):
            if other == folder or posixpath.dirname(other) != posixpath.dirname(folder) or set(names) != set(other_names):
                continue
            kinds = {ext for ext in names.values()}, {ext for ext in other_names.values()}
            if kinds[0] == kinds[1]:
                continue
            mine, theirs = kinds[0] <= TABLE_EXTENSIONS, kinds[1] <= TABLE_EXTENSIONS
            if mine and theirs and folder < other:
                raise UsageError(
                    f"{folder}/ and {other}/ hold the same tables ({', '.join(sorted(names)[:3])}) in two formats: "
                    "converting both would repeat every row: point SRC at one, or keep one in a layout file's "
                    "split_patterns (--dry-run --layout-file FILE, docs/layout-files.md)"
                )
            if theirs and not mine:
                left += sorted(f"{folder}/{name}.{ext}" if folder else f"{name}.{ext}" for name, ext in names.items())
                notes.append(f"{folder}/ repeats {other}/'s tables in another format: a second reading, left aside")
    return tuple(left), "; ".join(notes)
