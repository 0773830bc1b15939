"""Opening and reading local input files as untrusted: never block, never leave the source, never
read more than the listing said was there.

Everything under SRC may change between listing and writing, and anything may sit behind a name:
a named pipe (opening it blocks until a writer appears), a device (`/dev/zero` never ends), a
symlink swapped in to point outside SRC. So an input is opened without blocking, must turn out to
be a regular file, must really lie inside the source folder (checked on the file actually opened,
not on its name), and is read to at most the size seen at listing plus one byte: one byte more
means the file changed.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import BinaryIO

from shardify.errors import InvalidInputError

__all__ = [
    "NOT_REGULAR",
    "open_local_input",
    "read_exactly",
    "read_local_input",
    "size_of",
    "file_kind",
    "escape_name",
    "is_decodable",
]

NOT_REGULAR = "not a regular file"
_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
_KINDS = (
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISDIR, "a folder"),
)


def file_kind(mode: int) -> str:
    """'a named pipe', 'a socket', ... for a `st_mode` that is not a regular file."""
    return next((name for test, name in _KINDS if test(mode)), "not a file")


def _real_path_of(fd: int, path: str) -> str:
    """The path of the file `fd` really is, whatever links led to it (Linux: /proc/self/fd)."""
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return os.path.realpath(path)


def _is_within(real: str, real_root: str) -> bool:
    """`real` is `real_root` or below it; both real, absolute paths (a string test: commonpath
    cost 20 µs a file, 1 s of 50,000 tiny texts)."""
    return real == real_root or real.startswith(real_root.rstrip("/") + "/")


def _checked_fd(path: str, real_root: str | None, follow_links: bool) -> tuple[int, os.stat_result]:
    """(an open descriptor of `path`, its stat), or raises as `open_local_input` says; the
    descriptor is the caller's to close."""
    try:
        fd = os.open(path, _OPEN_FLAGS if follow_links else _OPEN_FLAGS | os.O_NOFOLLOW)
    except OSError as error:
        if not follow_links and error.errno == errno.ELOOP and os.path.islink(path):
            raise InvalidInputError(f"{NOT_REGULAR} (a symbolic link: shardify opens only the files themselves here)") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InvalidInputError(f"{NOT_REGULAR} ({file_kind(info.st_mode)})")
        if real_root is not None:
            real = _real_path_of(fd, path)
            if not _is_within(real, real_root):
                raise InvalidInputError(f"leads outside {real_root} (a link, or it changed since it was listed)")
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def open_local_input(path: str, *, real_root: str | None = None, follow_links: bool = True) -> BinaryIO:
    """Opens a local file for reading, refusing what is not a regular file inside `real_root`.

    Args:
      path: the file.
      real_root: the source folder's real path; None allows any location (a label file outside
        SRC, or `--follow-outside-links`).
      follow_links: False refuses a file that is a symbolic link (the folders above it may be
        links): the output folder's files are opened so.

    Raises:
      InvalidInputError: not a regular file (a pipe, a device, a symbolic link where links are not
        followed), or it lies outside `real_root`.
      OSError: it cannot be opened.
    """
    fd, _ = _checked_fd(path, real_root, follow_links)
    try:
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_local_input(path: str, size_bytes: int, *, real_root: str | None = None) -> tuple[bytes, int]:
    """(the whole file, which must still be `size_bytes` long, its modification time in ns), checked
    as `open_local_input` checks it and read as `read_exactly` reads.

    The writer reads every input whole once: through a file object that costs 12 system calls an
    input (a second `fstat`, two `fcntl`, `isatty`, `lseek` for the buffered reader, a third `fstat`
    for the time), here 6 (open, fstat, readlink, two reads, close). The time is the `fstat`'s,
    taken before the bytes are read: a file changed while it is read then reads as changed to the
    next append, never as the bytes it was before. Reading a regular file does not block on Linux,
    so its descriptor stays non-blocking unless a read says otherwise.

    Raises:
      InvalidInputError: as `open_local_input`; or the file is shorter or longer than `size_bytes`.
      OSError: it cannot be opened or read.
    """
    fd, info = _checked_fd(path, real_root, True)
    try:
        wanted = size_bytes + 1  # one byte more tells a file that grew
        chunks = []
        got = 0
        while got < wanted:  # a regular file's read returns less only at its end; loop anyway
            try:
                chunk = os.read(fd, wanted - got)
            except BlockingIOError:  # a file system that honours O_NONBLOCK on files (some FUSE ones)
                os.set_blocking(fd, True)
                continue
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    finally:
        os.close(fd)
    data = chunks[0] if len(chunks) == 1 else b"".join(chunks)  # (one chunk: not copied)
    _check_size(data, size_bytes)
    return data, info.st_mtime_ns


def read_exactly(fileobj: BinaryIO, size_bytes: int) -> bytes:
    """The whole file, which must still be `size_bytes` long; never reads more than one byte past it.

    Raises:
      InvalidInputError: the file is shorter or longer than `size_bytes` (it changed).
    """
    data = fileobj.read(size_bytes + 1)
    _check_size(data, size_bytes)
    return data


def _check_size(data: bytes, size_bytes: int) -> None:
    if len(data) != size_bytes:
        grown = "more than " if len(data) > size_bytes else ""
        raise InvalidInputError(
            f"file changed since it was listed ({size_bytes} -> {grown}{len(data)} bytes)"
        )


def size_of(fileobj: BinaryIO) -> int | None:
    """The size of an open local file now (reading stops there), or None for other streams."""
    try:
        return os.fstat(fileobj.fileno()).st_size
    except (AttributeError, OSError, ValueError):
        return None


def is_decodable(name: str) -> bool:
    """False for a name whose bytes are not UTF-8 (held as lone surrogates, see `paths.utf8_name`)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def escape_name(name: str) -> str:
    """A name that is not valid UTF-8 (as `paths.utf8_name` gives it), printable: each undecodable byte
    as `\\xNN`.

    >>> escape_name(b"caf\\xe9.jpg".decode("utf-8", "surrogateescape"))
    'caf\\\\xe9.jpg'
    """
    return name.encode("utf-8", "surrogateescape").decode("utf-8", errors="backslashreplace")
