"""Which of a sample's image files are masks beside the images, not inputs, from their paths alone.

Segmentation downloads put masks in folders named for them (`SegmentationClass/`, `trimaps/`,
`masks/`) or beside each image under a stem that adds a mask word (`x_1_mask.tif` beside `x_1.tif`);
a mask shares its image's sample key (`stem_key`, `mask_key`). Apart from `structure.py` because it
is one question of its own, asked before the folders' meaning is read (`infer_structure` takes the
masks out first), and grown by its own datasets. Plain functions of relative paths; no I/O.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Collection, Iterable, Sequence

from shardify.plan import mask_names
from shardify.plan.folder_names import MASK_FOLDER_WORDS, is_container_name, mask_named

__all__ = ["last_word", "mask_folders_of", "mask_key", "mask_words_of", "stem_key"]


# What ends an image's stem inside a mask's name (`r1_Im033` + `-1-Disc-T`).
_SEPARATORS = frozenset("._- ")


def _stem(relpath: str) -> str:
    return posixpath.splitext(posixpath.basename(relpath))[0]


def stem_key(relpath: str) -> str:
    """The part of a file's stem that names its sample: the stem without the trailing words that
    name what the file is (`aachen_000000_000019_leftImg8bit` and `aachen_000000_000019_gtFine_labelIds`
    -> `aachen_000000_000019`, as Cityscapes names an image and its masks); the stem itself where
    no word of it is a number.

    >>> [stem_key(p) for p in ("a/x_0001_leftImg8bit.png", "b/x_0001_gtFine_color.png", "c/Abyssinian_12.jpg", "d/cat.png")]
    ['x_0001', 'x_0001', 'Abyssinian_12', 'cat']
    >>> stem_key("PedMasks/FudanPed00001_mask.png")
    'FudanPed00001'

    """
    stem = mask_key(_stem(relpath))  # `FudanPed00001_mask`, Penn-Fudan's mask of `FudanPed00001`
    tokens = re.split(r"([._\- ])", stem)
    while len(tokens) > 2 and not tokens[-1].isdigit():
        del tokens[-2:]
    return "".join(tokens) if any(t.isdigit() for t in tokens) else stem


def mask_key(key: str) -> str:
    """A mask's path without its extension, as the image it belongs to is named: the trailing
    words of its stem that say it is a mask cut (Carvana's `0cdf5b5d0ce1_01_mask`, ISIC's
    `ISIC_0000000_segmentation`, Penn-Fudan's `FudanPed00001_mask`).

    >>> [mask_key(k) for k in ("train_masks/0cdf_01_mask", "ISIC_0000000_segmentation", "mask", "a/b")]
    ['train_masks/0cdf_01', 'ISIC_0000000', 'mask', 'a/b']
    """
    folder, _, stem = key.rpartition("/")
    tokens = re.split(r"([._\- ])", stem)
    # (and an observer's word: CHASE_DB1's `Image_01L_1stHO`, DRIVE's `21_manual1`: `mask_names`)
    while len(tokens) > 2 and (tokens[-1].lower() in MASK_FOLDER_WORDS or mask_names.observer_rank(tokens[-1]) is not None):
        del tokens[-2:]
    return (folder + "/" if folder else "") + "".join(tokens)


def last_word(relpath: str) -> str:
    """The last word of a file's stem, lower-case, where its stem has more than one."""
    tokens = re.split(r"[._\- ]", _stem(relpath))
    return tokens[-1].lower() if len(tokens) > 1 else ""


def mask_words_of(inputs: Sequence[str]) -> tuple[str, ...]:
    """The mask words (`MASK_FOLDER_WORDS`) that end the stems of files lying beside a file of
    their stem without it, in one folder (`x_1_mask.tif` beside `x_1.tif`, or beside an image whose
    stem ends in a word of its own that several share: DeepGlobe's `<id>_mask.png` beside
    `<id>_sat.jpg`), for at least two files and most of those that end so: such files are masks,
    not inputs."""
    by_folder: dict[str, set[str]] = {}
    for relpath in inputs:
        folder, _, name = relpath.rpartition("/")
        by_folder.setdefault(folder, set()).add(posixpath.splitext(name)[0])
    for stems in by_folder.values():  # `<id>_sat`: `<id>` too, where `sat` ends several stems
        words = Counter(last_word(stem + ".x") for stem in stems)
        stems |= {stem[: -len(word) - 1] for stem in list(stems) if (word := last_word(stem + ".x")) and
                  word not in MASK_FOLDER_WORDS and mask_names.observer_rank(word) is None and words[word] >= 2}
    paired: dict[str, list[bool]] = {}
    for relpath in inputs:
        word = last_word(relpath)
        if word in MASK_FOLDER_WORDS or mask_names.observer_rank(word) is not None:
            folder = relpath.rpartition("/")[0]
            paired.setdefault(word, []).append(mask_key(_stem(relpath)) in by_folder[folder])
    return tuple(sorted(word for word, found in paired.items() if sum(found) >= 2 and sum(found) * 2 > len(found)))


def mask_folders_of(inputs: Sequence[str]) -> set[str]:
    """Folders of masks beside images: a mask-named folder on their path, and at least half of
    their stems are stems of inputs outside that folder."""
    stems_outside: dict[str, set[str]] = {}
    by_mask_folder: dict[str, list[str]] = {}
    siblings: dict[str, set[str]] = {}  # a folder -> the folders in it (DUTS's `DUTS-TR-Mask/` beside `DUTS-TR-Image/`)
    for relpath in inputs:
        parts = relpath.split("/")[:-1]
        for depth in range(len(parts)):
            siblings.setdefault("/".join(parts[:depth]), set()).add(parts[depth])
    for relpath in inputs:
        parts = relpath.split("/")[:-1]
        for depth, part in enumerate(parts):
            if mask_named(part) or mask_names.paired_mask_folder(part, siblings["/".join(parts[:depth])]):
                by_mask_folder.setdefault("/".join(parts[: depth + 1]) + "/", []).append(relpath)
                break
    masks = set()
    beside_images = _beside_image_folders(inputs, by_mask_folder)
    # (outside every folder so named: `with_mask/1.jpg` beside `without_mask/1.jpg`, a face-mask
    # classifier's two classes, share stems with each other only, and no images)
    named = tuple(by_mask_folder)
    outside_all = {stem_key(p) for p in inputs if not p.startswith(named)}
    for folder, members in by_mask_folder.items():
        outside = stems_outside.setdefault(folder, outside_all)
        shared = sum(1 for p in members if stem_key(p) in outside or _named_after(_stem(p), outside))
        if (outside and shared * 2 >= len(members)) or folder in beside_images:
            masks.add(folder)
    return masks


def _named_after(stem: str, stems: Collection[str]) -> bool:
    """Whether `stem` begins with one of `stems` and a separator: a mask named as its image plus words of
    its own, as RIM-ONE DL's `RIM-ONE_DL_reference_segmentations/<class>/r1_Im033-1-Disc-T.png` and
    `-1-Cup-T.png` (two masks an image: the optic disc and cup) for `r1_Im033.png` (miag-ull/rim-one-dl;
    readers33e). Asked only of a mask-named folder's files, whose name already says what they are.

    >>> _named_after("r1_Im033-1-Disc-T", {"r1_Im033"}), _named_after("r1_Im0331", {"r1_Im033"}), _named_after("x", {"x"})
    (True, False, False)
    """
    return any(stem[:i] in stems for i, ch in enumerate(stem) if i and ch in _SEPARATORS)


def _beside_image_folders(inputs: Sequence[str], mask_folders: Iterable[str]) -> set[str]:
    """Mask-named folders beside a container-named folder of inputs in the same parent, as in one
    folder per sample (Data Science Bowl 2018's `<id>/images/<id>.png` beside `<id>/masks/*.png`,
    one mask per object, named for the object, not the image)."""
    containers = set()
    for relpath in inputs:
        parts = relpath.split("/")[:-1]
        if parts and is_container_name(parts[-1]) and not mask_named(parts[-1]):
            containers.add("/".join(parts[:-1]))
    found = set()
    for folder in mask_folders:
        parent = folder.rstrip("/").rpartition("/")[0]
        if parent in containers:
            found.add(folder)
    return found
