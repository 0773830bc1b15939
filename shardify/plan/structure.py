"""Where a dataset lies inside its download, and what its folders mean.

Datasets ship wrapped: `imagenette2/train/<class>/`, `food-101/images/<class>/`, an archive
`train.zip` whose members sit in `train/`, `VOCdevkit/VOC2012/JPEGImages/` beside masks in
`SegmentationClass/`. The class is not "the first folder": it is the level whose sibling folders
hold the inputs. `infer_structure` reads that level, and the split level above it, from the paths
of the inputs alone (a sample of them), so the same rule holds for a folder, an archive read as a
folder, or an object store:

  1. Masks beside images are not inputs: a folder named like a mask folder (`SegmentationClass`,
     `trimaps`, `masks`, `annotations`...) whose images share their stems with images elsewhere
     (`masks_beside.py`).
  2. Wrappers are the folders every input lies in (a lone folder, `images/`, `2750/`, `ILSVRC/...`).
  3. Below them, sibling folders that all name splits (`train`, `val2017`, `20news-bydate-test`,
     `ILSVRC2012_img_val`: a split word among the name's words) are the split level.
  4. Below that (and any wrappers inside each split), sibling folders holding the inputs are the
     classes; `unsup/`-like folders among them hold unlabelled records, a split of their own.
  5. A split whose inputs lie loose in one folder has no class folders: its labels come from the
     dataset's label files, from a pattern its file names share (`cat.0.jpg`, `Abyssinian_12.jpg`),
     or it is unlabelled. A lone folder of loose files is one class only when its name is not a
     container's, a split's or an archive's.

Everything here is a plain function of relative paths (no I/O), so detection, the pipeline and the
tests apply the same rule.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shardify.plan import class_named_files, mask_names, masks_beside, nested_splits, sample_parts, split_worded_classes
from shardify.plan.abbreviated_splits import abbreviated_splits
from shardify.plan.evaluation_parts import evaluation_part
from shardify.plan.file_name_labels import NamePattern, name_pattern, with_names

# The names' vocabulary lives in folder_names; these are re-exported for the many callers that
# have imported them from here.
from shardify.plan.folder_names import (
    MASK_FOLDER_WORDS,
    PART_SPLIT_WORDS,
    SPLIT_WORDS,
    all_splits,
    is_container_name,
    is_never_a_class,
    is_unlabelled_name,
    mask_named,
    part_beside_splits,
    split_parts,
    split_word,
    splits_beneath_groups,
)
from shardify.plan.masks_beside import mask_key, stem_key  # re-exported: callers read them as structure.<name>

__all__ = [
    "split_word",
    "split_parts",
    "stem_key",
    "mask_key",
    "mask_named",
    "PART_SPLIT_WORDS",
    "is_container_name",
    "is_never_a_class",
    "is_unlabelled_name",
    "MASK_FOLDER_WORDS",
    "NamePattern",
    "name_pattern",
    "splits_beneath_groups",
    "Structure",
    "infer_structure",
]

@dataclass(frozen=True)
class Structure:
    """What a source's folders mean. Path components are counted from 0 at SRC.

    Attributes:
      root: the folders every input lies in ("" for none), '/'-terminated: the download's wrappers.
      split_level: the component naming a record's split, or -1 for no split folders.
      split_names: split folder -> split name, for folders whose name is not the split's own
        (`train2017` -> `train`); others keep their name.
      label_levels: split folder ("" without split folders) -> the component naming a record's
        class, or -1 where that split has no class folders.
      unlabelled: class-level folder names whose records have no label and form a split of that
        name (`unsup`).
      mask_folders: folders ('/'-terminated) whose files are masks or annotations beside the inputs.
      partial_masks: those of `mask_folders` known by their shape to hold the masks of only some of the
        images they mirror, each mask naming one (ISPRS Vaihingen's `gts_for_participants/`: 16 of 33
        tiles): the images without one are written without a mask, not rejected (`mirror_masks`).
      mask_words: words that end the stem of a mask lying beside its image, in the image's own
        folder (`_mask` of the LGG MRI's `TCGA_CS_4941_19960909_1_mask.tif` beside `..._1.tif`).
      name_pattern: the pattern the labels in file names follow, in `named_splits`.
      named_splits: the split folders ("" without split folders) whose files have no class
        folders and are labelled by `name_pattern`.
      single_class: the lone folder read as the one class (its name), or "".
      class_names: class folder -> class name, for folders whose name joins the class to its split's
        word (`train_cats` -> `cats`, CycleGAN's `trainA` -> `A`: split and class in one name, the
        split level the class level); others keep their name.
      chosen_level: the class level was given (`--label-level`), not read from the folders.
      class_path: the class is every folder from the class level down to the file's own, joined
        by "/" (Places365's `b/bakery/shop`, Omniglot's `Greek/character01`): for classes at uneven
        depths or named by two folders. Set in a layout file; detection never guesses it.
      class_leaf: the class is the file's own folder, the deepest, at any depth below the class
        level (the Grocery Store Dataset's fine classes: `Fruit/Apple/Golden-Delicious/` beside
        `Fruit/Avocado/`, a variety folder under some coarse classes only). Set in a layout file;
        detection never guesses it; not with `class_path`.
      classes_hold_inputs: detection saw every sampled input directly in its class folder (none in a
        folder beneath it): one-letter class folders are then the classes (notMNIST's `A/` ... `J/`),
        not an index over them (Places365's `a/abbey/`). Detection's finding, never written to or
        read from a layout file.
    """

    root: str = ""
    split_level: int = -1
    split_names: tuple[tuple[str, str], ...] = ()
    label_levels: tuple[tuple[str, int], ...] = ()
    unlabelled: tuple[str, ...] = ()
    mask_folders: tuple[str, ...] = ()
    mask_words: tuple[str, ...] = ()
    partial_masks: tuple[str, ...] = ()
    name_pattern: NamePattern | None = None
    named_splits: tuple[str, ...] = ()
    single_class: str = ""
    class_names: tuple[tuple[str, str], ...] = ()
    chosen_level: bool = False
    class_path: bool = False
    class_leaf: bool = False
    classes_hold_inputs: bool = dataclasses.field(default=False, compare=False)

    def is_mask_file(self, relpath: str) -> bool:
        """A mask lying beside its image (see `mask_words`), or a file of a mask folder."""
        if any(relpath.startswith(folder) for folder in self.mask_folders):
            return True
        return bool(self.mask_words) and masks_beside.last_word(relpath) in self.mask_words

    @property
    def split_folders(self) -> tuple[str, ...]:
        return tuple(folder for folder, _ in self.label_levels if folder) if self.split_level >= 0 else ()

    def folders_shown(self, word: str = "class") -> str:
        """Where a record's class and split folders lie, below SRC, as the plan shows it:
        `<split>/<class>/`, or `<class>/<split>/` where the classes hold the splits (`cat/train/`)."""
        levels = [level for _, level in self.label_levels if level >= 0]
        if self.split_level < 0:
            return f"{self.root}<{word}>/"
        if self.class_names and levels and min(levels) == self.split_level:
            return f"{self.root}<split>_<{word}>/"
        if levels and min(levels) < self.split_level:
            return f"{self.root}<{word}>/<split>/"
        return f"{self.root}<split>/<{word}>/"

    def split_folder_of(self, relpath: str) -> str:
        """The split folder a path lies in, or ""."""
        parts = relpath.split("/")
        if self.split_level < 0 or len(parts) <= self.split_level + 1:
            return ""
        folder = parts[self.split_level]
        return folder if folder in dict(self.label_levels) else ""


def _common_parts(folders: Iterable[Sequence[str]]) -> list[str]:
    folders = list(folders)
    if not folders:
        return []
    common = list(folders[0])
    for parts in folders[1:]:
        length = 0
        while length < min(len(common), len(parts)) and common[length] == parts[length]:
            length += 1
        del common[length:]
    return common


# Mask folders the plan's note names (a folder per sample has one of its own each).
_SHOWN_MASK_FOLDERS = 4


def _label_level(folders: Sequence[Sequence[str]], start: int) -> int:
    """The class level of inputs in `folders` (each input's folder parts) from component `start`
    on, past any wrappers, or -1: sibling folders that hold (nearly) all of the inputs."""
    common = _common_parts(parts[start:] for parts in folders)
    level = start + len(common)
    inside = [parts for parts in folders if len(parts) > level]
    if len({parts[level] for parts in inside}) >= 2 and len(inside) > len(folders) - len(inside):
        return level
    return -1


def _classes_hold_inputs(members: dict[str, list[list[str]]], levels: dict[str, int]) -> bool:
    """Every input of a split with class folders lies directly in its class folder."""
    found = [len(parts) == levels[split] + 1 for split, parts_list in members.items() if levels[split] >= 0 for parts in parts_list]
    return bool(found) and all(found)


def _split_and_class(root: list[str], joined: dict[str, tuple[str, str]], masks: set[str], mask_words: tuple[str, ...],
                     holds: bool = True) -> Structure:
    """Split folders that are the class folders too, each name a split word and a class
    (`split_worded_classes.split_classes`, `one_split_classes`); `holds`: every sampled input lies
    directly in its folder."""
    level = len(root)
    return Structure(
        "/".join(root) + "/" if root else "",
        level,
        tuple((folder, split) for folder, (split, _) in sorted(joined.items()) if split != folder),
        tuple((folder, level) for folder in sorted(joined)),
        mask_folders=tuple(sorted(masks)),
        mask_words=mask_words,
        class_names=tuple((folder, name) for folder, (_, name) in sorted(joined.items())),
        classes_hold_inputs=holds,
    )


def infer_structure(
    inputs: Sequence[str],
    *,
    archive_folders: Iterable[str] = (),
    has_label_files: bool = False,
    top_folders: Sequence[str] = (),
) -> tuple[Structure, tuple[str, ...]]:
    """The structure of a source from the relative paths of (a sample of) its inputs, and how it
    was decided (one line each, for the plan).

    Args:
      inputs: paths of files of the source's media (images, or texts), not junk.
      archive_folders: folders that are archives read as folders ('/'-terminated): their names are
        a download's, never a class's.
      has_label_files: the source ships label files, which label loose files (so a lone folder is a
        wrapper, not a class).
      top_folders: every folder at the top of SRC, where known beyond the sample (an object store
        lists them all): split folders the sample missed are split folders still, and a folder
        beside a lone `train/` that names no split makes `train/` an ordinary folder.
    """
    masks = masks_beside.mask_folders_of(inputs) | sample_parts.part_mask_folders(inputs)
    inputs = [p for p in inputs if not any(p.startswith(m) for m in masks)]
    shown = sorted(masks)[:_SHOWN_MASK_FOLDERS] + ([f"and {len(masks) - _SHOWN_MASK_FOLDERS} more"] if len(masks) > _SHOWN_MASK_FOLDERS else [])
    notes = [f"masks or annotations beside the images, not inputs: {', '.join(shown)}"] if masks else []
    mask_words = masks_beside.mask_words_of(inputs)
    if mask_words:
        inputs = [p for p in inputs if masks_beside.last_word(p) not in mask_words]
        notes.append(f"masks beside their images, not inputs: the files whose names end in {', '.join('_' + w for w in mask_words)}")
        observers = sorted((rank, word) for word in mask_words if (rank := mask_names.observer_rank(word)) is not None)
        if len(observers) > 1:  # CHASE_DB1's `_1stHO`, `_2ndHO`: the first observer's is the ground truth
            notes.append(f"masks of {len(observers)} observers: the first's (_{observers[0][1]}) stored, the others' set aside")
    folders = [p.split("/")[:-1] for p in inputs]
    root = _common_parts(folders)
    level = len(root)
    children = {parts[level] for parts in folders if len(parts) > level}
    tops = set(top_folders)
    parts_as_splits: dict[str, str] = {}
    joined = split_worded_classes.split_classes(children) if root or not tops or tops <= children else None
    if split_worded_classes.one_split_classes(children) and (root or not tops or split_worded_classes.one_split_classes(tops)):
        # `training_fake/` beside `training_real/`, `test_positive/` beside `test_negative/`: the classes
        # of the one split their word names (the class without that word, as two split words give it)
        one = {name: split_worded_classes.class_word(name) for name in children}
        note = f"class folders each joining one split word to the class: {', '.join(sorted(children))}; one split"
        holds = all(len(parts) == level + 1 for parts in folders)
        return _split_and_class(root, one, masks, mask_words, holds), (*notes, note)  # type: ignore[arg-type]
    if joined:  # `train_cats/`, `test_cats/`, `train_dogs/`, `test_dogs/`; CycleGAN's `trainA/` ... `testB/`
        note = f"folders each joining a split word to a class: {', '.join(sorted(joined))}; split and class from each name"
        return _split_and_class(root, joined, masks, mask_words), (*notes, note)
    if len(tops) >= 2 and all_splits(tops) and (not root or root[0] in tops):
        root, level = [], 0  # split folders at the top, some of them beyond the sample
        split_level, split_folders = 0, sorted(tops)
    elif len(children) >= 2 and all_splits(children):
        split_level, split_folders = level, sorted(children)
    elif parts_as_splits := abbreviated_splits(children):  # DUTS's `DUTS-TR/` beside `DUTS-TE/`
        split_level, split_folders = level, sorted(parts_as_splits)
        notes.append(f"folders named as splits in an abbreviated word: {', '.join(split_folders)}")
    elif parts_as_splits := split_parts(folders, level):  # `images_background/` beside `images_evaluation/`
        split_level, split_folders = level, sorted(parts_as_splits)
        notes.append(f"folders holding the same folders beneath them, named as splits: {', '.join(split_folders)}")
    elif grouped := splits_beneath_groups(folders, level, children):  # `part_A/train_data/`, `part_B/train_data/`
        split_level, split_folders = level + 1, grouped
        notes.append(f"split folders beneath each of {', '.join(sorted(children))}: the groups are no classes")
    elif parts_as_splits := class_named_files.flat_split_beside_classes(inputs, level, split_word):
        split_level, split_folders = level, sorted(parts_as_splits)  # `kaggle_simpson_testset/` beside `simpsons_dataset/`
        notes.append(f"a split of loose files named by the class folders beside it: {', '.join(split_folders)}")
    else:  # one split may be a wrapper: `ILSVRC2012_img_train/`, or `train/` alone
        split_level = next((depth for depth in reversed(range(level)) if split_word(root[depth])), -1)
        if split_level == 0 and tops - {root[0]} and not all(split_word(top) for top in tops):
            split_level = -1  # `train/` beside `cats/`: not a split folder
        split_folders = [root[split_level]] if split_level >= 0 else []
    if split_level >= 0 and (finer := nested_splits.finer_splits(folders, split_level, split_folders)):
        split_level, split_folders = split_level + 1, finer  # LIP's TrainVal_images/train_images/, val_images/
        notes.append(f"split folders beneath a folder named for two splits: {', '.join(finer)}")
    if split_level >= 0:
        root = root[:split_level]
        notes.append(f"split folders: {', '.join(split_folders)}" + (f" under {'/'.join(root)}/" if root else ""))
    members = {
        split: [parts for parts in folders if not split or (len(parts) > split_level and parts[split_level] == split)]
        for split in split_folders or [""]
    }
    levels = {split: _label_level(parts, split_level + 1) for split, parts in members.items()}
    # A split whose sample shows one class folder has the level its sibling splits have.
    shared = Counter(level for level in levels.values() if level >= 0).most_common(1)
    label_levels, unlabelled, names = [], set(), []
    for split, parts_list in members.items():
        level_found = levels[split]
        if level_found < 0 and shared and all(
            len(parts) > shared[0][0] and not is_container_name(parts[shared[0][0]]) for parts in parts_list
        ):
            level_found = shared[0][0]
        if level_found >= 0:
            unlabelled |= {p[level_found] for p in parts_list if len(p) > level_found and is_unlabelled_name(p[level_found])}
        label_levels.append((split, level_found))
        named = (
            split_word(split) or (parts_as_splits or {}).get(split) or part_beside_splits(split, split_folders)
            or evaluation_part(split, split_folders, split_word) or split
        )  # `seg_pred`: its own name
        if split and named != split:
            names.append((split, named))
    below = {parts[split_level + 1] for parts in folders if len(parts) > split_level + 1}
    if (
        split_level >= 0
        and all(level < 0 for _, level in label_levels)
        and all(len(parts) > split_level + 1 for parts in folders)
        and below
        and not any(is_container_name(name) or is_unlabelled_name(name) for name in below)
    ):  # each split holds one folder, the same class's: `train/cat/`, `val/cat/`
        label_levels = [(split, split_level + 1) for split, _ in label_levels]
        notes.append(f"one class folder in each split: {', '.join(sorted(below))}")
    structure = Structure(
        "/".join(root) + "/" if root else "",
        split_level,
        tuple(names),
        tuple(label_levels),
        tuple(sorted(unlabelled)),
        tuple(sorted(masks)),
        mask_words,
        classes_hold_inputs=_classes_hold_inputs(members, dict(label_levels)),
    )
    if split_level < 0 and label_levels == [("", -1)] and root and not has_label_files:
        lone = root[-1]
        beside_masks = any(posixpath.dirname(m.rstrip("/")) == "/".join(root[:-1]) for m in masks)  # its images' masks' sibling
        if not is_container_name(lone) and "/".join(root) + "/" not in set(archive_folders) and not is_unlabelled_name(lone) and not beside_masks:
            note = f"one class folder, {'/'.join(root)}/: every record is labelled {lone}"
            return dataclasses.replace(structure, label_levels=(("", len(root) - 1),), single_class=lone), (*notes, note)
    return with_names(structure, inputs, tuple(notes))

