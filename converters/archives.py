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
"""

from __future__ import annotations

import array
import bisect
import dataclasses
import io
import os
import operator
import pickle
import posixpath
import struct
import tarfile
import tempfile
import zipfile
import zlib
from collections.abc import Iterable, Iterator
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
    "last_copies",
    "EARLIER_COPY",
    "MAX_EXPANSION_RATIO",
    "expansion_problem",
    "MAX_NESTED_ARCHIVES",
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
_ZIP_DESCRIPTOR_SIGNATURE = b"PK\x07\x08"
_ZIP_STORED, _ZIP_DEFLATED = 0, 8  # compression methods
_ZIP_UTF8_NAME, _ZIP_DESCRIPTOR = 0x800, 0x8  # general purpose flags
_ZIP64_SIZE = 0xFFFFFFFF  # a local header's size field whose value is in its zip64 extra field
_GZIP_SIGNATURE = b"\x1f\x8b"
# A zip member may decompress to at most this many times its stored size (and to more than
# _EXPANSION_FLOOR_BYTES): text compresses 3 to 10 times, photographs hardly at all; deflate's own
# limit is about 1,032. More is a zip bomb (or a crafted member), refused with its ratio.
MAX_EXPANSION_RATIO = 200
_EXPANSION_FLOOR_BYTES = 1 << 20
# Tars inside tars (ImageNet's training archive nests one level): deeper is refused, one reject.
MAX_NESTED_ARCHIVES = 16
EARLIER_COPY = "an earlier copy of a path the archive holds again later: the last copy is kept, as extracting the archive leaves it"


# An archive inside an archive that is not listed in place (only tars inside tars are: their
# members' offsets are the outer stream's). Skipped as a file of no input kind, its inputs would be
# lost without a word.
_NESTED_UNREAD = (
    "an archive inside an archive is not read in place (only a .tar inside a .tar is): extract it and convert the folder"
)


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
            yield from _zip_members(fileobj, archive, archive_bytes)
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


def last_copies(members: Iterable[Member | MemberReject]) -> Iterator[Member | MemberReject]:
    """The members of one archive with each path once: where the archive holds a path more than
    once (what `tar -r` leaves when a file is updated, or a zip written twice), the last copy
    stands, as extracting the archive leaves it, and each earlier copy becomes a MemberReject
    (EARLIER_COPY). Members are held until the listing ends: the first _HELD_MEMBERS in memory, the
    rest in a temporary file; an error that ends the listing is raised after the members before it.
    """
    digests = array.array("q")  # each member's name, hashed: 8 bytes a member stay in memory
    held: list[Member | MemberReject] = []
    failure: Exception | None = None
    with tempfile.TemporaryFile() as spool:
        rows: list[tuple] = []
        try:
            for member in members:
                digests.append(hash(member.name))
                if len(held) < _HELD_MEMBERS:
                    held.append(member)
                    continue
                rows.append(_as_row(member))
                if len(rows) == _SPOOL_BATCH:
                    pickle.dump(rows, spool, protocol=pickle.HIGHEST_PROTOCOL)
                    rows = []
        except Exception as error:  # noqa: BLE001 - raised again below, after the members before it
            failure = error
        pickle.dump(rows, spool, protocol=pickle.HIGHEST_PROTOCOL)
        last = _last_places(digests)
        spool.seek(0)
        for place, member in enumerate(_replayed(held, spool, len(digests))):
            if last and last.get(digests[place], place) != place and isinstance(member, Member):
                member = MemberReject(member.name, EARLIER_COPY)
            yield member
    if failure is not None:
        raise failure


def _replayed(held: list[Member | MemberReject], spool: BinaryIO, count: int) -> Iterator[Member | MemberReject]:
    """The members `last_copies` held, in their order: those in memory, then those spooled."""
    yield from held
    given = len(held)
    while given < count:
        for row in pickle.load(spool):  # noqa: S301 - written by last_copies, just before
            given += 1
            yield _from_row(row)


# Members `last_copies` holds in memory (~0.5 kB each); past them, a temporary file.
_HELD_MEMBERS = 1 << 16
# MemberLocation's fields, in order: a member is spooled as a tuple of plain values (~60 bytes
# pickled in batches; ImageNet's 1.28 M members spool to ~80 MB).
_LOCATION_FIELDS = operator.attrgetter(*(field.name for field in dataclasses.fields(MemberLocation)))
# Members pickled together: one call per batch, not per member.
_SPOOL_BATCH = 4096


def _as_row(member: Member | MemberReject) -> tuple:
    if isinstance(member, MemberReject):
        return (member.name, member.reason)
    return (member.name, member.size_bytes, _LOCATION_FIELDS(member.location))


def _from_row(row: tuple) -> Member | MemberReject:
    if len(row) == 2:
        return MemberReject(*row)
    name, size_bytes, location = row
    return Member(name, size_bytes, MemberLocation(*location))


def _last_places(digests: array.array) -> dict[int, int]:
    """{digest: place of its last member} for the digests that occur more than once."""
    import numpy as np  # Beam's own dependency; imported here, as archives are met

    values = np.frombuffer(digests, dtype=np.int64) if len(digests) else np.zeros(0, np.int64)
    unique, counts = np.unique(values, return_counts=True)
    repeated = {int(d) for d in unique[counts > 1]}
    if not repeated:
        return {}
    return {int(digest): place for place, digest in enumerate(digests) if digest in repeated}


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
            name = _safe_name(info.name)
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
                yield MemberReject(shown, _NESTED_UNREAD)
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


def _zip_members(fileobj: BinaryIO, archive: str, archive_bytes: int) -> Iterator[Member | MemberReject]:
    """The zip's members, in the central directory's order, each checked against its own local
    header (read in the archive's order: one pass forward, which object stores read cheaply);
    members whose data overlap are all rejected (which one is genuine cannot be told)."""
    with zipfile.ZipFile(fileobj) as archive_file:
        end_of_members = getattr(archive_file, "start_dir", archive_bytes)
        found: list[Member | MemberReject | zipfile.ZipInfo] = []
        for info in archive_file.infolist():
            name = _safe_name(info.filename)
            shown = name or info.filename
            if info.is_dir():
                continue
            if name is None:
                found.append(MemberReject(shown, "its path leaves the archive"))
            elif archive_kind(name):
                found.append(MemberReject(shown, _NESTED_UNREAD))
            elif info.flag_bits & 0x1:
                found.append(MemberReject(shown, "encrypted inside the zip archive"))
            elif info.compress_type not in (_ZIP_STORED, _ZIP_DEFLATED):
                found.append(MemberReject(shown, f"zip compression method {info.compress_type} (only stored and deflated are read)"))
            elif (info.external_attr >> 16) & 0o170000 not in (0, 0o100000):
                found.append(MemberReject(shown, "not a regular file (a link inside the archive)"))
            else:
                found.append(info)  # checked below, in the archive's order
        extents: list[tuple[int, int, int]] = []  # (start, end, place in `found`) of the members kept
        in_order = sorted((item.header_offset, place) for place, item in enumerate(found) if isinstance(item, zipfile.ZipInfo))
        for _, place in in_order:
            info = found[place]
            shown = _safe_name(info.filename) or info.filename
            problem, end = _check_zip_member(fileobj, info, end_of_members)
            if problem:
                found[place] = MemberReject(shown, problem)
                continue
            location = MemberLocation(
                archive, ZIP, archive_bytes, info.header_offset, info.file_size, info.compress_type, info.compress_size
            )
            extents.append((info.header_offset, end, place))
            found[place] = Member(shown, info.file_size, location)
        for place, other in _overlapping(extents):
            found[place] = MemberReject(
                found[place].name,
                f"its bytes overlap those of {found[other].name!r} in the archive: members may not share data (a crafted archive)",
            )
    yield from found  # type: ignore[misc] - every ZipInfo was replaced above


def _check_zip_member(fileobj: BinaryIO, info: zipfile.ZipInfo, end_of_members: int) -> tuple[str, int]:
    """(what is wrong with a zip member, or ""; where its bytes end): its local header must be
    there and agree with the central directory, its data must end before the central directory,
    and it may not expand more than MAX_EXPANSION_RATIO times."""
    fileobj.seek(info.header_offset)
    header = fileobj.read(_ZIP_LOCAL_HEADER.size)
    if len(header) < _ZIP_LOCAL_HEADER.size or _ZIP_LOCAL_HEADER.unpack(header)[0] != _ZIP_LOCAL_SIGNATURE:
        return "no member header where the central directory says it is (a damaged or crafted archive)", 0
    _, _, flags, method, _, _, crc, compressed, size, name_bytes, extra_bytes = _ZIP_LOCAL_HEADER.unpack(header)
    raw_name = fileobj.read(name_bytes)
    local_name = raw_name.decode("utf-8" if flags & _ZIP_UTF8_NAME else "cp437", errors="replace")
    if local_name != info.orig_filename:
        return f"its own header names {local_name!r}: the central directory and the member disagree (a crafted archive)", 0
    if method != info.compress_type:
        return f"its own header gives compression method {method}, the central directory {info.compress_type}", 0
    if not flags & _ZIP_DESCRIPTOR and (
        crc != info.CRC
        or (compressed != _ZIP64_SIZE and compressed != info.compress_size)
        or (size != _ZIP64_SIZE and size != info.file_size)
    ):
        return (
            f"its own header gives {size:,} bytes ({compressed:,} stored, CRC-32 {crc:08x}), the central directory "
            f"{info.file_size:,} ({info.compress_size:,} stored, CRC-32 {info.CRC:08x}): a damaged or crafted archive"
        ), 0
    if method == _ZIP_STORED and info.compress_size != info.file_size:
        return f"stored, but the central directory gives it {info.compress_size:,} bytes stored and {info.file_size:,} read", 0
    end = info.header_offset + _ZIP_LOCAL_HEADER.size + name_bytes + extra_bytes + info.compress_size
    if end > end_of_members:
        return (
            f"the central directory gives it {info.compress_size:,} bytes, which would run past the members' end "
            f"(byte {end_of_members:,}): a damaged or crafted archive"
        ), 0
    if flags & _ZIP_DESCRIPTOR:
        fileobj.seek(end)
        descriptor_crc = _descriptor_crc(fileobj.read(4 * 4))
        if descriptor_crc != info.CRC:
            return "its data descriptor and the central directory give different CRC-32s (a damaged or crafted archive)", 0
    problem = expansion_problem(info.compress_size, info.file_size, "an archive member")
    return (problem, 0) if problem else ("", end)


def expansion_problem(stored: int, expanded: int, what: str) -> str:
    """Why `stored` compressed bytes may not become `expanded` bytes, or "": more than
    MAX_EXPANSION_RATIO times, above the floor. One rule for every decompression shardify does (zip
    members, gzip files, the arrays of an .npz), checked on the sizes the file declares before any
    byte is decompressed."""
    if expanded <= _EXPANSION_FLOOR_BYTES or expanded <= MAX_EXPANSION_RATIO * max(stored, 1):
        return ""
    ratio = expanded / max(stored, 1)
    return (
        f"expands {ratio:,.0f} times ({stored:,} bytes to {expanded:,}), more than the "
        f"{MAX_EXPANSION_RATIO} times {what} may (a zip bomb?)"
    )


def _descriptor_crc(block: bytes) -> int | None:
    """The CRC-32 of the data descriptor that starts `block` (its signature is optional)."""
    if block.startswith(_ZIP_DESCRIPTOR_SIGNATURE):
        block = block[4:]
    return struct.unpack("<I", block[:4])[0] if len(block) >= 4 else None


def _overlapping(extents: list[tuple[int, int, int]]) -> Iterator[tuple[int, int]]:
    """(place, place of a member it overlaps) for every member whose byte range [start, end)
    overlaps another's."""
    reach, owner = -1, -1
    marked: dict[int, int] = {}
    for start, end, place in sorted(extents):
        if start < reach:
            marked.setdefault(place, owner)
            marked.setdefault(owner, place)
        if end > reach:
            reach, owner = end, place
    return iter(sorted(marked.items()))


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
    stream.seek(location.offset)
    header = stream.read(_ZIP_LOCAL_HEADER.size)
    if len(header) < _ZIP_LOCAL_HEADER.size or _ZIP_LOCAL_HEADER.unpack(header)[0] != _ZIP_LOCAL_SIGNATURE:
        raise InvalidInputError("archive changed since it was listed (no zip member header there)")
    flags, crc = _ZIP_LOCAL_HEADER.unpack(header)[2], _ZIP_LOCAL_HEADER.unpack(header)[6]
    name_bytes, extra_bytes = _ZIP_LOCAL_HEADER.unpack(header)[-2:]
    start = location.offset + _ZIP_LOCAL_HEADER.size + name_bytes + extra_bytes
    if flags & _ZIP_DESCRIPTOR:
        stream.seek(start + location.compressed_bytes)
        crc = _descriptor_crc(stream.read(4 * 4))
        if crc is None:
            raise InvalidInputError("archive changed since it was listed (no data descriptor after the member)")
    return start, crc


def member_view(stream: BinaryIO, location: MemberLocation) -> BinaryIO:
    """A seekable, read-only view of a member, reading its bytes only as they are asked for (an
    image's header probe reads a few hundred); a deflated zip member is decompressed whole. A zip
    member's bytes are checked against its CRC-32 once all of them have been read.

    Raises:
      InvalidInputError: the archive changed, or the member is damaged.
    """
    if location.kind == TAR_GZ or (location.kind == ZIP and location.method != _ZIP_STORED):
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
    if location.kind == ZIP and location.method != _ZIP_STORED:
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
