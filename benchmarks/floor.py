"""The validation floor: what any converter that checks every image must at least do, and nothing
else. Two processes read each benchmark image, sha256 it and decode it with Pillow (JPEGs at 1/8
scale, as `--validate full` does); nothing is written. A conversion at 1.0x this would spend no
time of its own beyond reading, hashing and decoding.

Usage: python -m benchmarks.floor IMAGES_DIR
"""

from __future__ import annotations

import hashlib
import io
import multiprocessing
import sys
from pathlib import Path

from PIL import Image

WORKERS = 2


def _check(path: str) -> int:
    data = Path(path).read_bytes()
    hashlib.sha256(data).hexdigest()
    with Image.open(io.BytesIO(data)) as image:
        image.draft("RGB", (max(1, image.width // 8), max(1, image.height // 8)))
        image.load()
    return len(data)


def main(root: Path) -> None:
    paths = sorted(str(p) for p in root.rglob("*.jpg"))
    with multiprocessing.Pool(WORKERS) as pool:
        total = sum(pool.imap_unordered(_check, paths, chunksize=64))
    print(f"{len(paths)} images, {total} bytes checked")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
