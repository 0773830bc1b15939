"""Label cells that join several labels with one character: a headerless column's multi-label sign.

Kaggle's ATIS intents (`atis_intents_train.csv`: headerless `intent, text` rows) name a query's
intents `atis_flight#atis_airfare` where it has two, `atis_aircraft#atis_flight#atis_flight_no` where
three. Where the run stops to ask which column is the label (`word_labels`), `--label-column 1`
alone read each joined cell as one label of its own; only `--label-separator '#'` with it converts
right, and the stop named only the first.

A separator is named only where it is unambiguous in the sample: some cells (not all) hold it, and
every part of every such cell is non-empty and also occurs ALONE as a cell of the column
(`atis_flight`, `atis_airfare`). A character that joins parts never seen alone (`C#`, `F#`, a name
`Smith+Jones`) is no sign: the stop stays as it was. The characters looked at are data
(SEPARATORS); the comma is left out (a headerless CSV's cells never hold it unquoted, and a label
column of quoted comma lists is another rule's: `label_cell_checks`).
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["SEPARATORS", "joined_separator", "label_parts"]

# Characters that join several labels in one cell, in the order tried.
SEPARATORS = ("#", "+", "|")


def label_parts(value: str) -> list[str]:
    """A cell's parts by the first of SEPARATORS it holds (itself where it holds none).

    >>> label_parts("atis_flight#atis_airfare"), label_parts("atis_flight")
    (['atis_flight', 'atis_airfare'], ['atis_flight'])
    """
    for separator in SEPARATORS:
        if separator in value:
            return [part.strip() for part in value.split(separator)]
    return [value]


def joined_separator(cells: Iterable[object]) -> str | None:
    """The one separator some (not all) cells join labels with, each part seen alone too; else None.

    >>> joined_separator(["atis_flight", "atis_airfare", "atis_flight#atis_airfare"])
    '#'
    >>> joined_separator(["C#", "Java", "F#"]) is None  # (parts never seen alone: 'C', 'F', '')
    True
    >>> joined_separator(["a#b", "a|b", "a", "b"]) is None  # (two separators: which is meant?)
    True
    """
    values = [cell.strip() for cell in cells if isinstance(cell, str) and cell.strip()]
    used = {s for s in SEPARATORS for v in values if s in v}
    if len(used) != 1:
        return None
    separator = used.pop()
    alone = {v for v in values if separator not in v}
    joined = [v for v in values if separator in v]
    if not alone or not joined:
        return None
    if all(part and part in alone for v in joined for part in (p.strip() for p in v.split(separator))):
        return separator
    return None
