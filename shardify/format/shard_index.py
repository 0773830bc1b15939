"""Where each record of a shard lies, for readers that seek to a record instead of reading the
shard through: from the shard's DALI index file, checked against the shard's size and count, or,
for outputs made before shardify wrote indexes, rebuilt once by scanning the record headers.

Index files are untrusted like the manifest: one that does not add up to its shard is refused by
name, never followed to the wrong bytes.
"""

from __future__ import annotations

import os
from typing import BinaryIO

from shardify.errors import CorruptShardError, InvalidInputError
from shardify.format.manifest_model import ShardInfo
from shardify.format.tfrecord import framed_size, scan_frames
from shardify.inputs.files import open_local_input
from shardify.inputs.paths import join_path

__all__ = ["open_shard_file", "check_shard_file", "record_frames"]

# The smallest framed record: an empty Example's header, data and footer.
_MIN_FRAME_BYTES = framed_size(0)


def open_shard_file(root: str, name: str, *, advice: str = " (run `shardify verify`)") -> BinaryIO:
    """Opens a shard, index or report file of the output folder `root` as any input is opened:
    only a regular file, never blocking on a pipe, never outside `root`, and never through a
    symbolic link (a link inside OUT could lead anywhere). `advice` ends the message of a file that
    cannot be read.

    Raises:
      CorruptShardError: naming the file, when it is missing, not a regular file or unreadable.
    """
    path = join_path(root, name)
    try:
        return open_local_input(path, real_root=os.path.realpath(root), follow_links=False)
    except InvalidInputError as error:
        raise CorruptShardError(path, error.reason) from None
    except OSError as error:
        raise CorruptShardError(path, f"cannot read: {error.strerror}{advice}") from None


def check_shard_file(root: str, shard: ShardInfo) -> None:
    """What a reader checks of a shard when it opens an output, for the price of a `stat`: the
    file opens as `open_shard_file` opens it, and is as long as the manifest says. A shard cut
    mid-record, or grown by records the manifest does not count, is named here, before training
    reads its first batch, instead of by a reader's error part-way through an epoch.

    Raises:
      CorruptShardError: naming the shard.
    """
    with open_shard_file(root, shard.path) as fileobj:
        size = os.fstat(fileobj.fileno()).st_size
    if size != shard.num_bytes:
        change = "cut short" if size < shard.num_bytes else "longer"
        raise CorruptShardError(
            join_path(root, shard.path), f"is {size} bytes, the manifest says {shard.num_bytes} ({change}: run `shardify verify`)"
        )


def record_frames(root: str, shard: ShardInfo) -> list[tuple[int, int]]:
    """(offset, framed size) of every record of `shard`, in order.

    Raises:
      CorruptShardError: naming the index (or, without one, the shard) when it does not give
        exactly the shard's records, one after another, as the manifest counts them.
    """
    if not shard.index:  # an output from before index files: scan the headers, skipping the data
        with open_shard_file(root, shard.path) as fileobj:
            frames = list(scan_frames(fileobj, join_path(root, shard.path)))
        where = join_path(root, shard.path)
    else:
        where = join_path(root, shard.index)
        with open_shard_file(root, shard.index) as fileobj:
            # An index line takes at most 42 bytes; a longer file is not this shard's index.
            text = fileobj.read(42 * shard.num_records + 1)
        frames = _parse_index(text, where)
    _check(frames, shard, where)
    return frames


def _parse_index(text: bytes, where: str) -> list[tuple[int, int]]:
    frames = []
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split(b" ")
        if len(fields) != 2 or not all(field.isascii() and field.isdigit() for field in fields):
            raise CorruptShardError(where, f"line {number} is not 'offset size' (run `shardify verify`)")
        frames.append((int(fields[0]), int(fields[1])))
    return frames


def _check(frames: list[tuple[int, int]], shard: ShardInfo, where: str) -> None:
    if len(frames) != shard.num_records:
        raise CorruptShardError(
            where, f"gives {len(frames)} records, the manifest {shard.num_records} (run `shardify verify`)"
        )
    expected = 0
    for number, (offset, size) in enumerate(frames):
        if offset != expected or size < _MIN_FRAME_BYTES:
            raise CorruptShardError(where, f"record {number} is not where the one before it ends (run `shardify verify`)")
        expected = offset + size
    if expected != shard.num_bytes:
        raise CorruptShardError(
            where, f"its records end at byte {expected}, the shard at {shard.num_bytes} (run `shardify verify`)"
        )
