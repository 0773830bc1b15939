"""YOLO label files beside their images, in the images' own folder (Darknet's layout: Roboflow's
'YOLO Darknet' export `train/x.jpg` + `train/x.txt` + `train/_darknet.labels`; CVAT's 'YOLO 1.1'
`obj_train_data/` with `obj.names`; Ultralytics' own pairing, which finds `x.txt` beside `x.jpg`
where no `images` folder is on the path), read as the images' objects.

Why: such folders were refused as "move the files into images/ and labels/", a stop whose advice
no user follows on a download of thousands of files. They are now one YOLO_LABELS Evidence per
folder, `image_folder` "." (beside): each `.txt` keyed by its own path without the extension.

A YOLO line names its class by a number. The names come from the export's names file (one a line,
in number order: `obj.names`, `classes.txt`, `_darknet.labels`, any `.names`) beside the files or
in a folder above them, or from `--label-names`. With none, `yolo_beside.check_yolo_beside` stops
naming `--label-names` (numbers written as names would be renumbered in string order; dropped, the
images would be written with no objects).
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found, voc_beside, yolo_unnamed
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import evidence as evidence_lib
from shardify.plan import file_name_labels, layout
from shardify.plan.evidence import Evidence, KeyRule

__all__ = ["NAMES_FILES", "beside_folders", "class_names", "without_name_labels", "yolo_beside_evidence"]

# Names files a YOLO-beside export ships besides yolo_unnamed's (Roboflow's 'YOLO Darknet').
NAMES_FILES = ("_darknet.labels",)
# Label files of a folder opened (the first with lines decide) and the share of a folder's
# images that must have a file of their stem beside them, and of the files naming an image.
_FILES = 3
_MOST = 0.5
# Key components: the whole path, however deep.
_WHOLE_PATH = 64


def beside_folders(config: ConvertConfig, sample: Sequence[str]) -> list[str]:
    """Folders holding images and, for most of them, a `.txt` of the same stem whose lines are all
    YOLO lines (`yolo_unnamed.is_yolo_text`: pixel boxes, captions and KITTI rows are not)."""
    images, texts = voc_beside.by_folder(sample, "txt")
    found = []
    for folder, paths in sorted(texts.items()):
        stems = images.get(folder, set())
        named = [p for p in sorted(paths) if layout.stem(p) in stems]
        if not named or len(named) < _MOST * len(stems) or len(named) < _MOST * len(paths):
            continue
        heads = [label_file_found.head_lines(config, p) for p in named[: _FILES * 4]]
        filled = [h for h in heads if any(line.strip() for line in h)][:_FILES]
        if filled and all(yolo_unnamed.is_yolo_text(h) for h in filled):
            found.append(folder)
    return found


def _names_files(sample: Sequence[str], folders: Sequence[str]) -> list[str]:
    """Names files in one of `folders` or a folder above one, the nearest first."""
    above = {"/".join(parts[:i]) for parts in (f.split("/") if f else [] for f in folders) for i in range(len(parts) + 1)}
    known = set(yolo_unnamed.names_files(sample)) | {p for p in sample if posixpath.basename(p) in NAMES_FILES}
    return sorted((p for p in known if posixpath.dirname(p) in above), key=lambda p: (-p.count("/"), p))


def class_names(config: ConvertConfig, sample: Sequence[str], folders: Sequence[str]) -> tuple[str, tuple[str, ...]] | None:
    """(where the names came from, the class names in number order): `--label-names`, else the
    nearest names file's non-empty lines; None where neither names them."""
    if config.label_names:
        return "--label-names", tuple(config.label_names)
    for path in _names_files(sample, folders):
        names = tuple(line.strip() for line in label_file_found.head_lines(config, path) if line.strip())
        if names:
            return path, names
    return None


def yolo_beside_evidence(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    """One YOLO_LABELS Evidence per folder of YOLO files beside their images, where the classes are
    named (see `class_names`); [] otherwise (the stop is `yolo_beside.check_yolo_beside`'s)."""
    if config.labels_file or config.label_from_name or config.label_level is not None:
        return []
    folders = beside_folders(config, sample)
    named = {folder: class_names(config, sample, [folder]) for folder in folders}
    if not folders or any(found is None for found in named.values()):
        return []
    if len({names for _, names in named.values()}) > 1:  # Roboflow's train/ and valid/ each ship one: alike, or a stop
        shown = ", ".join(source for source, _ in named.values())
        raise UsageError(f"{shown} list different class names for the YOLO labels beside their images: one numbering is "
                         "needed for every split; name it with --label-names FILE (the names one a line, in number order)")
    return [
        Evidence(folder, evidence_lib.YOLO_LABELS, KeyRule(_WHOLE_PATH, False), names=names, names_file=source,
                 image_folder=voc_beside.BESIDE,
                 note=f"{folder or '.'}/: YOLO labels (class cx cy w h) beside their images, class names from {source} ({len(names)})")
        for folder, (source, names) in named.items()
    ]


def without_name_labels(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout,
                        read: Sequence[str]) -> layout.SourceLayout:
    """`detected` with the names files of the YOLO files beside the images (`read`) left out of the
    inputs (Roboflow's `_darknet.labels` is no image), and without the labels guessed from the
    files' name prefix: the objects' classes label each image, as box files' do (WGISD's
    `CDY_2015.jpg`: `CDY` a grape variety, no class of its boxes)."""
    if not read:
        return detected
    names = [p for p in _names_files(sample, read) if p not in detected.left_out]
    detected = dataclasses.replace(detected, left_out=(*detected.left_out, *names)) if names else detected
    structure = detected.structure
    if structure is None or structure.chosen_level:
        return detected
    shown = ", ".join(f"{folder or 'SRC'}/" for folder in read[:3])
    if structure.name_pattern is None:
        return _without_folder_labels(detected, sample, read, shown)
    return file_name_labels.without_name_labels(detected, f"the YOLO files beside the images in {shown} give their objects")


def _without_folder_labels(detected: layout.SourceLayout, sample: Sequence[str], read: Sequence[str], shown: str) -> layout.SourceLayout:
    """`detected` without class folders where the YOLO files beside the images lie in them: the
    objects' classes label each image, as its boxes say. The African Wildlife download
    (`buffalo/001.jpg` beside `buffalo/001.txt`, class 0 buffalo .. 3 zebra) holds images of one folder
    with another animal too: with `--label-names`, which its stop names, each image was labelled by its
    folder alone while its boxes named two animals (exit 0). A class level the user chose stays, and
    so do the classes where a folder of images holds no YOLO files (its images would lose theirs)."""
    structure = detected.structure
    levels = dict(structure.label_levels)
    classed = [f for f in read if levels.get(structure.split_folder_of(f + "/x"), -1) >= 0]
    holding = {posixpath.dirname(p) for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    if not classed or len(classed) != len(read) or not holding <= set(read):
        return detected
    note = f"folders not read as classes: the YOLO files beside the images in {shown} give their objects, whose classes label them"
    plain = dataclasses.replace(structure, label_levels=tuple((folder, -1) for folder, _ in structure.label_levels), single_class="")
    return dataclasses.replace(detected, structure=plain, notes=(*detected.notes, note))
