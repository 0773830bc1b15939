"""Which COCO-style annotation files a source holds and which split each annotates: a .json whose
first bytes hold an "images" list, one instances (or keypoints) file per split
(`instances_train2017.json`; where no instances file is among them, COCO's other kinds alone:
`person_keypoints_train2017.json`, `captions_train2017.json`), files named by their split alone (`train.json`) or lying in a split
folder (`train/metadata.json`), and LVIS's files that name their images by URL.

Detection reads several such files as one dataset's splits (`describe.find_evidence`) and one alone
as the label file (`label_file_found.found_label_file`, which re-exports these).
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Callable, Sequence

from shardify.beam_jobs.discover import coco_like, head_reads, set_aside
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import label_files
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.files import size_of
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = [
    "annotations_split_folder",
    "check_partition_sets",
    "coco_beside_images",
    "coco_per_split",
    "coco_places",
    "in_split_folder",
    "looks_like_coco",
    "lvis_per_split",
    "named_by_split_alone",
    "split_folder_of",
]

# A COCO file's "images" list comes after its small "info" and "licenses" blocks.
_COCO_HEAD_BYTES = 64 << 10


def looks_like_coco(path: str, shown: str) -> bool:
    """A .json whose first bytes hold an "images" list: a COCO-style annotation file. One that is
    not, or is over the annotation files' size limit, is set aside with why (`shown`: its name).
    Judged once per detection (`head_reads.read_once`): the label file's search and the evidence's
    each asked of the same files (the first reason a file is set aside for is the one kept)."""
    return head_reads.read_once(("looks like coco", path, shown), lambda: _looks_like_coco(path, shown))


def _looks_like_coco(path: str, shown: str) -> bool:
    try:
        with open_input(path) as fileobj:
            size = size_of(fileobj)
            if size is not None and size > label_files.MAX_ANNOTATION_BYTES:
                limit_mib = label_files.MAX_ANNOTATION_BYTES >> 20
                set_aside.note(shown, f"{size:,} bytes, more than the {limit_mib} MiB an annotation file may hold")
                return False
            head = fileobj.read(_COCO_HEAD_BYTES)
    except (OSError, InvalidInputError) as error:
        set_aside.note(shown, f"cannot be read: {getattr(error, 'reason', None) or error}")
        return False
    if coco_like.detector_results(head):  # (MegaDetector's output beside iWildCam's annotations: a model's guesses)
        set_aside.note(shown, 'a detector\'s results ("detections" with "conf", "detection_categories"), no annotations: '
                              'not read as labels or boxes')
        return False
    if coco_like.caption_entries(head):  # (Karpathy's dataset_flickr8k.json: the images' split file, split_files.py)
        set_aside.note(shown, 'caption entries ("filename", "split", "sentences"), no COCO annotations: not read as labels')
        return False
    if coco_like.looks_like_annotations(head):
        return True
    set_aside.note(shown, f'no "images" list in its first {_COCO_HEAD_BYTES >> 10} KiB: not read as COCO annotations')
    return False


def in_split_folder(path: str) -> bool:
    """A file directly in a top folder named as a split, its own name no split's and no other
    kind's (`train/metadata.json`; not `train/instances_val.json`): the annotations of that split."""
    parts = path.split("/")
    stem = layout.stem(path)
    return len(parts) == 2 and bool(split_word(parts[0])) and not split_word(stem) and not _OTHER_KINDS.match(stem)

# Annotation files of a subset of a split's images, never a split of their own: COCO's
# image_info_test-dev2017.json names some of image_info_test2017.json's images.
_SUBSET_FILES = re.compile(r"test-dev", re.IGNORECASE)
# COCO's files of other annotations than instances, named by split too: never an instances file.
_OTHER_KINDS = re.compile(r"(captions|person_keypoints|stuff|panoptic|image_info)_", re.IGNORECASE)


def coco_places(sample: Sequence[str]) -> Callable[[str], bool]:
    """Where a COCO-style file is looked for: at the top of SRC or one folder down (`annotations/`),
    and so under the one folder that wraps every sampled file (AP-10K's download unpacks to
    `ap-10k/annotations/ap10k-train-split1.json` beside `ap-10k/data/`: read from the root above
    it, its split files had gone unread and the run stopped naming no option).

    >>> at = coco_places(["ap-10k/data/1.jpg", "ap-10k/annotations/a.json"])
    >>> at("ap-10k/annotations/a.json"), at("ap-10k/x/y/a.json"), coco_places(["a/1.jpg", "b/c/d.json"])("b/c/d.json")
    (True, False, False)
    """
    wrapper = posixpath.commonpath([p.rpartition("/")[0] for p in sample]) if sample and all("/" in p for p in sample) else ""
    documents = Counter(p.rpartition("/")[0] for p in sample if layout.extension(p) == "json")

    def place(path: str) -> bool:
        inner = path[len(wrapper) + 1 :] if wrapper and path.startswith(wrapper + "/") else path
        # (a split folder's annotations folder of a few files: one of per-image documents, FUNSD's
        # `training_data/annotations/<id>.json`, holds no split's COCO file, and is not read for one)
        return inner.count("/") <= 1 or (
            (split_folder_of(inner) is not None or annotations_split_folder(inner, sample) is not None)
            and documents[path.rpartition("/")[0]] <= _MAX_SPLIT_FOLDER_FILES
        )

    return place


# A split folder's annotations folder holding more .json files than this is of per-image documents: COCO's
# kinds of one split (instances, person_keypoints, captions) are three.
_MAX_SPLIT_FOLDER_FILES = 3
# Folders a split's annotation file lies in under its split folder (iSAID's `train/Annotations/iSAID_train.json`).
_ANNOTATION_FOLDER_NAMES = frozenset({"annotations", "annotation", "anns", "labels", "json"})


def coco_beside_images(sample: Sequence[str], is_coco: Callable[[str], bool]) -> list[str]:
    """The one COCO-style file (`is_coco`) lying, deeper than the top and one folder down, in the folder
    that holds every sampled image or in the folder above it (DENTEX's `training_data/quadrant-enumeration-
    disease/train_quadrant_enumeration_disease.json` beside its `xrays/`: unread, the run stopped naming
    only the folders as labels); [] where none or several do (several: left unread as before, never a
    new stop on what converts today).

    >>> coco_beside_images(["d/t/p/xrays/1.png", "d/t/p/xrays/2.png", "d/t/p/a.json", "d/t/q/b.json"], lambda p: True)
    ['d/t/p/a.json']
    >>> coco_beside_images(["d/t/p/x/1.png", "d/t/p/a.json", "d/t/p/b.json"], lambda p: True), coco_beside_images(["a.png"], bool)
    ([], [])
    """
    folders = {p.rpartition("/")[0] for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    if not folders or "" in folders:
        return []
    holding = posixpath.commonpath(sorted(folders))
    places = {holding, holding.rpartition("/")[0]} - {""}
    found = [p for p in sample if layout.extension(p) == "json" and p.count("/") > 1 and p.rpartition("/")[0] in places]
    found = [p for p in found if is_coco(p)] if len(found) <= _MAX_SPLIT_FOLDER_FILES else []
    return found if len(found) == 1 else []


def split_folder_of(path: str) -> str | None:
    """The split folder a file lies in, directly or in its annotations folder (`train/metadata.json`,
    iSAID's `train/Annotations/iSAID_train.json`: each split folder's own COCO file, left unread
    when only the top and one folder down were looked in), or None.

    >>> split_folder_of("train/Annotations/iSAID_train.json"), split_folder_of("val/x.json"), split_folder_of("a/b/x.json")
    ('train', 'val', None)
    """
    parts = path.split("/")[:-1]
    if len(parts) == 2 and parts[1].lower() in _ANNOTATION_FOLDER_NAMES:
        parts = parts[:1]
    return parts[0] if len(parts) == 1 and split_word(parts[0]) else None


def annotations_split_folder(path: str, sample: Sequence[str] | None = None) -> str | None:
    """The split folder a COCO file lies in under the annotations folder (`annotations/train/coco.json`
    over `images/train/`: the stop had said its labels "may be in" the file, "which shardify does not
    read"), where `sample` (None: not asked) holds an image in a folder of that name; else None. Its own name is no
    split's and no other kind's (`annotations/train/instances_val.json` is no train file).

    >>> annotations_split_folder("annotations/train/coco.json", ["images/train/0.jpg"])
    'train'
    >>> annotations_split_folder("annotations/train/coco.json", ["images/0.jpg"]), annotations_split_folder("a/train/x.json")
    (None, None)
    """
    parts = path.split("/")
    stem = layout.stem(path)
    if len(parts) != 3 or parts[0].lower() not in _ANNOTATION_FOLDER_NAMES or not split_word(parts[1]):
        return None
    if split_word(stem) or _OTHER_KINDS.match(stem):
        return None
    if sample is not None and not any(
        parts[1] in p.split("/")[:-1] and layout.extension(p) in layout.IMAGE_EXTENSIONS for p in sample
    ):
        return None
    return parts[1]


def named_by_split_alone(path: str) -> bool:
    """A COCO-like file named by its split with no kind of annotation before it (`train.json`,
    `val2019.json`, `public_test.json`; not `instances_train2017.json`, `captions_val2017.json`)."""
    stem = layout.stem(path)
    return not stem.lower().startswith("instances_") and not _OTHER_KINDS.match(stem) and bool(split_word(stem))


def coco_per_split(coco: Sequence[str], *, keypoints: bool = False) -> list[tuple[str, str]]:
    """(file, split) of COCO instance files, one per split (`instances_train2017.json`,
    `instances_val2017.json`, `image_info_test2017.json` for an unlabelled test split), when there
    are several; else []. With `keypoints`, the keypoint files (`person_keypoints_train2017.json`),
    or the files named by their split alone (`ap10k-val-split1.json`)."""
    if keypoints:
        return _per_split(coco, "person_keypoints_", keypoints=True)
    # (review26: COCO's captions_<split>2017.json alone, or person_keypoints_<split>2017.json alone, had
    # stopped naming --labels FILE, which reads one split: another kind's files are read per split where
    # no instances file is among them, as files named by their split alone are)
    found = _per_split(coco, "instances_", keypoints=False)
    for prefix in ("person_keypoints_", "captions_"):
        if found or any(layout.stem(p).startswith("instances_") for p in coco):
            break
        found = _per_split([p for p in coco if layout.stem(p).startswith(prefix)], prefix, keypoints=False)
    return found


def _per_split(coco: Sequence[str], prefix: str, *, keypoints: bool) -> list[tuple[str, str]]:
    """`coco_per_split` of the files named `<prefix><split>` (or by their split alone)."""
    found = []
    for path in coco:
        stem = layout.stem(path)
        rest = stem[len(prefix) :] if stem.startswith(prefix) else stem[len("image_info_") :] if stem.startswith("image_info_test") else ""
        if not rest and named_by_split_alone(path):
            # named by its split alone (iNaturalist's train.json, val.json, public_test.json); with --keypoints too,
            # a keypoint dataset's own files (AP-10K's ap10k-train-split1.json), no person_keypoints_ of COCO's beside
            rest = stem
        elif not keypoints and not rest and in_split_folder(path):
            rest = path.split("/")[0]  # one per split folder (Herbarium 2020's train/metadata.json, test/metadata.json)
        elif not keypoints and not rest and (folder := annotations_split_folder(path)):
            rest = folder  # one per split folder under annotations/ (annotations/train/coco.json over images/train/)
        if split_word(rest) and not _SUBSET_FILES.search(rest):
            found.append((path, split_word(rest) or ""))
    splits = [split for _, split in found]
    return found if len(found) >= 2 and len(set(splits)) == len(splits) else []


def lvis_per_split(config: ConvertConfig, coco: Sequence[str]) -> list[tuple[str, str]]:
    """(file, split) of COCO-like files named by split that name their images by URL (LVIS's)."""

    def by_url(path: str) -> bool:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                return coco_like.names_images_by_url(fileobj, size_of(fileobj))
        except (OSError, InvalidInputError):
            return False

    return [] if config.keypoints else coco_like.split_files(coco, by_url)


def _partition_glob(path: str) -> str | None:
    """The file's name with its split word as `*` (`ap10k-train-split2.json` -> `ap10k-*-split2.json`), or None."""
    folder, name = path.rsplit("/", 1) if "/" in path else ("", path)
    parts = re.split(r"([-_.])", name)
    at = [i for i, part in enumerate(parts) if i % 2 == 0 and split_word(part) == part.lower() and split_word(part)]
    if len(at) != 1:
        return None
    parts[at[0]] = "*"
    return f"{folder}/{''.join(parts)}" if folder else "".join(parts)


def check_partition_sets(coco: Sequence[str], *, keypoints: bool = False) -> None:
    """Stop where the COCO files named by split form several sets, each one file per split, that
    differ by another word (AP-10K's `ap10k-{train,val,test}-split1.json` beside `-split2` and
    `-split3`: three partitions of the same images): read together, no split was found and the run
    stopped naming no option. Which set to read is the user's: `--exclude` of the others' globs.

    Raises:
      UsageError: naming each other set's glob for --exclude.

    >>> files = [f"a/ap10k-{s}-split{k}.json" for k in (1, 2) for s in ("train", "val")]
    >>> try:
    ...     check_partition_sets(files)
    ... except UsageError as stop:
    ...     str(stop).rsplit(": ", 1)[1]
    "--exclude 'a/ap10k-*-split2.json'"
    """
    if coco_per_split(coco, keypoints=keypoints):
        return
    groups: dict[str, list[str]] = {}
    for path in coco:
        glob = _partition_glob(path)
        if glob is not None:
            groups.setdefault(glob, []).append(path)
    sets = sorted(glob for glob, paths in groups.items() if coco_per_split(paths, keypoints=keypoints))
    if len(sets) < 2:
        return
    excludes = " ".join(f"--exclude {glob!r}" for glob in sets[1:])
    raise UsageError(
        f"{' and '.join(sets)} are {len(sets)} sets of annotation files, one per split each (partitions of the same images, "
        f"as AP-10K's split1, split2, split3): read one set by leaving the others out: {excludes}"
    )
