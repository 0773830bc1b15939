"""How the rows of a split list, a label file or an annotation name the dataset's files: `KeyRule`.

Every evidence file names its inputs in its own spelling: VOC's ids (`2008_000008`), Food-101's
paths without their extension (`apple_pie/1011328`), CelebA's file names, Flowers-102's image
numbers, DAVIS's sequence folders. The join (`beam_jobs/discover/evidence.py`) keys every input
once per rule in use (`file_key`) and every row once (`row_key`), so that a row and its file meet
on one string. This module owns that spelling, apart from the kinds of evidence
(`shardify.plan.evidence`, which re-exports these names): detection judges a rule from a file's
keys (`key_rule`) and the join applies it; both must spell keys the same way, Unicode-normalised
(NFC) so that a name written in another normal form still meets its file. Nothing here reads a file.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = ["INPUT_SUFFIX", "NUMBERED", "KeyRule", "file_key", "key_rule", "row_key"]

# Suffixes that make a list's key a file name (Food-101's keys have none, VOC's none, CelebA's .jpg).
INPUT_SUFFIX = re.compile(r"\.(jpe?g|png|gif|bmp|webp|tiff?|p[bgpn]m|txt|text)$", re.IGNORECASE)
# An image's extension doubled under another (the crack segmentation set's `noncrack_..._2_0.jpg.jpg` and
# its mask of the same name): cut from a key with the first, on both sides of the join (`_cut_suffix`).
_DOUBLED_IMAGE_SUFFIX = re.compile(r"(?<=.)\.(jpe?g|png|gif|bmp|webp|tiff?|p[bgpn]m)$", re.IGNORECASE)
# A shorter spelling of a list's keys is a depth of its own (not a few odd lines) from this many rows
# on, and from this share of the rows (one in four) on.
_MIN_SHORTER_ROWS = 2
_SHORTER_SHARE = 4
# A stem that is a key, `-` or `_`, and a number (KeyRule.suffixed; as `layout.numbered_stem`).
_NUMBER_SUFFIX = re.compile(r"^(.+)[-_][0-9]+$", re.ASCII)


@dataclass(frozen=True)
class KeyRule:
    """How a row's key names a file: by the last `parts` components of the file's path, with its
    extension or without; or, `number`, by the number that ends its name (Flowers-102's
    image_00001.jpg is image 1); `suffixed`: by its stem before `-<n>` or `_<n>`, several files a
    key (PetFinder's 86e1089a3-1.jpg, 86e1089a3-2.jpg: `layout.STEM_NUMBER`); `folder`: by the last
    `parts` folders ending `folder` levels above the file (1: its own folder), every file of a
    folder one key (DAVIS's sequence lists: `bear` names `JPEGImages/480p/bear/00000.jpg` and its
    other frames; VSPW's `<video>` names `data/<video>/origin/*.jpg`: `shardify.plan.folder_lists`).

    >>> rule = KeyRule(parts=2, extension=False)
    >>> file_key("food-101/images/apple_pie/1011328.jpg", rule) == row_key("apple_pie/1011328", rule)
    True
    >>> file_key("jpg/image_00012.jpg", NUMBERED) == row_key("12", NUMBERED)
    True
    >>> frames = KeyRule(parts=2, extension=False, number=True)
    >>> file_key("Train/MVI_20011/img00012.jpg", frames) == row_key("MVI_20011/12", frames) == "MVI_20011/12"
    True
    """

    parts: int = 1
    extension: bool = True
    number: bool = False
    suffixed: bool = field(default=False, repr=False)  # out of repr: the other rules read as before
    # `number`: added to a row's number to name its file (a sequence's XML counting frames from 1
    # over files counted from 0: -1; `box_formats.frame_shift`)
    shift: int = field(default=0, repr=False)
    folder: int = field(default=0, repr=False)  # >0: a key names the folder this many levels above its files (1: their own)
    # `number`: the stem's last number wherever it stands (CWFID's `001_image.png` is image 1), not only one ending it
    inner: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        if self.parts < 1:
            raise ValueError(f"a key names at least the file name, not {self.parts} components")


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


NUMBERED = KeyRule(number=True)


def file_key(relpath: str, rule: KeyRule) -> str:
    """What a row's key must be to name the file at `relpath`."""
    if rule.number:
        found = re.search(r"(\d+)\D*$" if rule.inner else r"(\d+)$", posixpath.splitext(posixpath.basename(relpath))[0])
        # (with its folders where the rule counts them: UA-DETRAC's frame 1 of MVI_20011/ is MVI_20011/img00001.jpg)
        folders = relpath.split("/")[-rule.parts : -1] if rule.parts > 1 else []
        return "/".join([*folders, str(int(found.group(1)))]) if found else ""
    if rule.folder:  # every file of the folder a key names (DAVIS's `ImageSets/2017/train.txt`: `bear`)
        folders = relpath.split("/")[:-1]
        end = len(folders) - (rule.folder - 1)  # (VSPW's `data/<video>/origin/`: the video two levels up)
        return _nfc("/".join(folders[max(0, end - rule.parts) : end])) if end > 0 else ""
    if rule.suffixed:  # a stem of another shape is keyed so that no row names it
        found = _NUMBER_SUFFIX.match(posixpath.splitext(posixpath.basename(relpath))[0])
        return _nfc(found.group(1)) if found else "\0" + _nfc(relpath)
    parts = relpath.split("/")[-rule.parts :]
    if not rule.extension:
        name, suffix = posixpath.splitext(parts[-1])
        parts[-1] = _DOUBLED_IMAGE_SUFFIX.sub("", name) if INPUT_SUFFIX.fullmatch(suffix) else name
    return _nfc("/".join(parts))


def _cut_suffix(text: str) -> str:
    """`text` without an input's extension, and without an image's extension doubled under it: a file
    `X.jpg.jpg` is keyed `X` (`file_key`), and a mask folder's row for it, its own path less its last
    extension (`X.jpg`), or a list naming it whole, must meet it there. Cut once only, a mask's row
    named `X.jpg` had become `X` while its image was keyed `X.jpg`: every such image and its mask a reject.

    >>> _cut_suffix("a/noncrack_7_3.jpg.jpg"), _cut_suffix("a/noncrack_7_3.jpg"), _cut_suffix("a/b.txt"), _cut_suffix("a/b.tar")
    ('a/noncrack_7_3', 'a/noncrack_7_3', 'a/b', 'a/b.tar')
    """
    cut = INPUT_SUFFIX.sub("", text)
    return _DOUBLED_IMAGE_SUFFIX.sub("", cut) if cut != text else text


def row_key(key: str, rule: KeyRule) -> str:
    """A row's key as files are keyed: separators made '/', a leading '/' or './' cut, an input's
    extension dropped where files are keyed without theirs."""
    text = key.strip().replace("\\", "/")
    if rule.number:
        *folders, last = text.split("/")
        number = str(int(last) + rule.shift) if last.isascii() and last.isdigit() else ""  # int() refuses "²", which isdigit() passes
        if rule.parts == 1:
            return "" if folders else number
        return "/".join([*folders[-(rule.parts - 1):], number]) if number and len(folders) >= rule.parts - 1 else ""
    # (a list's paths relative to its own folder, `../../hasy-data/v2-00000.png`: the rows name files
    # by their last components, so the way up out of the list's folder names nothing)
    while text.startswith(("./", "/", "../")):
        text = text[3:] if text.startswith("../") else text[2:] if text.startswith("./") else text[1:]
    if (not rule.extension or rule.suffixed) and not rule.folder:
        text = _cut_suffix(text)
    if rule.folder:  # a folder written with its trailing '/' (MURA's `.../study1_positive/`)
        text = text.rstrip("/")
    return _nfc("/".join(text.split("/")[-rule.parts :]))


def _up_cut(key: str) -> str:
    """`key` without the leading `../` and `./` of a path relative to its list's folder."""
    while key.startswith(("../", "./")):
        key = key[3:] if key.startswith("../") else key[2:]
    return key


def key_rule(keys: Sequence[str]) -> KeyRule:
    """How a file's keys name files, judged by their shape: as many components as most of them hold
    (the median: one hostile line of many `../` shifted a mean, and every good line of Food-101's
    meta/train.txt then named no file), a leading '/' cut; with an extension when most carry an
    input's.

    >>> key_rule(["/a/airfield/00000001.jpg"]), key_rule(["2008_000008", "2008_000015"])
    (KeyRule(parts=3, extension=True, number=False), KeyRule(parts=1, extension=False, number=False))
    >>> key_rule(["apple_pie/1005649", "apple_pie/1110378", "../../../../../../../../etc/passwd"]).parts
    2
    >>> key_rule(["../../hasy-data/v2-00000.png", "../../hasy-data/v2-00001.png"]).parts  # relative to the list's folder
    2
    >>> key_rule(["t/F/Apple/Granny/1.jpg", "t/F/Apple/Pink/2.jpg", "t/F/Kiwi/3.jpg", "t/F/Lime/4.jpg", "t/F/Apple/Pink/5.jpg"]).parts
    4
    """
    cleaned = [_up_cut(k.strip().replace("\\", "/").lstrip("/")) for k in keys if k.strip()]
    if not cleaned:
        return KeyRule()
    counts = sorted(k.count("/") + 1 for k in cleaned)
    parts = max(1, counts[(len(counts) - 1) // 2])  # the lower median: a few odd lines cannot move it
    # Rows naming files at two depths (the Grocery Store's lists: `test/Fruit/Avocado/x.jpg` beside
    # `test/Fruit/Apple/Golden-Delicious/x.jpg`) are keyed by the shorter tail where many rows have it:
    # the median's deeper tail names none of the shallower files, and the shorter tail still names each
    # deeper file by its last components (a tail naming several files rejects each, in the join).
    shorter = [c for c in set(counts) if c < parts and counts.count(c) >= max(_MIN_SHORTER_ROWS, len(counts) / _SHORTER_SHARE)]
    parts = max(1, min(shorter, default=parts))
    with_extension = sum(1 for k in cleaned if INPUT_SUFFIX.search(k)) * 2 > len(cleaned)
    return KeyRule(parts, with_extension)

