"""Split files that list a label table's rows by number: each row's files written in that split.

Derm7pt ships `release_v0/meta/meta.csv` (a case a row) beside `train_indexes.csv`,
`valid_indexes.csv` and `test_indexes.csv`: a column `indexes` of meta.csv's row numbers, counted
from 0 over its data rows (pandas' index). They name no file, so no split list read them; the
records were all written in one split with exit 0 once `--labels meta.csv --key-column clinic,derm`
read the table. Here: files beside the `--labels` table whose names hold a split word and `index`
(`train_indexes.csv`, `val_idx.txt`), each a column of whole numbers (under an optional header),
give the split of the rows they list (`SourceLayout.row_splits`); a row none lists is rejected,
naming the files, and a row two list stops detection before writing.

Detection reads these files whole (they are small: MAX_INDEX_BYTES) to check them; the pipeline
reads them again in `_JoinRowsWithFiles.setup` (`row_split_map`).
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.folder_names import split_word

__all__ = ["MAX_INDEX_BYTES", "row_split_map", "with_row_splits"]

# An index file larger than this is no list of a table's row numbers (ISIC's 25,000 rows are 150 KB).
MAX_INDEX_BYTES = 8 << 20
_INDEX_NAME = re.compile(r"(?i)(?:^|[_\-. ])(?:indexes|indices|index|idx|rows)(?:$|[_\-. ])")
_NUMBER = re.compile(r"\d{1,18}")  # (no table has 10^18 rows; int() refuses over 4,300 digits)
_TABLE_EXTENSIONS = ("csv", "txt", "tsv")


def _numbers(text: str) -> list[int] | None:
    """The row numbers a file holds (one a line, a header line of words allowed first), or None
    where it holds anything else."""
    lines = [line.strip().strip('"').split(",")[-1].strip() for line in text.splitlines() if line.strip()]
    if lines and not _NUMBER.fullmatch(lines[0]) and re.fullmatch(r"[A-Za-z_ ]+", lines[0]):
        lines = lines[1:]
    if not lines or not all(_NUMBER.fullmatch(line) for line in lines):
        return None
    return [int(line) for line in lines]


def _read(path: str) -> str:
    with open_input(path) as fileobj:
        return fileobj.read(MAX_INDEX_BYTES + 1).decode("utf-8", "replace")


def row_split_map(labels_path: str, row_splits: Sequence[tuple[str, str]]) -> dict[int, str]:
    """{row number from 0: split} of the files `row_splits` names ((split, file relative to SRC)),
    which lie beside the label table opened at `labels_path`."""
    folder = labels_path.rsplit("/", 1)[0]
    found: dict[int, str] = {}
    for split, relpath in row_splits:
        for number in _numbers(_read(f"{folder}/{posixpath.basename(relpath)}")) or ():
            found.setdefault(number, split)
    return found


def _index_files(labels_file: str, sample: Sequence[str]) -> list[tuple[str, str]]:
    folder = posixpath.dirname(labels_file)
    found = []
    for path in sample:
        name = posixpath.basename(path)
        base, _, ext = name.rpartition(".")
        if posixpath.dirname(path) != folder or path == labels_file or ext.lower() not in _TABLE_EXTENSIONS:
            continue
        split = split_word(base)
        if split and _INDEX_NAME.search(base):
            found.append((split, path))
    return sorted(found)


def with_row_splits(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` (a label file's layout) with the split files of its table's row numbers beside it.

    Raises:
      UsageError: a row is listed by two of them (which split it is in cannot be told).
    """
    if detected.name != layout.LABEL_FILE or detected.split_folders or config.split or "*" in detected.labels_file:
        return detected
    files = _index_files(detected.labels_file, sample)
    read = {}
    for split, path in files:
        try:
            text = _read(join_path(config.source, path))
        except OSError:
            continue
        numbers = _numbers(text) if len(text) <= MAX_INDEX_BYTES else None
        if numbers is not None:
            read[(split, path)] = set(numbers)
    if len({split for split, _ in read}) < 2:  # one list of rows is a subset, not a split
        return detected
    seen: dict[int, str] = {}
    for (_, path), numbers in read.items():
        for number in sorted(numbers):
            if number in seen:
                raise UsageError(f"row {number} of {detected.labels_file} is listed by {seen[number]} and by {path}: which split "
                                 "its files are in cannot be told; mend the lists, or --split to split by ratio")
            seen[number] = path
    row_splits = tuple(sorted(read))
    shown = ", ".join(f"{path} ({split})" for split, path in row_splits)
    note = (f"splits from the row numbers (from 0, over its data rows) of {detected.labels_file} that {shown} list; a row "
            "none lists is rejected")
    return dataclasses.replace(detected, row_splits=row_splits, notes=(*detected.notes, note))
