"""Whether a folder's inputs still want labels, and the class folders that are a download's parts
(`guards`' "numbered parts" and "part as the class": HAM10000_images_part_1/ and _part_2/, split
over two archives for size only) undone once a table or list labels them.

Apart because both the label tables (`label_tables`) and the label lists (`label_lists`) ask it
before they look, and undo the part folders the same way when they find labels.
"""

from __future__ import annotations

import dataclasses

from shardify.beam_jobs.discover import describe
from shardify.config import ConvertConfig
from shardify.plan import guards, layout

__all__ = ["PART_SIGNS", "parts_beside_objects", "parts_unlabelled", "unlabelled_or_parts"]

PART_SIGNS = guards.PART_SIGNS  # (re-exported: the signs that class folders are a download's parts)


def unlabelled_or_parts(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> guards.Finding | bool | None:
    """None where the inputs are labelled already (by evidence or class folders) or
    `--label-level` says where their labels are (0: nowhere); else the sign that the class
    folders are a download's parts (or the one folder read as the one class, MIRFLICKR's
    `mirflickr/` beside `annotations/<concept>.txt`), or False (no class folders)."""
    structure = detected.structure
    if config.label_level is not None or structure is None or any(e.gives_labels for e in detected.evidence) or structure.unlabelled:
        return None
    inputs = [p for p in sample if not detected.is_auxiliary(p)]
    sign = guards.find_sign(inputs, structure)
    if sign is not None and sign.sign in PART_SIGNS:
        return sign
    if structure.single_class:  # the weakest reading: a lone folder's name, every record one class
        folder = structure.root or structure.single_class + "/"
        return guards.Finding("the one folder", (folder,), (), sign="one folder")
    return None if any(level >= 0 for _, level in structure.label_levels) else False


def parts_unlabelled(detected: layout.SourceLayout, parts: guards.Finding | bool, labelled_by: str) -> layout.SourceLayout:
    """`detected` without class folders where they are a download's parts, saying so."""
    if not parts:
        return detected
    folders = ", ".join(parts.folders[:3])
    detected = describe.at_label_level(detected, 0)
    what = "the one folder, not a class" if parts.sign == "one folder" else "parts of the download, not classes"
    note = f"{folders}: {what} ({labelled_by} labels their files)"
    kept = [n for n in detected.notes[:-1] if not n.startswith("one class folder, ")]  # (structure's reading, undone)
    return dataclasses.replace(detected, notes=(*kept, note))


def parts_beside_objects(sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` without class folders where they are a download's numbered parts and annotation files
    give the inputs their objects (GRAZPEDWRI-DX's `images_part1/`, `images_part2/` beside YOLO labels:
    `describe.find_evidence` keeps such files over part folders); else unchanged."""
    objects = [e for e in detected.evidence if e.gives_labels and e.kind in describe.OBJECT_FOLDER_KINDS]
    structure = detected.structure
    if not objects or structure is None or not any(level >= 0 for _, level in structure.label_levels):
        return detected
    sign = guards.find_sign([p for p in sample if not detected.is_auxiliary(p)], structure)
    if sign is None or sign.sign not in PART_SIGNS:
        return detected
    return parts_unlabelled(detected, sign, f"{objects[0].path}/")
