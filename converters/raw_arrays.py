"""Raw binary image arrays (STL-10's and CIFAR's binary versions): records of a fixed size with no
header, laid out as a row of `shardify.plan.raw_formats.RAW_FORMATS` says.

Nothing in such a file says what it holds, so everything is checked against its row before it is
used: the file's size must be a whole number of records (else the file is refused, named); a
labels file must hold exactly one byte per record; a label past the dataset's names rejects its
record alone. The files are never read whole (STL-10's `unlabeled_X.bin` is 2.6 GiB): labels are
read in blocks of READ_BLOCK_RECORDS records, and the writer seeks to each record it writes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

import numpy as np

from shardify.errors import InvalidInputError
from shardify.plan.raw_formats import RawFormat

__all__ = ["READ_BLOCK_RECORDS", "MAX_NAMES_FILE_BYTES", "record_count", "read_labels", "read_image", "read_names"]

# Records read at once while collecting labels: 4,096 CIFAR records are 12 MiB, STL-10 labels
# files are a byte a record; enough to make reading cheap, little enough for any worker.
READ_BLOCK_RECORDS = 4096
# Bytes of a labels file read at once (`_read_upto`).
READ_BLOCK_BYTES = 16 << 20
# A class-names file is a line per class; 1 MiB is thousands of classes and bounds a hostile one.
MAX_NAMES_FILE_BYTES = 1 << 20


def record_count(size_bytes: int, fmt: RawFormat) -> int:
    """The records a file of `size_bytes` holds.

    Raises:
      InvalidInputError: no records (empty), or the size is not a whole number of records
        (truncated, or not this layout).
    """
    if size_bytes <= fmt.header_bytes:  # "0 bytes is not a whole number of records (0 and 0 bytes over)" said nothing
        after = f" after a header of {fmt.header_bytes:,} bytes" if fmt.header_bytes else ""
        raise InvalidInputError(
            f"{size_bytes:,} bytes: no records{after} ({fmt.record_bytes:,} bytes each, as {fmt.name} declares): "
            "empty, or cut short"
        )
    if fmt.header_bytes:  # a declared format's header (raw_declared.RawArrays)
        count, left = divmod(max(size_bytes - fmt.header_bytes, 0), fmt.record_bytes)
        if left or not count or size_bytes < fmt.header_bytes:
            raise InvalidInputError(
                f"{size_bytes:,} bytes is not a header of {fmt.header_bytes:,} bytes and a whole number of records of "
                f"{fmt.record_bytes:,} bytes ({count:,} and {left:,} bytes over), as {fmt.name} declares: truncated, or "
                "another layout"
            )
        return count
    count, left = divmod(size_bytes, fmt.record_bytes)
    if left or not count:
        raise InvalidInputError(
            f"{size_bytes:,} bytes is not a whole number of {fmt.name} records of {fmt.record_bytes:,} bytes "
            f"({count:,} and {left:,} bytes over): truncated, or not {fmt.name}'s binary version"
        )
    return count


def _blocks(fileobj: BinaryIO, size: int, total: int) -> Iterator[bytes]:
    """`total` bytes of `fileobj` in blocks of `size` (the last one shorter), each filled whole
    however little a read returns: a block of whole records keeps every label byte in its place.

    Raises:
      InvalidInputError: the file ends sooner (it changed since it was listed).
    """
    left = total
    while left:
        want = min(size, left)
        parts, got = [], 0
        while got < want:
            part = fileobj.read(want - got)
            if not part:
                raise InvalidInputError(f"ends {left - got:,} bytes before the {total:,} it was listed with")
            parts.append(part)
            got += len(part)
        left -= want
        yield b"".join(parts)


def _read_upto(fileobj: BinaryIO, limit: int) -> bytes:
    """At most `limit` bytes of `fileobj`, read a block at a time: `read(limit)` would allocate
    `limit` bytes at once, and a 4 GiB images file of one-byte records asks 32 GiB of a labels
    file of 8 bytes (a MemoryError, not the reason)."""
    parts, got = [], 0
    while got < limit:
        part = fileobj.read(min(READ_BLOCK_BYTES, limit - got))
        if not part:
            break
        parts.append(part)
        got += len(part)
    return b"".join(parts)


def read_labels(fileobj: BinaryIO, fmt: RawFormat, count: int) -> list[int]:
    """Each record's label, counted from 0 (`fmt.first_label` subtracted: STL-10's 1 is class 0),
    from a labels file of one byte a record (`fileobj` is that file) or from the label bytes
    heading each record. A label may be out of range (the caller rejects its record).

    Raises:
      InvalidInputError: the labels file does not hold exactly `count` labels; the file is shorter
        than `count` records (it changed since it was listed).
    """
    if fmt.label_bytes == 0:
        width = np.dtype(fmt.label_dtype).itemsize
        labels = _read_upto(fileobj, count * width + 1)  # a label a record: as large as the images file's count allows
        if len(labels) != count * width:
            more = "more" if len(labels) > count * width else f"{len(labels) // width:,}"
            raise InvalidInputError(f"the labels file holds {more} labels for the {count:,} images beside it")
        values = np.frombuffer(labels, fmt.label_dtype)
    else:
        # The label byte of every record, a block of records at a time (never the whole file).
        if fmt.header_bytes:
            fileobj.seek(fmt.header_bytes)
        parts = [
            np.frombuffer(block, np.uint8)[fmt.label_index :: fmt.record_bytes]
            for block in _blocks(fileobj, READ_BLOCK_RECORDS * fmt.record_bytes, count * fmt.record_bytes)
        ]
        values = np.concatenate(parts) if parts else np.zeros(0, np.uint8)
    return [int(v) - fmt.first_label for v in values]


def read_image(fileobj: BinaryIO, fmt: RawFormat, index: int) -> np.ndarray:
    """Record `index`'s pixels as [height, width, channels] uint8, read alone (a seek, then its bytes).

    Raises:
      InvalidInputError: the file holds no such record (it changed since it was listed).
    """
    fileobj.seek(fmt.header_bytes + index * fmt.record_bytes + fmt.label_bytes)
    data = fileobj.read(fmt.pixel_bytes)
    if len(data) != fmt.pixel_bytes:
        raise InvalidInputError(f"the file changed since it was listed (record {index} is cut short)")
    channels, height, width = fmt.shape
    if fmt.channels_last:  # pixel after pixel, channels together (a declared HWC format)
        return np.frombuffer(data, np.uint8).reshape(height, width, channels)
    if fmt.column_major:  # each channel stored column by column: [channel, column, row]
        return np.frombuffer(data, np.uint8).reshape(channels, width, height).transpose(2, 1, 0)
    return np.frombuffer(data, np.uint8).reshape(channels, height, width).transpose(1, 2, 0)


def read_names(fileobj: BinaryIO) -> tuple[str, ...]:
    """The class names of a names file: one a line, in label order, blank lines at its end dropped.

    Raises:
      InvalidInputError: larger than MAX_NAMES_FILE_BYTES, not UTF-8, or a blank name among them.
    """
    data = fileobj.read(MAX_NAMES_FILE_BYTES + 1)
    if len(data) > MAX_NAMES_FILE_BYTES:
        raise InvalidInputError(f"a class-names file larger than {MAX_NAMES_FILE_BYTES >> 20} MiB")
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        raise InvalidInputError(f"a class-names file that is not UTF-8: {error}") from None
    names = [line.strip() for line in lines]
    while names and not names[-1]:
        names.pop()
    if not names or not all(names):
        raise InvalidInputError("a class-names file with a blank line among its names")
    return tuple(names)
