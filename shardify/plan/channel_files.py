"""Samples stored as several single-channel images, `<id>_<channel>.<ext>`: a sign, from paths alone.

Microscopy and remote-sensing datasets store one sample as one file per channel: the Human Protein
Atlas `<Id>_red.png`, `_green`, `_blue`, `_yellow`; RxRx1's `<well>_s<site>_w1.png` .. `_w6`;
BigEarthNet's `<patch>_B01.tif` .. `_B12`. A record of shardify holds one image, so each file would
become a record of its own, and a table that labels samples by id (HPA's `train.csv` `Id,Target`)
names no file. The sign: most images of a folder fall in groups of one id, each group the same set
of two or more channel suffixes from `CHANNEL_SUFFIXES`, and no image is named by the bare id.
Masks beside images (`<id>_mask.png`), stereo pairs (`_left`, `_right`) and versions are not
channel words, so they are no sign here.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["CHANNEL_SUFFIXES", "ChannelSamples", "channel_samples"]

# The suffixes that name a channel, as data: colour words, fluorescent stains, wavelengths (`w1`),
# channels (`ch2`) and spectral bands (`B04`, `band3`). Matched whole, case-insensitively.
CHANNEL_SUFFIXES = (
    r"red|green|blue|yellow|nir|swir\d?|alpha",
    r"dapi|hoechst|gfp|rfp|yfp|cfp|fitc|tritc|cy3|cy5|mito|actin|tubulin|er",
    r"w\d{1,2}|ch\d{1,2}|b\d{2}|b8a|band\d{1,2}",  # (not `c1`, `c2`: cameras of one scene, each a view of its own)
)
_SUFFIX = re.compile(r"(.+?)[_-](" + "|".join(CHANNEL_SUFFIXES) + r")", re.IGNORECASE)

# Most: the share of a folder's images in channel groups, and of the groups with the common set.
_MOST = 0.8
_MIN_SAMPLES = 2


@dataclass(frozen=True)
class ChannelSamples:
    """A folder whose images are samples of several channel files each."""

    folder: str
    channels: tuple[str, ...]  # the suffixes, as the files spell them, in their names' order
    samples: int               # ids seen with the whole set
    example: tuple[str, ...]   # one sample's files
    extension: str


def _channel_key(suffix: str) -> tuple:
    """Channel suffixes in a reader's order: numbered ones by number (`w2` before `w10`)."""
    digits = re.search(r"\d+", suffix)
    return (re.sub(r"\d+", "", suffix.lower()), int(digits.group()) if digits else -1, suffix)


def channel_samples(images: Sequence[str]) -> list[ChannelSamples]:
    """The folders of `images` (relative paths) whose images are channel files of samples.

    >>> found = channel_samples([f"train/{i}_{c}.png" for i in ("a1", "b2", "c3") for c in ("red", "green", "blue")])
    >>> found[0].folder, found[0].channels, found[0].samples
    ('train', ('blue', 'green', 'red'), 3)
    >>> [(f.folder, f.channels) for f in channel_samples([f"S2A_{k}/S2A_{k}_B{b:02d}.tif" for k in (1, 2) for b in (2, 3, 4)])]
    [('*', ('B02', 'B03', 'B04'))]
    >>> channel_samples(["t/1.png", "t/1_mask.png", "t/2.png", "t/2_mask.png"])
    []
    >>> channel_samples(["t/a_red.png", "t/a.png", "t/b_red.png", "t/b_green.png", "t/a_green.png", "t/b.png"])
    []
    """
    by_folder: dict[str, list[str]] = {}
    for path in images:
        by_folder.setdefault(posixpath.dirname(path), []).append(path)
    found = []
    alone: dict[str, list[tuple[str, list[tuple[str, str]]]]] = {}  # parent -> folders of one sample each
    for folder, paths in sorted(by_folder.items()):
        groups: dict[tuple[str, str], list[tuple[str, str]]] = {}
        stems = set()
        for path in paths:
            stem, _, ext = posixpath.basename(path).rpartition(".")
            stems.add(stem)
            match = _SUFFIX.fullmatch(stem)
            if match:
                groups.setdefault((match.group(1), ext.lower()), []).append((match.group(2), path))
        if any(ident in stems for ident, _ in groups):  # `<id>.png` beside `<id>_red.png`: an image and its parts
            continue
        grouped = {key: files for key, files in groups.items() if len(files) >= 2}
        if sum(map(len, grouped.values())) < _MOST * len(paths):
            continue
        if len(grouped) == 1:  # a folder per sample (BigEarthNet's `<patch>/<patch>_B01.tif`): judged with its siblings
            alone.setdefault(posixpath.dirname(folder), []).append((folder, *grouped.values()))
        elif len(grouped) >= _MIN_SAMPLES:
            found += _judged(folder, [(key[1], files) for key, files in sorted(grouped.items())])
    for parent, folders in sorted(alone.items()):
        if len(folders) >= _MIN_SAMPLES:
            ext = posixpath.basename(folders[0][1][0][1]).rpartition(".")[2].lower()
            found += _judged(f"{parent}/*" if parent else "*", [(ext, files) for _, files in folders])
    return found


def _judged(folder: str, samples: list[tuple[str, list[tuple[str, str]]]]) -> list[ChannelSamples]:
    """[the ChannelSamples of `folder`] where most `samples` ((extension, [(channel, path)])) have
    one set of channels, else []."""
    sets = Counter(tuple(sorted((s.lower() for s, _ in files), key=_channel_key)) for _, files in samples)
    common, count = sets.most_common(1)[0]
    if count < _MOST * len(samples):
        return []
    ext, files = next((e, f) for e, f in samples if tuple(sorted((s.lower() for s, _ in f), key=_channel_key)) == common)
    spelled = tuple(sorted((s for s, _ in files), key=_channel_key))
    example = tuple(p for _, p in sorted(files, key=lambda f: _channel_key(f[0])))
    return [ChannelSamples(folder, spelled, count, example, ext)]
