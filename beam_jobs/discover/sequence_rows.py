"""Class folders each named by a file of rows of numbers elsewhere: sequences, not classes (a stop).

Tracking and video-detection downloads keep each sequence's frames in a folder named for the sequence
(UAVDT's `UAV-benchmark-M/M0101/img000001.jpg`) and its annotations in a file named after that folder
in another tree (`UAV-benchmark-MOTD_v1.0/GT/M0101_gt_whole.txt`: `frame,id,x,y,w,h,...,category`
a row; VisDrone-VID's `annotations/<sequence>.txt`). Read as a class-folder layout, every frame was
written labelled by its sequence's name with exit 0, and the vehicles in the rows were lost.

The sign needs no dataset's names: of the class folders, most (and at least two) each have a file
outside every class folder whose stem is the folder's name, alone or followed by `_` or `-` and more,
and whose first lines are rows of numbers (`file_signs.number_rows`, as box files are told). Then the
folders are no classes: the run stops before writing, naming the folders, the files and what decides.
A split list named after its class (HMDB51's `brush_hair_test_split1.txt`, lines `<video> 1`) holds
no rows of numbers and does not count, nor does a file whose rows open with an input's name (a class's
list of its images' boxes, `cat_000.jpg 0 1 20 30`: a sequence's rows open with a frame number), nor one named as an input
is (a mirror tree's per-image annotation, `boxes/cat/cat_000.txt` for `cat_000.jpg`); class
folders with no such files are never opened.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import file_signs, layout

__all__ = ["check_sequence_rows"]

# Text-like files whose first lines are read; at most this many opened in all.
_ROW_EXTENSIONS = ("txt", "csv")
_OPENED = 24
_PER_FOLDER = 4
# Of the class folders, at least this share (and two) have such a file.
_SHARE = 0.5


def _class_folder(relpath: str, structure: object) -> str:
    """The class folder (no trailing '/') a path lies in, or "" for none."""
    parts = relpath.split("/")
    level = dict(structure.label_levels).get(structure.split_folder_of(relpath), -1)
    return "/".join(parts[: level + 1]) if 0 <= level < len(parts) - 1 else ""


def _named_after(stem: str, name: str) -> bool:
    """`stem` is `name`, or `name` followed by `_` or `-` and more (`M0101_gt_whole` of `M0101`).

    >>> [_named_after(s, "M0101") for s in ("M0101", "M0101_gt_whole", "M0101-attr", "M01010", "XM0101")]
    [True, True, True, False, False]
    """
    return stem == name or (stem.startswith(name) and stem[len(name): len(name) + 1] in ("_", "-"))


def _names_files(lines: Sequence[str], media_names: set[str]) -> bool:
    """A row opens with the name of a sampled input (`cat_000.jpg 0 1 20 30`): a list of each named
    image's box, as a class's box list is, not a sequence's rows (those open with a frame number).

    >>> _names_files(["cat_000.jpg 0 1 20 30"], {"cat_000.jpg", "cat_000"}), _names_files(["1,1,590,40,30,60,1,1"], {"img000001"})
    (True, False)
    """
    firsts = (re.split(r"[\s,]+", line.strip(), maxsplit=1)[0] for line in lines if line.strip())
    return any(first in media_names or posixpath.basename(first) in media_names for first in firsts)


def sequence_row_files(config: ConvertConfig, sample: Sequence[str], media: Sequence[str], structure: object) -> dict[str, list[str]]:
    """Per class folder, the files outside every class folder named after it whose first lines are rows of numbers;
    {} unless most class folders (two at least) have one."""
    if structure is None:
        return {}
    folders = sorted({f for f in (_class_folder(p, structure) for p in media) if f})
    if len(folders) < 2:
        return {}
    names = {posixpath.basename(f): f for f in folders}
    inside = tuple(f + "/" for f in folders)
    candidates: dict[str, list[str]] = {}
    for path in sample:
        if layout.extension(path) not in _ROW_EXTENSIONS or path.startswith(inside):
            continue
        stem = layout.stem(path)
        for name, folder in names.items():
            if _named_after(stem, name):
                candidates.setdefault(folder, []).append(path)
    if len(candidates) < max(2, _SHARE * len(folders)):
        return {}
    media_names = {name for p in media for name in (posixpath.basename(p), layout.stem(p))}
    # (a file named as an input is, `boxes/cat/cat_000.txt` for `cat/cat_000.jpg`, is that image's annotation in a
    # mirror tree, no sequence's: a sequence's file is named after its folder, review27)
    candidates = {f: kept for f, paths in candidates.items() if (kept := [p for p in paths if layout.stem(p) not in media_names])}
    found: dict[str, list[str]] = {}
    opened = 0
    for folder, paths in sorted(candidates.items()):
        rows = []
        for path in sorted(paths)[:_PER_FOLDER]:
            if opened >= _OPENED:
                break
            opened += 1
            lines = label_file_found.head_lines(config, path)
            if file_signs.number_rows(lines) and not _names_files(lines, media_names):
                rows.append((-len(lines), path))
        if rows:  # the fullest first: a sequence's annotation rows before a one-line attribute file
            found[folder] = [path for _, path in sorted(rows)]
    return found if len(found) >= max(2, _SHARE * len(folders)) else {}


def check_sequence_rows(config: ConvertConfig, sample: Sequence[str], media: Sequence[str], structure: object) -> None:
    """Stop where the class folders are sequences whose rows of numbers lie in files named after them.

    Raises:
      UsageError: naming the folders, the files and the options.
    """
    found = sequence_row_files(config, sample, media, structure)
    if not found:
        return
    folders = sorted(found)
    shown = ", ".join(f + "/" for f in folders[:3]) + (f" and {len(folders) - 3} more" if len(folders) > 3 else "")
    files = [paths[0] for _, paths in sorted(found.items())]
    named = ", ".join(files[:3]) + (f" and {len(files) - 3} more" if len(files) > 3 else "")
    raise UsageError(
        f"the class folders {shown} are each named by a file of rows of numbers outside them ({named}): a sequence's "
        "annotations, a frame number and a box a row as tracking and video benchmarks ship them, so the folders are "
        "sequences, not classes; shardify does not read such rows as the frames' objects: --label-level 0 writes the "
        "frames without labels or objects"
    )
