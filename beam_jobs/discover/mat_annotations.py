"""Detection of MATLAB struct annotations (see `converters/mat_structs.py` for the shapes read).

A .mat file holding a struct array of a known shape is the dataset's per-image annotations:
its elements name the images, and give their boxes and classes (objects) or their classes alone
(labels). Where it lies beside the images is found from the sample:

  - its name names a split (`cars_train_annos.mat`): its images are in the folder whose name
    names the same split (`cars_train/`), as Stanford Cars' devkit pairs them (both splits number
    their images from 00001.jpg, so the file name alone would name two images); the split is the
    file's;
  - a split field (`test` in cars_annos.mat) gives each element's split;
  - the class names come from a .mat beside it holding `class_names` (cars_meta.mat).

Of several struct files for one split and folder (`cars_test_annos.mat` without classes,
`cars_test_annos_withlabels.mat` with them), the ones with classes are read.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from typing import Any

from shardify.converters import mat_structs
from shardify.errors import InvalidInputError, UsageError
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["struct_evidence"]


def struct_evidence(sample: Sequence[str], files: Mapping[str, dict[str, Any]]) -> tuple[list[evidence_lib.Evidence], set[str]]:
    """(Evidence per struct annotation file, the .mat files used: those and their class names).

    Args:
      sample: the sampled paths relative to SRC.
      files: .mat path -> its variables (`evidence_files.read_mat`).

    Raises:
      UsageError: a struct of a known shape whose boxes cannot be read (some box fields missing).
    """
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    names_files = {path: names for path, variables in files.items() if (names := mat_structs.class_names(variables))}
    chosen: dict[tuple[str, str], list[tuple[evidence_lib.Evidence, bool]]] = {}  # (evidence, it gives classes)
    used: set[str] = set()
    for path, variables in sorted(files.items()):
        try:
            found = mat_structs.find_struct(variables)
        except InvalidInputError as error:
            raise UsageError(
                f"{path}: {error.reason}; name the fields as {mat_structs.KNOWN_SHAPES[0].name} does "
                f"({', '.join(mat_structs.KNOWN_SHAPES[0].box)}), or remove the file to convert the images without it"
            ) from None
        if found is None:
            continue
        names, names_file = _names_beside(path, names_files)
        split = split_word(layout.stem(path)) or ""
        prefix = _image_folder(images, split, found.first_file) if split else ""
        shape = found.shape
        what = "boxes and classes" if shape.box and shape.label else "classes" if shape.label else "boxes without classes, not stored"
        note = f"{path}: {shape.name} ({found.variable}: {what} per image" + (f", {split}" if split else "")
        note += (f", images in {prefix}" if prefix else "") + (f"; class names from {names_file}" if names_file else "") + ")"
        evidence = evidence_lib.Evidence(
            path,
            evidence_lib.MAT_OBJECTS,
            evidence_lib.KeyRule((prefix + found.first_file).count("/") + 1, True),
            split=split,
            codes=tuple((str(value), name) for value, name in shape.split_codes),
            variable=found.variable,
            names=names,
            names_file=names_file,
            note=note,
            prefix=prefix,
            boxes=bool(shape.box and shape.label),
        )
        chosen.setdefault((split, prefix), []).append((evidence, bool(shape.label)))
        used.update({path, names_file} - {""})
    result = []
    for group in chosen.values():
        labelled = [e for e, classes in group if classes]
        result += labelled if labelled else [e for e, _ in group]
    return result, used


def _names_beside(path: str, names_files: Mapping[str, tuple[str, ...]]) -> tuple[tuple[str, ...], str]:
    """The class names of the .mat nearest `path` that holds them (its folder first), or ((), "")."""
    folder = posixpath.dirname(path)
    near = sorted(names_files, key=lambda p: (posixpath.dirname(p) != folder, p))
    return (names_files[near[0]], near[0]) if near else ((), "")


def _image_folder(images: Sequence[str], split: str, first_file: str) -> str:
    """The folder ("cars_train/") of images whose name names `split`, where there is one such
    folder and the struct's file names hold no folder of their own; else ""."""
    if "/" in first_file:
        return ""
    folders = {posixpath.dirname(p) for p in images if split_word(posixpath.basename(posixpath.dirname(p))) == split}
    return f"{folders.pop()}/" if len(folders) == 1 and "" not in folders else ""
