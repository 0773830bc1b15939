"""Archives read in place: .tar, .tar.gz (.tgz) and .zip, never extracted to disk.

Discovery lists an archive's members once (`list_members`) and keeps, per member, where its bytes
are (`MemberLocation`): the data offset of a tar member, the local header of a zip member with its
compression. Writers then read each member they need by that location (`read_member`), so memory
stays at one member and nothing is read twice. A .tar.gz has no offsets of its own: while listing,
an index of its gzip stream is built (indexed_gzip: a seek point with its 32 KiB window every MiB
of output) and kept beside the output; readers import it and decompress only from the seek point
before a member. Records are shuffled, so members are read out of order: each costs decompressing
half a MiB on average (~2 ms), where a plain .tar costs a seek. A tar inside a tar (ImageNet's training archive holds one tar per class) is
listed in place, its members' offsets counted from the outer archive's start.

Members are untrusted like files: a name that leaves the archive (`../`, absolute), anything but a
regular file (links, devices), an encrypted or oddly compressed zip member become rejects.
"""

from __future__ import annotations

import io
import posixpath
import struct
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from shardify.errors import InvalidInputError
from shardify.inputs.files import escape_name, is_decodable
from shardify.plan.entries import MemberLocation

__all__ = [
    "TAR",
    "TAR_GZ",
    "ZIP",
    "archive_kind",
    "strip_archive_suffix",
    "MemberLocation",
    "Member",
    "MemberReject",
    "list_members",
    "open_gzip",
    "member_view",
    "read_member",
]

TAR, TAR_GZ, ZIP = "tar", "tar.gz", "zip"
_SUFFIXES = ((".tar.gz", TAR_GZ), (".tgz", TAR_GZ), (".tar", TAR), (".zip", ZIP))
# Seek points in a .tar.gz's index: one every this many bytes of output (each holds a 32 KiB window,
# so the index is ~3% of the decompressed size; reading a member decompresses at most this much
# before it). Measured on 3,000 shuffled 10 kB members: 7.1 ms a member at 4 MiB, 2.3 ms at 1 MiB.
GZIP_SEEK_SPACING_BYTES = 1 << 20
# What one read of the gzip stream decompresses ahead: small, as the next read is elsewhere.
GZIP_BUFFER_BYTES = 128 << 10
_ZIP_LOCAL_HEADER = struct.Struct("<IHHHHHIIIHH")
_ZIP_LOCAL_SIGNATURE = 0x04034B50
_ZIP_STORED, _ZIP_DEFLATED = 0, 8  # compression methods


def archive_kind(name: str) -> str | None:
    """TAR, TAR_GZ or ZIP from the file name, or None for other files."""
    lowered = name.lower()
    return next((kind for suffix, kind in _SUFFIXES if lowered.endswith(suffix)), None)


def strip_archive_suffix(name: str) -> str:
    """'train.tar.gz' -> 'train'."""
    lowered = name.lower()
    suffix = next((suffix for suffix, _ in _SUFFIXES if lowered.endswith(suffix)), "")
    return name[: len(name) - len(suffix)] if suffix else name


def same_stem_archives(name: str) -> list[str]:
    """The names other archives reading as the same folder would have: 'a/train.tar' ->
    ['a/train.tar.gz', 'a/train.tgz', 'a/train.zip']."""
    stem = strip_archive_suffix(name)
    return [stem + suffix for suffix, _ in _SUFFIXES if stem + suffix != name]


@dataclass(frozen=True)
class Member:
    """A regular file inside an archive: its path there, its size, where its bytes are."""

    name: str
    size_bytes: int
    location: MemberLocation


@dataclass(frozen=True)
class MemberReject:
    """A member that cannot be an input, and why."""

    name: str
    reason: str


def _safe_name(name: str) -> str | None:
    """The member's path, '/'-separated and normalised, or None when it leaves the archive."""
    path = name.replace("\\", "/")
    if path.startswith("/") or (len(path) > 1 and path[1] == ":"):
        return None
    path = posixpath.normpath(path)
    return None if path in (".", "..") or path.startswith("../") else path


class _Region(io.RawIOBase):
    """A read-only, seekable view of bytes [start, start + size) of a seekable stream."""

    def __init__(self, stream: BinaryIO, start: int, size: int) -> None:
        super().__init__()
        self._stream, self._start, self._size, self._position = stream, start, size, 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._position, io.SEEK_END: self._size}[whence]
        self._position = max(0, base + offset)
        return self._position

    def readinto(self, buffer) -> int:  # noqa: ANN001 - the io protocol's buffer
        wanted = min(len(buffer), self._size - self._position)
        if wanted <= 0:
            return 0
        self._stream.seek(self._start + self._position)
        data = self._stream.read(wanted)
        if len(data) < wanted:  # the archive's size was checked: it is cut short inside the member
            raise InvalidInputError(f"the archive ends inside this member ({self._position + len(data)} of {self._size} bytes there)")
        buffer[: len(data)] = data
        self._position += len(data)
        return len(data)


def open_gzip(fileobj: BinaryIO, index: BinaryIO | None = None):  # noqa: ANN201 - indexed_gzip's own type
    """A seekable view of a gzip stream: with the `index` built while listing, any offset is
    reached by decompressing from the seek point before it."""
    import indexed_gzip  # imported here: only .tar.gz sources pay for it

    stream = indexed_gzip.IndexedGzipFile(fileobj=fileobj, spacing=GZIP_SEEK_SPACING_BYTES, buffer_size=GZIP_BUFFER_BYTES)
    if index is not None:
        stream.import_index(fileobj=index)
    return stream


def list_members(
    fileobj: BinaryIO, archive: str, kind: str, archive_bytes: int, *, gzip_index: BinaryIO | None = None
) -> Iterator[Member | MemberReject]:
    """Every member of the archive `archive` (relative to SRC), open as `fileobj`.

    Args:
      gzip_index: TAR_GZ: where to write the index of the gzip stream, built while listing.

    Raises:
      InvalidInputError: not a readable archive of that kind.
    """
    stream = None
    try:
        if kind == ZIP:
            yield from _zip_members(fileobj, archive, archive_bytes)
            return
        stream = open_gzip(fileobj) if kind == TAR_GZ else fileobj
        yield from _tar_members(stream, MemberLocation(archive, kind, archive_bytes, 0, 0))
        if gzip_index is not None:
            stream.build_full_index()
            stream.export_index(fileobj=gzip_index)
    except InvalidInputError:
        if gzip_index is not None and stream is not None:
            _export_partial_index(stream, gzip_index)
        raise
    except (tarfile.TarError, zipfile.BadZipFile, EOFError, zlib.error, ValueError, OSError) as error:
        # OSError: indexed_gzip reports a damaged stream as one. The index of the part read is
        # kept, so that the members listed before the damage can still be read.
        if gzip_index is not None and stream is not None:
            _export_partial_index(stream, gzip_index)
        raise InvalidInputError(f"unreadable {kind} archive: {error}") from None


def _export_partial_index(stream, gzip_index: BinaryIO) -> None:  # noqa: ANN001 - indexed_gzip's own type
    try:
        stream.export_index(fileobj=gzip_index)
    except (OSError, ValueError):
        pass  # no index: the members listed are rejected when read, each with its reason


def _tar_members(
    stream: BinaryIO, where: MemberLocation, nested: tuple[int, int] | None = None, prefix: str = ""
) -> Iterator[Member | MemberReject]:
    """A tar's members; a member that is itself a tar (at `nested`: its offset and size) is listed
    in place, its members' names under its name without the suffix and their offsets counted from
    the outer start."""
    base, region = (0, stream) if nested is None else (nested[0], _Region(stream, *nested))
    with tarfile.open(fileobj=region, mode="r:") as tar:
        for info in _each_member(tar):
            if not is_decodable(info.name):  # tarfile decodes names with surrogateescape
                yield MemberReject(prefix + escape_name(info.name), "its name is not valid UTF-8")
                continue
            name = _safe_name(info.name)
            shown = prefix + (name or info.name)
            if name is None:
                yield MemberReject(shown, "its path leaves the archive")
            elif info.isdir():
                continue
            elif not info.isreg():
                yield MemberReject(shown, "not a regular file (a link or device inside the archive)")
            elif archive_kind(name) == TAR:
                inner = prefix + strip_archive_suffix(name) + "/"
                yield from _tar_members(stream, where, (base + info.offset_data, info.size), inner)
            else:
                location = MemberLocation(where.archive, where.kind, where.archive_bytes, base + info.offset_data, info.size)
                yield Member(shown, info.size, location)


def _each_member(tar: tarfile.TarFile) -> Iterator[tarfile.TarInfo]:
    """The tar's members one at a time. Iterating a TarFile keeps every TarInfo it has read (half
    a kilobyte each: 640 MB for ImageNet's 1.28 M images); here each is dropped once handed on."""
    while (info := tar.next()) is not None:
        tar.members.clear()
        yield info
    _check_end(tar)


def _check_end(tar: tarfile.TarFile) -> None:
    """tarfile ends its listing quietly at a header it cannot read anywhere but at the start: a
    truncated or damaged archive would lose every member after the damage without a word. A whole
    tar ends in a block of zeros (or, written without that marker, at the end of its data).

    Raises:
      InvalidInputError: the listing stopped at something else.
    """
    tar.fileobj.seek(tar.offset)
    block = tar.fileobj.read(tarfile.BLOCKSIZE)
    if block and block != bytes(tarfile.BLOCKSIZE):
        raise InvalidInputError(f"unreadable tar archive: damaged or truncated at byte {tar.offset} (neither a member header nor the end)")


def _zip_members(fileobj: BinaryIO, archive: str, archive_bytes: int) -> Iterator[Member | MemberReject]:
    with zipfile.ZipFile(fileobj) as archive_file:
        for info in archive_file.infolist():
            name = _safe_name(info.filename)
            shown = name or info.filename
            if info.is_dir():
                continue
            if name is None:
                yield MemberReject(shown, "its path leaves the archive")
            elif info.flag_bits & 0x1:
                yield MemberReject(shown, "encrypted inside the zip archive")
            elif info.compress_type not in (_ZIP_STORED, _ZIP_DEFLATED):
                yield MemberReject(shown, f"zip compression method {info.compress_type} (only stored and deflated are read)")
            elif (info.external_attr >> 16) & 0o170000 not in (0, 0o100000):
                yield MemberReject(shown, "not a regular file (a link inside the archive)")
            else:
                location = MemberLocation(
                    archive, ZIP, archive_bytes, info.header_offset, info.file_size, info.compress_type, info.compress_size
                )
                yield Member(shown, info.file_size, location)


def _data_start(stream: BinaryIO, location: MemberLocation) -> int:
    """Where the member's (maybe compressed) bytes begin: a tar's data offset, or past a zip
    member's local header.

    Raises:
      InvalidInputError: no zip member header there (the archive changed).
    """
    if location.kind != ZIP:
        return location.offset
    stream.seek(location.offset)
    header = stream.read(_ZIP_LOCAL_HEADER.size)
    if len(header) < _ZIP_LOCAL_HEADER.size or _ZIP_LOCAL_HEADER.unpack(header)[0] != _ZIP_LOCAL_SIGNATURE:
        raise InvalidInputError("archive changed since it was listed (no zip member header there)")
    name_bytes, extra_bytes = _ZIP_LOCAL_HEADER.unpack(header)[-2:]
    return location.offset + _ZIP_LOCAL_HEADER.size + name_bytes + extra_bytes


def member_view(stream: BinaryIO, location: MemberLocation) -> BinaryIO:
    """A seekable, read-only view of a member, reading its bytes only as they are asked for (an
    image's header probe reads a few hundred); a deflated zip member is decompressed whole.

    Raises:
      InvalidInputError: the archive changed, or the member is damaged.
    """
    if location.kind == TAR_GZ or (location.kind == ZIP and location.method != _ZIP_STORED):
        # Compressed: every seek back in a gzip stream decompresses again from the seek point
        # before it (up to GZIP_SEEK_SPACING_BYTES), so the member is decompressed once, whole.
        return io.BytesIO(read_member(stream, location))
    return io.BufferedReader(_Region(stream, _data_start(stream, location), location.member_bytes))


def read_member(stream: BinaryIO, location: MemberLocation) -> bytes:
    """The member's bytes, exactly `location.member_bytes` of them, from the archive open as
    `stream` (for TAR_GZ: `open_gzip` with its index).

    Raises:
      InvalidInputError: the archive changed since it was listed, or the member is damaged.
    """
    size = location.member_bytes
    stream.seek(_data_start(stream, location))
    if location.kind == ZIP and location.method != _ZIP_STORED:
        try:
            data = zlib.decompressobj(-zlib.MAX_WBITS).decompress(stream.read(location.compressed_bytes), size + 1)
        except zlib.error as error:
            raise InvalidInputError(f"damaged zip member: {error}") from None
    else:
        data = stream.read(size)
    if len(data) != size:
        raise InvalidInputError(f"the archive ends inside this member ({len(data)} of {size} bytes there)")
    return data
