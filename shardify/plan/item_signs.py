"""A sign that class folders are items of a segmentation dataset, not classes: folders named
like ids, each holding images and their masks side by side.

KolektorSDD's `KolektorSDD/kos01/Part0.jpg` beside `Part0_label.bmp`, 50 folders `kos01` ..
`kos50`: each folder is one commutator photographed eight times, the masks are the annotation,
and the records have no labels. Its files are not named after their folder, so `group_signs.
subjects_with_masks` misses it. What tells items from classes is the folders' names: ids
(a shared prefix and a number, or a number alone: `kos01`, `patient_007`, `0042`) against
words (`benign/`, `cat/`). Class folders of words that hold images and `_mask` files are
classes and convert as before; numbered folders without masks beside their images are not
looked at (MNIST's `0/` .. `9/` are classes).

The sign stops before writing (a guess that could be wrong) naming the folders, the mask words
and `--label-level 0` (records without labels, each image paired with its mask as the
structure already pairs them) or the folders' level to keep them as classes.

A row of `guards.SIGNS`; a plain function of paths, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.plan.sign_findings import Finding, Split, level_hint, numbered_alike, shown_folder
from shardify.plan.structure import Structure

__all__ = ["items_with_masks"]

# At least this many numbered folders before their names read as ids rather than a few numbered classes.
_MIN_ITEM_FOLDERS = 3


def items_with_masks(splits: Sequence[Split], structure: Structure) -> Finding | None:
    """Class folders whose names differ only by a number (ids), in a source whose images have
    masks beside them in their own folder (`structure.mask_words`); None otherwise.

    >>> split = Split("", 0, tuple((f"kos{k:02d}",) for k in (1, 2, 3)), ("Part0.jpg",) * 3)
    >>> items_with_masks([split], Structure(mask_words=("label",))).folders
    ('kos01/', 'kos02/', 'kos03/')
    >>> words = Split("", 0, (("benign",), ("malignant",), ("normal",)), ("a.png",) * 3)
    >>> items_with_masks([words], Structure(mask_words=("mask",))) is None, items_with_masks([split], Structure())
    (True, None)
    """
    if not structure.mask_words:
        return None
    for split in splits:
        classes = sorted({parts[split.level] for parts in split.inputs if len(parts) > split.level})
        if len(classes) < _MIN_ITEM_FOLDERS or not numbered_alike(set(classes)):
            continue
        prefix = split.inputs[0][: split.level]
        words = ", ".join(f"_{word}" for word in structure.mask_words)
        return Finding(
            f"the images have masks beside them in their own folders (the files whose names end in {words}), and "
            "the class folders are named like ids (a shared name and a number): a folder per item of a "
            "segmentation dataset, or classes?",
            tuple(shown_folder([*prefix, name]) for name in classes),  # the message shows FOLDERS_SHOWN, then a count
            ("--label-level 0 for records without labels (each with its mask)",
             f"{level_hint(split.level + 1)} to keep the folders as the classes"),
        )
    return None
