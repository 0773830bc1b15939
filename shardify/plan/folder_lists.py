"""Split lists whose lines name folders, not files: every file of a listed folder is in that split.

Video object segmentation downloads keep one folder of frames per sequence and list the sequences
per split: DAVIS 2017's `ImageSets/2017/train.txt` (`bear`, `bmx-bumps`) over
`JPEGImages/480p/<sequence>/00000.jpg`; VSPW's `train.txt` (`127_-hIVCYO4C90`) over
`data/<video>/origin/00000587.jpg` beside `data/<video>/mask/`. A list known by its
name (`train.txt`) was keyed by file names: each line named no file, every frame went unsplit and the
run wrote nothing (exit 1). Read by folder, a line names every file of its folder.

And the folders so listed are no classes: a class lies in every split (a model learns it from
train to be tested on it); a folder that a split list puts wholly in one split is a group (a
sequence, a recording, a patient), whatever detection read it as (`without_listed_classes`). The
records are then unlabelled by their folders: a segmentation dataset's masks are its labels, and
without masks the run stops asking for labels, as for any unlabelled folder. (A zero-shot protocol
lists classes per split by design, `trainclasses.txt`; named as a split list, its folders would
stop the run here too, where their lines had named no file and the run wrote nothing: with
`--label-level N` the folders stay the classes and this reading is not made.)

Plain functions over paths and keys; nothing is opened.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from shardify.plan.evidence import Evidence, KeyRule, file_key, row_key

__all__ = ["folder_rule", "listed_classes", "without_listed_classes"]

# The most levels above a file a listed folder lies (VSPW's `data/<video>/origin/00000001.jpg`: 2).
_MOST_LEVELS_UP = 3
# Suffixes that make a key a file's name, never a folder's.
_FILE_SUFFIXES = (".jpg", ".jpeg", ".png", ".gif", ".bmp", ".tif", ".tiff", ".webp", ".txt", ".json", ".xml", ".mp4", ".avi")


def folder_rule(keys: Sequence[str], inputs: Sequence[str], whole: bool) -> KeyRule | None:
    """The rule by which `keys` name the folders holding `inputs` (the last folders, as many as the
    keys' components), or None where they do not: most keys (where `inputs` are the whole source),
    or some (a sample of it), name such a folder, and fewer than half are files' names.

    >>> folder_rule(["bear", "bmx-bumps"], ["JPEGImages/480p/bear/00000.jpg", "JPEGImages/480p/bmx-bumps/00000.jpg"], True)
    KeyRule(parts=1, extension=True, number=False)
    >>> folder_rule(["127_-hIVCYO4C90"], ["data/127_-hIVCYO4C90/origin/00000587.jpg"], True).folder
    2
    >>> folder_rule(["bear/00000.jpg"], ["JPEGImages/480p/bear/00000.jpg"], True) is None
    True
    >>> folder_rule(["bear", "boat", "../etc/hosts.txt"], ["J/bear/0.jpg", "J/boat/0.jpg"], True).folder
    1
    >>> folder_rule(["2008_000008", "2008_000015"], ["JPEGImages/2008_000008.jpg"], True) is None
    True
    >>> folder_rule(["MURA-v1.1/train/XR_ELBOW/p1/s1/"], ["train/XR_ELBOW/p1/s1/image1.png"], True).parts
    4
    """
    cleaned = [k.strip().replace("\\", "/").strip("/") for k in keys if k.strip()]
    if not cleaned or sum(k.lower().endswith(_FILE_SUFFIXES) for k in cleaned) * 2 >= len(cleaned):
        # a list of files; a few such lines among folders are bad rows, each its own reject
        # (one `../etc/hosts.txt` line made DAVIS's whole train list read by file names: hostile15)
        return None
    counts = sorted(k.count("/") + 1 for k in cleaned)
    median = max(1, counts[(len(counts) - 1) // 2])
    # keys that begin with folders every key shares (MURA's `MURA-v1.1/train/XR_ELBOW/patient00018/study1_negative/`,
    # SRC being MURA-v1.1/) name the folders by fewer of their last components: as many as match, the most first
    for parts in range(median, max(1, median - _shared_leading(cleaned)) - 1, -1):
        for up in range(1, _MOST_LEVELS_UP + 1):  # the files' own folder first
            rule = KeyRule(parts, True, folder=up)
            folders = {file_key(p, rule) for p in inputs} - {""}
            matched = sum(row_key(k, rule) in folders for k in cleaned)
            if matched * 2 > len(cleaned) if whole else matched > 0:
                return rule
    return None


def _shared_leading(keys: Sequence[str]) -> int:
    """How many leading components every key holds alike, below its last.

    >>> _shared_leading(["MURA-v1.1/train/XR_ELBOW/p1/s1", "MURA-v1.1/train/XR_HAND/p2/s1"]), _shared_leading(["bear", "boat"])
    (2, 0)
    """
    split = [k.split("/")[:-1] for k in keys]
    shared = 0
    while all(len(parts) > shared and parts[shared] == split[0][shared] for parts in split):
        shared += 1
    return shared


def listed_classes(inputs: Sequence[str], structure: object, evidence: Sequence[Evidence]) -> list[str]:
    """The class folders (as `structure` reads them) that split lists name by folder: the inputs
    whose class folder is the folder a folder-keyed list names them by, sorted."""
    rules = {e.key for e in evidence if e.key.folder}
    levels = dict(getattr(structure, "label_levels", ()))
    if not rules or not any(level >= 0 for level in levels.values()):
        return []
    split_of = getattr(structure, "split_folder_of")
    found = set()
    for path in inputs:
        parts = path.split("/")
        level = levels.get(split_of(path), -1)
        if 0 <= level < len(parts) - 1 and any(file_key(path, rule) == "/".join(parts[: level + 1][-rule.parts :]) for rule in rules):
            found.add("/".join(parts[: level + 1]) + "/")
    return sorted(found)


def without_listed_classes(inputs: Sequence[str], structure: object, evidence: Sequence[Evidence]) -> tuple[object, str]:
    """`structure` with no class folders where split lists name (nearly) all of them by folder,
    and the plan's note; else `structure` unchanged and ""."""
    listed = listed_classes(inputs, structure, evidence)
    if not listed:
        return structure, ""
    levels = dict(structure.label_levels)  # type: ignore[attr-defined]
    classes = {"/".join(p.split("/")[: levels.get(structure.split_folder_of(p), -1) + 1]) + "/"  # type: ignore[attr-defined]
               for p in inputs if levels.get(structure.split_folder_of(p), -1) >= 0}  # type: ignore[attr-defined]
    if len(listed) * 10 < len(classes) * 9:
        return structure, ""
    shown = ", ".join(listed[:3]) + (f" and {len(listed) - 3} more" if len(listed) > 3 else "")
    note = (f"the split lists name the folders {shown} by name, each wholly in one split: groups (sequences, "
            "recordings), not classes; the records take no label from them")
    unlabelled = tuple((split, -1) for split, _ in structure.label_levels)  # type: ignore[attr-defined]
    return dataclasses.replace(structure, label_levels=unlabelled, classes_hold_inputs=False), note  # type: ignore[arg-type]
