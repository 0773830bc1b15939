"""What a source looks like: its layout, its splits, which files are junk, each file's label.

Layouts (guessed by `layout_guess.detect_layout` from a sample of the listing, or forced with `--layout`):

  image_folders   SRC/<label>/**/<image>                      one record per image
  text_folders    SRC/<label>/**/<file>.txt                   one record per text file
  named_files     SRC/**/<label>_12.jpg + --label-from-name   one record per file, labelled by its name
  tables          SRC/*.csv|tsv|jsonl|parquet|label, or one    one record per row (.label: `label text`
                  table                                       lines)
  label_file      files anywhere + a label file               labels (and captions) joined by path,
                                                              file name, stem or order
  coco            images + a COCO-style annotation .json      one record per image: categories, captions
  image_captions  img/0001.jpg + txt/0001.txt                 image and caption sharing a stem
  webdataset      tars of 000001.jpg + 000001.cls (+ .txt)    one record per key (see webdataset.py)

Any of them may sit under split folders (SRC/train, SRC/validation or SRC/val, SRC/test). SRC may
also be one file: a table, or a label file (its files are found relative to its folder).
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shardify.format import contract, image_formats
from shardify.plan import dataset_card
from shardify.plan.evidence import BOX_FILES, LABEL_LINES, Evidence
from shardify.plan.line_files import LineFile
from shardify.plan.media_kinds import AV_EXTENSIONS
from shardify.plan.raw_declared import RawArrays, declared_format
from shardify.plan.raw_formats import raw_format_of
from shardify.plan.structure import Structure
from shardify.plan.array_pairs import npy_is_labels, npy_label_partner
from shardify.plan.table_groups import GLOB_CHARACTERS

__all__ = [
    "IMAGE_FOLDERS",
    "TEXT_FOLDERS",
    "NAMED_FILES",
    "TABLES",
    "LABEL_FILE",
    "COCO",
    "IMAGE_CAPTIONS",
    "WEBDATASET",
    "ARRAYS",
    "LAYOUTS",
    "PATH",
    "NAME",
    "STEM",
    "ORDER",
    "STEM_NUMBER",
    "LABEL_KEYS",
    "BESIDE",
    "SPLIT_FOLDER_NAMES",
    "IMAGE_EXTENSIONS",
    "TEXT_EXTENSIONS",
    "TABLE_EXTENSIONS",
    "LABEL_FILE_NAMES",
    "JUNK_FILENAMES",
    "AUXILIARY_EXTENSIONS",
    "SCRIPT_EXTENSIONS",
    "WEB_PAGE_EXTENSIONS",
    "AUXILIARY_NAMES",
    "LABEL_LIKE_EXTENSIONS",
    "SourceLayout",
    "IDX",
    "CIFAR",
    "NPZ",
    "NPY",
    "RAW",
    "HDF5",
    "array_kind",
    "is_junk",
    "is_media_file",
    "extension",
    "stem",
    "numbered_stem",
    "sample_key",
    "split_folders",
]

IMAGE_FOLDERS, TEXT_FOLDERS, NAMED_FILES, TABLES = "image_folders", "text_folders", "named_files", "tables"
LABEL_FILE, COCO, IMAGE_CAPTIONS, WEBDATASET = "label_file", "coco", "image_captions", "webdataset"
ARRAYS = "arrays"
LAYOUTS = (IMAGE_FOLDERS, TEXT_FOLDERS, NAMED_FILES, TABLES, LABEL_FILE, COCO, IMAGE_CAPTIONS, WEBDATASET, ARRAYS)
# WebDataset members that label a sample, in the order they are looked for: `000001.cls` or
# `000001.label` (the label itself), `000001.json` (an object with a label field).
SAMPLE_LABEL_FIELDS = ("cls", "label", "json")
SAMPLE_JSON_FIELD = "json"
# How a label file's keys name files (see beam_jobs/discover/label_file.py).
PATH, NAME, STEM, ORDER = "path", "name", "stem", "order"
# Paths relative to the folder the label file lies in (TACO's data/annotations.json naming
# `batch_1/000006.jpg` for data/batch_1/000006.jpg): found by detection, never guessed by shape.
BESIDE = "beside"
# The stem is the key, `-` or `_`, and a number: PetFinder's `<PetID>-1.jpg`, `<PetID>-2.jpg`, several
# files for one row, each written as its own record with the row's labels.
STEM_NUMBER = "stem_number"
LABEL_KEYS = (PATH, NAME, STEM, ORDER, BESIDE, STEM_NUMBER)

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
    }
)
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
# Beside tables, also a download's note on where it came from (the Anki/Tatoeba pairs' `_about.txt`),
# matched with leading underscores stripped.
TABLE_DOCUMENT_NAMES = AUXILIARY_NAMES | {"about"}


# Files that may hold a dataset's labels when no folder or name does (documentation does not):
# named when a run stops for want of labels, and beside them a lone folder of images is no class.
LABEL_LIKE_EXTENSIONS = frozenset({"mat", "csv", "tsv", "json", "jsonl", "xml", "txt", "parquet"})


# Files that hold a dataset's images as arrays (see converters/arrays.py): MNIST's idx files,
# CIFAR's pickled batches, NumPy archives. Their label and meta files are auxiliary.
# Raw binary records of a documented shape (STL-10's, CIFAR's binary versions) are rows of
# raw_formats.RAW_FORMATS.
# HDF5 files (converters/hdf5_arrays.py) hold their images and labels as datasets.
IDX, CIFAR, NPZ, RAW, HDF5 = "idx", "cifar", "npz", "raw", "hdf5"
# A `.npy` array of images per class, the file naming the class (Quick, Draw!: converters/npy_classes.py).
NPY = "npy"
# What publishers put before the category in a per-class file's name (Quick, Draw!'s numpy bitmaps).
NPY_CLASS_PREFIXES = ("full_numpy_bitmap_",)
# Words that name what an array holds or which split, not a class: a `.npy` stem made of them alone
# (`x_train.npy`, `y_test.npy`, `train_images.npy`, `labels.npy`) is one half of an X/y pair.
# Which half of a pair a file is, and its partner's name: plan/array_pairs.py (ARRAY_IMAGE_WORDS, ARRAY_LABEL_WORDS).
ARRAY_ROLE_WORDS = frozenset({
    "x", "y", "images", "image", "imgs", "labels", "label", "data", "features", "targets", "target",
    "inputs", "outputs", "train", "training", "test", "testing", "val", "valid", "validation", "dev", "eval",
})


def npy_class_of(relpath: str) -> str:
    """The class a per-class `.npy` file would hold: its stem less a known prefix.

    >>> npy_class_of("quickdraw/full_numpy_bitmap_The Eiffel Tower.npy"), npy_class_of("bitmap/cat.npy")
    ('The Eiffel Tower', 'cat')
    """
    name = posixpath.basename(relpath)
    stem = name[: -len(".npy")] if name.lower().endswith(".npy") else name
    for prefix in NPY_CLASS_PREFIXES:
        if stem.startswith(prefix) and len(stem) > len(prefix):
            return stem[len(prefix) :]
    return stem


def npy_names_classes(relpaths: Sequence[str]) -> bool:
    """Whether `.npy` files' names can be classes: a publisher's prefix (`NPY_CLASS_PREFIXES`) before
    each, or else every stem words without digits, none made of ARRAY_ROLE_WORDS alone. Files
    numbered (`0001.npy`, `walk_01.npy`: a sample or a clip each) or named as an X/y pair's halves
    (`x_train.npy` beside `y_train.npy`: images and their labels) name no class.

    >>> npy_names_classes(["full_numpy_bitmap_cat.npy", "bitmap/The Eiffel Tower.npy"])
    True
    >>> [npy_names_classes(names) for names in (["X_train.npy", "y_train.npy"], ["clips/0001.npy", "clips/0002.npy"], ["walk_01.npy", "run_01.npy"])]
    [False, False, False]
    """
    present = set(relpaths)
    for relpath in relpaths:
        if npy_is_labels(relpath) or npy_label_partner(relpath, present):
            return False  # an X/y pair's halves
        name = npy_class_of(relpath)
        if name != posixpath.basename(relpath)[: len(name)]:
            continue  # a publisher's prefix before the class
        words = [word.lower() for word in re.split(r"[_\-. ]+", name) if word]
        if not words or not all(re.fullmatch(r"[^\W\d]+", word) for word in words):
            return False
        if all(word in ARRAY_ROLE_WORDS for word in words):
            return False
    return True


# MATLAB files of an image array (SVHN's `train_32x32.mat`): read as arrays only where detection
# found one holding images (converters/mat_arrays.py); elsewhere a .mat is a label or split file.
MAT = "mat"
IDX_IMAGES = re.compile(r"^(?P<prefix>.+)-images[-.]idx3-ubyte(\.gz)?$")
_CIFAR_BATCH = re.compile(r"^(data_batch_\d+|test_batch|train|test)$")


def array_kind(relpath: str) -> str | None:
    """IDX, CIFAR, NPZ, RAW or HDF5 for a file that holds a dataset's images as arrays, by its name.

    >>> [array_kind(p) for p in ("mnist/t10k-images-idx3-ubyte.gz", "cifar-10-batches-py/data_batch_1", "mnist.npz", "a.jpg")]
    ['idx', 'cifar', 'npz', None]
    >>> array_kind("stl10_binary/train_X.bin")
    'raw'
    """
    name = posixpath.basename(relpath)
    if IDX_IMAGES.match(name):
        return IDX
    if raw_format_of(name) is not None:
        return RAW
    if name.lower().endswith(".npz"):
        return NPZ
    if name.lower().endswith(".npy"):
        return None if npy_is_labels(name) else NPY  # an X/y pair's labels: auxiliary
    if name.lower().endswith((".h5", ".hdf5")):
        return HDF5
    if _CIFAR_BATCH.match(name):
        return CIFAR
    if name.lower().endswith(".mat"):
        return MAT
    return None


def is_junk(relpath: str) -> bool:
    """True for files skipped and counted, never read: hidden files or folders and OS leftovers."""
    parts = relpath.split("/")
    return (
        parts[-1] in JUNK_FILENAMES
        or any(part.startswith(".") for part in parts)
        or any(part in JUNK_FOLDERS for part in parts[:-1])
    )


def _dot(name: str) -> int:
    """Where a file name's extension starts, as `posixpath.splitext` splits it (leading dots are
    no extension's: '.bashrc', '..x' have none), or -1. Asked of every listed file several times
    (junk, auxiliary, kind): `splitext` and `basename` cost ~3x this."""
    dot = name.rfind(".")
    return dot if dot > 0 and name[:dot].lstrip(".") else -1


def extension(relpath: str) -> str:
    """Lower-case extension without the dot: 'a/B.JPG' -> 'jpg'. A suffix holding characters no
    format's extension does is none: WebKB's pages named by their URL (`http:^^www.cs.wisc.edu^~dewitt^`)
    have no extension `edu^~dewitt^`.

    >>> extension("a/B.JPG"), extension("a.b/c"), extension(".bashrc"), extension("x/..a.b"), extension("c.")
    ('jpg', '', '', 'b', '')
    >>> extension("webkb/faculty/wisconsin/http:^^www.cs.wisc.edu^~dewitt^")
    ''
    """
    name = relpath[relpath.rfind("/") + 1 :]
    dot = _dot(name)
    suffix = name[dot + 1 :].lower() if dot >= 0 else ""
    return suffix if _EXTENSION_CHARACTERS.fullmatch(suffix) else ""


# What an extension is made of (letters, digits, `_`, `-`, `+`, `~`: `tar.gz`'s `gz`, `c++`, `bak~`).
_EXTENSION_CHARACTERS = re.compile(r"[a-z0-9_+~-]*")


def stem(relpath: str) -> str:
    """File name without folder or extension: 'img/0001.jpg' -> '0001' (a suffix that is no
    extension, `extension`, stays: 'http:^^a.edu^~b^').

    >>> stem("img/0001.jpg"), stem("a.b/c"), stem("x/.bashrc"), stem("..a.b"), stem("c."), stem("http:^^a.edu^~b^")
    ('0001', 'c', '.bashrc', '..a', 'c', 'http:^^a.edu^~b^')
    """
    name = relpath[relpath.rfind("/") + 1 :]
    dot = _dot(name)
    return name[:dot] if dot >= 0 and _EXTENSION_CHARACTERS.fullmatch(name[dot + 1 :].lower()) else name


def numbered_stem(relpath: str) -> str | None:
    """The key before a stem's last `-<n>` or `_<n>` ('a/86e1089a3-2.jpg' -> '86e1089a3'), or None
    for a stem of no such shape.

    >>> numbered_stem("train_images/86e1089a3-2.jpg"), numbered_stem("a_b_10.png"), numbered_stem("0001.jpg")
    ('86e1089a3', 'a_b', None)
    """
    name = stem(relpath)
    cut = max(name.rfind("-"), name.rfind("_"))
    number = name[cut + 1 :]
    if cut <= 0 or not number.isascii() or not number.isdigit():
        return None
    return name[:cut]


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
      key_column: the label table's key column where detection found it by what its cells name
        (`shardify.plan.key_columns`: PetFinder's `PetID`, not `Name`), else "".
      captions: image records also hold a caption: a .txt file sharing the image's stem
        (image_captions), or the label file's caption column (or COCO captions).
      source_file: SRC was this one file, named relative to its folder (which is then the root).
      archive_root: SRC was an archive whose members all lie in this folder ("name/"): it is cut
        from their paths.
      notes: how detection decided, one line each, for the plan.
      structure: where the inputs lie and what their folders mean (image_folders, text_folders:
        wrappers, the split level, the class level, unlabelled folders, masks; see
        `shardify.plan.structure`), or None: split folders at the top, the first folder inside a
        split the class.
      evidence: the files that give the inputs' splits and labels (split lists, attribute
        matrices, per-split annotation files: see `shardify.plan.evidence`); auxiliary files.
      vocabulary: label names the dataset ships (`classes.txt`), in index order: labels written
        as numbers are mapped through them, as through `--label-names`.
      vocabulary_file: the file they came from (auxiliary).
      vocabulary_base: the number of the vocabulary's first name where the dataset documents it
        (Flowers-102 counts from 1), else None: read from the numbers (see
        `label_names.numbering_base`).
      objects: the object features records hold: a detection dataset's boxes (COCO, Pascal VOC,
        YOLO), with masks and keypoints where asked and given.
      split_patterns: (path glob, split) pairs that decide each file's split before anything
        else, a file taking its first match's; files none matches are not inputs. From a Hugging
        Face dataset card's `data_files` (see `shardify.plan.dataset_card`) or a layout file.
      classes: a detection dataset's full class list as it declares it (COCO's `categories` in id
        order, YOLO's `names`, a shipped classes.txt), or (): the classes of its objects (and its
        images' labels) are numbered by it, so that any part of the dataset converted on its own
        (one split, a subset) numbers each class alike (see `discover/class_list.py`).
      classes_file: the file(s) that declared `classes`.
      raw_arrays: raw binary image arrays a layout file declares (`shardify.plan.raw_declared`):
        the arrays layout reads the files they match as their records (detection never fills it).
      line_files: tables: files read a record per line, labelled by their name or by a label file
        of as many lines (`shardify.plan.line_files`); the other files are then auxiliary.
      row_labels: tables: (JSON-lines table, its labels file) pairs, line i of the labels file
        the label of row i (PIQA's `train.jsonl` beside `train-labels.lst`; `converters/row_labels.py`).
      split_ids: tables: (JSON document of records keyed by id, the file mapping split names to
        those ids) pairs: each record's split is the one its id is listed under (HateXplain's
        `dataset.json` beside `post_id_divisions.json`; `converters/json_shapes.py`).
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
    structure: Structure | None = None
    evidence: tuple[Evidence, ...] = ()
    vocabulary: tuple[str, ...] = ()
    vocabulary_file: str = ""
    vocabulary_base: int | None = None
    objects: contract.ObjectSchema = contract.ObjectSchema()
    split_patterns: tuple[tuple[str, str], ...] = ()
    classes: tuple[str, ...] = ()
    classes_file: str = ""
    raw_arrays: tuple[RawArrays, ...] = ()
    line_files: tuple[LineFile, ...] = ()
    groupings: tuple[str, ...] = ()  # JSON files grouping the vocabulary's classes (GoEmotions' ekman_mapping.json)
    left_out: tuple[str, ...] = ()  # files shaped like inputs that are not (a submission's format: `label_joins`)
    key_column: str = ""
    row_labels: tuple[tuple[str, str], ...] = ()
    split_ids: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.name not in LAYOUTS:
            raise ValueError(f"layout {self.name!r} is not one of {', '.join(LAYOUTS)}")
        if self.media not in ("image", "text"):
            raise ValueError(f"media {self.media!r} must be image or text")
        if (self.name in (LABEL_FILE, COCO)) != bool(self.labels_file):
            raise ValueError("the label_file and coco layouts, and only they, need a label file")
        if self.label_key not in (LABEL_KEYS if self.labels_file else ("",)):
            raise ValueError(f"label_key {self.label_key!r} must be one of {', '.join(LABEL_KEYS)} with a label file")
        if self.name != TABLES and any(e.rows_of for e in self.evidence):
            raise ValueError("keyed labels (evidence with rows_of) label a table's rows: they go with layout: tables")
        if self.raw_arrays and (self.name != ARRAYS or self.media != "image"):
            raise ValueError("raw_arrays are read by the arrays layout (layout: arrays, media: image)")

    def pattern_split(self, relpath: str) -> str | None:
        """The split the first of `split_patterns` that `relpath` matches names; None: no pattern
        matches (or there are none)."""
        return dataset_card.split_of(self.split_patterns, relpath)

    def split_of(self, relpath: str) -> tuple[str, str]:
        """(the split its split folder names, the path inside that folder); ("", relpath) outside
        split folders. A split pattern's split comes first (the path then kept whole)."""
        if self.split_patterns:
            split = self.pattern_split(relpath)
            if split is not None:
                return split, relpath
        structure = self.structure
        if structure is not None:
            folder = structure.split_folder_of(relpath)
            if not folder:
                return "", relpath
            return dict(structure.split_names).get(folder, folder), relpath.split("/", structure.split_level + 1)[-1]
        if not self.split_folders:
            return "", relpath
        folder, _, rest = relpath.partition("/")
        return (folder, rest) if folder in self.split_folders and rest else ("", relpath)

    def class_level_of(self, relpath: str) -> int:
        """The path component that names a file's class (counted from 0 at SRC), or -1 where its
        split has no class folders."""
        structure = self.structure
        if structure is None:
            return 1 if self.split_of(relpath)[0] else 0
        return dict(structure.label_levels).get(structure.split_folder_of(relpath), -1)

    def provenance(self, *, ratios: object = None) -> tuple[str, str]:
        """(which files give the records' labels, which give their splits), one phrase each, for
        the plan: every plan says both."""
        label_files = _shown([e.shown for e in self.evidence if e.gives_labels])
        splitting = [e for e in self.evidence if e.gives_split]
        if splitting:  # a label table whose rows are a split beside them (train.csv beside test.csv)
            splitting = [e for e in self.evidence if e.gives_split or (e.kind == LABEL_LINES and e.split)]
        split_files = _shown([e.shown for e in splitting])
        structure = self.structure
        if label_files and self.name == TABLES:  # labels tables joined by id (`label_joins`)
            joined = _shown([f"{e.shown} for {e.rows_of}'s rows, by {e.rows_key!r}" for e in self.evidence if e.rows_of])
            labels = f"each table's label column, where it has one; {joined}"
        elif label_files:
            labels = label_files
        elif self.labels_file:
            labels = f"the {'annotation' if self.name == COCO else 'label'} file {self.labels_file}"
        elif self.name == ARRAYS:
            labels = "the label arrays beside the images"
        elif self.name == NAMED_FILES:
            labels = "file names (--label-from-name)"
        elif self.line_files:
            labels = _shown([f"{f.path}: {f.label}" if f.label else f"{f.path}: {f.labels or ('none, its pair ' + f.pair if f.pair else 'none')}" for f in self.line_files])
            labels = f"line files ({labels})"
        elif self.name == TABLES and self.row_labels:
            shown = _shown([f"{labels_file or 'none shipped'} for {table}'s rows" for table, labels_file in self.row_labels])
            labels = f"each table's label column, where it has one; line i of {shown}, row i's"
        elif self.name == TABLES:
            labels = "each table's label column, where it has one"
        elif structure is not None and structure.single_class:
            labels = f"the one class folder, {structure.root}"
        elif structure is not None and any(level >= 0 for _, level in structure.label_levels):
            labels = f"class folders: SRC/{structure.folders_shown()}" + (", or file names" if structure.name_pattern else "")
            if structure.class_path:
                labels += " and every folder below it down to the file's (class_path)"
        elif structure is not None and structure.name_pattern:
            labels = "file names (<label>_<number>)"
        elif structure is None and self.name in (IMAGE_FOLDERS, TEXT_FOLDERS, WEBDATASET):
            labels = "class folders" if self.name != WEBDATASET else "each sample's .cls or .json member"
        else:
            labels = "none: the records are unlabelled"
        if self.split_patterns:
            shown = _shown([f"{split} <- {pattern}" for pattern, split in self.split_patterns])
            splits = f"path patterns: {shown}"
        elif split_files:
            splits = split_files
        elif self.split_ids:
            shown = _shown([f"{ids} for {document}'s records" for document, ids in self.split_ids])
            splits = f"the ids files' lists, by each record's id: {shown}"
        elif self.split_folders:
            splits = f"split folders: {', '.join(self.split_folders)}"
        elif structure is not None and structure.split_folders:  # below SRC's top (a layout file's split_level)
            splits = f"split folders: {', '.join(structure.split_folders)} (at level {structure.split_level + 1} from SRC)"
        elif self.name == ARRAYS:
            splits = "the array files' or arrays' names (data_batch, test_batch, x_train, t10k), or an HDF5 file's groups (train/)"
        elif self.name == TABLES:
            splits = (
                "the tables' names where they name a split (train.csv, dev.tsv), else train; a JSON file's split "
                "keys and a table's split column (Usage, partition) first"
            )
        elif ratios:
            splits = f"--split {ratios}"
        else:
            splits = "none: one split, train"
        return labels, splits

    def is_label_file(self, relpath: str) -> bool:
        """`relpath` is the label file, or one of the tables its glob names (`Labels/*.csv`: a `*`
        stays within a folder, as Beam's FileSystems.match reads it)."""
        if relpath == self.labels_file:
            return True
        if not self.labels_file or not GLOB_CHARACTERS & set(self.labels_file):
            return False
        return relpath.count("/") == self.labels_file.count("/") and fnmatch.fnmatchcase(relpath, self.labels_file)

    def is_auxiliary(self, relpath: str) -> bool:
        """A file the dataset ships beside its inputs, not an input: the files that give its
        splits and labels; in a folder layout read by its structure, also masks beside the images,
        documentation and metadata
        (by name or extension: text files too, in an image dataset), and files of another kind
        than the images lying above the class folders (`aclImdb/imdbEr.txt`)."""
        if relpath in (self.vocabulary_file, *self.groupings, *self.left_out, *(f for _, f in self.row_labels), *(f for _, f in self.split_ids)) or any(relpath in (e.path, e.ids) for e in self.evidence):
            return True
        if any(_in_box_tree(e, relpath) or e.holds_beside(relpath) for e in self.evidence):
            return True  # a folder of per-image box files holds annotations (FlickrLogos' classes/masks/: its masks too)
        if self.split_patterns and self.pattern_split(relpath) is None:
            return True  # the dataset card lists its data files: the rest are not data
        if self.name == ARRAYS:
            return array_kind(relpath) is None and declared_format(self.raw_arrays, relpath) is None
        if self.line_files:  # the line files are the inputs; their label and mapping files are not
            return relpath not in {f.path for f in self.line_files}
        if self.name == TABLES and not self.source_file:  # a download's README, LICENSE, citation beside its tables
            ext = extension(relpath)
            documents = ext in TABLE_DOCUMENT_EXTENSIONS
            if ext in AV_EXTENSIONS or ext in IMAGE_EXTENSIONS:  # media beside the tables (MELD's clips): no table
                return True
            return (stem(relpath).lower().lstrip("_") in TABLE_DOCUMENT_NAMES or documents) and ext not in TABLE_EXTENSIONS
        structure = self.structure
        if structure is None:
            # A label file names the inputs, but the download holds more: box lists, split lists
            # and documentation beside the images (NIH ChestX-ray14's BBox_List_2017.csv,
            # test_list.txt) are not inputs the label file forgot.
            return self.name in (LABEL_FILE, COCO) and self.media == "image" and _documents(relpath)
        if structure.is_mask_file(relpath):
            return True
        ext = extension(relpath)
        if self.media == "text" and ext in WEB_PAGE_EXTENSIONS and self.class_folder_of(relpath) is not None:
            return stem(relpath).lower() in AUXILIARY_NAMES  # a class folder's web pages are its texts (WebKB)
        if stem(relpath).lower() in AUXILIARY_NAMES or ext in AUXILIARY_EXTENSIONS:
            return True
        if self.media == "image":
            return ext in TEXT_EXTENSIONS or (ext not in IMAGE_EXTENSIONS and self._above_classes(relpath))
        return ext not in IMAGE_EXTENSIONS and self._above_classes(relpath)

    def _above_classes(self, relpath: str) -> bool:
        """The file lies loose above its split's class folders (or outside the split folders)."""
        structure = self.structure
        if structure is not None and structure.split_level >= 0 and not structure.split_folder_of(relpath):
            return True
        level = self.class_level_of(relpath)
        return level >= 0 and len(relpath.split("/")) - 1 <= level

    def class_folder_of(self, relpath: str) -> str | None:
        """The class folder a file lies in (at its split's class level), or None: it lies above
        that level, or its split has no class folders."""
        level = self.class_level_of(relpath)
        parts = relpath.split("/")
        if not 0 <= level < len(parts) - 1:
            return None
        return "/".join(parts[level:-1]) if self.structure is not None and self.structure.class_path else parts[level]


def _in_box_tree(found: Evidence, relpath: str) -> bool:
    """`relpath` lies in a folder (a tree) of box files apart from the images they annotate
    (FlickrLogos' `classes/masks/`, KITTI's `label_2/`, OIDv4's `train/Apple/Label/` below its
    images); never where the box files lie among their images (UEC FOOD's `<class>/bb_info.txt`
    beside `<class>/1.jpg`, `image_folder` ".": SRC the download folder above `UECFOOD256/` once
    set every image aside) nor in the images' folder where that lies inside the tree.

    >>> def box(path, images):
    ...     return Evidence(path, BOX_FILES, box_format="Corner box table per class folder", image_folder=images)
    >>> _in_box_tree(box("UECFOOD100", "."), "UECFOOD100/1/1.jpg")
    False
    >>> _in_box_tree(box("classes/masks", "classes/jpg"), "classes/masks/HP/1.png")
    True
    >>> _in_box_tree(box("train/Apple/Label", "train/Apple"), "train/Apple/Label/1.txt")
    True
    """
    if found.kind != BOX_FILES or not found.path or not relpath.startswith(found.path + "/") or found.image_folder == ".":
        return False
    images = found.image_folder
    return not (images.startswith(found.path + "/") and relpath.startswith(images + "/"))


def _documents(relpath: str) -> bool:
    """Documentation, metadata or a text file: beside images, never an input."""
    ext = extension(relpath)
    return stem(relpath).lower() in AUXILIARY_NAMES or ext in AUXILIARY_EXTENSIONS or ext in TEXT_EXTENSIONS


def split_folders(top_folders: Iterable[str]) -> tuple[str, ...]:
    """The top-level folders if every one of them names a split, else ()."""
    folders = tuple(sorted(f for f in top_folders if not is_junk(f)))
    return folders if folders and all(f.lower() in SPLIT_FOLDER_NAMES for f in folders) else ()


def _shown(paths: Sequence[str], most: int = 4) -> str:
    return ", ".join(paths[:most]) + (f" and {len(paths) - most} more" if len(paths) > most else "")


def is_media_file(relpath: str, media: str) -> bool:
    """An image, or a text (a .txt file, or a file without extension that is not documentation:
    20 Newsgroups' messages): a file a folder layout of `media` converts."""
    ext = extension(relpath)
    if media == "image":
        return ext in IMAGE_EXTENSIONS
    if ext in WEB_PAGE_EXTENSIONS:  # a page in a class folder (WebKB's); documentation above the classes is not
        return "/" in relpath and stem(relpath).lower() not in AUXILIARY_NAMES
    return ext in TEXT_EXTENSIONS or (not ext and stem(relpath).lower() not in AUXILIARY_NAMES)
