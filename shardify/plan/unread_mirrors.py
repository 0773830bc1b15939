"""A folder of per-input files that no reader reads: annotations, never auxiliary files.

A download may ship one annotation file per image in a format of its own beside the images
(INRIA Person's `Train/annotations/crop_000010.txt`, "PASCAL Annotation Version 1.00" text, beside
`Train/pos/crop_000010.png`). Where no reader knows the format, detection read the folders as
classes (`pos`, `neg`) and counted those files as auxiliary: every image was written without its
boxes, with exit 0. The sign is structural, whatever the format: nearly every file of one folder
shares its stem with an input (one file per input), that folder is no input and is read by no
evidence, and the inputs it annotates are those of some of the inputs' folders, not all (`pos/`
annotated, `neg/` not: the folders say "annotated or not", the files are the labels). Files beside
every folder's inputs (Stanford Dogs' XML, Penn-Fudan's boxes beside its masks, Montgomery's
clinical readings) leave the folders' reading standing and stay auxiliary, as the plan says. The run then stops before writing, naming the folder and what can read it
(`message`); detection (beam_jobs/discover/guards.py) decides when to look.

The mirroring files must lie where annotations of those inputs are put (`_beside`): a stem shared
across unrelated trees is no sign. Stems alone, among inputs, are no sign (`cat/1.jpg`, `dog/1.jpg`): here the mirroring files are
never inputs (masks among images are `mirror_trees`' subject).

Plain functions over paths; nothing is opened.
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Collection, Sequence

from shardify.plan.layout import stem

__all__ = ["unread_mirrors", "message"]

# Share of a folder's files whose stems are inputs' stems, and the fewest such files that say anything.
_MOST = 0.9
_MIN_FILES = 2
# Files that are never per-input annotations however they are named: documentation and lists.
_NOT_ANNOTATIONS = re.compile(r"(readme|license|licence|copying|citation|changelog)", re.IGNORECASE)
_SHOWN = 3


def unread_mirrors(media: Sequence[str], others: Sequence[str], read: Collection[str] = ()) -> dict[str, list[str]]:
    """{folder: its files} for each folder (relative to SRC, "" for the top) of non-input files
    that nearly all (_MOST) share their stems with inputs, at least _MIN_FILES of them, none of
    them read (`read`: the files and folders the layout's evidence reads).

    >>> unread_mirrors(["T/pos/a.png", "T/pos/b.png", "T/neg/c.png"], ["T/annotations/a.txt", "T/annotations/b.txt", "T/pos.lst"])
    {'T/annotations': ['T/annotations/a.txt', 'T/annotations/b.txt']}
    >>> unread_mirrors(["T/pos/a.png", "T/pos/b.png", "T/neg/c.png"], ["T/annotations/a.txt", "T/annotations/b.txt"], read=["T/annotations"])
    {}
    >>> unread_mirrors(["T/pos/a.png", "T/neg/c.png"], ["T/annotations/a.txt", "T/annotations/c.txt"])  # every folder's
    {}
    """
    folders_of: dict[str, set[str]] = defaultdict(set)  # an input's stem -> the folders of inputs so named
    for p in media:
        folders_of[stem(p)].add(posixpath.dirname(p))
    by_folder: dict[str, list[str]] = defaultdict(list)
    for path in others:
        if not _NOT_ANNOTATIONS.search(posixpath.basename(path)):
            by_folder[posixpath.dirname(path)].append(path)
    found = {}
    for folder, files in sorted(by_folder.items()):
        if _is_read(folder, files, read):
            continue
        mirrored = [p for p in files if any(_beside(folder, f) for f in folders_of.get(stem(p), ()))]
        if len(mirrored) >= _MIN_FILES and len(mirrored) >= _MOST * len(files):
            found[folder] = sorted(mirrored)
    # judged as one tree (Stanford Dogs' Annotation/<breed>/ mirror Images/<breed>/ together)
    return found if _some_classes(media, [p for files in found.values() for p in files]) else {}


def _beside(folder: str, inputs_folder: str) -> bool:
    """A folder of files placed to annotate the inputs of `inputs_folder`: beside them (under one of
    their folders: INRIA's `Train/annotations/` for `Train/pos/`, or `annotations/` at the top), or
    a tree that repeats their folder's name (Stanford Dogs' `Annotation/<breed>/` for
    `Images/<breed>/`). A stem shared across unrelated trees is no sign: names like `000`, `0001`,
    `image_1` are common, and the repository's sample_data/ holds `texts/test/negative/000.txt` and
    `tagged/img/000.png`, two datasets side by side.

    >>> _beside("Train/annotations", "Train/pos"), _beside("Annotation/n02-dog", "Images/n02-dog"), _beside("texts/test/neg", "tagged/img")
    (True, True, False)
    """
    parent = posixpath.dirname(folder)
    under = not parent or inputs_folder == parent or inputs_folder.startswith(parent + "/")
    return under or (bool(folder) and posixpath.basename(folder) == posixpath.basename(inputs_folder))


def _some_classes(media: Sequence[str], mirrored: Sequence[str]) -> bool:
    """The files annotate the inputs of some of the inputs' folders and none of the others (INRIA's
    `pos/` and not `neg/`): the folders then say "annotated or not", and the files are the labels.
    Files beside every folder's inputs (Stanford Dogs' `Annotation/<breed>/`, Penn-Fudan's boxes
    beside its masks) leave the folders' labels standing: carried or not, they are no other reading."""
    stems = {stem(p) for p in mirrored}
    folders = {posixpath.dirname(p) for p in media}
    annotated = {posixpath.dirname(p) for p in media if stem(p) in stems}
    if 0 < len(annotated) < len(folders):
        return True
    # (files beside the inputs in their own folders annotate those: only a folder of its own says which)
    apart = not folders & {posixpath.dirname(p) for p in mirrored}
    return len(folders) > 1 and apart and _one_folder_annotated(media, stems)


def _one_folder_annotated(media: Sequence[str], stems: set[str]) -> bool:
    """Numbered stems shared across the folders (NWPU VHR-10's `positive image set/001.jpg` and
    `negative image set/001.jpg`, `ground truth/001.txt`): the files annotate the one folder whose
    stems they are, exactly, where every other folder's stems are fewer (a strict part of them, the
    numbers counted again). Several folders of exactly those stems (`cat/1.jpg`, `dog/1.jpg`) say
    nothing of which the files annotate.

    >>> _one_folder_annotated(["p/001.jpg", "p/002.jpg", "p/003.jpg", "n/001.jpg", "n/002.jpg"], {"001", "002", "003"})
    True
    >>> _one_folder_annotated(["cat/1.jpg", "cat/2.jpg", "dog/1.jpg", "dog/2.jpg"], {"1", "2"})
    False
    """
    by_folder: dict[str, set[str]] = defaultdict(set)
    for p in media:
        by_folder[posixpath.dirname(p)].add(stem(p))
    exact = [folder for folder, held in by_folder.items() if held == stems]
    return len(exact) == 1 and all(held < stems for folder, held in by_folder.items() if folder != exact[0])


def _is_read(folder: str, files: Sequence[str], read: Collection[str]) -> bool:
    """Evidence reads the folder (or one above it) or one of its files."""
    return any(p in read for p in files) or any(
        p and (folder == p.rstrip("/") or folder.startswith(p.rstrip("/") + "/")) for p in read
    )


def message(source: str, found: dict[str, list[str]], media: Sequence[str]) -> str:
    """The stop: each folder, a file of it beside its input, and what can read them."""
    by_stem = {stem(p): p for p in media}
    shown = []
    for folder, files in list(found.items())[:_SHOWN]:
        first = files[0]
        shown.append(f"{folder or '.'}/ ({len(files)} files named like the inputs: {first} beside {by_stem.get(stem(first), '?')})")
    return (
        f"{source}: {'; '.join(shown)} hold one file per input in a format no reader here reads (annotations: boxes, "
        "labels or captions); converted, they would be set aside and every record written without them. Read them with "
        "--labels FILE where one file holds the labels, or describe the dataset in a layout file (docs/layout-files.md); "
        "a format shardify does not read is not supported: convert the annotations to one it does (Pascal VOC XML, "
        "YOLO, COCO JSON), or move the folder out of SRC to convert the inputs without them"
    )
