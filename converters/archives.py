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
regular file (links, devices, GNU sparse files), an encrypted or oddly compressed zip member become
rejects. A member is what its own header and data say: a zip member's local header must agree with
the central directory (name, method, sizes, CRC), its data must lie inside the archive and share no
byte with another member's, it may not expand more than MAX_EXPANSION_RATIO times, and its bytes are
checked against its CRC-32 once they are read. A tar.gz member may not expand more than that
either, measured before it is read between the gzip index's seek points around it. A path the archive holds more than once (what
`tar -r` leaves when a file is updated) is the last copy, as extracting the archive leaves it; each
earlier copy is a reject (`last_copies`). Tars inside tars are listed by iteration, at most
MAX_NESTED_ARCHIVES deep; a deeper one is one reject. Names are UTF-8 whatever the locale.

This module lists tars and reads members; what a listing yields and the rules every member meets
live in `archive_members`, the zip listing in `zip_members`, the last-copy rule in
`archive_copies`. Their public names are re-exported here (`archives.X`), as callers read them.
"""

from __future__ import annotations

import bisect
import io
import os
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from typing import BinaryIO

from shardify.converters.archive_copies import EARLIER_COPY, last_copies
from shardify.converters.archive_members import (
    MAX_EXPANSION_RATIO,
    NESTED_UNREAD,
    TAR,
    TAR_GZ,
    ZIP,
    Member,
    MemberReject,
    archive_kind,
    expansion_problem,
    safe_name,
    same_stem_archives,
    strip_archive_suffix,
)
from shardify.converters.zip_members import ZIP_STORED, zip_data_start, zip_members
from shardify.errors import InvalidInputError
from shardify.inputs.files import escape_name, is_decodable
from shardify.plan.entries import MemberLocation
__all__ = [
    "TAR",
    "TAR_GZ",
    "ZIP",
    "archive_kind",
    "strip_archive_suffix",
    "same_stem_archives",
    "MemberLocation",
    "Member",
    "MemberReject",
    "list_members",
    "last_copies",
    "EARLIER_COPY",
    "MAX_EXPANSION_RATIO",
    "expansion_problem",
    "MAX_NESTED_ARCHIVES",
    "open_gzip",
    "member_view",
    "read_member",
]

# Seek points in a .tar.gz's index: one every this many bytes of output (each holds a 32 KiB window,
# so the index is ~3% of the decompressed size; reading a member decompresses at most this much
# before it). Measured on 3,000 shuffled 10 kB members: 7.1 ms a member at 4 MiB, 2.3 ms at 1 MiB.
GZIP_SEEK_SPACING_BYTES = 1 << 20
# What one read of the gzip stream decompresses ahead: small, as the next read is elsewhere.
GZIP_BUFFER_BYTES = 128 << 10
_GZIP_SIGNATURE = b"\x1f\x8b"
# Tars inside tars (ImageNet's training archive nests one level): deeper is refused, one reject.
MAX_NESTED_ARCHIVES = 16


class _Region(io.RawIOBase):
    """A read-only, seekable view of bytes [start, start + size) of a seekable stream; with `crc`,
    the bytes are checked against that CRC-32 once they have all been read."""

    def __init__(self, stream: BinaryIO, start: int, size: int, crc: int | None = None) -> None:
        super().__init__()
        self._stream, self._start, self._size, self._position = stream, start, size, 0
        self._crc, self._crc_expected, self._crc_end = 0, crc, 0  # CRC of bytes [0, _crc_end)

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
        if self._crc_expected is not None and self._position <= self._crc_end < self._position + len(data):
            self._crc = zlib.crc32(data[self._crc_end - self._position :], self._crc)
            self._crc_end = self._position + len(data)
            if self._crc_end == self._size:
                _check_crc(self._crc, self._crc_expected)
        self._position += len(data)
        return len(data)


def _check_crc(found: int, expected: int) -> None:
    """Raises InvalidInputError when a zip member's bytes fail their CRC-32."""
    if found != expected:
        raise InvalidInputError(
            f"damaged zip member: its data fail their CRC-32 (the bytes give {found:08x}, its header says {expected:08x})"
        )


def open_gzip(fileobj: BinaryIO, index: BinaryIO | None = None):  # noqa: ANN201 - indexed_gzip's own type
    """A seekable view of a gzip stream: with the `index` built while listing, any offset is
    reached by decompressing from the seek point before it."""
    import indexed_gzip  # imported here: only .tar.gz sources pay for it

    stream = indexed_gzip.IndexedGzipFile(fileobj=fileobj, spacing=GZIP_SEEK_SPACING_BYTES, buffer_size=GZIP_BUFFER_BYTES)
    if index is not None:
        stream.import_index(fileobj=index)
    return stream


def list_members(
    fileobj: BinaryIO,
    archive: str,
    kind: str,
    archive_bytes: int,
    *,
    gzip_index: BinaryIO | None = None,
    last_copy_only: bool = False,
) -> Iterator[Member | MemberReject]:
    """Every member of the archive `archive` (relative to SRC), open as `fileobj`.

    Args:
      gzip_index: TAR_GZ: where to write the index of the gzip stream, built while listing.
      last_copy_only: each path once, as `last_copies` gives them (the whole archive is listed
        before the first member comes); False streams the members as listed (a sample of them).

    Raises:
      InvalidInputError: not a readable archive of that kind.
    """
    members = _list_members(fileobj, archive, kind, archive_bytes, gzip_index)
    return last_copies(members) if last_copy_only else members


def _list_members(
    fileobj: BinaryIO, archive: str, kind: str, archive_bytes: int, gzip_index: BinaryIO | None
) -> Iterator[Member | MemberReject]:
    stream = None
    try:
        if kind == ZIP:
            yield from zip_members(fileobj, archive, archive_bytes)
            return
        if kind == TAR_GZ:
            _check_gzip_signature(fileobj)
        stream = open_gzip(fileobj) if kind == TAR_GZ else fileobj
        yield from _tar_members(stream, MemberLocation(archive, kind, archive_bytes, 0, 0))
        if gzip_index is not None:
            stream.build_full_index()
            stream.export_index(fileobj=gzip_index)
    except InvalidInputError as error:
        if gzip_index is not None and stream is not None:
            _export_partial_index(stream, gzip_index)
        if error.reason.startswith("unreadable "):
            raise
        raise InvalidInputError(f"unreadable {kind} archive: {error.reason}") from None
    except (tarfile.TarError, zipfile.BadZipFile, EOFError, zlib.error, ValueError, OSError) as error:
        # OSError: indexed_gzip reports a damaged stream as one. The index of the part read is
        # kept, so that the members listed before the damage can still be read.
        if gzip_index is not None and stream is not None:
            _export_partial_index(stream, gzip_index)
        raise InvalidInputError(f"unreadable {kind} archive: {_archive_error(error)}") from None


def _archive_error(error: Exception) -> str:
    """What went wrong, in words: indexed_gzip's internal codes (`zran_read returned error:
    ZRAN_READ_FAIL (file: 7)`) say only that the gzip stream could not be read."""
    text = str(error) or type(error).__name__
    if "zran" in text.lower():
        return "damaged gzip stream (it ends early, or its compressed data are corrupt)"
    return text


def _check_gzip_signature(fileobj: BinaryIO) -> None:
    """Raises InvalidInputError for a .tar.gz that is not gzip at all (a plain tar, random bytes)."""
    fileobj.seek(0)
    head = fileobj.read(tarfile.BLOCKSIZE)
    fileobj.seek(0)
    if head.startswith(_GZIP_SIGNATURE):
        return
    if head[257:262] == b"ustar" or _is_tar_header(head):
        raise InvalidInputError("not a gzip file: it is named .tar.gz but holds a plain tar (rename it .tar)")
    raise InvalidInputError("not a gzip file: it is named .tar.gz but does not start with gzip's signature (1f 8b)")


def _is_tar_header(block: bytes) -> bool:
    """A 512-byte block that is a tar header of any format (its checksum holds)."""
    if len(block) < tarfile.BLOCKSIZE:
        return False
    try:
        tarfile.TarInfo.frombuf(block, "utf-8", "surrogateescape")
    except tarfile.HeaderError:
        return False
    return True


def _export_partial_index(stream, gzip_index: BinaryIO) -> None:  # noqa: ANN001 - indexed_gzip's own type
    try:
        stream.export_index(fileobj=gzip_index)
    except (OSError, ValueError):
        pass  # no index: the members listed are rejected when read, each with its reason


def _tar_members(stream: BinaryIO, where: MemberLocation) -> Iterator[Member | MemberReject]:
    """A tar's members; a member that is itself a tar is listed in place, its members' names under
    its name without the suffix and their offsets counted from the outer start.

    Tars inside tars are followed by iteration, not recursion (the input sets the depth), at most
    MAX_NESTED_ARCHIVES deep: a deeper one, or an inner tar that cannot be read, is one reject and
    the listing goes on.

    Raises:
      InvalidInputError, tarfile.TarError, ...: the outermost tar cannot be read on.
    """
    # One level per open tar: (its members, its offset in the outer stream, its name prefix, its
    # own name as shown, the TarFile).
    outer = _open_tar(stream)
    levels = [(_each_member(outer), 0, "", "", outer)]
    try:
        while levels:
            members, base, prefix, shown_tar, tar = levels[-1]
            try:
                info = next(members, None)
            except (InvalidInputError, tarfile.TarError, EOFError, zlib.error, ValueError, OSError) as error:
                if len(levels) == 1:
                    raise
                levels.pop()
                tar.close()
                yield MemberReject(shown_tar, f"unreadable tar inside the archive: {_reason(error)}")
                continue
            if info is None:
                levels.pop()
                tar.close()
                continue
            if not is_decodable(info.name):  # names are decoded as UTF-8 with surrogateescape
                yield MemberReject(prefix + escape_name(info.name), "its name is not valid UTF-8")
                continue
            name = safe_name(info.name)
            shown = prefix + (name or info.name)
            if name is None:
                yield MemberReject(shown, "its path leaves the archive")
            elif info.isdir():
                continue
            elif info.issparse():
                yield MemberReject(shown, "a sparse file inside the archive (its holes are not stored, so its bytes cannot be read in place): extract the archive and convert the folder")
            elif not info.isreg():
                yield MemberReject(shown, "not a regular file (a link or device inside the archive)")
            elif archive_kind(name) in (ZIP, TAR_GZ):
                yield MemberReject(shown, NESTED_UNREAD)
            elif archive_kind(name) == TAR:
                if len(levels) > MAX_NESTED_ARCHIVES:
                    yield MemberReject(shown, f"a tar nested more than {MAX_NESTED_ARCHIVES} archives deep: not listed")
                    continue
                start = base + info.offset_data
                try:
                    inner = _open_tar(_Region(stream, start, info.size))
                except (InvalidInputError, tarfile.TarError, EOFError, zlib.error, ValueError, OSError) as error:
                    yield MemberReject(shown, f"unreadable tar inside the archive: {_reason(error)}")
                    continue
                levels.append((_each_member(inner), start, prefix + strip_archive_suffix(name) + "/", shown, inner))
            else:
                location = MemberLocation(where.archive, where.kind, where.archive_bytes, base + info.offset_data, info.size)
                yield Member(shown, info.size, location)
    finally:
        for *_, tar in levels:
            tar.close()


def _open_tar(fileobj: BinaryIO) -> tarfile.TarFile:
    """A tar open for listing; member names decoded as UTF-8 whatever the locale (tarfile's default
    is the file system's encoding: mojibake under LC_ALL=en_US.ISO-8859-1)."""
    return tarfile.open(fileobj=fileobj, mode="r:", encoding="utf-8", errors="surrogateescape")


def _reason(error: Exception) -> str:
    return error.reason if isinstance(error, InvalidInputError) else _archive_error(error)


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


def _data_start(stream: BinaryIO, location: MemberLocation) -> tuple[int, int | None]:
    """(where the member's (maybe compressed) bytes begin, the CRC-32 they must give or None): a
    tar's data offset, or past a zip member's local header, with the CRC of that header (or of the
    data descriptor after the data, for members written with one). Listing checked both against
    the central directory.

    Raises:
      InvalidInputError: no zip member header there (the archive changed).
    """
    if location.kind != ZIP:
        return location.offset, None
    return zip_data_start(stream, location)


def member_view(stream: BinaryIO, location: MemberLocation) -> BinaryIO:
    """A seekable, read-only view of a member, reading its bytes only as they are asked for (an
    image's header probe reads a few hundred); a deflated zip member is decompressed whole. A zip
    member's bytes are checked against its CRC-32 once all of them have been read.

    Raises:
      InvalidInputError: the archive changed, or the member is damaged.
    """
    if location.kind == TAR_GZ or (location.kind == ZIP and location.method != ZIP_STORED):
        # Compressed: every seek back in a gzip stream decompresses again from the seek point
        # before it (up to GZIP_SEEK_SPACING_BYTES), so the member is decompressed once, whole.
        return io.BytesIO(read_member(stream, location))
    start, crc = _data_start(stream, location)
    return io.BufferedReader(_Region(stream, start, location.member_bytes, crc))


def _gzip_span(stream: BinaryIO, start: int, size: int) -> int:
    """The compressed bytes that hold bytes [start, start + size) of a gzip stream at most, from its
    index's seek points (the one at or before `start` to the one at or after the end; the stream's
    end where the index stops before): a tar.gz member's stored size, which tar does not record, so
    that its expansion is checked as a zip member's is. The points are read once per stream."""
    points = stream.__dict__.get("_shardify_points") if hasattr(stream, "__dict__") else None
    if points is None:
        found = list(stream.seek_points()) if hasattr(stream, "seek_points") else []
        points = ([point[0] for point in found], [point[1] for point in found])
        if hasattr(stream, "__dict__"):
            stream.__dict__["_shardify_points"] = points
    uncompressed, compressed = points
    if not uncompressed:
        return size  # no index: nothing to measure by, nothing refused
    first = max(bisect.bisect_right(uncompressed, start) - 1, 0)
    last = bisect.bisect_left(uncompressed, start + size)
    end = compressed[last] if last < len(compressed) else max(compressed[-1], _raw_size(stream))
    return max(end - compressed[first], 1)


def _raw_size(stream: BinaryIO) -> int:
    """The compressed file's size under a gzip stream (0 when it cannot be told)."""
    try:
        raw = stream.fileobj()
        return os.fstat(raw.fileno()).st_size
    except (AttributeError, OSError, ValueError, TypeError):
        return 0


def read_member(stream: BinaryIO, location: MemberLocation) -> bytes:
    """The member's bytes, exactly `location.member_bytes` of them, from the archive open as
    `stream` (for TAR_GZ: `open_gzip` with its index); a zip member's checked against its CRC-32.

    Raises:
      InvalidInputError: the archive changed since it was listed, or the member is damaged.
    """
    size = location.member_bytes
    start, crc = _data_start(stream, location)
    if location.kind == TAR_GZ:  # before a byte of it is decompressed
        problem = expansion_problem(_gzip_span(stream, start, size), size, "an archive member")
        if problem:
            raise InvalidInputError(problem)
    stream.seek(start)
    if location.kind == ZIP and location.method != ZIP_STORED:
        try:
            data = zlib.decompressobj(-zlib.MAX_WBITS).decompress(stream.read(location.compressed_bytes), size + 1)
        except zlib.error as error:
            raise InvalidInputError(f"damaged zip member: {error}") from None
    else:
        data = stream.read(size)
    if len(data) != size:
        raise InvalidInputError(f"the archive ends inside this member ({len(data)} of {size} bytes there)")
    if crc is not None:
        _check_crc(zlib.crc32(data), crc)
    return data
