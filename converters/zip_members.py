"""Zip archives' members, each checked against its own local header before it is listed.

Why a module of its own: a zip member is what its local header and data say, not only its central
directory entry: names, methods, sizes and CRC must agree, its data must end before the central
directory and share no byte with another member's, and it may not expand past the limit
(`archive_members.expansion_problem`). Reading a member later starts past that header
(`zip_data_start`). Tars are listed and read in `archives`.
"""

from __future__ import annotations

import struct
import zipfile
from collections.abc import Iterator
from typing import BinaryIO

from shardify.converters.archive_members import (
    NESTED_UNREAD,
    ZIP,
    Member,
    MemberReject,
    archive_kind,
    expansion_problem,
    safe_name,
)
from shardify.errors import InvalidInputError
from shardify.plan.entries import MemberLocation

__all__ = ["ZIP_STORED", "zip_members", "zip_data_start"]

_ZIP_LOCAL_HEADER = struct.Struct("<IHHHHHIIIHH")
_ZIP_LOCAL_SIGNATURE = 0x04034B50
_ZIP_DESCRIPTOR_SIGNATURE = b"PK\x07\x08"
ZIP_STORED, _ZIP_DEFLATED = 0, 8  # compression methods
_ZIP_UTF8_NAME, _ZIP_DESCRIPTOR = 0x800, 0x8  # general purpose flags
_ZIP64_SIZE = 0xFFFFFFFF  # a local header's size field whose value is in its zip64 extra field


def zip_members(fileobj: BinaryIO, archive: str, archive_bytes: int) -> Iterator[Member | MemberReject]:
    """The zip's members, in the central directory's order, each checked against its own local
    header (read in the archive's order: one pass forward, which object stores read cheaply);
    members whose data overlap are all rejected (which one is genuine cannot be told)."""
    with zipfile.ZipFile(fileobj) as archive_file:
        end_of_members = getattr(archive_file, "start_dir", archive_bytes)
        found: list[Member | MemberReject | zipfile.ZipInfo] = []
        for info in archive_file.infolist():
            name = safe_name(info.filename)
            shown = name or info.filename
            if info.is_dir():
                continue
            if name is None:
                found.append(MemberReject(shown, "its path leaves the archive"))
            elif archive_kind(name):
                found.append(MemberReject(shown, NESTED_UNREAD))
            elif info.flag_bits & 0x1:
                found.append(MemberReject(shown, "encrypted inside the zip archive"))
            elif info.compress_type not in (ZIP_STORED, _ZIP_DEFLATED):
                found.append(MemberReject(shown, f"zip compression method {info.compress_type} (only stored and deflated are read)"))
            elif (info.external_attr >> 16) & 0o170000 not in (0, 0o100000):
                found.append(MemberReject(shown, "not a regular file (a link inside the archive)"))
            else:
                found.append(info)  # checked below, in the archive's order
        extents: list[tuple[int, int, int]] = []  # (start, end, place in `found`) of the members kept
        in_order = sorted((item.header_offset, place) for place, item in enumerate(found) if isinstance(item, zipfile.ZipInfo))
        for _, place in in_order:
            info = found[place]
            shown = safe_name(info.filename) or info.filename
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
    if method == ZIP_STORED and info.compress_size != info.file_size:
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


def zip_data_start(stream: BinaryIO, location: MemberLocation) -> tuple[int, int | None]:
    """(where a zip member's (maybe compressed) bytes begin, the CRC-32 they must give): past its
    local header, with the CRC of that header (or of the data descriptor after the data, for
    members written with one). Listing checked both against the central directory.

    Raises:
      InvalidInputError: no zip member header there (the archive changed).
    """
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
