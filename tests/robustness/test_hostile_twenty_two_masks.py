"""Hostile input, round twenty-two: masks beside images, and masks for some splits only (masks21's
`num_unmasked`).

A mask of another size than its image, a mask whose image is not there, two masks for one image, a
mask saved as JPEG (lossy: its class ids smeared into numbers no class has), one mask in a split
that has none otherwise. What a user should get: each image written with its own mask, pixel for
pixel, or rejected saying why, or a stop naming the mask; never a mask resized, guessed between
two, decoded from JPEG, or a split's masks dropped with exit 0.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from helpers.fifteen import finished, refused, run
from helpers.shard_io import read_shard
from shardify.format import contract
from shardify.format.manifest import load_manifest

_SIZE = (20, 16)


def _image(path: Path, seed: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pixels = (np.random.default_rng(seed).random((_SIZE[1], _SIZE[0], 3)) * 255).astype(np.uint8)
    Image.fromarray(pixels, "RGB").save(path)


def _mask_pixels(seed: int, size: tuple[int, int] = _SIZE) -> np.ndarray:
    return (np.random.default_rng(seed).integers(0, 3, (size[1], size[0]))).astype(np.uint8)


def _mask(path: Path, seed: int, size: tuple[int, int] = _SIZE, fmt: str = "PNG") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(_mask_pixels(seed, size), "L").save(path, fmt)


def _source(root: Path, splits: dict[str, bool], n: int = 4) -> Path:
    """`<split>/images/<split><i>.png`, with `<split>/masks/<split><i>.png` where `splits[split]`."""
    for s, (split, masked) in enumerate(splits.items()):
        for i in range(n):
            _image(root / split / "images" / f"{split}{i}.png", 10 * s + i)
            if masked:
                _mask(root / split / "masks" / f"{split}{i}.png", 10 * s + i)
    return root


def _written(out: Path) -> dict[str, tuple[str, np.ndarray | None]]:
    found = {}
    for name, split in load_manifest(str(out)).splits.items():
        for shard in split.shards:
            for record in read_shard(out / shard.path):
                mask = record.get(contract.SEGMENTATION)
                pixels = np.asarray(Image.open(io.BytesIO(mask))) if mask else None
                found[record[contract.IMAGE_FILENAME].decode().rsplit("/", 1)[-1]] = (name, pixels)
    return found


def _right_or_stopped(src: Path, out: Path, rejected: set[str], named: tuple[str, ...], seeds: dict[str, int]) -> None:
    """Every image not in `rejected` written with its own mask (seed `seeds[name]`), those in it
    rejected; or a stop naming `named`."""
    result = run(src, out)
    if result.returncode != 0:
        refused(result, *named)
        return
    _, rejects = finished(result, out)
    written = _written(out)
    for name, seed in seeds.items():
        if name in rejected:
            assert name not in written and any(k.endswith(name) for k in rejects), (name, sorted(written), rejects)
            continue
        assert name in written and written[name][1] is not None, (name, sorted(written), rejects)
        assert np.array_equal(written[name][1], _mask_pixels(seed)), name


_SEEDS = {f"train{i}.png": i for i in range(4)}


@pytest.mark.parametrize(("change", "rejected", "named"), [
    (lambda root: _mask(root / "train/masks/train1.png", 1, (22, 16)), {"train1.png"}, ("train1.png",)),
    (lambda root: _mask(root / "train/masks/train9.png", 9), set(), ("train9.png",)),
    (lambda root: _mask(root / "train/masks/train1.bmp", 1, fmt="BMP"), {"train1.png"}, ("train1",)),
    (lambda root: (root / "train/masks/train1.png").unlink() or _mask(root / "train/masks/train1.jpg", 1, fmt="JPEG"),
     {"train1.png"}, ("train1.jpg",)),
], ids=["mask of another size", "mask of no image", "two masks for one image", "one mask a jpeg"])
def test_a_hostile_mask_is_its_images_reject_or_stops(change, rejected: set, named: tuple, tmp_path: Path) -> None:
    src = _source(tmp_path / "src", {"train": True}, n=4)
    for i in range(4, 8):  # (enough images that one odd mask leaves the folder a mask folder)
        _image(src / "train/images" / f"train{i}.png", i)
        _mask(src / "train/masks" / f"train{i}.png", i)
    change(src)
    _right_or_stopped(src, tmp_path / "out", rejected, named, {**_SEEDS, **{f"train{i}.png": i for i in range(4, 8)}})


def test_masks_all_jpeg_are_never_written_as_class_ids(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", {"train": False}, n=6)
    for i in range(6):
        _mask(src / "train/masks" / f"train{i}.jpg", i, fmt="JPEG")
    result = run(src, tmp_path / "out")
    if result.returncode == 0:
        assert not any(m is not None for _, m in _written(tmp_path / "out").values()), "JPEG masks written as class ids"
    else:
        refused(result, "jpg")


def test_one_mask_in_a_split_that_has_none_otherwise_is_not_lost(tmp_path: Path) -> None:
    """train/ masked; test/ holds one mask for one of its 4 images: test's images are not a bare
    split written without masks while its one mask is dropped: the three without are rejects
    (a split with masks), or the run stops naming test's masks."""
    src = _source(tmp_path / "src", {"train": True, "test": False})
    _mask(src / "test/masks/test0.png", 10)
    result = run(src, tmp_path / "out")
    if result.returncode != 0:
        refused(result, "test")
        return
    written = _written(tmp_path / "out")
    assert written.get("test0.png", ("", None))[1] is not None or "test0.png" not in written, written.get("test0.png")
    assert not any(written.get(f"test{i}.png", ("", 1))[1] is None for i in range(1, 4)) or "test0.png" not in written, written


def test_a_bare_split_keeps_its_images_without_masks(tmp_path: Path) -> None:
    src = _source(tmp_path / "src", {"train": True, "val": True, "test": False})
    finished(run(src, tmp_path / "out"), tmp_path / "out")
    written = _written(tmp_path / "out")
    assert all(written[f"test{i}.png"][1] is None for i in range(4)) and all(written[f"val{i}.png"][1] is not None for i in range(4))
