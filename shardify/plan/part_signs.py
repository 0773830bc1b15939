"""Signs that a download's own parts were read as classes: class folders named as splits holding a
split's loose files (`val_256/`), folders that differ only by a number and are named as parts
(`HAM10000_images_part_1/`), the one class folder named like a part (`data_256`), parts whose
folders are named after them, class folders each only the wrapper of a folder of its own name, and a copy of the
download inside itself.

Rows of `guards.SIGNS`; plain functions of paths, no I/O.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from shardify.plan import deeper_classes, split_worded_classes
from shardify.plan.folder_names import PART_WORDS, affixed_split
from shardify.plan.name_signs import grouped, name_hint
from shardify.plan.sign_findings import LABELS_FILE_HINT, Finding, Split, level_hint, numbered_alike, shown_folder
from shardify.plan.structure import Structure

__all__ = ["split_named_class", "nested_copy", "numbered_parts", "part_as_class", "named_within", "wrapped_classes"]

# A lone class folder's files whose names may carry labels (see part_as_class): at least this
# many, for a grouping of names to mean something (`damaged.png`, `damaged.jpg`, `ok.jpg` do not).
_MIN_NAMES_THAT_LABEL = 8


def split_named_class(splits: Sequence[Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    for split in splits:
        classes = sorted({parts[split.level] for parts in split.inputs if len(parts) > split.level})
        # a split's loose files (`val_256/*.jpg`, or one folder down: `testset/testset/*.jpg`) beside
        # folders of classes
        holding = _flat_classes(split.inputs, split.level)
        # (or with an affix: CRACK500's `traincrop/`, `valcrop/`, `testcrop/`, split by its lists)
        named = [name for name in classes if affixed_split(name) is not None and name in holding]
        # (a split's lone class named as the split folder itself is its doubled container: `--label-level 2`
        # over `holdout_testset/holdout_testset/*.jpg`)
        doubled = bool(split.folder) and split.folder.rstrip("/").rsplit("/", 1)[-1] in named
        if named and (len(classes) >= 2 or doubled) and not split_worded_classes.one_split_classes(classes):
            prefix = list(split.inputs[0][: split.level])
            # every class folder a split's: no class is left to label the records
            none_left = ["--label-level 0 for records without labels"] if len(named) == len(classes) >= 2 else []
            return Finding(
                "class folders named like splits or parts of a download, not classes",
                tuple(shown_folder([*prefix, name]) for name in named),
                (*none_left, LABELS_FILE_HINT, f"{level_hint(split.level + 1)} to keep them as the classes"),
            )
    return None


def _flat_classes(inputs: Sequence[Sequence[str]], level: int) -> set[str]:
    """The class folders at `level` whose inputs all lie in one folder: loose files, or loose
    files under a repeated container (Kaggle's `kaggle_simpson_testset/kaggle_simpson_testset/`)."""
    parents: dict[str, set[tuple[str, ...]]] = {}
    for parts in inputs:  # each input's folder parts
        if len(parts) > level:
            parents.setdefault(parts[level], set()).add(tuple(parts[level:]))
    return {name for name, folders in parents.items() if len(folders) == 1}


def nested_copy(splits: Sequence[Split], structure: Structure) -> Finding | None:
    """A folder that holds a copy of itself one level down (Kaggle's chest X-ray download:
    `chest_xray/train/NORMAL/` and `chest_xray/chest_xray/train/NORMAL/`): the same folders under
    `X/` and `X/X/`, so every file would be converted twice, and the classes lie at two depths.
    A wrapper of one name (`seg_train/seg_train/`) holds nothing beside its inner folder: no copy.
    The stop offers `--exclude` of the inner copy first (Tobacco3482's Kaggle download, blind round thirty: its
    records keep the paths under SRC), then SRC pointed at it."""
    folders = {parts for split in splits for parts in split.inputs}
    for parts in sorted(folders):
        for i in range(len(parts) - 1):
            if parts[i] != parts[i + 1]:
                continue
            outer, inner = parts[: i + 1], parts[: i + 2]
            inside = {p[i + 2 :] for p in folders if p[: i + 2] == inner}
            beside = {p[i + 1 :] for p in folders if p[: i + 1] == outer and p[: i + 2] != inner}
            if len(inside) >= 2 and inside <= beside:
                return Finding(
                    f"{shown_folder(inner)} holds the same folders as {shown_folder(outer)}: a copy of the download inside "
                    "itself, whose every file would be converted twice",
                    (shown_folder(outer), shown_folder(inner)),
                    (f"--exclude '{'/'.join(inner)}/**' converts the outer copy alone, its paths as they are",
                     f"point SRC at one copy (SRC/{'/'.join(inner)})"),
                )
    return None


def numbered_parts(splits: Sequence[Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    for split in splits:
        classes = sorted({parts[split.level] for parts in split.inputs if len(parts) > split.level})
        words = {word.casefold() for name in classes for word in re.findall(r"[A-Za-z]+", name)}
        if len(classes) < 2 or not numbered_alike(set(classes)) or not words & PART_WORDS:
            continue
        prefix = list(split.inputs[0][: split.level])
        return Finding(
            "the class folders differ only by a number and are named like parts of a download, not classes",
            tuple(shown_folder([*prefix, name]) for name in classes),
            (*name_hint(splits), LABELS_FILE_HINT, "--label-level 0 for records without labels"),
        )
    return None


def part_as_class(splits: Sequence[Split], structure: Structure) -> Finding | None:
    single_class = structure.single_class
    if not single_class:
        return None
    level = splits[0].level + 1
    if any(ch.isdigit() for ch in single_class):
        why = f"the one class folder is named like a part of a download, not a class ({single_class}: a name with a number)"
    elif len(names := [name for split in splits for name in split.names]) >= _MIN_NAMES_THAT_LABEL and grouped(names):
        why = (f"the one folder holding the inputs would be their one class ({single_class}), every record labelled "
               "alike, while their names may carry labels")
    else:
        return None
    return Finding(
        why,
        (shown_folder(splits[0].inputs[0][:level]),),
        (*name_hint(splits), "--label-level 0 for records without labels", LABELS_FILE_HINT,
         f"{level_hint(level)} to keep it as the class"),
    )


def named_within(splits: Sequence[Split], structure: Structure) -> Finding | None:
    hint = "a layout file's structure.split_names to read them as splits (docs/layout-files.md)"
    found = deeper_classes.named_within(splits, hint)
    return Finding(*found) if found else None


def wrapped_classes(splits: Sequence[Split], structure: Structure) -> Finding | None:
    """Two or more class folders each holding its inputs only inside one folder of its own name
    (Kaggle's unzipped archives, blind round thirty-seven's Ships in Satellite Imagery:
    `shipsnet/shipsnet/1__<scene>.png` beside `scenes/scenes/sfbay_1.png`): each name is an
    archive's, which may name a class (`cats/cats/`) or a part of the download whose labels lie
    elsewhere (the chips' `1__`, `0__`; the whole scenes unlabelled). The folders cannot tell which,
    so the run stops, naming the level that keeps them as the classes beside the options that label
    otherwise. A lone class folder so wrapped is `part_as_class`'s; split folders so wrapped are
    splits (`seg_train/seg_train/`), read before the classes. A stray folder or file beside the namesake
    (`shipsnet/shipsnet/` beside `shipsnet/extra/`) hides nothing: most of each class folder's inputs
    in its namesake is the sign (review31: one stray folder had let the archives' names be classes, exit 0).
    A class folder holding masks beside its inner folder (A Large-Scale Fish Dataset's
    `<Species>/<Species>/` beside `<Species>/<Species> GT/`, blind round nineteen) is no archive
    unpacked into its own folder: no sign."""
    if structure.single_class:
        return None
    for split in splits:
        inside: dict[str, Counter[str]] = {}
        for parts in split.inputs:
            if len(parts) > split.level:
                below = parts[split.level + 1] if len(parts) > split.level + 1 else ""
                inside.setdefault(parts[split.level], Counter())[below] += 1
        if len(inside) < 2 or any(below[name] * 2 <= below.total() for name, below in inside.items()):
            continue
        prefix = list(split.inputs[0][: split.level])
        if any(folder.startswith(shown_folder([*prefix, name])) for folder in structure.mask_folders for name in inside):
            continue  # masks beside the inner folder (the Fish dataset's `<Species>/<Species> GT/`): no archive's wrapping
        return Finding(
            "each class folder only wraps a folder of its own name, beside a few strays at most (an archive unpacked into "
            "its own folder): the names may be classes or parts of the download whose labels lie elsewhere",
            tuple(shown_folder([*prefix, name, name]) for name in sorted(inside)),
            (f"{level_hint(split.level + 1)} to keep them as the classes", *name_hint(splits), LABELS_FILE_HINT,
             "--label-level 0 for records without labels"),
        )
    return None
