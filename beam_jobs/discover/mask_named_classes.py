"""A class folder named for masks or ground truth that holds masks: a stop, where no name pairs them.

Masks whose names add one affix to their images' are paired whatever the affix
(`shardify.plan.stem_affixes`: ETIS-Larib's `Ground Truth/p1.tif` for `1.tif`). Where the masks'
names vary (`p1`, `q2`, or numbered apart from the images), nothing pairs them, and the folder was
read as a class beside the images' folder: every mask a record of class "Ground Truth", with exit 0.
The sign needs no names: a class folder whose name's last word says masks or ground truth
(`mask_names.ends_in_mask_word`: `Ground Truth`, `GroundTruth`, `masks`, `annotations`) beside
class folders whose names do not, its sampled images all masks' kind (one channel, few values,
`mirror_trees.few_valued`) where the others' are photos. Then the run stops before writing, naming
the folder and what decides.

Face-mask classifiers (`with_mask/` beside `without_mask/`) name every class folder with a mask word:
no folder stands apart, and nothing is opened. A `Ground Truth/` of photos stays a class (its
files are no masks' kind).

Numbered pairs of folders, each mask folder holding exactly the file names of one image folder
(`Image_1/1_a.png` beside `Mask_1/1_a.png`), are paired by their folders: the stop says so and names
`--label-level 0` with the one `--exclude` glob of the mask folders (blind round forty-two's kind,
`_paired_by_names`), where it claimed no name paired them and named one folder of several.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout, mask_names, mirror_trees
from shardify.plan.folder_names import mask_named

__all__ = ["check_mask_named_classes"]

# Files opened in the folder named for masks (one in each other), and the most bytes read of each.
_OPENED = 3
_BYTES = 16 << 20


def _few_valued(config: ConvertConfig, relpath: str) -> bool | None:
    """`mirror_trees.few_valued` of a file, or None where it cannot be read."""
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            return mirror_trees.few_valued(fileobj.read(_BYTES))
    except (OSError, InvalidInputError):
        return None


def _class_folder(relpath: str, structure: object) -> str:
    """The class folder ('/'-terminated) a path lies in, or "" for none."""
    parts = relpath.split("/")
    level = dict(structure.label_levels).get(structure.split_folder_of(relpath), -1)
    return "/".join(parts[: level + 1]) + "/" if 0 <= level < len(parts) - 1 else ""


def _named_for_masks(folder: str) -> bool:
    name = posixpath.basename(folder.rstrip("/"))
    return mask_named(name) or mask_names.ends_in_mask_word(name)


def _in_every_split(folder: str, named: Sequence[str], structure: object) -> str:
    """`folder`, its split folder's name as `*` where a folder of the same path under another split
    is named for masks too (`LEVIR-CD/*/label` for `LEVIR-CD/test/label/`, `train/label/`): one glob for all."""
    level, parts = structure.split_level, folder.split("/")
    if level < 0 or len(parts) <= level + 1:
        return folder
    same = {f.rstrip("/").split("/")[level] for f in named
            if len(f.rstrip("/").split("/")) == len(parts) and f.rstrip("/").split("/")[:level] == parts[:level]
            and f.rstrip("/").split("/")[level + 1:] == parts[level + 1:]}
    return "/".join([*parts[:level], "*", *parts[level + 1:]]) if len(same) >= 2 else folder


def _size(config: ConvertConfig, relpath: str) -> tuple[int, int] | None:
    try:
        from PIL import Image

        with open_input(join_path(config.source, relpath)) as fileobj, Image.open(fileobj) as image:
            return image.size
    except (OSError, InvalidInputError, ValueError):
        return None


def _same_named_composites(config: ConvertConfig, by_folder: dict[str, list[str]], masks: str,
                           others: Sequence[str]) -> list[str]:
    """The folders beside `masks` of images of another size than the masks', where every one of
    them holds exactly the masks' file names and one of them holds images of the masks' size (the
    photos): the others are composites of a photo and its mask (TikTok Dancing's `collages/`, each
    frame beside its mask), no records, nor classes. [] otherwise (folders of other names are classes)."""
    names = {posixpath.basename(p) for p in by_folder[masks]}
    if len(others) < 2 or any({posixpath.basename(p) for p in by_folder[f]} != names for f in others):
        return []
    size = _size(config, min(by_folder[masks]))
    sizes = {f: _size(config, min(by_folder[f])) for f in others}
    photos = [f for f in others if sizes[f] == size]
    if size is None or None in sizes.values() or len(photos) != 1:
        return []
    return [f for f in others if f not in photos]


def _paired_by_names(by_folder: dict[str, list[str]], named: Sequence[str], others: Sequence[str]) -> str:
    """The glob of the mask-named folders where each holds exactly the file names of its own one of the
    other folders (numbered pairs: `Mask_1/` and `Image_1/`), or "": masks paired by folder, no class.

    >>> by = {f"r/{w}_{n}/": [f"r/{w}_{n}/{n}_{k}.png" for k in "ab"] for w in ("Image", "Mask") for n in (1, 2)}
    >>> _paired_by_names(by, ["r/Mask_1/", "r/Mask_2/"], ["r/Image_1/", "r/Image_2/"])
    'r/Mask_*'
    """
    def names(folder: str) -> frozenset[str]:
        return frozenset(posixpath.basename(p) for p in by_folder[folder])

    partners = {names(f): f for f in others}
    if len(named) < 2 or len(partners) != len(others) or any(names(f) not in partners for f in named):
        return ""
    if len({partners[names(f)] for f in named}) != len(named):
        return ""
    common = posixpath.commonprefix([f.rstrip("/") for f in named])
    if not posixpath.basename(common):
        return ""
    return common + "*"


def check_mask_named_classes(config: ConvertConfig, media: Sequence[str], structure: object) -> None:
    """Stop where a class folder named for masks holds masks' kind of images beside class folders
    of photos not so named (see the module's docstring); nothing otherwise.

    Raises:
      UsageError: naming the folder, a file of it, and the options that set it aside.
    """
    if structure is None:
        return
    by_folder: dict[str, list[str]] = {}
    for path in media:
        if layout.extension(path) in layout.IMAGE_EXTENSIONS and (folder := _class_folder(path, structure)):
            by_folder.setdefault(folder, []).append(path)
    named = sorted(f for f in by_folder if _named_for_masks(f))
    for folder in named:
        split = structure.split_folder_of(folder + "x")
        others = sorted(f for f in by_folder if f not in named and structure.split_folder_of(f + "x") == split)
        if not others:
            continue
        files = sorted(by_folder[folder])[:_OPENED]
        if not all(_few_valued(config, p) for p in files):
            continue
        photos = [_few_valued(config, p) for f in others for p in sorted(by_folder[f])[:1]]
        if False not in photos or any(photos):
            continue
        paired = _paired_by_names(by_folder, named, others)
        if paired:  # (TNBC-like `Image_1/1_a.png` beside `Mask_1/1_a.png`: each mask folder an image folder's names)
            raise UsageError(
                f"{', '.join(named[:3])}{' and more' if len(named) > 3 else ''} are read as classes, but their names say masks "
                f"and each holds the file names of one of {', '.join(others[:3])}, single-channel images of few values "
                f"({files[0]}): images and their masks in parallel folders, no classes: convert the images alone, "
                f"unlabelled: --label-level 0 --exclude '{paired}'"
            )
        shown = _in_every_split(folder.rstrip("/"), named, structure)
        unlabelled = f"convert the images alone, unlabelled, the masks set aside: --label-level 0 --exclude '{shown}'"
        composites = _same_named_composites(config, by_folder, folder, others)
        if composites:  # (TikTok Dancing's images/, masks/, collages/ of one set of names: no classes at all)
            excluded = " ".join(f"--exclude '{f.rstrip('/')}'" for f in composites)
            unlabelled = (f"{', '.join(others)} hold the masks' own file names, no classes: the images of another size "
                          f"({', '.join(composites)}) are composites, no records; convert the images alone, unlabelled: "
                          f"--label-level 0 --exclude '{shown}' {excluded}")
        if len(others) == 1 or composites:
            aside = unlabelled
        elif shown != folder.rstrip("/"):  # (LEVIR-CD's <split>/label/ beside <split>/A/, <split>/B/: no classes either)
            aside = f"leave them out with --exclude '{shown}' (the other folders then the classes), or {unlabelled}"
        else:
            aside = f"leave it out with --exclude '{shown}'"
        raise UsageError(
            f"{folder} is read as a class, but its name says masks or ground truth and it holds single-channel images "
            f"of few values ({files[0]}) beside {', '.join(others[:3])} of photos: masks, whose names no one affix pairs "
            f"with the images', not a class: {aside}; or rename its files after their images' and name {folder.rstrip('/')!r} under "
            "`structure.mask_folders` of a layout file"
        )
