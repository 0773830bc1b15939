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
splits, or parts, as before). Then the folders are the classes of the one split their word names,
each class the name without the split word, as two split words give it (`test_positive/`,
`test_negative/`: split test, classes positive and negative; they had been written as split train
with the classes `test_positive` and `test_negative`).

Where two split words or more occur over the same classes (`train_cats/`, `train_dogs/`,
`test_cats/`, `test_dogs/`; CycleGAN's `trainA/`, `trainB/`, `testA/`, `testB/`, the split word
run together with a class written in capitals or digits-free letters), each folder names both a
split and a class: `split_classes` reads each folder's split and its class (the name without the
split word) when every sibling folder is so named, at least two split words and two classes occur,
and no class is a version (`train_2017/`, `test_2017/`, `train_v1/`, `train_v2/` are releases, not classes). Whether every class
appears under at least two split words is `uneven_classes`'s question: a class under one split
word only (`train_cats/`, `train_dogs/`, `test_cats/`) is a doubt, and the run stops naming it.

One split word alone cannot tell a split from the first word of a class's own name: `test_tube/`,
`test_strip/` had been written as split test with the classes `strip`, `tube`, and `train_station/`,
`train_track/`, `train_car/` as split train with the classes `car`, `station`, `track` (exit 0). So
the reading of one split word is taken only where every rest is a class word of the binary or
triage tasks that name their folders so (`ONE_SPLIT_CLASS_WORDS`: `positive`/`negative`, `real`/`fake`,
`benign`/`malignant`/`normal`); otherwise `unknown_rests_found` stops the run naming the folders
and the layout file's mappings, which say either reading.

Plain functions of names; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from shardify.plan.folder_names import PART_WORDS, SPLIT_WORDS, is_container_name, is_unlabelled_name, mask_named, split_word
from shardify.plan.sign_findings import Finding

if TYPE_CHECKING:
    from shardify.plan.structure import Structure

__all__ = ["ONE_SPLIT_CLASS_WORDS", "class_word", "joined_beside_splits_found", "one_split_classes", "split_classes",
           "uneven_classes", "uneven_classes_found", "unknown_rests_found"]

_SEPARATORS = re.compile(r"[_\-. ]+")
# A version, not a class: `train_v1/` beside `train_v2/` (a download's first and second release),
# `train_2017/`, `test_ver2/`, `train_v1.1/` (separators split it, so the words are checked joined).
# Class words a folder may join to one split word and still be that split's class (`test_positive/`,
# `training_fake/`, `benign_train/`, `Validation_Malignant/`): the classes of the binary and triage
# tasks whose downloads name their folders so, the tasks' own words (a detector's positive and
# negative samples, real and fake faces, lesions, inspections' good and defective parts, X-rays'
# normal and pneumonia). Matched on the whole rest, ignoring case. Any other rest (`test_tube/`,
# `train_station/`) may be the second word of the class's own name, which the names cannot tell.
ONE_SPLIT_CLASS_WORDS = frozenset({
    "positive", "negative", "pos", "neg", "real", "fake", "genuine", "forged", "spoof", "live",
    "good", "bad", "ok", "ng", "defect", "defective", "nodefect", "no_defect", "pass", "fail",
    "normal", "abnormal", "anomaly", "anomalous", "benign", "malignant", "healthy", "diseased", "sick",
    "pneumonia", "covid", "tumor", "no_tumor", "yes", "no", "true", "false", "clean", "dirty",
})
_VERSION = re.compile(r"(?:v|ver|version|rev|release)?[_\-. ]?\d+(?:[_\-. ]\d+)*", re.IGNORECASE)


def _version(other: str) -> bool:
    """`other` (what a folder's name holds beside its split word) names a version, not a class.

    >>> [_version(w) for w in ("v1", "2017", "ver_2", "v1_1", "V3", "cats", "class1", "b2")]
    [True, True, True, True, True, False, False, False]
    """
    return _VERSION.fullmatch(other) is not None


def class_word(name: str) -> tuple[str, str] | None:
    """(the split `name`'s first or last word names, the rest of the name), or None where it is
    not a split word joined to other words that name no split, container, part, mask or
    unlabelled set.

    >>> class_word("training_fake"), class_word("benign_train"), class_word("train_images"), class_word("seg_train")
    (('train', 'fake'), ('train', 'benign'), None, ('train', 'seg'))
    >>> class_word("train"), class_word("a_train_b"), class_word("train_val"), class_word("train_v2")
    (None, None, None, None)
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
            and not _version(other)
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


def unknown_rests_found(structure: Structure) -> Finding | None:
    """A doubt over `structure`'s reading of one split word's class folders (`one_split_classes`)
    where a rest is no class word of `ONE_SPLIT_CLASS_WORDS` (`test_tube/`, `test_strip/`): split
    test and the classes `tube`, `strip`, or the classes `test_tube`, `test_strip` of no split;
    None for two split words or more, for class words, or for classes the user named otherwise.

    >>> from shardify.plan.structure import Structure
    >>> s = Structure(split_names=(("test_strip", "test"), ("test_tube", "test")), class_names=(("test_strip", "strip"), ("test_tube", "tube")))
    >>> unknown_rests_found(s).folders
    ('test_strip/', 'test_tube/')
    >>> unknown_rests_found(Structure(split_names=(("test_neg", "test"), ("test_pos", "test")), class_names=(("test_neg", "neg"), ("test_pos", "pos"))))
    """
    splits = dict(structure.split_names)
    if len(set(splits.values())) != 1:
        return None
    read = {folder: name for folder, name in structure.class_names if class_word(folder) == (splits.get(folder), name)}
    if len(read) != len(structure.class_names) or all(name.lower() in ONE_SPLIT_CLASS_WORDS for name in read.values()):
        return None  # (classes a layout file named otherwise are the user's)
    split = next(iter(splits.values()))
    return Finding(
        f"folders each joining the split word {split!r} to a word that names no known class ({', '.join(sorted(read.values()))}): "
        f"split {split} of those classes, or classes named whole in no split ('{next(iter(sorted(read)))}'), which the names "
        "cannot tell",
        tuple(f"{structure.root}{folder}/" for folder in sorted(read)),
        (LAYOUT_HINT, "--labels FILE (a table of path and label)"),
    )


# Split words a class may be run together with, longest first (`training` before `train`), so that
# `trainingA` is `training` and `A`; only where the rest starts with a capital or the split word with
# one (`trainA`, `TestCats`): `trainee`, `testimonials` run no split word into a class.
_RUN_TOGETHER = tuple(sorted(SPLIT_WORDS, key=len, reverse=True))


def _run_together(name: str) -> tuple[str, str] | None:
    """(split, class) of a split word run together with a class: `trainA`, `testB`, `TrainCats`."""
    low = name.lower()
    for word in _RUN_TOGETHER:
        if low.startswith(word) and len(name) > len(word) and name[len(word)].isupper() and name[len(word):].isalpha():
            return SPLIT_WORDS[word], name[len(word):]
        if low.endswith(word) and len(name) > len(word) and name[-len(word)].isupper() and name[: -len(word)].isalpha():
            return SPLIT_WORDS[word], name[: -len(word)]
    return None


def _split_and_class(name: str) -> tuple[str, str] | None:
    found = class_word(name) or _run_together(name)
    if found is None:
        return None
    split, other = found
    if _version(other) or is_container_name(other) or is_unlabelled_name(other) or mask_named(other) or split_word(other):
        return None  # `train_2017/` (a version), `trainImages/` (a container), `trainMasks/`
    return split, other


def split_classes(names: Iterable[str]) -> dict[str, tuple[str, str]] | None:
    """Each folder of `names` -> (its split, its class), where every one joins a split word to a
    class and at least two split words and two classes occur (see the module's docstring); None
    otherwise. Two folders of one split and one class are no reading either.

    >>> split_classes(["trainA", "trainB", "testA", "testB"])["testB"]
    ('test', 'B')
    >>> split_classes(["train_cats", "test_cats", "train_dogs", "test_dogs"])["train_dogs"]
    ('train', 'dogs')
    >>> split_classes(["seg_train", "seg_test"]), split_classes(["train_2017", "test_2017", "train_2018", "test_2018"])
    (None, None)
    >>> split_classes(["train_cats", "test_cats", "train_dogs", "extra"]), split_classes(["trainee", "testee", "trainer", "tester"])
    (None, None)
    """
    names = sorted(set(names))
    found = {name: _split_and_class(name) for name in names}
    if len(names) < 3 or None in found.values():
        return None
    pairs = {(split, other) for split, other in found.values()}  # type: ignore[misc]  # (case kept: see uneven_classes)
    if len(pairs) != len(names) or len({s for s, _ in pairs}) < 2 or len({c for _, c in pairs}) < 2:
        return None
    return found  # type: ignore[return-value]


def uneven_classes(read: dict[str, tuple[str, str]]) -> list[str]:
    """The folders of `split_classes`'s reading whose class appears under one split word only.

    A class is its name as the folder spells it: `train_Cats/` and `test_cats/` are written as the
    classes `Cats` and `cats`, so matched ignoring case they had passed as one class under two split
    words while train and test were written with different classes (`train/Cats/` beside
    `test/cats/` stops for the same reason).

    >>> uneven_classes(split_classes(["train_cats", "test_cats", "train_dogs", "test_birds"]))
    ['test_birds', 'train_dogs']

    Folders of one split word only (`test_positive/`, `test_negative/`: `one_split_classes`) are
    the classes of that one split, none uneven.
    """
    if len({split for split, _ in read.values()}) < 2:
        return []
    splits_of: dict[str, set[str]] = {}
    for split, other in read.values():
        splits_of.setdefault(other, set()).add(split)
    return sorted(name for name, (_, other) in read.items() if len(splits_of[other]) < 2)


# The option that decides a reading of split and class from one name: the layout file's two mappings.
LAYOUT_HINT = "a layout file's `structure.split_names` and `structure.class_names` (each folder's split and class)"


def uneven_classes_found(structure: Structure) -> Finding | None:
    """A doubt over `structure`'s reading of split and class from each folder's name: a class
    under one split word only, which a folder of another split and class, or a download's part,
    could be as well; None where every class appears under two split words or more.

    >>> from shardify.plan.structure import Structure
    >>> s = Structure(split_names=(("test_cats", "test"), ("train_cats", "train"), ("train_dogs", "train")),
    ...     class_names=(("test_cats", "cats"), ("train_cats", "cats"), ("train_dogs", "dogs")))
    >>> uneven_classes_found(s).folders
    ('train_dogs/',)
    """
    splits = dict(structure.split_names)
    read = {folder: (splits.get(folder, folder), name) for folder, name in structure.class_names}
    uneven = uneven_classes(read)
    if not uneven:
        return None
    return Finding(
        "folders each joining a split word to a class, some class under one split word only (a split's class missing, "
        "or a folder that is no class)",
        tuple(f"{structure.root}{folder}/" for folder in uneven),
        (LAYOUT_HINT, "--labels FILE (a table of path and label)"),
    )


def joined_beside_splits_found(structure: Structure) -> Finding | None:
    """Folders that each join one split word to a class (`training_fake/`, `training_real/`; CycleGAN's
    `trainA/`, `trainB/`) beside split folders of another kind (`test/`, loose or holding `fake/`,
    `real/`; `val/`), all read as split
    folders: the joined folders hold their files loose, so they would be written without labels
    (or, with no class folder anywhere, the run stopped naming none of them). Which folder is a
    class and which a split is for the user to say; None where no two such folders of one split
    word hold loose files.

    >>> from shardify.plan.structure import Structure
    >>> s = Structure(split_level=0, label_levels=(("test", 1), ("training_fake", -1), ("training_real", -1)))
    >>> joined_beside_splits_found(s).folders
    ('training_fake/', 'training_real/', 'test/')
    >>> joined_beside_splits_found(Structure(split_level=0, label_levels=(("seg_test", 1), ("seg_train", 1)))) is None
    True
    """
    if structure.split_level < 0 or structure.class_names:
        return None
    levels = dict(structure.label_levels)
    loose: dict[str, list[str]] = {}
    for folder, level in sorted(levels.items()):
        found = _split_and_class(folder) if level < 0 else None  # (`trainA/`, `trainB/` beside `val/` too)
        if found is not None:
            loose.setdefault(found[0], []).append(folder)
    joined = sorted(folder for folders in loose.values() if len(folders) >= 2 for folder in folders)
    others = sorted(set(levels) - set(joined))
    if not joined or not others:
        return None
    beside = ", ".join(f"{structure.root}{folder}/" for folder in others[:3]) + (" ..." if len(others) > 3 else "")
    return Finding(
        f"folders each joining one split word to a class, their files loose, beside the split folders {beside}: read as "
        "splits, their files would have no label (which folder is a class and which a split cannot be told)",
        tuple(f"{structure.root}{folder}/" for folder in (*joined, *others)),
        (LAYOUT_HINT, "--labels FILE (a table of path and label)", "--label-level 0 for records without labels"),
    )
