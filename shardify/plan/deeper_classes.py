"""Three signs that the folders read as classes are not the classes (see `guards.SIGNS`).

  containers  every class folder is named for what it holds (`veg200_images/`, `fru92_images/`)
              and holds several folders that hold the inputs: VegFru's two trees over 292 class
              folders were written as two labels. The "few over many" sign needs many folders;
              a container's name says it with a few.
  numbered    every class folder is a number and every input lies in a numbered folder beneath
              it (Herbarium 2020's `images/000/07/354103.jpg`, the category id split in two to
              spread the files): an index, whose labels are in an annotation file, not folders.
  named within every class folder's folders of inputs repeat its name before a word of their own
              (DUTS's `DUTS-TR/DUTS-TR-Image/` beside `DUTS-TE/DUTS-TE-Image/`): each is a part of
              the download (an archive's top folder, a split under a name of its own), not a class;
              its images were written labelled `DUTS-TR` and `DUTS-TE`, every one train.

Each look takes the splits of `guards` (`level`, `inputs`: each input's folder parts) and gives
what it shows, the folders that show it, and the options that decide, or None.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from shardify.plan.folder_names import MASK_FOLDER_WORDS, holds_words

__all__ = ["containers_over_classes", "named_within", "numbered_index", "numbered_levels"]

# Folders beneath each container, at least, for its name to say the classes are deeper.
_MIN_BENEATH = 2
# Folders shown in a refusal.
_SHOWN = 3

Look = tuple[str, tuple[str, ...], tuple[str, ...]] | None


def _beneath(split: Any) -> dict[str, set[str]]:
    """Each class folder's subfolders that hold inputs (an input directly in it adds "")."""
    found: dict[str, set[str]] = {}
    for parts in split.inputs:
        if len(parts) > split.level:
            found.setdefault(parts[split.level], set()).add(parts[split.level + 1] if len(parts) > split.level + 1 else "")
    return found


def _shown(split: Any, found: dict[str, set[str]]) -> tuple[str, ...]:
    prefix = next(iter(split.inputs))[: split.level]
    return tuple("/".join((*prefix, name)) + "/" for name in sorted(found)[:_SHOWN])


def containers_over_classes(splits: Sequence[Any], label_hint: Any, labels_hint: str) -> Look:
    """Class folders all named as containers, each over _MIN_BENEATH folders or more and no loose
    input: the folders beneath are the classes."""
    for split in splits:
        found = _beneath(split)
        if found and all(holds_words(name) and "" not in below and len(below) >= _MIN_BENEATH for name, below in found.items()):
            masks = _mask_containers(split, found)
            aside = "".join(f" --exclude '{m}'" for m in masks)
            return (
                f"the {len(found)} class folders are named for what they hold, not a class, and each holds "
                f"{min(len(b) for b in found.values())} or more folders of inputs: the classes are likely the folders beneath"
                + (f"; {', '.join(m + '/' for m in masks)}, named for masks, holds no classes: left out" if masks else ""),
                _shown(split, found),
                (f"{label_hint(split.level + 2)}{aside} for the folders beneath them as the classes",
                 f"{label_hint(split.level + 1)} to keep these {len(found)} as the classes"),
            )
    return None


def _mask_containers(split: Any, found: dict[str, set[str]]) -> tuple[str, ...]:
    """The containers whose first word names masks (Fish4Knowledge's `mask_image/` beside `fish_image/`, its `mask_01/`
    mirroring `fish_01/`), as paths, where some container's does not: their folders are no classes, and read with
    the others' at the deeper level they were written as classes of masks. () where none or all are so named.

    >>> class S: level, inputs = 0, [("fish_image", "fish_01", "a.png"), ("mask_image", "mask_01", "a.png")]
    >>> _mask_containers(S, {"fish_image": {"fish_01"}, "mask_image": {"mask_01"}})
    ('mask_image',)
    """
    prefix = next(iter(split.inputs))[: split.level]
    masks = [name for name in sorted(found) if (re.findall(r"[a-z]+", name.lower()) or [""])[0] in MASK_FOLDER_WORDS]
    if not masks or len(masks) == len(found):
        return ()
    return tuple("/".join((*prefix, name)) for name in masks)


def numbered_index(splits: Sequence[Any], labels_hint: str, level_hint: Any = None) -> Look:
    """Class folders all numbers, every input in a numbered folder beneath one: an index, or a tree
    of numbered ids (CompCars' `data/image/<make>/<model>/<year>/`, names in a .mat). Which is
    meant the folders cannot say, so the stop names each numbered level with its count of folders
    (`numbered_levels`), and the user chooses."""
    for split in splits:
        found = _beneath(split)
        if found and all(name.isdigit() and below and all(b.isdigit() for b in below) for name, below in found.items()):
            levels = tuple(
                f"{level_hint(depth + 1)} for the {count} numbered folders at {shown} as the classes"
                for depth, count, shown in numbered_levels(split)
            ) if level_hint else ()
            return (
                "the class folders are numbers over numbered folders (an index spreading the files, whose labels an "
                "annotation file gives, or a tree of numbered ids whose names are elsewhere)",
                _shown(split, found),
                (labels_hint, *levels, "--label-level 0 for records without labels"),
            )
    return None


# Numbered levels named in a refusal, at most.
_MAX_LEVELS = 4


def numbered_levels(split: Any) -> list[tuple[int, int, str]]:
    """(depth, distinct folders, shown path) of each level from the class folders down whose folders
    are all numbers: `data/image/<n>/` 2 folders, `data/image/<n>/<n>/` 4, `.../<n>/<n>/<n>/` 6.
    Folders are counted by their path (a year under two models is two folders).

    >>> from types import SimpleNamespace
    >>> s = SimpleNamespace(level=1, inputs=(("img", "7", "3"), ("img", "7", "4"), ("img", "9", "3")))
    >>> numbered_levels(s)
    [(1, 2, 'img/<n>/'), (2, 3, 'img/<n>/<n>/')]
    """
    prefix = "/".join(next(iter(split.inputs))[: split.level])
    found = []
    depth = split.level
    while len(found) < _MAX_LEVELS:
        parts = [p for p in split.inputs if len(p) > depth]
        if len(parts) < len(split.inputs) or not all(p[depth].isdigit() for p in parts):
            break
        count = len({p[: depth + 1] for p in parts})
        found.append((depth, count, f"{prefix}/" + "<n>/" * (depth - split.level + 1) if prefix else "<n>/" * (depth - split.level + 1)))
        depth += 1
    return found


def _repeats(parent: str, child: str) -> bool:
    """`child` is `parent`'s name, a separator, then a word of its own (`DUTS-TR-Image` in `DUTS-TR`)."""
    return len(child) > len(parent) + 1 and child.lower().startswith(parent.lower()) and child[len(parent)] in "-_ ."


def named_within(splits: Sequence[Any], split_hint: str) -> Look:
    """Two or more class folders, each holding its inputs only in folders that repeat its name."""
    for split in splits:
        found = _beneath(split)
        if len(found) >= 2 and all(
            below and "" not in below and all(_repeats(name, b) for b in below) for name, below in found.items()
        ):
            return (
                f"the {len(found)} class folders' own folders repeat their names (each a part of the download, an "
                "archive's top folder or a split named its own way, not a class)",
                _shown(split, found),
                ("--label-level 0 for records without labels (the parts then one split)", split_hint),
            )
    return None
