"""What a folder's (or file's) name says about its role in a download: which split it names
(`train2017`, `seg_train`, `20news-bydate-test`, `test-dev`), whether it holds unlabelled records
(`unsup/`), masks (`SegmentationClass/`, `masks_png/`) or a dataset's files rather than a class
(`images/`, `ILSVRC2012_img_train`), and which sibling folders read together as splits (Omniglot's
`images_background/` and `images_evaluation/`, ShanghaiTech's `part_A/train_data/`).

The vocabulary is data (the word tables below); `shardify.plan.structure` reads a download's
levels with it, and re-exports the names its callers have always imported from there. Plain
functions of names, no I/O.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from shardify.plan import siblings
from shardify.plan.evaluation_parts import evaluation_part

__all__ = [
    "ABBREVIATED_SPLITS",
    "MASK_FOLDER_WORDS",
    "PART_SPLIT_WORDS",
    "SPLIT_WORDS",
    "all_splits",
    "is_container_name",
    "holds_words",
    "is_never_a_class",
    "is_unlabelled_name",
    "mask_named",
    "PART_WORDS",
    "affixed_split",
    "numbered_part",
    "part_beside_splits",
    "split_family",
    "split_parts",
    "split_word",
    "splits_beneath_groups",
]

# Detection asks `split_word`, `is_container_name` and `mask_named` of every sampled path's folder
# names, the same few names thousands of times: pure functions of a name, so their answers are
# kept, for at most this many names each (as `path_parts` keeps extensions and stems).
_NAMES_CACHED = 4096

# The words that make a folder (or file) name a split's, and the split name each gives. A name
# holds a split word among its words (`train2017`, `seg_train`, `20news-bydate-test`); the exact
# names shardify always read as splits keep their own spelling (`val` stays `val`).
SPLIT_WORDS = {
    "train": "train",
    "training": "train",
    "trainval": "trainval",
    "val": "val",
    "valid": "valid",
    "validation": "validation",
    "validate": "validation",  # MINC-2500's labels/validate1.txt .. validate5.txt (beside train<k>, test<k>)
    "dev": "dev",
    "development": "dev",  # WASSA-2017's development/ (SemEval's word for the dev set)
    "test": "test",
    "testing": "test",
    # three-letter abbreviations no language code or word shares (`tr`, `te` are languages: those are
    # read only among siblings, `abbreviated_splits`): AeroScapes' ImageSets/trn.txt beside val.txt
    "trn": "train",
    "tst": "test",
}
_EXACT_SPLIT_NAMES = frozenset({"train", "validation", "val", "valid", "dev", "test"})
# A split word written together with one of these (Sentiment140's `testdata.manual.2009.06.14.csv`,
# `trainset`, `valset`) names that split too. Only these: a split word that merely begins a word
# names nothing (`devanagari`, `testimonials`, `contest`).
_SPLIT_WORD_SUFFIXES = ("data", "set", "sets", "split")


# Two split words that name one split together: COCO's and VisDrone's `test-dev` (the test images
# whose annotations are public) is a test split, not a test and a dev; SUIM's `train_val/` (beside
# `TEST/`) is a trainval split, as VOC's `trainval` is.
_COMPOUND_SPLITS = re.compile(r"(?P<split>test)[-_]?dev(?![a-z])|(?P<trainval>train)[-_]val(?![a-z])", re.IGNORECASE)


def _compound(match: re.Match) -> str:
    return match.group("split") or "trainval"


def _split_of_word(word: str) -> str | None:
    """The split one word names: a split word, or a split word joined to a _SPLIT_WORD_SUFFIXES."""
    if word in SPLIT_WORDS:
        return SPLIT_WORDS[word]
    for suffix in _SPLIT_WORD_SUFFIXES:
        if word.endswith(suffix) and word[: -len(suffix)] in SPLIT_WORDS:
            return SPLIT_WORDS[word[: -len(suffix)]]
    return None
# Folders of records that have no label (IMDB's train/unsup): their own split, never a class.
_UNLABELLED_WORDS = frozenset({"unsup", "unsupervised", "unlabeled", "unlabelled", "nolabel", "pred", "predict"})
# Folders that hold a dataset's files rather than naming a class.
_CONTAINER_WORDS = frozenset(
    {
        "image", "images", "img", "imgs", "jpg", "jpgs", "jpeg", "jpegs", "jpegimages", "png", "pngs",
        "photo", "photos", "picture", "pictures", "pics", "data", "dataset", "datasets", "files", "raw",
        "all", "samples", "text", "texts", "docs", "documents", "corpus", "align", "aligned", "cropped",
        "resized", "full", "original", "originals", "download", "downloads", "extracted", "unzipped",
    }
)
# Whole names (not a word among others: `LeafScans` names its leaves, `scans_7` and `scans_part_1`
# are parts of a download, whose own stop names `--label-level 0`) that say a folder holds a medical
# series' images: UW-Madison GI Tract's `case2/case2_day1/scans/slice_0001_*.png` (blind round
# thirty-six) holds one study's scans, not a class.
_SERIES_WORDS = frozenset({"scan", "scans"})
# Folders of masks, annotations and other files beside the inputs (when their images share stems
# with the inputs, see `masks_beside.mask_folders_of`).
MASK_FOLDER_WORDS = frozenset(
    {
        "mask", "masks", "segmentation", "segmentationclass", "segmentationobject", "segmentationclassaug",
        "trimap", "trimaps", "annotation", "annotations", "anno", "gt", "gtfine", "gtcoarse", "groundtruth",
        "label", "labels", "semantic", "instance", "instances", "panoptic", "depth", "xmls", "annot", "msk",
        "visualization", "visualizations",
        # a foreground mask and a map of object centres beside each image and its instance labels (the CVPPP
        # leaf segmentation's `plant001_fg.png`, `plant001_centers.png` beside `plant001_rgb.png`, `_label.png`)
        "fg", "centers", "centres",
    }
)


# Words that join inputs to the masks they come with, or say they lack them, in a folder's name (RUGD's
# `RUGD_frames-with-annotations/` beside `RUGD_annotations/`; the face-mask datasets' classes `with_mask/`,
# `without_mask/`, `WithMask/`, `no_mask/`): such a folder holds inputs, not masks. Data, not code.
_WITH_WORDS = frozenset({"with", "without", "no", "non"})


# Image formats a folder's name may add to its role (`masks_png/`, `labels_tif/`).
_FORMAT_WORDS = frozenset({"png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif"})


@lru_cache(maxsize=_NAMES_CACHED)
def mask_named(name: str) -> bool:
    """A folder named for masks or annotations, alone or joined to a split word (SegNet's CamVid
    `trainannot/` beside `train/`, `val_masks/`) or to the format of its files (LoveDA's `masks_png/`).

    >>> [mask_named(n) for n in ("gtFine", "trainannot", "val_masks", "annotated", "train", "PedMasks", "masks_png")]
    [True, True, True, False, False, True, True]
    >>> [mask_named(n) for n in ("RUGD_frames-with-annotations", "RUGD_annotations", "ImagesWithMasks")]
    [False, True, False]
    >>> [mask_named(n) for n in ("with_mask", "without_mask", "WithoutMask", "no_mask", "mask_weared_incorrect")]
    [False, False, False, False, False]
    """
    camel = _camel_words(name)
    if len(camel) > 1 and camel[-1] in MASK_FOLDER_WORDS and camel[-2] in _WITH_WORDS:
        return False  # RUGD's `RUGD_frames-with-annotations/`, a face-mask class `with_mask/`: inputs, named for what they show
    if len(camel) > 1 and (camel[-1] in MASK_FOLDER_WORDS or camel[-1].removesuffix("s") in _PLURAL_MASK_WORDS):
        # Penn-Fudan's `PedMasks/`: words run together, the last names masks; RIM-ONE DL's
        # `RIM-ONE_DL_reference_segmentations/` (readers33e). A bare `segmentations/` stays as before: read as a
        # mask folder, the Leeds Butterfly's images beside it were written unlabelled, the classes their
        # names carry lost with exit 0 (blind14); its own rules (mask_tails) pair its masks.
        return True
    low = name.lower()
    return low in MASK_FOLDER_WORDS or any(
        rest and (split_word(rest) is not None or rest in _FORMAT_WORDS)
        for word in MASK_FOLDER_WORDS
        for rest in (low.removesuffix(word).strip("_-. "), low.removeprefix(word).strip("_-. "))
        if rest != low
    )
# Mask words whose plural ends a compound folder name of masks (`..._reference_segmentations`).
_PLURAL_MASK_WORDS = frozenset({"segmentation"})
# A lone folder whose name has more words than this (`ILSVRC2012_img_train`) is a download's
# wrapper, not a class.
_MAX_CLASS_NAME_WORDS = 3


def _words(name: str) -> list[str]:
    """'ILSVRC2012_img_train' -> ['ilsvrc', 'img', 'train']; 'train2017' -> ['train']."""
    return [w for w in re.split(r"[^a-z]+", name.lower()) if w]


def _camel_words(name: str) -> list[str]:
    """Words run together in capitals: 'PNGImages' -> ['png', 'images'], 'PedMasks' -> ['ped', 'masks']."""
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)]


@lru_cache(maxsize=_NAMES_CACHED)
def split_word(name: str) -> str | None:
    """The split a folder or file name names, or None.

    >>> [split_word(n) for n in ("val", "train2017", "ILSVRC2012_img_val", "20news-bydate-test", "cats", "train_test")]
    ['val', 'train', 'val', 'test', None, None]
    >>> [split_word(n) for n in ("testdata.manual.2009.06.14", "trainset", "devanagari")]
    ['test', 'train', None]
    >>> [split_word(n) for n in ("drugsComTrain_raw", "drugsComTest_raw", "Contest", "TestTrain")]
    ['train', 'test', None, None]
    >>> [split_word(n) for n in ("VisDrone2019-DET-test-dev", "image_info_test-dev2017", "test_devanagari", "train_val")]
    ['test', 'test', 'test', 'trainval']
    """
    if name.lower() in _EXACT_SPLIT_NAMES:
        return name
    found = {_split_of_word(w) for w in _words(_COMPOUND_SPLITS.sub(_compound, name))} - {None}
    if not found:  # words run together in capitals: UCI's drugsComTrain_raw.tsv, drugsComTest_raw.tsv
        found = {SPLIT_WORDS.get(w) for w in _camel_words(name)} - {None}
    return found.pop() if len(found) == 1 else None


# Words that name a piece of a download cut for size (`HAM10000_images_part_1/`), or a partition of
# it for cross-validation (Brazilian Coffee Scenes' `fold1/` .. `fold5/` and `fold1.txt`,
# UrbanSound8K's `fold1/` .. `fold10/`): numbered alike, never classes nor concepts.
PART_WORDS = frozenset({"part", "parts", "batch", "chunk", "shard", "piece", "vol", "volume", "disk", "disc", "split",
                        "fold", "folds", "cv", "set", "subset"})


_LIST_NAME_WORDS = re.compile(r"[_\-. ]+")


def split_family(path: str) -> str:
    """A split list's path with its split word left out: the lists of one family (one task's,
    one dataset's) differ only by it.

    >>> split_family("wikiart_csv/style_train.csv"), split_family("wikiart_csv/style_val.csv"), split_family("lists/genre-test.txt")
    ('wikiart_csv/style.csv', 'wikiart_csv/style.csv', 'lists/genre.txt')
    >>> split_family("splits/train.txt"), split_family("labels/jester-v1-validation.csv")
    ('splits/.txt', 'labels/jester_v1.csv')
    """
    folder, name = posixpath.split(path)
    stem, ext = posixpath.splitext(name)
    kept = [word for word in _LIST_NAME_WORDS.split(stem) if word and split_word(word) is None]
    return posixpath.join(folder, "_".join(kept) + ext)


def numbered_part(name: str) -> bool:
    """A name that is a part word and a number (`fold1`, `part_2`, `cv-3`, `batch01`), nothing else.

    >>> [numbered_part(n) for n in ("fold1", "part_2", "batch01", "fold", "clouds", "set_a")]
    [True, True, True, False, False, False]
    """
    match = re.fullmatch(r"([A-Za-z]+)[_\-. ]?\d+", name)
    return bool(match) and match.group(1).lower() in PART_WORDS


# What a download joins to a split word in a split folder's name, written together (CRACK500's
# `traincrop/`, `valcrop/`; `trainimages/`), and the abbreviations of split words joined to a
# container word (the Medical Segmentation Decathlon's `imagesTr/`, `imagesTs/`, `labelsTr/`).
_SPLIT_AFFIXES = ("crop", "crops", "cropped", "image", "images", "img", "imgs", "pics", "photos", "files", "samples")
# (The abbreviations are `ABBREVIATED_SPLITS`, below: one table. A smaller copy here was rebound by it at
# import, so affixed_split has always read the larger one.)


# Split words some downloads abbreviate in sibling folders' names (DUTS's `DUTS-TR/`, `DUTS-TE/`).
# Alone an abbreviation names nothing (`te` is a word of many languages): read only where sibling
# folders' names differ in that word alone, one of them train's and another some other split's.
ABBREVIATED_SPLITS = {"tr": "train", "trn": "train", "te": "test", "ts": "test", "tst": "test", "va": "validation",
                      "vl": "validation", "vd": "validation"}


def affixed_split(name: str) -> str | None:
    """The split a folder name names (`split_word`), or names written together with an affix of
    `_SPLIT_AFFIXES` or as an abbreviation after a container word: a folder of a split's files,
    never a class.

    >>> [affixed_split(n) for n in ("traincrop", "valcrop", "imagesTr", "labelsTs", "test-set", "latest", "contest")]
    ['train', 'val', 'train', 'test', 'test', None, None]
    """
    found = split_word(name)
    if found is not None:
        return found
    low = name.lower()
    for word, split in SPLIT_WORDS.items():
        if any(low in (word + affix, affix + word) for affix in _SPLIT_AFFIXES):
            return split
    for abbreviation, split in ABBREVIATED_SPLITS.items():
        if any(low == container + abbreviation for container in (*_CONTAINER_WORDS, *MASK_FOLDER_WORDS)):
            return split
    return None


# Words that name a split only where sibling folders hold the same names beneath them (alone,
# `background` is a class: Caltech-101's BACKGROUND_Google). Omniglot's sets are tfds' train/test.
PART_SPLIT_WORDS = {"background": "train", "evaluation": "test", "eval": "test"}
# The splits a set named beside one unnamed training set names (`split_parts`).
_HELD_OUT_SPLITS = frozenset({"val", "validation", "valid", "dev", "test"})


def _part_split(name: str) -> str | None:
    found = split_word(name)
    if found is not None:
        return found
    named = {PART_SPLIT_WORDS[w] for w in _words(name) if w in PART_SPLIT_WORDS}
    return named.pop() if len(named) == 1 else None


def split_parts(folders: Sequence[Sequence[str]], level: int) -> dict[str, str]:
    """The folders at component `level` read as splits (folder -> split name), when they hold the
    same names beneath them and their names say which split each is; else {}.

    >>> split_parts([["images_background", "Greek", "character01"], ["images_evaluation", "Tengwar", "character01"]], 0)
    {'images_background': 'train', 'images_evaluation': 'test'}
    >>> split_parts([["fruits", "apple"], ["fruits-test-set", "apple"]], 0)
    {'fruits': 'train', 'fruits-test-set': 'test'}
    >>> split_parts([["cats", "2019"], ["dogs", "2019"]], 0)
    {}
    >>> split_parts([["NCT-CRC-HE-100K", "ADI"], ["CRC-VAL-HE-7K", "ADI"]], 0)
    {'CRC-VAL-HE-7K': 'val', 'NCT-CRC-HE-100K': 'train'}
    >>> split_parts([["NCT-CRC-HE-100K", "ADI"], ["NCT-CRC-HE-100K-NONORM", "ADI"], ["CRC-VAL-HE-7K", "ADI"]], 0)
    {}
    """
    beneath = siblings.names_beneath(folders, level)
    if not siblings.shared_beneath(beneath):
        return {}
    splits = {name: _part_split(name) for name in beneath}
    unnamed = [name for name, split in splits.items() if split is None]
    if len(unnamed) == 1:  # `fruits` beside `fruits-test-set`, `validation-fruits`: the rest is train
        base = unnamed[0]
        pattern = re.compile(rf"(^|[^a-z0-9]){re.escape(base.lower())}($|[^a-z0-9])")
        if "train" not in splits.values() and all(pattern.search(n.lower()) for n in splits if n != base):
            splits[base] = "train"
        elif len(splits) == 2 and set(splits.values()) - {None} <= _HELD_OUT_SPLITS:
            # two sets, one naming a held-out split in a token of its name (Kather's `CRC-VAL-HE-7K` beside
            # `NCT-CRC-HE-100K`): the other is the training set; a third unnamed set leaves it a guess
            splits[base] = "train"
    names = list(splits.values())
    if None in names or len(set(names)) != len(names):
        return {}
    return dict(sorted(splits.items()))


def all_splits(names: Iterable[str]) -> bool:
    """Every folder names a split, or a set of unlabelled records beside them (Kaggle's Intel
    Image Classification: `seg_pred/` of images to predict beside `seg_train/`, `seg_test/`), and
    at least one names a split."""
    names = list(names)
    # (and re-identification's `query/`, `gt_bbox/` beside `bounding_box_train/`: `evaluation_parts`)
    return all(
        split_word(n) or is_unlabelled_name(n) or part_beside_splits(n, names) or evaluation_part(n, names, split_word)
        for n in names
    ) and any(
        split_word(n) for n in names
    )


def splits_beneath_groups(folders: Sequence[Sequence[str]], level: int, children: set[str]) -> list[str]:
    """The split folders one level beneath group folders that each hold the same ones (ShanghaiTech's
    `part_A/train_data/images/`, `part_A/test_data/images/`, `part_B/...`: two sets of one dataset),
    or []; the groups name no split themselves, and beneath the splits lie the files or a folder
    naming what it holds (`images/`), no class folder: where classes lie beneath (a domain's
    `mnist/train/0/`), the groups may be what a user wants kept, and the reading stays as it was.

    >>> splits_beneath_groups([["part_A", "train_data", "images"], ["part_A", "test_data", "images"],
    ...                         ["part_B", "train_data", "images"], ["part_B", "test_data", "images"]], 0, {"part_A", "part_B"})
    ['test_data', 'train_data']
    >>> splits_beneath_groups([["cats", "train"], ["dogs", "val"]], 0, {"cats", "dogs"})
    []
    >>> splits_beneath_groups([["mnist", "train", "0"], ["mnist", "val", "0"], ["svhn", "train", "0"], ["svhn", "val", "0"]],
    ...                        0, {"mnist", "svhn"})
    []
    """
    if len(children) < 2 or any(split_word(name) for name in children):
        return []
    beneath: dict[str, set[str]] = {name: set() for name in children}
    for parts in folders:
        if len(parts) <= level + 1 or len(parts) > level + 3 or (len(parts) == level + 3 and not holds_words(parts[-1])):
            return []  # a group's loose files, or folders beneath the splits that may be classes
        beneath[parts[level]].add(parts[level + 1])
    names = set().union(*beneath.values())
    if len(names) < 2 or any(below != names for below in beneath.values()) or not all(split_word(n) for n in names):
        return []
    return sorted(names)


def holds_words(name: str) -> bool:
    """A folder named for what it holds (`images`, `PNGImages`), a container's own words; a number
    (`0`) or a split's name is not one here."""
    words, camel = _words(name), _camel_words(name)
    return any(w in _CONTAINER_WORDS for w in words) or (len(camel) > 1 and camel[-1] in _CONTAINER_WORDS)


def part_beside_splits(name: str, siblings_: Sequence[str]) -> str | None:
    """The split a part word names (`evaluation` -> test) where its sibling folders name other
    splits (Food-11's `training/`, `validation/`, `evaluation/`) and none names that one already;
    else None. Alone, `evaluation/` and `background/` may be classes."""
    if split_word(name):
        return None
    named = {PART_SPLIT_WORDS[w] for w in _words(name) if w in PART_SPLIT_WORDS}
    if len(named) != 1:
        return None
    split = named.pop()
    others = {split_word(n) for n in siblings_ if n != name} - {None}
    return split if others and split not in others else None


def is_unlabelled_name(name: str) -> bool:
    """A folder of unlabelled records: `unsup`, `unlabeled`..."""
    return any(w in _UNLABELLED_WORDS for w in _words(name))


# Names no class has: a folder so named among the class folders means the level is wrong.
_NEVER_A_CLASS = frozenset(
    {
        "images", "image", "img", "imgs", "jpg", "jpgs", "jpeg", "jpegs", "jpegimages", "png", "pngs", "photos",
        "pictures", "pics", "data", "dataset", "datasets", "files", "texts", "docs", "documents", "corpus",
    }
    | set(SPLIT_WORDS)
)


def is_never_a_class(name: str) -> bool:
    """A folder name that says it holds a dataset's files or a split: `images`, `train`, `val`.

    >>> [is_never_a_class(n) for n in ("images", "Train", "test_tube", "photo")]
    [True, True, False, False]
    """
    return name.lower() in _NEVER_A_CLASS


@lru_cache(maxsize=_NAMES_CACHED)
def is_container_name(name: str) -> bool:
    """A name that says what a folder holds rather than which class: `images`, `jpg`,
    `img_align_celeba`, a split's name, or a download's long name (`ILSVRC2012_img_train`)."""
    words, camel = _words(name), _camel_words(name)
    return (
        not words
        or any(w in _CONTAINER_WORDS for w in words)
        or name.lower() in _SERIES_WORDS
        or (len(camel) > 1 and camel[-1] in _CONTAINER_WORDS)  # Penn-Fudan's `PNGImages`
        or split_word(name) is not None
        or len(words) > _MAX_CLASS_NAME_WORDS
    )


def __getattr__(name: str) -> object:
    """`abbreviated_splits` and `abbreviated_list_split`, whose module (`abbreviated_splits.py`) reads
    `split_word` from this one: re-exported here at first use, where callers have imported them
    (an import at the top would be circular)."""
    if name in ("abbreviated_splits", "abbreviated_list_split"):
        from shardify.plan import abbreviated_splits  # noqa: PLC0415 - it imports this module

        return getattr(abbreviated_splits, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
