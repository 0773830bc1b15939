"""Label cells that look like lists of tags: a guess that could be wrong, so it stops.

Multi-label datasets often write an image's labels as one cell of words (Planet's
`train_v2.csv`: `train_0,haze primary`, `train_1,agriculture clear primary water`). Read whole,
each combination becomes a class of its own ("agriculture clear primary water"): meaningless
labels, written with exit 0. Read word by word, a class named with spaces ("golden retriever")
would be cut in two. Neither reading is safe to assume, so when the cells show the sign of tags,
detection stops and names the option that decides (`--label-separator ' '` or
`--label-separator none`).

Names joined by `|` or `;` in two cells or more (`Cardiomegaly|Emphysema`) stop the same way.

A cell written as a list literal (`['Comedy', 'Drama']`: a pandas DataFrame of lists saved with
`to_csv`, as Kaggle's movie-poster genres are; or JSON's `["Comedy", "Drama"]`) is no guess: its
brackets and quotes say where each label starts and ends, and a table whose label cells mostly are
such lists is read as multi-label (`label_lists`, `list_labels`). Read whole, each combination was
a class of its own.

The sign of space-separated tags, chosen so that class names with spaces do not show it: two cells whose words are one
inside the other (`clear primary` inside `agriculture clear primary water`) with a shared word at
another place in each. Tag lists are sets, written in a fixed order, so a smaller set inside a
larger one shifts its words; names with spaces put their shared word at the same place (`tiger
shark`, `tiger cat`; `Norfolk terrier`, `Norwich terrier`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from shardify.plan.list_literals import list_literal

__all__ = ["tag_lists", "separated_lists", "SEPARATORS", "label_lists", "list_labels"]

# Characters that join several labels in one cell where the datasets use them (NIH
# ChestX-ray14's `Cardiomegaly|Emphysema`; `cat;outdoor`): seldom part of a class name.
SEPARATORS = ("|", ";")

# Distinct cells compared, at most (each pair once): detection samples a file's first rows.
_MOST_CELLS = 200
# Words of a cell looked at, at most: a class name or a tag list is a few words; a cell of
# thousands (a hostile or misread file) must not make the comparison quadratic in them.
_MOST_WORDS = 64


def tag_lists(cells: Iterable[str]) -> tuple[str, str] | None:
    """Two cells that show the cells are lists of tags, or None.

    >>> tag_lists(["haze primary", "clear primary", "agriculture clear primary water", "cloudy"])
    ('clear primary', 'agriculture clear primary water')
    >>> tag_lists(["tiger", "tiger shark", "tiger cat", "Norfolk terrier", "Norwich terrier", "sea lion", "lion"])
    """
    multi = []
    for cell in dict.fromkeys(c.strip() for c in cells):
        words = cell.split()[:_MOST_WORDS]
        if len(words) > 1:
            places = {}
            for place, word in enumerate(words):
                places.setdefault(word, place)  # each word's first place, as list.index gives
            multi.append((words, places, frozenset(places)))
        if len(multi) == _MOST_CELLS:
            break
    for small, small_places, small_set in multi:
        for large, large_places, large_set in multi:
            if len(small) < len(large) and small_set < large_set:
                if any(small_places[word] != large_places[word] for word in small):
                    return " ".join(small), " ".join(large)
    return None


def separated_lists(cells: Iterable[str]) -> tuple[str, str, str] | None:
    """(separator, two cells holding it) where at least two distinct cells join names with one of
    SEPARATORS, or None.

    >>> separated_lists(["Hernia", "Cardiomegaly|Emphysema", "No Finding", "Effusion|Infiltration|Mass"])
    ('|', 'Cardiomegaly|Emphysema', 'Effusion|Infiltration|Mass')
    >>> separated_lists(["a|b", "c"])
    """
    distinct = list(dict.fromkeys(cell.strip() for cell in cells))
    for separator in SEPARATORS:
        holding = [cell for cell in distinct if separator in cell.strip(separator)]
        if len(holding) >= 2:
            return separator, holding[0], holding[1]
    return None


# A flat list of quoted strings, as Python's repr or JSON writes it: the only shape `list_labels`
# hands to the parser (`list_literals`: nothing nested, so nothing deep to recurse into).
_QUOTED = r"""(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")"""
_LIST_LITERAL = re.compile(rf"\[\s*(?:{_QUOTED}\s*(?:,\s*{_QUOTED}\s*)*,?\s*)?\]")
# A list cell longer than this is no list of labels (a hostile or misread file).
_MOST_LIST_CHARS = 4096


def list_labels(cell: str) -> tuple[str, ...] | None:
    """The names of a list-literal cell, in order, or None where the cell is no such list.

    >>> list_labels("['Comedy', 'Drama']"), list_labels('["Sci-Fi"]'), list_labels("[]"), list_labels("Comedy")
    (('Comedy', 'Drama'), ('Sci-Fi',), (), None)
    """
    cell = cell.strip()
    if len(cell) > _MOST_LIST_CHARS or not _LIST_LITERAL.fullmatch(cell):
        return None
    names = list_literal(cell)  # (the one parser of list cells: `list_literals`)
    if names is None:
        return None
    return tuple(name.strip() for name in names if isinstance(name, str) and name.strip())


def label_lists(cells: Sequence[str]) -> bool:
    """Most label cells are list literals (`list_labels`), at least one naming a label."""
    lists = [list_labels(cell) for cell in cells]
    return sum(found is not None for found in lists) * 2 > len(cells) and any(lists)
