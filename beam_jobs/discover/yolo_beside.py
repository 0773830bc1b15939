"""Darknet's YOLO layout (CVAT's 'YOLO 1.1' export): each image's `.txt` of YOLO lines beside it in
the same folder, the class names in a `.names` file (`obj.names`), `obj.data` and `train.txt`
beside. shardify reads YOLO labels from a `labels/` folder mirroring `images/` (Ultralytics'
layout) only.

Why: such a folder stopped as "files but no class folders, names or label files", offering
`--label-from-name`, `--labels` and `--label-level 0`, none of which reads the boxes (the last
writes the images with none), and `--label-names obj.names` gave the same stop. Until the layout is
read as it is, the stop names what converts it: the files moved into Ultralytics' folders and the
class names given, which then reads every box.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found, yolo_unnamed
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout

__all__ = ["check_yolo_beside"]

# Label files opened per folder to tell YOLO lines from other rows of numbers.
_FILES = 3

def check_yolo_beside(config: ConvertConfig, sample: Sequence[str], annotations: Sequence[str]) -> None:
    """Stop where folders of rows of numbers named like the images (`annotations`) hold YOLO lines
    beside the images themselves, naming the folders, the class names file and what converts them.

    Raises:
      UsageError: as above.
    """
    if config.label_from_name or config.label_level is not None or config.labels_file:
        return
    images = {posixpath.dirname(p) for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    beside = []
    for folder in annotations:
        if folder not in images:
            continue
        texts = sorted(p for p in sample if posixpath.dirname(p) == folder and layout.extension(p) == "txt")
        heads = [label_file_found.head_lines(config, p) for p in texts[: _FILES * 4]]
        filled = [h for h in heads if any(line.strip() for line in h)][:_FILES]
        if filled and all(yolo_unnamed.is_yolo_text(h) for h in filled):
            beside.append(folder)
    if not beside:
        return
    names = yolo_unnamed.names_files(sample)
    shown = ", ".join(f"{f or '.'}/" for f in beside[:3]) + (" and more" if len(beside) > 3 else "")
    given = f"--label-names {names[0]}" if names else "--label-names FILE (the class names, one a line, in number order)"
    raise UsageError(
        f"{shown} hold YOLO labels (class cx cy w h) in .txt files beside their images (Darknet's layout, CVAT's "
        f"'YOLO 1.1' export{': class names in ' + names[0] if names else ''}), which shardify reads only from a labels/ "
        "folder mirroring images/ (Ultralytics' layout). To convert the boxes: move each folder's images to "
        f"images/<split>/ and its .txt files to labels/<split>/ (unpacked, if in an archive), then convert with {given}; "
        "--label-level 0 writes the images without their boxes"
    )
