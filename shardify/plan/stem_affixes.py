"""The one affix every mask's name adds to its image's, learned from the two folders, whatever it is.

A folder of masks beside a folder of images names each mask after its image, often adding the same
letters to every name: ETIS-Larib's `Ground Truth/p1.tif` for `ETIS-LaribPolypDB/1.tif` (a `p` before
the number, no separator), ISIC 2018's `ISIC_0000000_segmentation.png` for `ISIC_0000000.jpg`, a
`mask_12.png` for `12.jpg`, `<n>_gt`, `<n>_Annotation`. No table of words can hold them all; what
shows such an affix is the two folders together. The rule (docs/converting.md, "Masks named by an
affix"):

  Cut one head (what comes before) and one tail (what comes after) from every mask's stem, the
  same two for all; where what remains is an image's stem in the other folder for nearly all the
  masks (_MOST), each mask naming its own image (never two masks one image), and nearly all the
  images are so named, the affix is the folders' (`learned`). The affix is read from the names
  themselves: each way a sampled mask's stem holds an image's stem whole gives one candidate, and
  the candidate that names the most images wins; a tie between two affixes is no affix (the names
  cannot tell which).

Stems differing by an affix are no sign of masks on their own (`cat/1.jpg` and `kitten/k1.jpg`):
`mirror_trees.mirror_pairs` uses this to pair the folders, and detection then opens a few files of
each (`beam_jobs/discover/mirror_masks.py`: masks hold few values, photos many) before it reads one
folder as the other's masks; `object_evidence.segmentation_masks` uses it to key each mask by its
image's name. Affixes that vary from mask to mask (`p1`, `q2`) give no affix: the folders stay what
the paths say, and the guards judge them.

Plain functions of names; no I/O.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Collection, Iterable, Mapping

__all__ = ["cut", "cut_key", "learned", "named_count", "partners"]

# Share of the masks that must name an image once the affix is cut, and of the images named.
_MOST = 0.9
# The fewest masks that say anything, masks whose stems give candidates, and the longest affix
# (head and tail together: `_segmentation` is 13; beyond, the stems share more than an affix).
_MIN_MASKS = 2
_CANDIDATE_MASKS = 8
_MAX_AFFIX = 24


def cut(name: str, affix: tuple[str, str]) -> str | None:
    """`name` less the affix's head and tail, or None where it does not carry both (or nothing would remain).

    >>> cut("p12", ("p", "")), cut("ISIC_0000000_segmentation", ("", "_segmentation")), cut("12", ("p", ""))
    ('12', 'ISIC_0000000', None)
    """
    head, tail = affix
    if len(name) <= len(head) + len(tail) or not name.startswith(head) or not name.endswith(tail):
        return None
    return name[len(head) : len(name) - len(tail)]


def named_count(masks: Iterable[str], images: Collection[str], affix: tuple[str, str]) -> int:
    """How many distinct images of `images` (stems) the `masks` (stems) name once `affix` is cut
    from each; a mask without the affix names none."""
    return len({core for m in masks if (core := cut(m, affix)) is not None and core in images})


def _candidates(masks: list[str], images: Collection[str]) -> Counter:
    """Each (head, tail) that makes a sampled mask's stem an image's stem, counted over the masks giving it."""
    found: Counter = Counter()
    for mask in masks[:_CANDIDATE_MASKS]:
        seen = set()
        for image in images:
            if not image or len(mask) - len(image) > _MAX_AFFIX or len(mask) <= len(image):
                continue
            at = mask.find(image)
            while at >= 0:
                seen.add((mask[:at], mask[at + len(image) :]))
                at = mask.find(image, at + 1)
        found.update(seen)
    return found


def learned(masks: Iterable[str], images: Iterable[str]) -> tuple[str, str] | None:
    """The (head, tail) every mask stem adds to its image's stem, or None: none names nearly all
    the masks and images one to one, or two do alike, or there are too few masks. Stems as they
    are (no extension); an affix of "" both sides is never returned (the stems alike need none).

    >>> learned(["p1", "p2", "p15", "p196"], ["1", "2", "15", "196"])
    ('p', '')
    >>> learned(["ISIC_0000000_segmentation", "ISIC_0000001_segmentation"], ["ISIC_0000000", "ISIC_0000001"])
    ('', '_segmentation')
    >>> learned(["mask_3", "mask_12", "mask_40"], ["3", "12", "40"]), learned(["p1", "q2", "m3"], ["1", "2", "3"])
    (('mask_', ''), None)
    >>> learned(["1", "2"], ["1", "2"]), learned(["p1"], ["1"])
    (None, None)
    """
    mask_list = sorted(set(masks))
    image_set = set(images)
    if len(mask_list) < _MIN_MASKS or not image_set:
        return None
    scored = []
    for affix, _ in _candidates(mask_list, image_set).most_common():
        named = named_count(mask_list, image_set, affix)
        if named >= _MOST * len(mask_list) and named >= _MOST * len(image_set) and named >= _MIN_MASKS:
            scored.append((named, affix))
    if not scored:
        return None
    scored.sort(key=lambda found: (-found[0], len(found[1][0]) + len(found[1][1])))
    if len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None  # two affixes name as many images: the names cannot tell which
    return scored[0][1]


def cut_key(key: str, affix: tuple[str, str]) -> str:
    """A mask's key (its path without extension) with the affix cut from its last part's name, or
    the key as it is where that name does not carry it.

    >>> cut_key("Ground Truth/p15", ("p", "")), cut_key("x/q15", ("p", "")), cut_key("m/1_gt", ("", "_gt"))
    ('Ground Truth/15', 'x/q15', 'm/1')
    """
    folder, slash, name = key.rpartition("/")
    core = cut(name, affix)
    return key if core is None else folder + slash + core


def _shared_start(names: Collection[str]) -> str:
    """The longest start (at most _MAX_AFFIX characters) that _MOST of `names` begin with, each keeping a character beyond it."""
    best = ""
    for length in range(1, _MAX_AFFIX + 1):
        starts = Counter(name[:length] for name in names if len(name) > length)
        if not starts:
            break
        start, count = starts.most_common(1)[0]
        if count < _MOST * len(names):
            break
        best = start
    return best


def partners(stems: Mapping[str, Collection[str]]) -> dict[str, set[str]]:
    """For each folder of `stems` (folder -> its files' stems), the other folders whose stems one of
    its own may name once an affix is cut: a cheap bound on the pairs `learned` need judge (a class
    folder beside a thousand others is never matched against each). An affix nearly every stem of a
    folder carries lies within what nearly all its stems begin and end with, so only those cuts of
    one stem are looked up, in an index of every folder's stems.

    >>> partners({"gt/": {f"p{n}" for n in range(1, 10)} | {"x"}, "img/": {str(n) for n in range(1, 10)}, "cat/": {"a", "b"}})
    {'gt/': {'img/'}, 'img/': set(), 'cat/': set()}
    """
    index: dict[str, set[str]] = {}
    for folder, names in stems.items():
        for name in names:
            index.setdefault(name, set()).add(folder)
    found: dict[str, set[str]] = {}
    for folder, names in stems.items():
        found[folder] = set()
        if len(names) < _MIN_MASKS:
            continue
        head = _shared_start(names)
        tail = _shared_start([name[::-1] for name in names])[::-1]
        carrying = sorted(n for n in names if n.startswith(head) and n.endswith(tail) and len(n) > len(head) + len(tail))
        if not carrying or not head + tail:
            continue
        first = carrying[0]
        for h in range(len(head) + 1):
            for t in range(min(len(tail), _MAX_AFFIX - h) + 1):
                if h + t and (core := cut(first, (head[:h], tail[len(tail) - t :] if t else ""))) is not None:
                    found[folder] |= index.get(core, set()) - {folder}
    return found
