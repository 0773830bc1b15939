"""Stop where class folders are mirrored, image by image, by a tree of per-image documents that nothing reads.

EuroCity Persons ships `ECP/day/img/<split>/<city>/<city>_<n>.png` beside `ECP/day/labels/<split>/<city>/
<city>_<n>.json`: one JSON per image (its boxes, `"children"` of `"identity"`, `x0` .. `y1`), at the same place
under another top folder. No reader took the documents, so the city folders, the level whose siblings hold
the images, were written as the images' classes with exit 0, and every pedestrian was lost. A source whose
folders are read as classes, where most sampled images have a document of their stem at the same place (the
same folders below their tops: `train/amsterdam/`) under another folder, and no evidence reads those
documents, stops before writing: the documents, one per image, are the dataset's annotations, and the
folders they mirror are places, not classes. Plain matching over the sampled paths; nothing is opened.

The same holds of per-image tables: IceVisionSet's `images/<sequence>/<frame>.jpg` beside its annotation
repository's `annotations/training/<sequence>/<frame>.tsv` ('class xtl ytl xbr ybr ...', a row a sign) had the
sequence folders written as classes with exit 0 (and, before, a crash in listed_folders). A .tsv, .csv or .txt of
the image's stem at the image's place under another folder, whose rows hold a box's numbers (four or more), is
an annotation of that image even where only the image's own folder is shared (one level: the mirror of the
folders themselves): the few such files opened (`_OPENED`) must mostly hold such rows, and most folders read as
classes must hold an image so annotated (not most images: a video's frames are annotated sparsely, IceVisionSet's
about one in thirty).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover.head_reads import head_lines
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout

__all__ = ["check_mirror_documents", "mirrored_documents"]

# The kinds of per-image documents looked for (structured annotation files; .txt is read by others).
_DOCUMENT_EXTENSIONS = frozenset({"json", "xml"})
# Folder levels above the file both paths must share, at least: one level alone (a class folder) is a
# mirror of class folders, not of places.
_SHARED_LEVELS = 2
# Per-image tables looked for, opened to see rows of numbers; one shared folder level suffices for them.
_TABLE_EXTENSIONS = frozenset({"tsv", "csv", "txt"})
_TABLE_LEVELS = 1
# Tables opened (their first lines), and the numbers on a row that make it a box (or points).
_OPENED = 5
_BOX_NUMBERS = 4
_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?![\w.])")


def _tail(path: str) -> tuple[tuple[str, ...], str]:
    folder, name = posixpath.split(path)
    parts = tuple(p for p in folder.split("/") if p)
    return parts, posixpath.splitext(name)[0]


def mirrored_documents(images: Sequence[str], documents: Sequence[str], levels: int = _SHARED_LEVELS) -> dict[str, str]:
    """{image: document} for each image with a document of its stem whose last `levels` folders are
    the image's, under another top folder.

    >>> mirrored_documents(["d/img/train/ams/a.png", "d/img/val/ber/b.png"], ["d/labels/train/ams/a.json"])
    {'d/img/train/ams/a.png': 'd/labels/train/ams/a.json'}
    >>> mirrored_documents(["img/cat/a.png"], ["labels/cat/a.json"])
    {}
    >>> mirrored_documents(["img/seq1/a.png"], ["ann/train/seq1/a.tsv"], levels=1)
    {'img/seq1/a.png': 'ann/train/seq1/a.tsv'}
    """
    by_tail: dict[tuple[tuple[str, ...], str], list[str]] = {}
    for doc in documents:
        parts, stem = _tail(doc)
        if len(parts) > levels:
            by_tail.setdefault((parts[-levels:], stem), []).append(doc)
    found = {}
    for image in images:
        parts, stem = _tail(image)
        if len(parts) <= levels:
            continue
        for doc in by_tail.get((parts[-levels:], stem), ()):
            if _tail(doc)[0] != parts:  # under another top folder, not beside the image
                found[image] = doc
                break
    return found


def _box_rows(config: ConvertConfig, tables: Sequence[str]) -> bool:
    """Whether most of `tables` hold rows with a box's numbers (a header row aside).

    A row counts where it holds _BOX_NUMBERS numbers standing alone ('2.1\t1259\t945\t1286\t971\tfalse'), so a
    table of names or of one score an image is no annotation of boxes.
    """
    boxed = 0
    for table in tables:
        rows = [line for line in head_lines(config, table) if line.strip()]
        with_box = sum(len(_NUMBER.findall(row)) >= _BOX_NUMBERS for row in rows)
        boxed += with_box > 0 and with_box >= len(rows) - 1  # every row but a header
    return boxed * 2 > len(tables)


def check_mirror_documents(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where the plan reads class folders that a tree of unread per-image documents mirrors (see the module).

    Raises:
      UsageError: naming the documents and the folders read as classes.
    """
    structure = detected.structure
    if structure is None or detected.media != "image" or not any(level >= 0 for _, level in structure.label_levels):
        return
    if config.label_level is not None:  # the user named the level of the classes (the stop's own options name it, review27)
        return
    if any(e.gives_labels for e in detected.evidence):
        return
    read = {e.path for e in detected.evidence}
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    unread = [p for p in sample if not any(p == r or p.startswith(r.rstrip("/") + "/") for r in read)]
    found = mirrored_documents(images, [p for p in unread if layout.extension(p) in _DOCUMENT_EXTENSIONS])
    if not images:
        return
    if len(found) * 2 <= len(images):
        found = mirrored_documents(images, [p for p in unread if layout.extension(p) in _TABLE_EXTENSIONS], _TABLE_LEVELS)
        folders = {posixpath.dirname(image) for image in images}
        boxed = {posixpath.dirname(image) for image in found}
        # (by folder, not by image: a video's frames are annotated one in thirty, IceVisionSet's each ~30th)
        if len(found) < 2 or len(boxed) * 2 <= len(folders) or not _box_rows(config, sorted(set(found.values()))[:_OPENED]):
            return
    shown = sorted(found.values())[:3]
    classes = sorted({posixpath.basename(posixpath.dirname(image)) for image in found})[:4]
    raise UsageError(
        f"the images' class folders ({', '.join(classes)}) are mirrored image by image by documents under another "
        f"folder ({', '.join(shown)} and {max(0, len(found) - len(shown))} more: one per image, at the image's place), "
        "which shardify does not read: they hold the images' annotations, and the folders they mirror are places of "
        "the dataset, not classes. Decide: --label-level 0 writes the images unlabelled (the documents left unread); "
        f"--label-level {max(level for _, level in structure.label_levels) + 1} (counted from SRC) keeps the folders as "
        "classes (the documents left unread); "
        "or read them with a layout file (docs/layout-files.md)"
    )
