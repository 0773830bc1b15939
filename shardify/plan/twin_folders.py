"""Two modalities of one scene: the same stems in sibling folders, each with its own annotation folder.

DroneVehicle ships each scene twice, visible and infrared: `train/trainimg/00001.jpg` and
`train/trainimgr/00001.jpg`, annotated apart in `train/trainlabel/00001.xml` and
`train/trainlabelr/00001.xml`. Keyed by stem, `00001` named two images and two annotations, and every
image was rejected ("names 2 files"). The folders pair themselves: one word replaced in the same place
(`img` -> `label`) turns each image folder into its own annotation folder, the rest of the name (`r`)
kept. Where one such replacement pairs every image with a distinct annotation folder, each image takes
its own; any other shape (two replacements, an image with no partner) is no pairing, and the rejects
stand.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

__all__ = ["pair_folders"]


def _replacement(image_folder: str, annotation_folder: str) -> tuple[str, str]:
    """The middle of each path once their common start and end are cut.

    >>> _replacement("train/trainimgr", "train/trainlabelr"), _replacement("train/trainimg", "train/trainlabelr")
    (('img', 'label'), ('img', 'labelr'))
    """
    start = len(posixpath.commonprefix([image_folder, annotation_folder]))
    a, b = image_folder[start:], annotation_folder[start:]
    end = len(posixpath.commonprefix([a[::-1], b[::-1]]))
    return (a[: len(a) - end], b[: len(b) - end])


def pair_folders(image_folders: Sequence[str], annotation_folders: Sequence[str]) -> dict[str, str] | None:
    """{image folder: its annotation folder} where one replacement pairs every image folder with a
    distinct annotation folder, else None (see the module's docstring).

    >>> pair_folders(["t/trainimg", "t/trainimgr"], ["t/trainlabel", "t/trainlabelr"])
    {'t/trainimg': 't/trainlabel', 't/trainimgr': 't/trainlabelr'}
    >>> pair_folders(["rgb", "thermal"], ["rgb_labels", "thermal_labels"])
    {'rgb': 'rgb_labels', 'thermal': 'thermal_labels'}
    >>> pair_folders(["a/img", "b/img"], ["labels"]) is None  # two images, one annotation: no pairing
    True
    """
    folders, targets = sorted(set(image_folders)), sorted(set(annotation_folders))
    if len(folders) < 2 or len(folders) != len(image_folders) or len(targets) != len(folders):
        return None
    found = []
    for replacement in sorted({_replacement(f, t) for f in folders for t in targets}):
        if not any(replacement):
            continue
        pairs = {f: [t for t in targets if _replacement(f, t) == replacement] for f in folders}
        if all(len(ts) == 1 for ts in pairs.values()) and len({ts[0] for ts in pairs.values()}) == len(folders):
            found.append({f: ts[0] for f, ts in pairs.items()})
    return found[0] if len(found) == 1 else None
