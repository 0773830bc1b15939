"""The sign "same names beneath": class folders holding no inputs of their own but folders of the same
names (`Greek/character01/`, `Latin/character01/`) are parts or sets of a dataset, not its classes.

The longest of the signs, for what it must tell apart to name the right options: names that say
what a folder holds (`images_png/`), members of each part (`sample_a/`, `40X/`), named folders
shared beneath (`deceptive_from_MTurk/`), one chain of folders down to the inputs. A row of
`guards.SIGNS`; plain functions of paths, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shardify.plan import siblings
from shardify.plan.folder_names import split_word
from shardify.plan.sign_findings import (
    CLASS_LEAF_HINT,
    CLASS_PATH_HINT,
    LABELS_FILE_HINT,
    Finding,
    Split,
    level_hint,
    numbered_alike,
    shown_folder,
)
from shardify.plan.structure import Structure, is_container_name

__all__ = ["same_names_beneath"]


def _shown_path(split: Split, name: str, below: str) -> str:
    """The path of a real folder `below` beneath the class folder `name`, for a refusal."""
    for parts in split.inputs:
        if len(parts) > split.level and parts[split.level] == name and below in parts[split.level + 1 :]:
            return shown_folder(parts[: parts.index(below, split.level + 1) + 1])
    return shown_folder([name, below])


# Split folders named in the class_leaf hint's `split_patterns` (the rest follow the same way).
_PATTERNS_SHOWN = 3


def _split_patterns_hint(split: Split) -> str:
    """Where split folders lie between the class level and the files' own folders (Casting Product's
    `casting_data/casting_data/test/def_front/` beside its unsplit copy), the `split_patterns` that give
    their splits beside `class_leaf`: a layout file skips detection, so without them every file is train."""
    patterns: dict[str, str] = {}
    for parts in split.inputs:
        for i in range(split.level + 1, len(parts) - 1):  # (the deepest folder is the class)
            word = split_word(parts[i])
            if word:
                patterns.setdefault("/".join(parts[: i + 1]) + "/**", word)
                break
    if not patterns:
        return ""
    shown = ", ".join(f"'{pattern}': {word}" for pattern, word in sorted(patterns.items())[:_PATTERNS_SHOWN])
    return (f", with `split_patterns` in FILE for the split folders beneath and a pattern for every other file ({shown}"
            f"{', ...' if len(patterns) > _PATTERNS_SHOWN else ''})")


def same_names_beneath(splits: Sequence[Split], structure: Structure) -> Finding | None:
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
        shared_beneath = set().union(*others.values())
        if _class_codes(shared_beneath):
            codes = sorted(shared_beneath, key=int)
            shown_codes = ", ".join(codes[:3]) + (", ..." if len(codes) > 3 else "")
            # bare numbers beneath each (`10253/0/`, `10253/1/`: the IDC patches' class codes in each
            # patient's folder): codes name classes, not what a folder holds, and the folders above
            # them may be groups (patients, sites) or the classes, which the names cannot tell
            return Finding(
                "the class folders hold folders of the same bare numbers beneath them (class codes, or parts of "
                "each): the folders above them may be groups of the dataset (patients, sites), not classes",
                folders,
                (
                    f"{level_hint(split.level + 2)} for the numbered folders beneath them ({shown_codes}) as the classes",
                    f"{level_hint(split.level + 1)} for the folders above them as the classes",
                    "--label-level 0 for records without labels",
                    LABELS_FILE_HINT,
                ),
            )
        if common and all(is_container_name(name) for name in common):
            # the names beneath say what the folders hold (LoveDA's `Urban/images_png/` beside its
            # `masks_png/`): no classes beneath; the folders above are classes or groups of a
            # segmentation's images, which the user says
            return Finding(
                "the class folders hold folders of the same names beneath them, which name what they hold "
                "(images, not classes): the folders above them may be groups of the dataset (domains, places), not classes",
                folders,
                ("--label-level 0 for records without labels",
                 f"{level_hint(split.level + 1)} to keep the folders above them as the classes"),
            )
        options = [LABELS_FILE_HINT, CLASS_PATH_HINT, CLASS_LEAF_HINT + _split_patterns_hint(split)]
        twins = _annotation_twins(split, sharing, holding)
        copies = _partition_copies(split, sharing)
        if copies:  # (RIM-ONE DL's `partitioned_by_hospital/` and `partitioned_randomly/`: one set, two partitions)
            options.insert(0, copies)
        if twins:  # (the Cell Tracking Challenge's `01_GT/SEG/`, `01_ST/SEG/` beside the frames of `01/`)
            options.insert(0, twins)
        if not numbered_alike(set(sharing)):  # named parts (`amazon/`, `dslr/`: domains), not `part1/`, `part2/`
            options.append(_split_level_hint(split, sharing, common))
        deepest = _classes_under_one_chain(split)
        if not _parts_alike(set().union(*others.values())) and deepest:
            # (or these are the classes, the folders beneath the groups each was gathered from:
            # WebKB's `course/texas/`, `student/texas/`; the names cannot tell which)
            options[:0] = [f"{level_hint(deepest)} for the folders beneath them as the classes",
                           f"{level_hint(split.level + 1)} for these folders as the classes, the ones beneath them groups"]
        elif _named_folders_beneath(split, sharing):
            # named folders shared beneath (op_spam's `deceptive_from_MTurk/` under each polarity, its
            # `fold1/` below): they may be the classes, whatever lies under them (folds, not classes)
            # or the groups each class was gathered from (WebKB's `course/texas/`, `student/texas/`):
            # which, the names cannot tell, so both levels are named
            options[:0] = [f"{level_hint(split.level + 1)} for these folders as the classes, the ones beneath them groups",
                           f"{level_hint(split.level + 2)} for the folders beneath them as the classes"]
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


def _class_codes(names: set[str]) -> bool:
    """Two or more bare numbers (`0`, `1`): codes of classes as binary and graded sets ship them, not
    names of what a folder holds (`is_container_name` counts a name of no words as one).

    >>> _class_codes({"0", "1"}), _class_codes({"40X", "100X"}), _class_codes({"images"}), _class_codes({"1"})
    (True, False, False, False)
    """
    return len(names) >= 2 and all(name.isdigit() for name in names)


# Files each folder must hold, and the share (tenths) of all their names every folder must hold, for
# sibling folders to be copies of one set of files.
_MIN_COPIED_FILES = 2
_COPIED_TENTHS = 9


def _partition_copies(split: Split, sharing: Sequence[str]) -> str:
    """The options keeping one of sibling folders that hold the same file names beneath them, each in other
    split folders: one set of files partitioned twice (RIM-ONE DL's `RIM-ONE_DL_images/partitioned_by_hospital/`
    and `partitioned_randomly/`, each with `training_set/` and `test_set/` of the same images: the README's "two
    partitioning schemes"; miag-ull/rim-one-dl, readers33e). Read together, every image is written twice, once
    in each scheme's split; which scheme is meant only the user can say: one `--exclude` per folder, each
    leaving the others. "" where the folders' names differ (the sampled names of each, at least
    _MIN_COPIED_FILES, nearly all shared).

    >>> s = Split("", 1, (("d", "a", "train"), ("d", "a", "test"), ("d", "b", "train"), ("d", "b", "test")),
    ...           ("x.png", "y.png", "y.png", "x.png"))
    >>> _partition_copies(s, ["a", "b"])
    "--exclude 'd/a/**' or --exclude 'd/b/**' (the same file names beneath each: one set of files partitioned more than once; keep one)"
    >>> _partition_copies(Split("", 1, s.inputs, ("x.png", "y.png", "z.png", "w.png")), ["a", "b"])
    ''
    """
    if not split.names or len(sharing) < 2:
        return ""
    files: dict[str, set[str]] = {name: set() for name in sharing}
    folders: dict[str, str] = {}
    for parts, file in zip(split.inputs, split.names):
        if len(parts) > split.level + 1 and parts[split.level] in files:
            files[parts[split.level]].add(file)
            folders.setdefault(parts[split.level], shown_folder(parts[: split.level + 1]))
    if any(len(names) < _MIN_COPIED_FILES for names in files.values()):
        return ""
    beneath = {parts[split.level + 1] for parts in split.inputs if len(parts) > split.level + 1 and parts[split.level] in files}
    if not all(split_word(name) for name in beneath):
        return ""  # (the same names beneath in folders that are no splits: Omniglot's characters, a view's files)
    every, common = set().union(*files.values()), set.intersection(*files.values())
    if len(common) * 10 < len(every) * _COPIED_TENTHS:
        return ""
    leave = " or ".join(f"--exclude '{folders[name]}**'" for name in sharing)
    return f"{leave} (the same file names beneath each: one set of files partitioned more than once; keep one)"


def _annotation_twins(split: Split, sharing: Sequence[str], holding: set[str]) -> str:
    """The options leaving out folders each named as a sibling that holds the inputs itself plus a
    suffix (`01_GT/`, `01_ST/` beside `01/`: the Cell Tracking Challenge's ground and silver truth
    of the frames in `01/`): those folders are the inputs' annotations, not classes, and the inputs
    beside them may be records without labels. "" where a sharing folder is no such twin, or a
    suffix's glob would also leave out a folder of inputs.

    >>> s = Split("", 0, (("01",), ("01_GT", "SEG"), ("01_ST", "SEG"), ("02",), ("02_GT", "SEG")))
    >>> _annotation_twins(s, ["01_GT", "01_ST", "02_GT"], {"01", "02"})
    "--label-level 0 --exclude '*_GT' --exclude '*_ST' for the inputs of 01/, 02/ without labels, leaving out the folders named as them with a suffix (their annotations)"
    >>> _annotation_twins(s, ["Greek", "Latin"], {"01", "02"})
    ''
    """
    suffixes = []
    for name in sharing:
        found = next((name[len(h):] for h in sorted(holding, key=len, reverse=True)
                      if name.startswith(h) and re.fullmatch(r"[_\-. ][A-Za-z]\w*", name[len(h):])), None)
        if found is None:
            return ""
        suffixes.append(found)
    prefix = "/".join(next(parts[: split.level] for parts in split.inputs if len(parts) > split.level))
    globs = sorted({f"{prefix}/*{suffix}" if prefix else f"*{suffix}" for suffix in suffixes})
    if any(name.endswith(suffix) for name in holding for suffix in suffixes):
        return ""  # (a folder of inputs the glob would leave out too)
    excludes = " ".join(f"--exclude '{glob}'" for glob in globs)
    return (f"--label-level 0 {excludes} for the inputs of {', '.join(f'{h}/' for h in sorted(holding))} without labels, "
            "leaving out the folders named as them with a suffix (their annotations)")


def _parts_alike(names: set[str]) -> bool:
    """Names of a set's members rather than of classes: they differ only by their numbers
    (`character01`, `40X`, `100X`) or by one letter after a separator (KTH-TIPS2's `sample_a`, `sample_b`).

    >>> _parts_alike({"sample_a", "sample_b"}), _parts_alike({"40X", "100X"}), _parts_alike({"aeroplane", "bicycle"})
    (True, True, False)
    """
    lettered = {re.sub(r"(?<=[_\-\s])[A-Za-z]$", "@", name) for name in names}
    return len(names) >= 2 and (numbered_alike(names) or (len(lettered) == 1 and "@" in next(iter(lettered))))


def _parts_of_each(split: Split) -> bool:
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


def _levels_above(split: Split) -> list[str]:
    """A hint per level from the split's folder down to the folders holding the inputs' folders
    whose names differ (BreakHis's benign/malignant, its tumour types and its patients above `40X/`),
    with examples."""
    first = len([p for p in split.folder.strip("/").split("/") if p])
    hints = []
    for index in range(first, max(len(parts) for parts in split.inputs) - 1):
        names = sorted({parts[index] for parts in split.inputs if len(parts) > index + 1})
        if len(names) >= 2:
            hints.append(f"{level_hint(index + 1)} for {', '.join(names[:2])}{', ...' if len(names) > 2 else ''} as the classes")
    return hints


def _named_folders_beneath(split: Split, sharing: Sequence[str]) -> bool:
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


def _classes_under_one_chain(split: Split) -> int:
    """The level (1: SRC's folders) of the folders holding the inputs where every input lies at one
    depth and the folders between the parts and them are one chain, the same in every part
    (DomainNet's `clipart/<class>/`: none; Chars74K's `GoodImg/Bmp/Sample001/`: `Bmp`), else 0."""
    depths = {len(parts) for parts in split.inputs}
    if len(depths) != 1 or (depth := depths.pop()) < split.level + 2:
        return 0
    chain = all(len({parts[i] for parts in split.inputs}) == 1 for i in range(split.level + 1, depth - 1))
    return depth if chain else 0


def _split_level_hint(split: Split, sharing: Sequence[str], common: set[str]) -> str:
    """The layout file's keys that keep each folder holding the same class folders as a split of
    its own (Office-31's `amazon/images/<class>/`, `dslr/images/<class>/`: domains), with the
    class level beneath them (components counted from SRC's first, as the layout file counts)."""
    # the deepest of the shared names' components: the classes, below any container (`images/`)
    # (a loose file beside the folders, a readme, has no component at that level)
    level = max((depth for parts in split.inputs if len(parts) > split.level and parts[split.level] in sharing
                 for depth in range(split.level + 1, len(parts)) if parts[depth] in common), default=split.level + 1)
    return (f"--dry-run --layout-file FILE, then `split_level: {split.level}` and `label_levels: "
            f"{{{sharing[0]}: {level}, ...}}` in FILE's structure (each of those folders a split of its own)")
