"""The row every label file's reader gives back (`label_files.read_label_rows`): a file's key and
its labels, caption and objects.

A module of its own because the readers of each shape (tables and lines in `label_files`, COCO
files in `coco_label_rows`) give back the same row.
"""

from __future__ import annotations

from dataclasses import dataclass

from shardify.plan.entries import SourceObject

__all__ = ["LabelRow"]


@dataclass(frozen=True)
class LabelRow:
    """One row of a label file.

    Attributes:
      row: where it is in the file (see the module's docstring).
      key: what names the file: a path, a file name or a stem as written; for one label per line,
        "#n" for the n-th file in path order.
      labels: label names (normalised); () is a record with no labels only when `has_labels`.
      caption: a caption, or "".
      has_labels: the file gives labels at all (a label column, a label field, categories).
      objects: COCO, when its objects are asked for: the image's objects (boxes, crowd flags,
        areas, and segmentations and keypoints where asked), else None.
      source_id: COCO: the image's own numeric id, or "".
      unlabelled: the row names its file but gives it no label yet (a one-hot table's blank row:
        DFUC 2021's unlabelled images), a record with no label beside labelled ones, no reject.
    """

    row: int
    key: str
    labels: tuple[str, ...]
    caption: str = ""
    has_labels: bool = True
    objects: tuple[SourceObject, ...] | None = None
    source_id: str = ""
    unlabelled: bool = False
