"""A sign that the folders inside each class folder are one set of samples in several forms, not parts.

NuInsSeg ships a folder per organ, each holding the same file names in five forms: `human bladder/tissue
images/human_bladder_01.png` beside `label masks modify/human_bladder_01.tif`, `label masks/`, `mask
binary/`, `distance maps/` and `vague areas/mask binary/` (blind round forty-one). Read with the organs as
the classes, the one folder one level deeper made the classes look uneven, and the stop offered `--labels`
or `class_path`, none of which keeps the masks out; with `--label-level 0` a mask folder stopped the run,
and with it excluded every TIFF of masks named four files. The paths alone tell it: where, in a class
folder, every subfolder holds the same stems, one subfolder is named for what it holds (`images`,
`photos`: `folder_names.is_container_name`) and another for masks or labels (a word of
`folder_names.MASK_FOLDER_WORDS` in its name: `mask binary`), the others are masks or maps of the named one's images. The stop names
`--label-level 0` (or the class folders' level) and an `--exclude` glob of each other subfolder.

A row of `guards.SIGNS`; a plain function of paths, no I/O.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from shardify.plan import mask_names
from shardify.plan.folder_names import MASK_FOLDER_WORDS, is_container_name, mask_named
from shardify.plan.path_parts import stem
from shardify.plan.sign_findings import Finding, Split, level_hint, shown_folder
from shardify.plan.structure import Structure

__all__ = ["views_of_one_set"]

_MIN_STEMS = 2  # names a form must share with the others: one file alike is chance


def _forms(split: Split) -> dict[tuple[str, ...], dict[str, set[str]]]:
    """Each class folder's parts -> each subfolder's name -> the stems beneath it; a class folder
    holding an input of its own is left out (its inputs are not all in forms)."""
    forms: dict[tuple[str, ...], dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    loose: set[tuple[str, ...]] = set()
    for parts, name in zip(split.inputs, split.names):
        if len(parts) <= split.level:
            continue
        folder = tuple(parts[: split.level + 1])
        if len(parts) == split.level + 1:
            loose.add(folder)
        else:
            forms[folder][parts[split.level + 1]].add(stem(name))
    return {folder: dict(children) for folder, children in forms.items() if folder not in loose}


def _mask_worded(name: str) -> bool:
    """A folder named for masks or labels, the word anywhere in its name (`mask binary`, `label masks
    modify`: a form of the masks named for how it was made).

    >>> [_mask_worded(n) for n in ("mask binary", "label masks modify", "distance maps", "tissue images")]
    [True, True, False, False]
    """
    words = re.split(r"[\s_\-.]+", name.lower())
    return mask_named(name) or mask_names.ends_in_mask_word(name) or any(w in MASK_FOLDER_WORDS for w in words)


def _image_form(children: dict[str, set[str]], known_masks: bool) -> str:
    """The one subfolder named for images among forms of the same stems, one at least named for masks
    (or a mask folder beside them the structure already set aside, `known_masks`); or ""."""
    sets = list(children.values())
    if len(children) < 2 or len(sets[0]) < _MIN_STEMS or any(s != sets[0] for s in sets):
        return ""
    named = [name for name in children if is_container_name(name)]
    masks = [name for name in children if _mask_worded(name)]
    return named[0] if len(named) == 1 and (masks or known_masks) and named[0] not in masks else ""


def views_of_one_set(splits: Sequence[Split], structure: Structure) -> Finding | None:
    """Every class folder of a split holds one set of names in several forms (module docstring).

    >>> forms = ("tissue images", "label masks", "distance maps")
    >>> inputs = [((organ, form), f"{organ}_{i}.png") for organ in ("bladder", "brain") for form in forms for i in (1, 2)]
    >>> split = Split("", 0, tuple(p for p, _ in inputs), tuple(n for _, n in inputs))
    >>> found = views_of_one_set([split], Structure(label_levels=(("", 0),)))
    >>> found.options[0]
    "--label-level 0 --exclude '*/distance maps' --exclude '*/label masks' (records without labels: each class folder's tissue images/ alone read, the other folders masks or maps of its images)"
    >>> views_of_one_set([Split("", 0, (("a", "images"), ("a", "masks")), ("1.png", "2.png"))], Structure()) is None
    True
    """
    if structure.single_class:
        return None
    for split in splits:
        forms = _forms(split)
        inputs = {
            folder: _image_form(children, any(m.startswith(shown_folder(folder)) for m in structure.mask_folders))
            for folder, children in forms.items()
        }
        if not inputs or not all(inputs.values()) or len(set(inputs.values())) != 1:
            continue
        kept = next(iter(inputs.values()))
        others = sorted({name for children in forms.values() for name in children} - {kept})
        glob = "*/" * (split.level + 1)
        excluded = " ".join(f"--exclude {glob + name!r}" for name in others)
        first = min(forms)
        return Finding(
            "each class folder holds one set of file names in several forms (the images in one folder, masks or maps "
            "of them in the others): forms of the same samples, not parts or classes",
            tuple(shown_folder([*first, name]) for name in [kept, *others]),
            (
                f"--label-level 0 {excluded} (records without labels: each class folder's {kept}/ alone read, the "
                + "other folders masks or maps of its images)",
                f"{level_hint(split.level + 1)} {excluded} to keep the class folders as the classes",
            ),
        )
    return None
