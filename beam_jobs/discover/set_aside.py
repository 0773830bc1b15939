"""Files detection looked at as a dataset's own files (annotations, label arrays, COCO files) and
set aside, each with why.

Detection reads such files to learn how a source is labelled and split; one it cannot use (a
MATLAB v7.3 file, labels that are not whole numbers, an annotation nested past the parser, a file
over its size limit) is left out, and the source may then be refused as holding no labels at all.
That refusal is only useful if it names the file and the reason: otherwise the user sees "no class
folders" beside a label file they can see. Detection notes each file it sets aside here while it
runs (`collecting`), and a refusal ends with `described()`.

    >>> with collecting():
    ...     note("imagelabels.mat", "a MATLAB v7.3 (HDF5) file")
    ...     described()
    '; set aside: imagelabels.mat (a MATLAB v7.3 (HDF5) file)'
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator

__all__ = ["collecting", "note", "described", "MAX_SHOWN"]

# A refusal is one line: the first few files set aside are named, the rest counted.
MAX_SHOWN = 3

_NOTED: contextvars.ContextVar[dict[str, str] | None] = contextvars.ContextVar("shardify_set_aside", default=None)


@contextlib.contextmanager
def collecting() -> Iterator[dict[str, str]]:
    """Notes made inside go to a fresh record (path -> reason), dropped on leaving."""
    token = _NOTED.set({})
    try:
        yield _NOTED.get()  # type: ignore[misc] - set just above
    finally:
        _NOTED.reset(token)


def note(path: str, reason: str) -> None:
    """Records that detection set `path` aside for `reason` (the first reason given for a path
    stays); nothing outside `collecting`."""
    noted = _NOTED.get()
    if noted is not None:
        noted.setdefault(path, reason)


def described() -> str:
    """`; set aside: FILE (reason), ...` for the files noted so far, or "" when none were."""
    noted = _NOTED.get() or {}
    if not noted:
        return ""
    shown = [f"{path} ({reason})" for path, reason in list(noted.items())[:MAX_SHOWN]]
    more = f" and {len(noted) - MAX_SHOWN} more" if len(noted) > MAX_SHOWN else ""
    return "; set aside: " + ", ".join(shown) + more
