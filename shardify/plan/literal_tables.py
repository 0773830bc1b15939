"""A table whose one column writes each row's objects as a literal (`literal_boxes`), read by content:
which column holds the boxes, which names the image, which the class.

  boxes  the one column whose non-empty cells all write boxes or polygons (`literal_boxes`, WKT
         too), in two rows or more (as `unread_table_signs.box_literal_column`, which stops on it);
  image  the one other column whose cells name sampled files (Airbus's `image_id`, `<uuid>.jpg`);
         where none does, a key built from two columns that names every row's file alone
         (`key_template`: the Great Barrier Reef's `video_{video_id}/{video_frame}` for
         `train_images/video_0/9.jpg`, its own `image_id` `0-9` naming no file);
  class  a column a header word of `box_columns.HEADER_ROLES` calls the class (`class`, `label`,
         `category`), of words; where none, every object is of one class, `ONE_CLASS` (the
         dataset names none: the reef's starfish), as the one-class Kaggle box tables are read.

A table whose literals hold only numbers within [0, 1] (fractions of the image, or pixels of a tiny
box: which cannot be told) or where two keys fit as well is not read: the stop that names it stays
(`beam_jobs/discover/unread_annotation_checks.py`). What was read is a `BoxFormat` whose name says it
whole, so a layout file's `box_format:` line carries it and a user can mend it (`format_of_name`).
"""

from __future__ import annotations

import csv
import posixpath
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shardify.plan.box_columns import CLASS, HEADER_ROLES
from shardify.plan.box_format import LITERAL_PIXELS, ROWS, BoxFormat, is_number
from shardify.plan.literal_boxes import LiteralBoxError, is_literal_boxes, literal_boxes
from shardify.plan.split_multi_hot import cell_rows

__all__ = ["NAME_START", "ONE_CLASS", "LiteralTable", "format_of_name", "literal_format", "read_literal_table", "template_columns", "template_key"]

NAME_START = "Box literals in column "
ONE_CLASS = "object"  # (as `box_format_rows`' "Box table of one class")
_NAME = re.compile(
    re.escape(NAME_START) + r"'(?P<box>[^']+)', image (?:column '(?P<key>[^']+)'|'(?P<template>[^']+)'), "
    r"(?:class column '(?P<cls>[^']+)'|one class '(?P<one>[^']+)')(?P<tab>, tab-separated)?"
)
_TEMPLATE_COLUMN = re.compile(r"\{([^{}']+)\}")
# Rows a key template must name files of, at least, and how many more than any other template.
_MIN_ROWS = 2


@dataclass(frozen=True)
class LiteralTable:
    """What a table's first lines say of its columns.

    Attributes:
      box: the header of the column of literals.
      key: the header of the column naming the image, or "" where `template` does.
      template: the image's key from columns in braces (`video_{video_id}/{video_frame}`), or "".
      class_column: the header of the class column, or "" (every object of `one_class`).
      one_class: the class of every object where no column names one (a layout file's line may rename it).
    """

    box: str
    key: str
    template: str
    class_column: str
    one_class: str = ONE_CLASS


def _box_column(header: Sequence[str], body: Sequence[Sequence[str]]) -> int:
    """The one column whose non-empty cells all write boxes or polygons (`is_literal_boxes`: WKT too),
    in `_MIN_ROWS` rows or more; -1 where none, or two (which holds the objects, nothing says)."""
    found = []
    for c, name in enumerate(header):
        verdicts = [is_literal_boxes(row[c]) for row in body]
        if sum(v is True for v in verdicts) >= _MIN_ROWS and not any(v is False for v in verdicts) and not is_number(name):
            found.append(c)
    return found[0] if len(found) == 1 else -1


def _header_word(cell: str) -> str:
    return re.sub(r"[\s_\-]", "", cell.strip().lower())


def _fractions_only(cells: Sequence[str]) -> bool:
    """Every box of every cell lies within [0, 1]: fractions of the image, or tiny boxes in pixels."""
    boxes = []
    for cell in cells:
        try:
            boxes += literal_boxes(cell)
        except LiteralBoxError:
            continue
    return bool(boxes) and all(v <= 1 for box in boxes for v in box)


def _template(header: Sequence[str], rows: Sequence[Sequence[str]], files: Sequence[str], skip: set[int]) -> str:
    """`<prefix>{a}/{b}`: columns a and b naming each file by its folder (after a prefix the same for
    every row) and its stem, where one such pair fits best by far; "" where none or two fit."""
    by_stem: dict[str, list[str]] = {}
    for path in files:
        parts = path.split("/")
        if len(parts) >= 2:
            by_stem.setdefault(posixpath.splitext(parts[-1])[0], []).append(parts[-2])
    counts: Counter[tuple[int, int, str]] = Counter()
    for row in rows:
        for j, stem in enumerate(row):
            if j in skip or not stem.strip():
                continue
            for folder in by_stem.get(stem.strip(), ()):
                for i, cell in enumerate(row):
                    if i not in skip and i != j and cell.strip() and folder.endswith(cell.strip()):
                        counts[(i, j, folder[: len(folder) - len(cell.strip())])] += 1
    ranked = counts.most_common(2)
    if not ranked or ranked[0][1] < _MIN_ROWS or (len(ranked) > 1 and 2 * ranked[1][1] >= ranked[0][1]):
        return ""
    (i, j, prefix), _ = ranked[0]
    if any(ch in prefix for ch in "{}'/") or not all(re.fullmatch(r"[\w .-]+", header[c]) for c in (i, j)):
        return ""
    return f"{prefix}{{{header[i]}}}/{{{header[j]}}}"


def read_literal_table(lines: Sequence[str], names: Callable[[str], int], files: Sequence[str],
                       delimiter: str = ",") -> LiteralTable | None:
    """The roles of a table's columns, from its first `lines` (a header first), where one column
    holds box literals and the image is named by one column or by one key template; else None.
    `names`: how many sampled files a cell names (a column naming two by one cell names none: the
    reef's `video_frame`, `9` in every video's folder); `files`: the sampled images' paths.

    >>> lines = ["id,image_id,geometry,class", '1,a.jpg,"[(1, 2), (5, 2), (5, 9)]",plane', '2,b.jpg,"[(3, 2), (8, 2), (8, 9)]",car']
    >>> read_literal_table(lines, {"a.jpg": 1, "b.jpg": 1}.get, ["images/a.jpg", "images/b.jpg"])
    LiteralTable(box='geometry', key='image_id', template='', class_column='class', one_class='object')
    >>> lines = ["video_id,video_frame,image_id,annotations", "0,9,0-9,\\"[{'x': 1, 'y': 2, 'width': 4, 'height': 5}]\\"",
    ...          "1,9,1-9,\\"[{'x': 3, 'y': 2, 'width': 4, 'height': 5}]\\"", "1,10,1-10,[]"]
    >>> read_literal_table(lines, {"9": 2, "10": 1}.get, ["t/video_0/9.jpg", "t/video_1/9.jpg", "t/video_1/10.jpg"])
    LiteralTable(box='annotations', key='', template='video_{video_id}/{video_frame}', class_column='', one_class='object')
    """
    try:
        rows = cell_rows(lines, delimiter)
    except csv.Error:
        return None
    if len(rows) < 2:
        return None
    header, body = rows[0], [row for row in rows[1:] if len(row) == len(rows[0])]
    b = _box_column(header, body)
    if b < 0 or len(set(header)) < len(header):
        return None  # (a headerless table of literals, or one of two columns alike: which column is which, nothing names)
    box = header[b]
    if _fractions_only([row[b] for row in body]):
        return None
    named = [[names(cell) or 0 for cell in row] for row in body]
    keys = [c for c in range(len(header)) if c != b and sum(n[c] == 1 for n in named) * 2 > len(body)
            and not any(n[c] > 1 for n in named)]
    template = ""
    if len(keys) > 1:
        return None  # (two columns naming the files: which names the image the boxes are of, say)
    if not keys:
        template = _template(header, body, files, {b})
        if not template:
            return None
    classes = [c for c in range(len(header)) if c != b and c not in keys and HEADER_ROLES.get(_header_word(header[c])) == CLASS
               and all(row[c] and not is_number(row[c]) for row in body)]
    return LiteralTable(box, header[keys[0]] if keys else "", template, header[classes[0]] if len(classes) == 1 else "")


def literal_format(table: LiteralTable, delimiter: str = ",") -> BoxFormat:
    """The BoxFormat that reads `table`, named so that `format_of_name` reads it back.

    >>> fmt = literal_format(LiteralTable("annotations", "", "video_{video_id}/{video_frame}", ""))
    >>> fmt.name
    "Box literals in column 'annotations', image 'video_{video_id}/{video_frame}', one class 'object'"
    >>> format_of_name(fmt.name) == fmt, fmt.key_field
    (True, 'video_id')
    """
    image = f"column '{table.key}'" if table.key else f"'{table.template}'"
    what = f"class column '{table.class_column}'" if table.class_column else f"one class '{table.one_class}'"
    tab = ", tab-separated" if delimiter == "\t" else ""
    key = table.key or _TEMPLATE_COLUMN.findall(table.template)[0]
    return BoxFormat(
        name=f"{NAME_START}'{table.box}', image {image}, {what}{tab}",
        pairing=ROWS,
        files=r"\.(csv|tsv)",
        box_fields=(table.box,),
        convention=LITERAL_PIXELS,
        class_field=table.class_column,
        single_class="" if table.class_column else table.one_class,
        key_field=key,
        key_template=table.template,
        by_header=True,
        separator="\t" if delimiter == "\t" else "",
        source="read by content: a column of box or polygon literals (shardify/plan/literal_tables.py)",
    )


def format_of_name(name: str) -> BoxFormat | None:
    """The BoxFormat a `literal_format` name (a layout file's `box_format:` line) says, or None."""
    found = _NAME.fullmatch(name.strip())
    if found is None:
        return None
    template = found.group("template") or ""
    if template and not _TEMPLATE_COLUMN.search(template):
        return None
    table = LiteralTable(found.group("box"), found.group("key") or "", template, found.group("cls") or "",
                         found.group("one") or ONE_CLASS)
    return literal_format(table, "\t" if found.group("tab") else ",")


def template_key(template: str, cells: dict[str, str]) -> str:
    """A row's key by `template` (its columns in braces), or "" where a column is missing or empty.

    >>> template_key("video_{video_id}/{video_frame}", {"video_id": "0", "video_frame": "9"})
    'video_0/9'
    """
    values = {name: cells.get(name, "").strip() for name in _TEMPLATE_COLUMN.findall(template)}
    if not all(values.values()) or any("/" in v or v in (".", "..") for v in values.values()):
        return ""
    return _TEMPLATE_COLUMN.sub(lambda m: values[m.group(1)], template)


def template_columns(template: str) -> list[str]:
    """The columns a key template names, in order.

    >>> template_columns("video_{video_id}/{video_frame}"), template_columns("")
    (['video_id', 'video_frame'], [])
    """
    return _TEMPLATE_COLUMN.findall(template)
