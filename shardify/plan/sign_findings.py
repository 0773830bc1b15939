"""What the signs of a wrong folder guess share: the `Finding` a sign hands back, the `Split` of
inputs it reads, the hints a refusal names, and how a refusal shows a folder and a class level.

Below `guards.py` (which re-exports `Finding` and the hints) and the modules of sign families
(`set_signs.py`, `part_signs.py`, `group_signs.py`, `depth_signs.py`), so that each family imports
these and no other family (`name_signs.py`, which `part_signs.py` asks, lies below them too).
Plain values, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["LABELS_FILE_HINT", "NAME_HINT", "CLASS_PATH_HINT", "CLASS_LEAF_HINT", "FOLDERS_SHOWN", "Finding", "Split", "shown_folder", "level_hint", "numbered_alike"]

LABELS_FILE_HINT = "--labels FILE (a table of path and label)"
NAME_HINT = "--label-from-name REGEX for labels in the file names (e.g. '^(.+)_\\d+' for Abyssinian_12.jpg)"
# For classes a single folder level cannot name (uneven depths, two folders a class).
CLASS_PATH_HINT = "--dry-run --layout-file FILE, then `class_path: true` in FILE (the folders from the class level down name the class)"
# For fine classes under coarse ones at uneven depths: the file's own folder is the class.
CLASS_LEAF_HINT = "--dry-run --layout-file FILE, then `class_leaf: true` in FILE (the file's own folder, the deepest, names the class)"
# Folders named in a refusal.
FOLDERS_SHOWN = 3


@dataclass(frozen=True)
class Finding:
    """A sign found: what it shows, the folders that show it, the options that decide."""

    shows: str
    folders: tuple[str, ...]
    options: tuple[str, ...]
    sign: str = ""  # the name of the row of `SIGNS` that found it

    def message(self) -> str:
        more = len(self.folders) - FOLDERS_SHOWN
        shown = ", ".join(self.folders[:FOLDERS_SHOWN]) + (f" and {more} more" if more > 0 else "")
        return f"{self.shows} ({shown}): {' or '.join(self.options)}"


@dataclass(frozen=True)
class Split:
    """The inputs of one split folder ("" for none) with class folders at component `level`."""

    folder: str
    level: int
    inputs: tuple[tuple[str, ...], ...]  # each input's folder parts
    names: tuple[str, ...] = ()  # each input's file name, in the order of `inputs`


def shown_folder(parts: Sequence[str]) -> str:
    return "/".join(parts) + "/"


def level_hint(level: int) -> str:
    return f"--label-level {level} (counted from SRC)"


def numbered_alike(names: set[str]) -> bool:
    """Names that differ only by their numbers (`character01`, `character02`): generic members of
    each part, whose merging across parts would join different things."""
    return len({re.sub(r"\d+", "#", name) for name in names}) == 1 and any(ch.isdigit() for name in names for ch in name)
