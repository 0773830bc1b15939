"""C4.5's case files (`<stem>.data`, `<stem>.test` beside `<stem>.names`): a row a case, by the format's rules.

Why: UCI ships many tables in Quinlan's C4.5 format (Adult's `adult.data`/`adult.test`/`adult.names`, the
Census-Income (KDD) set's `census-income.data`/`.test`), and their rules are not a CSV's: C4.5's own
documentation (the "FILE FORMATS" page of its distribution, kept at cs.washington.edu/dm/vfml/appendixes/
c45.htm) says a `|` starts a comment that runs to the end of its line, values are separated by commas with
the class last, `?` is a missing value, whitespace around a value is no part of it, and an entry's period
may end it. So Adult's `adult.test` opens with the comment `|1x3 Cross validator` and ends every case with
a period (`..., United-States, >50K.`) where `adult.data` writes `>50K`: read as a CSV, the comment was a
row, every label of the test file a fifth class spelled with a dot, and the `, `-separated cells of words
were no table of values at all, so the run stopped naming nothing that converts it.

Read by those rules, a case file is a headerless table of numbered columns (the class the last, C4.5's
place for it): blank and comment lines are no rows, a comment after a case is cut off, each cell is
stripped, and the period ending a case is dropped (a period inside a value, `1.5`, stays: only a period
ending the line ends the entry). A line whose cells are not the table's count is one reject naming the
counts; nothing is guessed about which column is the class (the stops name `--label-column`).

Which files are read so is told by their content (`looks_like_cases`): rows of one width, four cells or
more, every cell a short value (no prose), a number in each row; the `.names` and the splits are
`shardify/plan/c45_files.py`'s.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from shardify.errors import InvalidInputError
from shardify.plan.box_format import is_number

__all__ = ["FORMAT", "NOTE", "case_cells", "case_line", "header_fields", "looks_like_cases", "table_width"]

FORMAT = "c45_cases"
NOTE = "C4.5 cases (`|` comments, a period ending a case dropped, cells stripped), no header row"
# Where a comment starts: a `|` opening the line or after a space (C4.5's own files write `|1x3 ...`, `x | note`).
_COMMENT_START = re.compile(r"(?:^|(?<=\s))\|")
_MIN_CELLS = 4  # a case: several attribute values and a class (Iris 5, Adult 15, Census-Income 42)
_MIN_ROWS = 3  # cases looked at before a file is called a case file
# The share of the cases looked at that must hold the table's count of cells: one case in ten cut short
# (a truncated download, a line broken in two) is that case's reject, not the whole file refused.
_MIN_SHARE = 0.9
# A value of an attribute is a word, a number or a short phrase (Census-Income's 'Foreign born- Not a
# citizen of U S ', 35 characters); a longer cell is prose, and a file of prose is no case file.
_MAX_VALUE_CHARS = 64


def case_line(line: str) -> str:
    """`line` without its comment, its line end and the period ending the case ("" for a comment or a
    blank line).

    >>> case_line("52, Self-emp-not-inc, 209642, >50K.\\n"), case_line("|1x3 Cross validator"), case_line("1.5, 2.5")
    ('52, Self-emp-not-inc, 209642, >50K', '', '1.5, 2.5')
    >>> case_line("5.1,3.5,1.4,0.2,Iris-setosa | the first case")
    '5.1,3.5,1.4,0.2,Iris-setosa'

    A `|` joining two values with no space (`Action|Comedy`, a cell's list of labels) opens no comment: cut
    there, a movie's genres were shown as its first alone while the table was written with them all (review33).

    >>> case_line("1,1995,7.5,Action|Comedy"), case_line("1,2,3,a |b")
    ('1,1995,7.5,Action|Comedy', '1,2,3,a')
    """
    text = _COMMENT_START.split(line, 1)[0].strip()
    return text[:-1].rstrip() if text.endswith(".") else text


def case_cells(line: str, width: int) -> list[str]:
    """The `width` stripped cells of a case `line` (`case_line`'s rules).

    Raises:
      InvalidInputError: the case holds another number of cells than the table (a case cut short or run
        into the next): that row alone is rejected.

    >>> case_cells("39, State-gov, 77516, <=50K.", 4)
    ['39', 'State-gov', '77516', '<=50K']
    """
    cells = [cell.strip() for cell in case_line(line).split(",")]
    if len(cells) != width:
        raise InvalidInputError(f"a C4.5 case of {len(cells)} comma-separated values where the table has {width}")
    return cells


def looks_like_cases(lines: Sequence[str]) -> bool:
    """Whether the first `lines` of a file are C4.5 cases: _MIN_ROWS or more (comments and blank lines
    aside), nine in ten or more of one count of cells (`table_width`), _MIN_CELLS or more, and in those
    every cell a value of at most _MAX_VALUE_CHARS characters and a number among each row's cells.

    >>> looks_like_cases(["|1x3 Cross validator", "25, Private, 226802, 11th, 7, <=50K.",
    ...                   "38, Private, 89814, HS-grad, 9, <=50K.", "28, Local-gov, 336951, Assoc-acdm, 12, >50K."])
    True
    >>> looks_like_cases(["pos,a film, in short, fine", "neg,dull,dull,dull,dull", "neg,bad,bad,bad,bad"])  # no number
    False
    >>> looks_like_cases(["classes = 3", "train = data/train.txt", "names = data/obj.names"])  # Darknet's obj.data
    False
    """
    rows = [[cell.strip() for cell in text.split(",")] for text in map(case_line, lines) if text]
    if len(rows) < _MIN_ROWS or (width := table_width(lines)) < _MIN_CELLS:
        return False
    cases = [row for row in rows if len(row) == width]
    if len(cases) < max(_MIN_ROWS, _MIN_SHARE * len(rows)):
        return False
    return all(all(0 < len(cell) <= _MAX_VALUE_CHARS for cell in row) and any(map(is_number, row)) for row in cases)


def table_width(lines: Sequence[str]) -> int:
    """The count of cells most of the cases among `lines` hold (0 where there is none): the table's, a case cut
    short or run into the next being its own reject, never the width.

    >>> table_width(["| a comment", "1, a, 2, x.", "1, a.", "3, b, 4, y", "5, c, 6, z"])
    4
    """
    counts = Counter(len(text.split(",")) for text in map(case_line, lines) if text)
    return max(counts, key=lambda n: (counts[n], n)) if counts else 0


def header_fields(lines: Sequence[str], limit: int) -> dict[str, object]:
    """The fields of a case file's `TableHeader` (`converters.tables`) from its first `lines`: columns numbered
    from 1 (the class, by C4.5's rule, the last), no header row, up to `limit` first cases of the table's width
    (`table_width`) as the sample.

    Raises:
      InvalidInputError: no case among the lines.

    >>> header_fields(["|c", "1, a, 2, x.", "3, b, 4, y"], 5)["sample"]
    (('1', 'a', '2', 'x'), ('3', 'b', '4', 'y'))
    """
    width = table_width(lines)
    if not width:
        raise InvalidInputError("not a table: no C4.5 case among the first lines")
    rows = ([cell.strip() for cell in text.split(",")] for text in map(case_line, lines) if text)
    sample = tuple(tuple(row) for row in rows if len(row) == width)[:limit]
    return {
        "columns": tuple(str(n) for n in range(1, width + 1)),
        "present": False,
        "sample": sample,
        "fmt": FORMAT,
        "described": f"{NOTE} ({width} columns, numbered from 1)",
    }
