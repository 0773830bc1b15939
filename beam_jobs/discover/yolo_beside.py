"""Darknet's YOLO layout (CVAT's 'YOLO 1.1' export, Roboflow's 'YOLO Darknet'): each image's `.txt` of
YOLO lines beside it in the same folder. Where a names file or `--label-names` names the classes,
they are read as they lie (`yolo_beside_read`); here, where nothing names them, the run stops.

Why: such a folder stopped as "files but no class folders, names or label files", offering
`--label-from-name`, `--labels` and `--label-level 0`, none of which reads the boxes (the last
writes the images with none); then as "move the files into images/ and labels/". Class numbers
written as names would be renumbered in string order, and guessed names could be wrong: the stop
names `--label-names FILE`, with an example, which then reads every box where the files lie.
Where most boxes of each folder are of one class number, a number of its own, the folders' names in their
numbers' order are what the file would hold (the African Wildlife set's buffalo/ 0, elephant/ 1, rhino/ 2,
zebra/ 3): the stop spells them, for the user to check against the README (stopvalues33).
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found, yolo_beside_read
from shardify.config import ConvertConfig
from shardify.errors import UsageError

__all__ = ["check_yolo_beside"]


def check_yolo_beside(config: ConvertConfig, sample: Sequence[str], annotations: Sequence[str]) -> list[str]:
    """The folders of rows of numbers named like the images (`annotations`) that hold YOLO lines
    beside the images themselves, where a names file or `--label-names` names their classes (read
    by `yolo_beside_read`); [] where there are none.

    Raises:
      UsageError: such folders, and nothing names their classes: naming `--label-names FILE`.
    """
    if config.label_from_name or config.label_level is not None or config.labels_file:
        return []
    beside = [folder for folder in yolo_beside_read.beside_folders(config, sample) if folder in annotations]
    if not beside:
        return []
    if yolo_beside_read.class_names(config, sample, beside) is not None:
        return beside  # read as they lie, their classes named (yolo_beside_read)
    shown = ", ".join(f"{f or '.'}/" for f in beside[:3]) + (" and more" if len(beside) > 3 else "")
    raise UsageError(
        f"{shown} hold YOLO labels (class cx cy w h) in .txt files beside their images (Darknet's layout), and no "
        "names file (obj.names, classes.txt, _darknet.labels) names their classes: name them with "
        "--label-names FILE, a file of the class names one a line in the labels' number order, as the dataset's README "
        "lists them (e.g. a file holding the one line 'grape_cluster' for a single class 0, or 'car', 'person', 'bicycle' "
        f"on three lines for 0, 1, 2){_by_folder(config, sample, beside)}; --label-level 0 writes the images without their boxes"
    )


# Label files of a folder read to find its class numbers (the first lines of each).
_FILES_READ = 8


def _by_folder(config: ConvertConfig, sample: Sequence[str], beside: Sequence[str]) -> str:
    """Where most boxes of each folder of `beside` (two in three or more) are of one class number, its own, and the
    numbers run 0..n-1 over the n folders: the folders' names in the numbers' order, as the `--label-names`
    file would list them (a photo of a buffalo may show an elephant too); else ""."""
    ones: dict[str, str] = {}
    for folder in beside:
        files = [p for p in sample if posixpath.dirname(p) == folder and p.endswith(".txt")][:_FILES_READ]
        found = Counter(line.split()[0] for path in files for line in label_file_found.head_lines(config, path) if line.split())
        if found and (top := found.most_common(1)[0])[1] * 3 >= sum(found.values()) * 2:
            ones[folder] = top[0]
    if not _folder_names_ok(beside, ones):
        return ""
    order = sorted(ones, key=lambda folder: int(ones[folder]))
    spelled = ", ".join(f"{posixpath.basename(f)!r}" for f in order)
    return (f"; here most boxes of each folder are of one class number ({', '.join(f'{posixpath.basename(f)}/ {ones[f]}' for f in order)}):"
            f" if the folders name their classes, the file's lines are {spelled}")


def _folder_names_ok(beside: Sequence[str], ones: dict[str, str]) -> bool:
    """Each folder of `beside` has its class number (`ones`), all of them folders with names, the numbers 0..n-1.

    >>> _folder_names_ok(["a", "b"], {"a": "1", "b": "0"}), _folder_names_ok(["a", "b"], {"a": "0", "b": "0"}), _folder_names_ok(["", "b"], {"": "0", "b": "1"})
    (True, False, False)
    """
    return (len(beside) > 1 and len(ones) == len(beside) and all(beside)
            and sorted(ones.values(), key=lambda n: int(n) if n.isdigit() else -1) == [str(i) for i in range(len(beside))])
