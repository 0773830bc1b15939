"""Signs that the class folders group the inputs rather than class them: class folders that no two
splits share (cities, people, recordings), a folder per sample named as the file inside it, and a
folder per subject of a segmentation dataset whose files are named after it.

Rows of `guards.SIGNS`; plain functions of paths, no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from shardify.plan.sign_findings import FOLDERS_SHOWN, LABELS_FILE_HINT, Finding, Split, level_hint, shown_folder
from shardify.plan.structure import Structure

__all__ = ["classes_per_split", "folder_per_input", "subjects_with_masks"]

# "Classes per split": at least this many class folders in all before disjoint splits mean
# anything (a split of one class beside another of one class is too little to tell).
_MIN_CLASSES_ACROSS_SPLITS = 3
# "Folder per sample": at least this many folders, nine in ten named as the file inside them.
_MIN_SAMPLE_FOLDERS = 4


def classes_per_split(splits: Sequence[Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    classes = {
        split.folder: {parts[split.level] for parts in split.inputs if len(parts) > split.level}
        for split in splits
        if split.folder
    }
    # each split one class folder, each another's (a sample of Cityscapes: `train/aachen/`, `val/frankfurt/`): every
    # split a single label no other split holds is no classification, however few the folders (review31: exit 0)
    one_each = len(classes) >= 2 and all(len(names) == 1 for names in classes.values())
    if len(classes) < 2 or (sum(len(names) for names in classes.values()) < _MIN_CLASSES_ACROSS_SPLITS and not one_each):
        return None
    counts = Counter(name for names in classes.values() for name in names)
    if any(number > 1 for number in counts.values()):
        return None
    by_split = {split.folder: split for split in splits}
    folders = tuple(
        shown_folder([*by_split[folder].inputs[0][: by_split[folder].level], sorted(names)[0]])
        for folder, names in sorted(classes.items())
    )
    level = splits[0].level + 1
    return Finding(
        "no class folder is in two splits: such folders are groups (places, people, recordings), not classes",
        folders,
        ("--label-level 0 for records without labels", LABELS_FILE_HINT,
         f"{level_hint(level)} where the splits hold different classes on purpose (few-shot sets)"),
    )


def _stems_by_class(split: Split) -> dict[str, list[str]]:
    """The stems of the files in each class folder of a split (a file beside the class folders is
    no class's)."""
    stems: dict[str, list[str]] = {}
    for parts, name in zip(split.inputs, split.names):
        if len(parts) > split.level:
            stems.setdefault(parts[split.level], []).append(name.rsplit(".", 1)[0])
    return stems


def folder_per_input(splits: Sequence[Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    for split in splits:
        stems = _stems_by_class(split)
        named = [folder for folder, inside in stems.items() if inside and all(stem == folder for stem in inside)]
        if len(stems) >= _MIN_SAMPLE_FOLDERS and len(named) * 10 >= len(stems) * 9:
            return Finding(
                "the class folders are each named as the file inside them: a folder per sample, not classes",
                tuple(shown_folder([*split.inputs[0][: split.level], folder]) for folder in sorted(named)[:FOLDERS_SHOWN]),
                ("--label-level 0 for records without labels", LABELS_FILE_HINT),
            )
    return None


def subjects_with_masks(splits: Sequence[Split], structure: Structure) -> Finding | None:
    """Images with masks whose class folders each name their files (`TCGA_CS_4941_19960909/
    TCGA_CS_4941_19960909_1.tif`): one folder per patient or sequence of a segmentation dataset,
    or classes (BUSI's `benign/benign (1).png`)? The paths cannot tell: ImageNet names its files
    after its class folders too, but has no masks."""
    if not (structure.mask_folders or structure.mask_words):
        return None
    for split in splits:
        stems = _stems_by_class(split)
        named = [folder for folder, inside in stems.items() if all(stem.startswith(folder) for stem in inside)]
        if len(stems) >= 2 and len(named) * 10 >= len(stems) * 9:
            return Finding(
                "the images have masks, and each class folder's files are named after it: a folder per subject "
                "or sequence, or classes?",
                tuple(shown_folder([*split.inputs[0][: split.level], folder]) for folder in sorted(named)[:FOLDERS_SHOWN]),
                ("--label-level 0 for records without labels (each with its mask)",
                 f"{level_hint(split.level + 1)} to keep the folders as the classes"),
            )
    return None
