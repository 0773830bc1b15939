"""Files that name a dataset's classes, one a line, in index order: which names they go by and how
their lines read (AG News' `classes.txt`, CUB's `1 001.Black_footed_Albatross` lines).

Its own module because a vocabulary gives classes their names, not inputs their splits or labels
(`shardify.plan.evidence`, which re-exports these names where callers have always imported them).
Plain functions of lines, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["VOCABULARY_NAMES", "read_vocabulary"]

# Files that name a dataset's classes, one a line, in index order (AG News' and DBpedia's
# classes.txt, a class_names.txt beside a table).
VOCABULARY_NAMES = frozenset({"classes.txt", "class_names.txt", "classnames.txt", "categories.txt", "labels.txt"})


def read_vocabulary(lines: Sequence[str]) -> tuple[str, ...] | None:
    """The class names of a vocabulary file's lines, in index order, or None when they are not
    one name a line (or `index name` lines counted from 0 or 1, in order).

    >>> read_vocabulary(["World", "Sports", "Business", "Sci/Tech"])
    ('World', 'Sports', 'Business', 'Sci/Tech')
    >>> read_vocabulary(["1 001.Black_footed_Albatross", "2 002.Laysan_Albatross"])
    ('001.Black_footed_Albatross', '002.Laysan_Albatross')
    >>> read_vocabulary(["0 Birds", "817 Oak Titmouse"]) is None
    True
    """
    names = [line.strip() for line in lines if line.strip()]
    if not names:
        return None
    indexed = [name.split(None, 1) for name in names]
    if all(len(parts) == 2 and parts[0].isdigit() for parts in indexed):
        numbers = [int(parts[0]) for parts in indexed]
        if numbers != list(range(numbers[0], numbers[0] + len(numbers))) or numbers[0] not in (0, 1):
            return None  # ids with gaps (NABirds' `0 Birds`, `817 Oak Titmouse`): a keyed map, not names in order
        names = [parts[1].strip() for parts in indexed]
    if len(set(names)) != len(names) or any(len(name) > 200 for name in names):
        return None
    return tuple(names)
