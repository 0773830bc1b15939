"""Which number that ends a split list's name is a fold's, and which is no fold at all.

Folds number the partitions of one dataset, each partition a list per split under one number: DTD's
`train1.txt`, `val1.txt`, `test1.txt` .. `test10.txt`, SCUT-FBP5500's `cross_validation_1/train_1.txt`.
A number every split's list holds alone, no two lists sharing one, numbers no partition: SIXray's
`train_3850.txt` beside `test_1650.txt` (as an SSD repository lays its core/coreless subset out, the
numbers the lists' sizes: 3,850 + 1,650 = its `all5500.txt`). Read as folds, the lowest (`test_1650`)
was the first fold and alone read, `train_3850.txt` set aside: every training image was rejected as
listed by no split file. Here such numbers are one partition, fold 0, as unnumbered lists are.

Plain functions over the lists' paths and splits; nothing is opened.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (evidence imports this module: the type only)
    from shardify.plan.evidence import Evidence

__all__ = ["fold_numbered", "folds", "no_folds"]


def _number(path: str) -> int | None:
    found = re.search(r"(\d+)$", posixpath.splitext(posixpath.basename(path))[0])
    return int(found.group(1)) if found else None


def no_folds(lists: Sequence[Evidence]) -> bool:
    """Two lists or more, each numbered, no two of one split nor of one number: the numbers name
    no shared partition (sizes, ids), so they are no folds."""
    numbers = [_number(e.path) for e in lists]
    splits = [e.split for e in lists]
    return len(lists) >= 2 and None not in numbers and len(set(numbers)) == len(numbers) and len(set(splits)) == len(splits)


def fold_numbered(lists: Sequence[Evidence]) -> bool:
    """Whether every list's name ends in a fold's number (`train_1.txt`, DTD's `test10.txt`), not in
    numbers each list holds alone (`train_3850.txt`, `test_1650.txt`)."""
    return all(_number(e.path) is not None for e in lists) and not no_folds(lists)


def folds(lists: Sequence[Evidence]) -> dict[int, list[Evidence]]:
    """`lists` by fold number (0: none, or numbers that are no folds' by `no_folds`).

    >>> from types import SimpleNamespace as E
    >>> sorted(folds([E(path="train_3850.txt", split="train"), E(path="test_1650.txt", split="test")]))
    [0]
    >>> sorted(folds([E(path=f"{s}{k}.txt", split=s) for s in ("train", "test") for k in (1, 2)]))
    [1, 2]
    """
    if no_folds(lists):
        return {0: list(lists)}
    by: dict[int, list[Evidence]] = {}
    for found in lists:
        by.setdefault(_number(found.path) or 0, []).append(found)
    return by
