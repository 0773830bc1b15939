"""The words every mask of a folder adds to its image's stem, whatever they are.

A mask folder names each mask after its image, often adding words of its own: a mask word
(`structure.mask_key` cuts those it knows: Carvana's `_mask`, ISIC's `_segmentation`), an
observer's initials (STARE's `labels-ah/im0001.ah.ppm` for `stare-images/im0001.ppm`, Adam
Hoover's; `labels-vk/im0001.vk.ppm`, Valentina Kouznetsova's), or a mask word with an index
(the Leeds Butterfly dataset's `segmentations/0010001_seg0.png` for `images/0010001.png`); or
the images add words of their own too (DRIVE's `training/1st_manual/21_manual1.gif` for
`training/images/21_training.tif`: `21` both, once each folder's words are cut). Such
words are no table's: what shows them is that every mask of the folder ends in the same ones,
and that cut, the masks name the images. Detection (`describe.segmentation_masks`) cuts them only
where the masks name no image otherwise, and only the same words from every mask; the reading
(`beam_jobs/discover/read_evidence.py`) cuts the evidence's `mask_tail` from each mask's key, so that
the folder's masks are keyed as its images are, and adds the evidence's `image_tail` (the words
every image beside the folder adds, `_training`).

Plain functions of names; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = ["common_tail", "readings", "without_tail"]

# A word and the separator before it: `.ah`, `_seg0`, `-gt`.
_WORD = re.compile(r"[._\- ][^._\- /]+$")
# The most words a tail holds (`_gt_seg0`): beyond, the stems share more than a mask's words.
_MAX_WORDS = 2


def common_tail(keys: Iterable[str]) -> str:
    """The separators and words every key (a path without its extension) ends in, at most
    _MAX_WORDS words, each key keeping a word before them; "" where they share none, or there
    are fewer than two keys.

    >>> common_tail(["labels-ah/im0001.ah", "labels-ah/im0002.ah"]), common_tail(["0010001_seg0", "0020001_seg0"])
    ('.ah', '_seg0')
    >>> common_tail(["a/1_x", "a/2_y"]), common_tail(["only_one"]), common_tail(["seg0", "1_seg0"])
    ('', '', '')
    """
    stems = [key.rpartition("/")[2] for key in keys]
    if len(stems) < 2:
        return ""
    tail = ""
    for _ in range(_MAX_WORDS):
        rest = [stem[: len(stem) - len(tail)] for stem in stems]
        words = {m.group(0) if (m := _WORD.search(r)) else "" for r in rest}
        if len(words) != 1 or "" in words:
            break
        word = words.pop()
        if any(len(r) <= len(word) or _WORD.fullmatch(r[: len(r) - len(word)] or "x") for r in rest):
            break  # a key would keep no word of its own
        tail = word + tail
    return tail


def without_tail(key: str, tail: str) -> str:
    """`key` less `tail` where it ends in it.

    >>> without_tail("labels-ah/im0001.ah", ".ah"), without_tail("x/im0001", ".ah"), without_tail("a_seg0", "")
    ('labels-ah/im0001', 'x/im0001', 'a_seg0')
    """
    return key[: -len(tail)] if tail and key.endswith(tail) else key


def readings(masks: Sequence[str], images: Sequence[str]) -> list[tuple[str, str]]:
    """How a folder's masks (keys, paths without extension) may name the images beside it (keys),
    in the order tried: each a (cut, add) pair, the words cut from every mask's key and those then
    added: as they are; less the masks' common words; and, those cut, plus the images' common words.

    >>> readings(["1st_manual/21_manual1", "1st_manual/22_manual1"], ["images/21_training", "images/22_training"])
    [('', ''), ('_manual1', ''), ('_manual1', '_training')]
    >>> readings(["a/x", "a/y"], ["b/x", "b/y"])
    [('', '')]
    """
    cut, add = common_tail(masks), common_tail(images)
    return list(dict.fromkeys([("", ""), (cut, ""), (cut, add if cut else "")]))
