"""Test helper: files a test builds under its tmp_path, their folders made first.

Several layout tests each kept their own copy of these two (an image of a key's colours, a text file).
"""

from __future__ import annotations

from pathlib import Path

from helpers.shipped import _image_bytes

__all__ = ["image_file", "text_file"]


def image_file(path: Path, key: str, width: int = 20, height: int = 16, fmt: str = "JPEG") -> None:
    """A small real image at `path` whose pixels depend on `key`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, width, height, fmt))


def text_file(path: Path, text: str) -> None:
    """`text` at `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
