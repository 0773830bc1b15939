"""Versions of one input in parallel trees: the same image at other scales or degradations.

Super-resolution datasets ship each image several times: DIV2K's `DIV2K_train_HR/0001.png` beside
`DIV2K_train_LR_bicubic/X2/0001x2.png` and `X4/0001x4.png`; Flickr2K's `Flickr2K_HR/000001.png`
beside `Flickr2K_LR_bicubic/X3/000001x3.png`; the benchmark sets (Set5, Set14, BSD100, Urban100)
as `image_SRF_2/img_001_SRF_2_HR.png` with `img_001_SRF_2_LR.png`, or as `GTmod12/baby.png` beside
`LRbicx2/baby.png`; RealSR's `Canon_001_HR.png` beside `Canon_001_LR2.png`. Read as class folders
the scales became classes (`X2`, `X4`) and every low-resolution twin a record of its own (exit 0,
wrong). What shows it, whatever the dataset: files whose stems are one stem once a version tag is
cut from the stem's end, or whose folders differ by a version tag (`TAGS`), in numbers. Which
version is the record (the originals, one scale, pairs) is the user's to say.

Knowledge as data: `TAGS` (the words and shapes naming a scale or a version). Plain functions of
relative paths, no I/O.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["TAGS", "VersionTwins", "base_stem", "folder_tagged", "version_twins"]

# A scale or version named in a file's stem end or a folder's name: `x2`, `X4`, `SRF_3`, `HR`,
# `LR`, `LR2`, `LRbicx2`, `GTmod12`, `bicubic`, and the degradations DIV2K's tracks name.
TAGS = (r"[xX]\d{1,2}", r"SRF_\d{1,2}", r"HR", r"LR\d{0,2}", r"LRbicx\d{1,2}", r"GTmod\d{1,3}", r"bicubic",
        r"unknown", r"mild", r"difficult", r"wild")
_TAG = "(?:" + "|".join(TAGS) + ")"
# At a stem's end, after a separator (`_HR`, `-LR2`) or a digit (`0001x2`).
_STEM_TAG = re.compile(r"(?:[_-]" + _TAG + r"|(?<=\d)(?:[xX]\d{1,2}))$")
_FOLDER_WORD = re.compile(r"^" + _TAG + r"$", re.IGNORECASE)
# The tags of a derived version (a lower scale, a degradation): a folder named so holds no originals.
_DERIVED_WORD = re.compile(r"^(?:[xX]\d{1,2}|LR\d{0,2}|LRbicx\d{1,2}|bicubic|unknown|mild|difficult|wild)$", re.IGNORECASE)
# Inputs in groups of versions, of all inputs, from which the sign shows; and the fewest groups.
_SHARE = 0.5
_FEWEST_GROUPS = 2


def base_stem(stem: str) -> tuple[str, bool]:
    """The stem with its version tags cut from the end, and whether one was.

    >>> base_stem("0001x2"), base_stem("img_001_SRF_2_HR"), base_stem("Canon_001_LR2"), base_stem("box12")
    (('0001', True), ('img_001', True), ('Canon_001', True), ('box12', False))
    """
    cut = False
    while (found := _STEM_TAG.search(stem)) and found.start() > 0:
        stem, cut = stem[: found.start()], True
    return stem, cut


def folder_tagged(folder: str) -> bool:
    """Whether a folder's name holds a version tag as a word (`DIV2K_train_HR`, `X4`, `LRbicx2`).

    >>> [folder_tagged(f) for f in ("DIV2K_train_LR_bicubic", "X4", "LRbicx2", "HRSC2016", "cats")]
    [True, True, True, False, False]
    """
    return any(_FOLDER_WORD.match(word) for word in re.split(r"[_\-. ]", folder))


@dataclass(frozen=True)
class VersionTwins:
    """What shows versions: a few groups (each the paths of one input's versions), the folders
    they lie in, and the folders of the originals (the versions with no tag cut from the stem)."""

    groups: tuple[tuple[str, ...], ...]
    folders: tuple[str, ...]
    originals: tuple[str, ...]


def version_twins(inputs: Sequence[str]) -> VersionTwins | None:
    """The versions among `inputs` (relative paths), or None where they are too few to show.

    >>> paths = [f"HR/{n}.png" for n in ("01", "02")] + [f"LR/X2/{n}x2.png" for n in ("01", "02")]
    >>> version_twins(paths).originals
    ('HR',)
    >>> version_twins([f"{f}/{n}.png" for f in ("GTmod12", "LRbicx2") for n in ("baby", "bird")]).originals
    ('GTmod12',)
    >>> version_twins(["left/01.png", "right/01.png", "left/02.png", "right/02.png"]) is None
    True
    """
    groups: dict[tuple[str, str], list[tuple[str, bool, bool]]] = {}
    for path in inputs:
        folder, name = posixpath.split(path)
        base, cut = base_stem(posixpath.splitext(name)[0])
        in_tagged = any(folder_tagged(part) for part in folder.split("/"))
        groups.setdefault((posixpath.splitext(name)[1].lower(), base), []).append((path, cut, in_tagged))
    # one input's versions: a tag cut from some stem (`0001x2` beside `0001`), or the same names in
    # several folders of which some names a version (`LRbicx2/baby.png` beside `GTmod12/baby.png`)
    versions = [members for members in groups.values() if len(members) > 1 and (
        any(cut for _, cut, _ in members)
        or (any(in_tagged for _, _, in_tagged in members) and len({posixpath.dirname(p) for p, _, _ in members}) > 1))]
    held = sum(len(members) for members in versions)
    if len(versions) < _FEWEST_GROUPS or held < _SHARE * len(inputs):
        return None
    folders = sorted({posixpath.dirname(p) for members in versions for p, _, _ in members})
    originals = sorted({posixpath.dirname(p) for members in versions for p, cut, _ in members if not cut and not any(
        _DERIVED_WORD.match(word) for part in posixpath.dirname(p).split("/") for word in re.split(r"[_\-. ]", part))})
    shown = tuple(tuple(sorted(p for p, _, _ in members)) for members in sorted(versions)[:2])
    return VersionTwins(shown, tuple(folders), tuple(originals))
