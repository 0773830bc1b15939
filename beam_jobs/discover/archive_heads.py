"""The first bytes of a file detection sampled inside an archive (a zip as SRC, or a zip or tar in
SRC read as a folder), so that the checks that look into files see archives as they see folders.

Why a module of its own: detection samples an archive's members under the paths the pipeline will
give them (`list_archives.member_prefix`: the archive's stem as a folder, or the archive as SRC read
from its top), but every look into a file went through `open_input(SRC/path)`, which finds no file
there. So a CVAT 'YOLO 1.1' export left zipped had its box rows (`2 0.5 0.5 0.2 0.3`) written as
captions with exit 0, while the same files unzipped stopped ("rows of numbers named like the
inputs"). Here such a path is resolved to its archive and member, and a bounded head of the member
is read: never the whole member, never more than MAX_SEEK bytes into a compressed tar.

Local sources only (an object store's archives are listed by the pipeline, not looked into here).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import os
import zipfile
import zlib
from collections.abc import Iterator

from shardify.converters import archives
from shardify.converters.archive_members import safe_name
from shardify.converters.zip_members import ZIP_STORED, zip_data_start
from shardify.errors import InvalidInputError
from shardify.inputs import compressed
from shardify.inputs.files import size_of
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan.entries import MemberLocation

__all__ = ["member_head", "in_archive", "source_archive", "MAX_LISTED", "MAX_SEEK"]

# Members listed per archive to find a sampled one (detection samples no more than this).
MAX_LISTED = 4000
# A tar.gz member further than this into the decompressed stream is not looked into (reaching it
# decompresses everything before it).
MAX_SEEK = 64 << 20


# The archive SRC names while detection reads it as a folder, with the folder its members are read
# from ('' for its top): paths are then relative to that, not to SRC's folder.
_SOURCE_ARCHIVE: contextvars.ContextVar[tuple[str, str] | None] = contextvars.ContextVar("source_archive", default=None)


@contextlib.contextmanager
def source_archive(path: str, root: str) -> Iterator[None]:
    """While detection reads the archive `path` (SRC) as a folder from its `root`, `member_head`
    resolves paths inside it."""
    token = _SOURCE_ARCHIVE.set((path, root))
    try:
        yield
    finally:
        _SOURCE_ARCHIVE.reset(token)


def member_head(source: str, relpath: str, limit: int) -> bytes | None:
    """The first `limit` bytes of the archive member that `relpath` (relative to `source`) names,
    or None where it names none (or the archive cannot be read: the pipeline reports that)."""
    if not is_local_path(source):
        return None
    found = _member_of(source, relpath)
    if found is None:
        return None
    archive_path, location = found
    try:
        with open(archive_path, "rb") as stream:
            head = _head(stream, location, limit)
        return None if head is None else compressed.decompressed_head(head, relpath, limit)  # (a member `x.csv.gz`)
    except (OSError, InvalidInputError, zlib.error, EOFError, ValueError):
        return None


def in_archive(source: str, relpath: str) -> bool:
    """`relpath` names a member of an archive read as a folder (or of the archive SRC names)."""
    return is_local_path(source) and _member_of(source, relpath) is not None


def _member_of(source: str, relpath: str) -> tuple[str, MemberLocation] | None:
    """(the archive's path, the member's location) for `relpath`, or None."""
    given = _SOURCE_ARCHIVE.get()
    if given is not None:  # SRC is the archive: its members read from `root`
        path, root = given
        location = _listed(path).get(root + relpath) if os.path.isfile(path) else None
        return (path, location) if location else None
    parts = relpath.split("/")
    for i in range(1, len(parts)):
        folder, inside = "/".join(parts[:i]), "/".join(parts[i:])
        for archive in _archives_reading_as(source, folder):
            location = _listed(archive).get(inside)
            if location:
                return archive, location
    return None


def _archives_reading_as(source: str, folder: str) -> list[str]:
    """The archives in SRC that read as `folder`: one named so (`train.zip/` where `train/` was
    taken), or one whose name less its suffix is the folder's (`train.zip` as `train/`)."""
    path = join_path(source, folder)
    if archives.archive_kind(folder) and os.path.isfile(path):
        return [path]
    if os.path.isdir(path):  # a real folder: no archive reads as it (`list_archives.member_prefix`); nothing listed
        return []
    parent, _, name = path.rpartition("/")
    try:
        entries = sorted(os.listdir(parent or "."))
    except OSError:
        return []
    return [
        join_path(parent, entry) for entry in entries
        if archives.archive_kind(entry) and archives.strip_archive_suffix(entry) == name and os.path.isfile(join_path(parent, entry))
    ]


def _listed(archive_path: str) -> dict[str, MemberLocation]:
    """The archive's first MAX_LISTED members by name: cached while the archive is unchanged."""
    stat = os.stat(archive_path)
    return _listed_cached(archive_path, stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=16)
def _listed_cached(archive_path: str, size: int, _mtime: int) -> dict[str, MemberLocation]:
    members: dict[str, MemberLocation] = {}
    kind = archives.archive_kind(archive_path)
    try:
        with open(archive_path, "rb") as fileobj:
            if kind == archives.ZIP:  # the central directory alone: a head read checks its one member's header
                return _zip_index(fileobj, archive_path, size)
            listed = archives.list_members(fileobj, archive_path, kind, size_of(fileobj) or size)
            for member in listed:
                if isinstance(member, archives.Member):
                    members[member.name] = member.location
                    if len(members) >= MAX_LISTED:
                        break
    except (OSError, InvalidInputError, zipfile.BadZipFile, ValueError):
        pass
    return members


def _zip_index(fileobj, archive_path: str, size: int) -> dict[str, MemberLocation]:  # noqa: ANN001 - a binary file
    """A zip's first MAX_LISTED stored or deflated regular members by their safe names, from its
    central directory only (`archives.list_members` checks every member's local header first: a
    second pass over a large zip that detection's sample has already listed)."""
    members: dict[str, MemberLocation] = {}
    with zipfile.ZipFile(fileobj) as archive:
        for info in archive.infolist()[: MAX_LISTED * 2]:
            name = safe_name(info.filename)
            if name and not info.is_dir() and not info.flag_bits & 0x1 and info.compress_type in (ZIP_STORED, zipfile.ZIP_DEFLATED):
                members[name] = MemberLocation(archive_path, archives.ZIP, size, info.header_offset, info.file_size,
                                               info.compress_type, info.compress_size)
                if len(members) >= MAX_LISTED:
                    break
    return members


def _head(stream, location: MemberLocation, limit: int) -> bytes | None:  # noqa: ANN001 - a binary file
    """At most `limit` bytes from the member's start (a deflated zip member decompressed only so far)."""
    size = min(location.member_bytes, limit)
    if location.kind == archives.ZIP:
        start, _ = zip_data_start(stream, location)
        stream.seek(start)
        if location.method == ZIP_STORED:
            return stream.read(size)
        return zlib.decompressobj(-zlib.MAX_WBITS).decompress(stream.read(min(location.compressed_bytes, limit)), size)
    if location.offset > MAX_SEEK and location.kind == archives.TAR_GZ:
        return None
    data = archives.open_gzip(stream) if location.kind == archives.TAR_GZ else stream
    data.seek(location.offset)
    return data.read(size)
