"""Which files of a source are not its inputs, for a layout already decided: the files it names
beside its inputs, box-file trees, documentation, masks beside images, files loose above the class
folders.

Apart from `layout.py` because it is one question with many answers, one per layout family, that
grows as datasets ship new kinds of side files; `SourceLayout` owns the layout's fields and keeps
the answers it has given (`SourceLayout.is_auxiliary` caches, this module decides). Plain functions
of a layout and a relative path; no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shardify.plan.array_names import array_kind
from shardify.plan.evidence import BOX_FILES, Evidence
from shardify.plan.file_roles import (
    AUXILIARY_EXTENSIONS,
    AUXILIARY_NAMES,
    IMAGE_EXTENSIONS,
    TABLE_DOCUMENT_EXTENSIONS,
    TABLE_DOCUMENT_NAMES,
    TABLE_EXTENSIONS,
    TEXT_EXTENSIONS,
    WEB_PAGE_EXTENSIONS,
)
from shardify.plan.layout_names import ARRAYS, COCO, LABEL_FILE, TABLES
from shardify.plan.media_kinds import AV_EXTENSIONS
from shardify.plan.path_parts import extension, is_xml_document, stem
from shardify.plan.raw_declared import declared_format

if TYPE_CHECKING:
    from shardify.plan.layout import SourceLayout

__all__ = ["is_auxiliary"]


def is_auxiliary(layout: SourceLayout, relpath: str, named: frozenset[str | None]) -> bool:
    """`SourceLayout.is_auxiliary`'s answer, uncached: `named` the files the layout names beside its inputs
    (`SourceLayout._named_auxiliary`), gathered once a layout by its caller."""
    if relpath in named:
        return True
    if layout.evidence and any(_in_box_tree(e, relpath) or e.holds_beside(relpath) for e in layout.evidence):
        return True  # a folder of per-image box files holds annotations (FlickrLogos' classes/masks/: its masks too)
    if layout.split_patterns and layout.pattern_split(relpath) is None:
        return True  # the dataset card lists its data files: the rest are not data
    if layout.name == ARRAYS:
        return array_kind(relpath) is None and declared_format(layout.raw_arrays, relpath) is None
    if layout.line_files:  # the line files are the inputs; their label and mapping files are not
        return relpath not in {f.path for f in layout.line_files}
    if layout.name == TABLES and not layout.source_file:  # a download's README, LICENSE, citation beside its tables
        ext = extension(relpath)
        documents = ext in TABLE_DOCUMENT_EXTENSIONS
        if ext in AV_EXTENSIONS or ext in IMAGE_EXTENSIONS:  # media beside the tables (MELD's clips): no table
            return True
        if is_xml_document(relpath) and layout.split_patterns and layout.pattern_split(relpath) is not None:
            return False  # an XML document of records a split pattern names (`xml_record_files`): a table
        return (stem(relpath).lower().lstrip("_") in TABLE_DOCUMENT_NAMES or documents) and ext not in TABLE_EXTENSIONS
    structure = layout.structure
    if structure is None:
        # A label file names the inputs, but the download holds more: box lists, split lists
        # and documentation beside the images (NIH ChestX-ray14's BBox_List_2017.csv,
        # test_list.txt) are not inputs the label file forgot.
        return layout.name in (LABEL_FILE, COCO) and layout.media == "image" and _documents(relpath)
    if structure.is_mask_file(relpath):
        return True
    ext = extension(relpath)
    if layout.media == "text" and ext in WEB_PAGE_EXTENSIONS and layout.class_folder_of(relpath) is not None:
        return stem(relpath).lower() in AUXILIARY_NAMES  # a class folder's web pages are its texts (WebKB)
    if stem(relpath).lower() in AUXILIARY_NAMES or ext in AUXILIARY_EXTENSIONS:
        return True
    if layout.media == "image":
        return ext in TEXT_EXTENSIONS or (ext not in IMAGE_EXTENSIONS and _above_classes(layout, relpath))
    return ext not in IMAGE_EXTENSIONS and _above_classes(layout, relpath)

def _above_classes(layout: SourceLayout, relpath: str) -> bool:
    """The file lies loose above its split's class folders (or outside the split folders)."""
    structure = layout.structure
    if structure is not None and structure.split_level >= 0 and not structure.split_folder_of(relpath):
        return True
    level = layout.class_level_of(relpath)
    return level >= 0 and len(relpath.split("/")) - 1 <= level


def _in_box_tree(found: Evidence, relpath: str) -> bool:
    """`relpath` lies in a folder (a tree) of box files apart from the images they annotate
    (FlickrLogos' `classes/masks/`, KITTI's `label_2/`, OIDv4's `train/Apple/Label/` below its
    images); never where the box files lie among their images (UEC FOOD's `<class>/bb_info.txt`
    beside `<class>/1.jpg`, `image_folder` ".": SRC the download folder above `UECFOOD256/` once
    set every image aside) nor in the images' folder where that lies inside the tree.

    >>> def box(path, images):
    ...     return Evidence(path, BOX_FILES, box_format="Corner box table per class folder", image_folder=images)
    >>> _in_box_tree(box("UECFOOD100", "."), "UECFOOD100/1/1.jpg")
    False
    >>> _in_box_tree(box("classes/masks", "classes/jpg"), "classes/masks/HP/1.png")
    True
    >>> _in_box_tree(box("train/Apple/Label", "train/Apple"), "train/Apple/Label/1.txt")
    True
    """
    if found.kind != BOX_FILES or not found.path or not relpath.startswith(found.path + "/") or found.image_folder == ".":
        return False
    images = found.image_folder
    return not (images.startswith(found.path + "/") and relpath.startswith(images + "/"))


def _documents(relpath: str) -> bool:
    """Documentation, metadata or a text file: beside images, never an input."""
    ext = extension(relpath)
    return stem(relpath).lower() in AUXILIARY_NAMES or ext in AUXILIARY_EXTENSIONS or ext in TEXT_EXTENSIONS

