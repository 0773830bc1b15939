"""A COCO-style annotation file read as label rows: one per entry of its "images", its
categories as the image's labels, its captions joined, its objects where asked
(`label_files.read_label_rows` reads a .json label file through here).

Apart from `label_files` because a COCO file is read otherwise than its tables and lines: parsed
whole (bounded by MAX_ANNOTATION_BYTES), images joined to their annotations by id. What an entry
may hold (ids, categories, top-level types) is judged in `coco_entries`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from shardify.converters import coco_entries, coco_levels, coco_urls, tables
from shardify.converters.columns import TEXT_JOIN
from shardify.converters.label_rows import LabelRow
from shardify.converters.objects import coco_object
from shardify.errors import InvalidInputError
from shardify.format.contract import ObjectSchema
from shardify.inputs import json_input
from shardify.plan.entries import SourceObject

__all__ = ["DROPPED_CAPTION_FLAGS", "MAX_ANNOTATION_BYTES", "coco_rows"]

# A COCO file is parsed whole (one worker): the largest public one (instances_train2017.json) is
# 450 MB. Larger files are refused rather than read into memory.
MAX_ANNOTATION_BYTES = 1 << 30
# A COCO caption annotation its file flags so is none of the image's captions: the caption its annotators
# rejected, or the stock sentence written for an image too poor to describe (VizWiz-Captions' is_rejected,
# is_precanned; its evaluation drops both).
DROPPED_CAPTION_FLAGS = ("is_rejected", "is_precanned")


def coco_rows(
    fileobj: BinaryIO, size_bytes: int | None, captions: bool, schema: ObjectSchema | None = None, label_column: str = ""
) -> Iterator[LabelRow | tables.RowError]:
    """A row per entry of the COCO-style file's "images" (see `label_files`' docstring: its
    categories as labels, its captions joined, its objects where `schema` asks for them).

    Args:
      label_column: where the file holds one category list per level (`categories_1`, ... DENTEX's,
        `coco_levels`), the one read (`categories_3` or `category_id_3`); else unused.

    Raises:
      InvalidInputError: larger than MAX_ANNOTATION_BYTES, not JSON, no "images" list, a
        top-level field of the wrong type, or levels' category lists and none chosen.
    """
    if size_bytes is not None and size_bytes > MAX_ANNOTATION_BYTES:  # refused unread: reading it is what costs
        raise InvalidInputError(f"annotation file larger than {MAX_ANNOTATION_BYTES >> 20} MiB: split it")
    data = fileobj.read(MAX_ANNOTATION_BYTES + 1)
    if len(data) > MAX_ANNOTATION_BYTES:
        raise InvalidInputError(f"annotation file larger than {MAX_ANNOTATION_BYTES >> 20} MiB: split it")
    try:
        document = json_input.parse(data, unique_keys=True)  # a second "annotations": [] would hide the first
    except InvalidInputError as error:
        raise InvalidInputError(f"not a JSON annotation file: {error.reason}") from None
    if not isinstance(document, dict) or not isinstance(document.get("images"), list):
        raise InvalidInputError('not a COCO-style annotation file: no "images" list')
    coco_entries.check_top_level(document)
    listed, id_key = coco_levels.chosen_level(document, label_column)  # ("categories", "category_id") but DENTEX's kind
    if not isinstance(document.get(listed, []), list):
        raise InvalidInputError(f'not a COCO-style annotation file: "{listed}" is not a list')
    categories, bad_categories = coco_entries.coco_categories(document.get(listed, []))
    per_image: dict[object, tuple[set[str], list[str], list[str]]] = {}
    found_objects: dict[object, list[SourceObject]] = {}
    unknown: dict[object, list[object]] = {}  # image id -> categories its annotations name that are not listed
    has_categories = bool(categories or bad_categories) and "annotations" in document  # image_info_test: none
    whole = coco_entries.image_level(document.get("annotations"))  # COCO Camera Traps: a category per image, no box
    # string ids join images to annotations where no object is written (whole images, or no annotation: a test split's),
    # or where every id is one (a camera trap file with boxes too: the record's number is the image/source_id)
    strings = whole or not document.get("annotations") or coco_entries.all_string_ids(document["images"])
    for annotation in document.get("annotations", []):
        if not isinstance(annotation, dict) or coco_entries.image_key_of(annotation.get("image_id"), strings)[1]:
            continue  # about no image that can be written (an image of such an id is rejected); counted in no record
        image_key = coco_entries.image_key_of(annotation["image_id"], strings)[0]  # 7.0 is image 7's; true is not image 1's
        names, texts, errors = per_image.setdefault(image_key, (set(), [], []))
        if id_key in annotation:
            name = categories.get(coco_entries.hashable(annotation[id_key]))
            bad = bad_categories.get(coco_entries.hashable(annotation[id_key]))
            if bad is not None:  # its objects cannot be told apart or named: the image is rejected
                errors.append(bad)
            elif name is None:  # labels nothing; the image keeps its other annotations' categories
                unknown.setdefault(image_key, []).append(annotation[id_key])
            else:
                names.add(name)
                if schema is not None and "bbox" in annotation:
                    try:
                        found_objects.setdefault(image_key, []).append(
                            coco_object(annotation, name, masks=schema.masks, keypoints=schema.keypoints)
                        )
                    except InvalidInputError as error:
                        errors.append(error.reason)
        if captions and isinstance(annotation.get("caption"), str) and not any(annotation.get(f) is True for f in DROPPED_CAPTION_FLAGS):
            texts.append(annotation["caption"].strip())
    shared_ids = coco_entries.shared_ids(document["images"], strings)
    for index, image in enumerate(document["images"], start=1):
        file_name, problem = coco_urls.image_path(image) if isinstance(image, dict) else ("", "image entry is not an object")
        if problem:  # LVIS names its images by `coco_url` only (see coco_urls)
            yield tables.RowError(index, problem)
            continue
        image_id, id_problem = coco_entries.image_key_of(image.get("id"), strings)
        if id_problem:
            yield tables.RowError(index, id_problem, file_name)
            continue
        image_key = image_id
        if image_key in shared_ids:
            yield tables.RowError(
                index,
                f"image id {image.get('id')!r} is given to {shared_ids[image_key]} images: whose annotations are whose cannot be told",
                file_name,
            )
            continue
        names, texts, errors = per_image.get(image_key, (set(), [], []))
        if errors:
            yield tables.RowError(index, errors[0], file_name)
            continue
        if image_key in unknown and not names:
            shown = ", ".join(repr(c) for c in unknown[image_key][:3])
            yield tables.RowError(index, f'its annotations name only categories "{listed}" does not list ({shown})', file_name)
            continue
        if whole and not names:  # (an empty set would be a labelled image of no class, which a camera trap's is not)
            yield tables.RowError(index, "no annotation gives it a category (the file gives each image its category)", file_name)
            continue
        yield LabelRow(
            index,
            file_name,
            tuple(sorted(names)),
            TEXT_JOIN.join(texts),
            has_categories,
            objects=coco_entries.framed(found_objects.get(image_key, ()), image) if schema is not None and has_categories
            and not whole else None,
            source_id="" if isinstance(image_id, tuple) else str(image_id),
        )
