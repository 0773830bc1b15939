"""A flat split whose files are named by the classes of its sibling splits' class folders.

Downloads often ship a small test set flat beside class-folder splits, each file named for its
class: the ASL alphabet's `asl_alphabet_test/A_test.jpg`, `nothing_test.jpg` beside
`asl_alphabet_train/A/`, `asl_alphabet_train/nothing/`. The usual name pattern (`<label>_<number>`,
`structure.name_pattern`) does not match `A_test`, and one file per class is too few for names
alone to say they label: the split was written unlabelled with exit 0, its labels lost.

Here the evidence is the sibling splits' own classes, not the names alone: every file of the flat
split is named `<class>` followed only by split words and numbers (`A_test`, `cat_0007`,
`nothing`), `<class>` one of the class folders beside it, and the files name at least two of them.
The pattern's one group is then the class, longest names tried first (`cat_black` before `cat`).

The same evidence makes the splits where no other sign does: a folder named like a split
(`kaggle_simpson_testset/`) holding only loose files, beside one folder named like no split
(`simpsons_dataset/`) holding class folders, the loose files all named by those classes. The
named folder is its split and the other the train split; without this the two top folders were
read as two classes (exit 0, every image labelled by its folder) or stopped naming options that
cannot read the test set's names (The Simpsons Characters' Kaggle download).

Plain functions of relative paths.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable, Sequence

__all__ = ["class_name_regex", "flat_split_beside_classes"]

# Files of the flat split must name at least this many of the classes.
_MIN_CLASSES_NAMED = 2
_SEPARATOR = r"[._\- ]"


def class_name_regex(paths: Sequence[str], classes: Iterable[str], split_words: Iterable[str]) -> str:
    """A regex whose one group is the class each of `paths` is named for, or "" where not every
    path's stem is a class of `classes` followed only by `split_words` and numbers.

    >>> class_name_regex(["t/A_test.jpg", "t/nothing_test.jpg"], ["A", "B", "nothing"], ["test"])
    '^(nothing|A|B)(?:[._\\\\- ]+(?i:test|\\\\d+))*$'
    >>> class_name_regex(["t/1.jpg", "t/2.jpg"], ["cat", "dog"], ["test"])
    ''
    """
    names = sorted({c for c in classes if c}, key=lambda c: (-len(c), c))
    if len(names) < _MIN_CLASSES_NAMED or not paths:
        return ""
    words = sorted({w for w in split_words if w} | {"test"})
    regex = rf"^({'|'.join(map(re.escape, names))})(?:{_SEPARATOR}+(?i:{'|'.join(map(re.escape, words))}|\d+))*$"
    compiled = re.compile(regex)
    found = set()
    for path in paths:
        match = compiled.match(posixpath.splitext(posixpath.basename(path))[0])
        if match is None:
            return ""
        found.add(match.group(1))
    return regex if len(found) >= _MIN_CLASSES_NAMED else ""


def flat_split_beside_classes(inputs: Sequence[str], level: int, split_of: Callable[[str], str | None]) -> dict[str, str]:
    """{folder: split} for the folders at component `level` of `inputs` (relative paths) where one
    folder named like no split holds class folders and every other folder is named like a split
    (`split_of`, not train) and holds loose files (one folder of them, however deep) named by those
    classes; else {}.

    >>> flat_split_beside_classes(["d/cat/1.jpg", "d/dog/2.jpg", "testset/testset/cat_3.jpg", "testset/testset/dog_9.jpg"],
    ...                           0, lambda n: "test" if "test" in n else None)
    {'d': 'train', 'testset': 'test'}
    >>> flat_split_beside_classes(["d/cat/1.jpg", "d/dog/2.jpg", "testset/0003.jpg", "testset/0009.jpg"],
    ...                           0, lambda n: "test" if "test" in n else None)
    {}
    """
    groups: dict[str, list[list[str]]] = {}
    for relpath in inputs:
        parts = relpath.split("/")
        if len(parts) > level + 1:
            groups.setdefault(parts[level], []).append(parts[level + 1:])
    named = {folder: split_of(folder) for folder in groups}
    unnamed = [folder for folder, split in named.items() if split is None]
    if len(groups) < 2 or len(unnamed) != 1 or "train" in named.values():
        return {}
    base = unnamed[0]
    classes = _class_names(groups[base])
    if len(classes) < _MIN_CLASSES_NAMED:
        return {}
    found = {base: "train"}
    for folder, members in groups.items():
        if folder == base:
            continue
        if len({tuple(parts[:-1]) for parts in members}) != 1:
            return {}  # not loose files in one folder
        if not class_name_regex(["/".join(parts) for parts in members], classes, [str(named[folder])]):
            return {}
        found[folder] = str(named[folder])
    return dict(sorted(found.items()))


def _class_names(members: Sequence[Sequence[str]]) -> set[str]:
    """The names of the class folders of one folder's inputs (each its parts below that folder):
    the first component where they differ, past any wrapper folders; empty where files lie loose."""
    folders = [parts[:-1] for parts in members]
    depth = 0
    while all(len(f) > depth for f in folders) and len({f[depth] for f in folders}) == 1:
        depth += 1
    if not all(len(f) > depth for f in folders):
        return set()
    return {f[depth] for f in folders}
