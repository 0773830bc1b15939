"""A class level the user chose (`--label-level N`) that cannot be the classes.

The folder signs (`guards.py`) stay quiet where the user chose the level: the reading is theirs,
not a guess. One choice is still wrong whatever the dataset: a level that gives every input the
same label while the inputs sit in several folders below it (`--label-level 1` on
`notMNIST_small/<A-J>/*.png` labels every image `notMNIST_small`). One label trains nothing, and
the folders below are what the level was meant to name, so the run stops naming the level that
gives classes (or --label-level 0 for no labels). Plain functions of relative paths, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.errors import UsageError
from shardify.plan.structure import Structure

__all__ = ["check_chosen_level"]

# Folders below the one label before it is taken for a container: two could be one class's parts
# cut for size (`cats/part1/`, `cats/part2/`) no more often than classes, so the rule asks for two.
_MIN_FOLDERS_BELOW = 2


def _below(inputs: Sequence[str], structure: Structure) -> tuple[set[str], set[str], int]:
    """The labels the chosen levels give, the folders one level below them, and that level's
    number counted from SRC (1: SRC's own folders)."""
    levels = dict(structure.label_levels)
    labels: set[str] = set()
    below: set[str] = set()
    depth = 0
    for relpath in inputs:
        if structure.is_mask_file(relpath):
            continue
        level = levels.get(structure.split_folder_of(relpath), -1)
        parts = relpath.split("/")[:-1]
        if level < 0 or len(parts) <= level:
            continue
        labels.add(parts[level])
        if len(parts) > level + 1:
            below.add("/".join(parts[: level + 2]))
            depth = level + 2
    return labels, below, depth


def check_chosen_level(inputs: Sequence[str], structure: Structure, level: int) -> None:
    """Stop where `--label-level level` gives one label to every input held in folders below it.

    >>> paths = [f"notMNIST_small/{c}/f{i}.png" for c in "ABC" for i in range(2)]
    >>> s = Structure(label_levels=(("", 0),))
    >>> try:
    ...     check_chosen_level(paths, s, 1)
    ... except UsageError as error:
    ...     "--label-level 2" in str(error)
    True

    Raises:
      UsageError: one label over several folders; names the label, the folders and the level
        that gives classes.
    """
    if level <= 0:
        return
    labels, below, depth = _below(inputs, structure)
    _check_deep_enough(inputs, structure, level, labels)
    if len(labels) != 1 or len(below) < _MIN_FOLDERS_BELOW:
        return
    shown = ", ".join(folder + "/" for folder in sorted(below)[:3]) + (f" and {len(below) - 3} more" if len(below) > 3 else "")
    raise UsageError(
        f"--label-level {level} gives every input one label, {next(iter(labels))!r}, a folder holding "
        f"{len(below)} folders of inputs ({shown}): it is a container, not a class: --label-level {depth} "
        "(counted from SRC) for those folders as the classes, or --label-level 0 for no labels"
    )


def _check_deep_enough(inputs: Sequence[str], structure: Structure, level: int, labels: set[str]) -> None:
    """Stop where no input lies as deep as the chosen level (`--label-level 1000000000`): none
    would be labelled, and the run would end saying the source holds no input files.

    Raises:
      UsageError: naming the level and the deepest folder level that holds inputs.
    """
    levels = dict(structure.label_levels)
    placed = [p for p in inputs if not structure.is_mask_file(p) and levels.get(structure.split_folder_of(p), -1) >= 0]
    if labels or not placed:
        return
    deepest = max(p.count("/") for p in placed)
    raise UsageError(
        f"--label-level {level} names folders {level} levels below SRC, but no input lies that deep (the deepest, "
        f"e.g. {max(placed, key=lambda p: p.count('/'))!r}, lie in folders of level {deepest}): --label-level "
        f"{deepest} at most, or --label-level 0 for no labels"
    )
