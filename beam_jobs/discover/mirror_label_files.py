"""Label files in a tree mirroring the images' tree, one word or number each: the images' labels.

CK+ ships its frames as `cohn-kanade-images/S005/001/S005_001_00000011.png` and the emotion of a
sequence's last (peak) frame as `Emotion/S005/001/S005_001_00000011_emotion.txt` holding one code
(`   3.0000000e+00`); most frames have no such file. A sibling root repeats the images' folders
below it, and each file's stem is its image's stem with an ending every file of the root adds
(`_emotion`; none for a `labels/<tree>/<stem>.txt` beside `images/<tree>/<stem>.jpg`). Read as class
folders, `cohn-kanade-images/`, `Emotion/`, `FACS/` and `Landmarks/` stopped the run naming no
option that converts it right.

`mirror_evidence` finds such a root: most sampled `.txt` of it read (`_MOST` of up to `_FILES`) hold
one short token, the tokens repeat as classes do or are numbers, and most name an image that exists
under the images' root at the same folders with its stem less the ending, the same ending each. It is
one LABEL_FILES Evidence (as label files beside the images are, `word_captions.py`) whose
`image_folder` is the images' root and `mask_tail` the ending; `read_evidence` keys each file by
its image's path, reads its word (`word_captions.file_label`), rejects the image of a file of more
words naming it, and an image without a file is unlabelled. Roots whose files hold several
numbers (CK+'s `Landmarks/`, `FACS/`) are no labels and are left as they were.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Callable, Sequence

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import head_reads
from shardify.beam_jobs.discover.word_captions import label_file_words
from shardify.config import ConvertConfig
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.evidence import Evidence, KeyRule

__all__ = ["image_key", "mirror_evidence", "mirror_match", "mirrors", "without_class_folders"]

# Keys match the image's whole path (as label files beside their images are keyed).
_WHOLE_PATH = 64
# Files of a root looked at (their first lines only), and the fewest that show a mirror.
_FILES = 12
_MIN_FILES = 4
# Share of the files read that must name an image and hold one word: the others reject their images (a file
# of two numbers) or are said as naming none, never a reason to leave the root unread.
_MOST = 0.8
# An ending a label file adds to its image's stem: separated words (`_emotion`, `-label`, `.cls`).
_ENDING = re.compile(r"(?:[_.-][A-Za-z][A-Za-z0-9]*)+")
# Folder depth of the roots looked at: SRC's top folders, or those one wrapper down.
_MAX_ROOT_DEPTH = 2


def _roots(path: str) -> list[tuple[str, str]]:
    """(root, path below it) for each root depth the path allows."""
    parts = path.split("/")
    return [("/".join(parts[:d]), "/".join(parts[d:])) for d in range(1, min(_MAX_ROOT_DEPTH, len(parts) - 1) + 1)]


def mirror_match(
    label: str, image_roots: Sequence[str], exists: Callable[[str], bool], extensions: Sequence[str] = ("png", "jpg")
) -> tuple[str, str, str] | None:
    """(images' root, ending, image path) for a label file of a sibling root whose stem, less an
    ending of words, names an existing image below one of `image_roots` at the same folders; None
    where none does.

    >>> files = {"cohn-kanade-images/S005/001/S005_001_00000011.png"}
    >>> mirror_match("Emotion/S005/001/S005_001_00000011_emotion.txt", ["cohn-kanade-images"], files.__contains__)
    ('cohn-kanade-images', '_emotion', 'cohn-kanade-images/S005/001/S005_001_00000011.png')
    >>> mirror_match("Emotion/S005/001/S005_001_00000012_emotion.txt", ["cohn-kanade-images"], files.__contains__) is None
    True
    """
    for root, below in _roots(label):
        parent = posixpath.dirname(root)
        stem = below.rsplit(".", 1)[0]
        cuts = [""] + _endings(posixpath.basename(stem))
        for images in image_roots:
            if images == root or posixpath.dirname(images) != parent:
                continue
            for ending in cuts:
                named = stem[: len(stem) - len(ending)] if ending else stem
                for image in (f"{images}/{named}.{ext}" for ext in extensions):
                    if exists(image):
                        return images, ending, image
    return None


def _endings(base: str) -> list[str]:
    """The word endings a stem may carry, shortest first (`a_b_emotion`: `_emotion`, `_b_emotion`).

    >>> _endings("S005_001_00000011_emotion")
    ['_emotion']
    """
    found = []
    for i, char in enumerate(base):
        if char in "_.-" and i and _ENDING.fullmatch(base[i:]):
            found.append(base[i:])
    return sorted(found, key=len)


def mirrors(found: Evidence) -> bool:
    """`found` is label files of a root mirroring the images' tree: the folders they repeat
    (CK+'s subjects and sequences) are parts of the dataset, not its classes, whatever their reading."""
    return found.kind == evidence_lib.LABEL_FILES and found.image_folder not in ("", ".")


def image_key(found: Evidence, relpath: str) -> str | None:
    """The path (no extension) of the image a label file of the mirror root `found` names (`relpath`
    below the root), or None where its stem lacks the root's ending (no label file of this kind).

    >>> ev = Evidence("Emotion", evidence_lib.LABEL_FILES, image_folder="cohn-kanade-images", mask_tail="_emotion")
    >>> image_key(ev, "S005/001/S005_001_00000011_emotion.txt"), image_key(ev, "S005/001/notes.txt")
    ('cohn-kanade-images/S005/001/S005_001_00000011', None)
    """
    stem = relpath.rsplit(".", 1)[0]
    if found.mask_tail and not stem.endswith(found.mask_tail):
        return None
    return f"{found.image_folder}/{stem[: len(stem) - len(found.mask_tail)]}"


def mirror_evidence(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    """One LABEL_FILES Evidence per root of label files mirroring the images' tree (see the
    module's docstring); [] where there are none, or the user chose the labels or the layout."""
    if config.layout or config.labels_file or config.label_from_name or config.label_level is not None:
        return []
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    image_roots = sorted({root for p in images for root, _ in _roots(p)})
    extensions = sorted({p.rsplit(".", 1)[1] for p in images})  # (as the sampled images write theirs: `png`, `JPG`)
    sampled = set(sample)

    def exists(path: str) -> bool:
        return path in sampled or FileSystems.exists(join_path(config.source, path))

    by_root: dict[str, list[str]] = {}
    for p in sample:
        if layout.extension(p) == "txt":
            for root, _ in _roots(p):
                if root not in image_roots:
                    by_root.setdefault(root, []).append(p)
    found = []
    for root, files in sorted(by_root.items()):
        files = sorted(files)
        if len(files) < _MIN_FILES:
            continue
        siblings = [r for r in image_roots if posixpath.dirname(r) == posixpath.dirname(root)]
        matches = [m for m in (mirror_match(p, siblings, exists, extensions) for p in files[:_FILES]) if m]
        if len(matches) < _MOST * len(files[:_FILES]) or len({(m[0], m[1]) for m in matches}) != 1:
            continue
        words = label_file_words([head_reads.head_lines(config, p) for p in files[:_FILES]], most=_MOST)
        if not words:
            continue
        images_root, ending = matches[0][0], matches[0][1]
        shown = f"{root}/**/<image stem>{ending}.txt"
        note = (f"{shown}: a .txt of one word mirroring each image of {images_root}/, its label ({files[0]}: {words[0]!r}); "
                "an image without one unlabelled")
        found.append(Evidence(root, evidence_lib.LABEL_FILES, KeyRule(_WHOLE_PATH, False), image_folder=images_root,
                              mask_tail=ending, note=note))
    return found


def without_class_folders(detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with no class folders where a root of its evidence mirrors the images' tree: the
    folders the label files repeat (CK+'s `S005/001/`, a subject and a sequence) are parts of the
    dataset; read as classes, every frame had been labelled by its subject beside its emotion, exit 0."""
    structure = detected.structure
    roots = [e.path for e in detected.evidence if mirrors(e)]
    if structure is None or not roots or not any(level >= 0 for _, level in structure.label_levels):
        return detected
    unclassed = dataclasses.replace(
        structure, label_levels=tuple((split, -1) for split, _ in structure.label_levels), single_class="", name_pattern=None,
        named_splits=())
    note = f"no class folders: {', '.join(roots)}/ repeat the images' folders (parts of the dataset), the labels their files'"
    return dataclasses.replace(detected, structure=unclassed, notes=(*detected.notes, note))
