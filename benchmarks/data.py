"""Benchmark inputs, generated and seeded (never committed).

images: photo-like JPEGs (quality 90, 200-500 px sides; gradients, shapes and noise so they weigh
~70 KB like real photos) in 10 class folders. texts: tiny text files in 5 class folders.
photos: ImageNet-sized JPEGs for `--resize` (quality 90, 375-640 px sides, ~75 KB): a texture
whose strength falls with its frequency, as natural images' spectra do (mostly in luminance, as
in photos), shapes with edges, and a little sensor noise. White noise alone, as `images` has,
would flatter resizing: a shrink averages it away and the small JPEG compresses far better than a
photo's would.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

IMAGES_PER_SCALE = 8_000
IMAGE_CLASSES = 10
TEXTS = 50_000
TEXT_CLASSES = 5
JPEG_QUALITY = 90
# Pixel noise (standard deviation, 0-255 scale): sigma 28 makes the JPEGs average ~72 KB, like photos.
NOISE_SIGMA = 28
_WORDS = "the a data shard record model train label image text fast slow good bad new old".split()


def _photo(rng: np.random.Generator) -> bytes:
    width, height = (int(v) for v in rng.integers(200, 501, size=2))
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    base = np.stack(
        [(x / width) * rng.uniform(60, 255), (y / height) * rng.uniform(60, 255),
         np.full_like(x, rng.uniform(0, 255))], axis=-1
    )
    image = Image.fromarray(base.astype(np.uint8), "RGB")
    pen = ImageDraw.Draw(image)
    for _ in range(int(rng.integers(3, 9))):
        x0, y0 = int(rng.integers(0, width)), int(rng.integers(0, height))
        x1, y1 = x0 + int(rng.integers(10, width // 2)), y0 + int(rng.integers(10, height // 2))
        pen.ellipse((x0, y0, x1, y1), fill=tuple(int(c) for c in rng.integers(0, 256, 3)))
    pixels = np.asarray(image, dtype=np.int16) + rng.normal(0, NOISE_SIGMA, (height, width, 3)).astype(np.int16)
    buffer = io.BytesIO()
    Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB").save(buffer, "JPEG", quality=JPEG_QUALITY)
    return buffer.getvalue()


def make_images(root: Path, scale: int = 1) -> Path:
    """Writes IMAGES_PER_SCALE * scale JPEGs under root (once; reused while complete)."""
    count = IMAGES_PER_SCALE * scale
    done = root / ".complete"
    if done.exists() and done.read_text() == str(count):
        return root
    for index in range(count):
        folder = root / f"class_{index % IMAGE_CLASSES:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"img_{index:06d}.jpg"
        if path.exists():
            continue
        if index < IMAGES_PER_SCALE:
            path.write_bytes(_photo(np.random.default_rng([0, index])))  # resumable
        else:
            # Scale k repeats scale 1's pictures under new names (hard links): equal bytes per file.
            os.link(folder / f"img_{index % IMAGES_PER_SCALE:06d}.jpg", path)
    done.write_text(str(count))
    return root


def make_texts(root: Path, count: int = TEXTS) -> Path:
    done = root / ".complete"
    if done.exists() and done.read_text() == str(count):
        return root
    rng = np.random.default_rng(1)
    for index in range(count):
        folder = root / f"class_{index % TEXT_CLASSES}"
        folder.mkdir(parents=True, exist_ok=True)
        words = []
        target = int(rng.integers(50, 401))
        while sum(len(w) + 1 for w in words) < target:
            words.append(_WORDS[int(rng.integers(len(_WORDS)))])
        (folder / f"t_{index:06d}.txt").write_text(" ".join(words)[:target])
    done.write_text(str(count))
    return root


def tree_bytes(root: Path) -> tuple[int, int]:
    """(files, bytes) of the data files under root."""
    files = total = 0
    for dirpath, _, names in os.walk(root):
        for name in names:
            if not name.startswith("."):
                files += 1
                total += os.path.getsize(os.path.join(dirpath, name))
    return files, total


def _texture(rng: np.random.Generator, height: int, width: int, channels: int, strength: float, finest: int) -> np.ndarray:
    """Noise whose amplitude falls by 0.6 an octave from 96-pixel cells down to `finest`-pixel
    cells (smooth, bicubic between cells): [height, width, channels] float32 around 0."""
    total = np.zeros((height, width, channels), np.float32)
    cell = 96
    while cell >= finest:
        rows, cols = height // cell + 2, width // cell + 2
        cells = rng.integers(0, 256, (rows, cols, 3), dtype=np.uint8)
        smooth = Image.fromarray(cells, "RGB").resize((cols * cell, rows * cell), Image.Resampling.BICUBIC)
        total += (np.asarray(smooth, np.float32)[:height, :width, :channels] - 127.5) * (strength / 128)
        strength *= 0.6
        cell //= 2
    return total


def _photo_sized(rng: np.random.Generator, scale: int = 1) -> bytes:
    """One photo-like JPEG of 375-640 px sides (three in four landscape), quality 90; `scale`
    times those sides for larger photos (2: 750-1280 px, as COCO's and Open Images' originals)."""
    long_side, short_side = int(rng.integers(500, 641)) * scale, int(rng.integers(375, 481)) * scale
    width, height = (long_side, short_side) if rng.random() < 0.75 else (short_side, long_side)
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    base = np.stack(
        [(x / width) * rng.uniform(60, 200), (y / height) * rng.uniform(60, 200), np.full_like(x, rng.uniform(40, 200))], -1
    )
    light = _texture(rng, height, width, 1, 70.0, 3)
    image = Image.fromarray(np.clip(base + light + _texture(rng, height, width, 3, 25.0, 24), 0, 255).astype(np.uint8), "RGB")
    pen = ImageDraw.Draw(image)
    for _ in range(int(rng.integers(4, 12))):
        x0, y0 = int(rng.integers(0, width)), int(rng.integers(0, height))
        x1, y1 = x0 + int(rng.integers(10, width // 2)), y0 + int(rng.integers(10, height // 2))
        pen.ellipse((x0, y0, x1, y1), fill=tuple(int(c) for c in rng.integers(0, 256, 3)), outline=(0, 0, 0), width=2)
    pixels = np.asarray(image, np.float32) + light * 0.5 + rng.standard_normal((height, width, 1), dtype=np.float32) * 5
    buffer = io.BytesIO()
    Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB").save(buffer, "JPEG", quality=JPEG_QUALITY)
    return buffer.getvalue()


def make_photos(root: Path, count: int, scale: int = 1) -> Path:
    """Writes `count` photo-sized JPEGs under root, in IMAGE_CLASSES folders (once; resumable);
    `scale` as `_photo_sized`'s."""
    done = root / ".complete"
    if done.exists() and done.read_text() == str(count):
        return root
    for index in range(count):
        folder = root / f"class_{index % IMAGE_CLASSES:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"photo_{index:06d}.jpg"
        if not path.exists():
            path.write_bytes(_photo_sized(np.random.default_rng([2, index]), scale))
    done.write_text(str(count))
    return root


TINY_SIDE = 32  # CIFAR's
_TINY_DRAWN_SIDE = 96  # drawn at this size, then shrunk, as CIFAR's images were shrunk from photos
_TINY_BATCH_IMAGES = 10_000  # per batch file, as CIFAR-10's data_batch_N


def _tiny(rng: np.random.Generator) -> np.ndarray:
    """One CIFAR-like image, [32, 32, 3] uint8: a small photo-like scene (gradient, texture,
    ellipses, sensor noise) shrunk by Lanczos, so that its PNG compresses as a real one does
    (noise alone would not compress; flat colour would compress too well)."""
    side = _TINY_DRAWN_SIDE
    y, x = np.mgrid[0:side, 0:side].astype(np.float32)
    base = np.stack([(x / side) * rng.uniform(60, 200), (y / side) * rng.uniform(60, 200), np.full_like(x, rng.uniform(40, 200))], -1)
    image = Image.fromarray(np.clip(base + _texture(rng, side, side, 3, 50.0, 3), 0, 255).astype(np.uint8), "RGB")
    pen = ImageDraw.Draw(image)
    for _ in range(int(rng.integers(2, 6))):
        x0, y0 = int(rng.integers(0, side)), int(rng.integers(0, side))
        x1, y1 = x0 + int(rng.integers(8, side // 2)), y0 + int(rng.integers(8, side // 2))
        pen.ellipse((x0, y0, x1, y1), fill=tuple(int(c) for c in rng.integers(0, 256, 3)))
    small = np.asarray(image.resize((TINY_SIDE, TINY_SIDE), Image.Resampling.LANCZOS), np.float32)
    return np.clip(small + rng.standard_normal(small.shape, dtype=np.float32) * 3, 0, 255).astype(np.uint8)


def make_tiny(root: Path, count: int) -> Path:
    """Writes `count` CIFAR-sized images as CIFAR-10's Python version holds them (once; resumable):
    root/cifar-10-batches-py/ with data_batch_N pickles of up to 10,000 images (`b'data'` [N, 3072]:
    1024 red, 1024 green, 1024 blue; `b'labels'`) and batches.meta."""
    import pickle

    folder = root / "cifar-10-batches-py"
    done = root / ".complete"
    if done.exists() and done.read_text() == str(count):
        return root
    folder.mkdir(parents=True, exist_ok=True)
    for batch, start in enumerate(range(0, count, _TINY_BATCH_IMAGES), 1):
        rng = np.random.default_rng([3, batch])
        images = np.stack([_tiny(rng) for _ in range(min(_TINY_BATCH_IMAGES, count - start))])
        data = {
            b"batch_label": f"training batch {batch}".encode(),
            b"labels": [int(label) for label in rng.integers(0, IMAGE_CLASSES, len(images))],
            b"data": np.ascontiguousarray(images.transpose(0, 3, 1, 2)).reshape(len(images), -1),
            b"filenames": [f"tiny_{start + i:06d}.png".encode() for i in range(len(images))],
        }
        (folder / f"data_batch_{batch}").write_bytes(pickle.dumps(data))
    names = [f"class_{i:02d}".encode() for i in range(IMAGE_CLASSES)]
    (folder / "batches.meta").write_bytes(pickle.dumps({b"label_names": names, b"num_cases_per_batch": _TINY_BATCH_IMAGES}))
    done.write_text(str(count))
    return root
