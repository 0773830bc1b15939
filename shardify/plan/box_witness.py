"""A documented annotation of the same image decides a box table's open reading.

A headerless table of boxes whose four numbers fit every image read both as corners and as x, y,
w, h is a doubt the run stops on (`beam_jobs/discover/box_content_tables.py`). Some downloads ship
the same boxes twice: RSOD (github.com/RSIA-LIESMARS-WHU/RSOD-Dataset-) holds per image both
`Annotation/labels/aircraft_4.txt` (`aircraft_4.jpg<TAB>aircraft<TAB>x1<TAB>y1<TAB>x2<TAB>y2`) and the
Pascal VOC `Annotation/xml/aircraft_4.xml`, whose `<bndbox>` names its corners by element
(`xmin`, `ymin`, `xmax`, `ymax`): no reading to guess. Where an image's VOC boxes equal its table
rows under one reading only, that reading is the table's, and the plan says which file decided.

A witness that agrees with no reading, or with several, decides nothing: the doubt stays. Only the
VOC file of the image's own stem is asked, and only its corners (the class names may be spelled
otherwise: SIXray's Chinese names beside English XML names would not tell the boxes apart).

Plain functions over numbers; the caller reads the XML (`converters/untrusted_xml.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shardify.plan import box_columns

__all__ = ["agreeing_orders", "voc_corners"]

# VOC tools write 1-based pixel indexes, tables 0-based ones: boxes a pixel apart are one box.
_SLACK_PIXELS = 1.0
_EDGES = ("xmin", "ymin", "xmax", "ymax")


def voc_corners(root: object) -> list[tuple[float, float, float, float]]:
    """The corners of every `<object><bndbox>` of a parsed Pascal VOC document (`root`, an
    ElementTree element); a box whose four edges are not all finite numbers is left out.

    >>> from xml.etree import ElementTree
    >>> doc = "<annotation><object><bndbox><xmin>1</xmin><ymin>2</ymin><xmax>5</xmax><ymax>9</ymax></bndbox></object></annotation>"
    >>> voc_corners(ElementTree.fromstring(doc))
    [(1.0, 2.0, 5.0, 9.0)]
    """
    found = []
    for box in root.iter("bndbox"):  # type: ignore[attr-defined]
        try:
            values = tuple(float((box.findtext(edge) or "").strip()) for edge in _EDGES)
        except ValueError:
            continue
        if all(abs(v) < float("inf") for v in values):  # (NaN compares false: left out too)
            found.append((values[0], values[1], values[2], values[3]))
    return found


def _same(one: Sequence[float], other: Sequence[float]) -> bool:
    return all(abs(a - b) <= _SLACK_PIXELS for a, b in zip(one, other))


def _matches(rows: Sequence[tuple[float, float, float, float]], witness: Sequence[tuple[float, float, float, float]]) -> bool:
    """Each row's box is one of the witness's, one for one, and none of the witness's is left."""
    left = list(witness)
    for row in rows:
        hit = next((i for i, box in enumerate(left) if _same(row, box)), None)
        if hit is None:
            return False
        left.pop(hit)
    return not left


def agreeing_orders(
    reading: box_columns.Reading,
    orders: Sequence[tuple[str, ...]],
    witnessed: Mapping[str, Sequence[tuple[float, float, float, float]]],
) -> list[tuple[str, ...]]:
    """The one of `orders` under which every witnessed image's rows (its cell in the table's image
    column -> the corners its VOC file gives) are the witness's boxes; `orders` as they are where no
    image is witnessed, or where none or several agree.

    >>> found = box_columns.read_roles(["a.jpg,car,1,2,5,9", "b.jpg,bus,2,3,6,11"], lambda c: c.endswith(".jpg"))
    >>> both = [("x1", "y1", "x2", "y2"), ("x", "y", "w", "h")]
    >>> agreeing_orders(found, both, {"a.jpg": [(1.0, 2.0, 5.0, 9.0)]})
    [('x1', 'y1', 'x2', 'y2')]
    >>> agreeing_orders(found, both, {"a.jpg": [(1.0, 2.0, 6.0, 11.0)]})
    [('x', 'y', 'w', 'h')]
    >>> agreeing_orders(found, both, {"a.jpg": [(7.0, 7.0, 9.0, 9.0)]}) == both  # agrees with none: no decision
    True
    """
    key = reading.roles.index(box_columns.IMAGE)
    rows_of: dict[str, list[tuple[float, ...]]] = {}
    for row in reading.rows:
        if row[key] in witnessed and all(row[i] for i in reading.box):
            try:
                rows_of.setdefault(row[key], []).append(tuple(float(row[i]) for i in reading.box))
            except ValueError:
                return list(orders)
    if not rows_of:
        return list(orders)
    agreeing = [
        order
        for order in orders
        if all(
            _matches([box_columns.corners(order, values) for values in rows], witnessed[cell]) for cell, rows in rows_of.items()
        )
    ]
    return agreeing if len(agreeing) == 1 else list(orders)
