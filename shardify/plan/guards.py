"""Signs that a guess about a source's folders is wrong, whatever the dataset.

Detection reads class folders, split folders and wrappers from the paths of the inputs
(`structure.py`). Some shapes of folders show that such a reading could be wrong however the
dataset is named, and `SIGNS` lists them, one row each: what the sign is, what it shows, and the
test that finds it in the sampled paths. Before anything is written, `check_folders` runs the
table (called from `beam_jobs/discover/guards.py`, which reads the source for it); the first
sign found stops the run (a `UsageError`, exit 2) naming the folders that show it and only the
options that can decide. Where the user chose the class level (`--label-level`)
or the dataset's files give the labels, the folders' reading is not a guess and no sign applies,
but one: a class at the chosen level named as a split and holding loose files (a test set's
folder beside the classes) stops still, naming `--labels` (and a layout file, which can say it).

The signs, in the order they are looked for, each with its case in
tests/layouts/test_unseen_layouts.py:

  folder per sample    class folders each named as the file inside them (Data Science Bowl
                       2018's `<id>/images/<id>.png`): one folder per sample, not classes
                       (`airplane/airplane_001.jpg` names a class);
  uneven depth         an index whose classes lie one or two folders below it (Places365's
                       `a/abbey/`, `a/apartment_building/outdoor/`): no single level is right;
  same names beneath   class folders holding no inputs of their own but folders of the same
                       names (`Greek/character01/`, `Latin/character01/`): parts or sets, not
                       classes (`circle/more/` beside `circle/*.png` is a class's subfolder);
  split-named class    a class folder holding loose files, directly or in one folder, whose
                       name holds a split word (`val_256/*.jpg` beside `data_256/`,
                       `kaggle_simpson_testset/kaggle_simpson_testset/*.jpg`): a split of the download;
  respelled classes    a class folder of one split named as another split's class lengthened at a
                       separator (`train/adenocarcinoma_left.lower.lobe_T2_N0_M0_Ib/` beside
                       `test/adenocarcinoma/`): one class spelled two ways (`spelling_signs.py`);
  classes per split    split folders whose class folders share no name (Cityscapes' cities):
                       groups, not classes, unless the splits hold disjoint classes on purpose;
  few over many        few class folders over many folders holding the inputs (2 over 50): the
                       class is likely deeper;
  numbered parts       class folders whose names differ only by a number and name a part of a
                       download (`HAM10000_images_part_1/`, `_part_2/`): the images were cut in
                       parts for size, and the labels are elsewhere;
  wrapped classes      two or more class folders each only wrapping a folder of its own name
                       (`shipsnet/shipsnet/`, `scenes/scenes/`): archives' names, classes or parts;
  part as the class    the one class folder named like a part of a download (`data_256`,
                       `leftImg8bit`, `image_2`): a name with a number in it; or one whose
                       files' names may carry labels (`PlantaeK/apple_d1.JPG`, `apple_h1.JPG`):
                       one label for every record would hide them;
  items with masks     class folders named like ids (`kos01/` .. `kos50/`) whose images have
                       masks beside them (`Part0_label.bmp`): items, not classes (`item_signs.py`).

Where the inputs' own names carry letters (`obj1__0.png`), the two part signs also name
`--label-from-name`: the label may be in the names once the folder is not it.

This module owns the table and its running (`SIGNS`, `find_sign`, `check_folders`); each family of
signs lives in a module of its own, a row's test a public function there: the download's parts and
copies (`part_signs.py`), parts or sets beneath the classes (`set_signs.py`), groups read as
classes (`group_signs.py`), classes at another level (`depth_signs.py`); what they share (`Finding`,
`Split`, the hints) is in `sign_findings.py`, file names that may label in `name_signs.py`.

Signs in the files rather than the folders (annotations taken for captions, tables holding other
labels, a source with no way to label its files) are in `file_signs.py`.

Plain functions of relative paths, no I/O.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from shardify.errors import UsageError
from shardify.plan import split_worded_classes
from shardify.plan.crossed_names import crossed_words
from shardify.plan.depth_signs import containers, few_over_many, numbered_index, uneven_depth
from shardify.plan.group_signs import classes_per_split, folder_per_input, subjects_with_masks
from shardify.plan.item_signs import items_with_masks
from shardify.plan.name_signs import names_may_label  # re-exported
from shardify.plan.object_signs import numbered_objects
from shardify.plan.part_signs import named_within, nested_copy, numbered_parts, part_as_class, split_named_class, wrapped_classes
from shardify.plan.set_signs import same_names_beneath
from shardify.plan.sign_findings import LABELS_FILE_HINT, NAME_HINT, Finding, Split  # re-exported: callers read them here
from shardify.plan.spelling_signs import respelled_classes
from shardify.plan.structure import Structure
from shardify.plan.view_signs import views_of_one_set

__all__ = [
    "PART_SIGNS",
    "Finding",
    "Sign",
    "SIGNS",
    "check_folders",
    "find_sign",
    "LABELS_FILE_HINT",
    "NAME_HINT",
    "names_may_label",
]

# Signs that the class folders are parts of a download, not classes (HAM10000_images_part_1/ and _part_2/,
# split over two archives for size only): undone where a table, a list or objects' annotations label the inputs.
PART_SIGNS = ("numbered parts", "part as the class")


@dataclass(frozen=True)
class Sign:
    """One row of the table: its name, what it shows, and its test over the splits read."""

    name: str
    shows: str
    look: Callable[[Sequence[Split], Structure], Finding | None]


SIGNS: tuple[Sign, ...] = (
    Sign("nested copy", "a download's copy of itself read beside it", nested_copy),
    Sign("folder per sample", "a folder per sample read as the classes", folder_per_input),
    Sign("views of one set", "one set of samples in several forms (images, masks, maps) read as parts", views_of_one_set),
    Sign("uneven depth", "an index read as the classes", uneven_depth),
    Sign("same names beneath", "parts or sets read as classes", same_names_beneath),
    Sign("split-named class", "a split or part read as a class", split_named_class),
    Sign("respelled classes", "one class spelled two ways across the splits read as two classes", respelled_classes),
    Sign("classes per split", "groups read as classes", classes_per_split),
    Sign("containers over classes", "folders named for what they hold read as the classes", containers),
    Sign("numbered index", "numbered folders spreading the files read as the classes", numbered_index),
    Sign("named within", "a download's parts, their folders named after them, read as the classes", named_within),
    Sign("wrapped classes", "archives unpacked into folders of their own names read as the classes", wrapped_classes),
    Sign("few over many", "a level above the classes", few_over_many),
    Sign("numbered parts", "a download's parts read as classes", numbered_parts),
    Sign("numbered objects", "numbered objects of a few categories read as the classes", numbered_objects),
    Sign("crossed words", "folders naming two labels each (a colour and a garment) read as one class", crossed_words),
    Sign("part as the class", "a download's part read as the one class", part_as_class),
    Sign("subjects with masks", "a folder per subject of a segmentation dataset read as the classes", subjects_with_masks),
    Sign("items with masks", "a folder per item, named like an id, of a segmentation dataset read as the classes", items_with_masks),
)


def find_sign(inputs: Sequence[str], structure: Structure, *, answered: Collection[str] = ()) -> Finding | None:
    """The first sign in `SIGNS` the inputs' paths show against `structure`'s class folders, or
    None. Masks and inputs of splits without class folders are left out; `answered` names the rows
    the user's options already answer (`crossed words` once `--label-separator` splits the names).

    >>> paths = [f"{a}/character0{c}/{a}{c}.png" for a in ("Greek", "Latin", "Braille") for c in (1, 2)]
    >>> find_sign(paths, Structure(label_levels=(("", 0),))).folders[:2]
    ('Braille/character01/', 'Greek/character01/')
    """
    if not structure.chosen_level and (joined := split_worded_classes.joined_beside_splits_found(structure)):
        return dataclasses.replace(joined, sign="split-worded classes beside splits")  # `training_fake/` beside `test/`
    levels = dict(structure.label_levels)
    by_split: dict[str, list[tuple[str, ...]]] = {}
    names: dict[str, list[str]] = {}
    for relpath in inputs:
        if structure.is_mask_file(relpath):
            continue
        folder = structure.split_folder_of(relpath)
        if levels.get(folder, -1) >= 0:
            by_split.setdefault(folder, []).append(tuple(relpath.split("/")[:-1]))
            names.setdefault(folder, []).append(relpath.rsplit("/", 1)[-1])
    splits = []
    for folder, parts in sorted(by_split.items()):
        paired = sorted(zip(parts, names[folder]))  # inputs[i] is the folder of names[i]
        splits.append(Split(folder, levels[folder], tuple(p for p, _ in paired), tuple(n for _, n in paired)))
    if not splits:
        return None
    if structure.chosen_level:
        # the level is the user's, not a guess; but a class at it named as a split and holding a split's
        # loose files (`kaggle_simpson_testset/*.jpg` beside `simpsons_dataset/<character>/` at
        # --label-level 2, as the few-over-many refusal suggested) would merge that split into the classes
        found = split_named_class(splits, structure)
        return dataclasses.replace(found, sign="split-named class", options=(LABELS_FILE_HINT,)) if found else None
    if structure.class_names:  # split and class in one name: its own question, not the class folders' signs
        if found := split_worded_classes.unknown_rests_found(structure):  # `test_tube/`, `test_strip/`
            return dataclasses.replace(found, sign="one split word before no class word")
        found = split_worded_classes.uneven_classes_found(structure)
        return dataclasses.replace(found, sign="class under one split") if found else None
    for sign in SIGNS:
        if sign.name in answered:
            continue
        found = sign.look(splits, structure)
        if found is not None:
            return dataclasses.replace(found, sign=sign.name)
    return None


def check_folders(inputs: Sequence[str], structure: Structure, *, answered: Collection[str] = ()) -> None:
    """Stop before writing when the folders show a sign of a wrong guess (see `SIGNS`), but for the
    signs `answered` names (see `find_sign`).

    Raises:
      UsageError: a sign was found; its message names the folders and the options that decide.
    """
    found = find_sign(inputs, structure, answered=answered)
    if found is not None:
        raise UsageError(found.message())
