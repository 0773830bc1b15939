"""What a conversion of images with masks wrote, and a stop run in-process: shared by the mask layout tests.

`records` reads every shard of OUT into {image path: (split, label text or None, mask pixels or None)},
the pixels through the caller's own reading (tests compare a mask as stored with the source's, each read
the same way); `refused` runs a conversion that must stop before writing and returns its message.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from helpers.shard_io import read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract

__all__ = ["records", "refused"]


def records(out: Path, pixels: Callable[[bytes], list]) -> dict[str, tuple[str, object, list | None]]:
    """{image path: (split, label text or None, its stored mask's pixels or None)} as written."""
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            mask = record.get(contract.SEGMENTATION)
            found[record[contract.IMAGE_FILENAME].decode()] = (
                shard.name.split("-")[0], record.get(contract.LABEL_TEXT), pixels(mask) if mask else None)
    return found


def refused(root: Path, out: Path, **options) -> str:
    """The message of a conversion of `root` that must stop (UsageError) with no manifest written."""
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(root), str(out), **options))
    assert not (out / "manifest.json").exists()
    return str(stopped.value)
