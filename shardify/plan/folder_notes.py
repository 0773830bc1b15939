"""Files a download repeats in every class folder beside numbered texts: the folder's notes, not texts.

Class folders of texts without extensions (e-mails, messages, documents) are named by number or
digest (`easy_ham/00001.7c53336b37003a9286aba55d2945844c`, `alt.atheism/49960`). A file of one
name that stands in each of those folders, with no digit in it, is what the publisher kept about
the folder (SpamAssassin's `cmds`, the renames that named its messages; an `index`, a `log`): read
as a text it would be a record of every class, its content no message. Where every other input of
those folders carries a number, such a file is left out, and the plan names it.

A name that repeats across class folders among names that also repeat is no such file: the same
document filed under several classes (OHSUMED's `C01/0000042`, `C14/0000042`) is a multi-label
input, and its name has digits like the rest.

Plain functions of paths, no I/O (`beam_jobs/discover/detect.py` applies them).
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence

__all__ = ["folder_notes", "folder_notes_note"]

_DIGIT = re.compile(r"\d")
# Fewer folders than this and a shared name is no pattern.
_MIN_FOLDERS = 2


def folder_notes(inputs: Iterable[str], class_folder_of) -> tuple[str, ...]:
    """The inputs that are a class folder's notes: one digit-free name in every class folder
    (two at least), where every other input of those folders has a digit in its name.

    >>> paths = ["ham/00001.7c53", "ham/00002.aa01", "ham/cmds", "spam/00001.0f1e", "spam/cmds"]
    >>> folder_notes(paths, lambda p: p.split("/")[0])
    ('ham/cmds', 'spam/cmds')
    >>> folder_notes(["a/intro", "a/summary", "b/intro", "b/summary"], lambda p: p.split("/")[0])
    ()
    """
    by_folder: dict[str, list[str]] = defaultdict(list)
    for path in inputs:
        folder = class_folder_of(path)
        if folder is not None:
            by_folder[folder].append(path)
    if len(by_folder) < _MIN_FOLDERS:
        return ()
    names = [{posixpath.basename(p) for p in paths} for paths in by_folder.values()]
    everywhere = set.intersection(*names)
    notes = {n for n in everywhere if not _DIGIT.search(n)}
    if not notes:
        return ()
    rest = [posixpath.basename(p) for paths in by_folder.values() for p in paths if posixpath.basename(p) not in notes]
    if not rest or not all(_DIGIT.search(n) for n in rest):
        return ()
    return tuple(sorted(p for paths in by_folder.values() for p in paths if posixpath.basename(p) in notes))


def folder_notes_note(notes: Sequence[str]) -> str:
    """The plan's line naming the files left out."""
    names = sorted({posixpath.basename(p) for p in notes})
    return (f"{', '.join(names)} in every class folder beside numbered texts: the folders' notes, not texts "
            f"(left out: {', '.join(notes[:3])}{' and more' if len(notes) > 3 else ''})")
