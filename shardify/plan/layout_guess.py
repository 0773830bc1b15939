"""Guessing a source's layout from the paths alone: the first step of detection.

`detect_layout` reads a sample of the listing (names, extensions, folders; no file contents) and
returns the `SourceLayout` the rest of detection describes and checks (beam_jobs/discover/detect.py
runs detect -> describe -> check -> plan). The layouts' vocabulary and `SourceLayout` itself live in
layout.py; this module owns only the guess, so that a layout file (layout_file.py), which skips
the guess, never imports it.
"""

from __future__ import annotations

import dataclasses

import posixpath
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from shardify.errors import UsageError
from shardify.plan import derived_names
from shardify.plan.array_subsets import check_one_subset_per_split
from shardify.plan.evidence import looks_like_a_list
from shardify.plan.label_keys import choose_label_key, keys_under, table_named_folder
from shardify.plan.layout import (
    ARRAYS, AUXILIARY_EXTENSIONS, AUXILIARY_NAMES, SCRIPT_EXTENSIONS, CIFAR, COCO, HDF5, IDX, IMAGE_CAPTIONS, IMAGE_EXTENSIONS,
    IMAGE_FOLDERS, LABEL_FILE, MAT, NAME, NAMED_FILES, NPY, NPZ, ORDER, RAW, SAMPLE_LABEL_FIELDS, STEM, TABLE_EXTENSIONS,
    LABEL_LIKE_EXTENSIONS, TABLES, TEXT_EXTENSIONS, TEXT_FOLDERS, UNDER, WEBDATASET, SourceLayout, array_kind, extension, is_junk_folder,
    is_media_file, npy_names_classes, sample_key, split_folders, stem,
)
from shardify.plan.array_pairs import npy_label_partner
from shardify.plan.raw_formats import raw_format_of
from shardify.plan.structure import Structure, infer_structure, mask_named, split_word

# The files of a source that is tables alone: tables, and what ships beside them.
_TABLES_AND_DOCUMENTS = TABLE_EXTENSIONS | AUXILIARY_EXTENSIONS | SCRIPT_EXTENSIONS

__all__ = ["LabelFileSample", "choose_label_key", "detect_layout"]


def _array_files(sample: Sequence[str]) -> list[str]:
    """The sample's files that hold images as arrays: idx image files, .npz archives, CIFAR batches
    beside their meta file, raw records beside their format's class-names file (`train.bin` alone
    says too little), HDF5 files where no image file lies beside them (else they are models or
    features that ship with an image dataset)."""
    folders_with_meta = {posixpath.dirname(p) for p in sample if posixpath.basename(p) in ("batches.meta", "meta")}
    present = set(sample)

    def beside_names(path: str) -> bool:
        fmt = raw_format_of(path)
        return fmt is not None and posixpath.join(posixpath.dirname(path), fmt.names_file) in present

    # `.npy` files, two or more and no image or text beside them: an array of images per class
    # (Quick, Draw!'s full_numpy_bitmap_<class>.npy), not features kept beside the inputs
    # whose names are no X/y pair's (`x_train.npy`, `y_train.npy`: npy_classes.names_classes)
    npys = [p for p in sample if array_kind(p) == NPY]
    npy_per_class = len(npys) >= 2 and npy_names_classes(npys) and not any(
        extension(q) in IMAGE_EXTENSIONS or extension(q) in TEXT_EXTENSIONS for q in sample)
    # an `.npz` of an image's own stem beside it is that image's companion (WGISD's masks), no array file
    image_stems = {posixpath.splitext(p)[0] for p in sample if extension(p) in IMAGE_EXTENSIONS}
    return sorted(
        p
        for p in sample
        if array_kind(p) == IDX
        or (array_kind(p) == NPZ and posixpath.splitext(p)[0] not in image_stems)
        or (array_kind(p) == CIFAR and posixpath.dirname(p) in folders_with_meta)
        or (array_kind(p) == RAW and beside_names(p))
        or (array_kind(p) == HDF5 and not any(extension(q) in IMAGE_EXTENSIONS for q in sample))
        or (array_kind(p) == NPY and (npy_per_class or bool(npy_label_partner(p, present))))
    )

def _tables_by_split(top_tables: Sequence[str], data_files: Sequence[str]) -> bool:
    """Tables named by splits beside no images: a table per split, whatever other files ship beside
    them. At the top of SRC (GLUE's train.tsv, dev.tsv, test.tsv), or, with none there, all in one
    folder below it that is no split folder (the download's wrapper: `glue_data/MNLI/train.tsv`,
    `ag_news_csv/train.csv`), read as if that folder were SRC; also tables of any name where
    nothing but documentation lies beside them."""
    tables = list(top_tables) or [p for p in data_files if extension(p) in TABLE_EXTENSIONS]
    folders = {posixpath.dirname(p) for p in tables}
    if len(folders) != 1 or any(split_word(part) for part in next(iter(folders)).split("/") if part):
        return False
    if any(extension(p) in IMAGE_EXTENSIONS for p in data_files):
        return False
    # Or tables beside nothing but documentation, whatever their names (t-davidson's
    # `data/labeled_data.csv` beside `data/readme.md`): nothing else there to convert.
    alone = all(extension(p) in _TABLES_AND_DOCUMENTS or stem(p).lower() in AUXILIARY_NAMES for p in data_files)
    return alone or all(split_word(stem(p)) for p in tables)



def _repeated_tables(top_tables: Sequence[str], data_files: Sequence[str]) -> list[str]:
    """Tables in folders below SRC that name only splits the top-level tables name, where every
    top-level table names a split (CoLA's `original/raw/in_domain_train.tsv` beside `train.tsv`):
    a second set of the same splits at another depth is part of the download (the raw or
    tokenized version), and reading both would hold every record twice in extra splits."""
    top = {split_word(stem(p)) for p in top_tables}
    if not top_tables or None in top:
        return []
    below = [p for p in data_files if "/" in p and extension(p) in TABLE_EXTENSIONS]
    named = {p: split_word(stem(p)) for p in below}
    if not below or not all(split in top for split in named.values()):
        return []
    return below

def _media_of(relpaths: Sequence[str]) -> str:
    """"image" or "text": whichever the sample holds more of (documentation and metadata do not
    count)."""
    images = sum(1 for p in relpaths if is_media_file(p, "image"))
    texts = sum(
        1 for p in relpaths
        if extension(p) not in IMAGE_EXTENSIONS | AUXILIARY_EXTENSIONS and not looks_like_a_list(p) and not _in_metadata(p)
    )
    return "image" if images >= texts else "text"


# Folders of per-file metadata beside images (MIRFLICKR-25k's `meta/tags/`, `meta/exif/`): their
# text files describe the images, they are no texts of their own.
_METADATA_FOLDER_WORDS = frozenset({"meta", "metadata", "exif", "tags", "license", "licenses", "licence", "licences"})


def _in_metadata(relpath: str) -> bool:
    return any(part.lower() in _METADATA_FOLDER_WORDS or mask_named(part) for part in relpath.split("/")[:-1])


def _label_like_files(sample: Sequence[str], media: str) -> bool:
    """Files that may hold the labels of images (lists, tables, annotations; documentation and
    metadata aside): beside them a lone folder is no class (MIRFLICKR-25k's `mirflickr/` beside
    its concept lists `mirflickr25k_annotations_v080/*.txt`)."""
    return media == "image" and any(
        extension(p) in _LABEL_LIKE and stem(p).lower() not in AUXILIARY_NAMES and not _in_metadata(p) for p in sample
    )


_LABEL_LIKE = LABEL_LIKE_EXTENSIONS | {"lst"}  # and split lists named .lst

def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)

def _split_folders_below(
    sample: Sequence[str], media: str, top_folders: Sequence[str]
) -> tuple[Structure | None, tuple[str, ...]]:
    """The split folders below the top (`FERPlus-master/data/FER2013Train/`, `FER2013Valid/`, `FER2013Test/`)
    of a label file whose keys are file names, matched anywhere: its rows give the labels, the folders the
    splits. Only the top's split folders had been read (`split_folders`): below a wrapping folder every
    input was written as train with exit 0, its test and validation folders lost without a word (readers33e).
    The structure keeps the split folders alone (no class level: the file labels); None where
    `infer_structure` finds no split level."""
    structure, how = infer_structure(
        [p for p in sample if is_media_file(p, media)], top_folders=[f for f in top_folders if not is_junk_folder(f)]
    )
    if structure.split_level < 1 or not structure.split_folders:
        return None, ()
    kept = dataclasses.replace(
        structure, label_levels=tuple((split, -1) for split, _ in structure.label_levels), unlabelled=(),
        name_pattern=None, named_splits=(), single_class="",
    )
    return kept, tuple(note for note in how if note.startswith("split folders:"))


@dataclass(frozen=True)
class LabelFileSample:
    """What detection read of a label file: its first keys, and what it holds.

    Attributes:
      path: the label file (relative to SRC when inside it).
      keys: its first rows' keys.
      fmt: "table", "lines" or "coco" (see converters/label_files.py).
      captions: it has a caption column (or COCO captions).
      order: one label per line: the n-th line labels the n-th file in path order.
      cells: the first rows' first labels as read (for the signs of lists of labels).
      labelled: any of its first rows gives labels (a label column, one-hot columns).
      key_column: a table's key column found by what its cells name (`shardify.plan.key_columns`),
        or "": the usual names decide.
    """

    path: str
    keys: tuple[str, ...] = ()
    fmt: str = "table"
    captions: bool = False
    order: bool = False
    cells: tuple[str, ...] = ()
    labelled: bool = True
    key_column: str = ""

def detect_layout(
    sample: Sequence[str],
    top_folders: Sequence[str],
    *,
    label_file: LabelFileSample | None = None,
    name_pattern: str = "",
    source_file: str = "",
    forced: str = "",
    archive_folders: Sequence[str] = (),
) -> SourceLayout:
    """The layout of a source, from a sample of its non-junk relative paths.

    Args:
      sample: relative paths of some (or all) of the source's files.
      top_folders: names of the folders directly under SRC.
      label_file: `--labels`, or a label or annotation file found in SRC, as sampled.
      name_pattern: `--label-from-name`: labels come from file names.
      source_file: SRC was this one file (a table or a label file) in the folder listed.
      forced: `--layout`, or "" to detect.
      archive_folders: the folders archives in SRC read as ('/'-terminated).

    Raises:
      UsageError: a label-file layout forced with no label file to read.
    """
    if forced in (LABEL_FILE, COCO) and not label_file:
        kind = "an annotation file" if forced == COCO else "a label file"
        jsons = sorted(p for p in sample if extension(p) == "json") if forced == COCO else []
        if jsons:  # (COCO 2017's instances_train2017.json and instances_val2017.json: none chosen, not none there)
            shown = ", ".join(jsons[:3]) + (f" and {len(jsons) - 3} more" if len(jsons) > 3 else "")
            raise UsageError(f"--layout {forced} reads one annotation file, and SRC holds several .json files ({shown}): "
                             "give one with --labels FILE, or leave --layout out: detection reads a COCO file per split "
                             "(each with its split's images)")
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
    arrays_found = _array_files(sample)
    if not name and arrays_found:
        name = ARRAYS
        shown = ", ".join(arrays_found[:4]) + (f" and {len(arrays_found) - 4} more" if len(arrays_found) > 4 else "")
        notes.append(f"array files, one record per image in them: {shown}")
    mats = [p for p in sample if array_kind(p) == MAT] if name == ARRAYS and not arrays_found else []
    if mats:
        notes.append(
            f"MATLAB image arrays (count last, or a square row per image read column by column), one record per image: {', '.join(mats[:4])}; labels are the numbers "
            "stored, but where a documented table names them (SVHN's 10 is the digit 0: known_names.MAT_LABEL_NAMES)"
        )
    if name == ARRAYS:
        check_one_subset_per_split(arrays_found)
        return SourceLayout(ARRAYS, "image", source_file=source_file, notes=tuple(notes))
    if not name:
        if label_file:
            name = COCO if label_file.fmt == "coco" else LABEL_FILE
        elif name_pattern and (data_files or not top_tables):
            name = NAMED_FILES
        elif name_pattern:
            name = TABLES  # tables alone: the pattern over each table's name labels its rows (ISOT's Fake.csv, True.csv)
            notes.append(f"a table without a label column: its rows labelled by its name, --label-from-name {name_pattern!r}")
        elif source_file or (top_tables and not any("/" in p or extension(p) in IMAGE_EXTENSIONS for p in data_files)) or _tables_by_split(top_tables, data_files):
            # (images in split folders read as lying at the top: Global Wheat's train/*.jpg beside its
            # train.csv of boxes are the inputs, not the table)
            name = TABLES  # tables at the top, and no folders of files beside them (or a table per split)
            copies = [] if source_file else _repeated_tables(top_tables, data_files)
            if copies:
                patterns = tuple((p, split_word(stem(p)) or "") for p in sorted(top_tables))
                folders = sorted({posixpath.dirname(p) + "/" for p in copies})
                notes.append(
                    f"only the top-level tables ({', '.join(p for p, _ in patterns)}) are read: "
                    f"{', '.join(folders)} hold{'s' if len(folders) == 1 else ''} {len(copies)} more tables naming the same "
                    "splits (another copy or version of them, not more data); a layout file's split_patterns "
                    "(--layout-file) read them instead"
                )
                return SourceLayout(TABLES, "text", split_patterns=patterns, notes=tuple(notes))
        else:
            image_stems = {stem(p) for p in data_files if extension(p) in IMAGE_EXTENSIONS}
            # Texts in an annotation folder (Penn-Fudan's `Annotation/FudanPed00001.txt`) are no captions.
            text_stems = {
                stem(p) for p in data_files if extension(p) in TEXT_EXTENSIONS and not any(mask_named(f) for f in p.split("/")[:-1])
            }
            keys = [sample_key(p) for p in data_files]
            labelled = {key for key, field in keys if field in SAMPLE_LABEL_FIELDS}
            # A stem held by several images (an X-ray and its masks in mirror folders: Montgomery's
            # CXR_png/, ManualMask/leftMask/, rightMask/) pairs no text with one image: those texts are
            # notes on a sample (ClinicalReadings/), not captions.
            images_per_stem = Counter(stem(p) for p in data_files if extension(p) in IMAGE_EXTENSIONS)
            shared = {s for s in image_stems & text_stems if images_per_stem[s] > 1}
            paired = len(image_stems & text_stems) if len(shared) * 2 < len(image_stems & text_stems) else 0
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
    if name in (IMAGE_FOLDERS, TEXT_FOLDERS, NAMED_FILES):  # named files: the structure gives their splits
        structure, how = infer_structure(
            [p for p in sample if is_media_file(p, media)], archive_folders=archive_folders, top_folders=[f for f in top_folders if not is_junk_folder(f)],
            has_label_files=_label_like_files(sample, media),
        )
        if name == NAMED_FILES:  # the names give every label: only the split folders are kept
            structure = dataclasses.replace(
                structure, label_levels=tuple((split, -1) for split, _ in structure.label_levels), unlabelled=(),
                name_pattern=None, named_splits=(), single_class="",
            )
            how = tuple(note for note in how if note.startswith(("split folders:", "folders holding the same", "masks")))
        notes = [note for note in notes if not note.startswith("split folders:")] + list(how)
        return SourceLayout(name, media, structure.split_folders, source_file=source_file, notes=tuple(notes), structure=structure)
    if name not in (LABEL_FILE, COCO):
        captions = name == IMAGE_CAPTIONS or captioned
        return SourceLayout(name, media, splits, captions=captions, source_file=source_file, notes=tuple(notes))
    if label_file.order:
        key, how = ORDER, f"one label per line, the n-th for the n-th {media} in path order"
    else:
        key, how = choose_label_key(label_file.keys, sample, posixpath.dirname(label_file.path), label_file.path)
    key_folder = keys_under(label_file.keys, sample)[0] if key == UNDER else ""  # (Derm7pt's release_v0/images)
    structure = None
    if key == UNDER and not key_folder:  # HC18's training_set/: its split folders and masks beside the images
        key_folder = table_named_folder(label_file.keys, sample, label_file.path)
        structure, how_read = infer_structure(
            [p for p in sample if is_media_file(p, media)], top_folders=[f for f in top_folders if not is_junk_folder(f)]
        )
        notes.extend(note for note in how_read if note.startswith(("split folders:", "masks")))
    elif key in (NAME, STEM) and not splits and name == LABEL_FILE:
        structure, how_read = _split_folders_below(sample, media, top_folders)
        notes.extend(how_read)
    kind = "annotation file" if name == COCO else "label file"
    notes.append(f"{kind} {label_file.path}: {how}")
    derived = derived_names.derived_rule(label_file.keys, sample, key) if name == LABEL_FILE else ()
    if derived:
        notes.append(f"images named as a key's file plus {derived[0]!r} (crops, thumbnails) take that file's row; "
                     f"--exclude '**/*{derived[0]}' leaves them out")
    if name == COCO:
        notes.append("categories are the labels (multi-label); captions are joined, one record per image")
    return SourceLayout(
        name,
        media,
        splits,
        label_file.path,
        key,
        captions=label_file.captions and media == "image",
        key_column=label_file.key_column,
        key_folder=key_folder,
        derived_names=derived,
        source_file=source_file,
        notes=tuple(notes),
        structure=structure,
    )
