"""Reading files of text lines a record per line (see `shardify.plan.line_files` for the kinds).

A record is one line: its bytes' range in the file is all discovery keeps, and the writer reads
those bytes again, as it reads a table's row. A line is decoded by `decode_line` the same way
wherever it is read: in `--encoding` where given, else UTF-8, else (a line that is not UTF-8, as in
sentence polarity's Latin-1 files) Windows-1252, which the plan's notes say. Line ends (LF or CRLF)
are not part of the text; blank lines of a class file are no records, and a blank line of a text
file beside a label file is a reject (its label is on that line of the other file).

Parallel files are read in step, a line of each at a time, so memory does not grow with the
files; their line counts are compared first (`count_lines`), and files that differ are refused
whole: line i of one no longer labels line i of the other.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from shardify.converters.texts import DEFAULT_ENCODING, FALLBACK_ENCODING
from shardify.errors import InvalidInputError

__all__ = [
    "MAX_LINE_BYTES", "TEXT_COLUMN", "READ_AS_FALLBACK", "decode_line", "check_text", "check_whole_line", "count_lines", "read_lines",
]

MAX_LINE_BYTES = 64 << 20  # as a table's row (tables.MAX_ROW_BYTES)
TEXT_COLUMN = "text"
READ_AS_FALLBACK = f"lines that are not UTF-8 read as Windows-1252 ({FALLBACK_ENCODING}); pass --encoding if it is another"
_HEAD_BYTES = 64 << 10
_BLOCK_BYTES = 1 << 20
_BOM = b"\xef\xbb\xbf"  # UTF-8's byte-order mark


def decode_line(data: bytes, encoding: str = DEFAULT_ENCODING) -> tuple[str, bool]:
    """(the line's text without its line end, whether it was read as Windows-1252).

    >>> decode_line("caf\\u00e9\\r\\n".encode("latin-1"))
    ('caf\\xe9', True)

    Raises:
      InvalidInputError: the bytes are not text in `encoding` (nor Windows-1252 with the default).
    """
    data = data.rstrip(b"\r\n") if data.endswith(b"\n") else data
    try:
        return data.decode(encoding), False
    except UnicodeDecodeError as error:
        if encoding != DEFAULT_ENCODING:
            raise InvalidInputError(f"not valid {encoding} ({error.reason} at byte {error.start})") from None
    except LookupError:
        raise InvalidInputError(f"unknown encoding {encoding!r}") from None
    try:
        return data.decode(FALLBACK_ENCODING), True
    except UnicodeDecodeError as error:
        raise InvalidInputError(f"not valid UTF-8 nor Windows-1252 ({error.reason} at byte {error.start})") from None


def check_text(fileobj: BinaryIO) -> None:
    """Refuses a binary file (NUL bytes in its first 64 KiB, which no text in an ASCII-compatible
    encoding holds), and leaves `fileobj` at its start.

    Raises:
      InvalidInputError: it is binary.
    """
    head = fileobj.read(_HEAD_BYTES)
    fileobj.seek(0)
    if b"\x00" in head:
        raise InvalidInputError("binary file (holds NUL bytes), not lines of text")


def check_whole_line(before: bytes, data: bytes, after: bytes, size: int) -> None:
    """Refuses a planned line's bytes that are no longer one whole line at its place: `data` cut
    short, holding a line end before its last byte, not ending in one unless the file ends there
    (`after`, the byte after it, is b""), or `before` (the byte ahead of it; b"" at the file's
    start) not a line end nor a byte-order mark's last byte. A line file rewritten after planning
    was read at its planned byte ranges: pieces of other lines were written under the planned
    labels (exit 0). A rewrite that keeps every line's length and place is not seen here.

    >>> check_whole_line(b"\\n", b"a line\\n", b"n", 7)

    Raises:
      InvalidInputError: the file changed since it was scanned.
    """
    whole = data.endswith(b"\n") or not after
    if len(data) != size or b"\n" in data[:-1] or not whole or before not in (b"", b"\n", b"\xbf"):
        raise InvalidInputError("file changed since it was scanned (the line is no longer at its place)")


def count_lines(fileobj: BinaryIO, end: int | None = None) -> int:
    r"""The file's lines as `read_lines` reads them, read in blocks; leaves `fileobj` at its start.

    The one count of a file's lines: wherever line i of one file goes with line i of another (a
    text file and its labels, the sides of a parallel corpus, the guard that pairs a file of texts
    with a file of numbers beside it), the counts compared are this function's, so a pair that
    detection accepts is one the scan accepts. Lines end at a line feed (a CRLF is one line end; a
    bare carriage return is none, as in `read_lines`); a last line without a line end counts; a
    blank line counts, since it holds its place (the line of the other file at its number is its
    label); a UTF-8 byte-order mark is no line of its own; an empty file has none.

    >>> import io
    >>> [count_lines(io.BytesIO(data)) for data in (b"", b"a\nb", b"a\r\nb\r\n", b"a\n\nb\n", b"a\rb\n", b"\xef\xbb\xbf", b"\xef\xbb\xbfa")]
    [0, 2, 2, 3, 1, 0, 1]
    """
    count, read, last, first = 0, 0, b"\n", b""
    while True:
        size = _BLOCK_BYTES if end is None else min(_BLOCK_BYTES, end - read)
        block = fileobj.read(size) if size > 0 else b""
        if not block:
            break
        first = first or block[:3]
        count += block.count(b"\n")
        read += len(block)
        last = block[-1:]
    fileobj.seek(0)
    bom_alone = read == len(_BOM) and first == _BOM
    return count + (last != b"\n" and not bom_alone)


def read_lines(fileobj: BinaryIO, end: int | None = None) -> Iterator[tuple[int, int, bytes | None]]:
    """(line number from 1, byte offset, the line's bytes with its line end, or None where it is
    longer than MAX_LINE_BYTES) of every line, a UTF-8 byte-order mark cut from the first."""
    offset, number = 0, 0
    while True:
        size = MAX_LINE_BYTES + 1 if end is None else min(MAX_LINE_BYTES + 1, end - offset)
        line = fileobj.readline(size) if size > 0 else b""
        if not line:
            return
        number += 1
        start, offset = offset, offset + len(line)
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while True:  # skip to the end of the overlong line
                rest = fileobj.readline(_BLOCK_BYTES)
                offset += len(rest)
                if not rest or rest.endswith(b"\n"):
                    break
            yield number, start, None
            continue
        if number == 1 and line.startswith(_BOM):
            line, start = line[3:], start + 3
            if not line:
                return  # a byte-order mark alone: no line (`count_lines`)
        yield number, start, line
