"""Split folders beneath a folder named for two splits: the finer ones are the splits.

LIP (Look into Person) unpacks to `TrainVal_images/train_images/`, `TrainVal_images/val_images/` beside
`Testing_images/testing_images/`: the top folders name splits, one of them two at once (`trainval`), and the
folders beneath it name each one. Read at the top, `train_images/` and `val_images/` were class folders
named like splits (a stop), and `--label-level 0` wrote both as one split, `trainval`. Where a split folder
is named for two splits and the folders beneath it name single splits that its name joins (train and val
under trainval), and every other split folder's folders name its own split (`testing_images/` under
`Testing_images/`), the folders beneath are the split folders. Plain functions over path parts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shardify.plan.folder_names import split_word

__all__ = ["finer_splits"]

# A split name joining two, and the splits it joins (as `split_word` spells them).
_JOINED = {"trainval": frozenset({"train", "val"})}


def finer_splits(folders: Sequence[Sequence[str]], level: int, split_folders: Sequence[str]) -> list[str]:
    """The folders at `level + 1` to read as the split folders instead of `split_folders` (at `level`), or [].

    >>> f = [["LIP", "TrainVal_images", "train_images"], ["LIP", "TrainVal_images", "val_images"],
    ...      ["LIP", "Testing_images", "testing_images"]]
    >>> finer_splits(f, 1, ["Testing_images", "TrainVal_images"])
    ['testing_images', 'train_images', 'val_images']
    >>> finer_splits([["d", "trainval", "cats"], ["d", "trainval", "dogs"], ["d", "test", "cats"]], 1, ["test", "trainval"])
    []
    >>> finer_splits([["TrainVal", "train", "cat"], ["TrainVal", "val", "cat"], ["Test", "test", "dog"]], 0, ["Test", "TrainVal"])
    ['test', 'train', 'val']
    """
    beneath: dict[str, set[str]] = {}
    for parts in folders:
        if len(parts) <= level + 1 or parts[level] not in split_folders:
            return []  # an input right in a split folder: the split folders hold the inputs
        beneath.setdefault(parts[level], set()).add(parts[level + 1])
    joined = False
    for parent, children in beneath.items():
        words = {(split_word(child) or "").lower() for child in children}  # (`Test` is spelt as written)
        own = "trainval" if "trainval" in re.sub(r"[^a-z]", "", parent.lower()) else (split_word(parent) or "").lower()
        if "" in words:
            return []
        if own in _JOINED and words == _JOINED[own]:
            joined = True
        elif words != {own}:
            return []
    names = [child for children in beneath.values() for child in children]
    return sorted(names) if joined and len(set(names)) == len(names) else []
