"""Masks the listing leaves out, counted where detection judges a folder of masks.

Detection decides that a folder holds the images' masks when nearly every sampled image has one
there (`describe.segmentation_masks`). The sample holds only what the listing accepts: a mask
that is a link leading outside SRC, or a pipe, is never in it, and its image looked maskless.
One such mask among eight images put the folder under the bar; it was not taken for masks, and
the run stopped asking for labels without naming the link. Counted here as present, the folder is
read as masks, and the pipeline rejects that image naming its mask (`discover/evidence.py`).

Only local sources have such files (an object store lists no links or pipes); only the folders
where a sampled image's mask would lie are listed, each once.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable

from shardify.beam_jobs.discover.listing import why_unlisted
from shardify.config import ConvertConfig
from shardify.converters.masks import MASK_EXTENSIONS
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan import layout
from shardify.plan.structure import mask_key

__all__ = ["unlisted_masks"]

# Images whose mask is looked for: the sample's uncovered ones, at most this many (a folder most
# of whose images lack a mask is no masks folder whatever the listing left out).
_MAX_LOOKED_FOR = 64


def unlisted_masks(config: ConvertConfig, folder: str, keys: Iterable[str]) -> set[str]:
    """The `keys` (a mask's path under `folder`, '/'-terminated or "", without extension) whose
    mask lies there but the listing leaves out (`listing.why_unlisted`)."""
    if not is_local_path(config.source):
        return set()
    masks_in: dict[str, dict[str, list[str]]] = {}  # folder -> mask key -> its mask files' names
    found = set()
    for key in list(keys)[:_MAX_LOOKED_FOR]:
        sub, _, stem = key.rpartition("/")
        where = folder + (sub + "/" if sub else "")
        if where not in masks_in:
            masks_in[where] = _masks_by_key(config, where)
        if any(why_unlisted(config.source, where + name, follow_outside_links=config.follow_outside_links)
               for name in masks_in[where].get(stem, ())):
            found.add(key)
    return found


def _masks_by_key(config: ConvertConfig, where: str) -> dict[str, list[str]]:
    """The names of the mask files in the folder `where` (relative to SRC), by their mask key."""
    try:
        names = sorted(os.listdir(join_path(config.source, where.rstrip("/")) if where else config.source))
    except OSError:
        return {}
    by_key: dict[str, list[str]] = {}
    for name in names:
        if layout.extension(name) in MASK_EXTENSIONS:
            by_key.setdefault(mask_key(posixpath.splitext(name)[0]), []).append(name)
    return by_key
