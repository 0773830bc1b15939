"""Every shard gets a DALI index (`offset size` per record, DALI's tfrecord2idx format), written with
the shard, named in the manifest and checked by `verify`. The real DALI reads them in
test_dali.py; here the offsets are checked against the framing read independently."""

from __future__ import annotations

import shutil
import struct
from pathlib import Path

from typer.testing import CliRunner

from shardify.cli.main import app
from shardify.format.manifest import load_manifest


def _framing(shard: Path) -> list[tuple[int, int]]:
    """(offset, framed size) of each record, from the 8-byte length fields alone."""
    data, records, offset = shard.read_bytes(), [], 0
    while offset < len(data):
        (length,) = struct.unpack_from("<Q", data, offset)
        records.append((offset, 8 + 4 + length + 4))
        offset += 8 + 4 + length + 4
    return records


def test_every_shard_has_an_index_of_its_records(converted: Path) -> None:
    manifest = load_manifest(str(converted))
    shards = manifest.splits["train"].shards
    assert sorted(p.name for p in converted.glob("*.idx")) == sorted(s.index for s in shards)
    for shard in shards:
        lines = (converted / shard.index).read_text().splitlines()
        assert [tuple(map(int, line.split(" "))) for line in lines] == _framing(converted / shard.path)
        assert len(lines) == shard.num_records


def test_verify_names_an_index_that_does_not_match_its_shard(converted: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(converted, out)
    index = out / load_manifest(str(out)).splits["train"].shards[1].index
    lines = index.read_text().splitlines()
    index.write_text("\n".join([lines[0], *lines[2:]]) + "\n")  # a record left out
    result = CliRunner().invoke(app, ["verify", str(out), "-q"])
    assert result.exit_code == 1
    assert f"{index}: is not the index of" in result.output
