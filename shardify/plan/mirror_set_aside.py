"""The options that convert the images alone where folders of id maps mirror a container of images.

CIHP's `Training/Images/` beside `Training/Category_ids/`, `Human_ids/`, `Instance_ids/` (each a map
per image of the same name): the stop that names them as masks named only a layout file's
`structure.mask_folders`, while two options convert the images right, unlabelled, with the maps set
aside: `--label-level 0` (the container `Images/` is no class) and one `--exclude` per map folder's
name. Said only where the folder mirrored is a container: a class folder mirrored (`cat/` by
`cat_masks/`) keeps its class, which `--label-level 0` would drop.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.plan.mirror_trees import MirrorPair
from shardify.plan.structure import is_container_name

__all__ = ["images_alone"]


def images_alone(pairs: Sequence[MirrorPair]) -> str:
    """"; or convert ... --label-level 0 --exclude ..." for the mirror folders of `pairs`, or "".

    >>> pair = lambda a, b: MirrorPair(a, b, (), ())
    >>> images_alone([pair("Training/Category_ids/", "Training/Images/"), pair("Validation/Human_ids/", "Validation/Images/")])
    "; or convert the images alone, unlabelled, the maps set aside: --label-level 0 --exclude '*/Category_ids' --exclude '*/Human_ids'"
    >>> images_alone([pair("cat_masks/", "cat/")])
    ''
    """
    if not pairs or not all(is_container_name(posixpath.basename(p.mirrored.rstrip("/"))) for p in pairs):
        return ""
    globs = []
    for pair in pairs:
        folder = pair.mirror.rstrip("/")
        glob = f"*/{posixpath.basename(folder)}" if "/" in folder else folder
        if glob not in globs:
            globs.append(glob)
    excludes = " ".join(f"--exclude '{glob}'" for glob in globs)
    return f"; or convert the images alone, unlabelled, the maps set aside: --label-level 0 {excludes}"
