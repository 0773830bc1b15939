"""Where the images of a folder of per-image box files lie: a sibling folder sharing their stems
(KITTI's `training/image_2` for `training/label_2`), the folder holding them (OIDv4's
`train/Apple/Label/`), a tree mirroring theirs one folder apart (FlickrLogos' `classes/masks/HP`
for `classes/jpg/HP`) or at another depth (IceVision's), or a sibling's split folders keyed by stem
alone (MTSD's `images/{train,val,test}/` beside one flat `annotations/`).

Its own module because it answers one question of names, for `box_tables.py`: which images a
folder of annotation files annotates, by stems, the formats' stem prefixes and view suffixes
(`box_formats.FORMATS`' rows). Plain functions of paths, no I/O.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.plan import box_formats, layout
from shardify.plan.box_file_names import annotated_image
from shardify.plan.structure import split_word

__all__ = ["bare_split_folders", "image_stem", "mirror_roots", "mirrored_images", "split_tree_images", "view_stems"]


def mirrored_images(folder: str, texts: Sequence[str], images_by_folder: dict[str, set[str]]) -> str:
    """The sibling folder of `folder` whose images share the stems of most of its text files
    (`training/image_2` for `training/label_2`), or the folder holding `folder` where its own
    images do (OIDv4's `train/Apple/Label/` in `train/Apple/`); or ""."""
    parent = posixpath.dirname(folder)
    stems = {image_stem(p) for p in texts}
    best, shared = "", 0
    for images, image_stems in sorted(images_by_folder.items()):
        if images == folder or (images != parent and posixpath.dirname(images) != parent):
            continue
        count = len(stems & image_stems)
        if count * 2 >= len(stems) and count > shared:
            best, shared = images, count
    return best


def image_stem(path: str) -> str:
    """An annotation file's stem, without an image's extension its name keeps (WiderPerson's
    `000040.jpg.txt` annotates `000040.jpg`) or a format's prefix (`box_formats.BoxFormat.stem_prefix`)."""
    found = annotated_image(layout.stem(path))
    found = layout.stem(found) if layout.extension(found) in layout.IMAGE_EXTENSIONS else found
    # a prefix a format's files add to their image's stem (ICDAR's `gt_img_1.txt` annotates `img_1.jpg`)
    return next((found[len(p):] for p in _STEM_PREFIXES if found.startswith(p) and len(found) > len(p)), found)


_STEM_PREFIXES = tuple(sorted({f.stem_prefix for f in box_formats.FORMATS if f.stem_prefix}))
# Suffixes of images one per-image file annotates together (`BoxFormat.image_suffixes`: VEDAI's `_co`, `_ir`).
_VIEW_SUFFIXES = tuple(sorted({s for f in box_formats.FORMATS for s in f.image_suffixes}))


def view_stems(stem: str) -> set[str]:
    """An image's stem, and the stem of the annotation file of its views where its name ends in a
    format's view suffix (`00000003_co` -> also `00000003`)."""
    return {stem, *(stem[:-len(s)] for s in _VIEW_SUFFIXES if stem.endswith(s) and len(stem) > len(s))}


def mirror_roots(folder: str, texts: Sequence[str], images_by_folder: dict[str, set[str]]) -> tuple[str, str] | None:
    """(the root of the text tree, the root of the image tree) where `folder` mirrors a folder of
    images whose path differs from its own in one folder above, the names beneath the same
    (FlickrLogos' `classes/masks/HP` for `classes/jpg/HP`: roots `classes/masks`, `classes/jpg`),
    most of its files' stems that folder's images'; else None."""
    parts = folder.split("/")
    stems = {image_stem(p) for p in texts}
    for images, image_stems in sorted(images_by_folder.items()):
        other = images.split("/")
        if len(other) != len(parts) or images == folder:
            continue
        differ = [i for i, (a, b) in enumerate(zip(parts, other)) if a != b]
        if len(differ) == 1 and differ[0] < len(parts) - 1 and len(stems & image_stems) * 2 >= len(stems):
            at = differ[0] + 1
            return "/".join(parts[:at]), "/".join(other[:at])
    return _deeper_mirror_roots(parts, stems, images_by_folder)


def _deeper_mirror_roots(parts: list[str], stems: set[str], images_by_folder: dict[str, set[str]]) -> tuple[str, str] | None:
    """`mirror_roots` of trees at different depths, the same folder names beneath (IceVision's
    `annotations/training/<sequence>/` for `images/<sequence>/`), the roots apart; else None.

    >>> _deeper_mirror_roots(["a", "training", "s1"], {"1"}, {"images/s1": {"1"}})
    ('a/training', 'images')
    """
    for images, image_stems in sorted(images_by_folder.items()):
        other = images.split("/")
        if len(other) == len(parts) or other[-1] != parts[-1] or len(stems & image_stems) * 2 < len(stems):
            continue
        tail = 1
        while tail < min(len(parts), len(other)) and parts[-tail - 1] == other[-tail - 1]:
            tail += 1
        text_root, image_root = "/".join(parts[:-tail]), "/".join(other[:-tail])
        if text_root and image_root and not text_root.startswith(image_root + "/") and not image_root.startswith(text_root + "/"):
            return text_root, image_root
    return None


def split_tree_images(folder: str, texts: Sequence[str], images_by_folder: dict[str, set[str]]) -> str:
    """The sibling folder of `folder` whose split folders' images share the stems of most of its files,
    no stem in two of them (the Mapillary Traffic Sign Dataset's `images/` of `images/{train,val,test}/`
    beside the one flat `annotations/<key>.json`): keyed by stem alone; or "".

    >>> split_tree_images("annotations", ["annotations/a.json", "annotations/b.json"], {"images/train": {"a"}, "images/val": {"b"}})
    'images'
    """
    parent = posixpath.dirname(folder)
    stems = {image_stem(p) for p in texts}
    trees: dict[str, list[set[str]]] = {}
    for images, image_stems in images_by_folder.items():
        tree = posixpath.dirname(images)
        if tree != folder and tree and posixpath.dirname(tree) == parent and split_word(posixpath.basename(images)):
            trees.setdefault(tree, []).append(image_stems)
    best, shared = "", 0
    for tree, groups in sorted(trees.items()):
        union = set().union(*groups)
        count = len(stems & union)
        if len(groups) >= 2 and sum(map(len, groups)) == len(union) and count * 2 >= len(stems) and count > shared:
            best, shared = tree, count
    return best


def bare_split_folders(tree: str, texts: Sequence[str], images_by_folder: dict[str, set[str]]) -> tuple[str, ...]:
    """The split folders ('/'-ended) of `split_tree_images`' tree none of whose sampled images has a
    document (MTSD's `images/test/`, its annotations withheld): written without objects.

    >>> bare_split_folders("images", ["a/x.json"], {"images/train": {"x"}, "images/test": {"y"}})
    ('images/test/',)
    """
    stems = {image_stem(p) for p in texts}
    return tuple(sorted(f"{images}/" for images, image_stems in images_by_folder.items()
                        if posixpath.dirname(images) == tree and split_word(posixpath.basename(images)) and not image_stems & stems))
