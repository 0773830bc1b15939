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

Plain functions of relative paths.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence

__all__ = ["class_name_regex"]

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
