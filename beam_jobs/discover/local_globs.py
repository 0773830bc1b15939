"""The local files a `--labels GLOB` names, read as Beam reads a glob, matched in time linear in
each path, whatever the pattern.

Why a module of its own: `label_file_paths` matched a glob through Beam's `FileSystems.match`,
which translates it to a regular expression (`*` -> `[^/]*`, `**` -> `.*`) and runs it against
every file below the pattern's fixed folder. Such an expression backtracks: `--labels` of 200
stars before `.csv` ran for more than ten minutes against a folder of eight files (hostile round
eighteen). Local globs are matched here by `shardify.plan.beam_globs`, which reads the pattern as
Beam does (`**/` needs one folder or more; `?` and a class may match `/`) without backtracking,
so one `--labels GLOB` names the same files on a local run as on an object store's.
"""

from __future__ import annotations

import os

from shardify.plan import beam_globs

__all__ = ["local_matches"]


def local_matches(pattern: str) -> list[str]:
    """The paths below `pattern`'s fixed leading folder that `pattern` matches, sorted: files,
    named pipes and links alike (the callers judge what each is), never folders. A pattern with no
    glob character names itself, where something is there. As Beam's match, a pattern ending in `/`
    is read with `*` after it.

    >>> local_matches("/nonexistent-folder/*.csv"), local_matches("/nonexistent-folder/a.csv")
    ([], [])
    """
    if pattern.endswith("/"):
        pattern += "*"
    root = beam_globs.fixed_folder(pattern)
    if root is None:
        return [pattern] if os.path.lexists(pattern) and not os.path.isdir(pattern) else []
    shown_root = root or "."
    if not os.path.isdir(shown_root):
        return []
    found = []
    for folder, folders, files in os.walk(shown_root):  # (links to folders are not followed: their names are in `folders`)
        for name in files + [f for f in folders if os.path.islink(os.path.join(folder, f))]:
            path = os.path.join(folder, name)
            path = path[2:] if not root and path.startswith("./") else path
            if beam_globs.beam_glob_match(pattern, path):
                found.append(path)
    return sorted(found)
