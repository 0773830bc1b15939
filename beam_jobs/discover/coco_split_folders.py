"""What COCO files lying per split leave unnamed: a split folder no file annotates, and files named
after an annotated image.

iSAID ships `train/Annotations/iSAID_train.json` and `val/Annotations/iSAID_val.json` beside
`train/images/`, `val/images/` and a `test/images/` folder with no annotation file; COCO 2017 its
`test2017/` beside `annotations/instances_{train,val}2017.json` where `image_info_test2017.json` was
not downloaded. Each of those folders' images had become a reject ("none of the dataset's split
files names it") and the run exited 1: they are that split's unlabelled records. iSAID's images lie
beside PNGs named after each (`P0000_instance_color_RGB.png` beside `P0000.png`), which no COCO
file names: the same instances drawn as masks, kept as auxiliary files (counted, not rejected).

Both are said in the plan; an input the COCO files do name is their record whatever its name, and a
split folder whose split a COCO file annotates keeps every unnamed image of it a reject.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Sequence

from shardify.plan import structure as structure_lib
from shardify.plan.structure import split_word

__all__ = ["derived_tails", "unannotated_split_folders"]

# A tail of words after a stem: letters in at least one word (`_instance_color_RGB`), never a count
# alone (`_2` of `img_1_2.jpg` is another image of a numbered series, not a file derived from `img_1`).
_WORDED_TAIL = re.compile(r"[-_.].*[A-Za-z]")
# Files derived from their images: this many at least carry the same tail, each beside its image.
_MIN_DERIVED_FILES = 2


def unannotated_split_folders(structure: structure_lib.Structure | None, coco_splits: Sequence[str]) -> tuple[str, ...]:
    """The split folders ('/'-ended, from SRC) whose split none of the COCO files annotates, where
    every file's split has a split folder of its own (iSAID's `iSAID/test/` beside `train/` and
    `val/`, each with its file): their images are that split's unlabelled records. () where a file
    names a split no folder has (iNaturalist 2018's train2018.json, val2018.json beside
    `train_val2018/`): the files, not the folders, give the splits there.

    >>> s = structure_lib.Structure(split_level=0, label_levels=(("test2017", -1), ("train2017", -1), ("val2017", -1)))
    >>> unannotated_split_folders(s, ["train", "val"]), unannotated_split_folders(s, ["train", "val", "test"])
    (('test2017/',), ())
    """
    if structure is None or structure.split_level < 0 or len(coco_splits) < 2:
        return ()
    folders = {folder: split_word(folder) for folder in structure.split_folders}
    if not set(coco_splits) <= set(folders.values()):
        return ()
    return tuple(sorted(f"{structure.root}{folder}/" for folder, split in folders.items() if split and split not in coco_splits))


def derived_tails(sample: Sequence[str]) -> tuple[str, ...]:
    """The tails (`_instance_color_RGB`) that end the stems of files lying beside a file of the stem
    without it, shared by at least two such files and by no file without its base beside it.

    >>> derived_tails(["a/P1.png", "a/P1_instance_id_RGB.png", "a/P2.png", "a/P2_instance_id_RGB.png", "a/img_1_2.png"])
    ('_instance_id_RGB',)
    """
    stems: dict[str, set[str]] = {}
    for path in sample:
        folder, name = posixpath.split(path)
        stems.setdefault(folder, set()).add(posixpath.splitext(name)[0])
    paired: Counter[str] = Counter()
    for folder, names in stems.items():
        for stem in names:
            bases = [stem[:i] for i in range(1, len(stem)) if stem[i] in "-_." and stem[:i] in names]
            if bases and _WORDED_TAIL.match(tail := stem[len(max(bases, key=len)) :]):
                paired[tail] += 1
    unpaired = {stem[len(stem) - len(tail) :] for names in stems.values() for stem in names for tail in paired
                if stem.endswith(tail) and stem[: -len(tail)] not in names}
    return tuple(sorted(tail for tail, count in paired.items() if count >= _MIN_DERIVED_FILES and tail not in unpaired))
