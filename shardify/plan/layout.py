"""What a source looks like: its layout, its splits, which files are junk, each file's label.

Layouts (detected by `detect_layout` from a sample of the listing, or forced with `--layout`):

  image_folders   SRC/<label>/**/<image>                      one record per image
  text_folders    SRC/<label>/**/<file>.txt                   one record per text file
  named_files     SRC/**/<label>_12.jpg + --label-from-name   one record per file, labelled by its name
  tables          SRC/*.csv|tsv|jsonl|parquet, or one table    one record per row
  label_file      files anywhere + a label file               labels (and captions) joined by path,
                                                              file name, stem or order
  coco            images + a COCO-style annotation .json      one record per image: categories, captions
  image_captions  img/0001.jpg + txt/0001.txt                 image and caption sharing a stem
  webdataset      tars of 000001.jpg + 000001.cls (+ .txt)    one record per key (see webdataset.py)

Any of them may sit under split folders (SRC/train, SRC/validation or SRC/val, SRC/test). SRC may
also be one file: a table, or a label file (its files are found relative to its folder).
"""

from __future__ import annotations

import posixpath
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shardify.errors import UsageError
from shardify.format import image_formats

__all__ = [
    "IMAGE_FOLDERS",
    "TEXT_FOLDERS",
    "NAMED_FILES",
    "TABLES",
    "LABEL_FILE",
    "COCO",
    "IMAGE_CAPTIONS",
    "WEBDATASET",
    "LAYOUTS",
    "PATH",
    "NAME",
    "STEM",
    "ORDER",
    "LABEL_KEYS",
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
    "sample_key",
    "split_folders",
    "choose_label_key",
    "LabelFileSample",
    "detect_layout",
]

IMAGE_FOLDERS, TEXT_FOLDERS, NAMED_FILES, TABLES = "image_folders", "text_folders", "named_files", "tables"
LABEL_FILE, COCO, IMAGE_CAPTIONS, WEBDATASET = "label_file", "coco", "image_captions", "webdataset"
LAYOUTS = (IMAGE_FOLDERS, TEXT_FOLDERS, NAMED_FILES, TABLES, LABEL_FILE, COCO, IMAGE_CAPTIONS, WEBDATASET)
# WebDataset members that label a sample, in the order they are looked for: `000001.cls` or
# `000001.label` (the label itself), `000001.json` (an object with a label field).
SAMPLE_LABEL_FIELDS = ("cls", "label", "json")
SAMPLE_JSON_FIELD = "json"
# How a label file's keys name files (see beam_jobs/discover/label_file.py).
PATH, NAME, STEM, ORDER = "path", "name", "stem", "order"
LABEL_KEYS = (PATH, NAME, STEM, ORDER)

# Top-level folders that name splits; the folder name is kept as the split name.
SPLIT_FOLDER_NAMES = frozenset({"train", "validation", "val", "valid", "dev", "test"})
# Extensions that count as images when detecting the layout (the format itself is read from the
# bytes): every format's suffixes, from the format table.
IMAGE_EXTENSIONS = image_formats.IMAGE_SUFFIXES
TEXT_EXTENSIONS = frozenset({"txt", "text"})
TABLE_EXTENSIONS = frozenset({"csv", "tsv", "jsonl", "parquet"})
# A label file at the top of SRC with one of these names is used without `--labels`.
LABEL_FILE_NAMES = tuple(f"labels.{ext}" for ext in ("csv", "tsv", "jsonl", "parquet"))

# Files operating systems and tools leave behind; never data. Hidden files (".*", which includes
# AppleDouble "._*" files) are junk too.
JUNK_FILENAMES = frozenset({"Thumbs.db", "desktop.ini", "Desktop.ini", "Icon\r"})


# Folders of OS leftovers: macOS's zip tool adds resource forks under __MACOSX/.
JUNK_FOLDERS = frozenset({"__MACOSX"})


def is_junk(relpath: str) -> bool:
    """True for files skipped and counted, never read: hidden files or folders and OS leftovers."""
    parts = relpath.split("/")
    return (
        parts[-1] in JUNK_FILENAMES
        or any(part.startswith(".") for part in parts)
        or any(part in JUNK_FOLDERS for part in parts[:-1])
    )


def extension(relpath: str) -> str:
    """Lower-case extension without the dot: 'a/B.JPG' -> 'jpg'."""
    return posixpath.splitext(relpath)[1][1:].lower()


def stem(relpath: str) -> str:
    """File name without folder or extension: 'img/0001.jpg' -> '0001'."""
    return posixpath.splitext(posixpath.basename(relpath))[0]


def sample_key(relpath: str) -> tuple[str, str]:
    """A WebDataset member's (key, field): its path up to the first dot of its file name, and the
    rest, lower-case: 'shard/000001.seg.png' -> ('shard/000001', 'seg.png')."""
    folder, name = posixpath.split(relpath)
    key, _, field = name.partition(".")
    return posixpath.join(folder, key), field.lower()


@dataclass(frozen=True)
class SourceLayout:
    """How to read a source; decided before the pipeline is built, recorded in the manifest.

    Attributes:
      name: one of LAYOUTS.
      media: "image" or "text": what a record's main payload is.
      split_folders: top-level folders that are splits, or () when there are none.
      labels_file: the label file (label_file, coco), relative to SRC when inside it, else as given.
      label_key: how the label file names files: one of LABEL_KEYS.
      captions: image records also hold a caption: a .txt file sharing the image's stem
        (image_captions), or the label file's caption column (or COCO captions).
      source_file: SRC was this one file, named relative to its folder (which is then the root).
      archive_root: SRC was an archive whose members all lie in this folder ("name/"): it is cut
        from their paths.
      notes: how detection decided, one line each, for the plan.
    """

    name: str
    media: str
    split_folders: tuple[str, ...] = ()
    labels_file: str = ""
    label_key: str = ""
    captions: bool = False
    source_file: str = ""
    archive_root: str = ""
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.name not in LAYOUTS:
            raise ValueError(f"layout {self.name!r} is not one of {', '.join(LAYOUTS)}")
        if self.media not in ("image", "text"):
            raise ValueError(f"media {self.media!r} must be image or text")
        if (self.name in (LABEL_FILE, COCO)) != bool(self.labels_file):
            raise ValueError("the label_file and coco layouts, and only they, need a label file")
        if self.label_key not in (LABEL_KEYS if self.labels_file else ("",)):
            raise ValueError(f"label_key {self.label_key!r} must be one of {', '.join(LABEL_KEYS)} with a label file")

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


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def choose_label_key(keys: Sequence[str], sample: Sequence[str]) -> tuple[str, str]:
    """How a label file's keys name files, and why: (one of PATH, NAME, STEM; a note for the plan).

    The keys are tried against the listed sample as paths, file names and stems; the reading that
    finds most wins (paths first on a tie). When none is found in the sample (a large source, a
    small sample), the keys' shape decides: a folder in a key means paths, an extension file names,
    neither stems.
    """
    readings = (
        (PATH, "paths relative to SRC", {_nfc(p) for p in sample}),
        (NAME, "file names, matched anywhere under SRC", {_nfc(posixpath.basename(p)) for p in sample}),
        (STEM, "file names without their extension (ids), matched anywhere under SRC", {_nfc(stem(p)) for p in sample}),
    )
    clean = [_nfc(key.strip().replace("\\", "/")) for key in keys if key.strip()]
    found = [(sum(key in members for key in clean), kind, what) for kind, what, members in readings]
    best, kind, what = max(found, key=lambda item: item[0])  # max keeps the first of equal counts
    if best:
        return kind, f"keys are {what} ({best} of the first {len(clean)} found among {len(sample):,} listed files)"
    if any("/" in key for key in clean):
        kind = PATH
    elif any(extension(key) for key in clean):
        kind = NAME
    else:
        kind = STEM
    what = next(what for k, what, _ in readings if k == kind)
    return kind, f"keys are {what} (judged by their shape: none of the first {len(clean)} is among the files sampled)"


@dataclass(frozen=True)
class LabelFileSample:
    """What detection read of a label file: its first keys, and what it holds.

    Attributes:
      path: the label file (relative to SRC when inside it).
      keys: its first rows' keys.
      fmt: "table", "lines" or "coco" (see converters/label_files.py).
      captions: it has a caption column (or COCO captions).
      order: one label per line: the n-th line labels the n-th file in path order.
    """

    path: str
    keys: tuple[str, ...] = ()
    fmt: str = "table"
    captions: bool = False
    order: bool = False


def detect_layout(
    sample: Sequence[str],
    top_folders: Sequence[str],
    *,
    label_file: LabelFileSample | None = None,
    name_pattern: str = "",
    source_file: str = "",
    forced: str = "",
) -> SourceLayout:
    """The layout of a source, from a sample of its non-junk relative paths.

    Args:
      sample: relative paths of some (or all) of the source's files.
      top_folders: names of the folders directly under SRC.
      label_file: `--labels`, or a label or annotation file found in SRC, as sampled.
      name_pattern: `--label-from-name`: labels come from file names.
      source_file: SRC was this one file (a table or a label file) in the folder listed.
      forced: `--layout`, or "" to detect.

    Raises:
      UsageError: a label-file layout forced with no label file to read.
    """
    if forced in (LABEL_FILE, COCO) and not label_file:
        kind = "an annotation file" if forced == COCO else "a label file"
        raise UsageError(f"--layout {forced} needs {kind}: none was found in SRC; give it with --labels FILE")
    splits = split_folders(top_folders)
    probe = SourceLayout(IMAGE_FOLDERS, "image", splits)
    inner = [probe.split_of(p)[1] for p in sample if not label_file or p != label_file.path]
    data_files = [p for p in inner if extension(p) not in TABLE_EXTENSIONS or "/" in p]
    top_tables = [p for p in inner if extension(p) in TABLE_EXTENSIONS and "/" not in p]
    media = _media_of(data_files)
    notes = [f"SRC is one file: {source_file}"] if source_file else []
    captioned = False  # a WebDataset whose images come with txt members
    if splits:
        notes.append(f"split folders: {', '.join(splits)}")
    name = forced
    if not name:
        if label_file:
            name = COCO if label_file.fmt == "coco" else LABEL_FILE
        elif name_pattern:
            name = NAMED_FILES
        elif source_file or (top_tables and not any("/" in p for p in data_files)):
            name = TABLES  # tables at the top, and no folders of files beside them
        else:
            image_stems = {stem(p) for p in data_files if extension(p) in IMAGE_EXTENSIONS}
            text_stems = {stem(p) for p in data_files if extension(p) in TEXT_EXTENSIONS}
            keys = [sample_key(p) for p in data_files]
            labelled = {key for key, field in keys if field in SAMPLE_LABEL_FIELDS}
            paired = len(image_stems & text_stems)
            samples = {key for key, field in keys if extension("x." + field) in IMAGE_EXTENSIONS}
            samples = samples or {key for key, field in keys if field in TEXT_EXTENSIONS}
            if samples and len(samples & labelled) * 2 >= len(samples):
                name = WEBDATASET
                notes.append(f"{len(samples & labelled)} of {len(samples)} sampled keys have a .cls or .json label member")
            elif image_stems and paired * 2 >= len(image_stems):
                name = IMAGE_CAPTIONS
                notes.append(f"{paired} of {len(image_stems)} sampled images share their stem with a .txt caption")
            else:
                name = IMAGE_FOLDERS if media == "image" else TEXT_FOLDERS
    if name == WEBDATASET:  # forced or detected: images come with captions when txt members are there
        has_images = any(extension("x." + sample_key(p)[1]) in IMAGE_EXTENSIONS for p in data_files)
        media = "image" if has_images else "text"  # a WebDataset of texts: key.txt + key.cls
        captioned = media == "image" and any(sample_key(p)[1] in TEXT_EXTENSIONS for p in data_files)
    if name in (IMAGE_FOLDERS, IMAGE_CAPTIONS):
        media = "image"
    elif name in (TEXT_FOLDERS, TABLES):
        media = "text"
    if name == NAMED_FILES:
        notes.append(f"labels from file names by --label-from-name {name_pattern!r}")
    if name not in (LABEL_FILE, COCO):
        captions = name == IMAGE_CAPTIONS or captioned
        return SourceLayout(name, media, splits, captions=captions, source_file=source_file, notes=tuple(notes))
    if label_file.order:
        key, how = ORDER, f"one label per line, the n-th for the n-th {media} in path order"
    else:
        key, how = choose_label_key(label_file.keys, sample)
    kind = "annotation file" if name == COCO else "label file"
    notes.append(f"{kind} {label_file.path}: {how}")
    if name == COCO:
        notes.append("categories are the labels (multi-label); captions are joined, one record per image")
    return SourceLayout(
        name,
        media,
        splits,
        label_file.path,
        key,
        captions=label_file.captions and media == "image",
        source_file=source_file,
        notes=tuple(notes),
    )
