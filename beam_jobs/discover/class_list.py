"""The class list a detection source declares, found at detection and kept in its layout.

Object classes (and a detection dataset's image labels) are numbered by the dataset's own full
list where it ships one, not by the classes the converted files happen to hold: a split or a
subset converted on its own then gives each class the number the whole dataset gives it (see
`converters/class_lists.py` for the lists read). Where the dataset ships no list (Pascal VOC's XML
names only, a Hugging Face imagefolder's category names), the plan says that the numbering
follows the names found, and that `--label-names` pins it.
"""

from __future__ import annotations

import dataclasses

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import class_lists, coco_levels
from shardify.converters.evidence_files import first_lines
from shardify.errors import InvalidInputError
from shardify.inputs.files import size_of
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.label_names import normalise_label

__all__ = ["with_declared_classes", "UNPINNED_NOTE"]

UNPINNED_NOTE = (
    "classes numbered in the order of the names found: the source declares no full class list, so a part of "
    "the dataset converted on its own (one split) can number a class otherwise; pin the numbering with "
    "--label-names FILE (one name a line, in number order), or ship that file as classes.txt at the top of SRC"
)


def with_declared_classes(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with the class list its annotations declare (`classes`, `classes_file`) and a
    note saying where the numbering comes from; unchanged where it holds no boxes."""
    if not detected.objects.boxes:
        return detected
    if config.label_names:
        note = f"classes numbered in the order of --label-names ({len(config.label_names)})"
        return dataclasses.replace(detected, notes=(*detected.notes, note))
    found = _coco_classes(config, detected) or _yolo_classes(detected) or _file_classes(config, sample, detected)
    if isinstance(found, str):  # files that disagree: no list is taken, and the plan says why
        return dataclasses.replace(detected, notes=(*detected.notes, found, UNPINNED_NOTE))
    if not found:
        return dataclasses.replace(detected, notes=(*detected.notes, UNPINNED_NOTE))
    names, files = found
    shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
    note = (
        f"classes numbered by the full list {', '.join(files)} declares ({len(names)}: {shown}), "
        "those no object has included: any part of the dataset converted on its own numbers them alike"
    )
    return dataclasses.replace(detected, classes=names, classes_file=", ".join(files), notes=(*detected.notes, note))


_Found = tuple[tuple[str, ...], list[str]] | str | None


def _coco_classes(config: ConvertConfig, detected: layout.SourceLayout) -> _Found:
    """COCO-style files' categories: the one annotation file's, or the per-split files' (which
    must declare the same list)."""
    files = [detected.labels_file] if detected.name == layout.COCO else []
    files += [e.path for e in detected.evidence if e.kind == evidence_lib.COCO_SPLIT]
    lists = {}
    for path in files:
        where = path if path.startswith("/") or "://" in path else join_path(config.source, path)
        try:
            with open_input(where) as fileobj:
                listed = coco_levels.level_named(config.label_column) or "categories"  # (DENTEX's categories_3)
                categories = class_lists.coco_category_list(fileobj, size_of(fileobj), listed)
        except (OSError, InvalidInputError):
            categories = None  # the worker that reads the file rejects it with its reason
        if categories:
            lists[path] = class_lists.declared_order(categories)
    if not lists:
        return None
    distinct = set(lists.values())
    if len(distinct) > 1:
        return f"the annotation files declare different categories ({', '.join(sorted(lists))}): none is taken as the full list"
    return distinct.pop(), sorted(lists)


def _yolo_classes(detected: layout.SourceLayout) -> _Found:
    """A YOLO export's data.yaml `names`, by index; a MATLAB struct's class names (cars_meta.mat)."""
    kinds = (evidence_lib.YOLO_LABELS, evidence_lib.MAT_OBJECTS)
    lists = {(e.names, e.names_file) for e in detected.evidence if e.kind in kinds and e.names}
    if len({names for names, _ in lists}) > 1:
        return f"the class name files differ ({', '.join(sorted(f for _, f in lists))}): none is taken as the full list"
    return (next(iter(lists))[0], sorted({f for _, f in lists})) if lists else None


def _file_classes(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> _Found:
    """A classes.txt (labels.txt, ...) at the top of SRC or one folder down beside annotations that
    name their classes (Pascal VOC-style XML): one name a line."""
    if detected.vocabulary and detected.vocabulary_file:
        names = _normalised(detected.vocabulary)
        return (names, [detected.vocabulary_file]) if names else None
    for path in sorted(p for p in sample if p.count("/") <= 1 and p.rsplit("/", 1)[-1].lower() in evidence_lib.VOCABULARY_NAMES):
        if FileSystems.exists(join_path(config.source, path)):
            names = _normalised(_vocabulary(config, path) or ())
            if names:
                return names, [path]
    return None


# A class list file is read whole up to this: LVIS's 1,203 names, ImageNet-21k's 21,843 fit.
_LIST_BYTES = 1 << 20
_LIST_LINES = 30_000


def _vocabulary(config: ConvertConfig, path: str) -> tuple[str, ...] | None:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return evidence_lib.read_vocabulary(first_lines(fileobj.read(_LIST_BYTES), _LIST_LINES))
    except (OSError, InvalidInputError):
        return None


def _normalised(names: tuple[str, ...]) -> tuple[str, ...] | None:
    """The names as labels are normalised, or None where one cannot be a label or two are one."""
    try:
        found = tuple(normalise_label(name) for name in names)
    except InvalidInputError:
        return None
    return found if found and len(set(found)) == len(found) else None
