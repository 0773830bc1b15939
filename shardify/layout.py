"""What a source folder looks like: which files are junk, and what label a file has.

The image-folder layout is `SRC/<label>/**/<file>`: the label is the first folder under SRC.
"""

from __future__ import annotations

__all__ = ["JUNK_FILENAMES", "is_junk", "label_of"]

# Files operating systems and tools leave behind; never data. Hidden files (".*", which includes
# AppleDouble "._*" files) are junk too.
JUNK_FILENAMES = frozenset({"Thumbs.db", "desktop.ini", "Desktop.ini", "Icon\r"})


def is_junk(relpath: str) -> bool:
    """True for files skipped and counted, never read: hidden files or folders and OS leftovers."""
    parts = relpath.split("/")
    return parts[-1] in JUNK_FILENAMES or any(part.startswith(".") for part in parts)


def label_of(relpath: str) -> str | None:
    """The class-folder label of a file, or None for a file directly under SRC."""
    folder, sep, _ = relpath.partition("/")
    return folder if sep else None
