"""Class folders that mirror another class folder's file names: masks or annotations, not a class.

Detection knows a folder of masks by its name (`structure.MASK_FOLDER_WORDS`: `masks/`, `gtFine/`,
`trimaps/`). A download may name it otherwise (`outlines/<organ>/CT_000.png` beside
`scans/CT_000.png`, `contours/`, `silhouettes/`): read as a class, every mask became a record of
that class with exit 0. The sign that shows it whatever the name is structural: nearly every file
of one class folder shares its stem with a file of another class folder of the same split (one
mask per image, or one per image and organ; or masks for some of the images, each by its image's
name, where colour-coded masks count too), and its images are single-channel of few values (a mask's
classes) where the other folder's are not.

Stems alone are no sign: numbered files repeat across real classes (`cat/1.jpg`, `dog/1.jpg`),
and so do binary images (`circle/1.png`, `square/1.png`). Hence both halves: this module finds
the pairs of folders from the paths (`mirror_pairs`), and detection (beam_jobs/discover/guards.py)
opens a few images of each (`few_valued`) before it stops, naming the folder and the layout file's
`structure.mask_folders`, which sets it aside as masks.

Plain functions; `few_valued` reads the bytes it is handed, nothing else.
"""

from __future__ import annotations

import io
import posixpath
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from shardify.plan import stem_affixes
from shardify.plan.layout import stem
from shardify.plan.structure import Structure, is_container_name

__all__ = ["MirrorPair", "class_sibling_pairs", "few_valued", "mirror_pairs", "sibling_mirror_pairs", "message", "twin_folders",
           "view_folders"]

# Share of a folder's stems that must be another folder's for it to mirror it, and the fewest
# files that say anything.
_MOST = 0.9
_MIN_FILES = 2
# A mask's pixels hold class numbers: at most this many distinct values (Cityscapes' label ids
# reach 34, ADE20K's scene parsing 150 classes in a palette PNG). A photo of a few hundred pixels
# already holds more.
MAX_MASK_VALUES = 160
# A colour-coded mask (a class a colour: ISPRS' six, UAVid's eight, Cityscapes' colour images' 34) holds
# at most this many colours; a photo of a few hundred pixels holds hundreds. A drawing may hold as few,
# so colours count only where the files' names already say masks of part of the images (`few_valued`).
MAX_COLOUR_MASK_VALUES = 40
# ... saved losslessly (a JPEG's edges smear a mask's colours into hundreds), and of two colours at least: a
# picture of one flat colour (a test's stand-in for a photo, a blank frame) says nothing of what it is.
_LOSSLESS_FORMATS = frozenset({"PNG", "TIFF", "BMP", "GIF", "PPM"})
# Image modes of one value a pixel: grey, palette (indices), 1-bit, 16/32-bit grey.
_ONE_CHANNEL_MODES = frozenset({"1", "L", "P", "I", "I;16", "I;16B", "I;16L", "F"})
# Modes of three channels that may hold grey, each pixel's three values equal (`few_valued`).
_GREY_IN_COLOUR_MODES = frozenset({"RGB", "RGBA"})


@dataclass(frozen=True)
class MirrorPair:
    """A class folder whose files' stems are (nearly all) stems of another class folder's files.

    Attributes:
      mirror: the folder that mirrors ('/'-terminated), maybe masks.
      mirrored: the folder whose file names it repeats ('/'-terminated), maybe the images.
      mirror_files: its sampled files; mirrored_files: the other folder's.
      partial: the mirror names only some of the other's files (`_partial`): masks of a few colours count.
    """

    mirror: str
    mirrored: str
    mirror_files: tuple[str, ...]
    mirrored_files: tuple[str, ...]
    partial: bool = False


def _class_folder(relpath: str, structure: Structure) -> str:
    """The class folder a path lies in ('/'-terminated), or "" for none."""
    parts = relpath.split("/")
    level = dict(structure.label_levels).get(structure.split_folder_of(relpath), -1)
    return "/".join(parts[: level + 1]) + "/" if 0 <= level < len(parts) - 1 else ""


def mirror_pairs(inputs: Sequence[str], structure: Structure) -> list[MirrorPair]:
    """Pairs of class folders of one split where nearly every stem of the first is a stem of the
    second and the other way round (_MOST of each: a mask or two may be missing, or an image), in
    path order; both orders of a pair are given, and the caller's pixel check tells the masks."""
    by_folder: dict[str, list[str]] = {}
    for relpath in inputs:
        folder = _class_folder(relpath, structure)
        if folder:
            by_folder.setdefault(folder, []).append(relpath)
    stems = {folder: {stem(p) for p in paths} for folder, paths in by_folder.items()}
    pairs = []
    affixed = stem_affixes.partners(stems)  # folders whose stems another's may name once an affix is cut
    for mirror, files in sorted(by_folder.items()):
        if len(files) < _MIN_FILES:
            continue
        split = structure.split_folder_of(files[0])
        for mirrored, others in sorted(by_folder.items()):
            if mirrored == mirror or structure.split_folder_of(others[0]) != split:
                continue
            shared = sum(stem(p) in stems[mirrored] for p in files) or (
                _affixed(stems[mirror], stems[mirrored]) if mirrored in affixed[mirror] else 0)
            if shared < _MIN_FILES or shared < _MOST * len(files):
                continue
            if len(stems[mirror]) >= _MOST * len(stems[mirrored]):
                pairs.append(MirrorPair(mirror, mirrored, tuple(files), tuple(others)))
            elif _partial(stems[mirror], stems[mirrored], shared):
                pairs.append(MirrorPair(mirror, mirrored, tuple(files), tuple(others), partial=True))
    return pairs


def _partial(mirror: set[str], mirrored: set[str], shared: int) -> bool:
    """Whether `mirror` names some of `mirrored`'s files, every one of its stems theirs, stems that are
    more than numbers: masks for part of the images (ISPRS Vaihingen's `gts_for_participants/` holds the
    ground truth of 16 of the 33 tiles in `top/`, each by the tile's name). Numbered files (`1.jpg` in
    every class) repeat across real classes whatever their counts, so they are no sign alone."""
    return shared == len(mirror) < len(mirrored) and not all(s.isdigit() for s in mirror)


def _affixed(mirror: set[str], mirrored: set[str]) -> int:
    """The images of `mirrored` (stems) the stems of `mirror` name once the one affix they all add is
    cut (`stem_affixes`: ETIS-Larib's `Ground Truth/p1.tif` for `1.tif`), 0 where they add none."""
    affix = stem_affixes.learned(mirror, mirrored)
    return stem_affixes.named_count(mirror, mirrored, affix) if affix else 0


def class_sibling_pairs(inputs: Sequence[str], structure: Structure) -> list[MirrorPair]:
    """`sibling_mirror_pairs` among class folders whose inputs lie directly in them (DRIVE's
    `training/1st_manual/21_manual1.gif` beside `training/images/21_training.tif`, each folder read
    as a class): the pairs whose stems differ by what each folder adds, which `mirror_pairs`
    (stems alike) does not see."""
    direct = [p for p in inputs if _class_folder(p, structure) == posixpath.dirname(p) + "/"]
    # only beside a container read as a class (`images/`): class folders of numbered files
    # (Caltech's `image_0001.jpg` in each) pair by their numbers otherwise
    containers = {posixpath.dirname(p) for p in direct if is_container_name(posixpath.basename(posixpath.dirname(p)))}
    if not containers:
        return []
    return [pair for pair in sibling_mirror_pairs(direct) if pair.mirrored.rstrip("/") in containers]


def _cores(paths: Sequence[str]) -> dict[str, str]:
    """Each file's stem less the words every stem of its folder shares at its start and end
    (DRIVE's `21_training`, `22_training` -> `21`, `22`; `21_manual1` -> `21`): what names the
    image, whatever each folder adds to it. Words are split at `_`, `-` and `.`."""
    words = {p: re.split(r"[_.-]", stem(p)) for p in paths}
    first = next(iter(words.values()))
    lead = 0
    while lead < len(first) - 1 and all(len(w) > lead + 1 and w[lead] == first[lead] for w in words.values()):
        lead += 1
    tail = 0
    while tail < len(first) - 1 - lead and all(len(w) > lead + tail + 1 and w[-1 - tail] == first[-1 - tail] for w in words.values()):
        tail += 1
    return {p: "_".join(w[lead : len(w) - tail]) for p, w in words.items()}


def view_folders(pair: MirrorPair, inputs: Sequence[str], structure: Structure, masks: Collection[str] = ()) -> list[str]:
    """The other class folders of `pair`'s split ('/'-terminated), where each names the images of the
    folder mirrored again under words of its own (`_cores`: ISPRS Vaihingen's `dsm/dsm_09cm_matching_area1.tif`
    beside `top/top_mosaic_09cm_area1.tif`: elevation rasters of the same tiles): other views of them,
    not classes. [] where the split holds none, or any other class folder that is not such a view; `masks`,
    the folders of masks found beside (a second mirror of masks is no view: LIP's `persons/` beside `parts/`),
    are none of them.

    >>> s = Structure(label_levels=(("", 0),))
    >>> top = [f"top/top_mosaic_area{i}.tif" for i in range(1, 5)]
    >>> pair = MirrorPair("gts/", "top/", ("gts/top_mosaic_area1.tif",), tuple(top), partial=True)
    >>> view_folders(pair, top + [f"dsm/dsm_matching_area{i}.tif" for i in range(1, 5)], s)
    ['dsm/']
    >>> view_folders(pair, top + [f"dsm/dsm_matching_area{i}.tif" for i in range(1, 5)] + ["cars/x.tif", "cars/y.tif"], s)
    []
    """
    split = structure.split_folder_of(pair.mirrored + "x")
    by_folder: dict[str, list[str]] = {}
    for relpath in inputs:
        folder = _class_folder(relpath, structure)
        if folder and folder not in (pair.mirror, pair.mirrored, *masks) and structure.split_folder_of(relpath) == split:
            by_folder.setdefault(folder, []).append(relpath)
    mirrored = [p for p in inputs if p.startswith(pair.mirrored)]
    if not by_folder or len(mirrored) < _MIN_FILES:
        return []
    theirs = set(_cores(mirrored).values())
    for paths in by_folder.values():
        mine = set(_cores(paths).values())
        shared = len(mine & theirs)
        if "" in mine or shared < _MIN_FILES or shared < _MOST * len(mine) or shared < _MOST * len(theirs):
            return []
    return sorted(by_folder)


def _numbers(folder: str) -> str:
    """A folder name's words holding digits (`matting_00000001` -> `00000001`), "" where none."""
    return "_".join(w for w in re.split(r"[_.-]", folder) if any(c.isdigit() for c in w))


def twin_folders(one: str, other: str) -> bool:
    """Two folders at one depth that part at one ancestor and run alike below it: each later name
    the same, or the same numbers under words each tree adds (Figaro1k's `GT/Training/` beside
    `Original/Training/`; AISegment's `matting/1803151818/matting_00000000/` beside
    `clip_img/1803151818/clip_00000000/`). Siblings (one parent) are the shortest case.

    >>> twin_folders("GT/Training", "Original/Training"), twin_folders("a/matting/7/matting_01", "a/clip_img/7/clip_01")
    (True, True)
    >>> twin_folders("GT/Training", "Original/Testing"), twin_folders("a/b", "a/b/c"), twin_folders("x/1/p", "y/2/p")
    (False, False, False)
    """
    a, b = one.split("/"), other.split("/")
    if len(a) != len(b) or a == b:
        return False
    first = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
    return all(x == y or (_numbers(x) and _numbers(x) == _numbers(y)) for x, y in zip(a[first + 1 :], b[first + 1 :]))


def sibling_mirror_pairs(inputs: Sequence[str]) -> list[MirrorPair]:
    """Pairs of sibling folders (one parent), or of twin folders in two trees (`twin_folders`), where
    nearly every file of the first names the same image as a file of the second by its stem less what
    each folder adds to every stem (`_cores`: DRIVE's `training/1st_manual/21_manual1.gif` beside
    `training/images/21_training.tif`; Figaro1k's `GT/Training/Frame00001-gt.pbm` beside
    `Original/Training/Frame00001-org.jpg`), and the other way round; both orders, in path order, as
    `mirror_pairs` gives them. Read where no class folders are (`--label-level 0`): every such
    folder's files would be inputs (the twin trees' masks were written as records, exit 0)."""
    by_folder: dict[str, list[str]] = {}
    for relpath in inputs:
        by_folder.setdefault(posixpath.dirname(relpath), []).append(relpath)
    cores = {folder: set(_cores(paths).values()) for folder, paths in by_folder.items() if len(paths) >= _MIN_FILES}
    pairs = []
    for mirror, mine in sorted(cores.items()):
        for mirrored, theirs in sorted(cores.items()):
            if mirrored == mirror or not twin_folders(mirror, mirrored) or "" in mine | theirs:
                continue
            shared = len(mine & theirs)
            if shared >= _MIN_FILES and shared >= _MOST * len(mine) and shared >= _MOST * len(theirs):
                pairs.append(MirrorPair(mirror + "/", mirrored + "/", tuple(by_folder[mirror]), tuple(by_folder[mirrored])))
    return pairs


def few_valued(data: bytes, colours: bool = False) -> bool | None:
    """Whether an image's bytes decode to one channel of at most MAX_MASK_VALUES values (a mask),
    or None where they do not decode (no sign either way). Grey saved in three equal channels is
    one channel (STARE's vessel masks `im0001.ah.ppm`: a P6 file of black and white). With `colours`
    (a partial mirror, a sign strong enough for it), also colour images saved losslessly of two colours
    or more and at most MAX_COLOUR_MASK_VALUES (colour-coded masks: ISPRS Vaihingen's
    `gts_for_participants/*.tif`); without, a drawing of a few colours stays a picture."""
    from PIL import Image  # imported when a pair is met, as the converters import it

    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.mode in _GREY_IN_COLOUR_MODES:
                found = image.getcolors(MAX_MASK_VALUES)
                return found is not None and (all(len(set(c[:3])) == 1 for _, c in found) or (
                    colours and 2 <= len(found) <= MAX_COLOUR_MASK_VALUES and image.format in _LOSSLESS_FORMATS))
            if image.mode not in _ONE_CHANNEL_MODES:
                return False
            colours = image.getcolors(MAX_MASK_VALUES)
            return colours is not None
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


def message(pair: MirrorPair, taken_for: str = "a class", structure: Structure | None = None) -> str:
    """The stop's one line: the folders, what they show (not `taken_for`), the option that decides.
    Where the folder mirrored is a container (`images/`) read as a class beside it, set aside the
    mask folder leaves it its split's one class: the line says that split has no class folders."""
    mirror = pair.mirror.rstrip("/")
    said = (
        f"{pair.mirror} repeats the file names of {pair.mirrored} and holds images of few values (one channel, or a "
        f"few colours, as masks are) "
        f"({pair.mirror_files[0]}): masks or annotations of its images, not {taken_for}: name {mirror!r} under "
        "`structure.mask_folders` of a layout file (never inputs)"
    )
    mirrored = posixpath.basename(pair.mirrored.rstrip("/"))
    if structure is None or not is_container_name(mirrored):
        return said
    split = structure.split_folder_of(pair.mirrored + "x") or "'*'"
    return f"{said}, and, {mirrored}/ then no class, `{split}: -1` under its `structure.label_levels`"
