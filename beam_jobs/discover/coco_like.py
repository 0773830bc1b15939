"""Detection of COCO-like annotation files beyond COCO's own names: LVIS and its kin.

COCO names its per-split files `instances_<split>.json` (read in `label_file_found.coco_per_split`). Other
datasets in COCO's format name them `<prefix>_<split>.json` (`lvis_v1_train.json`,
`lvis_v1_val.json`) and may open with their annotations rather than their images (a 64 KiB head
then holds no `"images"`). Such files give each image's split by their own name: LVIS's val
images lie in COCO's `train2017/` and `val2017/` alike, so the folder an image sits in is no split.
Only files that name their images by URL (`coco_url`, see `converters/coco_urls.py`) are read so:
one gives its split even alone, as the folders cannot.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from shardify.converters import coco_urls
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["caption_entries", "looks_like_annotations", "split_files", "URL_SCAN_BYTES", "names_images_by_url", "url_keys_at_end",
           "image_level_categories", "object_annotations", "has_annotations", "detector_results"]

# COCO's "images" key opening its list (whitespace as any JSON writer leaves it).
_IMAGES_LIST = re.compile(rb'"images"\s*:\s*\[')
# Bytes of a file looked at to tell whether it names its images by URL only.
URL_SCAN_BYTES = 64 << 20
_BLOCK_BYTES = 1 << 20


def looks_like_annotations(head: bytes) -> bool:
    """A JSON object's first bytes hold COCO's "images" list, or its "annotations" with their
    `image_id`s (LVIS's files open with them). A UTF-8 byte-order mark before it is no content. An
    "images" key holding no list (a training config's `"images": "images/"`, a count) is no COCO file:
    read as one, it stood beside the real annotations as a second "annotation file" and the run
    stopped asking which (review31).

    >>> looks_like_annotations(b'{"info": {}, "images" : [{"id": 1, "file_name": "a.jpg"}]}')
    True
    >>> looks_like_annotations(b'{"epochs": 10, "images": "images/", "labels": "labels/"}'), looks_like_annotations(b'{"images": 6}')
    (False, False)
    """
    head = head.removeprefix(b"\xef\xbb\xbf")
    if not head.lstrip().startswith(b"{"):
        return False
    return bool(_IMAGES_LIST.search(head)) or (b'"annotations"' in head and b'"image_id"' in head)


def caption_entries(head: bytes) -> bool:
    """Karpathy's caption files (`dataset_coco.json`, `dataset_flickr8k.json`, RSICD's): an "images" list of
    entries naming a `filename` and a `split` and holding `sentences`, no COCO `file_name` nor
    "annotations". Read as COCO, every entry was a reject (no "file_name") and the run exited 1; they
    are the images' split file (`converters/split_sources.split_names`).

    >>> caption_entries(b'{"images": [{"sentids": [0], "filename": "a.jpg", "split": "train", "sentences": []}], "dataset": "x"}')
    True
    >>> caption_entries(b'{"images": [{"id": 1, "file_name": "a.jpg"}], "annotations": [{"caption": "A dog."}]}')
    False
    """
    return (b'"sentences"' in head and b'"filename"' in head and b'"split"' in head
            and b'"file_name"' not in head and b'"annotations"' not in head)


def names_images_by_url(fileobj: object, size_bytes: int | None = None) -> bool:
    """Whether an annotation file's images carry a `coco_url` and no `file_name` (LVIS's): the
    first image entry with a `coco_url` found in the first URL_SCAN_BYTES, else in the last (LVIS's
    files hold their images after their annotations, hundreds of MB in), is looked at (COCO's own
    entries give both, side by side)."""
    found = _first_url_entry(fileobj)
    if found is None and size_bytes is not None and size_bytes > URL_SCAN_BYTES and fileobj.seekable():
        fileobj.seek(size_bytes - URL_SCAN_BYTES)
        found = _first_url_entry(fileobj)
    return bool(found)


def _first_url_entry(fileobj: object) -> bool | None:
    """From the file's position on: whether the first entry with a `coco_url` has no `file_name`,
    or None where none is found in URL_SCAN_BYTES."""
    chunk = b""
    for _ in range(URL_SCAN_BYTES // _BLOCK_BYTES):
        block = fileobj.read(_BLOCK_BYTES)
        chunk = chunk[-_ENTRY_BYTES:] + block
        at = chunk.find(b'"coco_url"')
        if at >= 0:
            while len(chunk) < at + _ENTRY_BYTES and block:
                block = fileobj.read(_ENTRY_BYTES)
                chunk += block
            return b'"file_name"' not in chunk[max(0, at - _ENTRY_BYTES) : at + _ENTRY_BYTES]
        if not block:
            return None
    return None


# An image entry's bytes around its coco_url (COCO's are about 300).
_ENTRY_BYTES = 4096


def _without_split(stem: str) -> tuple[str, str] | None:
    """(the stem with its split word taken out, the split) where its last word names a split:
    `lvis_v1_val` -> ("lvis_v1_", "val")."""
    found = re.match(r"^(.*?)([A-Za-z]+)(\d*)$", stem)
    if not found or not found.group(1) or split_word(found.group(2)) is None:
        return None
    return found.group(1), split_word(found.group(2)) or ""


def split_files(coco: Sequence[str], by_url: Callable[[str], bool]) -> list[tuple[str, str]]:
    """(file, split) of COCO-like files named `<prefix>_<split>.json` that share their prefix, one
    per split, and name their images by URL (LVIS's), one file or several; else []. (COCO's own
    files name theirs by file name: `captions_<split>.json` beside `instances_<split>.json` is
    for the user to choose, and `instances_*` are read by their name.)

    >>> split_files(["lvis_v1_train.json", "lvis_v1_val.json"], lambda p: True)
    [('lvis_v1_train.json', 'train'), ('lvis_v1_val.json', 'val')]
    """
    groups: dict[str, list[tuple[str, str]]] = {}
    for path in coco:
        found = _without_split(layout.stem(path))
        if found is not None:
            groups.setdefault(found[0], []).append((path, found[1]))
    chosen = [
        members
        for members in groups.values()
        if len({split for _, split in members}) == len(members) and all(by_url(path) for path, _ in members)
    ]
    return sorted(chosen[0]) if len(chosen) == 1 else []



def url_keys_at_end(fileobj: object, size_bytes: int | None, limit: int) -> list[str]:
    """The paths of the first `coco_url`s in the file's last URL_SCAN_BYTES (where LVIS's images
    are), for a file whose head named none; [] where the file cannot be read from its end."""
    if size_bytes is None or size_bytes <= URL_SCAN_BYTES or not fileobj.seekable():
        return []
    fileobj.seek(size_bytes - URL_SCAN_BYTES)
    return coco_urls.url_keys(fileobj.read(URL_SCAN_BYTES))[:limit]


# Keys that make a COCO annotation an object (or a caption), not an image's category.
_OBJECT_KEYS = re.compile(rb'"(bbox|segmentation|keypoints|caption|area)"\s*:')
_IMAGE_CATEGORY = re.compile(rb'\{[^{}]*"image_id"\s*:[^{}]*"category_id"\s*:[^{}]*\}|\{[^{}]*"category_id"\s*:[^{}]*"image_id"\s*:[^{}]*\}')
# Annotations seen before the file is judged one of image-level categories.
_MIN_IMAGE_CATEGORIES = 2


def image_level_categories(head: bytes) -> bool:
    """A COCO-shaped file's first bytes hold annotations that give an image a category and no box, mask,
    keypoints or caption (COCO Camera Traps: iWildCam's `{"image_id", "category_id", "count"}`): classes of
    whole images, which the COCO reader, reading objects, writes none of.

    >>> image_level_categories(b'{"annotations": [{"count": 1, "image_id": "a1", "id": "x", "category_id": 2}, '
    ...                        b'{"image_id": "b2", "category_id": 0}], "images": [{"id": "a1", "file_name": "a1.jpg"}]}')
    True
    >>> image_level_categories(b'{"annotations": [{"image_id": 1, "category_id": 2, "bbox": [1, 2, 3, 4]}, '
    ...                        b'{"image_id": 2, "category_id": 1, "bbox": [1, 2, 3, 4]}]}')
    False
    """
    return len(_IMAGE_CATEGORY.findall(head)) >= _MIN_IMAGE_CATEGORIES and not _OBJECT_KEYS.search(head)


def object_annotations(head: bytes) -> bool:
    """A COCO-shaped file's first bytes hold an object's (or a caption's) key: a box, a mask, keypoints."""
    return bool(_OBJECT_KEYS.search(head))


def has_annotations(head: bytes) -> bool:
    """A COCO-shaped file's first bytes hold an annotation (an entry naming an `image_id`): not a test
    split's image information alone (iWildCam's `*_test_information.json`: images and categories)."""
    return b'"image_id"' in head


# A detector's results as MegaDetector writes them (its batch output: "images" of {file or id,
# detections [{category, conf, bbox}]}, "detection_categories" {"1": "animal", ...}): a model's guesses.
_DETECTOR_RESULTS = (re.compile(rb'"detection_categories"\s*:'), re.compile(rb'"detections"\s*:'), re.compile(rb'"conf"\s*:'))


def detector_results(head: bytes) -> bool:
    """A JSON's first bytes are a detector's results, not annotations (iWildCam's
    `iwildcam2020_megadetector_results.json`, LILA's `*_md_results.json`): never read as truth.

    >>> detector_results(b'{"images": [{"file": "a.jpg", "detections": [{"category": "1", "conf": 0.9, "bbox": [0, 0, 1, 1]}]}], '
    ...                  b'"detection_categories": {"1": "animal"}}')
    True
    >>> detector_results(b'{"images": [{"id": 1, "file_name": "a.jpg"}], "annotations": [], "categories": []}')
    False
    """
    return all(sign.search(head) for sign in _DETECTOR_RESULTS)
