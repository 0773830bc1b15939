"""Masks read by a name that says less than a mask folder's: opened before writing, to see they are masks.

Detection reads two kinds of files as the images' masks from their names alone
(`shardify.plan.mask_names`): a folder whose name's last word, past format and version words, names
masks beside one whose last word names images (DUT-OMRON's `pixelwiseGT-new-PNG/` beside
`DUT-OMRON-image/`), and files beside their image whose stems add an observer's word (CHASE_DB1's
`_1stHO`, `_2ndHO`). Such names are weaker signs than `SegmentationClass/` or `masks/`: a second
tree of photos so named (`<set>-GT-new/`, a `_manual` exposure of each photo) would be stored as
every record's "mask" with exit 0. (Names `folder_names.mask_named` reads, `DUTS-TR-Mask/`
among them, were read as masks before these kinds and are not opened here.) So a few of those files are opened: a mask holds few values (its classes, in one
channel or as a palette of colours); a photo holds many. Where none of the opened files is a
mask's kind of image, the run stops naming them and what decides.

Masks named plainly (`masks/`, `_mask`) are not opened here (the writer reads those,
`converters/masks.py`). A JPEG mask (Kvasir-SEG's) holds many grey values along its edges: it is
judged as the writer judges it, nearly all its pixels near black or white.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters.masks import MASK_EXTENSIONS
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout, mask_names
from shardify.plan.folder_names import mask_named
from shardify.plan.mirror_trees import MAX_MASK_VALUES

__all__ = ["check_mask_pixels", "many_valued"]

# A JPEG is a mask's kind of image where this share of its pixels lies within _NEAR of black or
# white (as `converters/masks.py` reads a JPEG mask).
_TWO_VALUED_SHARE = 0.95
_NEAR = 48
# Files opened per kind of mask so named, and the most bytes read of each.
_OPENED = 3
_MOST_BYTES = 16 << 20


def many_valued(data: bytes) -> bool | None:
    """Whether an image's bytes decode to more than MAX_MASK_VALUES distinct values, in any mode
    (a photo), or None where they do not decode (no sign either way)."""
    from PIL import Image  # imported when such masks are met, as the converters import it

    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.format == "JPEG":  # a two-valued mask blurred along its edges is still a mask (Kvasir-SEG's)
                histogram = image.convert("L").histogram()
                return sum(histogram[:_NEAR]) + sum(histogram[256 - _NEAR :]) < _TWO_VALUED_SHARE * sum(histogram)
            return image.getcolors(MAX_MASK_VALUES) is None
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


def _weakly_named(sample: Sequence[str], structure: object) -> dict[str, list[str]]:
    """{how they are named: the sampled files} read as masks by a weaker name (`mask_names`)."""
    found: dict[str, list[str]] = {}
    for folder in getattr(structure, "mask_folders", ()):
        parent, _, name = folder.rstrip("/").rpartition("/")
        within = parent + "/" if parent else ""
        siblings = {p[len(within) :].split("/", 1)[0] for p in sample if p.startswith(within) and "/" in p[len(within) :]}
        if not mask_named(name) and mask_names.paired_mask_folder(name, siblings):
            found[folder] = [p for p in sample if p.startswith(folder)]
    for word in getattr(structure, "mask_words", ()):
        if mask_names.observer_rank(word) is not None:
            found[f"files ending in _{word}"] = [
                p for p in sample if re.split(r"[._\- ]", layout.stem(p))[-1].lower() == word
            ]
    return {how: [p for p in files if layout.extension(p) in MASK_EXTENSIONS] for how, files in found.items()}


def _opened(config: ConvertConfig, relpath: str) -> bool | None:
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            return many_valued(fileobj.read(_MOST_BYTES))
    except (OSError, InvalidInputError):
        return None


def check_mask_pixels(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where the files read as masks by a weaker name are, as far as opened, all photos.

    Raises:
      UsageError: naming the files and what decides.
    """
    for how, files in _weakly_named(sample, detected.structure).items():
        seen = [(p, _opened(config, p)) for p in files[:_OPENED]]
        photos = [p for p, many in seen if many]
        if photos and not any(many is False for _, many in seen):
            raise UsageError(
                f"{how} ({', '.join(photos)}) named as masks of the images beside them, but holding photos' many "
                f"values, not a mask's few classes: not masks. Describe the dataset in a layout file "
                "(--dry-run --layout-file FILE writes the guess; `structure.mask_folders` and `structure.mask_words` "
                "say which files are masks: docs/layout-files.md), or move those files out of SRC"
            )
