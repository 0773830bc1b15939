"""Folders above split folders: classes, or parts of the dataset?

`structure.splits_beneath_groups` reads split folders beneath group folders that each hold the
same ones as the splits (ShanghaiTech's `part_A/train_data/images/`, LLVIP's `infrared/train/`
beside `visible/train/`), so `--label-level 0` keeps the splits. The same shape is an image
classification download whose class folders each hold the splits (`cat/train/*.jpg`,
`dog/train/*.jpg`): by the folders alone the two cannot be told apart, and where nothing else
labels the files the run stops naming both readings (`groups_stop`) rather than only the
unlabelled one: `--label-level N` for the groups as the classes (SRC/<class>/<split>/, the splits
kept), `--label-level 0` for parts of the dataset (records without labels).

Plain functions of relative paths, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.plan.structure import Structure, splits_beneath_groups

__all__ = ["groups_above_splits", "groups_stop"]

# Group folders named in a stop.
_SHOWN = 3


def groups_above_splits(inputs: Sequence[str], structure: Structure) -> tuple[str, ...]:
    """The folders `structure` read as groups above its split folders, none of them labelled, or ().

    >>> paths = [f"{c}/{s}/{c}_{i}.jpg" for c in ("cat", "dog") for s in ("train", "test") for i in (1, 2)]
    >>> groups_above_splits(paths, Structure(split_level=1, label_levels=(("test", -1), ("train", -1))))
    ('cat', 'dog')
    >>> groups_above_splits(paths, Structure(split_level=1, label_levels=(("test", 0), ("train", 0)), chosen_level=True))
    ()
    """
    level = structure.root.count("/")
    if structure.split_level != level + 1 or any(found >= 0 for _, found in structure.label_levels) or structure.name_pattern:
        return ()
    folders = [p.split("/")[:-1] for p in inputs if not structure.is_mask_file(p)]
    children = {parts[level] for parts in folders if len(parts) > level}
    return tuple(sorted(children)) if splits_beneath_groups(folders, level, children) else ()


def groups_stop(source: str, inputs: Sequence[str], structure: Structure, other_options: Sequence[str]) -> str:
    """Why a source of split folders beneath group folders, with nothing else to label its files,
    is refused, naming both readings of the groups and `other_options` (`--labels FILE`...), or ""
    where the structure read no such groups.

    >>> paths = [f"{c}/{s}/{c}_{i}.jpg" for c in ("cat", "dog") for s in ("train", "test") for i in (1, 2)]
    >>> print(groups_stop("pets", paths, Structure(split_level=1, label_levels=(("test", -1), ("train", -1))), []))
    ... # doctest: +NORMALIZE_WHITESPACE
    pets holds split folders beneath each of cat/, dog/ (cat/test/, cat/train/) and nothing else labels its files: the
    folders above the splits are classes or parts of the dataset (modalities, sets), which their names cannot tell:
    --label-level 1 (counted from SRC) for them as the classes (SRC/<class>/<split>/) or --label-level 0 for records
    without labels (they are parts)
    """
    groups = groups_above_splits(inputs, structure)
    if not groups:
        return ""
    level = structure.root.count("/")
    shown = ", ".join(f"{structure.root}{g}/" for g in groups[:_SHOWN]) + (f" and {len(groups) - _SHOWN} more" if len(groups) > _SHOWN else "")
    splits = sorted({p.split("/")[level + 1] for p in inputs if p.split("/")[level] == groups[0] and p.count("/") > level + 1})
    example = ", ".join(f"{structure.root}{groups[0]}/{s}/" for s in splits[:_SHOWN])
    options = [
        f"--label-level {level + 1} (counted from SRC) for them as the classes (SRC/{structure.root}<class>/<split>/)",
        "--label-level 0 for records without labels (they are parts)",
        *other_options,
    ]
    return (
        f"{source} holds split folders beneath each of {shown} ({example}) and nothing else labels its files: the "
        "folders above the splits are classes or parts of the dataset (modalities, sets), which their names cannot "
        f"tell: {' or '.join(options)}"
    )
