"""Derived files: crops, thumbnails and the like named as a label file's key plus a suffix.

APPA-REAL ships each photograph twice: `000000.jpg`, which `gt_avg_train.csv` names, and its face
crop `000000.jpg_face.jpg`, which no row names. Read by keys alone, every crop was a reject ("no
usable row names it") and the conversion stopped over --max-rejects with no option that made it
right. A crop shows the photograph's subject: it takes the photograph's row, and the note says so
and names the `--exclude` that leaves the crops out.

A rule is (suffix, restore): a file name ending in `suffix` is the derived twin of the name with
`suffix` replaced by `restore` (`_face.jpg` -> `` for `000000.jpg_face.jpg`; `_thumb.jpg` -> `.jpg`
for `000000_thumb.jpg` of `000000.jpg`). One rule is found from the sample or none: a suffix that is
a bare number (`_1.jpg`, `-2.png`, ` (1).jpg`) names a sibling photograph, not a crop of one, a word
of masks or annotations (`_mask.png`, `_segmentation.png`) names no picture at all, and two rules
are no pattern to act on. A derived picture keeps its original's format (a crop of a JPEG is a
JPEG): a PNG beside each JPEG is a map of it (ISIC 2017's `ISIC_0000000_superpixels.png`, a density
or saliency map), and written with the photograph's row it was a 'melanoma' record of superpixel
indices, exit 0. Sampled files no key begins (rows beyond the first keys read)
say nothing either way: the join rejects those no row names, as before.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from shardify.plan.folder_names import MASK_FOLDER_WORDS
from shardify.plan.layout import IMAGE_EXTENSIONS, NAME, PATH, STEM, extension, stem

__all__ = ["derived_key", "derived_rule"]

# Label keys whose keys are whole file names or paths, or stems: the rule is read on the file name.
_KEYED_BY_NAME = (PATH, NAME, STEM)
# A sibling's suffix, not a derived file's: `_1`, `-02`, ` (3)`, `.1` before the extension.
_NUMBERED = re.compile(r"^[ ._-]*\(?\d+\)?$")
# A suffix of these words names a mask or an annotation of the image (`ISIC_0000000_segmentation.png`,
# `0001_mask.png`), no picture of its subject: such files stay rejects, never records with the row's label.
_ANNOTATION_WORDS = MASK_FOLDER_WORDS | {"seg", "gtfine", "labelids", "instanceids", "color", "superpixels", "superpixel",
                                         "density", "saliency", "heatmap", "edge", "edges", "contour", "boundary", "disparity"}
# Extensions of one image format (a derived picture keeps its original's).
_SAME_FORMAT = {"jpeg": "jpg", "jpe": "jpg", "tif": "tiff"}
# At least this many sampled files must follow the rule: one such name is a coincidence.
_MIN_DERIVED_FILES = 2


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _same_format(name: str, key_name: str) -> bool:
    """Whether `name` is of `key_name`'s image format (True where the key names none: a bare id).

    >>> _same_format("a.jpg_face.jpg", "a.jpg"), _same_format("a_thumb.JPEG", "a.jpg"), _same_format("a_sp.png", "a.jpg")
    (True, True, False)
    """
    ext, key_ext = extension(name).lower(), extension(key_name).lower()
    if key_ext not in IMAGE_EXTENSIONS:
        return True
    return _SAME_FORMAT.get(ext, ext) == _SAME_FORMAT.get(key_ext, key_ext)


def _rule_of(name: str, key_name: str) -> tuple[str, str] | None:
    """The rule deriving `name` from `key_name`, or None where `name` does not begin with it.

    >>> _rule_of("000000.jpg_face.jpg", "000000.jpg")
    ('_face.jpg', '')
    >>> _rule_of("000000_thumb.jpg", "000000.jpg")
    ('_thumb.jpg', '.jpg')
    >>> _rule_of("cat_1.jpg", "cat.jpg") is None, _rule_of("0001_mask.png", "0001.jpg") is None  # a sibling; a mask
    (True, True)
    >>> _rule_of("ISIC_0000000_superpixels.png", "ISIC_0000000.jpg") is None  # a map of the photograph, no picture of it
    True
    """
    for prefix in (key_name, stem(key_name)):
        if prefix and name != key_name and name.startswith(prefix) and name[len(prefix):][:1] in "._-":
            suffix, restore = name[len(prefix):], key_name[len(prefix):]
            extra = suffix[: len(suffix) - len(extension(name)) - (1 if extension(name) else 0)] if extension(name) else suffix
            if not extra or _NUMBERED.match(extra) or suffix == restore or not _same_format(name, key_name):
                return None
            if any(word in _ANNOTATION_WORDS for word in re.split(r"[^a-z0-9]+", extra.lower())):
                return None
            return suffix, restore
    return None


def derived_rule(keys: Sequence[str], sample: Sequence[str], label_key: str) -> tuple[str, str]:
    """The one (suffix, restore) rule by which sampled images no key names are derived from keyed
    ones, or () where there is none (see the module's docstring).

    >>> derived_rule(["a.jpg", "b.jpg"], ["t/a.jpg", "t/a.jpg_face.jpg", "t/b.jpg", "t/b.jpg_face.jpg"], "name")
    ('_face.jpg', '')
    >>> derived_rule(["a.jpg", "b.jpg"], ["t/a.jpg", "t/a_1.jpg", "t/b.jpg", "t/b_1.jpg"], "name")
    ()
    >>> derived_rule(["a.jpg", "b.jpg"], ["t/a.jpg", "t/a.jpg_face.jpg", "t/b.jpg", "t/b_thumb.jpg"], "name")
    ()
    """
    if label_key not in _KEYED_BY_NAME:
        return ()
    names = {_nfc(posixpath.basename(k.strip().replace("\\", "/"))) for k in keys if k.strip()}
    if label_key == STEM:  # the keyed files' names, as the sample spells them
        names = {_nfc(posixpath.basename(p)) for p in sample if _nfc(stem(p)) in names}
    images = [_nfc(posixpath.basename(p)) for p in sample if extension(p) in IMAGE_EXTENSIONS]
    unnamed = [n for n in images if n not in names]
    if not unnamed:
        return ()
    rules: Counter[tuple[str, str]] = Counter()
    for name in unnamed:
        found = {rule for key in names if (rule := _rule_of(name, key))}
        if len(found) > 1:  # two rules read it: no pattern
            return ()
        rules.update(found)
    if len(rules) != 1 or sum(rules.values()) < _MIN_DERIVED_FILES:
        return ()
    return next(iter(rules))


def derived_key(name: str, rule: tuple[str, str] | Sequence[str]) -> str | None:
    """The name whose derived twin `name` is under `rule`, or None where it is none.

    >>> derived_key("000000.jpg_face.jpg", ("_face.jpg", ""))
    '000000.jpg'
    >>> derived_key("000000.jpg", ("_face.jpg", "")) is None
    True
    """
    if not rule:
        return None
    suffix, restore = rule
    if len(name) > len(suffix) and name.endswith(suffix):
        return name[: -len(suffix)] + restore
    return None
