"""Masks sharing their image's folder and name, in another format: masks, never records of the folder's class.

FSS-1000 (Li et al. 2020) ships a folder per class, each holding `1.jpg` .. `10.jpg` and their masks
`1.png` .. `10.png` (black and white): the same name, another extension, one folder. Read as class
folders, every mask was an image of its class beside its photo, with exit 0. Where several images of
the class folders share folder and stem with an image of another format, a few of each format are
opened (`mask_pixels.many_valued`): where one format's files are all a mask's kind of image (few
values, or a JPEG's two) and the other's all photos, the plan stops, naming the pairs and the
`--exclude` that leaves the masks out. Two formats both photos (a download shipping each picture as
JPEG and PNG) are no masks and are left to the other checks.

ETH-80 (Leibe and Schiele 2003) keeps them one folder down, named with a word more: each object folder
`apple1/` holds `apple1-000-000.png` and `maps/apple1-000-000-map.png`, its silhouette. Read as class
folders, every silhouette was an image of its class, with exit 0. Images in a folder right under an
image's folder whose stem is that image's stem and one word more (`-map`, `_mask`, `_gt`) are judged
alike (`nested_pairs`), and the stop names `--exclude '**/<folder>/**'`.
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Callable, Sequence

from shardify.beam_jobs.discover.mask_pixels import many_valued
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.excludes import Excludes
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["check_stem_masks", "nested_pairs", "stem_pairs"]

# Pairs needed before the files are opened (one pair may be a stray copy), files opened per format,
# the most bytes read of each, and the pairs a message shows.
_MIN_PAIRS = 2
_OPENED = 3
_MOST_BYTES = 16 << 20
_SHOWN = 3


def stem_pairs(images: Sequence[str]) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """{(extension, other extension): [(path, other path)]} of images sharing folder and stem.

    >>> stem_pairs(["bus/1.jpg", "bus/1.png", "bus/2.jpg", "bus/2.png", "cat/3.jpg"])
    {('jpg', 'png'): [('bus/1.jpg', 'bus/1.png'), ('bus/2.jpg', 'bus/2.png')]}
    """
    by_stem: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in images:
        by_stem[(posixpath.dirname(path), layout.stem(path))].append(path)
    pairs: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for group in by_stem.values():
        if len(group) == 2:
            first, second = sorted(group, key=layout.extension)
            if layout.extension(first) != layout.extension(second):
                pairs[(layout.extension(first), layout.extension(second))].append((first, second))
    return {kinds: sorted(found) for kinds, found in sorted(pairs.items())}


# One word a mask adds to its image's stem (`-map`, `_mask`, `_gt`): a separator and letters.
_ADDED_WORD = re.compile(r"^[-_. ][A-Za-z]{1,12}$")


def nested_pairs(images: Sequence[str]) -> dict[str, list[tuple[str, str]]]:
    """{folder name: [(image, mask)]} of images in a folder right under another image's folder, named as
    that image with one word more.

    >>> nested_pairs(["apple1/apple1-000-000.png", "apple1/maps/apple1-000-000-map.png", "cow/1.png", "cow/x/2.png"])
    {'maps': [('apple1/apple1-000-000.png', 'apple1/maps/apple1-000-000-map.png')]}
    """
    by_stem = {(posixpath.dirname(p), layout.stem(p)): p for p in images}
    pairs: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for path in images:
        parent, name = posixpath.split(posixpath.dirname(path))
        stem = layout.stem(path)
        cut = max(stem.rfind(c) for c in "-_. ")
        image = by_stem.get((parent, stem[:cut])) if name and cut > 0 else None
        if image is not None and _ADDED_WORD.match(stem[cut:]):
            pairs[name].append((image, path))
    return {name: sorted(found) for name, found in sorted(pairs.items())}


def _photos(config: ConvertConfig, paths: Sequence[str]) -> bool | None:
    """True where every opened file is a photo, False where every one is a mask's kind, None else."""
    verdicts = set()
    for path in paths[:_OPENED]:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                verdicts.add(many_valued(fileobj.read(_MOST_BYTES)))
        except (OSError, InvalidInputError):
            verdicts.add(None)
    return verdicts.pop() if len(verdicts) == 1 else None


def check_stem_masks(config: ConvertConfig, media: Sequence[str], then: Callable[[list[str]], str] | None = None) -> None:
    """Stop where the class folders' images include masks of their same-named images (module docstring);
    `then` says what the images left once the masks are excluded would need too ("" nothing), added to the stop.

    Raises:
      UsageError: naming the pairs, which format holds the masks, and the `--exclude` that leaves them out.
    """
    excluded = Excludes(config.exclude)  # the masks left out with --exclude are no longer inputs
    images = [p for p in media if layout.extension(p) in layout.IMAGE_EXTENSIONS and not excluded(p)]
    for (one, other), pairs in stem_pairs(images).items():
        if len(pairs) < _MIN_PAIRS:
            continue
        first, second = _photos(config, [a for a, _ in pairs]), _photos(config, [b for _, b in pairs])
        if first is None or second is None or first == second:
            continue
        masks, photos = (other, one) if first else (one, other)
        more = _then(then, media, Excludes((*config.exclude, f"**/*.{masks}")))
        shown = "; ".join(f"{a} beside {b}" if layout.extension(a) == photos else f"{b} beside {a}" for a, b in pairs[:_SHOWN])
        raise UsageError(
            f"{len(pairs)} sampled .{photos} images have a .{masks} of the same name in their folder ({shown}), and the "
            f".{masks} files opened are masks (few values, one channel) where the .{photos} files are photos: masks of "
            f"the same-named images, not records of their folders' classes. --exclude '**/*.{masks}' writes the images "
            f"without them (or name them as masks in a layout file's structure to keep them){more}"
        )
    for folder, pairs in nested_pairs(images).items():
        if len(pairs) < _MIN_PAIRS or _photos(config, [a for a, _ in pairs]) is not True:
            continue
        if _photos(config, [b for _, b in pairs]) is not False:
            continue
        shown = "; ".join(f"{b} beside {a}" for a, b in pairs[:_SHOWN])
        more = _then(then, media, Excludes((*config.exclude, f"**/{folder}/**")))
        raise UsageError(
            f"{len(pairs)} sampled images in folders named {folder!r} are named as an image of the folder above with a "
            f"word more ({shown}), and those opened are masks (few values, one channel) where the images are photos: "
            f"masks of those images, not records of their folders' classes. --exclude '**/{folder}/**' writes the images "
            f"without them (or name them as masks in a layout file's structure to keep them){more}"
        )


def _then(then: Callable[[list[str]], str] | None, media: Sequence[str], excluded: Excludes) -> str:
    """"; then, without them: <what the rest needs>" where `then` finds something, else ""."""
    said = then([p for p in media if not excluded(p)]) if then is not None else ""
    return f"; then, without them: {said}" if said else ""
