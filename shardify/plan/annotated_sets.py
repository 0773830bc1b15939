"""Which images an annotation file's silence makes a reject: the annotated set.

Where a dataset's annotation files name every image of its annotated set, those without objects
too, an image none of them names is outside that set (FDDB's `originalPics/` holds 28,204 photos
of which its folds annotate 2,845): written as an image without objects it was a wrong record with
exit 0; it is a reject naming the files. Formats that document "no file or row: no objects" (YOLO's
`.txt` per image, a table of a row per box, a sequence's XML leaving frames of no target out) keep
their reading (`box_formats.LISTS_EVERY_IMAGE` says which box tables list every image). Plain
functions, no Beam: the join (`beam_jobs/discover/evidence.py`) asks them per input.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.plan import box_formats
from shardify.plan.evidence import BOX_TABLE, XML_OBJECTS, Evidence, name_words
from shardify.plan.structure import split_word

__all__ = ["listing_files", "unannotated"]


def listing_files(evidence: Sequence[Evidence]) -> dict[str, tuple[str, str]]:
    """The annotation files that list every image they annotate, as {row path prefix: (the folder
    whose inputs they cover, "" for all; how the reason names them)}: Pascal VOC's Annotations/
    (an XML per JPEG, for the JPEGs beside it under the folder above it) and the box tables of
    `box_formats.LISTS_EVERY_IMAGE` that give no split and name none (FDDB's folds, TT100K's
    annotations.json; a split's own file, WIDER FACE's or BDD100K's, leaves the rest to the splits)."""
    found: dict[str, tuple[str, str]] = {}
    for e in evidence:
        if e.kind == XML_OBJECTS:
            found[e.path + "/"] = (posixpath.dirname(e.path), f"{e.path}/ (an XML per image)")
        elif (e.kind == BOX_TABLE and not e.split and not _names_a_split(e.path)
              and box_formats.format_named(e.box_format).pairing in box_formats.LISTS_EVERY_IMAGE):
            found[e.path] = ("", e.path)
    return found


def _names_a_split(path: str) -> bool:
    """A file named for one split (BDD100K's `bdd100k_labels_images_train.json`): it lists that
    split's images, and a split it has no file for (BDD100K's unlabelled `test/`) is no concern of it."""
    return any(split_word(word) for word in name_words(posixpath.splitext(posixpath.basename(path))[0]))


def unannotated(relpath: str, row_paths: set[str], listing: dict[str, tuple[str, str]]) -> str:
    """Why an input is a reject, where annotation files that list every image they annotate cover
    it and none names it (an image outside the annotated set, written as one without objects with
    exit 0 before); else "".

    >>> voc = {"VOC2012/Annotations/": ("VOC2012", "VOC2012/Annotations/ (an XML per image)")}
    >>> unannotated("VOC2012/JPEGImages/a.jpg", {"VOC2012/Annotations/a.xml"}, voc), unannotated("other/c.jpg", set(), voc)
    ('', '')
    >>> unannotated("VOC2012/JPEGImages/b.jpg", set(), voc).startswith("no annotation file names it (VOC2012/Annotations/")
    True
    """
    covering = {prefix: named for prefix, (folder, named) in listing.items() if not folder or relpath.startswith(folder + "/")}
    if not covering or any(path.startswith(prefix) for path in row_paths for prefix in covering):
        return ""
    named = sorted(covering.values())
    return (f"no annotation file names it ({', '.join(named[:3])}{' ...' if len(named) > 3 else ''}: they name every "
            "image of the annotated set, those without objects too): it is outside the annotated set")
