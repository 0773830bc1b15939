"""Re-read a finished output and check it against its manifest, without TensorFlow.

Checks, per shard: sha256 and size against the manifest, every record's framing CRCs, every record
parsed against the feature spec, and the record counts per shard and split.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from typing import BinaryIO

from shardify import example_proto
from shardify.errors import CorruptShardError
from shardify.manifest import Manifest, ShardInfo
from shardify.paths import join_path
from shardify.tfrecord import iter_records

__all__ = ["verify_output"]

_READ_BLOCK_BYTES = 1 << 20


class _HashingReader:
    """Wraps a file so that every byte read also feeds a sha256."""

    def __init__(self, fileobj: BinaryIO) -> None:
        self._file = fileobj
        self.sha256 = hashlib.sha256()

    def read(self, size: int = -1) -> bytes:
        data = self._file.read(size)
        self.sha256.update(data)
        return data


def _check_record(data: bytes, features: dict, path: str, index: int) -> None:
    try:
        decoded = example_proto.decode_example(data)
    except ValueError as error:
        raise CorruptShardError(path, f"not a tf.train.Example: {error}", index) from None
    for key, spec in features.items():
        if key not in decoded:
            raise CorruptShardError(path, f"feature {key!r} is missing", index)
        kind, values = decoded[key]
        variable = list(spec.get("shape", [])) == [None]
        if kind != spec["dtype"] or (len(values) != 1 and not variable):
            expected = f"any number of {spec['dtype']}" if variable else f"1 x {spec['dtype']}"
            raise CorruptShardError(path, f"feature {key!r} is {len(values)} x {kind}, expected {expected}", index)


def _verify_shard(manifest: Manifest, shard: ShardInfo, on_bytes: Callable[[int], None]) -> None:
    path = join_path(manifest.root, shard.path)
    try:
        size = os.path.getsize(path)
        fileobj = open(path, "rb")
    except OSError as error:
        raise CorruptShardError(path, f"cannot read: {error.strerror}") from None
    if size != shard.num_bytes:
        fileobj.close()
        raise CorruptShardError(path, f"{size} bytes, manifest says {shard.num_bytes}")
    with fileobj:
        reader = _HashingReader(fileobj)
        count = 0
        for count, data in enumerate(iter_records(reader, path), start=1):  # type: ignore[arg-type]
            _check_record(data, manifest.features, path, count - 1)
            on_bytes(len(data) + 16)
        if reader.sha256.hexdigest() != shard.sha256:
            raise CorruptShardError(path, "sha256 differs from the manifest")
        if count != shard.num_records:
            raise CorruptShardError(path, f"{count} records, manifest says {shard.num_records}")


def verify_output(manifest: Manifest, *, on_bytes: Callable[[int], None] = lambda n: None) -> int:
    """Checks every shard of every split; returns the number of records checked.

    Raises:
      CorruptShardError: naming the first bad shard (and record, where one is at fault).
    """
    total = 0
    for split in manifest.splits.values():
        records = 0
        for shard in split.shards:
            _verify_shard(manifest, shard, on_bytes)
            records += shard.num_records
        if records != split.num_records:
            raise CorruptShardError(
                split.name, f"shards hold {records} records, manifest's split total is {split.num_records}"
            )
        total += records
    return total
