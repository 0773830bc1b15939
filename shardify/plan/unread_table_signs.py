"""Two signs, in a table nothing reads, that the inputs' guessed labels could be wrong.

Both were found on round twenty-one's blind batch (tests/helpers/blind21.py), each written with
exit 0 and every label wrong; both are kinds, not datasets:

  a finer column   the table names each input and restates its folder in one column, so it seemed
                   to agree with the folders; but another column splits the folders further: its
                   values repeat (classes, not a row's own measurement), each lies under one folder
                   only, and some folder holds two or more of them. Hotel-ID 2021's `train.csv`
                   (`image,chain,hotel_id,timestamp` beside `train_images/<chain>/`): the chain
                   folders became the classes, the hotel, the class to predict, was dropped. The
                   folder or the finer column: which is the label is for the user to say.
  box literals     a column whose cells are list literals of boxes or polygons: dicts of a box's
                   keys (`[{'x': 559, 'y': 213, 'width': 50, 'height': 32}]`, the Great Barrier
                   Reef's `annotations`) or lists of coordinate pairs (`[(135, 522), (245, 522),
                   ...]`). The table holds objects; written as classification by video folder,
                   every box was lost. It needs no input's name in it (the reef's rows name frames
                   by `video_id-video_frame`, no file name). Since readers22 such a table is read
                   where its columns say unambiguously which image and class each object has
                   (`shardify/plan/literal_tables.py`: the reef and Airbus convert); this stop is
                   left for the others.

What a box's keys are is data (`BOX_KEY_SETS`). Plain functions of cells and lines, no I/O:
`unread_annotations.names_inputs` asks the first, `beam_jobs/discover/unread_annotation_checks.py`
the second, and stops naming the file.
"""

from __future__ import annotations

import re

import csv
from collections.abc import Sequence

from shardify.plan import label_candidates, label_words
from shardify.plan.list_literals import list_literal
from shardify.plan.split_multi_hot import cell_rows

__all__ = ["BOX_KEY_SETS", "box_literal_column", "finer_column", "is_measure"]

# Keys that make a dict one box (lower-cased): any of these sets, all present.
BOX_KEY_SETS = (
    frozenset({"x", "y", "width", "height"}), frozenset({"x", "y", "w", "h"}),
    frozenset({"xmin", "ymin", "xmax", "ymax"}), frozenset({"x_min", "y_min", "x_max", "y_max"}),
    frozenset({"x1", "y1", "x2", "y2"}), frozenset({"left", "top", "width", "height"}),
    frozenset({"left", "top", "right", "bottom"}),
)
# Rows (non-empty cells) that must hold boxes before a column is read as boxes.
_MIN_BOX_ROWS = 2
# A polygon's least number of points; a point is two numbers.
_MIN_POINTS = 3


# Whole column names that say "the label" alone (`label`, `labels`, `gold_label`).
_DECISIVE = frozenset(label_words.words(label_words.DECISIVE))
# Cell values of a yes/no column (a validation flag, a quality mark): never classes finer than folders.
_FLAG_WORDS = frozenset({"0", "1", "true", "false", "True", "False", "TRUE", "FALSE", "yes", "no", "Yes", "No", "y", "n"})


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _box_item(item: object) -> bool:
    """One box or polygon: a dict of a box's keys, or a sequence of `_MIN_POINTS` (x, y) pairs."""
    if isinstance(item, dict):
        keys = {str(k).lower() for k in item}
        return any(want <= keys for want in BOX_KEY_SETS)
    if isinstance(item, (list, tuple)):
        return len(item) >= _MIN_POINTS and all(
            isinstance(p, (list, tuple)) and len(p) == 2 and all(_is_number(v) for v in p) for p in item)
    return False


def _boxes(cell: str) -> bool | None:
    """True: the cell lists boxes (or is a polygon itself); False: a list of something else; None: empty
    list or no list."""
    value = list_literal(cell)
    if not value:
        return None
    if _box_item(value):  # the cell is one polygon: `[(135, 522), (245, 522), ...]`
        return True
    return all(_box_item(item) for item in value)


def box_literal_column(lines: Sequence[str], delimiter: str = ",") -> str | None:
    """The header of the first column (or its number from 1) whose non-empty list cells all list
    boxes or polygons, in `_MIN_BOX_ROWS` rows or more of a table's first `lines`; None where none does.

    >>> box_literal_column(["id,annotations", "0-1,[]", "0-2,\\"[{'x': 5, 'y': 2, 'width': 4, 'height': 5}]\\"",
    ...                     "0-3,\\"[{'x': 1, 'y': 2, 'width': 4, 'height': 6}, {'x': 9, 'y': 2, 'width': 4, 'height': 6}]\\""])
    'annotations'
    >>> box_literal_column(["id,geometry", '1,"[(1, 2), (5, 2), (5, 9), (1, 2)]"', '2,"[(3, 2), (8, 2), (8, 9), (3, 2)]"'])
    'geometry'
    >>> box_literal_column(["id,tags", "1,\\"['red', 'blue']\\"", "2,\\"['green']\\""]) is None
    True
    >>> box_literal_column(["id,where", "1,\\"[52.1, 4.3]\\"", "2,\\"[51.9, 4.4]\\""]) is None
    True
    """
    try:
        rows = cell_rows(lines, delimiter)
    except csv.Error:
        return None
    if len(rows) < 2:
        return None
    width = max(len(row) for row in rows)
    for c in range(width):
        verdicts = [_boxes(row[c]) for row in rows[1:] if c < len(row)]
        if sum(v is True for v in verdicts) >= _MIN_BOX_ROWS and not any(v is False for v in verdicts):
            return rows[0][c] if c < len(rows[0]) and list_literal(rows[0][c]) is None else str(c + 1)
    return None


# Columns named for a size or a place in the image: measurements, no classes.
_MEASURE = re.compile(r"(width|height|w|h|size|area|depth|channels|bytes|file_?size|(roi|bbox|box)?[._ ]?[xy][012]?"
                      r"|[xy]_?(min|max)|(roi|bbox|box)[._ ]?\w*)")


def is_measure(name: str) -> bool:
    """A column named for a size or a coordinate in the image (`Width`, `Roi.X1`, `xmin`): no class.

    >>> [is_measure(n) for n in ("Width", "Roi.X1", "xmin", "ClassId", "hotel_id")]
    [True, True, True, False, False]
    """
    return bool(_MEASURE.fullmatch(name.strip().lower()))


def finer_column(rows: Sequence[tuple[str, int, Sequence[str]]], header: Sequence[str], skipped: set[int]) -> str | None:
    """Of a table's rows each naming an input (`(its folder's label, the naming cell's column, the
    row's cells)`), the first column that splits the folders further: its values repeat, each
    lies under one folder only, and some folder holds two or more; its header name (or number from
    1), or None. Columns in `skipped` (where files lie), the naming cell and cells restating the
    folder are left out.

    >>> rows = [("0", 0, ["a.jpg", "0", "63", "t1"]), ("0", 0, ["b.jpg", "0", "63", "t2"]),
    ...         ("0", 0, ["c.jpg", "0", "1848", "t3"]), ("5", 0, ["d.jpg", "5", "399", "t4"]),
    ...         ("5", 0, ["e.jpg", "5", "399", "t5"])]
    >>> finer_column(rows, ["image", "chain", "hotel_id", "timestamp"], set())
    'hotel_id'
    >>> finer_column([(f, 0, [f"{i}.jpg", f, p]) for i, (f, p) in enumerate([("cat", "ann"), ("cat", "bob"),
    ...               ("dog", "ann"), ("dog", "bob")])], ["file", "label", "photographer"], set()) is None
    True

    A table naming the inputs of one folder only, or a column of flags (fast.ai's `is_valid`), splits
    no folders further: no class finer than the folders' can be told from it.

    >>> finer_column([("harbor", 0, [f"h{i}.jpg", "harbor", v]) for i, v in enumerate(["True", "False", "False"])],
    ...              ["path", "label", "is_valid"], set()) is None
    True
    >>> finer_column([(f, 0, [f"{f}{i}.jpg", v]) for i, (f, v) in enumerate([("cat", "1"), ("cat", "1"), ("cat", "0"),
    ...               ("dog", "yes"), ("dog", "no")])], ["file", "flag"], set()) is None
    True

    A column named `label` restating each row's folder says the folders are the labels: a
    `patient_id` splitting them groups a patient's images (review22); one named as a label
    (`fine_label` beside `label`) is still a finer class, and a `species` column restating the
    folders settles nothing (an `individual_id` beside it may be the task's class).

    >>> rows = [(f, 0, [f"{f}{i}.jpg", f, f"{f}{i // 2}", f"{f}-{i % 2}"]) for f in ("NORMAL", "PNEUMONIA") for i in range(4)]
    >>> finer_column(rows, ["file", "label", "patient_id", "fine_label"], set())
    'fine_label'
    >>> finer_column([(f, 0, cells[:3]) for f, _, cells in rows], ["file", "label", "patient_id"], set()) is None
    True
    >>> finer_column([(f, 0, cells[:3]) for f, _, cells in rows], ["file", "species", "individual_id"], set())
    'individual_id'
    >>> finer_column([(f, 0, cells[:3]) for f, _, cells in rows], ["Filename", "ClassId", "Width"], set()) is None
    True
    
    """
    width = min((len(cells) for _, _, cells in rows), default=0)
    # a column named `label` (label_words.DECISIVE: the name says "the label" alone, as `species` does not)
    # restating every row's folder: the table says the folders are its labels, and a column not named as a
    # label splitting them (a `patient_id`: several images of a patient, one class) groups them
    named = [name for c, name in enumerate(header) if c < width and name.strip().lower() in _DECISIVE]
    agreed = any(all(cells[header.index(name)].strip() == label for label, _, cells in rows) for name in named)
    for c in range(width):
        if c in skipped or any(c == i for _, i, _ in rows):
            continue
        if c < len(header) and is_measure(header[c]):
            continue  # a size or a coordinate (BelgiumTSC's `Width`, `Roi.X1`), never a class however its values fall
        if agreed and (c >= len(header) or label_candidates.label_evidence(header[c]) < 2):
            continue
        values = [(label, cells[c].strip()) for label, _, cells in rows]
        if any(not v or v == label for label, v in values):
            continue
        distinct = {v for _, v in values}
        folders_of: dict[str, set[str]] = {}
        for label, v in values:
            folders_of.setdefault(v, set()).add(label)
        per_folder: dict[str, set[str]] = {}
        for label, v in values:
            per_folder.setdefault(label, set()).add(v)
        if (len(distinct) < len(values) and len(per_folder) >= 2 and not distinct <= _FLAG_WORDS
                and all(len(f) == 1 for f in folders_of.values())
                and any(len(vs) >= 2 for vs in per_folder.values())):
            return header[c] if c < len(header) else str(c + 1)
    return None
