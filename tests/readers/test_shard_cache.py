"""The shard cache's folder keeping, without a store (its fetching is tested against the S3 and
GCS emulators in test_torch_remote.py)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from shardify.errors import ReadOptionError
from shardify.read.shard_cache import CachedShard, ShardCache


def test_folders_of_dead_readers_on_this_host_are_removed_and_no_others(tmp_path: Path) -> None:
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                              timeout=60)
    dead_pid = int(finished.stdout)
    host = "".join(c if c.isalnum() or c == "." else "_" for c in socket.gethostname())
    dead = tmp_path / f"shardify-reader-{host}-{dead_pid}-abc"
    elsewhere = tmp_path / f"shardify-reader-otherhost-{dead_pid}-abc"
    mine = tmp_path / "not-a-reader"
    for folder in (dead, elsewhere, mine):
        folder.mkdir()
        (folder / "train-00000-of-00001.tfrecord").write_bytes(b"x")
    cache = ShardCache(str(tmp_path), 10, [])
    assert not dead.exists() and elsewhere.exists() and mine.exists()
    assert len(list(tmp_path.glob(f"shardify-reader-{host}-*"))) == 1  # its own
    cache.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([elsewhere.name, mine.name])


def test_a_limit_that_cannot_hold_a_shard_is_refused_before_any_fetch(tmp_path: Path) -> None:
    shards = [CachedShard(0, "s3://bucket/out/train-00000-of-00002.tfrecord", 100, "0" * 64),
              CachedShard(1, "s3://bucket/out/train-00001-of-00002.tfrecord", 300, "0" * 64)]
    with pytest.raises(ReadOptionError, match="leaves this reader 200 bytes, less than the 300 bytes"):
        ShardCache(str(tmp_path / "cache"), 200, shards)
    assert not (tmp_path / "cache").exists()
