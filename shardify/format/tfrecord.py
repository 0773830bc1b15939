"""TFRecord framing without TensorFlow: a streaming writer and a checking reader.

Each record is `uint64 length | uint32 masked_crc32c(length) | data | uint32 masked_crc32c(data)`,
little-endian, as in tensorflow/core/lib/io/record_writer.cc.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator
from typing import BinaryIO

import google_crc32c

from shardify.errors import CorruptShardError

__all__ = [
    "masked_crc32c",
    "TFRecordWriter",
    "index_line",
    "framed_size",
    "iter_records",
    "record_from_frame",
    "scan_frames",
]

_LENGTH = struct.Struct("<Q")
_CRC = struct.Struct("<I")
_MASK_DELTA = 0xA282EAD8
_HEADER_BYTES = _LENGTH.size + _CRC.size
# Records shorter than this are framed in one piece before writing (see `TFRecordWriter.write`).
_JOIN_BELOW = 64 << 10


def masked_crc32c(data: bytes) -> int:
    """CRC32C rotated and offset, so that CRCs of data that itself holds CRCs stay strong."""
    crc = google_crc32c.value(data)
    return (((crc >> 15) | (crc << 17)) + _MASK_DELTA) & 0xFFFFFFFF


class TFRecordWriter:
    """Appends framed records to an open binary file and keeps its size and sha256 as it goes;
    with `index`, also writes the DALI index line of each record (`index_line`).

    Checksumming and indexing while writing save re-reading the shard for the manifest and for
    DALI (whose own `tfrecord2idx` reads every shard again).
    """

    def __init__(self, fileobj: BinaryIO, index: BinaryIO | None = None) -> None:
        self._file = fileobj
        self._index = index
        self._sha256 = hashlib.sha256()
        self.num_records = 0
        self.num_bytes = 0
        self.index_bytes = 0

    def write(self, record: bytes) -> None:
        length = _LENGTH.pack(len(record))
        pieces = (length, _CRC.pack(masked_crc32c(length)), record, _CRC.pack(masked_crc32c(record)))
        if len(record) < _JOIN_BELOW:  # one write and one hash update (a copy of a small record costs less)
            framed_bytes = b"".join(pieces)
            self._file.write(framed_bytes)
            self._sha256.update(framed_bytes)
        else:
            for piece in pieces:
                self._file.write(piece)
                self._sha256.update(piece)
        framed = framed_size(len(record))
        if self._index is not None:
            line = index_line(self.num_bytes, framed)
            self._index.write(line)
            self.index_bytes += len(line)
        self.num_records += 1
        self.num_bytes += framed

    @property
    def sha256(self) -> str:
        return self._sha256.hexdigest()


def index_line(offset: int, framed_bytes: int) -> bytes:
    """One record's line in a DALI index: its offset in the shard and its framed size (header,
    data and footer), as DALI's `tfrecord2idx` writes it: `b"0 1234\\n"`."""
    return b"%d %d\n" % (offset, framed_bytes)


def framed_size(data_bytes: int) -> int:
    """Bytes a record of `data_bytes` takes in a shard, framing included."""
    return data_bytes + _HEADER_BYTES + _CRC.size


def iter_records(fileobj: BinaryIO, path: str, size_bytes: int | None = None) -> Iterator[bytes]:
    """Yields each record's data, checking both CRCs.

    Args:
      size_bytes: the file's size: a header giving more bytes than are left fails before anything
        is read (a crafted length would otherwise make the read ask for 2**62 bytes).

    Raises:
      CorruptShardError: naming `path` and the record index at the first framing or CRC error.
    """
    index = position = 0
    while True:
        header = fileobj.read(_HEADER_BYTES)
        if not header:
            return
        length = _data_length(header, path, index)
        position += _HEADER_BYTES
        if size_bytes is not None and length + _CRC.size > size_bytes - position:
            raise CorruptShardError(
                path, f"a record header gives {length:,} bytes, more than the {size_bytes - position:,} left", index
            )
        position += length + _CRC.size
        data = fileobj.read(length)
        footer = fileobj.read(_CRC.size)
        if len(data) < length or len(footer) < _CRC.size:
            raise CorruptShardError(path, "file ends inside a record (truncated)", index)
        if _CRC.unpack(footer)[0] != masked_crc32c(data):
            raise CorruptShardError(path, "data CRC mismatch", index)
        yield data
        index += 1


def _data_length(header: bytes, path: str, index: int) -> int:
    """The data length a record header gives, its CRC checked."""
    if len(header) < _HEADER_BYTES:
        raise CorruptShardError(path, "file ends inside a record header (truncated)", index)
    length_bytes, crc_bytes = header[: _LENGTH.size], header[_LENGTH.size : _HEADER_BYTES]
    if _CRC.unpack(crc_bytes)[0] != masked_crc32c(length_bytes):
        raise CorruptShardError(path, "length CRC mismatch", index)
    return _LENGTH.unpack(length_bytes)[0]


def record_from_frame(frame: bytes, path: str, index: int) -> bytes:
    """The data of one framed record (header, data and footer: the bytes an index line spans),
    both CRCs checked; for readers that seek to a record instead of reading the shard through.

    Raises:
      CorruptShardError: naming `path` and record `index`: a CRC mismatch, or a frame whose size
        is not the one its header gives (a wrong index line, or a truncated shard).
    """
    length = _data_length(frame, path, index)
    if len(frame) != framed_size(length):
        raise CorruptShardError(
            path,
            f"the record is {framed_size(length)} bytes framed, but {len(frame)} were read "
            "(an index that does not match the shard, or a truncated shard)",
            index,
        )
    data = frame[_HEADER_BYTES : _HEADER_BYTES + length]
    if _CRC.unpack(frame[_HEADER_BYTES + length :])[0] != masked_crc32c(data):
        raise CorruptShardError(path, "data CRC mismatch", index)
    return data


def scan_frames(fileobj: BinaryIO, path: str) -> Iterator[tuple[int, int]]:
    """(offset, framed size) of each record, from the headers alone: each length's CRC is checked
    and the data skipped. Rebuilds an index for shards written without one.

    Raises:
      CorruptShardError: naming `path` and the record index at a bad header or a truncated record.
    """
    end = fileobj.seek(0, 2)
    offset = index = 0
    while offset < end:
        fileobj.seek(offset)
        framed = framed_size(_data_length(fileobj.read(_HEADER_BYTES), path, index))
        if offset + framed > end:
            raise CorruptShardError(path, "file ends inside a record (truncated)", index)
        yield offset, framed
        offset += framed
        index += 1
