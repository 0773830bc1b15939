"""What a source folder looks like: its layout, its splits, which files are junk, each file's label.

Layouts (detected by `detect_layout` from a sample of the listing, or forced with `--layout`):

  image_folders   SRC/<label>/**/<image>                   one record per image
  text_folders    SRC/<label>/**/<file>.txt                one record per text file
  tables          SRC/*.csv|*.tsv|*.jsonl                  one record per row
  label_file      files anywhere + a label file            labels (and captions) joined by path or id
  image_captions  img/0001.jpg + txt/0001.txt              image and caption sharing a stem

Any of them may sit under split folders (SRC/train, SRC/validation or SRC/val, SRC/test).
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "IMAGE_FOLDERS",
    "TEXT_FOLDERS",
    "TABLES",
    "LABEL_FILE",
    "IMAGE_CAPTIONS",
    "LAYOUTS",
    "SPLIT_FOLDER_NAMES",
    "IMAGE_EXTENSIONS",
    "TEXT_EXTENSIONS",
    "TABLE_EXTENSIONS",
    "LABEL_FILE_NAMES",
    "JUNK_FILENAMES",
    "SourceLayout",
    "is_junk",
    "extension",
    "stem",
    "split_folders",
    "detect_layout",
]

IMAGE_FOLDERS, TEXT_FOLDERS, TABLES, LABEL_FILE, IMAGE_CAPTIONS = (
    "image_folders",
    "text_folders",
    "tables",
    "label_file",
    "image_captions",
)
LAYOUTS = (IMAGE_FOLDERS, TEXT_FOLDERS, TABLES, LABEL_FILE, IMAGE_CAPTIONS)

# Top-level folders that name splits; the folder name is kept as the split name.
SPLIT_FOLDER_NAMES = frozenset({"train", "validation", "val", "valid", "dev", "test"})
# Extensions that count as images when detecting the layout (the format itself is read from the
# bytes): the formats TensorFlow decodes, and those stored as PNG (`converters.image_formats`).
IMAGE_EXTENSIONS = frozenset(
    {"jpg", "jpeg", "png", "gif", "bmp", "webp"}
    | {"tif", "tiff", "pbm", "pgm", "ppm", "pnm", "pfm", "heic", "heif", "hif", "avif"}
)
TEXT_EXTENSIONS = frozenset({"txt", "text"})
TABLE_EXTENSIONS = frozenset({"csv", "tsv", "jsonl"})
# A label file at the top of SRC with one of these names is used without `--labels`.
LABEL_FILE_NAMES = tuple(f"labels.{ext}" for ext in ("csv", "tsv", "jsonl"))

# Files operating systems and tools leave behind; never data. Hidden files (".*", which includes
# AppleDouble "._*" files) are junk too.
JUNK_FILENAMES = frozenset({"Thumbs.db", "desktop.ini", "Desktop.ini", "Icon\r"})


def is_junk(relpath: str) -> bool:
    """True for files skipped and counted, never read: hidden files or folders and OS leftovers."""
    parts = relpath.split("/")
    return parts[-1] in JUNK_FILENAMES or any(part.startswith(".") for part in parts)


def extension(relpath: str) -> str:
    """Lower-case extension without the dot: 'a/B.JPG' -> 'jpg'."""
    return posixpath.splitext(relpath)[1][1:].lower()


def stem(relpath: str) -> str:
    """File name without folder or extension: 'img/0001.jpg' -> '0001'."""
    return posixpath.splitext(posixpath.basename(relpath))[0]


@dataclass(frozen=True)
class SourceLayout:
    """How to read a source folder; decided before the pipeline is built, recorded in the manifest.

    Attributes:
      name: one of LAYOUTS.
      media: "image" or "text": what a record's main payload is.
      split_folders: top-level folders that are splits, or () when there are none.
      labels_file: the label file (label_file layout), relative to SRC when inside it, else as given.
      label_key: how the label file names files: "path" (relative to SRC) or "id" (the file's stem).
      captions: image records also hold a caption: a .txt file sharing the image's stem
        (image_captions), or the label file's caption column.
    """

    name: str
    media: str
    split_folders: tuple[str, ...] = ()
    labels_file: str = ""
    label_key: str = ""
    captions: bool = False

    def __post_init__(self) -> None:
        if self.name not in LAYOUTS:
            raise ValueError(f"layout {self.name!r} is not one of {', '.join(LAYOUTS)}")
        if self.media not in ("image", "text"):
            raise ValueError(f"media {self.media!r} must be image or text")
        if (self.name == LABEL_FILE) != bool(self.labels_file):
            raise ValueError("the label_file layout, and only it, needs a label file")
        if self.label_key not in (("path", "id") if self.labels_file else ("",)):
            raise ValueError(f"label_key {self.label_key!r} must be path or id with a label file")

    def split_of(self, relpath: str) -> tuple[str, str]:
        """(split folder, path inside it); ("", relpath) without split folders."""
        if not self.split_folders:
            return "", relpath
        folder, _, rest = relpath.partition("/")
        return (folder, rest) if folder in self.split_folders and rest else ("", relpath)

    def class_folder_of(self, relpath: str) -> str | None:
        """The class-folder label of a file (first folder inside its split), or None."""
        _, inner = self.split_of(relpath)
        folder, sep, _ = inner.partition("/")
        return folder if sep else None


def split_folders(top_folders: Iterable[str]) -> tuple[str, ...]:
    """The top-level folders if every one of them names a split, else ()."""
    folders = tuple(sorted(f for f in top_folders if not is_junk(f)))
    return folders if folders and all(f.lower() in SPLIT_FOLDER_NAMES for f in folders) else ()


def _media_of(relpaths: Sequence[str]) -> str:
    images = sum(1 for p in relpaths if extension(p) in IMAGE_EXTENSIONS)
    texts = sum(1 for p in relpaths if extension(p) not in IMAGE_EXTENSIONS)
    return "image" if images >= texts else "text"


def detect_layout(
    sample: Sequence[str],
    top_folders: Sequence[str],
    *,
    labels_file: str = "",
    label_keys: Sequence[str] = (),
    caption_column: bool = False,
    forced: str = "",
) -> SourceLayout:
    """The layout of a source folder, from a sample of its non-junk relative paths.

    Args:
      sample: relative paths of some (or all) of the source's files.
      top_folders: names of the folders directly under SRC.
      labels_file: `--labels`, or a LABEL_FILE_NAMES file found at the top of SRC.
      label_keys: the first few keys of the label file: paths (with a folder or a known
        extension) or ids (stems).
      caption_column: the label file has a caption column.
      forced: `--layout`, or "" to detect.
    """
    splits = split_folders(top_folders)
    probe = SourceLayout(IMAGE_FOLDERS, "image", splits)
    inner = [probe.split_of(p)[1] for p in sample if p != labels_file]
    data_files = [p for p in inner if extension(p) not in TABLE_EXTENSIONS or "/" in p]
    top_tables = [p for p in inner if extension(p) in TABLE_EXTENSIONS and "/" not in p]
    media = _media_of(data_files)
    name = forced
    if not name:
        if labels_file:
            name = LABEL_FILE
        elif top_tables and not any("/" in p for p in data_files):
            name = TABLES  # tables at the top, and no folders of files beside them
        else:
            image_stems = {stem(p) for p in data_files if extension(p) in IMAGE_EXTENSIONS}
            text_stems = {stem(p) for p in data_files if extension(p) in TEXT_EXTENSIONS}
            paired = len(image_stems & text_stems)
            if image_stems and paired * 2 >= len(image_stems):
                name = IMAGE_CAPTIONS
            else:
                name = IMAGE_FOLDERS if media == "image" else TEXT_FOLDERS
    if name in (IMAGE_FOLDERS, IMAGE_CAPTIONS):
        media = "image"
    elif name in (TEXT_FOLDERS, TABLES):
        media = "text"
    if name != LABEL_FILE:
        return SourceLayout(name, media, splits, captions=name == IMAGE_CAPTIONS)
    known = IMAGE_EXTENSIONS | TEXT_EXTENSIONS
    by_path = any("/" in key or extension(key) in known for key in label_keys)
    return SourceLayout(
        name, media, splits, labels_file, "path" if by_path else "id", captions=caption_column and media == "image"
    )
