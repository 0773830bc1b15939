"""Paths that may be local or URLs of a Beam/TensorFlow file system (gs://, s3://), and the names
of local files.

Names are bytes on disk, and shardify reads them as UTF-8 whatever the caller's locale: under
`LC_ALL=en_US.ISO-8859-1` (or the POSIX locale with PYTHONUTF8=0) Python decodes file names with
the locale's codec, which would turn `été` into `Ã©tÃ©`, or into bytes it cannot decode. So a
relative path inside SRC or OUT is always the UTF-8 reading of its bytes (`utf8_name`, bytes that
are not UTF-8 held as lone surrogates), and `join_path` turns it back into what the `os` module
takes for those bytes (`os_name`) when it joins it to a local folder given as the `os` module gave
it (SRC and OUT from the command line). Under a UTF-8 locale both are the identity.
"""

from __future__ import annotations

import os
import posixpath

__all__ = ["is_local_path", "join_path", "utf8_name", "os_name"]


def is_local_path(path: str) -> bool:
    return "://" not in path


def join_path(root: str, name: str) -> str:
    """`name` (a relative path in UTF-8, see the module's docstring) under `root`, for local
    folders and URLs alike."""
    return os.path.join(root, os_name(name)) if is_local_path(root) else posixpath.join(root, name)


def utf8_name(name: str) -> str:
    """A name as the `os` module gave it (decoded with the locale's codec) -> the same bytes read
    as UTF-8, undecodable bytes as lone surrogates. Identity under a UTF-8 locale.

    >>> utf8_name(os.fsdecode("été".encode("utf-8"))) == "été"
    True
    """
    if name.isascii():  # the same bytes in every file system encoding Python uses: asked of every listed name
        return name
    return os.fsencode(name).decode("utf-8", "surrogateescape")


def os_name(name: str) -> str:
    """A UTF-8 name (as `utf8_name` gives it) -> what the `os` module takes for those bytes.

    >>> utf8_name(os_name("été")) == "été"
    True
    """
    if name.isascii():  # as in `utf8_name`: the same in every file system encoding; asked of every input the writer opens
        return name
    return os.fsdecode(name.encode("utf-8", "surrogateescape"))
