"""Paths that may be local or URLs of a Beam/TensorFlow file system (gs://, s3://)."""

from __future__ import annotations

import os
import posixpath

__all__ = ["is_local_path", "join_path"]


def is_local_path(path: str) -> bool:
    return "://" not in path


def join_path(root: str, name: str) -> str:
    """`name` under `root`, for local folders and URLs alike."""
    return os.path.join(root, name) if is_local_path(root) else posixpath.join(root, name)
