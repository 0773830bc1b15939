"""A sign that one class is spelled two ways across the splits: a class folder of one split whose
name is another split's class folder name lengthened at a separator.

Chest CT-Scan images name each class of `train/` and `valid/` with its staging
(`adenocarcinoma_left.lower.lobe_T2_N0_M0_Ib/`) and `test/` bare (`adenocarcinoma/`); a plant
disease set may prefix its crop in one split only (`Tomato___Early_blight/` beside `Early_blight/`).
Written as the folders stand, each such class becomes two labels, the test set's never seen in
training: a wrong label vocabulary with exit 0. Which spelling is the class (or whether the longer
name is a finer class of its own) the folders cannot tell, so this stops naming both folders and
the option that decides; a class named alike in every split (`cat/` and `cat_siamese/` in each),
or missing from a split, is no sign. A name differing from another split's in case or separators alone
(`golden retriever/` beside `golden_retriever/`) is the same sign (review32).

A row of `guards.SIGNS`; plain functions of paths, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.plan.sign_findings import LABELS_FILE_HINT, Finding, Split, shown_folder
from shardify.plan.structure import Structure

__all__ = ["respelled_classes"]

# Where a longer name may lengthen a shorter one: `_`, `.`, `-` or a space (`___` begins with `_`).
_SEPARATORS = ("_", ".", "-", " ")


def _lengthens(longer: str, shorter: str) -> bool:
    """`longer` is `shorter` with more after or before it at a separator, case aside."""
    a, b = longer.casefold(), shorter.casefold()
    return len(a) > len(b) and any(a.startswith(b + sep) or a.endswith(sep + b) for sep in _SEPARATORS)


def _respelled(one: str, other: str) -> bool:
    """Two names that differ in case or in which separator joins their words alone (`golden retriever` and
    `golden_retriever`, `Golden_Retriever`): written as the folders stand, two labels of one class, exit 0
    (review32; `_lengthens` had asked only for a longer name).

    >>> _respelled("golden retriever", "golden_retriever"), _respelled("Cat", "cat"), _respelled("cat", "cats")
    (True, True, False)
    """
    def plain(name: str) -> str:
        return "".join(" " if c in _SEPARATORS else c for c in name.casefold())

    return one != other and plain(one) == plain(other)


def _classes(split: Split) -> dict[str, tuple[str, ...]]:
    """Each class folder of a split -> the folder parts down to it (for the message)."""
    return {parts[split.level]: parts[: split.level + 1] for parts in split.inputs if len(parts) > split.level}


def respelled_classes(splits: Sequence[Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    named = [(split, _classes(split)) for split in splits if split.folder]
    pairs: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for i, (_, one) in enumerate(named):
        for _, other in named[i + 1:]:
            only_one, only_other = set(one) - set(other), set(other) - set(one)
            for a in sorted(only_one):
                for b in sorted(only_other):
                    if _lengthens(a, b) or _lengthens(b, a) or _respelled(a, b):
                        pairs.append((one[a], other[b]))
    if not pairs:
        return None
    folders = tuple(dict.fromkeys(shown_folder(parts) for pair in pairs for parts in pair))
    return Finding(
        "a class folder of one split is another split's class name lengthened: one class spelled two ways would be "
        "written as two labels",
        folders,
        (f"{LABELS_FILE_HINT}, one spelling for each class",),
    )
