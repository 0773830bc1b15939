"""List a source tree: (relpath, size) per file, or a Reject for what cannot be listed."""

from __future__ import annotations

import os
from collections.abc import Iterator

from apache_beam.io.filesystems import FileSystems

from shardify.entries import Reject
from shardify.paths import is_local_path

__all__ = ["list_tree"]


def list_tree(root: str, *, follow_outside_links: bool = False) -> Iterator[tuple[str, int] | Reject]:
    """(relpath, size) of every file under `root`, or a Reject for what cannot be listed.

    A symlink to a file outside `root` is rejected unless `follow_outside_links`.

    Locally this walks the tree itself rather than using Beam's match, which silently drops files
    whose size cannot be read (dangling symlinks); elsewhere it uses Beam's file systems.
    """
    if not is_local_path(root):
        prefix = root.rstrip("/") + "/"
        for result in FileSystems.match([prefix + "**"]):
            for meta in result.metadata_list:
                yield meta.path[len(prefix) :], meta.size_in_bytes
        return
    real_root = os.path.realpath(root)
    folders = [(root, "")]
    while folders:
        folder, rel_dir = folders.pop()
        with os.scandir(folder) as scan:
            children = sorted(scan, key=lambda entry: entry.name)
        for entry in children:
            relpath = rel_dir + entry.name
            if entry.is_dir(follow_symlinks=False):
                folders.append((entry.path, relpath + "/"))
                continue
            if entry.is_symlink():
                # Only links can lead out of the source: os.scandir never follows folder links.
                reject = _check_link(entry.path, real_root, follow_outside_links)
                if reject:
                    yield Reject(relpath, "discover", reject)
                    continue
            try:
                size = entry.stat().st_size
            except OSError as error:
                yield Reject(relpath, "discover", f"cannot stat: {error.strerror}")
                continue
            yield relpath, size


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
