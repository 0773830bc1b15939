"""Which kind of image a source's masks are, from the first few opened: so the writer can tell a photo among them.

Detection takes a folder for masks by its name or shape and opens a few of its files at most
(`mask_pixels`: three, and only for weaker names); the writer stored whatever decoded at the
image's size, so a full-colour photo past those few (a picture dropped into `masks/`) was written
as its image's classes with exit 0. A count of colours in every mask at write time could not tell
a photo from a colour-coded mask (SUIM's, Cityscapes' colours, JPEG masks' artefacts) and was taken
out. What tells them apart is the masks around it: where every mask opened here is one channel (or
grey in three) of few values, or a palette of few colours (`mirror_trees.few_valued`), the layout
says so (`SourceLayout.masks_indexed`), and the writer rejects a mask of more colours than a mask
holds, in colour or as a palette, naming the file (`converters/masks.py`). Colour masks leave the
flag off and are stored as before. Masks set aside but stored with no record (Oxford-IIIT Pet's
trimaps beside images labelled by their names: no segmentation-mask evidence) are neither counted
nor named: the plan once promised a colour trimap would be its image's reject, and none was.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters.masks import MASK_EXTENSIONS
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.evidence import SEGMENTATION_MASKS
from shardify.plan.mirror_trees import MAX_MASK_VALUES, few_valued

__all__ = ["with_mask_modes"]

# Masks opened (the first in path order), and the most bytes read of each: as `mask_pixels` opens.
_OPENED = 3
_MOST_BYTES = 16 << 20


def with_mask_modes(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with `masks_indexed` set where it stores masks (SEGMENTATION_MASKS evidence; the files
    `Structure.is_mask_file` names) and more than half of the first `_OPENED` sampled masks are one
    channel of at most MAX_MASK_VALUES values or a palette of as few (a photo first among them is one of the writer's rejects too); unchanged where
    most are in colour or do not decode, or none was sampled."""
    structure = detected.structure
    if structure is None or detected.media != "image" or detected.masks_indexed:
        return detected
    if not any(found.kind == SEGMENTATION_MASKS for found in detected.evidence):
        return detected  # (no record stores these masks: the writer never reads them, so none is a reject)
    masks = sorted(p for p in sample if layout.extension(p) in MASK_EXTENSIONS and structure.is_mask_file(p))[:_OPENED]
    if sum(_opened(config, p) for p in masks) * 2 <= len(masks):
        return detected
    note = (f"masks of one channel or a palette, at most {MAX_MASK_VALUES} values ({', '.join(masks)} opened): "
            "a mask in colour or of more values is its image's reject")
    return dataclasses.replace(detected, masks_indexed=True, notes=(*detected.notes, note))


def _opened(config: ConvertConfig, relpath: str) -> bool:
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            return bool(few_valued(fileobj.read(_MOST_BYTES)))
    except (OSError, InvalidInputError):
        return False
