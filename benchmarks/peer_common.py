"""What every peer script shares: the same listing of the benchmark images (class folders, sorted,
label = the folder's index), an even split of it between processes, and the count check that
fails a row whose output does not hold every image (read back with the peer's own reader), so
no peer wins by writing nothing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def listing(src: str | Path) -> tuple[list[tuple[str, int]], list[str]]:
    """(path, label index) of every image under SRC's class folders, sorted; and the class names."""
    root = Path(src)
    classes = sorted(d.name for d in root.iterdir() if d.is_dir() and not d.name.startswith("."))
    items = [
        (os.path.join(dirpath, name), index)
        for index, label in enumerate(classes)
        for dirpath, _, names in sorted(os.walk(root / label))
        for name in sorted(names)
        if not name.startswith(".")
    ]
    return items, classes


def part(items: list, index: int, parts: int) -> list:
    """The index-th of `parts` contiguous, near-equal slices of items."""
    size, extra = divmod(len(items), parts)
    start = index * size + min(index, extra)
    return items[start : start + size + (1 if index < extra else 0)]


def check_count(peer: str, read_back: int, expected: int) -> None:
    """Exit 1, saying so, unless the peer's reader found exactly `expected` records."""
    if read_back != expected:
        print(f"{peer}: read back {read_back} records, expected {expected}", file=sys.stderr)
        sys.exit(1)
    print(f"{peer}: {read_back} records read back")


def require(module: str, extra: str) -> None:
    """Exit 2 with a one-line reason when a peer's library is missing (no traceback)."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        print(f"not installed: {module} (pip install '.[{extra}]')", file=sys.stderr)
        sys.exit(2)
