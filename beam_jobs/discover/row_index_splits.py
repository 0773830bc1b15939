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
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.inputs.whole_numbers import whole_number
from shardify.plan import layout
from shardify.plan.folder_names import split_word

__all__ = ["MAX_INDEX_BYTES", "check_row_lists", "row_split_map", "with_row_splits"]

# An index file larger than this is no list of a table's row numbers (ISIC's 25,000 rows are 150 KB).
MAX_INDEX_BYTES = 8 << 20
_INDEX_NAME = re.compile(r"(?i)(?:^|[_\-. ])(?:indexes|indices|index|idx|rows)(?:$|[_\-. ])")
_TABLE_EXTENSIONS = ("csv", "txt", "tsv")


def _listed(text: str) -> tuple[list[int], tuple[int, str] | None]:
    """(the row numbers a file holds, one a line under an optional header line of words; the first
    line, numbered from 1, that is no row number and its text, or None). A row number is plain
    ASCII digits (`whole_numbers`): `\\d` also took '٣' for 3, and '-3', '1e309' or '3.5' set the
    whole list aside."""
    lines = [(n, line.strip().strip('"').split(",")[-1].strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if lines and whole_number(lines[0][1]) is None and re.fullmatch(r"[A-Za-z_ ]+", lines[0][1]):
        lines = lines[1:]
    numbers = []
    for n, line in lines:
        number = whole_number(line)
        if number is None:
            return numbers, (n, line)
        numbers.append(number)
    return numbers, None


def _numbers(text: str) -> list[int] | None:
    """The row numbers a file holds (one a line, a header line of words allowed first), or None
    where it holds anything else.

    >>> _numbers("indexes\\n0\\n3\\n"), _numbers("0\\n٣\\n"), _numbers("0\\n-3\\n"), _numbers("")
    ([0, 3], None, None, None)
    """
    numbers, bad = _listed(text)
    return numbers if numbers and bad is None else None


def _read(path: str) -> str:
    """The list's text, a byte order mark dropped (a list saved by Excel: '\\ufeffindexes' was no
    header and no number, and the list set aside unsaid, its rows rejects)."""
    with open_input(path) as fileobj:
        return fileobj.read(MAX_INDEX_BYTES + 1).decode("utf-8-sig", "replace")


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
      UsageError: a row is listed by two of them, or a list holds a line of no row number after
        rows (which split the row is in cannot be told).
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
        numbers, bad = _listed(text) if len(text) <= MAX_INDEX_BYTES else ([], None)
        if numbers and bad is not None:  # a list of row numbers with a line of none: set aside, its rows were all rejects
            raise UsageError(f"{path} lists rows of {detected.labels_file} by number, but its line {bad[0]} {bad[1][:40]!r} is "
                             "no row number (whole numbers from 0 in ASCII digits): which split that row is in cannot be told; "
                             f"mend the line, or --exclude {path} (the rows none lists are then rejects), or --split "
                             "train=0.8,test=0.2 to split by ratio")
        if numbers and bad is None:
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


def check_row_lists(source: str, labels_file: str, labels_path: str, row_splits: Sequence[tuple[str, str]]) -> None:
    """A layout file's `row_splits` lists, checked before writing as detection checks the lists it
    finds: each line a row number, no row in two lists, none past the table. Unchecked, a row two
    lists named went to the first, a row past the table was passed over, and a list holding one
    line of no number ('-3', '1e309') was set aside, its rows all rejects: with exit 0.

    Raises:
      UsageError: names the list (its key and file), the line or row, and what to mend.
    """
    seen: dict[int, tuple[str, str]] = {}
    for split, relpath in row_splits:
        text = _read(join_path(source, relpath))
        numbers, bad = _listed(text) if len(text) <= MAX_INDEX_BYTES else ([], (0, f"more than {MAX_INDEX_BYTES >> 20} MB"))
        if bad is not None:
            raise UsageError(f"the layout file's row_splits.{split} {relpath}: line {bad[0]} {bad[1][:40]!r} is no row number "
                             f"of {labels_file} (whole numbers from 0 in ASCII digits, one a line): mend the line")
        for number in numbers:
            if number in seen and seen[number] != (split, relpath):
                raise UsageError(f"row {number} of {labels_file} is listed by row_splits.{seen[number][0]} {seen[number][1]} and "
                                 f"by row_splits.{split} {relpath}: which split its files are in cannot be told; mend the lists")
            seen[number] = (split, relpath)
    rows = _data_rows(labels_path)
    past = sorted(n for n in seen if n >= rows)
    if rows and past:
        split, relpath = seen[past[0]]
        raise UsageError(f"the layout file's row_splits.{split} {relpath} lists row {past[0]}, past the {rows} data rows of "
                         f"{labels_file} (numbered from 0, the header line not counted): mend the list")


def _data_rows(labels_path: str) -> int:
    """An upper bound on the table's data rows: its non-empty lines after the header (a quoted cell
    over two lines counts twice, so a number at or past it lies past the table); 0 where unread."""
    try:
        with open_input(labels_path) as fileobj:
            return max(0, sum(1 for line in fileobj if line.strip()) - 1)
    except (OSError, InvalidInputError):
        return 0
