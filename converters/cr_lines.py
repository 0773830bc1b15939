"""Files whose lines end in a carriage return alone, read as lines.

Why a module of its own: classic Mac OS ended lines with CR alone, and Excel for Mac still saves
"CSV (Macintosh)" so; the table, list and label readers split lines at LF only, so such a file was
one line: a table one reject ("a carriage return inside the row"), a JSON-lines file "Extra data",
and a `path label` list one row whose label held every other line (its images written unlabelled,
exit 0). Detection already read them as lines (universal newlines). Here a reader's file, where its
first bytes hold a CR and no LF, is seen with each CR read as LF: byte for byte, so every offset a
row is read back by holds, and a file of any other line ends is handed back as it is.
"""

from __future__ import annotations

import io
from typing import BinaryIO

__all__ = ["as_lines"]

# The bytes looked at: a file whose lines end in CR alone shows one in its first line.
_HEAD_BYTES = 1 << 16


def as_lines(fileobj: BinaryIO) -> BinaryIO:
    """`fileobj`, or (its first _HEAD_BYTES holding a CR and no LF) a view of it whose CRs read as
    LFs, at the same position. Unseekable files are handed back as they are."""
    try:
        position = fileobj.tell()
        fileobj.seek(0)
        head = fileobj.read(_HEAD_BYTES)
        fileobj.seek(position)
    except (AttributeError, OSError, ValueError):
        return fileobj
    if b"\r" not in head or b"\n" in head:
        return fileobj
    return io.BufferedReader(_CrAsLf(fileobj))


class _CrAsLf(io.RawIOBase):
    """The bytes of a file, each CR read as LF; seeking and the file's descriptor its own."""

    def __init__(self, raw: BinaryIO) -> None:
        super().__init__()
        self._raw = raw

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return self._raw.seekable()

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        data = self._raw.read(len(buffer))
        buffer[: len(data)] = data.replace(b"\r", b"\n")
        return len(data)

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._raw.seek(offset, whence)

    def tell(self) -> int:
        return self._raw.tell()

    def fileno(self) -> int:
        return self._raw.fileno()

    def close(self) -> None:  # the file is its opener's to close (a view dropped early must not close it)
        super().close()
