"""What a conversion of images with masks wrote, and a stop run in-process: shared by the mask layout tests.

`records` reads every shard of OUT into {image path: (split, label text or None, mask pixels or None)},
the pixels through the caller's own reading (tests compare a mask as stored with the source's, each read
the same way); `refused` runs a conversion that must stop before writing and returns its message;
`two_valued_mask` and `gray_pixels` make a mask that differs per seed and read one back as grey levels.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from helpers.shard_io import read_shard
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract

__all__ = ["MASK_SIZE", "gray_pixels", "records", "refused", "two_valued_mask"]

# The images' and masks' size in the mask layout tests (small: only pairing is under test).
MASK_SIZE = (24, 16)


def two_valued_mask(seed: int, fmt: str = "PNG") -> bytes:
    """A two-valued mask of MASK_SIZE, different for each seed (so a mask paired with the wrong image shows)."""
    mask = Image.new("L", MASK_SIZE, 0)
    width, height = MASK_SIZE
    ImageDraw.Draw(mask).rectangle((1 + seed % 7, 1 + seed % 5, width - 2 - seed % 3, height - 3), fill=255)
    buffer = io.BytesIO()
    mask.save(buffer, fmt)
    return buffer.getvalue()


def gray_pixels(data: bytes) -> list:
    """An image's pixels as grey levels (nested lists), whatever mode it was saved in."""
    with Image.open(io.BytesIO(data)) as image:
        return np.asarray(image.convert("L")).tolist()


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
