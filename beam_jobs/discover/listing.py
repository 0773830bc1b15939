"""List a source tree: a Listed (relpath, size) per regular file, or a Reject for what cannot be an input.

Nothing is opened here: a name is listed from its folder and `stat`ed. What cannot become a record
is rejected with the reason and the rest of the listing goes on: a folder that cannot be listed or
entered (one reject naming the folder), a file that cannot be `stat`ed (a path longer than the
system allows, no permission), anything that is not a regular file (named pipes, sockets, devices),
a name that is not valid UTF-8 (reported with its bytes escaped as `\\xNN`), and symlinks that
dangle, loop, name a folder or lead outside SRC. Names are read as UTF-8 whatever the caller's
locale (`utf8_name`): labels and ids are the same under any locale.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Sequence

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover.candidates import Listed
from shardify.errors import SourceError
from shardify.inputs.files import NOT_REGULAR, escape_name, file_kind, is_decodable
from shardify.inputs.paths import is_local_path, join_path, utf8_name
from shardify.plan.entries import Reject

__all__ = ["list_tree", "list_file", "real_folder"]

_STAGE = "discover"


def real_folder(path: str) -> str:
    """A local folder's real path (symlinks resolved; it need not exist yet), or a URL as given."""
    return os.path.realpath(path) if is_local_path(path) else path.rstrip("/")


def list_tree(
    root: str, *, follow_outside_links: bool = False, exclude: Sequence[str] = ()
) -> Iterator[Listed | Reject]:
    """A Listed (relpath, size) per regular file under `root`, or a Reject for what cannot be listed.

    Args:
      root: the source folder, local or a Beam file system URL.
      follow_outside_links: accept symlinks to files outside `root`.
      exclude: folders left out of the listing, as `real_folder` gives them (the output folder when
        it lies inside the source: a run never reads its own output).

    Locally this walks the tree itself rather than using Beam's match, which silently drops files
    whose size cannot be read (dangling symlinks); elsewhere it uses Beam's file systems.

    Raises:
      SourceError: `root` itself cannot be listed.
    """
    excluded = frozenset(real_folder(path) for path in exclude)
    if not is_local_path(root):
        prefix = root.rstrip("/") + "/"
        for result in FileSystems.match([prefix + "**"]):
            for meta in result.metadata_list:
                if not any(meta.path.startswith(folder + "/") for folder in excluded):
                    yield Listed(meta.path[len(prefix) :], meta.size_in_bytes)
        return
    real_root = os.path.realpath(root)
    folders = [(root, "", "")]  # (the folder, its path relative to root: in UTF-8, as the os module names it)
    while folders:
        folder, rel_dir, os_rel_dir = folders.pop()
        try:
            with os.scandir(folder) as scan:
                children = sorted(scan, key=lambda entry: utf8_name(entry.name))
        except OSError as error:
            if not rel_dir:
                raise SourceError(f"cannot list the source folder {root}: {error.strerror}") from None
            yield Reject(escape_name(rel_dir.rstrip("/")), _STAGE, f"cannot list folder: {error.strerror}")
            continue
        for entry in children:
            relpath = rel_dir + utf8_name(entry.name)
            if entry.is_dir(follow_symlinks=False):
                if os.path.join(real_root, os_rel_dir + entry.name) not in excluded:
                    folders.append((entry.path, relpath + "/", os_rel_dir + entry.name + "/"))
                continue
            reject = _why_not_an_input(entry, relpath, real_root, follow_outside_links)
            if isinstance(reject, str):
                yield Reject(escape_name(relpath), _STAGE, reject)
            else:
                yield Listed(relpath, reject)


def list_file(root: str, relpath: str) -> Listed | Reject:
    """(relpath, size) of the one file `relpath` under `root` (SRC given as a file), or its Reject."""
    if not is_local_path(root):
        for result in FileSystems.match([root.rstrip("/") + "/" + relpath]):
            for meta in result.metadata_list:
                return Listed(relpath, meta.size_in_bytes)
        return Reject(relpath, _STAGE, "not found")
    try:
        info = os.stat(join_path(root, relpath))
    except OSError as error:
        return Reject(relpath, _STAGE, f"cannot stat: {error.strerror}")
    if not stat.S_ISREG(info.st_mode):
        return Reject(relpath, _STAGE, f"{NOT_REGULAR} ({file_kind(info.st_mode)})")
    return Listed(relpath, info.st_size)


def _why_not_an_input(entry: os.DirEntry, relpath: str, real_root: str, follow_outside_links: bool) -> str | int:
    """The file's size when it can be an input, else the reason it cannot."""
    if not is_decodable(relpath):
        return "path is not valid UTF-8 (shown with its bytes escaped as \\xNN)"
    if entry.is_symlink():
        # Only links can lead out of the source: os.scandir never follows folder links.
        reason = _check_link(entry.path, real_root, follow_outside_links)
        if reason:
            return reason
    try:
        info = entry.stat()
    except OSError as error:
        return f"cannot stat: {error.strerror}"
    if not stat.S_ISREG(info.st_mode):
        return f"{NOT_REGULAR} ({file_kind(info.st_mode)})"
    return info.st_size


def _check_link(path: str, real_root: str, follow_outside_links: bool) -> str | None:
    """Why a symlink cannot be an input, or None when it leads to a file inside the source."""
    if not os.path.exists(path):
        return "dangling symlink (or a symlink loop)"
    if os.path.isdir(path):
        return "symlink to a folder: not followed"
    real = os.path.realpath(path)
    if not follow_outside_links and os.path.commonpath([real_root, real]) != real_root:
        return "symlink leads outside the source folder (allow with --follow-outside-links)"
    return None
