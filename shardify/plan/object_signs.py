"""Class folders that name numbered objects of a few categories: `apple1/` .. `apple10/`, `car1/` .. `car10/`.

ETH-80 (Leibe and Schiele 2003) ships 80 folders, ten objects of each of eight categories, each
folder named by its category and the object's number (`eth80-cropped256/apple1/apple1-000-000.png`).
Its task is the eight categories; read as class folders, every image was labelled by its object
(`apple1`), 80 classes, with exit 0. Where every class folder of a split is a word and a number, and
at least two words each have two numbers or more, the folders may be objects, not classes: the run
stops naming the folders, `--label-from-name` with the pattern that takes the word where every file
is named after its folder (ETH-80's are), else a labels file, and the `--label-level` that keeps the
folders as the classes. A single word numbered (`class1/`, `c0/` .. `c9/`, State Farm's drivers'
classes) is no such sign: its numbers are the classes.

Folders of the same numbers under two words whose pairs hold the same file names, one word naming masks
(TNBC's `Slide_01/01_1.png` beside `GT_01/01_1.png`, blind round forty-two) are no objects either: they
are images and their masks in parallel folders. Read as classes they were 8 classes and the masks
records; the stop named `--label-level 2`, which wrote exactly that. Now the finding says so and names
`--label-level 0` with the `--exclude` of the masks' folders (`_paired_masks`).

Plain functions of paths; no I/O.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from shardify.plan.folder_names import mask_named
from shardify.plan.sign_findings import LABELS_FILE_HINT, Finding, Split, level_hint, shown_folder
from shardify.plan.structure import Structure

__all__ = ["numbered_objects"]

# A folder named by a word and a number: `apple1`, `cup10`, `horse_3`.
_WORD_NUMBER = re.compile(r"^([A-Za-z]+)[-_ ]?(\d+)$")
# The pattern that takes the word from a file named after its folder (`apple1-000-000.png`).
NAME_PATTERN = r"^([A-Za-z]+)[-_ ]?\d"
_MIN_WORDS = 2
_MIN_NUMBERS = 2


def numbered_objects(splits: Sequence[Split], structure: Structure) -> Finding | None:
    """The sign (module docstring), or None.

    >>> s = Split("", 1, tuple(("eth80", f"{w}{n}") for w in ("apple", "car") for n in (1, 2)),
    ...           tuple(f"{w}{n}-000-000.png" for w in ("apple", "car") for n in (1, 2)))
    >>> numbered_objects([s], Structure(label_levels=(("", 1),))).options[0]
    "--label-from-name '^([A-Za-z]+)[-_ ]?\\\\d' (the word before each file's number: apple, car)"
    >>> numbered_objects([Split("", 0, (("c0",), ("c1",), ("c2",)), ("a.png", "b.png", "c.png"))], Structure()) is None
    True
    """
    if structure.single_class:
        return None
    for split in splits:
        classes = sorted({parts[split.level] for parts in split.inputs if len(parts) > split.level})
        numbers: dict[str, set[str]] = defaultdict(set)
        for name in classes:
            matched = _WORD_NUMBER.match(name)
            if matched is None:
                break
            numbers[matched.group(1).casefold()].add(matched.group(2))
        else:
            words = [w for w, found in numbers.items() if len(found) >= _MIN_NUMBERS]
            if len(words) < _MIN_WORDS or len(words) != len(numbers):
                continue
            paired = _paired_masks(split, classes)
            if paired is not None:
                return paired
            named = all(len(parts) > split.level and name.casefold().startswith(parts[split.level].casefold())
                        for parts, name in zip(split.inputs, split.names))
            hint = (f"--label-from-name '{NAME_PATTERN}' (the word before each file's number: {', '.join(sorted(words)[:4])})"
                    if named and split.names else LABELS_FILE_HINT)
            prefix = list(split.inputs[0][: split.level])
            return Finding(
                "the class folders are each a word and a number, several numbers a word: numbered objects of a few "
                "categories, whose classes may be the words",
                tuple(shown_folder([*prefix, name]) for name in classes),
                (hint, f"{level_hint(split.level + 1)} to keep each numbered folder a class"),
            )
    return None


def _paired_masks(split: Split, classes: Sequence[str]) -> Finding | None:
    """The finding for numbered folders that pair images with their masks (module docstring), or None:
    exactly two words, each with the same numbers, one word naming masks (`folder_names.mask_named`: `GT`,
    `Mask`), and every pair of folders of one number holding the same file names.

    >>> inputs = tuple(("d", f"{w}_0{n}") for w in ("Slide", "GT") for n in (1, 2) for _ in (0, 1))
    >>> names = tuple(f"0{n}_{k}.png" for w in ("Slide", "GT") for n in (1, 2) for k in (1, 2))
    >>> _paired_masks(Split("", 1, inputs, names), ["GT_01", "GT_02", "Slide_01", "Slide_02"]).options
    ("--label-level 0 --exclude 'd/GT_*' (the images unlabelled, the masks' folders left out)",)
    """
    by_word: dict[str, dict[str, str]] = defaultdict(dict)  # word -> number -> folder
    for name in classes:
        matched = _WORD_NUMBER.match(name)
        if matched is None:
            return None
        by_word[matched.group(1)][matched.group(2)] = name
    if len(by_word) != 2 or len({frozenset(numbers) for numbers in by_word.values()}) != 1:
        return None
    masks = [word for word in by_word if mask_named(word)]
    if len(masks) != 1:
        return None
    files: dict[str, set[str]] = defaultdict(set)
    for parts, file_name in zip(split.inputs, split.names):
        if len(parts) > split.level:
            files[parts[split.level]].add(file_name)
    (mask,) = masks
    image = next(word for word in by_word if word != mask)
    if not split.names or any(files[by_word[image][n]] != files[by_word[mask][n]] for n in by_word[mask]):
        return None
    prefix = "/".join(split.inputs[0][: split.level])
    pattern = f"{prefix}/{mask}_*" if prefix else f"{mask}_*"
    return Finding(
        f"the numbered folders pair up, {image}_<n> beside {mask}_<n> of the same numbers holding the same file names: "
        f"images and their masks in parallel folders, not classes",
        tuple(shown_folder([*split.inputs[0][: split.level], name]) for name in classes),
        (f"--label-level 0 --exclude '{pattern}' (the images unlabelled, the masks' folders left out)",),
    )
