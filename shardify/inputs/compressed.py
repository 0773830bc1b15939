"""A table compressed whole (`covtype.data.gz`, `train.csv.bz2`, `rows.jsonl.xz`) read as the table it holds.

Why: UCI ships Covertype as one gzipped headerless table (`covtype.data.gz`, read by everyone as
`pd.read_csv(gzip.open(...), header=None)`), and many downloads do the same for a CSV or a JSON
Lines file. Such a file is not an archive (no members, no names inside: the name without its
compression suffix is the table's), so it is read in place, through the standard library's
decompressor, under its own name: its rows are `covtype.data.gz#<n>`, as an uncompressed table's
are `covtype.data#<n>`. Only tables of rows read through (the extensions in `READ_THROUGH`), which
are read as streams, row by row and never whole: an image or a text file read whole with its
listed size checked stays refused as a compressed file (`plan/file_signs.py` names the tool).

Kept as data: a new codec is a row of `_CODECS`, a new kind of table a word of `READ_THROUGH`.
A damaged stream (truncated, corrupt) is an `InvalidInputError` naming the codec, never a crash:
the table's rows from that point are rejected with the reason, not lost in silence.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import tempfile
import zlib
from typing import BinaryIO

from shardify.errors import InvalidInputError

__all__ = ["READ_THROUGH", "DamagedStream", "decompressed_head", "inner_name", "open_decompressed", "random_access"]

# Compression suffix -> (the decompressing file class, what it is called in a message).
_CODECS = {"gz": (gzip.GzipFile, "gzip"), "bz2": (bz2.BZ2File, "bzip2"), "xz": (lzma.LZMAFile, "xz")}
# Compression suffix -> a decompressor of a stream's first bytes (gzip's header and trailer: wbits 16 + 15).
_HEAD_DECOMPRESSORS = {
    "gz": lambda: zlib.decompressobj(16 + zlib.MAX_WBITS),
    "bz2": bz2.BZ2Decompressor,
    "xz": lzma.LZMADecompressor,
}
# Extensions of the tables read through their compression: tables of rows, read as streams.
READ_THROUGH = frozenset({"csv", "tsv", "data", "jsonl"})
# What a damaged compressed stream raises from the standard library's decompressors.
_DAMAGE = (EOFError, zlib.error, lzma.LZMAError, OSError, ValueError)


class DamagedStream(InvalidInputError, OSError):
    """A compressed table's stream cannot be read on (truncated, corrupt, no stream of its codec).

    An InvalidInputError (its rows from there are rejected with the reason, as any unreadable
    table's are) and an OSError: the many looks detection takes into a file's head skip a file
    they cannot open (`except OSError`), as they skip an unreadable uncompressed one, and leave
    the reason to the scan that rejects it by its path."""

    def __init__(self, reason: str) -> None:
        InvalidInputError.__init__(self, reason)


def inner_name(relpath: str) -> str:
    """The name of the table a file compressed whole holds ('a/covtype.data.gz' -> 'a/covtype.data'),
    or "" for any other file (an archive `x.tar.gz`, an image `x.png.gz`, a plain table).

    >>> inner_name("uci/covtype.data.gz"), inner_name("t.CSV.bz2"), inner_name("x.tar.gz"), inner_name("a.csv")
    ('uci/covtype.data', 't.CSV', '', '')
    >>> inner_name(".gz"), inner_name("data.gz"), inner_name("a/.csv.gz")
    ('', '', '')
    """
    head, dot, suffix = relpath.rpartition(".")
    if not dot or suffix.lower() not in _CODECS:
        return ""
    name = head.rsplit("/", 1)[-1]
    stem, inner_dot, ext = name.rpartition(".")
    if not inner_dot or not stem.lstrip(".") or ext.lower() not in READ_THROUGH:
        return ""
    return head


class _Decompressed(io.RawIOBase):
    """The decompressed bytes of `raw`, read forwards (a seek back starts again from the top),
    every decompressor error a DamagedStream."""

    def __init__(self, raw: BinaryIO, opener: type, codec: str) -> None:
        self._raw = raw
        self._codec = codec
        self._stream = self._guarded(
            lambda: opener(fileobj=raw, mode="rb") if opener is gzip.GzipFile else opener(raw, mode="rb")
        )

    def _guarded(self, call):
        try:
            return call()
        except InvalidInputError:
            raise
        except _DAMAGE as error:
            raise DamagedStream(f"damaged {self._codec} stream: {error or type(error).__name__}") from None

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self._guarded(lambda: self._stream.read(len(buffer)))
        buffer[: len(data)] = data
        return len(data)

    def read(self, size: int = -1) -> bytes:
        return self._guarded(lambda: self._stream.read(size))

    def readline(self, size: int | None = -1) -> bytes:  # (RawIOBase's reads a byte a call)
        return self._guarded(lambda: self._stream.readline(-1 if size is None else size))

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._guarded(lambda: self._stream.seek(offset, whence))

    def tell(self) -> int:
        return self._stream.tell()

    def close(self) -> None:
        if not self.closed:
            try:
                self._stream.close()
            finally:
                self._raw.close()
        super().close()


def open_decompressed(raw: BinaryIO, relpath: str) -> BinaryIO:
    """`raw` (the file `relpath` names, opened) read through its decompressor where `inner_name`
    says it holds a table, else `raw` itself.

    Raises:
      DamagedStream: the stream's header is not its codec's (a `.gz` that is no gzip file).
    """
    if not inner_name(relpath):
        return raw
    opener, codec = _CODECS[relpath.rsplit(".", 1)[1].lower()]
    stream = _Decompressed(raw, opener, codec)
    try:
        stream.read(0)
        stream._guarded(lambda: stream._stream.peek(1) if hasattr(stream._stream, "peek") else None)  # the header, now
    except BaseException:
        stream.close()
        raise
    return stream


def decompressed_head(raw: bytes, relpath: str, limit: int) -> bytes:
    """At most `limit` decompressed bytes from `raw`, the first bytes of the file `relpath` names (an
    archive member's head, which detection reads without opening the member as a stream), where
    `inner_name` says it holds a table; else `raw`. Never more than `limit` bytes are produced.

    Raises:
      DamagedStream: `raw` does not start a stream of its codec.
    """
    if not inner_name(relpath):
        return raw
    suffix = relpath.rsplit(".", 1)[1].lower()
    decompressor = _HEAD_DECOMPRESSORS[suffix]()
    try:
        return decompressor.decompress(raw, limit)
    except _DAMAGE as error:
        raise DamagedStream(f"damaged {_CODECS[suffix][1]} stream: {error or type(error).__name__}") from None


# Bytes copied at a time into a random-access copy.
_COPY_BYTES = 1 << 20


def random_access(stream: BinaryIO, relpath: str) -> BinaryIO:
    """`stream` (opened by `open_input`) as a file whose rows can be read in any order: for a table
    compressed whole, its decompressed bytes copied once into a temporary file (deleted when closed),
    else `stream` itself.

    Why: a shard's rows come in record order, scattered over the table, and a decompressor seeks back
    only by starting again from the top: 20,000 rows of a 5 MB gzipped table took more than 5 minutes
    read so (measured); copied once, each row is one seek. The copy costs the table's size on the
    worker's temporary disk for as long as the table is kept open.

    A damaged stream is copied as far as it reads: the scan rejected the rows after the damage, and
    those before it (the same bytes, decompressed the same way) are all in the copy.
    """
    if not inner_name(relpath):
        return stream
    copy = tempfile.TemporaryFile(prefix="shardify-table-")  # noqa: SIM115 - returned open, closed by its reader
    try:
        with stream:
            try:  # line by line: a damaged stream's last whole lines are kept, as the scan read them
                for line in iter(lambda: stream.readline(_COPY_BYTES), b""):
                    copy.write(line)
            except DamagedStream:
                pass  # (the rows after the damage were rejected when the table was scanned)
        copy.seek(0)
    except BaseException:
        copy.close()
        raise
    return copy
