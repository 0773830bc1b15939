"""COCO-like annotation files named by their split alone that give the splits over the folders.

iNaturalist 2018 ships `train2018.json`, `val2018.json` (images, annotations, categories) and
`test2018.json` (images only) beside `train_val2018/<supercategory>/<category id>/` and
`test2018/`: the folder `train_val2018` is no split, and its folders are no classes (the
categories' names are). Herbarium 2020 ships one per split folder (`train/metadata.json`,
`test/metadata.json`) over numbered folders (`images/000/07/`) that are no classes either. Where
such files name other splits than the split folders (iNaturalist 2021's `train.json`, `val.json`
beside `train/`, `val/` name the same ones: they echo the folders, see `describe.find_evidence`),
each file gives the split of the images it names, its annotations their labels, and the class
folders are not read. Before that is trusted, the files must agree:
no image named by two files, and the same categories (id -> name) in every file that declares
them; else the run stops naming the files.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import label_files
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input
from shardify.inputs.excludes import exclude_option
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout, split_annotation_folders

__all__ = ["files_over_folders"]


def _named_alone(detected: layout.SourceLayout) -> list[evidence_lib.Evidence]:
    return [
        e for e in detected.evidence
        if e.kind == evidence_lib.COCO_SPLIT
        and (label_file_found.named_by_split_alone(e.path) or label_file_found.in_split_folder(e.path))
    ]


def files_over_folders(config: ConvertConfig, detected: layout.SourceLayout, sample: Sequence[str] = ()) -> layout.SourceLayout:
    """`detected` with its class folders not read where COCO-like files named by split alone give
    the splits and labels beside split folders of class folders (find_evidence kept them: they
    name other splits than the folders).

    Raises:
      UsageError: two of the files name one image, or declare different categories, or a name one
        of them gives names two sampled images under its own split folder.
    """
    files = _named_alone(detected)
    structure = detected.structure
    if len(files) < 2:
        return detected
    _check_agree(config, files, sample)
    if structure is None or not any(level >= 0 for _, level in structure.label_levels):
        return detected
    unread = dataclasses.replace(
        structure,
        label_levels=tuple((split, -1) for split, _ in structure.label_levels),
        single_class="",
        name_pattern=None,
        named_splits=(),
    )
    folders = f" (split folders {', '.join(structure.split_folders)} are no splits of theirs)" if structure.split_folders else ""
    note = f"class folders not read: {', '.join(e.path for e in files)} give each image its split and labels{folders}"
    return dataclasses.replace(detected, structure=unread, notes=(*detected.notes, note))


def _check_agree(config: ConvertConfig, files: Sequence[evidence_lib.Evidence], sample: Sequence[str] = ()) -> None:
    """Stop where two files name one image, or declare one category id with different names. A file
    lying in its own split folder names that folder's images (`split_annotation_folders`): Roboflow's
    `train/_annotations.coco.json` and `valid/_annotations.coco.json` each naming a `0.jpg` name two; so
    do `annotations/train.json` and `val.json` where sampled images lie under `images/train/`, `images/val/`."""
    owner: dict[tuple[str, str], str] = {}
    categories: dict[str, dict[object, str]] = {}
    places = {e.path: split_annotation_folders.images_place(e.path, e.split, sample) for e in files}
    for e in files:
        doc = _load(config, e.path)
        _check_one_per_name(e.path, doc, sample)
        for image in doc.get("images") or ():
            name = image.get("file_name") or image.get("filename") if isinstance(image, dict) else None
            if not isinstance(name, str):
                continue
            where = (places[e.path], name)  # (a name in two splits' own folders names two images)
            if where in owner and owner[where] != e.path:
                raise UsageError(
                    f"{owner[where]} and {e.path} both name {name}: files named by their split "
                    f"({', '.join(f.path for f in files)}) must each name their own images; choose one with --labels FILE"
                )
            owner[where] = e.path
        declared = {
            c.get("id"): str(c.get("name"))
            for c in doc.get("categories") or ()
            if isinstance(c, dict) and isinstance(c.get("id"), (int, str))
        }
        if declared:
            categories[e.path] = declared
    if len({tuple(sorted(d.items(), key=str)) for d in categories.values()}) > 1:
        first, *rest = categories
        other = next(p for p in rest if categories[p] != categories[first])
        differ = sorted(set(categories[first].items()) ^ set(categories[other].items()), key=str)[:3]
        raise UsageError(
            f"{first} and {other} declare different categories ({', '.join(f'{i}: {n}' for i, n in differ)}): "
            "files named by their split are read together only where their categories agree; "
            "choose one with --labels FILE"
        )


def _check_one_per_name(path: str, doc: dict, sample: Sequence[str]) -> None:
    """Stop where a name the file at `path` gives names two sampled images under its own split folder
    (`train/0.jpg` and `train/extra/0.jpg` beside `train/_annotations.coco.json`): which one its rows
    describe cannot be told (read on, both were rejects, exit 1 over the limit). Naming the folders and
    the `--exclude` that leaves one out."""
    folder = split_annotation_folders.annotated_folder(path)
    if not folder or not sample:
        return
    under: dict[str, list[str]] = {}
    for p in sample:
        if p.startswith(folder + "/") and layout.extension(p) in layout.IMAGE_EXTENSIONS:
            under.setdefault(posixpath.basename(p), []).append(p)
    for image in doc.get("images") or ():
        name = image.get("file_name") or image.get("filename") if isinstance(image, dict) else None
        found = under.get(posixpath.basename(name)) if isinstance(name, str) else None
        if found and len(found) > 1:
            deeper = [posixpath.dirname(p) for p in found if posixpath.dirname(p) != folder]
            options = " or ".join(exclude_option(d, tree=True) for d in deeper)
            raise UsageError(
                f"{path} names {name}, and {len(found)} images under {folder}/ are so named ({', '.join(found)}): "
                f"which one it describes cannot be told; leave the others out: {options}"
            )


def _load(config: ConvertConfig, path: str) -> dict:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            data = fileobj.read(label_files.MAX_ANNOTATION_BYTES + 1)  # (the bound the reader of such files keeps)
        doc = json_input.parse(data) if len(data) <= label_files.MAX_ANNOTATION_BYTES else None
    except (OSError, ValueError, InvalidInputError) as error:
        raise UsageError(f"{path}: cannot be read as COCO annotations ({error})") from error
    if doc is None:
        limit = label_files.MAX_ANNOTATION_BYTES >> 20
        raise UsageError(f"{path}: larger than {limit} MiB, not read as COCO annotations: split it")
    if not isinstance(doc, dict):
        raise UsageError(f"{path}: not a JSON object of COCO annotations")
    return doc
