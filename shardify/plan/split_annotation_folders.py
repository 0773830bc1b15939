"""Per-split annotation files each paired with the image folder of its own split.

Labelling tools number a split's images from 0, so a download of per-split annotation files over
per-split image folders repeats its file names across the splits: Roboflow's COCO export holds
`train/_annotations.coco.json` beside `train/0.jpg` and `valid/_annotations.coco.json` beside
`valid/0.jpg`; COCO 2017's layout holds `annotations/instances_train2017.json` and
`instances_val2017.json` beside `train2017/` and `val2017/`. The files name images by their bare
`file_name`, so the key `0.jpg` named an image in each folder, and every such image was rejected
("names 2 files") or the run stopped as if two files named one image.

Each file annotates the images of its own split: those under the split folder it lies in
(`train/_annotations.coco.json`, `train/Annotations/x.json`), or, where it lies in no split folder,
those under the folder its split names (`instances_train2017.json` -> `train2017/`). Where that
pairs every file of a shared key with one distinct annotation file, each image takes its own
file's rows; any other shape (two images of one key in one split's folder) is no pairing, and what
the callers did before stands.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence

from shardify.plan.folder_names import split_word

__all__ = ["annotated_folder", "annotates", "images_place", "misplaced", "pair_with_split_files"]

# Folders an annotation file lies in under its split folder (iSAID's `train/Annotations/iSAID_train.json`).
_ANNOTATION_FOLDER_NAMES = frozenset({"annotations", "annotation", "anns", "labels", "json"})
# The spellings of one split: a `valid/` folder is the split an `instances_val.json` names.
_SAME_SPLIT = {"valid": "val", "validation": "val"}


def _split_of(name: str) -> str:
    """The split a name names, one spelling per split ("" for none).

    >>> _split_of("valid"), _split_of("instances_val2017"), _split_of("Train"), _split_of("images")
    ('val', 'val', 'train', '')
    """
    found = (split_word(name) or "").lower()
    return _SAME_SPLIT.get(found, found)


def annotated_folder(path: str) -> str:
    """The split folder an annotation file lies in, directly or in its annotations folder, or "".

    >>> annotated_folder("train/_annotations.coco.json"), annotated_folder("d/valid/Annotations/a.json")
    ('train', 'd/valid')
    >>> annotated_folder("annotations/instances_train2017.json"), annotated_folder("train.json")
    ('', '')

    A split folder under the annotations folder (`annotations/train/coco.json` over `images/train/`)
    holds no images: the file names those under a folder its split names, as `annotations/train.json`'s.

    >>> annotated_folder("annotations/train/coco.json")
    ''
    """
    folder = posixpath.dirname(path)
    if posixpath.basename(posixpath.dirname(folder)).lower() in _ANNOTATION_FOLDER_NAMES:
        return ""
    if posixpath.basename(folder).lower() in _ANNOTATION_FOLDER_NAMES:
        folder = posixpath.dirname(folder)
    return folder if folder and _split_of(posixpath.basename(folder)) else ""


def annotates(path: str, split: str, relpath: str) -> bool:
    """Whether the annotation file `path` of split `split` annotates the input `relpath`: it lies under
    the file's split folder, or (the file in none) under a folder its split names.

    >>> annotates("train/_annotations.coco.json", "train", "train/0.jpg"), annotates("train/a.json", "train", "valid/0.jpg")
    (True, False)
    >>> annotates("annotations/instances_val2017.json", "val", "val2017/0.jpg")
    True
    >>> annotates("annotations/instances_val2017.json", "val", "train2017/0.jpg")
    False
    """
    folder = annotated_folder(path)
    if folder:
        return relpath.startswith(folder + "/")
    own = _split_of(split) or _split_of(posixpath.basename(path).rsplit(".", 1)[0])
    return bool(own) and any(_split_of(part) == own for part in relpath.split("/")[:-1])


def images_place(path: str, split: str, sample: Sequence[str]) -> str:
    """Where the images the annotation file `path` of split `split` names lie, for telling two files'
    names apart: the split folder it lies in; else, where a sampled input lies under a folder its split
    names, that split ("split val"); else "" (one place: two files naming one name name one image).

    `annotations/train.json` and `annotations/val.json` over `images/train/0.jpg` and `images/val/0.jpg`
    name a `0.jpg` each, in two places, as COCO 2017's `instances_train2017.json` beside `train2017/` do;
    keyed by the file's folder alone (none), they were taken for two files naming one image, a stop
    naming `--labels FILE` that could read one split only.

    >>> images_place("train/_annotations.coco.json", "train", []), images_place("annotations/val.json", "val", ["images/val/0.jpg"])
    ('train', 'split val')
    >>> images_place("annotations/val.json", "val", ["images/0.jpg"]), images_place("test-dev.json", "test", ["test2017/0.jpg"])
    ('', 'split test')
    """
    folder = annotated_folder(path)
    if folder:
        return folder
    own = _split_of(split) or _split_of(posixpath.basename(path).rsplit(".", 1)[0])
    return f"split {own}" if own and any(annotates(path, split, p) for p in sample) else ""


def pair_with_split_files(files: Sequence[str], splits: Mapping[str, str]) -> dict[str, str] | None:
    """{input: the annotation file it takes its rows from} for inputs sharing one key, named by the
    per-split annotation files `splits` ({file: its split}), where each file annotates exactly one of
    them and each input at most one file (an input no file annotates maps to ""); else None.

    >>> pair_with_split_files(["train/0.jpg", "valid/0.jpg"], {"train/a.json": "train", "valid/a.json": "valid"})
    {'train/0.jpg': 'train/a.json', 'valid/0.jpg': 'valid/a.json'}
    >>> pair_with_split_files(["train/x/0.jpg", "train/y/0.jpg"], {"train/a.json": "train"}) is None
    True
    """
    if len(files) < 2 or not splits:
        return None
    owner: dict[str, str] = {}
    for relpath in files:
        owners = [path for path, split in splits.items() if annotates(path, split, relpath)]
        if len(owners) > 1:
            return None
        owner[relpath] = owners[0] if owners else ""
    taken = [path for path in owner.values() if path]
    if sorted(taken) != sorted(set(splits)):  # each file annotates exactly one of them
        return None
    return owner


def misplaced(relpath: str, named_by: Mapping[str, str], splits: Mapping[str, str]) -> str:
    """Why the input `relpath`, named only by the per-split files `named_by` ({file: its split}), takes
    their rows from no file of its own, or "": each of them lies in a split folder that is not the one
    `relpath` lies in, and that one has its own file among `splits` (all the per-split files).

    A Roboflow export whose `valid/_annotations.coco.json` names `10.jpg`, lying in `train/` beside
    `train/_annotations.coco.json` (which names it not), wrote `train/10.jpg` as a `valid` record with
    the labels the valid file gives a `10.jpg` of its own split: the file annotates its own folder's images.

    >>> splits = {"train/a.json": "train", "valid/a.json": "valid"}
    >>> misplaced("train/10.jpg", {"valid/a.json": "valid"}, splits)[:60]
    'named only by valid/a.json, which annotates the images under'
    >>> misplaced("valid/0.jpg", {"valid/a.json": "valid"}, splits), misplaced("images/10.jpg", {"valid/a.json": "valid"}, splits)
    ('', '')
    """
    folders = {path: annotated_folder(path) for path in named_by}
    if not folders or not all(folders.values()) or any(annotates(p, s, relpath) for p, s in named_by.items()):
        return ""
    own = [p for p, s in splits.items() if p not in named_by and annotated_folder(p) and annotates(p, s, relpath)]
    if not own:
        return ""
    return (
        f"named only by {', '.join(sorted(named_by))}, which annotates the images under "
        f"{', '.join(sorted(f + '/' for f in folders.values()))}; it lies under {annotated_folder(own[0])}/, "
        f"whose own {own[0]} names it not"
    )
