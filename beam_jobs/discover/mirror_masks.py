"""Folders of masks known by their shape, mirroring the one folder of images beside them: masks, not classes.

`shardify.plan.mirror_trees` finds class folders that repeat another class folder's file names
(`mirror_pairs`, `class_sibling_pairs`); a few images of each side opened tell masks (one channel,
few values) from photos. Where such folders are all a split holds besides the one folder of images
they mirror, nothing else can be read of them: several observers' masks of one set of images
(STARE's `labels-ah/im0001.ah.ppm` and `labels-vk/im0001.vk.ppm` beside `stare-images/im0001.ppm`),
or one folder of masks named otherwise (`outlines/` beside `scans/`). Read as classes, the masks
were records of a class each, and the images a class of their own: detection stopped, naming only a
layout file. `with_mirror_masks` reads them as a layout file would say it: the mirror folders are
`structure.mask_folders`, the image folder no class; the masks of the first folder by name are the
records' (`describe.segmentation_masks` takes the others for second readings of the same images, as
VOC's `SegmentationObject/` beside `SegmentationClass/`), the plan naming every folder.

The guard (`guards._check_mirror_masks`) still stops wherever more than that is there: other class
folders beside them (masks of one class of several, or a class of drawings beside photos), mirrors of
two image folders in one split (one a split is read: DRIVE's `training/` and `test/`), another mask
folder that would give some images theirs (DRIVE's field-of-view `test/mask/` where `test/` has no
observers' masks), or images whose names begin with a code that files beside them are named by (the
Leeds Butterfly dataset's `images/0010001.png`, `descriptions/001.txt`: the code a class,
`class_codes`), where records without labels would be wrong.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import describe
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import layout, mirror_trees

__all__ = ["class_codes", "confirmed_pairs", "twin_masks_hint", "with_mirror_masks"]

# Images opened on each side of a pair of mirroring folders, and the most bytes read of each (a mask
# of 4,000 x 4,000 one-byte pixels, compressed, is far less).
_MIRROR_FILES = 3
_MIRROR_BYTES = 16 << 20
# Lengths of the leading digit codes `class_codes` tries (a class number of 1 to 4 digits).
_CODE_LENGTHS = (1, 2, 3, 4)


def _few_valued(config: ConvertConfig, relpath: str, colours: bool = False) -> bool | None:
    """Whether the image at `relpath` is a mask's kind of image (`mirror_trees.few_valued`, colour-coded
    masks counted with `colours`), or None where it cannot be read or decoded (the pipeline reports what
    it cannot read)."""
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            return mirror_trees.few_valued(fileobj.read(_MIRROR_BYTES), colours)
    except (OSError, InvalidInputError):
        return None


def _size(config: ConvertConfig, relpath: str) -> tuple[int, int] | None:
    """An image's width and height from its header, or None where it cannot be read."""
    from PIL import Image  # imported when a pair is met, as the converters import it

    try:
        with open_input(join_path(config.source, relpath)) as fileobj, Image.open(fileobj) as image:
            return image.size
    except (OSError, InvalidInputError, ValueError, Image.DecompressionBombError):
        return None


def _sizes_agree(config: ConvertConfig, pair: mirror_trees.MirrorPair) -> bool:
    """Whether the sampled masks of `pair` have the sizes of its sampled images (a mask is its
    image's size; masks of another size are no sure masks of these images, and would reject them)."""
    images = {_size(config, p) for p in pair.mirrored_files[:_MIRROR_FILES]}
    return None not in images and all(_size(config, p) in images for p in pair.mirror_files[:_MIRROR_FILES])


def confirmed_pairs(config: ConvertConfig, images: Sequence[str], structure: object, *, siblings: bool = False) -> list:
    """The `mirror_trees.MirrorPair`s of `images` whose mirror's sampled images are all masks' kind
    and whose mirrored folder's are not (one at least read): class folders by `structure`, or, with
    `siblings` (no class folders), sibling folders naming the same images (DRIVE's `1st_manual/`
    beside `images/`). Each file is opened once, however many pairs it is in."""
    if siblings:
        pairs = mirror_trees.sibling_mirror_pairs(images)
    elif structure is None:
        return []
    else:
        pairs = mirror_trees.mirror_pairs(images, structure) or mirror_trees.class_sibling_pairs(images, structure)
    opened: dict[tuple[str, bool], bool | None] = {}

    def few_valued(relpath: str, colours: bool) -> bool | None:
        if (relpath, colours) not in opened:
            opened[relpath, colours] = _few_valued(config, relpath, colours)
        return opened[relpath, colours]

    found = []
    for pair in pairs:  # (colour-coded masks count in a partial mirror alone: Vaihingen's gts_for_participants/)
        mirror = [few_valued(p, pair.partial) for p in pair.mirror_files[:_MIRROR_FILES]]
        mirrored = [few_valued(p, pair.partial) for p in pair.mirrored_files[:_MIRROR_FILES]]
        if all(mirror) and not any(mirrored) and False in mirrored:
            found.append(pair)
    return found


def _tree_top(one: str, other: str) -> str:
    """The folder where `one`'s tree parts from `other`'s (`Figaro1k/GT` for `Figaro1k/GT/Training/`
    beside `Figaro1k/Original/Training/`)."""
    a, b = one.rstrip("/").split("/"), other.rstrip("/").split("/")
    first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), len(a) - 1)
    return "/".join(a[: first + 1])


def twin_masks_hint(config: ConvertConfig, media: Sequence[str]) -> str:
    """Words for a stop that offers `--label-level 0`, where twin folders of masks mirror the images
    (`mirror_trees.twin_folders`: Figaro1k's `GT/Training/` beside `Original/Training/`): under that
    option their masks would be inputs (the guard then stops again), so the hint names the trees to
    leave out with `--exclude`, or to name as masks in a layout file; "" where none."""
    images = [p for p in media if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    found = confirmed_pairs(config, images, None, siblings=True)
    if not found:
        return ""
    trees = sorted({_tree_top(pair.mirror, pair.mirrored) for pair in found})
    pair = found[0]
    return (f"; {pair.mirror} repeats the file names of {pair.mirrored} and holds single-channel images of few values "
            f"({pair.mirror_files[0]}): masks of its images, never records: with --label-level 0, "
            + " ".join(f"--exclude {tree!r}" for tree in trees)
            + " leaves them out (or name them under `structure.mask_folders` of a layout file to keep them as masks)")


def class_codes(images: Sequence[str], others: Sequence[str]) -> tuple[int, list[str]]:
    """The length of a digit code that begins every image's name and names files beside them, and
    those files: the Leeds Butterfly dataset's `images/0010001.png` (class 001, image 0001) beside
    `descriptions/001.txt` (the class's names). Two codes at least, each of several images, and the
    files of one folder named by them; (0, []) where none.

    >>> imgs = ["images/0010001.png", "images/0010002.png", "images/0020001.png", "images/0020002.png"]
    >>> class_codes(imgs, ["descriptions/001.txt", "descriptions/002.txt", "README.txt"])
    (3, ['descriptions/001.txt', 'descriptions/002.txt'])
    >>> class_codes(imgs, ["README.txt"]), class_codes(["a/im0001.ppm", "a/im0002.ppm"], ["b/0.txt"])
    ((0, []), (0, []))
    """
    stems = [layout.stem(p) for p in images]
    if len(stems) < 4 or not all(s[:1].isdigit() for s in stems):
        return 0, []
    by_folder: dict[str, dict[str, str]] = {}
    for path in others:
        by_folder.setdefault(posixpath.dirname(path), {})[layout.stem(path)] = path
    for length in _CODE_LENGTHS:
        codes = [s[:length] for s in stems]
        if not all(len(s) > length and c.isdigit() for s, c in zip(stems, codes)):
            continue
        distinct = set(codes)
        if len(distinct) < 2 or len(distinct) * 2 > len(codes):
            continue  # a code of one image each is the image's own number
        for named in by_folder.values():
            if distinct <= set(named):
                return length, sorted(named[c] for c in distinct)
    return 0, []


def with_mirror_masks(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with the mask folders known by their shape set aside as masks, where in each
    split they hold they mirror one folder of images and nothing else is a class folder there; the
    image folder no class. Unchanged otherwise (the guard then stops, naming the folders)."""
    structure = detected.structure
    if detected.name == layout.NAMED_FILES and structure is not None and config.label_from_name:
        return _named_with_masks(config, sample, detected)
    if detected.name != layout.IMAGE_FOLDERS or structure is None or config.label_level is not None or config.label_from_name:
        return detected
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS and not structure.is_mask_file(p)]
    pairs = confirmed_pairs(config, images, structure)
    if not pairs:
        return detected
    mirrors = {pair.mirror for pair in pairs}
    by_split: dict[str, set[str]] = {}  # split folder -> the folders of images mirrored there
    for pair in pairs:
        by_split.setdefault(structure.split_folder_of(pair.mirrored + "x"), set()).add(pair.mirrored)
    mirrored_all = {pair.mirrored for pair in pairs}
    if any(len(folders) != 1 for folders in by_split.values()) or mirrored_all & mirrors:
        return detected  # mirrors of two folders of one split, or a chain: no reading is sure
    if not all(_sizes_agree(config, pair) for pair in pairs):
        return detected
    folders = mirrored_all | mirrors
    others = [p for p in sample if not layout.is_media_file(p, detected.media) and not p.startswith(tuple(folders))]
    for split, (mirrored,) in by_split.items():
        in_split = [p for p in images if structure.split_folder_of(p) == split]
        if not all(p.startswith(tuple(folders)) for p in in_split):
            return detected  # other class folders beside them: which are classes, the paths cannot tell
        if class_codes([p for p in in_split if p.startswith(mirrored)], others)[0]:
            return detected  # the images' names carry classes (the guard's stop names --label-from-name)
    levels = tuple((folder, -1 if folder in by_split else level) for folder, level in structure.label_levels)
    masks = tuple(sorted(set(structure.mask_folders) | mirrors))
    shown, images_shown = ", ".join(sorted(mirrors)), ", ".join(sorted(mirrored_all))
    note = (f"masks known by their shape: {shown} repeat the file names of {images_shown} and hold single-channel "
            f"images of few values: masks of their images, not classes; {images_shown} no class (a layout file's "
            "`structure.mask_folders` says otherwise)"
            + ("; the records' masks are the first folder's by name, the others second readings left aside"
               if len(mirrors) > len(mirrored_all) else ""))
    partial = tuple(sorted({pair.mirror for pair in pairs if pair.partial} - {pair.mirror for pair in pairs if not pair.partial}))
    note += (f"; {', '.join(partial)} masks of some of its images only (every mask naming one): the others written "
             "without a mask" if partial else "")
    structure = dataclasses.replace(structure, label_levels=levels, mask_folders=masks, single_class="",
                                    partial_masks=tuple(sorted(set(structure.partial_masks) | set(partial))))
    read = dataclasses.replace(detected, structure=structure, notes=(*detected.notes, note))
    found = {e.path + "/" for e in describe.segmentation_masks(list(sample), read, config)}
    if not found <= mirrors or not all(any(pair.mirror in found for pair in pairs if pair.mirrored == m) for m in mirrored_all):
        # its masks would name no image (two an image, `contours/<part>/`), or another mask folder would give
        # some images theirs (DRIVE's field-of-view `test/mask/` where test/ has no observer's masks): the guard names them
        return detected
    return read


def _named_with_masks(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """Labels from the names (`--label-from-name`), a sibling folder of masks mirroring the folder of
    images (Leeds Butterfly's `segmentations/0010001_seg0.png` beside `images/0010001.png`): the
    pattern matches the masks' names too, which were records of the images' classes. They are the
    images' masks, stored with them where they name them (`describe.segmentation_masks`)."""
    structure = detected.structure
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS and not structure.is_mask_file(p)]
    pairs = confirmed_pairs(config, images, structure, siblings=True)
    mirrors = {pair.mirror for pair in pairs}
    if not pairs or {pair.mirrored for pair in pairs} & mirrors or not all(_sizes_agree(config, pair) for pair in pairs):
        return detected
    shown = ", ".join(sorted(mirrors))
    note = (f"masks known by their shape: {shown} repeat the names of {', '.join(sorted({p.mirrored for p in pairs}))} "
            "and hold single-channel images of few values: masks of its images, never records")
    structure = dataclasses.replace(structure, mask_folders=tuple(sorted(set(structure.mask_folders) | mirrors)))
    read = dataclasses.replace(detected, structure=structure, notes=(*detected.notes, note))
    found = describe.segmentation_masks(list(sample), read, config)
    return dataclasses.replace(read, evidence=(*read.evidence, *found), notes=(*read.notes, *(e.note for e in found)))
