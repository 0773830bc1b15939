"""Signs that the classes lie at another level than the one read: at uneven depths (Places365's
`a/abbey/` beside `a/apartment_building/outdoor/`), a few folders over many holding the inputs,
folders named for what they hold over the classes, and numbered folders spreading the files.

Rows of `guards.SIGNS` (the last two read by `deeper_classes.py`); plain functions of paths, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.plan import deeper_classes
from shardify.plan.sign_findings import (
    CLASS_LEAF_HINT,
    CLASS_PATH_HINT,
    LABELS_FILE_HINT,
    Finding,
    Split,
    level_hint,
    shown_folder,
)
from shardify.plan.structure import Structure

__all__ = ["uneven_depth", "few_over_many", "containers", "numbered_index"]

# "Few over many": at most this many class folders, over at least this many times as many
# folders holding the inputs (and at least _MIN_LEAVES of them).
_FEW_LABELS = 5
_LEAVES_PER_LABEL = 10
_MIN_LEAVES = 20


def uneven_depth(splits: Sequence[Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    for split in splits:
        below = split.level + 1
        direct: dict[tuple[str, ...], bool] = {}  # each folder one below the class level: holds inputs directly?
        for parts in split.inputs:
            if len(parts) > below:
                key = tuple(parts[: below + 1])
                direct[key] = direct.get(key, False) or len(parts) == below + 1
        leaves = sorted(key for key, holds in direct.items() if holds)
        branches = sorted(key for key, holds in direct.items() if not holds)
        # One folder one level deeper among class-like folders is enough: an index with a single
        # two-level class (`b/bakery/shop/`) read at the letters wrote wrong labels with exit 0.
        if len(leaves) < 2 or not branches:
            continue
        deeper = next(parts for parts in sorted(split.inputs) if tuple(parts[: below + 1]) == branches[0])
        return Finding(
            "the classes lie at uneven depths: some folders hold the inputs, their siblings hold them in folders "
            "one level deeper, so no one level of folders names the classes",
            (shown_folder(leaves[0]), shown_folder(deeper)),
            (LABELS_FILE_HINT, CLASS_PATH_HINT, CLASS_LEAF_HINT),
        )
    return None


def few_over_many(splits: Sequence[Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    for split in splits:
        classes = {parts[split.level] for parts in split.inputs if len(parts) > split.level}
        leaves = {tuple(parts) for parts in split.inputs if len(parts) > split.level + 1}
        if not classes or len(classes) > _FEW_LABELS or len(leaves) < max(_MIN_LEAVES, _LEAVES_PER_LABEL * len(classes)):
            continue
        depths = {len(parts) for parts in leaves}
        options = [LABELS_FILE_HINT]
        if len(depths) == 1:
            options.insert(0, f"{level_hint(depths.pop())} for the folders holding the inputs as the classes")
        options.append(f"{level_hint(split.level + 1)} to keep these {len(classes)} as the classes")
        return Finding(
            f"{len(classes)} class folders over {len(leaves)} folders holding the inputs: the classes are likely deeper",
            tuple(shown_folder(leaf) for leaf in sorted(leaves)[:2]),
            tuple(options),
        )
    return None


def containers(splits: Sequence[Split], structure: Structure) -> Finding | None:
    found = deeper_classes.containers_over_classes(splits, level_hint, LABELS_FILE_HINT)
    return Finding(*found) if found else None


def numbered_index(splits: Sequence[Split], structure: Structure) -> Finding | None:
    found = deeper_classes.numbered_index(splits, LABELS_FILE_HINT, level_hint)
    return Finding(*found) if found else None
