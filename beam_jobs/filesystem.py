"""Opening input files: the built-in `open` for local paths, Beam's file systems for URLs.

Beam's `FileSystems` looks up its plugin on every call, which cost more than reading a 70 KB
image in a profile of 8,000 files; local paths skip it.
"""

from __future__ import annotations

from typing import BinaryIO

from apache_beam.io.filesystem import CompressionTypes
from apache_beam.io.filesystems import FileSystems

from shardify.paths import is_local_path

__all__ = ["open_input"]


def open_input(path: str) -> BinaryIO:
    if is_local_path(path):
        return open(path, "rb")
    return FileSystems.open(path, compression_type=CompressionTypes.UNCOMPRESSED)
