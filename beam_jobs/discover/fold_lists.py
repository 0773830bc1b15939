"""Numbered split lists in one folder whose test lists partition the inputs: cross-validation folds, the user's choice.

Numbered sets of split lists in one folder are read as their first set (`evidence.finest_lists`): DTD's
`labels/train1.txt`, `val1.txt`, `test1.txt` .. `test10.txt` are ten random splits, and tfds reads the
first. The Freiburg Groceries Dataset ships `splits/train0.txt` .. `train4.txt` and `test0.txt` ..
`test4.txt` beside `images/<CLASS>/`: five cross-validation folds, each image tested in exactly one;
the first read as the dataset's split was a guess written with exit 0. The lists tell the two apart:
where one role's lists (the test lists) are pairwise disjoint and together name every input the
first set names, they are folds of one partition, not splits; the plan stops naming the lists, the
layout file's `evidence` that keeps one fold, and the `--exclude` that leaves them all out (the
inputs in one split). Random splits (DTD's test lists share images) are read as before.
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["check_fold_lists", "numbered_roles"]

# A list's name: a word, then its number (`train0`, `test_3`, `val10`); the word is its role.
_NUMBERED = re.compile(r"^(?P<role>[A-Za-z]+?)[-_]?(?P<number>\d+)$")
# The most bytes read of a list, and the lists a message shows.
_MOST_BYTES = 8 << 20
_SHOWN = 4


def numbered_roles(paths: Sequence[str]) -> dict[str, dict[str, str]]:
    """{role: {number: path}} of the lists in `paths` named a word then a number, per role of two numbers or more.

    >>> numbered_roles(["s/train0.txt", "s/test0.txt", "s/train1.txt", "s/test1.txt", "s/classid.txt"])
    {'test': {'0': 's/test0.txt', '1': 's/test1.txt'}, 'train': {'0': 's/train0.txt', '1': 's/train1.txt'}}
    """
    roles: dict[str, dict[str, str]] = defaultdict(dict)
    for path in paths:
        found = _NUMBERED.match(layout.stem(path))
        if found:
            roles[found.group("role").lower()][found.group("number")] = path
    return {role: dict(sorted(by_number.items())) for role, by_number in sorted(roles.items()) if len(by_number) > 1}


def _entries(config: ConvertConfig, path: str) -> set[str] | None:
    """The first token of each non-blank line of a list, or None where it cannot be read."""
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            text = fileobj.read(_MOST_BYTES).decode("utf-8", "replace")
    except (OSError, InvalidInputError):
        return None
    return {line.split()[0].split(",")[0] for line in text.splitlines() if line.strip()}


def _partitions(config: ConvertConfig, roles: dict[str, dict[str, str]]) -> str:
    """The role whose numbered lists are pairwise disjoint and name, together, every entry of the
    first number's lists; "" where none."""
    first = min((n for by_number in roles.values() for n in by_number), key=int)
    everything: set[str] = set()
    for by_number in roles.values():
        everything |= _entries(config, by_number[first]) if first in by_number else set()
    for role, by_number in roles.items():
        seen: set[str] = set()
        for path in by_number.values():
            entries = _entries(config, path)
            if not entries or entries & seen:
                break
            seen |= entries
        else:
            if everything and seen == everything:
                return role
    return ""


def check_fold_lists(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where the split lists read are one fold of numbered lists whose test lists partition the inputs.

    Raises:
      UsageError: naming the lists, the layout file's `evidence` and the `--exclude` that leaves them out.
    """
    lists = [e for e in detected.evidence if e.kind == evidence_lib.SPLIT_LIST and e.gives_split]
    folders = {posixpath.dirname(e.path) for e in lists}
    # (not switched off by --exclude: lists it leaves out are out of the sample already, and an exclude of other
    # files, `*.md`, had let the first fold be read as the dataset's splits with exit 0)
    if not lists or len(folders) != 1 or config.layout_given is not None:
        return
    folder = next(iter(folders))
    extension = layout.extension(lists[0].path)
    beside = [p for p in sample if posixpath.dirname(p) == folder and layout.extension(p) == extension]
    roles = numbered_roles(beside)
    if not roles or not any(e.path in by_number.values() for e in lists for by_number in roles.values()):
        return
    role = _partitions(config, roles)
    if not role or split_word(role) is None:
        return
    named = sorted(p for by_number in roles.values() for p in by_number.values())
    shown = ", ".join(named[:_SHOWN]) + (" ..." if len(named) > _SHOWN else "")
    entry = ", ".join(f"{{path: {e.path}, kind: split list, split: {e.split}}}" for e in sorted(lists, key=lambda e: e.path)[:2])
    patterns = " ".join(f"--exclude {posixpath.join(folder, r + '*')!r}" for r in roles)
    raise UsageError(
        f"the split lists are numbered ({shown}) and the {role} lists name each input once across the numbers: folds "
        f"(cross validation) of the same inputs, of which reading the first as the dataset's splits would be a guess: "
        f"keep one fold's lists in a layout file's `evidence` ({entry}: docs/layout-files.md), or none of them for the "
        f"inputs in one split: {patterns}"
    )
