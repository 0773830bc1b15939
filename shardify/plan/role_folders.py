"""Image and mask folders side by side, named for a prefix and a role: `trainval-image/` beside `trainval-mask/`.

TN3K (thyroid nodules) ships `trainval-image/`, `trainval-mask/`, `test-image/` and `test-mask/` in one
folder, both splits numbered from `0000`: a mask's key is its stem, so `trainval-mask/0000.jpg` named
`trainval-image/0000.jpg` and `test-image/0000.jpg` alike, both were rejected as named twice, and the
run wrote no manifest (blind round fifty-one). The same shape is common in segmentation downloads
(`train_images/` beside `train_masks/`, `images_train/` beside `masks_train/`): the folder's name is a
role word (image, mask, label, gt, ...) and a prefix the two folders share, often a split word. Each
mask folder pairs with the image folder of its own prefix, and only with it; any other shape (no role
word, two image folders of one prefix, a prefix in one place only) is no pairing, and the pairing by
stem decides as before. Plain functions of folder paths; no I/O.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection

__all__ = ["IMAGE_ROLE_WORDS", "MASK_ROLE_WORDS", "own_image_folder", "prefix_and_role"]

# The words that name a folder's role (lower case). Data, not code: a new spelling is a new word.
IMAGE_ROLE_WORDS = frozenset({"image", "images", "img", "imgs", "input", "inputs", "frames"})
MASK_ROLE_WORDS = frozenset({"mask", "masks", "label", "labels", "gt", "groundtruth", "annotation", "annotations", "seg"})
_WORDS = re.compile(r"[-_ ]+")


def prefix_and_role(name: str) -> tuple[str, str] | None:
    """(the rest of a folder's name, its role: "image" or "mask") where its first or last word is a
    role word and other words remain, else None. The rest is lower case, its words joined by '-'.

    >>> prefix_and_role("trainval-image"), prefix_and_role("Test_Masks"), prefix_and_role("images_train")
    (('trainval', 'image'), ('test', 'mask'), ('train', 'image'))
    >>> prefix_and_role("images") is None, prefix_and_role("mask-of-cat-images")
    (True, ('mask-of-cat', 'image'))
    """
    words = [w for w in _WORDS.split(name.lower()) if w]
    if len(words) < 2:
        return None
    for role, table in (("image", IMAGE_ROLE_WORDS), ("mask", MASK_ROLE_WORDS)):
        if words[-1] in table:
            return "-".join(words[:-1]), role
    for role, table in (("image", IMAGE_ROLE_WORDS), ("mask", MASK_ROLE_WORDS)):
        if words[0] in table:
            return "-".join(words[1:]), role
    return None


def own_image_folder(mask_folder: str, image_folders: Collection[str]) -> str | None:
    """The one image folder beside `mask_folder` (the same parent) named for the same prefix with an
    image role word, where the mask folder's name is a prefix and a mask role word; else None.

    >>> own_image_folder("d/trainval-mask", ["d/test-image", "d/trainval-image"])
    'd/trainval-image'
    >>> own_image_folder("d/masks_test", ["d/images_train", "d/images_test"])
    'd/images_test'
    >>> own_image_folder("d/trainval-mask", ["d/test-image", "e/trainval-image"]) is None  # another parent
    True
    >>> own_image_folder("d/masks", ["d/test-image", "d/train-image"]) is None  # no prefix of its own
    True
    """
    parent, name = posixpath.split(mask_folder.rstrip("/"))
    mine = prefix_and_role(name)
    if mine is None or mine[1] != "mask":
        return None
    found = [
        folder
        for folder in sorted(set(image_folders))
        if posixpath.dirname(folder.rstrip("/")) == parent
        and prefix_and_role(posixpath.basename(folder.rstrip("/"))) == (mine[0], "image")
    ]
    return found[0] if len(found) == 1 else None
