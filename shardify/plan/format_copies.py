"""One dataset shipped twice, its images copied into a tree per annotation format (issue 30).

HIT-UAV's archive holds every frame in `normal_json/<split>/` (COCO files in `normal_json/annotations/`)
and again in `normal_xml/JPEGImages/` (Pascal VOC XMLs in `normal_xml/Annotations/`). Read whole, the
two top folders were taken for classes, the VOC objects named other things than them, and the run
stopped offering `--label-level 0`, which then rejected every frame as named twice: no option
converted it. Where the images beside an annotation tree (the nearest folder above its annotations
that holds images) repeat by name, nearly all of them, images outside that folder, the tree is a copy,
and a stop names `--exclude` of it: the other copy is then read alone.

Nothing here reads a file: the caller hands in the listed paths.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.plan.layout import IMAGE_EXTENSIONS, extension

__all__ = ["copied_tree"]

# Of a tree's image names, the tenths that must lie outside it as well for it to be a copy.
_COPIED_TENTHS = 9


def copied_tree(annotation: str, paths: Sequence[str]) -> tuple[str, tuple[str, ...]] | None:
    """(the copy: the folder holding the images of the annotation file `annotation`, the sibling folders holding
    the other copies' images), where nearly all of the first's image names lie also under those siblings; else None.

    >>> paths = ["H/xml/JPEGImages/a.jpg", "H/xml/JPEGImages/b.jpg", "H/json/train/a.jpg", "H/json/test/b.jpg"]
    >>> copied_tree("H/xml/Annotations/a.xml", paths)
    ('H/xml', ('H/json',))
    >>> copied_tree("H/xml/Annotations/a.xml", paths + ["H/rot/a.jpg", "H/rot/b.jpg"])
    ('H/xml', ('H/json', 'H/rot'))
    >>> copied_tree("H/xml/Annotations/a.xml", paths[:2] + ["H/json/train/c.jpg"]) is None
    True
    """
    images = [p for p in paths if extension(p) in IMAGE_EXTENSIONS]
    folder = posixpath.dirname(annotation)
    inside: list[str] = []
    while folder:
        inside = [p for p in images if p.startswith(folder + "/")]
        if inside:
            break
        folder = posixpath.dirname(folder)
    if not folder:
        return None
    parent = posixpath.dirname(folder)
    depth = parent.count("/") + 1 if parent else 0
    copies: dict[str, set[str]] = {}  # a sibling folder of `folder`: the image names it holds
    for p in images:
        if not p.startswith(folder + "/") and (not parent or p.startswith(parent + "/")) and p.count("/") > depth:
            copies.setdefault("/".join(p.split("/")[: depth + 1]), set()).add(posixpath.basename(p))
    names = {posixpath.basename(p) for p in inside}
    others = tuple(sorted(c for c, held in copies.items() if len(names & held) * 10 >= len(names) * _COPIED_TENTHS))
    return (folder, others) if others else None
