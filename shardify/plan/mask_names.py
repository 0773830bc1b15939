"""Names that say a folder or file holds the images' masks, beyond a mask word alone (`folder_names.mask_named`).

Segmentation and saliency downloads name their mask trees and files in ways of their own; two kinds
are read here, both as data (the word tables below), both from names alone:

  Paired folders   a folder whose name's last word, past format and version words, is a mask
                   word, beside a sibling whose last word names images: DUT-OMRON's
                   `pixelwiseGT-new-PNG/` beside `DUT-OMRON-image/` (`folder_names.mask_named`
                   reads a name whose very last word names masks, DUTS's `DUTS-TR-Mask/`, ECSSD's
                   `ground_truth_mask/`; this one it missed). Without the image sibling such a
                   name says nothing here. Detection opens a few files of a folder only this rule
                   reads (`beam_jobs/discover/mask_pixels.py`): photos (many colours) there are
                   no masks, and the run stops.
  Observers' masks files beside their image whose stem adds an observer's word: CHASE_DB1's
                   `Image_01L_1stHO.png` and `Image_01L_2ndHO.png` (first and second human
                   observer) beside `Image_01L.jpg`, DRIVE's `21_manual1.gif`, a `_rater2`,
                   `_expert1`, `_annotator1`. The first observer's mask is the record's: the
                   datasets' own papers evaluate against it and report the second as a human's
                   score (Staal et al. 2004 for DRIVE; Fraz et al. 2012 for CHASE_DB1). The later
                   observers' files are neither inputs nor masks (set aside, as the plan says).

Plain functions of names; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from shardify.plan.folder_names import MASK_FOLDER_WORDS

__all__ = ["IMAGE_WORDS", "OBSERVER_WORDS", "ends_in_mask_word", "observer_rank", "paired_mask_folder"]

# The last word of a folder of images that a mask folder beside it is paired with.
IMAGE_WORDS = frozenset(
    {"image", "images", "img", "imgs", "jpg", "jpgs", "jpeg", "jpegs", "jpegimages", "photo", "photos", "input", "inputs",
     "original", "originals", "rgb", "raw", "frames", "src", "source"}
)
# Words that end a folder's name after the one that says what it holds (`masks_png`, `gt_v2`).
_TRAILING_WORDS = frozenset({"png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif", "new", "v1", "v2", "all"})
# Two words that name masks together (ECSSD's `ground_truth_mask`, CVC-ClinicDB's `Ground Truth`).
_JOINED_MASK_WORDS = frozenset({"groundtruth", "groundtruths"})
# Words naming the person who drew a mask, with an ordinal or number before or after:
# `1stHO` (first human observer), `manual1`, `2nd_manual`, `rater2`, `expert1`, `annotator3`.
OBSERVER_WORDS = ("ho", "manual", "observer", "obs", "annotator", "expert", "grader", "rater", "reader")
_OBSERVER = re.compile(rf"^(?:(\d+)(?:st|nd|rd|th)?)?(?:{'|'.join(OBSERVER_WORDS)})(\d+)?$")


def _name_words(name: str) -> list[str]:
    """A folder name's words, lower-case: split at separators and where capitals begin a word,
    numbers kept with their word ('DUTS-TR-Mask' -> ['duts', 'tr', 'mask'], 'GroundTruth' ->
    ['ground', 'truth'])."""
    words = []
    for part in re.split(r"[_\-. ]+", name):
        words += [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", part)]
    return words


def _last_word(name: str) -> str:
    """The word that says what a folder holds: its last, past format and version words, two
    words read as one where they name ground truth ('ground_truth_mask' -> 'mask',
    'GroundTruth' -> 'groundtruth', 'masks_png' -> 'masks')."""
    words = _name_words(name)
    while len(words) > 1 and (words[-1] in _TRAILING_WORDS or words[-1].isdigit()):
        words.pop()
    if len(words) >= 2 and words[-2] + words[-1] in _JOINED_MASK_WORDS:
        return words[-2] + words[-1]
    return words[-1] if words else ""


def ends_in_mask_word(name: str) -> bool:
    """A folder name whose last word names masks (`DUTS-TR-Mask`, `ground_truth_mask`,
    `ISIC2018_Task1_Training_GroundTruth`).

    >>> [ends_in_mask_word(n) for n in ("DUTS-TR-Mask", "ground_truth_mask", "GroundTruth", "masks_png", "mask_rcnn", "images")]
    [True, True, True, True, False, False]
    """
    return _last_word(name) in MASK_FOLDER_WORDS


def paired_mask_folder(name: str, siblings: Iterable[str]) -> bool:
    """A folder of masks by its name and its siblings': its last word a mask word, and a sibling's
    last word names images (`DUTS-TR-Mask` beside `DUTS-TR-Image`).

    >>> paired_mask_folder("DUTS-TR-Mask", ["DUTS-TR-Image", "DUTS-TR-Mask"]), paired_mask_folder("ground_truth_mask", ["images"])
    (True, True)
    >>> paired_mask_folder("with_mask", ["with_mask", "without_mask"]), paired_mask_folder("DUTS-TR-Mask", ["DUTS-TR-Mask"])
    (False, False)
    """
    return ends_in_mask_word(name) and any(s != name and _last_word(s) in IMAGE_WORDS for s in siblings)


def observer_rank(word: str) -> int | None:
    """Which observer a stem's last word names (1 for the first), or None where it names none.

    >>> [observer_rank(w) for w in ("1stho", "2ndho", "manual1", "manual2", "rater3", "manual", "training", "2")]
    [1, 2, 1, 2, 3, 1, None, None]
    """
    found = _OBSERVER.match(word.lower())
    if not found:
        return None
    number = found.group(1) or found.group(2)
    return int(number) if number else 1
