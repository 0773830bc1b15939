"""The local files a `--labels GLOB` names, matched in time linear in each path, whatever the pattern.

Why a module of its own: `label_file_paths` matched a glob through Beam's `FileSystems.match`,
which translates it to a regular expression (`*` -> `[^/]*`, `**` -> `.*`) and runs it against
every file below the pattern's fixed folder. Such an expression backtracks: `--labels` of 200
stars before `.csv` ran for more than ten minutes against a folder of eight files (hostile round
eighteen). Local globs are matched here by `shardify.plan.globs` (folder by folder, a wildcard walk
that goes back only to the last `*`); object stores' globs stay Beam's (listed by the store).
"""

from __future__ import annotations

import os

from shardify.plan import globs

__all__ = ["local_matches"]

_GLOB_CHARACTERS = frozenset("*?[")


def local_matches(pattern: str) -> list[str]:
    """The paths below `pattern`'s fixed leading folders whose path from there `pattern` matches,
    sorted: files, named pipes and links alike (the callers judge what each is), never folders.

    >>> local_matches("/nonexistent-folder/*.csv")
    []
    """
    parts = pattern.split("/")
    fixed = next(i for i, part in enumerate(parts) if _GLOB_CHARACTERS & set(part))
    root = "/".join(parts[:fixed]) or ("/" if pattern.startswith("/") else ".")
    rest = "/".join(parts[fixed:])
    if not os.path.isdir(root):
        return []
    found = []
    for folder, folders, files in os.walk(root):  # (links to folders are not followed: their names are in `folders`)
        below = os.path.relpath(folder, root).replace(os.sep, "/")
        for name in files + [f for f in folders if os.path.islink(os.path.join(folder, f))]:
            relpath = name if below == "." else f"{below}/{name}"
            if globs.glob_match(rest, relpath):
                found.append(os.path.join(folder, name) if root != "." or pattern.startswith("./") else relpath)
    return sorted(found)
