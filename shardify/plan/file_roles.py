"""What a listed file is by its name alone: junk, a split folder, an image or a text, a table, a
label file, documentation beside the data.

These vocabularies are data that every layout rule reads (detection, `SourceLayout.is_auxiliary`,
the discover transforms), kept apart from `layout.py`'s layouts and `SourceLayout` so that a new
extension or document name is one word in one table; `layout` re-exports them, where most callers
read them (`layout.IMAGE_EXTENSIONS`, `layout.is_junk`).
"""

from __future__ import annotations

from collections.abc import Iterable

from shardify.format import image_formats
from shardify.plan.path_parts import extension, stem

__all__ = [
    "SPLIT_FOLDER_NAMES",
    "IMAGE_EXTENSIONS",
    "TEXT_EXTENSIONS",
    "WEB_PAGE_EXTENSIONS",
    "TABLE_EXTENSIONS",
    "LABEL_FILE_NAMES",
    "JUNK_FILENAMES",
    "JUNK_FOLDERS",
    "AUXILIARY_EXTENSIONS",
    "SCRIPT_EXTENSIONS",
    "TABLE_DOCUMENT_EXTENSIONS",
    "AUXILIARY_NAMES",
    "TABLE_DOCUMENT_NAMES",
    "LABEL_LIKE_EXTENSIONS",
    "is_junk",
    "JunkTest",
    "is_junk_folder",
    "split_folders",
    "is_media_file",
]

# Top-level folders that name splits; the folder name is kept as the split name.
SPLIT_FOLDER_NAMES = frozenset({"train", "validation", "val", "valid", "dev", "test"})
# Extensions that count as images when detecting the layout (the format itself is read from the
# bytes): every format's suffixes, from the format table.
IMAGE_EXTENSIONS = image_formats.IMAGE_SUFFIXES
TEXT_EXTENSIONS = frozenset({"txt", "text"})
# Web pages: documentation beside a dataset (AUXILIARY_EXTENSIONS), but in a text dataset's class
# folders its texts (WebKB's `course/cornell/<URL>.html`), read as written.
WEB_PAGE_EXTENSIONS = frozenset({"html", "htm"})
# `label`: files of `label text` lines (TREC's train_5500.label; see converters/line_tables.py).
TABLE_EXTENSIONS = frozenset({"csv", "tsv", "jsonl", "parquet", "label"})
# A label file at the top of SRC with one of these names is used without `--labels`.
LABEL_FILE_NAMES = tuple(f"labels.{ext}" for ext in ("csv", "tsv", "jsonl", "parquet"))

# Files operating systems and tools leave behind; never data. Hidden files (".*", which includes
# AppleDouble "._*" files) are junk too.
JUNK_FILENAMES = frozenset({"Thumbs.db", "desktop.ini", "Desktop.ini", "Icon\r"})


# Folders of OS leftovers: macOS's zip tool adds resource forks under __MACOSX/.
JUNK_FOLDERS = frozenset({"__MACOSX"})

# What datasets ship beside their images and texts: documentation, checksums, split lists,
# annotations, vocabularies. In a folder layout these are auxiliary files: counted and named in
# the plan, never inputs (tables and label files are read by the layouts that read them).
AUXILIARY_EXTENSIONS = frozenset(
    {
        "csv", "tsv", "json", "jsonl", "parquet", "xml", "mat", "md5", "sha1", "sha256", "html", "htm", "pdf",
        "md", "rst", "yaml", "yml", "vocab", "feat", "names", "cfg", "ini", "log", "py", "sh", "m", "ipynb",
        "doc", "docx", "xls", "xlsx", "bib", "pts", "ljson", "lst",
        "vott",  # VoTT's project file (JSON) beside its `<asset id>-asset.json` annotations
    }
)
# Spreadsheets, which no reader here opens: beside a table, a copy of it for spreadsheet users
# (UCI's Dry Bean and Raisin zips: `Dry_Bean_Dataset.xlsx` beside `Dry_Bean_Dataset.arff`).
SPREADSHEET_EXTENSIONS = frozenset({"xls", "xlsx", "ods"})
# The scripts downloads ship beside their tables (the STS Benchmark's correlation.pl scorer): beside
# tables they are documents, never inputs; in a folder layout they may be the texts themselves
# (class folders of source files, one per language), so there they stay inputs.
SCRIPT_EXTENSIONS = frozenset({"pl", "pm", "r", "jl", "lua", "js", "java", "c", "h", "cc", "cpp", "bat", "ps1"})
# What lies beside tables as their documents (a README, a scorer script), by extension: never a table.
TABLE_DOCUMENT_EXTENSIONS = (AUXILIARY_EXTENSIONS | SCRIPT_EXTENSIONS) - TABLE_EXTENSIONS - {"json", "txt"}
AUXILIARY_NAMES = frozenset(
    {
        "readme", "license", "licence", "copying", "copyright", "authors", "changelog", "changes", "notice",
        "citation", "md5sums", "sha1sums", "sha256sums", "checksums", "version",
    }
)
# Beside tables, also a download's note on where it came from (the Anki/Tatoeba pairs' `_about.txt`)
# and its description of the columns (Kaggle's `description.txt` beside the IMDb genre files,
# House Prices' `data_description.txt`), matched with leading underscores stripped; a table's own
# extension (`description.csv`) stays a table.
TABLE_DOCUMENT_NAMES = AUXILIARY_NAMES | {"about", "description", "data_description", "dataset_description"}


# Files that may hold a dataset's labels when no folder or name does (documentation does not):
# named when a run stops for want of labels, and beside them a lone folder of images is no class.
LABEL_LIKE_EXTENSIONS = frozenset({"mat", "csv", "tsv", "json", "jsonl", "xml", "txt", "parquet"})


def is_junk(relpath: str) -> bool:
    """True for files skipped and counted, never read: hidden files, OS leftovers, and whatever
    lies in a junk folder (`is_junk_folder`).

    >>> [is_junk(p) for p in ("cat/1.jpg", "cat/._1.jpg", "__MACOSX/cat/1.jpg", "cat/Thumbs.db")]
    [False, True, True, True]
    """
    folder, _, name = relpath.rpartition("/")
    return name in JUNK_FILENAMES or name.startswith(".") or is_junk_folder(folder)


def is_junk_folder(folder: str) -> bool:
    """True for a folder whose files are all junk: a hidden folder, an OS leftover (`__MACOSX`),
    or one inside either. The one reading of a folder's name, so that a listing of folder names
    (SRC's top folders) drops what a listing of files drops: `is_junk` takes a bare name for a
    file's, and `__MACOSX` beside `train/` and `test/` had made them no split folders.

    >>> [is_junk_folder(f) for f in ("__MACOSX", "__MACOSX/train", ".git", "train", "train/", "")]
    [True, True, True, False, False, False]
    """
    return any(part.startswith(".") or part in JUNK_FOLDERS for part in folder.split("/") if part)


# Folders whose answer a JunkTest keeps (a listing meets each folder's files one after another).
_JUNK_FOLDERS_KEPT = 4096


class JunkTest:
    """`is_junk` for every file a listing yields, each folder's part of the answer kept: a source's
    files lie in far fewer folders than there are files, and splitting and testing every folder
    of every path again was ~2 µs of a tiny text's ~100.

    >>> junk = JunkTest()
    >>> [junk(p) for p in ("a/b.txt", "a/.b", "__MACOSX/a/b.txt", ".git/x", "a/Thumbs.db", "b.txt")]
    [False, True, True, True, True, False]
    """

    def __init__(self) -> None:
        self._folders: dict[str, bool] = {}

    def __call__(self, relpath: str) -> bool:
        folder, _, name = relpath.rpartition("/")
        if name in JUNK_FILENAMES or name.startswith("."):
            return True
        found = self._folders.get(folder)
        if found is None:
            if len(self._folders) >= _JUNK_FOLDERS_KEPT:
                self._folders.clear()
            found = self._folders[folder] = is_junk_folder(folder)
        return found


def split_folders(top_folders: Iterable[str]) -> tuple[str, ...]:
    """The top-level folders if every one of them names a split, else ()."""
    folders = tuple(sorted(f for f in top_folders if not is_junk_folder(f)))
    return folders if folders and all(f.lower() in SPLIT_FOLDER_NAMES for f in folders) else ()


def is_media_file(relpath: str, media: str) -> bool:
    """An image, or a text (a .txt file, or a file without extension that is not documentation:
    20 Newsgroups' messages): a file a folder layout of `media` converts."""
    ext = extension(relpath)
    if media == "image":
        return ext in IMAGE_EXTENSIONS
    if ext in WEB_PAGE_EXTENSIONS:  # a page in a class folder (WebKB's); documentation above the classes is not
        return "/" in relpath and stem(relpath).lower() not in AUXILIARY_NAMES
    return ext in TEXT_EXTENSIONS or (not ext and stem(relpath).lower() not in AUXILIARY_NAMES)
