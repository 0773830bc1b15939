"""YOLO label folders kept apart from the images, under another tree, that name each image by its stem
alone: GRAZPEDWRI-DX's figshare release holds `images_part1/ .. images_part4/` of PNGs and, elsewhere,
`folder_structure/yolov5/labels/<stem>.txt` beside the `meta.yaml` of its class names.

Ultralytics pairs a label with its image by the path, the last `images` folder read as `labels`
(`object_evidence.yolo_labels`); here no `images` folder mirrors `labels/`, and read so, no label named
an image: the run stopped naming a metadata table's columns. A labels folder whose files' stems are the
stems of the sampled images (most of them), each stem one image's only, is paired by stem: the
evidence's key is the file name without its extension. Where two images share a stem the pairing could
be wrong, and the folder is left as before (a stem's image would take another's boxes).
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Mapping, Sequence

from shardify.plan import layout

__all__ = ["stem_paired"]


def stem_paired(by_folder: Mapping[str, Sequence[str]], sample: Sequence[str]) -> dict[str, list[str]]:
    """{labels folder: its files' stems} of the folders (`by_folder`: a `labels` folder -> its .txt files)
    whose files name sampled images by stem: at least half of them a stem that one sampled image has
    and no other, none lying in a folder of images, and no image within the labels folder.

    >>> sample = ["images_part1/a_1.png", "images_part2/b_2.png", "ys/labels/a_1.txt", "ys/labels/b_2.txt"]
    >>> stem_paired({"ys/labels": ["ys/labels/a_1.txt", "ys/labels/b_2.txt"]}, sample)
    {'ys/labels': ['a_1', 'b_2']}
    >>> stem_paired({"ys/labels": ["ys/labels/a_1.txt"]}, sample + ["copy/a_1.png"])  # a stem two images have
    {}
    """
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    stems = Counter(_stem(p) for p in images)
    paired = {}
    for folder, labels in sorted(by_folder.items()):
        if any(p.startswith(folder + "/") for p in images):
            continue  # images among the labels: a mirror or a beside layout, read by its own rule
        keys = [_stem(p) for p in labels]
        unique = [key for key in keys if stems.get(key) == 1]
        if keys and len(unique) * 2 >= len(keys) and not any(stems.get(key, 0) > 1 for key in keys):
            paired[folder] = keys
    return paired


def _stem(path: str) -> str:
    return posixpath.splitext(posixpath.basename(path))[0]
