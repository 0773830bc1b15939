"""Split lists of a download unpacked in parts: the same list folder under each part's own top folder.

Pascal VOC 2007 ships its trainval and test sets as two tars that both hold `VOCdevkit/VOC2007/`
(tfds' `voc` builder downloads and reads both). Unpacked each into a folder of its own, as a user
keeps two downloads apart (`VOCtrainval_06-Nov-2007/VOCdevkit/VOC2007/ImageSets/Main/{train,val}.txt`
beside `VOCtest_06-Nov-2007/VOCdevkit/VOC2007/ImageSets/Main/test.txt`), the lists lie in two folders,
and `evidence.finest_lists` read only the folder naming the most splits: the test images fell in no
split, set aside with the auxiliary files, exit 0. A folder whose path differs from the chosen one in
its top folder alone, and whose lists name none of the chosen splits, is another part of the same
download: its lists are read too. Folders naming a split the chosen one names (two editions, two
partitions of the same images) stay set aside, as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

__all__ = ["other_parts"]


class _SplitList(Protocol):
    path: str
    split: str


def other_parts(chosen: str, by_folder: Mapping[str, Sequence[_SplitList]]) -> list[str]:
    """The list folders beside `chosen` that are the same folder of another part of the download:
    the same path below a different top folder, their splits disjoint from `chosen`'s and each other's.

    >>> class L:
    ...     def __init__(self, path, split): self.path, self.split = path, split
    >>> main = "ImageSets/Main"
    >>> by = {f"tv/{main}": [L(f"tv/{main}/train.txt", "train"), L(f"tv/{main}/val.txt", "val")],
    ...       f"te/{main}": [L(f"te/{main}/test.txt", "test")], "tv/ImageSets/Segmentation": [L("x", "test")]}
    >>> other_parts(f"tv/{main}", by)
    ['te/ImageSets/Main']
    >>> other_parts(f"tv/{main}", {**by, f"te/{main}": [L(f"te/{main}/val.txt", "val")]})
    []
    """
    tail = _below_top(chosen)
    if not tail:
        return []
    taken = {found.split for found in by_folder[chosen]}
    parts = []
    for folder in sorted(by_folder):
        if folder == chosen or _below_top(folder) != tail:
            continue
        splits = {found.split for found in by_folder[folder]}
        if splits & taken:
            continue
        taken |= splits
        parts.append(folder)
    return parts


def _below_top(folder: str) -> str:
    """`folder` without its first component, or "" where it has no component below its top."""
    head, _, rest = folder.partition("/")
    return rest if head and rest else ""
