"""What a detected layout's records are labelled with: the class names a vocabulary file gives to
labels written as numbers, the folder level whose names are the classes (or none, where split lists
carry a class column), and the object features the annotations found give.

The last steps of describing a layout (`describe.py` re-exports these): each takes the layout with
its evidence already found and returns it amended, with a note in the plan saying what decided.
"""

from __future__ import annotations

import dataclasses
import posixpath

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import coco_keypoints, coco_like, label_file_found
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.known_names import known_vocabulary


__all__ = ["with_vocabulary", "classes_from_lists", "at_label_level", "with_objects"]

# A vocabulary file is read whole: ImageNet-21k's 21,843 names fit.
_VOCABULARY_LINES = 30_000


def with_vocabulary(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with the class names a vocabulary file at the top of SRC (or one folder down)
    gives, for labels written as numbers."""
    for path in sorted(p for p in sample if p.count("/") <= 1 and posixpath.basename(p).lower() in evidence_lib.VOCABULARY_NAMES):
        if not FileSystems.exists(join_path(config.source, path)):
            continue
        names = evidence_lib.read_vocabulary(label_file_found.head_lines(config, path, lines=_VOCABULARY_LINES))
        if names:
            note = f"label names from {path} ({len(names)}: {', '.join(names[:3])}...), for labels written as numbers"
            return dataclasses.replace(detected, vocabulary=names, vocabulary_file=path, notes=(*detected.notes, note))
    known = known_vocabulary(config.source, sample)
    if known:
        names, what, base = known
        note = f"label names: {what}, for labels written as numbers"
        return dataclasses.replace(detected, vocabulary=names, vocabulary_base=base, notes=(*detected.notes, note))
    return detected


def classes_from_lists(config: ConvertConfig, detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` without class folders where split lists with a class column name the inputs
    (Stanford Online Products' Ebay_train.txt, `class_id` beside `super_class_id`, over
    `bicycle_final/` folders): the column the dataset publishes as the class is the label, and the
    folders above are groups of classes. --label-level keeps the folders."""
    structure = detected.structure
    lists = [e.path for e in detected.evidence if e.label_column is not None
             and (e.kind == evidence_lib.SPLIT_LIST or (e.kind == evidence_lib.LABEL_LINES and e.key.folder))]
    if not lists or structure is None or config.label_level is not None or all(level < 0 for _, level in structure.label_levels):
        return detected
    splits = [split for split, _ in structure.label_levels] or [""]
    chosen = dataclasses.replace(
        structure, label_levels=tuple((split, -1) for split in splits), single_class="", name_pattern=None, named_splits=()
    )
    note = (
        f"folders are not the classes: the class column of {', '.join(lists[:2])} labels the files "
        "(--label-level N to label by folders)"
    )
    return dataclasses.replace(detected, structure=chosen, notes=(*detected.notes, note))


def at_label_level(detected: layout.SourceLayout, level: int) -> layout.SourceLayout:
    """`detected` with its class folders where --label-level says (1: SRC/<class>/; 0: none)."""
    structure = detected.structure
    splits = [split for split, _ in structure.label_levels] or [""]
    chosen = dataclasses.replace(
        structure,
        label_levels=tuple((split, level - 1) for split in splits),
        single_class="",
        name_pattern=None,
        named_splits=(),
        chosen_level=True,
    )
    note = f"class folders at level {level} (--label-level)" if level else "no class folders (--label-level 0): unlabelled"
    return dataclasses.replace(detected, structure=chosen, notes=(*detected.notes, note))


def with_objects(config: ConvertConfig, detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with the object features its annotations give: boxes from COCO files and
    Pascal VOC annotations, YOLO labels and Hugging Face metadata; masks where --masks asks (COCO's
    segmentations, else each box filled)."""
    if detected.name == layout.COCO and detected.labels_file and _whole_images(config, detected.labels_file):
        note = f"{detected.labels_file}: its annotations give each image a category and no box (COCO Camera Traps): the images' classes (single-label unless an image has several), no objects"
        detected = dataclasses.replace(detected, whole_images=True, notes=(*detected.notes, note))
    coco = (detected.name == layout.COCO and not detected.whole_images) or any(
        e.kind == evidence_lib.COCO_SPLIT and not e.whole_images for e in detected.evidence)
    segmentation = any(e.kind == evidence_lib.SEGMENTATION_MASKS for e in detected.evidence)
    voc = any((e.kind in (*evidence_lib.ANNOTATION_FOLDERS, evidence_lib.HF_METADATA, evidence_lib.BOX_TABLE) or e.boxes)
              and e.kind != evidence_lib.LABEL_FILES for e in detected.evidence)  # (a label file per image gives no objects)
    if not (coco or voc):
        if config.masks or config.keypoints:
            option = "--masks" if config.masks else "--keypoints"
            raise UsageError(f"{option} keeps detection datasets' objects' {option[2:]}: this source has no objects")
        if segmentation:
            note = "segmentation: each image's mask stored as image/segmentation/class/encoded"
            return dataclasses.replace(detected, objects=contract.ObjectSchema(segmentation=True), notes=(*detected.notes, note))
        return detected
    if config.keypoints and not coco:
        raise UsageError("--keypoints reads COCO's keypoint annotations: this source has none")
    schema = contract.ObjectSchema(boxes=True, masks=config.masks, keypoints=config.keypoints, segmentation=segmentation)
    note = "objects: boxes" + (", masks" if config.masks else "") + (", keypoints" if config.keypoints else "")
    note += f", classes numbered {config.class_ids}" + ("; segmentation masks" if segmentation else "")
    coco_files = [detected.labels_file] if detected.name == layout.COCO and detected.labels_file else []
    coco_files += [e.path for e in detected.evidence if e.kind == evidence_lib.COCO_SPLIT]
    unstored = coco_keypoints.unstored_note(config, coco_files) if coco else ""  # (AP-10K's: said, not dropped unsaid)
    return dataclasses.replace(detected, objects=schema, notes=(*detected.notes, note, *([unstored] if unstored else [])))


def _whole_images(config: ConvertConfig, labels_file: str) -> bool:
    """The COCO label file's first bytes show annotations of whole images' categories and no box
    (`coco_like.image_level_categories`; the reader judges every annotation, `coco_entries.image_level`)."""
    path = labels_file if "://" in labels_file or posixpath.isabs(labels_file) else join_path(config.source, labels_file)
    try:
        with open_input(path) as fileobj:
            return coco_like.image_level_categories(fileobj.read(64 << 10))
    except OSError:
        return False
