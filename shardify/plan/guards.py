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
  classes per split    split folders whose class folders share no name (Cityscapes' cities):
                       groups, not classes, unless the splits hold disjoint classes on purpose;
  few over many        few class folders over many folders holding the inputs (2 over 50): the
                       class is likely deeper;
  numbered parts       class folders whose names differ only by a number and name a part of a
                       download (`HAM10000_images_part_1/`, `_part_2/`): the images were cut in
                       parts for size, and the labels are elsewhere;
  part as the class    the one class folder named like a part of a download (`data_256`,
                       `leftImg8bit`, `image_2`): a name with a number in it; or one whose
                       files' names may carry labels (`PlantaeK/apple_d1.JPG`, `apple_h1.JPG`):
                       one label for every record would hide them.

Where the inputs' own names carry letters (`obj1__0.png`), the two part signs also name
`--label-from-name`: the label may be in the names once the folder is not it.

Signs in the files rather than the folders (annotations taken for captions, tables holding other
labels, a source with no way to label its files) are in `file_signs.py`.

Plain functions of relative paths, no I/O.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shardify.errors import UsageError
from shardify.plan import deeper_classes, siblings
from shardify.plan.folder_names import PART_WORDS, affixed_split
from shardify.plan.structure import Structure, is_container_name

__all__ = [
    "Finding",
    "Sign",
    "SIGNS",
    "check_folders",
    "find_sign",
    "LABELS_FILE_HINT",
]

LABELS_FILE_HINT = "--labels FILE (a table of path and label)"
NAME_HINT = "--label-from-name REGEX for labels in the file names (e.g. '^(.+)_\\d+' for Abyssinian_12.jpg)"
# For classes a single folder level cannot name (uneven depths, two folders a class).
CLASS_PATH_HINT = "--dry-run --layout-file FILE, then `class_path: true` in FILE (the folders from the class level down name the class)"
# Folders named in a refusal.
_SHOWN = 3
# A stem with letters may carry a label (`Abyssinian_12`); `00001` cannot.
_LETTERS = re.compile(r"[A-Za-z]")
# "Few over many": at most this many class folders, over at least this many times as many
# folders holding the inputs (and at least _MIN_LEAVES of them).
_FEW_LABELS = 5
_LEAVES_PER_LABEL = 10
_MIN_LEAVES = 20
# A lone class folder's files whose names may carry labels (see _part_as_class): at least this
# many, for a grouping of names to mean something (`damaged.png`, `damaged.jpg`, `ok.jpg` do not).
_MIN_NAMES_THAT_LABEL = 8
# "Classes per split": at least this many class folders in all before disjoint splits mean
# anything (a split of one class beside another of one class is too little to tell).
_MIN_CLASSES_ACROSS_SPLITS = 3
# "Folder per sample": at least this many folders, nine in ten named as the file inside them.
_MIN_SAMPLE_FOLDERS = 4


@dataclass(frozen=True)
class Finding:
    """A sign found: what it shows, the folders that show it, the options that decide."""

    shows: str
    folders: tuple[str, ...]
    options: tuple[str, ...]
    sign: str = ""  # the name of the row of `SIGNS` that found it

    def message(self) -> str:
        more = len(self.folders) - _SHOWN
        shown = ", ".join(self.folders[:_SHOWN]) + (f" and {more} more" if more > 0 else "")
        return f"{self.shows} ({shown}): {' or '.join(self.options)}"


@dataclass(frozen=True)
class _Split:
    """The inputs of one split folder ("" for none) with class folders at component `level`."""

    folder: str
    level: int
    inputs: tuple[tuple[str, ...], ...]  # each input's folder parts
    names: tuple[str, ...] = ()  # each input's file name, in the order of `inputs`


@dataclass(frozen=True)
class Sign:
    """One row of the table: its name, what it shows, and its test over the splits read."""

    name: str
    shows: str
    look: Callable[[Sequence[_Split], Structure], Finding | None]


def _folder(parts: Sequence[str]) -> str:
    return "/".join(parts) + "/"


def _level_hint(level: int) -> str:
    return f"--label-level {level} (counted from SRC)"


def _numbered_alike(names: set[str]) -> bool:
    """Names that differ only by their numbers (`character01`, `character02`): generic members of
    each part, whose merging across parts would join different things."""
    return len({re.sub(r"\d+", "#", name) for name in names}) == 1 and any(ch.isdigit() for name in names for ch in name)


def _shown_path(split: _Split, name: str, below: str) -> str:
    """The path of a real folder `below` beneath the class folder `name`, for a refusal."""
    for parts in split.inputs:
        if len(parts) > split.level and parts[split.level] == name and below in parts[split.level + 1 :]:
            return _folder(parts[: parts.index(below, split.level + 1) + 1])
    return _folder([name, below])


def _same_names_beneath(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    for split in splits:
        beneath = siblings.names_beneath(split.inputs, split.level)
        others = {name: below & set().union(*(b for n, b in beneath.items() if n != name)) for name, below in beneath.items()}
        # a folder holding inputs itself is a class, its subfolders nested in it (`circle/more/`)
        holding = {parts[split.level] for parts in split.inputs if len(parts) == split.level + 1}
        sharing = sorted(name for name, shared in others.items() if shared and name not in holding)
        if len(sharing) < 2 or len(sharing) * 2 < len(beneath):
            continue
        common = set.intersection(*(others[name] for name in sharing))
        folders = tuple(_shown_path(split, name, sorted(others[name] & common or others[name])[0]) for name in sharing)
        if common and all(is_container_name(name) for name in common):
            # the names beneath say what the folders hold (LoveDA's `Urban/images_png/` beside its
            # `masks_png/`): no classes beneath; the folders above are classes or groups of a
            # segmentation's images, which the user says
            return Finding(
                "the class folders hold folders of the same names beneath them, which name what they hold "
                "(images, not classes): the folders above them may be groups of the dataset (domains, places), not classes",
                folders,
                ("--label-level 0 for records without labels",
                 f"{_level_hint(split.level + 1)} to keep the folders above them as the classes"),
            )
        options = [LABELS_FILE_HINT, CLASS_PATH_HINT]
        if not _numbered_alike(set(sharing)):  # named parts (`amazon/`, `dslr/`: domains), not `part1/`, `part2/`
            options.append(_split_level_hint(split, sharing, common))
        deepest = _classes_under_one_chain(split)
        if not _parts_alike(set().union(*others.values())) and deepest:
            # (or these are the classes, the folders beneath the groups each was gathered from:
            # WebKB's `course/texas/`, `student/texas/`; the names cannot tell which)
            options[:0] = [f"{_level_hint(deepest)} for the folders beneath them as the classes",
                           f"{_level_hint(split.level + 1)} for these folders as the classes, the ones beneath them groups"]
        elif _named_folders_beneath(split, sharing):
            # named folders shared beneath (op_spam's `deceptive_from_MTurk/` under each polarity, its
            # `fold1/` below): they may be the classes, whatever lies under them (folds, not classes)
            # or the groups each class was gathered from (WebKB's `course/texas/`, `student/texas/`):
            # which, the names cannot tell, so both levels are named
            options[:0] = [f"{_level_hint(split.level + 1)} for these folders as the classes, the ones beneath them groups",
                           f"{_level_hint(split.level + 2)} for the folders beneath them as the classes"]
        if _parts_of_each(split):
            # members of each (`sample_a/`, `sample_b/`; `40X/`, `100X/`): the classes are one of the
            # levels above them whose names differ, which the user says
            options[:0] = _levels_above(split)
        return Finding(
            "the class folders hold folders of the same names beneath them: parts or sets of the dataset, not its "
            "classes, and the names beneath them repeat in each",
            folders,
            tuple(options),
        )
    return None


def _parts_alike(names: set[str]) -> bool:
    """Names of a set's members rather than of classes: they differ only by their numbers
    (`character01`, `40X`, `100X`) or by one letter after a separator (KTH-TIPS2's `sample_a`, `sample_b`).

    >>> _parts_alike({"sample_a", "sample_b"}), _parts_alike({"40X", "100X"}), _parts_alike({"aeroplane", "bicycle"})
    (True, True, False)
    """
    lettered = {re.sub(r"(?<=[_\-\s])[A-Za-z]$", "@", name) for name in names}
    return len(names) >= 2 and (_numbered_alike(names) or (len(lettered) == 1 and "@" in next(iter(lettered))))


def _parts_of_each(split: _Split) -> bool:
    """The folders holding the inputs are a few parts of each folder above them: names of members
    (`_parts_alike`), the same set beneath every parent, and fewer of them than parents (KTH-TIPS2's
    `sample_a/` .. `sample_d/` in each of 11 materials; BreakHis's four magnifications in each of 82
    patients). Members named alike that outnumber their parents (Chars74K's `Sample001/` ..
    `Sample062/` in `GoodImg/`, `BadImag/`) or differ from parent to parent (Omniglot's characters in
    each alphabet) are classes of their own."""
    beneath: dict[tuple[str, ...], set[str]] = {}
    for parts in split.inputs:
        if len(parts) > split.level + 1:
            beneath.setdefault(tuple(parts[:-1]), set()).add(parts[-1])
    sets = {frozenset(names) for names in beneath.values()}
    if len(sets) != 1:
        return False
    leaves = next(iter(sets))
    return _parts_alike(set(leaves)) and len(leaves) < len(beneath)


def _levels_above(split: _Split) -> list[str]:
    """A hint per level from the split's folder down to the folders holding the inputs' folders
    whose names differ (BreakHis's benign/malignant, its tumour types and its patients above `40X/`),
    with examples."""
    first = len([p for p in split.folder.strip("/").split("/") if p])
    hints = []
    for index in range(first, max(len(parts) for parts in split.inputs) - 1):
        names = sorted({parts[index] for parts in split.inputs if len(parts) > index + 1})
        if len(names) >= 2:
            hints.append(f"{_level_hint(index + 1)} for {', '.join(names[:2])}{', ...' if len(names) > 2 else ''} as the classes")
    return hints


def _named_folders_beneath(split: _Split, sharing: Sequence[str]) -> bool:
    """The folders directly beneath the `sharing` folders that two of them hold alike are named,
    not numbered and not containers (op_spam's `deceptive_from_MTurk/` under each polarity; not
    Ling-Spam's `part1/` under each version, nor `images/`)."""
    beneath: dict[str, set[str]] = {}
    for parts in split.inputs:
        if len(parts) > split.level + 2 and parts[split.level] in sharing:
            beneath.setdefault(parts[split.level], set()).add(parts[split.level + 1])
    shared = {name for folder, names in beneath.items() for name in names
              if any(name in others for other, others in beneath.items() if other != folder)}
    return bool(shared) and not any(re.search(r"\d", name) or is_container_name(name) for name in shared)


def _classes_under_one_chain(split: _Split) -> int:
    """The level (1: SRC's folders) of the folders holding the inputs where every input lies at one
    depth and the folders between the parts and them are one chain, the same in every part
    (DomainNet's `clipart/<class>/`: none; Chars74K's `GoodImg/Bmp/Sample001/`: `Bmp`), else 0."""
    depths = {len(parts) for parts in split.inputs}
    if len(depths) != 1 or (depth := depths.pop()) < split.level + 2:
        return 0
    chain = all(len({parts[i] for parts in split.inputs}) == 1 for i in range(split.level + 1, depth - 1))
    return depth if chain else 0


def _split_level_hint(split: _Split, sharing: Sequence[str], common: set[str]) -> str:
    """The layout file's keys that keep each folder holding the same class folders as a split of
    its own (Office-31's `amazon/images/<class>/`, `dslr/images/<class>/`: domains), with the
    class level beneath them (components counted from SRC's first, as the layout file counts)."""
    # the deepest of the shared names' components: the classes, below any container (`images/`)
    # (a loose file beside the folders, a readme, has no component at that level)
    level = max((depth for parts in split.inputs if len(parts) > split.level and parts[split.level] in sharing
                 for depth in range(split.level + 1, len(parts)) if parts[depth] in common), default=split.level + 1)
    return (f"--dry-run --layout-file FILE, then `split_level: {split.level}` and `label_levels: "
            f"{{{sharing[0]}: {level}, ...}}` in FILE's structure (each of those folders a split of its own)")


def _split_named_class(splits: Sequence[_Split], structure: Structure) -> Finding | None:
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
        if named and (len(classes) >= 2 or doubled):
            prefix = list(split.inputs[0][: split.level])
            # every class folder a split's: no class is left to label the records
            none_left = ["--label-level 0 for records without labels"] if len(named) == len(classes) >= 2 else []
            return Finding(
                "class folders named like splits or parts of a download, not classes",
                tuple(_folder([*prefix, name]) for name in named),
                (*none_left, LABELS_FILE_HINT, f"{_level_hint(split.level + 1)} to keep them as the classes"),
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


def _classes_per_split(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    classes = {
        split.folder: {parts[split.level] for parts in split.inputs if len(parts) > split.level}
        for split in splits
        if split.folder
    }
    if len(classes) < 2 or sum(len(names) for names in classes.values()) < _MIN_CLASSES_ACROSS_SPLITS:
        return None
    counts = Counter(name for names in classes.values() for name in names)
    if any(number > 1 for number in counts.values()):
        return None
    by_split = {split.folder: split for split in splits}
    folders = tuple(
        _folder([*by_split[folder].inputs[0][: by_split[folder].level], sorted(names)[0]])
        for folder, names in sorted(classes.items())
    )
    level = splits[0].level + 1
    return Finding(
        "no class folder is in two splits: such folders are groups (places, people, recordings), not classes",
        folders,
        ("--label-level 0 for records without labels", LABELS_FILE_HINT,
         f"{_level_hint(level)} where the splits hold different classes on purpose (few-shot sets)"),
    )


def _nested_copy(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    """A folder that holds a copy of itself one level down (Kaggle's chest X-ray download:
    `chest_xray/train/NORMAL/` and `chest_xray/chest_xray/train/NORMAL/`): the same folders under
    `X/` and `X/X/`, so every file would be converted twice, and the classes lie at two depths.
    A wrapper of one name (`seg_train/seg_train/`) holds nothing beside its inner folder: no copy."""
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
                    f"{_folder(inner)} holds the same folders as {_folder(outer)}: a copy of the download inside "
                    "itself, whose every file would be converted twice",
                    (_folder(outer), _folder(inner)),
                    (f"point SRC at one copy (SRC/{'/'.join(inner)})",),
                )
    return None


def _uneven_depth(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    for split in splits:
        below = split.level + 1
        direct: dict[tuple[str, ...], bool] = {}  # each folder one below the class level: holds inputs directly?
        for parts in split.inputs:
            if len(parts) > below:
                key = tuple(parts[: below + 1])
                direct[key] = direct.get(key, False) or len(parts) == below + 1
        leaves = sorted(key for key, holds in direct.items() if holds)
        branches = sorted(key for key, holds in direct.items() if not holds)
        # One folder one level deeper among class-like folders is enough: an index with a single
        # two-level class (`b/bakery/shop/`) read at the letters wrote wrong labels with exit 0.
        if len(leaves) < 2 or not branches:
            continue
        deeper = next(parts for parts in sorted(split.inputs) if tuple(parts[: below + 1]) == branches[0])
        return Finding(
            "the classes lie at uneven depths: some folders hold the inputs, their siblings hold them in folders "
            "one level deeper, so no one level of folders names the classes",
            (_folder(leaves[0]), _folder(deeper)),
            (LABELS_FILE_HINT, CLASS_PATH_HINT),
        )
    return None


def _few_over_many(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    for split in splits:
        classes = {parts[split.level] for parts in split.inputs if len(parts) > split.level}
        leaves = {tuple(parts) for parts in split.inputs if len(parts) > split.level + 1}
        if not classes or len(classes) > _FEW_LABELS or len(leaves) < max(_MIN_LEAVES, _LEAVES_PER_LABEL * len(classes)):
            continue
        depths = {len(parts) for parts in leaves}
        options = [LABELS_FILE_HINT]
        if len(depths) == 1:
            options.insert(0, f"{_level_hint(depths.pop())} for the folders holding the inputs as the classes")
        options.append(f"{_level_hint(split.level + 1)} to keep these {len(classes)} as the classes")
        return Finding(
            f"{len(classes)} class folders over {len(leaves)} folders holding the inputs: the classes are likely deeper",
            tuple(_folder(leaf) for leaf in sorted(leaves)[:2]),
            tuple(options),
        )
    return None




def names_may_label(names: Sequence[str]) -> bool:
    """The file names could carry a label: with their last number taken away, they fall into a few
    groups of several names each, and the groups hold letters (`obj1__0.png`, `obj1__5.png`,
    `obj2__0.png`; `Abyssinian_12.jpg`). A constant prefix (`ISIC_0024306.jpg`) or names unique
    to each file cannot be a label.

    >>> names_may_label(["obj1__0.png", "obj1__5.png", "obj2__0.png", "obj2__5.png"])
    True
    >>> names_may_label(["ISIC_0024306.jpg", "ISIC_0024313.jpg"])
    False
    """
    groups = _name_groups(names)
    return 2 <= len(groups) < len(names) and all(_LETTERS.search(group) for group in groups)


def _name_groups(names: Sequence[str]) -> Counter:
    """How many names fall in each group: a name's stem with its last number taken away."""
    return Counter(re.sub(r"\d+(?!.*\d)", "#", name.rsplit("/", 1)[-1].rsplit(".", 1)[0]) for name in names)


def _grouped(names: Sequence[str]) -> bool:
    """`names_may_label`, and at least two of the groups hold several names each (PlantaeK's
    `apple_d1`, `apple_d2`, `apple_h1`, `apple_h2`): one group beside a stray name (`circle_000` ...
    and `copy_of_000`) labels nothing.

    >>> _grouped([f"circle_{i:03d}.jpg" for i in range(12)] + ["copy_of_000.jpg"])
    False
    >>> _grouped([f"{p}_{h}{n}.JPG" for p in ("apple", "fig") for h in "dh" for n in (1, 2)])
    True
    """
    return names_may_label(names) and sum(count > 1 for count in _name_groups(names).values()) >= 2


def _name_hint(splits: Sequence[_Split]) -> list[str]:
    """`--label-from-name` where the inputs' names may carry the label (see `names_may_label`), or
    would with every number taken away (Brazilian Coffee Scenes' `coffee.28.301.jpg`,
    `noncoffee.39.338.jpg`: a word and two coordinates)."""
    names = [name for split in splits for name in split.names]
    bare = [re.sub(r"\d+", "", stem) + "0." + ext for stem, _, ext in (name.rpartition(".") for name in names)]
    return [NAME_HINT] if names_may_label(names) or names_may_label(bare) else []


def _numbered_parts(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    for split in splits:
        classes = sorted({parts[split.level] for parts in split.inputs if len(parts) > split.level})
        words = {word.casefold() for name in classes for word in re.findall(r"[A-Za-z]+", name)}
        if len(classes) < 2 or not _numbered_alike(set(classes)) or not words & PART_WORDS:
            continue
        prefix = list(split.inputs[0][: split.level])
        return Finding(
            "the class folders differ only by a number and are named like parts of a download, not classes",
            tuple(_folder([*prefix, name]) for name in classes),
            (*_name_hint(splits), LABELS_FILE_HINT, "--label-level 0 for records without labels"),
        )
    return None


def _part_as_class(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    single_class = structure.single_class
    if not single_class:
        return None
    level = splits[0].level + 1
    if any(ch.isdigit() for ch in single_class):
        why = f"the one class folder is named like a part of a download, not a class ({single_class}: a name with a number)"
    elif len(names := [name for split in splits for name in split.names]) >= _MIN_NAMES_THAT_LABEL and _grouped(names):
        why = (f"the one folder holding the inputs would be their one class ({single_class}), every record labelled "
               "alike, while their names may carry labels")
    else:
        return None
    return Finding(
        why,
        (_folder(splits[0].inputs[0][:level]),),
        (*_name_hint(splits), "--label-level 0 for records without labels", LABELS_FILE_HINT,
         f"{_level_hint(level)} to keep it as the class"),
    )


def _stems_by_class(split: _Split) -> dict[str, list[str]]:
    """The stems of the files in each class folder of a split (a file beside the class folders is
    no class's)."""
    stems: dict[str, list[str]] = {}
    for parts, name in zip(split.inputs, split.names):
        if len(parts) > split.level:
            stems.setdefault(parts[split.level], []).append(name.rsplit(".", 1)[0])
    return stems


def _folder_per_input(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    if structure.single_class:
        return None
    for split in splits:
        stems = _stems_by_class(split)
        named = [folder for folder, inside in stems.items() if inside and all(stem == folder for stem in inside)]
        if len(stems) >= _MIN_SAMPLE_FOLDERS and len(named) * 10 >= len(stems) * 9:
            return Finding(
                "the class folders are each named as the file inside them: a folder per sample, not classes",
                tuple(_folder([*split.inputs[0][: split.level], folder]) for folder in sorted(named)[:_SHOWN]),
                ("--label-level 0 for records without labels", LABELS_FILE_HINT),
            )
    return None


def _subjects_with_masks(splits: Sequence[_Split], structure: Structure) -> Finding | None:
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
                tuple(_folder([*split.inputs[0][: split.level], folder]) for folder in sorted(named)[:_SHOWN]),
                ("--label-level 0 for records without labels (each with its mask)",
                 f"{_level_hint(split.level + 1)} to keep the folders as the classes"),
            )
    return None


def _containers(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    found = deeper_classes.containers_over_classes(splits, _level_hint, LABELS_FILE_HINT)
    return Finding(*found) if found else None


def _numbered_index(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    found = deeper_classes.numbered_index(splits, LABELS_FILE_HINT, _level_hint)
    return Finding(*found) if found else None


def _named_within(splits: Sequence[_Split], structure: Structure) -> Finding | None:
    hint = "a layout file's structure.split_names to read them as splits (docs/layout-files.md)"
    found = deeper_classes.named_within(splits, hint)
    return Finding(*found) if found else None


SIGNS: tuple[Sign, ...] = (
    Sign("nested copy", "a download's copy of itself read beside it", _nested_copy),
    Sign("folder per sample", "a folder per sample read as the classes", _folder_per_input),
    Sign("uneven depth", "an index read as the classes", _uneven_depth),
    Sign("same names beneath", "parts or sets read as classes", _same_names_beneath),
    Sign("split-named class", "a split or part read as a class", _split_named_class),
    Sign("classes per split", "groups read as classes", _classes_per_split),
    Sign("containers over classes", "folders named for what they hold read as the classes", _containers),
    Sign("numbered index", "numbered folders spreading the files read as the classes", _numbered_index),
    Sign("named within", "a download's parts, their folders named after them, read as the classes", _named_within),
    Sign("few over many", "a level above the classes", _few_over_many),
    Sign("numbered parts", "a download's parts read as classes", _numbered_parts),
    Sign("part as the class", "a download's part read as the one class", _part_as_class),
    Sign("subjects with masks", "a folder per subject of a segmentation dataset read as the classes", _subjects_with_masks),
)


def find_sign(inputs: Sequence[str], structure: Structure) -> Finding | None:
    """The first sign in `SIGNS` the inputs' paths show against `structure`'s class folders, or
    None. Masks and inputs of splits without class folders are left out.

    >>> paths = [f"{a}/character0{c}/{a}{c}.png" for a in ("Greek", "Latin", "Braille") for c in (1, 2)]
    >>> find_sign(paths, Structure(label_levels=(("", 0),))).folders[:2]
    ('Braille/character01/', 'Greek/character01/')
    """
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
        splits.append(_Split(folder, levels[folder], tuple(p for p, _ in paired), tuple(n for _, n in paired)))
    if not splits:
        return None
    if structure.chosen_level:
        # the level is the user's, not a guess; but a class at it named as a split and holding a split's
        # loose files (`kaggle_simpson_testset/*.jpg` beside `simpsons_dataset/<character>/` at
        # --label-level 2, as the few-over-many refusal suggested) would merge that split into the classes
        found = _split_named_class(splits, structure)
        return dataclasses.replace(found, sign="split-named class", options=(LABELS_FILE_HINT,)) if found else None
    for sign in SIGNS:
        found = sign.look(splits, structure)
        if found is not None:
            return dataclasses.replace(found, sign=sign.name)
    return None


def check_folders(inputs: Sequence[str], structure: Structure) -> None:
    """Stop before writing when the folders show a sign of a wrong guess (see `SIGNS`).

    Raises:
      UsageError: a sign was found; its message names the folders and the options that decide.
    """
    found = find_sign(inputs, structure)
    if found is not None:
        raise UsageError(found.message())
