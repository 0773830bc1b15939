"""Class folders that each join one split word to their class: classes of one split, not splits.

A download may name its class folders with the split they were made for (the Yonsei CIPLAB
real-and-fake-face download's `real_and_fake_face/training_fake/`, `training_real/`, and no test
folder; a `benign_train/`, `malignant_train/`, `normal_train/`). Each name holds a split word, so
every folder was read as a split folder, all of them the one split `train`, and no class was left:
the run stopped offering options none of which read the classes (`--label-level` on those folders
stopped again, "class folders named like splits").

The sign is the names together: every sibling folder is a split word and one other word (or words)
joined, the split word first or last; all name the *same* split; the other words differ from
folder to folder, and none of them is a split, container, part, mask or unlabelled word (`seg_train/`
beside `seg_test/`, `train_images/` beside `train_masks/`, `cars_train/` beside `cars_test/` are
splits, or parts, as before). Then the folders are the classes (their names, split word and all),
and there is one split. Where two split words occur (`train_cats/`, `train_dogs/`, `test_cats/`,
`test_dogs/`), a folder names both a split and a class, which no reading of whole folder names
gives: nothing here; the run stops as before.

Plain functions of names; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from shardify.plan.folder_names import PART_WORDS, is_container_name, is_unlabelled_name, mask_named, split_word

__all__ = ["class_word", "one_split_classes"]

_SEPARATORS = re.compile(r"[_\-. ]+")


def class_word(name: str) -> tuple[str, str] | None:
    """(the split `name`'s first or last word names, the rest of the name), or None where it is
    not a split word joined to other words that name no split, container, part, mask or
    unlabelled set.

    >>> class_word("training_fake"), class_word("benign_train"), class_word("train_images"), class_word("seg_train")
    (('train', 'fake'), ('train', 'benign'), None, ('train', 'seg'))
    >>> class_word("train"), class_word("a_train_b"), class_word("train_val")
    (None, None, None)
    """
    words = [w for w in _SEPARATORS.split(name) if w]
    if len(words) < 2:
        return None
    for at, rest in ((0, words[1:]), (len(words) - 1, words[:-1])):
        split = split_word(words[at].lower())
        if split is None:
            continue
        other = "_".join(rest)
        if (
            split_word(other.lower()) is None
            and not any(split_word(w.lower()) for w in rest)
            and not is_container_name(other)
            and not is_unlabelled_name(other)
            and not mask_named(other)
            and not any(w.lower() in PART_WORDS for w in rest)
        ):
            return split.lower(), other
    return None


def one_split_classes(names: Iterable[str]) -> str | None:
    """The one split that every folder of `names` joins to its class (see the module's docstring),
    or None: fewer than two folders, a folder that is no split word joined to a class, two split
    words, or two folders of one class word.

    >>> one_split_classes(["training_fake", "training_real"]), one_split_classes(["benign_train", "malignant_train"])
    ('train', 'train')
    >>> one_split_classes(["train_cats", "test_cats"]), one_split_classes(["seg_train", "seg_test"])
    (None, None)
    >>> one_split_classes(["training_fake"]), one_split_classes(["train_images", "train_masks"]), one_split_classes(["train", "train_x"])
    (None, None, None)
    """
    names = sorted(set(names))
    found = [class_word(name) for name in names]
    if len(names) < 2 or None in found:
        return None
    splits = {split for split, _ in found}
    classes = {other.lower() for _, other in found}
    if len(splits) != 1 or len(classes) != len(names):
        return None
    return splits.pop()
