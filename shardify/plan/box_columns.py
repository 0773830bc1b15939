"""A table of boxes whose columns no row of `box_formats.FORMATS` documents, read by content: one
row per box, headerless or under a header of unfamiliar names (MIO-TCD's gt_train.csv
`00000000,pickup_truck,213,34,255,50`; keras-retinanet's `path/to/image.jpg,x1,y1,x2,y2,class_name`;
Udacity's CrowdAI `xmin,ymin,xmax,ymax,Frame,Label,Preview URL`).

The roles are read from the cells, never from the file's name:

  image  the one column whose cells name files of SRC (with or without their extension);
  class  the one other column of words (a header naming one of several: `Label` beside `Preview URL`);
  box    four columns of numbers, in one of the orders of `BOX_ORDERS` (corners or x, y, w, h; x
         before y), pixels, or fractions where every number is within [0, 1].

A header naming the four by words of `HEADER_ROLES` (`xmin`, `x_max`, `width`) decides the
order. A header naming a centre and a size (`x_center,y_center,width,height`, `cx,cy,w,h`: YOLO's
numbers in a table, as Kaggle and Roboflow exports write them) is a box in centre format, never
read from rows alone (a centre fits inside an image as a corner does); read as a label table, one
row an image, its boxes were dropped with exit 0. A header that names them otherwise (`lefteye_x`:
landmarks) says they are no box's edges, and the table is not read as boxes. Pixels or fractions
the numbers decide (every one within [0, 1]: fractions); rows of fractions beside rows of pixels
(`mixed_units`) stop the run naming the `box_format:` line that decides. Headerless, the rows decide: each reading of `BOX_ORDERS` that puts every box in order (x1 < x2) and
inside its image (the sizes the caller read from the images' headers) is left open, and more than
one left open is a doubt the run stops on (`beam_jobs/discover/box_content_tables.py`).

What was read is a `BoxFormat` whose name says it whole (`Box table of columns
image,class,x1,y1,x2,y2 (pixels)`): the name is what a plan, and a layout file's `box_format:`
line, carry, so a user decides an open reading by editing that line (`format_of_name` reads it back).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from shardify.plan.box_format import (
    CXCYWH_NORMALISED, CXCYWH_PIXELS, ROWS, XYWH_PIXELS, XYXY_NORMALISED, XYXY_PIXELS, BoxFormat, is_number,
)

__all__ = ["BOX_ORDERS", "BOX_ORDER_NAMES", "HEADER_ROLES", "corners", "Reading", "read_roles", "fitting_orders", "box_format", "format_of_name", "NAME_START",
           "mixed_units", "other_unit", "box_fits", "has_format"]

IMAGE, CLASS, UNREAD = "image", "class", "-"
# The orders four box numbers are read in where no header names them: x before y, as every
# documented box table writes them (Open Images' XMin,XMax,YMin,YMax among them). A y-first table
# (ymin,xmin,ymax,xmax) is read only from a layout file's `box_format:` line.
BOX_ORDERS: tuple[tuple[str, str, str, str], ...] = (
    ("x1", "y1", "x2", "y2"),
    ("x1", "x2", "y1", "y2"),
    ("x", "y", "w", "h"),
)
# `--box-order`'s values: the names torchvision's `ops.box_convert` gives the corner and the
# x, y, w, h conventions ('xyxy', 'xywh'), and 'xxyy' for Open Images' XMin,XMax,YMin,YMax. A
# user's word on a headerless table whose rows fit more than one reading (small boxes near the
# top left fit inside their images either way); the rows never overrule it silently, nor it them.
BOX_ORDER_NAMES: Mapping[str, tuple[str, str, str, str]] = {"xyxy": BOX_ORDERS[0], "xxyy": BOX_ORDERS[1], "xywh": BOX_ORDERS[2]}
# A box's centre and size: read only where a header names them (rows alone cannot tell a centre
# from a corner).
_CENTRE = ("cx", "cy", "w", "h")
# Header words (lower case, `_`, `-`, spaces dropped) that name a role.
HEADER_ROLES: Mapping[str, str] = {
    **dict.fromkeys(("xmin", "x1", "left", "xtl", "xleft", "bboxxmin", "bboxleft", "boxleft"), "x1"),
    **dict.fromkeys(("ymin", "y1", "top", "ytl", "ytop", "bboxymin", "bboxtop", "boxtop"), "y1"),
    **dict.fromkeys(("xmax", "x2", "right", "xbr", "xright", "bboxxmax", "bboxright", "boxright"), "x2"),
    **dict.fromkeys(("ymax", "y2", "bottom", "ybr", "ybottom", "bboxymax", "bboxbottom", "boxbottom"), "y2"),
    **dict.fromkeys(("xcenter", "xcentre", "centerx", "centrex", "cx", "xc", "bboxxcenter", "boxxcenter", "xmid"), "cx"),
    **dict.fromkeys(("ycenter", "ycentre", "centery", "centrey", "cy", "yc", "bboxycenter", "boxycenter", "ymid"), "cy"),
    **dict.fromkeys(("x", "bboxx", "boxx"), "x"),
    **dict.fromkeys(("y", "bboxy", "boxy"), "y"),
    **dict.fromkeys(("w", "width", "bboxw", "boxw", "bboxwidth", "boxwidth"), "w"),
    **dict.fromkeys(("h", "height", "bboxh", "boxh", "bboxheight", "boxheight"), "h"),
    **dict.fromkeys(("label", "class", "classname", "category", "categoryname", "labelname", "name"), CLASS),
    # a class by its number: taken only where no column of words is there to be the class (`read_roles`)
    **dict.fromkeys(("classid", "labelid", "categoryid", "classindex", "labelindex"), CLASS),
}
_SEPARATORS = {",": "comma", "\t": "tab", ";": "semicolon", " ": "space"}
NAME_START = "Box table of columns "
_NAME = re.compile(
    re.escape(NAME_START) + r"(?P<columns>[\w,-]+) \((?P<unit>pixels|normalised)\)(?P<header> after a header)?"
    r"(?:, (?P<separator>comma|tab|semicolon|space)-separated)?"
)
# A box may pass its image's edge by this share of the side (or 2 pixels) and still fit it: tools
# write the last pixel's index + 1.
_EDGE = 0.01


@dataclass(frozen=True)
class Reading:
    """What a table's first rows say of its columns.

    Attributes:
      roles: per column, IMAGE, CLASS, UNREAD or "" for the four box columns (their order open).
      box: the indexes of the four box columns, in the table's order.
      named: the box roles a header names, in `box`'s order; () where the rows must decide.
      separator: the character between cells.
      header: the header's cells; () for none.
      normalised: every box number within [0, 1].
      rows: the data rows read (cells).
    """

    roles: tuple[str, ...]
    box: tuple[int, int, int, int]
    named: tuple[str, ...]
    separator: str
    header: tuple[str, ...]
    normalised: bool
    rows: tuple[tuple[str, ...], ...]


def _word(cell: str) -> str:
    return re.sub(r"[\s_-]+", "", cell.strip().lower())


def _split(lines: Sequence[str]) -> tuple[str, list[list[str]]] | None:
    """(the separator, the rows' cells) of the first separator that cuts every line into the same
    number of cells, five or more (a key, a class, four numbers, less one where no class)."""
    for separator in _SEPARATORS:
        rows = [next(csv.reader([line], delimiter=separator), []) for line in lines]
        if separator == " ":
            rows = [[cell for cell in row if cell != ""] for row in rows]
        counts = {len(row) for row in rows}
        if len(counts) == 1 and counts.pop() >= 5:
            return separator, [[cell.strip() for cell in row] for row in rows]
    return None


def read_roles(lines: Sequence[str], names_file: Callable[[str], bool]) -> Reading | None:
    """The columns of a table of boxes by its first lines, or None where they are not of one:
    one column of file names (`names_file` says whether a cell names a file of SRC), one class
    column of words, four columns of numbers.

    >>> names = lambda cell: cell.startswith("000")
    >>> found = read_roles(["00000007,car,1,2,8,13", "00000038,bus,5,3,12,12"], names)
    >>> found.roles, found.box, found.named, found.header
    (('image', 'class', '', '', '', ''), (2, 3, 4, 5), (), ())
    >>> read_roles(["xmin,ymin,xmax,ymax,Frame,Label,Preview URL", "785,533,905,644,0001.jpg,Car,http://x/1"],
    ...            lambda cell: cell.endswith(".jpg")).named
    ('x1', 'y1', 'x2', 'y2')
    >>> read_roles(["image,class,left,top,width,height", "00000007,car,1,2,8,13"], names).named
    ('x', 'y', 'w', 'h')
    >>> read_roles(["image,class,x0,y0,x1,y1", "00000007,car,1,2,8,13"], names).named
    ('x1', 'y1', 'x2', 'y2')
    >>> read_roles(["image,class,bbox_x,bbox_y,bbox_w,bbox_h", "00000007,car,1,2,8,13"], names).named
    ('x', 'y', 'w', 'h')
    >>> read_roles(["image,class,x_center,y_center,width,height", "00000007,car,9,8,8,13"], names).named  # centres
    ('cx', 'cy', 'w', 'h')
    >>> read_roles(["image,class,lefteye_x,lefteye_y,righteye_x,righteye_y", "00000007,car,9,8,18,8"], names) is None
    True
    >>> tf_csv = read_roles(["filename,width,height,class,xmin,ymin,xmax,ymax", "00000007,64,48,car,1,2,8,13"], names)
    >>> tf_csv.roles, tf_csv.named  # the TF Object Detection CSV: the image's size beside the box, not read
    (('image', '-', '-', 'class', '', '', '', ''), ('x1', 'y1', 'x2', 'y2'))
    >>> read_roles(["00000007,car,truck,1,2,8,13"], names) is None  # two word columns, no header to choose
    True
    >>> read_roles(["00000007,car,1,2,8", "00000008,car,1,2,8"], names) is None  # three numbers: no box
    True
    """
    filled = [line.removeprefix("\ufeff") for line in lines if line.strip()]
    split = _split(filled)
    if split is None:
        return None
    separator, rows = split
    header: list[str] = []
    if len(rows) > 1 and any(not is_number(cell) and cell and all(is_number(r[i]) for r in rows[1:] if r[i])
                             and any(r[i] for r in rows[1:]) for i, cell in enumerate(rows[0])):
        header, rows = rows[0], rows[1:]
    width = len(rows[0])
    columns = [[row[i] for row in rows if row[i]] for i in range(width)]
    # the file column first: its cells may be numbers (MIO-TCD's ids, `00000007`); of several, the one
    # naming a file in every cell, then the one that is no column of numbers (a coordinate `12` of
    # images named `12.jpg`)
    keys = [i for i, cells in enumerate(columns) if cells and 2 * sum(map(names_file, cells)) >= len(cells)]
    for narrower in (lambda i: all(map(names_file, columns[i])), lambda i: not all(is_number(c) for c in columns[i])):
        keys = [i for i in keys if narrower(i)] if len(keys) > 1 else keys
    if len(keys) != 1:
        return None
    numeric = [i for i, cells in enumerate(columns) if i not in keys and cells and all(is_number(c) for c in cells)]
    words = [i for i, cells in enumerate(columns) if cells and i not in numeric and i not in keys]
    heard = {i: HEADER_ROLES.get(_word(cell), "") for i, cell in enumerate(header)}
    if {"x0", "y0"} <= {_word(cell) for cell in header}:  # corners counted from 0: `x0,y0,x1,y1`
        heard.update({i: {"x0": "x1", "y0": "y1", "x1": "x2", "y1": "y2"}.get(_word(cell), heard[i]) for i, cell in enumerate(header)})
    classes = [i for i in words if heard.get(i) == CLASS] if len(words) > 1 else words
    if not words:
        # no column of words: a header may name a column of numbers as the class (`class_id`: the drinks
        # set's `frame,xmin,xmax,ymin,ymax,class_id`, its classes numbered); the rows alone never tell
        # a class number from a box's edge
        classes = [i for i in numeric if heard.get(i) == CLASS]
        numeric = [i for i in numeric if i not in classes]
    if len(classes) != 1:
        return None
    named_box = [i for i in numeric if heard.get(i, "") in ("x1", "y1", "x2", "y2", "x", "y", "w", "h", "cx", "cy")]
    for edges in ({"x1", "y1", "x2", "y2"}, {"x", "y", "w", "h"}, {"cx", "cy", "w", "h"}):  # the image's size beside its box's corners:
        chosen = [i for i in named_box if heard[i] in edges]       # `filename,width,height,class,xmin,ymin,xmax,ymax`
        if len(named_box) > 4 and len(chosen) == 4 and {heard[i] for i in chosen} == edges:
            named_box = chosen
            break
    box = named_box if len(named_box) == 4 else numeric
    if len(box) != 4:
        return None
    named = _whole_order(tuple(heard[i] for i in box)) if len(named_box) == 4 else ()
    if header and not named:
        # a header that names its four number columns, but not as a box's edges nor its centre and size
        # (`lefteye_x,lefteye_y,righteye_x,righteye_y`, `nose_x,...`): they are something else, whatever the rows fit
        return None
    roles = tuple(IMAGE if i == keys[0] else CLASS if i == classes[0] else "" if i in box else UNREAD for i in range(width))
    numbers = [float(row[i]) for row in rows for i in box if row[i]]
    normalised = bool(numbers) and all(0.0 <= n <= 1.0 for n in numbers)
    return Reading(roles, (box[0], box[1], box[2], box[3]), named, separator, tuple(header), normalised,
                   tuple(tuple(row) for row in rows))


def _whole_order(named: tuple[str, ...]) -> tuple[str, ...]:
    """The header's four box roles where they are one whole reading of a box (`left,top,width,height`
    is x, y, w, h), else ()."""
    if set(named) == {"x1", "y1", "w", "h"}:
        named = tuple({"x1": "x", "y1": "y"}.get(role, role) for role in named)
    return named if any(set(named) == set(order) for order in (*BOX_ORDERS, _CENTRE)) else ()


def corners(order: Sequence[str], values: Sequence[float]) -> tuple[float, float, float, float]:
    """One row's four numbers read in `order` as the box's corners x1, y1, x2, y2.

    >>> corners(("x", "y", "w", "h"), [1, 2, 5, 9]), corners(("x1", "x2", "y1", "y2"), [1, 2, 5, 9])
    ((1, 2, 6, 11), (1, 5, 2, 9))
    """
    by = dict(zip(order, values))
    if "cx" in by:
        return by["cx"] - by["w"] / 2, by["cy"] - by["h"] / 2, by["cx"] + by["w"] / 2, by["cy"] + by["h"] / 2
    if "w" in by:
        return by["x"], by["y"], by["x"] + by["w"], by["y"] + by["h"]
    return by["x1"], by["y1"], by["x2"], by["y2"]


def box_fits(order: Sequence[str], values: Sequence[float], size: tuple[int, int] | None, normalised: bool) -> bool:
    """One row's four numbers read in `order` make a box of positive size, inside its image
    (`size`, width and height; None: not known, only the order is checked)."""
    x1, y1, x2, y2 = corners(order, values)
    if not (x1 < x2 and y1 < y2):
        return False
    width, height = (1.0, 1.0) if normalised else size or (float("inf"), float("inf"))
    slack_x, slack_y = (0.0, 0.0) if normalised else (max(2.0, _EDGE * width), max(2.0, _EDGE * height))
    return x1 >= -slack_x and y1 >= -slack_y and x2 <= width + slack_x and y2 <= height + slack_y


def fitting_orders(
    reading: Reading, sizes: Mapping[str, tuple[int, int]], orders: Sequence[tuple[str, ...]] | None = None
) -> list[tuple[str, ...]]:
    """The readings of the four box columns (`orders`; by default the header's, or each of
    `BOX_ORDERS`) under which every row read is a box inside its image (`sizes`: an image cell ->
    its width and height, for those read). A row with no box (keras-retinanet's `path,,,,,`: an
    image of no object) says nothing.

    >>> found = read_roles(["00000007,car,1,2,8,13", "00000038,bus,9,4,16,11"], lambda cell: cell.startswith("000"))
    >>> fitting_orders(found, {"00000007": (20, 16), "00000038": (20, 16)})
    [('x1', 'y1', 'x2', 'y2')]
    >>> fitting_orders(found, {})  # no size known: x, y, w, h fits as well
    [('x1', 'y1', 'x2', 'y2'), ('x', 'y', 'w', 'h')]
    """
    if orders is None:
        orders = [reading.named] if reading.named else list(BOX_ORDERS)
    key = reading.roles.index(IMAGE)
    kept = []
    for order in orders:
        rows = [row for row in reading.rows if all(row[i] for i in reading.box)]
        if rows and all(box_fits(order, [float(row[i]) for i in reading.box], sizes.get(row[key]), reading.normalised)
                        for row in rows):
            kept.append(order)
    return kept


def mixed_units(reading: Reading) -> bool:
    """Rows whose four box numbers are all fractions within [0, 1] (one at least not whole) beside
    rows with a number past 1 or below 0: fractions of the image and pixels in one table (two exports joined),
    or pixels of tiny boxes; read either way, some boxes are wrong, and which cannot be told.

    >>> found = read_roles(["image,class,cx,cy,w,h", "a.jpg,car,0.5,0.5,0.2,0.3", "b.jpg,car,30,20,10,8"], lambda c: c.endswith(".jpg"))
    >>> mixed_units(found), mixed_units(read_roles(["image,class,cx,cy,w,h", "a.jpg,car,0.5,0.5,0.2,0.3"], lambda c: c.endswith(".jpg")))
    (True, False)
    """
    boxes = [[float(row[i]) for i in reading.box] for row in reading.rows if all(row[i] for i in reading.box)]
    fractions = [b for b in boxes if all(0.0 <= n <= 1.0 for n in b) and any(n != int(n) for n in b)]
    # a number below 0 with none past 1 is no pixel either: such a row read in pixels is a box under
    # a pixel wide, and it must not turn a table of fractions (one edge a hair off, `-0.0001`) into pixels
    return bool(fractions) and any(n > 1.0 or n < 0.0 for b in boxes for n in b)


def other_unit(reading: Reading) -> Reading:
    """`reading` with its numbers taken in the other unit (pixels for fractions, fractions for pixels)."""
    return Reading(reading.roles, reading.box, reading.named, reading.separator, reading.header, not reading.normalised,
                   reading.rows)


def box_format(reading: Reading, order: Sequence[str]) -> BoxFormat:
    """The BoxFormat of the table read with its box columns in `order`."""
    columns = list(reading.roles)
    for i, role in zip(reading.box, order):
        columns[i] = role
    columns = [f"-{i}" if role == UNREAD else role for i, role in enumerate(columns)]
    name = f"{NAME_START}{','.join(columns)} ({'normalised' if reading.normalised else 'pixels'})"
    name += " after a header" if reading.header else ""
    name += f", {_SEPARATORS[reading.separator]}-separated" if reading.separator != "," else ""
    found = format_of_name(name)
    if found is None:  # (the name is built as format_of_name reads it: a reading of no whole box)
        raise ValueError(f"{name!r} is no reading of a table of boxes")
    return found


def has_format(reading: Reading, order: Sequence[str]) -> bool:
    """A BoxFormat writes the table read in `order` (none writes x, y, w, h in fractions)."""
    try:
        box_format(reading, order)
    except ValueError:
        return False
    return True


def format_of_name(name: str) -> BoxFormat | None:
    """The BoxFormat a `box_format` name says (`Box table of columns image,class,x1,y1,x2,y2
    (pixels)`), as `box_format` writes it or a user edits it in a layout file; None where the name
    is not of that shape, or names no image column, or its box columns are not one whole reading.

    >>> format_of_name("Box table of columns image,class,x,y,w,h (pixels)").convention
    'x y w h pixels'
    >>> format_of_name("Box table of columns -0,image,class,x2,y2,x1,y1 (normalised) after a header, tab-separated").box_fields
    ('x1', 'y1', 'x2', 'y2')
    >>> format_of_name("Box table of columns image,class,x1,y1,x2 (pixels)") is None
    True
    """
    found = _NAME.fullmatch(name)
    if found is None:
        return None
    columns = tuple(found.group("columns").split(","))
    roles = {c for c in columns if not re.fullmatch(r"-\d+", c)}
    if len(columns) != len(set(columns)) or columns.count(IMAGE) != 1 or columns.count(CLASS) != 1:
        return None
    box = roles - {IMAGE, CLASS}
    if box == {"x1", "y1", "x2", "y2"}:
        fields, convention = ("x1", "y1", "x2", "y2"), XYXY_NORMALISED if found.group("unit") == "normalised" else XYXY_PIXELS
    elif box == {"x", "y", "w", "h"} and found.group("unit") == "pixels":
        fields, convention = ("x", "y", "w", "h"), XYWH_PIXELS
    elif box == set(_CENTRE):
        fields, convention = _CENTRE, CXCYWH_NORMALISED if found.group("unit") == "normalised" else CXCYWH_PIXELS
    else:
        return None
    separator = {word: ch for ch, word in _SEPARATORS.items()}[found.group("separator") or "comma"]
    return BoxFormat(
        name=name,
        pairing=ROWS,
        files=r".+",
        columns=columns,
        class_field=CLASS,
        box_fields=fields,
        convention=convention,
        key_field=IMAGE,
        separator="" if separator == "," else separator,
        opens_with_header=bool(found.group("header")),
        source="read from the table's content (shardify/plan/box_columns.py)",
    )
