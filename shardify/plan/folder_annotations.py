"""Annotation files one per class folder, read by nothing: the folders may be recordings, not classes.

Where detection labels the inputs by their folders (a guess), a folder that holds, beside its inputs,
one file of annotations of its own, and every other folder one of the same kind, is a unit of
recording (a video, a sequence, a session) whose file annotates its frames: EgoHands'
`_LABELLED_SAMPLES/<ACTIVITY_PLACE_A_B>/` each hold their frames and one `polygons.mat` of the
hands in them, and were written with exit 0 labelled by the video's name, the hands dropped. The
folders' names are then no classes, whatever the dataset; the labels or objects are in the files.

The sign, a plain function of the sampled paths and the first lines of the text files (no I/O;
`beam_jobs/discover/folder_annotation_checks.py` reads them and stops): at least `MIN_FOLDERS`
class folders, and at least half of those sampled, hold directly one file each, read by no
evidence, of one annotation kind:

  a container       MATLAB, NumPy, pickle or HDF5 data (`CONTAINERS`): binary, nothing here reads
                    what it says of the frames, and a class needs no data file of its own;
  rows of numbers   a table whose first rows are mostly `MIN_NUMBERS` numbers or more (boxes, points
                    or tracks by frame: GOT-10k's `groundtruth.txt`); a table of words (a class's
                    description, its synonyms) is no sign.

What counts as a container, and how many numbers make a row of coordinates, is data.
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from shardify.inputs.whole_numbers import is_decimal

__all__ = ["CONTAINERS", "MIN_FOLDERS", "ROW_TABLES", "PerFolder", "folder_files", "numbers_rows", "per_folder"]

# Data files whose content no reader here takes apart for a folder's frames (extensions).
CONTAINERS = frozenset({"mat", "npy", "npz", "pkl", "pickle", "h5", "hdf5"})
# Text tables whose rows may be coordinates by frame (extensions).
ROW_TABLES = frozenset({"txt", "csv", "tsv"})
# A per-folder file is seen in at least this many class folders (one could be a stray file).
MIN_FOLDERS = 2
# A row of at least this many numbers: a box (x, y, w, h), a polygon or a track.
MIN_NUMBERS = 4
_CELL_SPLIT = re.compile(r"[\s,;]+")


@dataclass(frozen=True)
class PerFolder:
    """Files of one kind, one per class folder: the kind ("container" or "rows of numbers"), the files
    (sorted) and how many class folders were sampled."""

    kind: str
    files: tuple[str, ...]
    folders: int


def _extension(path: str) -> str:
    return posixpath.splitext(path)[1].lower().lstrip(".")


def numbers_rows(lines: Sequence[str]) -> bool:
    """A table's first non-empty rows are each `MIN_NUMBERS` numbers or more (one header row allowed).

    >>> numbers_rows(["198,214,34,81", "197,214,34,81"]), numbers_rows(["a pale red apple", "sold by weight"])
    (True, False)
    """
    rows = [line.strip() for line in lines if line.strip()][:20]
    if not rows:
        return False
    numeric = sum(sum(is_decimal(c) for c in _CELL_SPLIT.split(row) if c) >= MIN_NUMBERS for row in rows)
    return numeric >= 1 and numeric >= len(rows) - 1  # one header row allowed


def folder_files(sample: Sequence[str], inputs: Sequence[str], label_of: Callable[[str], str | None],
                 skipped: Callable[[str], bool]) -> dict[str, list[str]]:
    """Class folder -> the non-input files directly in it that `skipped` keeps (read by no evidence,
    no documentation, no mask), for the folders the plan labels inputs by.

    Args:
      sample: the sampled paths relative to SRC.
      inputs: the sampled inputs.
      label_of: the plan's label of an input (its class folder's name), None where unlabelled.
      skipped: whether a file is out of the question (read, documentation, a mask).

    Files named after one of the folder's inputs are that input's (`companion`), not the folder's.
    """
    folders = set()
    for path in inputs:
        label = label_of(path)
        if label is None:
            continue
        parts = path.split("/")
        # the class folder: the deepest ancestor named as the label (its level is the plan's)
        for depth in range(len(parts) - 1, 0, -1):
            if parts[depth - 1] == label:
                folders.add("/".join(parts[:depth]))
                break
    taken = set(inputs)
    stems: dict[str, set[str]] = defaultdict(set)
    for path in inputs:
        stems[posixpath.dirname(path)].add(_stem(path))
    found: dict[str, list[str]] = {folder: [] for folder in folders}
    for path in sample:
        folder = posixpath.dirname(path)
        if folder in found and path not in taken and not skipped(path) and not _companion(_stem(path), stems[folder]):
            found[folder].append(path)
    return found


def _stem(path: str) -> str:
    return posixpath.splitext(posixpath.basename(path))[0].lower()


def _companion(stem: str, inputs: set[str]) -> bool:
    """A file named after one input of its folder (`heron_0001.npz` beside `heron_0001.png`, `img_1_ann.mat`
    beside `img_1.jpg`) is that input's own, not the folder's."""
    return any(stem == s or (stem.startswith(s) and stem[len(s)] in "_-. ") for s in inputs)


def per_folder(files: Mapping[str, Sequence[str]], heads: Mapping[str, Sequence[str]]) -> PerFolder | None:
    """The sign, where class folders hold one annotation file each (`files` as `folder_files` gives
    them; `heads` the first lines of the text tables among them), or None.

    >>> files = {"v1": ["v1/polygons.mat"], "v2": ["v2/polygons.mat"], "v3": ["v3/polygons.mat"]}
    >>> per_folder(files, {}).files
    ('v1/polygons.mat', 'v2/polygons.mat', 'v3/polygons.mat')
    >>> per_folder({"apple": ["apple/about.txt"], "pear": ["pear/about.txt"]},
    ...            {"apple/about.txt": ["a pale red apple"], "pear/about.txt": ["a green pear"]}) is None
    True
    """
    if len(files) < MIN_FOLDERS:
        return None
    kinds: dict[str, list[str]] = defaultdict(list)
    for paths in files.values():
        for kind in ("container", "rows of numbers"):
            mine = [p for p in paths if _kind(p, heads) == kind]
            if len(mine) == 1:  # one such file: the folder's own (several would be per-input files)
                kinds[kind].append(mine[0])
    for kind, chosen in sorted(kinds.items()):
        if len(chosen) >= MIN_FOLDERS and 2 * len(chosen) >= len(files):
            return PerFolder(kind, tuple(sorted(chosen)), len(files))
    return None


def _kind(path: str, heads: Mapping[str, Sequence[str]]) -> str:
    ext = _extension(path)
    if ext in CONTAINERS:
        return "container"
    if ext in ROW_TABLES and numbers_rows(heads.get(path, ())):
        return "rows of numbers"
    return ""
