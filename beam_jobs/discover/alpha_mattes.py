"""A tree of alpha mattes beside the photos they cut out (AISegment's portrait matting): said before writing.

AISegment's `matting_human_half` holds `clip_img/<date>/clip_<n>/<date>-<n>.jpg` and, mirroring it,
`matting/<date>/matting_<n>/<date>-<n>.png`: each PNG the photo with an alpha channel, the alpha
the person's matte (checked by search, 2026-11-28: loaders pair them by replacing `clip_img` with
`matting` and `clip_` with `matting_`, and read the PNG's fourth channel). Read as it was, the
first command stopped on the date folders, and `--label-level 0` wrote each matte as a record of
its own beside its photo: twice the records, exit 0. A segmentation record holds a PNG of class
indices (docs/records.md), and a matte's alpha is a soft 0-255 coverage, no class: storing it as one
would hand a reader 256 classes. So the stop names both trees and the options that write something
right: the photos alone (`--exclude` of the mattes' tree), or the mattes as their own records.

Where the PNGs' alpha is all opaque they are no mattes (a PNG copy of each photo): left to the
rules that read twin formats. Plain functions over the sample's paths and a few files' headers.
"""

from __future__ import annotations

import io
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["check_alpha_mattes", "matte_pairs"]

# Share of the PNG tree's sampled files whose stem names a photo elsewhere; PNGs opened to see their alpha.
_MOST = 0.8
_OPENED = 3
_MATTE_BYTES = 16 << 20
_PHOTO_EXTENSIONS = ("jpg", "jpeg")


def _parting(png: str, photo: str) -> tuple[str, str] | None:
    """The folders where a PNG's tree and its photo's part ('a/matting', 'a/clip_img' for
    'a/matting/1/m_0/1-3.png' beside 'a/clip_img/1/c_0/1-3.jpg'), or None where one lies above the other."""
    a, b = png.split("/")[:-1], photo.split("/")[:-1]
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if i >= len(a) or i >= len(b):
        return None
    return "/".join(a[: i + 1]), "/".join(b[: i + 1])


def matte_pairs(images: Sequence[str]) -> tuple[str, str, list[str]] | None:
    """(the photos' tree, the PNGs' tree, the PNGs named as photos) where every sampled PNG of one
    tree shares its stem with a JPEG of one other tree, the two parting at any depth (the download's
    `matting_human_half/` above both, as Kaggle ships it, as well as SRC itself), or None.

    >>> matte_pairs(["clip_img/1/clip_0/1-3.jpg", "matting/1/matting_0/1-3.png", "matting/1/matting_0/1-4.png",
    ...              "clip_img/1/clip_0/1-4.jpg"])
    ('clip_img', 'matting', ['matting/1/matting_0/1-3.png', 'matting/1/matting_0/1-4.png'])
    >>> matte_pairs(["h/clip_img/1/c_0/1-3.jpg", "h/matting/1/m_0/1-3.png", "h/matting/1/m_0/1-4.png", "h/clip_img/1/c_0/1-4.jpg"])
    ('h/clip_img', 'h/matting', ['h/matting/1/m_0/1-3.png', 'h/matting/1/m_0/1-4.png'])
    >>> matte_pairs(["a/1-3.jpg", "a/1-3.png", "a/1-4.jpg", "a/1-4.png"]) is None  # one folder: twin formats, not trees
    True
    """
    photos: dict[str, list[str]] = {}
    for path in images:
        if layout.extension(path) in _PHOTO_EXTENSIONS:
            photos.setdefault(layout.stem(path), []).append(path)
    pngs = [p for p in images if layout.extension(p) == "png"]
    trees: dict[str, set[str]] = {}  # the PNGs' tree -> the photos' trees its PNGs name
    named: dict[str, set[str]] = {}
    for png in pngs:
        for photo in photos.get(layout.stem(png), ()):
            parted = _parting(png, photo)
            if parted:
                trees.setdefault(parted[0], set()).add(parted[1])
                named.setdefault(parted[0], set()).add(png)
    for folder, others in sorted(trees.items()):
        in_tree = [p for p in pngs if p.startswith(folder + "/")]
        if len(named[folder]) >= 2 and len(named[folder]) >= _MOST * len(in_tree) and len(others) == 1:
            return others.pop(), folder, sorted(named[folder])
    return None


def _alpha_varies(config: ConvertConfig, relpath: str) -> bool:
    """Whether the PNG at `relpath` has an alpha channel that is not all opaque (a matte)."""
    from PIL import Image  # imported when a pair is met, as the converters import it

    try:
        with open_input(join_path(config.source, relpath)) as fileobj, Image.open(io.BytesIO(fileobj.read(_MATTE_BYTES))) as image:
            if image.mode not in ("RGBA", "LA", "PA"):
                return False
            low, _ = image.getchannel("A").getextrema()
            return low < 255
    except (OSError, ValueError):
        return False  # unreadable: the pipeline reports what it cannot read


def check_alpha_mattes(config: ConvertConfig, sample: Sequence[str]) -> None:
    """Stop where a tree of PNGs with alpha mattes mirrors the photos beside it by name.

    Raises:
      UsageError: naming both trees, why the mattes are not read as masks, and the options.
    """
    if config.layout or config.layout_given is not None:
        return
    images = [p for p in sample if layout.is_media_file(p, "image")]
    found = matte_pairs(images)
    if found is None:
        return
    photos, mattes, named = found
    opened = named[:_OPENED]
    if not all(_alpha_varies(config, p) for p in opened):
        return
    example = next(p for p in images if layout.extension(p) in _PHOTO_EXTENSIONS and layout.stem(p) == layout.stem(named[0]))
    raise UsageError(
        f"{mattes}/ mirrors {photos}/ by name ({named[0]} beside {example}), and its PNGs carry an alpha channel that "
        f"is not all opaque ({', '.join(posixpath.basename(p) for p in opened)} opened): alpha mattes, as AISegment's "
        f"matting/ beside clip_img/. A matte's alpha is a soft 0-255 coverage, not the class indices a segmentation "
        f"record stores, so shardify does not read it as the photos' mask: --exclude '{mattes}/**' --label-level 0 to "
        f"write the photos alone, unlabelled (the mattes left in {mattes}/), or --exclude '{photos}/**' --label-level 0 "
        "to write the mattes as records of their own (the photo is in their RGB channels)"
    )
