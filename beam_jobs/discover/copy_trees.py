"""Parallel trees of one set of images: colour originals, a grey copy, masks. No class among them.

The Weizmann Horse Database ships `rgb/horse001.jpg`, `gray/horse001.jpg` (the same image in grey)
and `figure_ground/horse001.jpg` (its mask). Read as class folders, the mask guard
(beam_jobs/discover/guards.py `_check_mirror_masks`) stopped on `figure_ground/` as masks of `gray/`
and named a layout file's `structure.mask_folders` only; set aside so, the colour and grey copies
stayed two classes. What converts it is plain options: no class level (`--label-level 0`) and the
copies and masks left out (`--exclude 'gray' --exclude 'figure_ground'`), the colour images the records.

This module adds that remedy to the stop where it is sure: every other folder beside the masks
repeats the same file names (versions of one set of images, not classes, whose names would differ),
exactly one of them holds colour images, and each other holds grey ones (a copy made from it). Two
colour trees (a stereo pair's `left/`, `right/` beside `disparity/`) leave the choice of the input
to the user: nothing is added, the stop stays as it was. Two folders alone (images and masks) keep
the layout file's remedy, which pairs the masks with their images.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["copies_hint"]

# Share of a folder's stems the other folders must hold for one set of images, and images opened a folder.
_MOST = 0.9
_OPENED = 3
_BYTES = 16 << 20


def _colour(config: ConvertConfig, relpath: str) -> bool | None:
    """True for an image of colour, False for grey (one channel, or three equal), None unread."""
    from PIL import Image  # imported when a pair is met, as the converters import it

    try:
        with open_input(join_path(config.source, relpath)) as fileobj, Image.open(fileobj) as image:
            if image.mode in ("1", "L", "I", "I;16", "F", "LA"):
                return False
            rgb = image.convert("RGB").resize((16, 16))
            return any(len({r, g, b}) > 1 for r, g, b in rgb.getdata())
    except (OSError, InvalidInputError, ValueError, Image.DecompressionBombError):
        return None


def copies_hint(config: ConvertConfig, masks: Sequence[str], images: Sequence[str]) -> str:
    """The options that convert parallel trees of one set of images (module docstring), as a clause
    to add to the mask stop; "" where the folders are not sure copies of one colour tree.
    `masks`: the mask folders found ('/'-terminated); `images`: the sampled image paths."""
    parents = {posixpath.dirname(m.rstrip("/")) for m in masks}
    if len(parents) != 1:
        return ""
    parent = parents.pop()
    by_folder: dict[str, list[str]] = {}
    for path in images:
        folder = posixpath.dirname(path)
        if posixpath.dirname(folder) == parent:
            by_folder.setdefault(folder + "/", []).append(path)
    others = sorted(set(by_folder) - set(masks))
    if len(others) < 2 or any(m not in by_folder for m in masks):
        return ""
    stems = {f: {layout.stem(p) for p in paths} for f, paths in by_folder.items()}
    first = stems[others[0]]
    if any(len(first & stems[f]) < _MOST * max(len(first), len(stems[f])) for f in (*others, *masks)):
        return ""
    kinds = {}
    for folder in others:
        seen = {_colour(config, p) for p in by_folder[folder][:_OPENED]}
        if len(seen) != 1 or None in seen:
            return ""
        kinds[folder] = seen.pop()
    colour = [f for f in others if kinds[f]]
    if len(colour) != 1:
        return ""
    grey = [f for f in others if not kinds[f]]
    left_out = [f.rstrip("/") for f in (*grey, *masks)]
    options = " ".join(["--label-level 0", *(f"--exclude {f!r}" for f in left_out)])
    return (f"; {', '.join(others)} hold the same file names as well: one set of images, {colour[0]} in colour and "
            f"{', '.join(grey)} a grey copy, no classes: {options} converts the colour images unlabelled, the copies "
            "and masks left out")
