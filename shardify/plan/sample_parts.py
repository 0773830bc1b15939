"""Folders of one sample's parts: `<id>/<id>_<part>/`, one part the image, the others its masks.

Some segmentation downloads keep one folder per sample and, inside it, one folder per part, each
named after the sample: PH2's `IMD002/IMD002_Dermoscopic_Image/IMD002.bmp` beside
`IMD002/IMD002_lesion/IMD002_lesion.bmp` and `IMD002/IMD002_roi/IMD002_R1_Label_2.bmp`. No part
is named as masks (`lesion`, `roi`), so the mask words (`structure.MASK_FOLDER_WORDS`) missed
them, and every part became a record of a class named by its sample with exit 0.

The sign is structural, whatever the words: most sample folders hold two or more folders named
`<sample><separator><part>`, the same parts in each; the part whose files are named exactly as
the sample (`IMD002.bmp`) holds the sample's image, and the parts whose files' names extend the
sample's name (`IMD002_lesion.bmp`) hold its masks. A folder whose subfolders do not repeat its
own name (`cat/indoor/`, `cat/outdoor/`) is no sample, nor is one whose parts all name their
files otherwise: both are left to the class rules.

Plain functions of relative paths; nothing is opened.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Sequence

__all__ = ["part_mask_folders"]

# At least this many sample folders, and this share of them holding parts, before the parts are
# read as such: two samples could share part names by chance.
_MIN_SAMPLES = 3
_MOST = 0.8
_SEPARATORS = "_-. "


def _part_name(sample: str, folder: str) -> str:
    """The part word of `folder` named `<sample><sep><part>`, lower-case, or ""."""
    if len(folder) > len(sample) + 1 and folder[: len(sample)].lower() == sample.lower() and folder[len(sample)] in _SEPARATORS:
        return folder[len(sample) + 1 :].lower()
    return ""


def part_mask_folders(inputs: Sequence[str]) -> set[str]:
    """The part folders ('/'-terminated) of one-folder-per-sample layouts that hold masks, not
    inputs (see the module's docstring); empty where the paths show none.

    >>> paths = [f"s/IMD{n}/IMD{n}_{part}/{name}.bmp" for n in (2, 3, 4)
    ...          for part, name in (("Dermoscopic_Image", f"IMD{n}"), ("lesion", f"IMD{n}_lesion"))]
    >>> sorted(part_mask_folders(paths))
    ['s/IMD2/IMD2_lesion/', 's/IMD3/IMD3_lesion/', 's/IMD4/IMD4_lesion/']
    >>> part_mask_folders([f"pets/cat/{p}/{n}.jpg" for p in ("indoor", "outdoor") for n in (1, 2)])
    set()
    """
    # sample folder -> {part folder: [file stems]}
    samples: dict[str, dict[str, list[str]]] = {}
    for relpath in inputs:
        parts = relpath.split("/")
        if len(parts) < 3:
            continue
        sample, folder = parts[-3], parts[-2]
        if _part_name(sample, folder):
            key = "/".join(parts[:-2])
            samples.setdefault(key, {}).setdefault(folder, []).append(posixpath.splitext(parts[-1])[0])
    by_parent = Counter(key.rpartition("/")[0] for key, held in samples.items() if len(held) >= 2)
    masks: set[str] = set()
    for parent, count in by_parent.items():
        siblings = [key for key in samples if key.rpartition("/")[0] == parent]
        if count < _MIN_SAMPLES or count < _MOST * len(siblings):
            continue
        for key in siblings:
            sample = key.rpartition("/")[2]
            held = samples[key]
            images = [f for f, stems in held.items() if all(s.lower() == sample.lower() for s in stems)]
            if len(images) != 1:
                continue
            for folder, stems in held.items():
                if folder not in images and all(re.match(re.escape(sample) + f"[{re.escape(_SEPARATORS)}]", s, re.I) for s in stems):
                    masks.add(f"{key}/{folder}/")
    return masks
