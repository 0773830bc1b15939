"""Darknet's YOLO layout (CVAT's 'YOLO 1.1' export, Roboflow's 'YOLO Darknet'): each image's `.txt` of
YOLO lines beside it in the same folder. Where a names file or `--label-names` names the classes,
they are read as they lie (`yolo_beside_read`); here, where nothing names them, the run stops.

Why: such a folder stopped as "files but no class folders, names or label files", offering
`--label-from-name`, `--labels` and `--label-level 0`, none of which reads the boxes (the last
writes the images with none); then as "move the files into images/ and labels/". Class numbers
written as names would be renumbered in string order, and guessed names could be wrong: the stop
names `--label-names FILE`, with an example, which then reads every box where the files lie.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.discover import yolo_beside_read
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
        "on three lines for 0, 1, 2); --label-level 0 writes the images without their boxes"
    )
