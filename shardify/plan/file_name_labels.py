"""Labels written in file names: `cat.0.jpg`, `Abyssinian_12.jpg`, `A_test.jpg` beside `train/A/`.

A split whose inputs lie loose in one folder, without class folders, may still be labelled by
its files' names. This is a judgement of its own, apart from where the folders put splits and
classes (`shardify.plan.structure`, which asks it last, once the folders are read): the names
must share one pattern, `<label><separator><number>`, whose labels repeat (ids are not labels),
or name the classes of the class folders beside them (`class_named_files`). The pattern found is
kept in the structure (`Structure.name_pattern`) and shown in the plan; a layout file may set it.
Plain functions of relative paths, no I/O.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shardify.plan import class_named_files
from shardify.plan.folder_names import SPLIT_WORDS, split_word

if TYPE_CHECKING:
    from shardify.plan.layout import SourceLayout
    from shardify.plan.structure import Structure

__all__ = ["NAME_LABELS_NOTE", "NamePattern", "name_pattern", "with_names", "without_name_labels"]

# How the plan's note of the labels a name pattern gives starts (`with_names`): dropped with them.
NAME_LABELS_NOTE = "labels from file names"


def _stem(relpath: str) -> str:
    return posixpath.splitext(posixpath.basename(relpath))[0]


@dataclass(frozen=True)
class NamePattern:
    """Labels written in file names: `cat.0.jpg`, `Abyssinian_12.jpg`, `AnnualCrop_1.jpg`.

    Attributes:
      regex: one group, the label, matched against a file's stem.
      labels: the labels the sample showed.
    """

    regex: str
    labels: tuple[str, ...]


# A label, then separators and a number, at the end of the stem: `american_bulldog_10`, `cat.0`.
_NAME_LABEL = r"^(.*[^\d._\- ])[._\- ]+\d+$"
# At least this many files a label on average, or the "labels" are ids.
_MIN_FILES_PER_NAME_LABEL = 2


def name_pattern(relpaths: Sequence[str]) -> NamePattern | None:
    """The labels the files' names share a pattern for, or None.

    Every stem must match (`<label><separator><number>`), and the labels found must repeat: at
    least two distinct labels, each file's label shared by others (ids are not labels).

    >>> name_pattern(["train/cat.0.jpg", "train/cat.1.jpg", "train/dog.0.jpg", "train/dog.7.jpg"]).labels
    ('cat', 'dog')
    >>> name_pattern(["jpg/image_00001.jpg", "jpg/image_00002.jpg"]) is None  # one "label": a name
    True
    >>> name_pattern(["images/train_0.jpg", "images/train_3.jpg", "images/val_0.jpg", "images/test_0.jpg"]) is None
    True
    """
    regex = re.compile(_NAME_LABEL)
    labels = []
    for relpath in relpaths:
        match = regex.match(_stem(relpath))
        if not match:
            return None
        labels.append(match.group(1))
    counts = Counter(labels)
    if len(counts) < 2 or len(labels) < _MIN_FILES_PER_NAME_LABEL * len(counts):
        return None
    if all(split_word(label) for label in counts):
        return None  # `train_0.jpg`, `val_0.jpg`, `test_0.jpg`: the names carry splits, not classes
    return NamePattern(_NAME_LABEL, tuple(sorted(counts)))



def with_names(structure: Structure, inputs: Sequence[str], notes: tuple[str, ...]) -> tuple[Structure, tuple[str, ...]]:
    """`structure` with the name pattern that labels the files of its splits without class
    folders, where their names share one (splits whose names do not stay unlabelled)."""
    levels = dict(structure.label_levels)
    loose: dict[str, list[str]] = {}
    for relpath in inputs:
        split = structure.split_folder_of(relpath)
        if levels.get(split, -1) < 0:
            loose.setdefault(split, []).append(relpath)
    found = {split: name_pattern(paths) for split, paths in loose.items()}
    named = sorted(split for split, pattern in found.items() if pattern)
    if not named:
        return _named_by_classes(structure, inputs, loose, notes)
    labels = sorted({label for split in named for label in found[split].labels})
    example = loose[named[0]][0]
    where = f" in {', '.join(s + '/' for s in named)}" if named != [""] else ""
    note = f"{NAME_LABELS_NOTE}{where}: {posixpath.basename(example)} -> {re.match(_NAME_LABEL, _stem(example)).group(1)}"
    named_structure = dataclasses.replace(structure, name_pattern=NamePattern(_NAME_LABEL, tuple(labels)), named_splits=tuple(named))
    return named_structure, (*notes, note)


def _named_by_classes(
    structure: Structure, inputs: Sequence[str], loose: dict[str, list[str]], notes: tuple[str, ...]
) -> tuple[Structure, tuple[str, ...]]:
    """`structure` with the pattern that labels a flat split's files by the classes of its sibling
    splits' class folders (`A_test.jpg` beside `train/A/`; see `class_named_files`), where one does."""
    levels = dict(structure.label_levels)
    classes = {relpath.split("/")[levels[split]] for relpath in inputs
               if levels.get(split := structure.split_folder_of(relpath), -1) >= 0 and relpath.count("/") > levels[split]}
    patterns = {split: class_named_files.class_name_regex(paths, classes, SPLIT_WORDS) for split, paths in loose.items() if split}
    named = sorted(split for split, regex in patterns.items() if regex)
    if not named or len({patterns[split] for split in named}) != 1:
        return structure, notes
    example = loose[named[0]][0]
    label = re.match(patterns[named[0]], _stem(example)).group(1)
    note = f"{NAME_LABELS_NOTE} in {', '.join(s + '/' for s in named)}, the classes of the class folders beside them: " \
           f"{posixpath.basename(example)} -> {label}"
    pattern = NamePattern(patterns[named[0]], tuple(sorted({re.match(patterns[s], _stem(p)).group(1) for s in named for p in loose[s]})))
    return dataclasses.replace(structure, name_pattern=pattern, named_splits=tuple(named)), (*notes, note)


def without_name_labels(detected: SourceLayout, why: str) -> SourceLayout:
    """`detected` without the labels guessed from its files' names, and without the note that showed
    them, saying `why`: where box files label the images, their objects' classes do. A name prefix
    beside them is no class (AU-AIR's `frame_<video>_x_<n>.jpg`: the video; WGISD's `CDY_2015.jpg`: a
    grape variety), and read as one it gave each image a label its boxes do not, exit 0. One step for
    every kind of box file (box tables, YOLO files beside the images), so that they cannot drift; a
    pattern the user gave (`--label-from-name`) is the caller's to keep. `detected` as it is where no
    name pattern labels it.
    """
    structure = detected.structure
    if structure is None or structure.name_pattern is None:
        return detected
    plain = dataclasses.replace(structure, name_pattern=None, named_splits=())
    kept = tuple(note for note in detected.notes if not note.startswith(NAME_LABELS_NOTE))
    return dataclasses.replace(detected, structure=plain, notes=(*kept, f"file-name prefixes not read as labels: {why}"))
