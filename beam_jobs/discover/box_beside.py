"""Per-image files of boxes beside the images they annotate, in the images' own folder, of an
extension of their own (MSRA-TD500's and HUST-TR400's `train/IMG_0064.gt` beside
`train/IMG_0064.JPG`): the rows of `shardify.plan.box_formats.FORMATS` whose `extension` is not
`txt` say which extensions and shapes these are (a new one is a row, not code here).

Plain `.txt` files beside images are left to the readers that know them (captions, YOLO labels in
a folder of their own): a `.txt` of numbers beside an image is many things, a `.gt` named as the
image is an annotation. One `.txt` shape is no caption's and no YOLO file's: eight whole numbers
then a text, a quadrilateral and its transcription (SROIE's receipts, `TXT_FORMATS`); a `.txt` of
that shape beside each image is read as its text regions. Another is thirteen numbers, a quadrilateral,
its angle, then its centre (inside the corners) and size again, in a class folder (UCAS-AOD's
`CAR/P0001.txt`, `FOLDER_TXT_FORMATS`): each box of that folder's class. Any other `.txt` is left as before. So with a
`.json` beside each image: LabelMe's documents (`shapes` of labelled points) are read as its objects
(`JSON_FORMATS`); any other `.json` is left to the readers that know it (a WebDataset sample's).

Where such files lie beside most images of a folder and their first lines are of a known row,
one BOX_FILES Evidence covers the tree (the folders' common ancestor), each file keyed by its
path from SRC without its extension (its image's), `image_folder` "." (beside): every file is read
at conversion, a line of another shape rejecting its image naming the line. Where they are of no
known shape, the run stops naming a file and its first line: the folders above the images were
otherwise read as classes, or the images written with no objects, exit 0.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found, voc_beside
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_box_files, labelme_shapes
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import box_formats, folder_names, layout
from shardify.plan import evidence as evidence_lib
from shardify.plan.evidence import Evidence, KeyRule

__all__ = ["EXTENSIONS", "beside_box_evidence"]

# Extensions of per-image box files that lie beside their images (the rows' own, `.txt` left out).
EXTENSIONS = frozenset(f.extension for f in box_formats.FORMATS if f.pairing == box_formats.PER_IMAGE and f.extension != "txt")
# The `.txt` shapes read beside their images: a quadrilateral's eight numbers then its text, which no
# caption or YOLO line has (the rows of one text class whose corners are a quadrilateral's).
TXT_FORMATS = frozenset(
    f.name for f in box_formats.FORMATS
    if f.pairing == box_formats.PER_IMAGE and f.extension == "txt" and f.files == "" and f.convention == box_formats.QUAD_PIXELS
)
# The `.txt` shapes of numbers alone read beside their images in a class folder: the rows of no folder of
# their own whose files name no class (the folder does) and whose lines write the box's centre again after
# its corners (UCAS-AOD's thirteen numbers), which no caption, YOLO line or list of features has.
FOLDER_TXT_FORMATS = frozenset(
    f.name for f in box_formats.FORMATS
    if f.pairing == box_formats.PER_IMAGE and f.extension == "txt" and f.files == ""
    and f.single_class == box_formats.FOLDER_CLASS and f.centre_fields
)
# The per-image JSON documents read beside their images (the rows of no folder of their own), and how
# much of a folder's first one detection reads: as much as the reader reads of each (LabelMe's carry the
# image in base64: a 16 MiB limit here left a 13 MB photo's documents to the WebDataset reader, which
# rejected every one as too large a label member, exit 1). A larger document is left to the other readers.
JSON_FORMATS = frozenset(f.name for f in box_formats.FORMATS if f.pairing == box_formats.PER_IMAGE_JSON and f.files == "")
_FIRST_DOCUMENT_BYTES = labelme_shapes.MAX_DOCUMENT_BYTES

# Key components: the whole path, however deep.
_WHOLE_PATH = 64
# Share of a folder's images with a file of their stem beside them, and of the files naming an image.
_MOST = 0.5
# Files of a folder opened to find one with lines (an image without objects may have an empty file).
_FIRST_FILES = 20


def _folders(sample: Sequence[str]) -> dict[str, tuple[str, list[str]]]:
    """Folders holding images and files of one of `EXTENSIONS` of the same stems, most of each:
    folder -> (the extension, its files of it, sorted)."""
    images: dict[str, set[str]] = {}
    annotations: dict[tuple[str, str], list[str]] = {}
    for path in sample:
        folder, ext = posixpath.dirname(path), layout.extension(path)
        if ext in layout.IMAGE_EXTENSIONS:
            images.setdefault(folder, set()).add(layout.stem(path))
        elif ext in EXTENSIONS or ext in ("txt", "json"):
            annotations.setdefault((folder, ext), []).append(path)
    found = {}
    for (folder, ext), paths in sorted(annotations.items()):
        stems = {layout.stem(p) for p in paths}
        shared = stems & images.get(folder, set())
        if shared and len(shared) >= _MOST * len(stems) and len(shared) >= _MOST * len(images[folder]):
            found[folder] = (ext, sorted(paths))
    return found


def _first_with_lines(config: ConvertConfig, paths: Sequence[str]) -> tuple[str, list[str]]:
    """The first of `paths` with a line that is not blank, and its first lines; ("", []) if none."""
    for path in paths[:_FIRST_FILES]:
        lines = label_file_found.head_lines(config, path)
        if any(line.strip() for line in lines):
            return path, lines
    return "", []


def _transcribed(fmt: box_formats.BoxFormat, lines: Sequence[str]) -> bool:
    """Whether a line of `lines` holds a text after its box's numbers: a quadrilateral's transcription.
    Lines of numbers alone are no text regions (CTW1500's 32 numbers a curve, a face's landmarks as
    x1,y1,...,x5,y5): their first eight are no corners, and read as such they were boxes, exit 0.
    A receipt's transcription may be a number (`9.00`), so one line of text in the first lines is enough.

    >>> from shardify.plan.box_formats import format_named
    >>> fmt = format_named("Text quadrilaterals beside their images")
    >>> _transcribed(fmt, ["72,25,326,25,326,64,72,64,9.00", "50,82,440,82,440,121,50,121,TAN WOON YANN"])
    True
    >>> _transcribed(fmt, ["10,20,200,120,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27"])
    False
    """
    after = len(fmt.box_fields)
    return any(any(field and not box_formats.is_number(field) for field in fmt.fields_of(line)[after:]) for line in lines if line.strip())


def _class_folders(folders: Sequence[str]) -> bool:
    """Whether `folders`, those holding the images and their box files of a `FOLDER_TXT_FORMATS` row, can
    each be its images' class: two names or more, at one depth, no split's or container's (`images/`,
    `train/`) and no number (`2019/`); a name in two places only in two split folders.

    >>> _class_folders(["UCAS_AOD/CAR", "UCAS_AOD/PLANE"]), _class_folders(["train", "test"]), _class_folders(["images"])
    (True, False, False)
    >>> _class_folders(["CAR/2019", "PLANE/2019"]), _class_folders(["car/a", "plane"]), _class_folders(["car/a", "plane/a"])
    (False, False, False)
    >>> _class_folders(["train/CAR", "train/PLANE", "test/CAR", "test/PLANE"])
    True
    """
    names = [posixpath.basename(f) for f in folders]
    # (a name in two places is one class in two splits, `train/CAR/` and `test/CAR/`, or no class: `CAR/2019/`)
    repeated = [f for f in folders if names.count(posixpath.basename(f)) > 1]
    return (len(set(names)) >= 2 and len({f.count("/") for f in folders}) == 1
            and not any(folder_names.is_container_name(n) or n.isdigit() for n in names)
            and all(folder_names.split_word(posixpath.basename(posixpath.dirname(f))) for f in repeated))


def _numbers_only(fmt: box_formats.BoxFormat, lines: Sequence[str]) -> bool:
    """Whether every field of every line of `lines` is a number (UCAS-AOD's angle, centre and size too).

    >>> from shardify.plan.box_formats import format_named
    >>> fmt = format_named("UCAS-AOD oriented boxes")
    >>> _numbers_only(fmt, ["2 3 6 3 6 9 2 9 0 4 6 4 6"]), _numbers_only(fmt, ["2 3 6 3 6 9 2 9 0 4 6 4 tall"])
    (True, False)
    """
    return all(box_formats.is_number(field) for line in lines if line.strip() for field in fmt.fields_of(line))


def _numbers_of_a_folder_row(lines: Sequence[str]) -> bool:
    """Whether every line of `lines` is as many numbers as a `FOLDER_TXT_FORMATS` row's lines, which
    that row did not read (a NaN corner, a centre outside its corners): a file of that shape beside
    each image stops, named, rather than the images being written without their objects.

    >>> _numbers_of_a_folder_row(["2 3 6 3 6 9 2 9 0 40 6 4 6"]), _numbers_of_a_folder_row(["0 0.5 0.5 0.2 0.2"])
    (True, False)
    """
    counts = {n for name in FOLDER_TXT_FORMATS for n in box_formats.format_named(name).fields}
    filled = [line.split() for line in lines if line.strip()]
    return bool(filled) and all(len(f) in counts and all(box_formats.is_number(x) for x in f) for f in filled)


def _document_format(config: ConvertConfig, path: str) -> box_formats.BoxFormat | None:
    """The `JSON_FORMATS` row of the document `path` (relative to SRC), or None (of another shape,
    larger than _FIRST_DOCUMENT_BYTES, or unreadable: the pipeline reports what it cannot read)."""
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            data = fileobj.read(_FIRST_DOCUMENT_BYTES + 1)
    except (OSError, InvalidInputError):
        return None
    fmt = json_box_files.json_format("", data) if len(data) <= _FIRST_DOCUMENT_BYTES else None
    return fmt if fmt is not None and fmt.name in JSON_FORMATS else None


def beside_box_evidence(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    """One BOX_FILES Evidence for the per-image box files beside the images, at their folders'
    common ancestor, or [] where there are none (or a label file or pattern was given).

    Raises:
      UsageError: files beside the images of no known shape, or of two shapes, naming them; none
        where `--label-level` says which folders label the images (the files are then left out).
    """
    if config.labels_file or config.label_from_name:
        return []
    folders = _folders(sample)
    formats: dict[str, list[str]] = {}  # format name -> its folders
    unknown: list[tuple[str, str]] = []
    for folder, (ext, paths) in folders.items():
        if ext == "json":  # WebDataset members, metadata: other readers' unless a LabelMe document
            fmt = _document_format(config, paths[0])
            if fmt is not None:
                formats.setdefault(fmt.name, []).append(folder)
            continue
        first, lines = _first_with_lines(config, paths)
        if not first:
            continue  # every sampled file empty: images without objects, no shape to tell
        if ext == "txt":  # captions, YOLO labels, notes: other readers' unless of a text-region shape
            fmt = box_formats.per_image_format("", lines, ext)  # (the rows of no folder of their own: `TXT_FORMATS`)
            if fmt is not None and fmt.name in TXT_FORMATS and _transcribed(fmt, lines):
                formats.setdefault(fmt.name, []).append(folder)
            elif fmt is not None and fmt.name in FOLDER_TXT_FORMATS and folder and _numbers_only(fmt, lines):
                formats.setdefault(fmt.name, []).append(folder)  # (in a folder: SRC's own images have no class folder)
            elif fmt is None and _numbers_of_a_folder_row(lines):  # its count of numbers, not its boxes (a NaN, a centre outside)
                unknown.append((first, next(line.strip() for line in lines if line.strip())))
            continue
        fmt = box_formats.per_image_format(posixpath.basename(folder), lines, ext)
        if fmt is None:
            shown = next(line.strip() for line in lines if line.strip())
            unknown.append((first, shown))
        else:
            formats.setdefault(fmt.name, []).append(folder)
    if config.label_level is not None:
        return []
    if unknown or len(formats) > 1:
        shown = "; ".join(f"{path} ({line[:60]!r})" for path, line in unknown[:3]) or "; ".join(
            f"{name} in {', '.join(f + '/' for f in kept[:2])}" for name, kept in sorted(formats.items()))
        raise UsageError(
            f"a .{folders[next(iter(folders))][0]} file lies beside each image, named as it: {shown}: its lines are "
            f"{'of no box format shardify reads' if unknown else 'of two box formats'} (docs/datasets.md lists them), "
            "and the images would be written without their objects: --label-level 0 to convert the images "
            "unlabelled (the files left out), or describe the dataset in a layout file (docs/layout-files.md)"
        )
    if not formats:
        return []
    (name, kept), = formats.items()
    fmt = box_formats.format_named(name)
    if name in FOLDER_TXT_FORMATS and not _class_folders(kept):
        raise UsageError(
            f"a .txt file lies beside each image, named as it, of {fmt.name} ({', '.join(f + '/' for f in kept[:3])}): its "
            "lines name no class, the folder holding each image being its class, but these folders are not classes (one "
            "folder alone, a split's or container's name, a number, or one name in two places), and their boxes would be "
            "written as objects of that name: describe the dataset in a layout file (docs/layout-files.md), or "
            "--label-level 0 to convert the images unlabelled (the files left out)"
        )
    top = posixpath.commonpath(kept) if len(kept) > 1 else posixpath.dirname(kept[0])
    shown = ", ".join((f or "SRC") + "/" for f in kept[:3]) + (f" and {len(kept) - 3} more" if len(kept) > 3 else "")
    ext = folders[kept[0]][0]  # (the files' own: LabelMe's .json, not its row's default .txt)
    note = f"{top or 'SRC'}/: objects, one .{ext} file beside each image, named as it (in {shown}): {fmt.shown}"
    return [Evidence(top, evidence_lib.BOX_FILES, KeyRule(_WHOLE_PATH, False), box_format=name,
                     image_folder=voc_beside.BESIDE, note=note)]
