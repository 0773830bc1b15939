"""Test helper: files a test builds under its tmp_path, their folders made first.

Several layout tests each kept their own copy of these two (an image of a key's colours, a text file),
and the append and hostile-output tests each their own copy of a finished run (`run_copy`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from helpers.shipped import _image_bytes

__all__ = ["image_file", "run_copy", "text_file"]


def image_file(path: Path, key: str, width: int = 20, height: int = 16, fmt: str = "JPEG") -> None:
    """A small real image at `path` whose pixels depend on `key`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, width, height, fmt))


def text_file(path: Path, text: str) -> None:
    """`text` at `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def run_copy(made: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    """A copy of a (source, output) pair at `tmp_path`/src and `tmp_path`/out, for a test to edit
    while others share the original: copies keep the files' mtimes, so the output's inputs lists
    still match the copied source."""
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(made[0], source)
    shutil.copytree(made[1], out)
    return source, out
