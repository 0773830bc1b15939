"""Split lists read from one of several numbered folders alike: folds, whose choice is the user's.

Cross-validation downloads ship each fold's lists in a folder of its own: HASYv2's
`10-fold-cross-validation/fold-1/train.csv`, `test.csv` .. `fold-10/`; UCF101-style `split1/`,
`split2/` folders of `train.txt`, `test.txt`. Detection reads the lists of one folder
(`evidence.finest_lists`), so the first fold silently became the dataset's splits, where the
dataset's own labels file may label every input without a split (HASYv2's README: the folds are for
cross validation). The plan stops (exit 2), naming the folds and the layout file's `evidence` that
keeps one fold's lists, or none for one split. Numbered lists in one folder (DTD's `train1.txt`,
`val1.txt`, `test1.txt`: tfds reads the first) are left to `finest_lists`, as before, unless their
names say fold (`check_fold_named_lists`): VEDAI's `Annotations512/fold01.txt` .. `fold10.txt` and
`fold01test.txt` .. `fold10test.txt` are ten cross-validation partitions of the same scenes, and reading
`fold01test.txt` as the test split (the others as no split) was a guess; the plan stops the same way.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout, layout_file

__all__ = ["check_fold_folders", "check_fold_named_lists", "fold_siblings"]

_NUMBER = re.compile(r"\d+")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def fold_siblings(folder: str, names: set[str], sample: Sequence[str]) -> list[str]:
    """The sibling folders of `folder` named as it is but for a number, holding files of `names`.

    >>> fold_siblings("cv/fold-1", {"train.csv"}, ["cv/fold-1/train.csv", "cv/fold-2/train.csv", "cv/other/train.csv"])
    ['cv/fold-2']
    >>> fold_siblings("ImageSets/2017", {"train.txt"}, ["ImageSets/2016/train.txt"])
    []
    """
    parent, name = posixpath.split(folder)
    if not _NUMBER.search(name) or _YEAR.search(name):  # editions (DAVIS's `ImageSets/2017/`): `finest_lists` takes the latest
        return []
    shape = _NUMBER.sub("#", name)
    found = set()
    for path in sample:
        where, base = posixpath.split(path)
        up, sibling = posixpath.split(where)
        if up == parent and sibling != name and base in names and _NUMBER.sub("#", sibling) == shape:
            found.add(where)
    return sorted(found)


def check_fold_folders(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where the split lists read lie in one of several numbered folders alike (module docstring).

    Raises:
      UsageError: naming the fold folders and the layout file's `evidence`.
    """
    lists = [e for e in detected.evidence if e.kind == evidence_lib.SPLIT_LIST and e.gives_split]
    folders = {posixpath.dirname(e.path) for e in lists}
    if len(folders) != 1:
        return
    folder = next(iter(folders))
    siblings = fold_siblings(folder, {posixpath.basename(e.path) for e in lists}, sample)
    if not siblings:
        return
    shown = ", ".join(f + "/" for f in [folder, *siblings][:4]) + (" ..." if len(siblings) > 3 else "")
    entry = layout_file.split_list_entries(lists)
    raise UsageError(
        f"the split lists lie in numbered folders alike ({shown}), each holding {', '.join(sorted(posixpath.basename(e.path) for e in lists))}: "
        f"folds (cross validation) over the same inputs, of which reading the first as the dataset's splits would be a "
        f"guess: keep one fold's lists in a layout file's `evidence` ({entry}: docs/layout-files.md), or none of them "
        f"for the inputs in one split: {fold_excludes([folder, *siblings])}"
    )


# A list named as a fold: `fold01`, `fold01test`, `Fold_3_train`, `cv-fold2` (the word, then its number).
_FOLD_NAME = re.compile(r"(?<![a-z])fold[-_ ]?\d+", re.IGNORECASE)


def check_fold_named_lists(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where a split list read is named as a fold (`_FOLD_NAME`): one of several cross-validation
    partitions of the same inputs, whose choice is the user's (module docstring).

    Raises:
      UsageError: naming the fold lists beside it, the layout file's `evidence` and the `--exclude` that
        leaves them all out.
    """
    lists = [e for e in detected.evidence if e.kind == evidence_lib.SPLIT_LIST and e.gives_split
             and _FOLD_NAME.search(posixpath.basename(e.path))]
    if not lists:  # (a fold list --exclude leaves out is no evidence; any other --exclude keeps the guess a guess, review27)
        return
    folders = sorted({posixpath.dirname(e.path) for e in lists})
    named = sorted(p for p in sample if posixpath.dirname(p) in folders and _FOLD_NAME.search(posixpath.basename(p))
                   and layout.extension(p) == layout.extension(lists[0].path))
    shown = ", ".join(named[:4]) + (" ..." if len(named) > 4 else "")
    entry = ", ".join(f"{{path: {e.path}, kind: split list, split: {e.split}}}" for e in sorted(lists, key=lambda e: e.path)[:2])
    patterns = sorted({_fold_pattern(p) for p in named})
    raise UsageError(
        f"the split lists are named as folds ({shown}): partitions (cross validation) of the same inputs, of which "
        f"reading one as the dataset's splits would be a guess: keep one fold's lists in a layout file's `evidence` "
        f"({entry}: docs/layout-files.md), or none of them for the inputs in one split: "
        + " ".join(f"--exclude {p!r}" for p in patterns)
    )


def _fold_pattern(path: str) -> str:
    """The glob of a fold list's family: its name up to the fold's number, then `*`.

    >>> _fold_pattern("Annotations512/fold01test.txt"), _fold_pattern("cv-fold2_train.csv")
    ('Annotations512/fold*', 'cv-fold*')
    """
    folder, name = posixpath.split(path)
    found = _FOLD_NAME.search(name)
    head = name[:found.start()] + found.group().rstrip("0123456789") if found else name
    return posixpath.join(folder, head + "*")


def fold_excludes(folders: Sequence[str]) -> str:
    """The `--exclude` that leaves every fold folder out: their shared parent (the folds'
    container), else each folder's name with its numbers as `*`.

    >>> fold_excludes(["cv/fold-1", "cv/fold-2"]), fold_excludes(["fold1", "fold2"])
    ("--exclude 'cv'", "--exclude 'fold*'")
    """
    parents = {posixpath.dirname(f) for f in folders}
    if len(parents) == 1 and next(iter(parents)):
        return f"--exclude {next(iter(parents))!r}"
    patterns = sorted({re.sub(r"\d+", "*", f) for f in folders})
    return " ".join(f"--exclude {p!r}" for p in patterns)
