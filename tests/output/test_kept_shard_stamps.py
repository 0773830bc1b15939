"""A resume trusts a kept shard unread only while its size, modification time and inode are the
ones its result file recorded (beam_jobs/output/resume.py); anything else hashes it, and `verify`
still reads every byte against the manifest."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from helpers.sources import refused_run
from shardify.beam_jobs import counters
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import CorruptShardError
from shardify.format.manifest import load_manifest
from shardify.inspect.verify import verify_output



def _flip_keeping_mtime(shard: Path) -> None:
    """One bit changed in place, the modification time put back: size and inode unchanged too."""
    before = shard.stat()
    data = bytearray(shard.read_bytes())
    data[len(data) // 2] ^= 0x01
    with open(shard, "r+b") as f:  # in place: the same inode
        f.write(bytes(data))
    os.utime(shard, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (shard.stat().st_size, shard.stat().st_ino) == (before.st_size, before.st_ino)


def _first_shard(out: Path) -> Path:
    result = sorted(out.glob("*.result.json"))[0]
    return out / json.loads(result.read_text())["result"]["path"]


def test_a_result_records_the_stamps_of_its_shard_and_index(tmp_path: Path) -> None:
    _, out = refused_run(tmp_path)
    for result in out.glob("*.result.json"):
        document = json.loads(result.read_text())
        for key, name in (("shard", document["result"]["path"]), ("index", document["result"]["index_path"])):
            stat = (out / name).stat()
            assert document["stamps"][key] == [stat.st_size, stat.st_mtime_ns, stat.st_ino]


def test_a_shard_whose_stamps_hold_is_kept_unread_and_verify_still_reads_it(tmp_path: Path) -> None:
    source, out = refused_run(tmp_path)
    _flip_keeping_mtime(_first_shard(out))
    result = run_conversion(ConvertConfig(str(source), str(out), shards=3, max_rejects="100%"))
    assert counters.total(result, counters.SHARDS_KEPT) == 3  # the trade: unread, so not seen here
    with pytest.raises(CorruptShardError):  # the manifest holds the sha256 it was written with
        verify_output(load_manifest(str(out)))


def test_a_copied_output_has_other_inodes_so_its_kept_shards_are_hashed(tmp_path: Path) -> None:
    source, out = refused_run(tmp_path)
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)  # copy2: sizes and modification times kept, inodes new
    _flip_keeping_mtime(_first_shard(copy))
    result = run_conversion(ConvertConfig(str(source), str(copy), shards=3, max_rejects="100%"))
    assert counters.total(result, counters.SHARDS_KEPT) == 2  # the flipped one was read, and written again
    assert verify_output(load_manifest(str(copy))) == 12
