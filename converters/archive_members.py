"""What an archive's listing yields, and the rules every member meets whatever the archive's kind.

Why a module of its own: the kinds by suffix (`archive_kind`), `Member` and `MemberReject`, a
member's safe path and the expansion limit (`expansion_problem`, also met by gzip files and .npz
arrays) are shared by the tar listing and reading (`archives`), the zip listing (`zip_members`) and
the last-copy rule (`archive_copies`); here, below all three, none imports another.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from shardify.plan.entries import MemberLocation

__all__ = [
    "TAR",
    "TAR_GZ",
    "ZIP",
    "archive_kind",
    "strip_archive_suffix",
    "same_stem_archives",
    "Member",
    "MemberReject",
    "safe_name",
    "NESTED_UNREAD",
    "MAX_EXPANSION_RATIO",
    "expansion_problem",
]

TAR, TAR_GZ, ZIP = "tar", "tar.gz", "zip"
_SUFFIXES = ((".tar.gz", TAR_GZ), (".tgz", TAR_GZ), (".tar", TAR), (".zip", ZIP))
_ENDINGS = tuple(suffix for suffix, _ in _SUFFIXES)
# A zip member may decompress to at most this many times its stored size (and to more than
# _EXPANSION_FLOOR_BYTES): text compresses 3 to 10 times, photographs hardly at all; deflate's own
# limit is about 1,032. More is a zip bomb (or a crafted member), refused with its ratio.
MAX_EXPANSION_RATIO = 200
_EXPANSION_FLOOR_BYTES = 1 << 20


# An archive inside an archive that is not listed in place (only tars inside tars are: their
# members' offsets are the outer stream's). Skipped as a file of no input kind, its inputs would be
# lost without a word.
NESTED_UNREAD = (
    "an archive inside an archive is not read in place (only a .tar inside a .tar is): extract it and convert the folder"
)


def archive_kind(name: str) -> str | None:
    """TAR, TAR_GZ or ZIP from the file name, or None for other files."""
    lowered = name.lower()
    if not lowered.endswith(_ENDINGS):  # most names: one call, where the search below cost ~4 µs a file
        return None
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


def safe_name(name: str) -> str | None:
    """The member's path, '/'-separated and normalised, or None when it leaves the archive."""
    path = name.replace("\\", "/")
    if path.startswith("/") or (len(path) > 1 and path[1] == ":"):
        return None
    path = posixpath.normpath(path)
    return None if path in (".", "..") or path.startswith("../") else path


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
