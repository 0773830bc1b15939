"""Sibling folders that hold the same names beneath them: splits or parts, not classes.

Classes differ from each other; the parts of a download do not: `images_background/` and
`images_evaluation/` (Omniglot) both hold `character01/`, `fruits.zip` and `fruits-test-set.zip`
both hold `apple/`. Such siblings are splits where their names say so (`structure.split_parts`),
else parts whose meaning the folders alone do not tell (`guards.py` stops on them).

Plain functions of input paths' folder parts, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["names_beneath", "shared_beneath"]


def names_beneath(folders: Sequence[Sequence[str]], level: int) -> dict[str, set[str]]:
    """Each folder at component `level` -> the names of the folders below it (any depth).

    >>> {folder: sorted(names) for folder, names in names_beneath([["a", "x", "y"], ["b", "x"]], 0).items()}
    {'a': ['x', 'y'], 'b': ['x']}
    """
    beneath: dict[str, set[str]] = {}
    for parts in folders:
        if len(parts) > level:
            beneath.setdefault(parts[level], set()).update(parts[level + 1 :])
    return beneath


def shared_beneath(beneath: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """Each sibling -> the names beneath it that are also beneath another sibling; {} unless every
    sibling (at least two) shares some."""
    if len(beneath) < 2:
        return {}
    shared = {}
    for name, below in beneath.items():
        others = set().union(*(b for n, b in beneath.items() if n != name))
        shared[name] = below & others
    return shared if all(shared.values()) else {}
