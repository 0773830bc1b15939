"""Detection datasets whose boxes are written as text: one row of `FORMATS` per shape, data rather
than code per dataset.

Seven ways the annotation files pair with the images:

  PER_IMAGE  one text file per image, in a folder mirroring the images' folder, by stem: KITTI's
             training/label_2/000000.txt beside training/image_2/000000.png
  BLOCKS     one file listing many images: a path line, a count line, then that many box lines
             (a count of 0 followed by one line of zeros): WIDER FACE's wider_face_train_bbx_gt.txt
  ROWS       one table with a header, one row per box, keyed by the image's id (its file's stem):
             Open Images' train-annotations-bbox.csv, class names from a headerless `id,name` file
  JSON_LINES one file listing many images, a JSON object a line: the image's id and a list of its
             boxes, each an object naming its class and holding its box as a list of four numbers:
             CrowdHuman's annotation_train.odgt (`{"ID": ..., "gtboxes": [{"tag": ..., "fbox": [...]}]}`)
  JSON_DOCUMENT one JSON document listing many images (a list, or an object keyed by id, at a
             field of its own): each entry names its image and holds its list of boxes, the box's
             fields reached by dotted paths (`bbox.xmin`): TT100K's annotations.json, BDD100K's
             bdd100k_labels_images_train.json
  FRAMES_XML one XML document per sequence of frames, named as the folder holding the frames'
             images: an element per frame, its number an attribute (the image whose name ends in
             it), its boxes elements beneath, their fields `element@attribute`: UA-DETRAC's
             DETRAC-Train-Annotations-XML/MVI_20011.xml for Insight-MVT_Annotation_Train/MVI_20011/
  PER_IMAGE_JSON one JSON document per image, in a folder mirroring the images' folder, by stem: its
             boxes under one key as a list (FUNSD's `form`), or under numbered keys (DeepFashion2's
             `item1`, `item2`: `boxes_field` "item*"), each an object naming its class and holding its
             box as a list of four numbers (`converters/json_box_files.py` reads them)
  PER_IMAGE_MAT  one MATLAB file per image, in a folder mirroring the images' folder, by stem: its
             boxes one variable, each a struct of corner points (the Oxford hand dataset's
             `annotations/<stem>.mat`; `converters/mat_boxes.py` reads them)
  FOLDER_MAT     one MATLAB file in each folder of frames, an element per frame in name order, each
             field a class holding the frame's polygon (EgoHands' `polygons.mat`;
             `converters/mat_frame_polygons.py` reads them)

The type is `shardify/plan/box_format.py`, the rows `shardify/plan/box_format_rows.py` (both
re-exported here). A row says where the class and the four box numbers are (a field index, or a column name), the
box's convention, and the rows that are not objects (KITTI's `DontCare`, WIDER's `invalid` flag):
those are carried as skipped objects, so the image's line in repaired.jsonl names each one.
Recognising a format reads nothing here: detection hands in names and first lines.
"""

from __future__ import annotations

import json
import math
import posixpath
import re
from collections.abc import Collection, Sequence

from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.plan.box_format import (
    BLOCKS,
    ELLIPSE_PIXELS,
    FOLDER_CLASS,
    FOLDER_TABLES,
    FRAMES_XML,
    FRAME_ROWS,
    IDL_LINES,
    NAMED_LINES,
    JSON_DOCUMENT,
    JSON_LINES,
    LISTS_EVERY_IMAGE,
    LITERAL_PIXELS,
    PER_IMAGE,
    POINTS_PIXELS,
    PER_IMAGE_JSON,
    PER_IMAGE_MAT,
    FOLDER_MAT,
    FIELD_CLASSES,
    CORNER_POINTS_YX,
    POLYGONS_XY,
    QUAD_PIXELS,
    ROTATED_PIXELS,
    ROWS,
    UNNAMED_CLASS,
    WORDS_BEFORE_BOX,
    XXYY_NORMALISED,
    XYXY_NORMALISED,
    CXCYWH_PIXELS,
    CXCYWH_NORMALISED,
    XYWH_PERCENT,
    XYWH_PIXELS,
    XYXY_PERCENT,
    XYXY_PIXELS,
    BoxFormat,
    is_number,
)
from shardify.plan import box_columns, class_keyed_documents, keyed_box_documents, literal_tables
from shardify.plan.box_format_rows import FORMATS

__all__ = [
    "LITERAL_PIXELS",
    "POINTS_PIXELS",
    "PER_IMAGE",
    "WORDS_BEFORE_BOX",
    "BLOCKS",
    "ROWS",
    "JSON_LINES",
    "JSON_DOCUMENT",
    "FRAMES_XML",
    "FRAME_ROWS",
    "IDL_LINES",
    "PER_IMAGE_JSON",
    "PER_IMAGE_MAT",
    "FOLDER_MAT",
    "FIELD_CLASSES",
    "CORNER_POINTS_YX",
    "POLYGONS_XY",
    "FOLDER_TABLES",
    "FOLDER_CLASS",
    "UNNAMED_CLASS",
    "LISTS_EVERY_IMAGE",
    "XYXY_PIXELS",
    "XYWH_PIXELS",
    "XXYY_NORMALISED",
    "QUAD_PIXELS",
    "ELLIPSE_PIXELS",
    "ROTATED_PIXELS",
    "XYXY_NORMALISED",
    "CXCYWH_PIXELS",
    "CXCYWH_NORMALISED",
    "XYWH_PERCENT",
    "XYXY_PERCENT",
    "BoxFormat",
    "FORMATS",
    "format_named",
    "per_image_format",
    "file_format",
    "document_key",
    "document_keys",
    "unsuffixed",
    "frame_shift",
    "is_number",
]


def format_named(name: str) -> BoxFormat:
    """The row of FORMATS named `name`, or the table read by content that the name says whole
    (`box_columns.format_of_name`: `Box table of columns image,class,x1,y1,x2,y2 (pixels)`).

    Raises:
      KeyError: no such row, and no such reading.
    """
    found = (next((f for f in FORMATS if f.name == name), None) or box_columns.format_of_name(name)
             or literal_tables.format_of_name(name))
    if found is None:
        raise KeyError(name)
    return found


def per_image_format(folder_name: str, lines: Sequence[str], extension: str = "txt") -> BoxFormat | None:
    """The PER_IMAGE format of a folder named `folder_name` whose first file (of `extension`) has the lines `lines`.

    >>> per_image_format("label_2", ["Car 0.00 0 -1.58 587.01 173.33 614.12 200.12 1.65 1.67 3.64 -0.65 1.71 46.70 -1.59"]).name
    'KITTI object labels'
    >>> per_image_format("labelTxt", ["imagesource:GoogleEarth", "gsd:0.146", "2753 2408 2861 2385 2888 2468 2805 2502 plane 0"]).name
    'DOTA oriented boxes'
    >>> per_image_format("label_2", ["A car crosses the road"]) is None
    True
    >>> per_image_format("Label", ["Traffic light 12.5 3.0 56.25 40.0"]).name
    'OIDv4 toolkit labels'
    >>> per_image_format("Label", ["0 0.5 0.5 0.2 0.2"]) is None
    True
    >>> per_image_format("annotations", ["684,8,273,116,0,0,0,0", "406,119,265,70,1,4,0,0"]).name
    'VisDrone DET annotations'
    >>> per_image_format("annotations", ["684 8 273 116 0 0 0 0"]) is None  # no commas: not this format
    True
    >>> per_image_format("Annotations", ["3", "1 46 138 72 202", "4 120 90 131 118", "2 8 10 30 60"]).name
    'WiderPerson boxes'
    >>> per_image_format("Annotations", ["1 2 6 9 1", "4 3 9 10 1"]).name  # CARPK's: one class number, last
    'Corner boxes of one numbered class'
    >>> per_image_format("Annotations", ["1 46 138 72 202", "4 120 90 131 118"]) is None  # a class first, no count line
    True
    >>> per_image_format("labelTxt", ["2753 2408 2861 2385 2888 2468 2805 2502 plane 0"]).name  # DOTA without its header lines
    'DOTA oriented boxes'
    >>> per_image_format("train", ["0 0 1 2 6 3 0.0417", "1 1 6 6 7 3 -0.04"], "gt").name
    'Rotated text lines'
    >>> per_image_format("train", ["0 0 1 2 6 3"], "gt") is None  # six fields: no angle
    True
    >>> per_image_format("Challenge2_Test_Task1_GT", ['38, 43, 920, 215, "Tiredness"']).name
    'ICDAR 2013 text boxes'
    """
    for found in FORMATS:
        if found.pairing != PER_IMAGE or found.extension != extension or not re.fullmatch(found.files, folder_name):
            continue
        if found.line_pattern:  # sentences: the first line says which, the box lines hold the boxes
            filled = [line.strip() for line in lines if line.strip()]
            if filled and re.fullmatch(found.signature, filled[0]) and all(
                re.fullmatch(found.line_pattern, line) for line in filled if line.startswith(_first_words(found.line_pattern))
            ):
                return found
            continue
        first = next((line for line in lines if line.strip()), "")
        if found.opens_with_header and not found.header_line(first):
            continue  # its files open with their header (WiderPerson's count): CARPK's `x1 y1 x2 y2 1` lines do not
        kept = [line for line in lines if line.strip() and not found.header_line(line)]
        rows = [found.fields_of(line) for line in kept]
        if found.numbered_class and len({r[int(found.class_field)] if len(r) > int(found.class_field) else "" for r in rows}) != 1:
            continue  # one class in all its lines: a last field that varies is a box's (WiderPerson's lines without their count)
        # (characters a format drops are part of its shape: its lines hold them)
        if rows and all(found.box_line(r) for r in rows) and all(ch in line for line in kept for ch in found.drop):
            return found
    return None


def _first_words(pattern: str) -> str:
    """The literal words a line pattern starts with (`Bounding box for object`): a line starting so
    and not matching the whole pattern is a box line of another shape, and the file is not this format."""
    return re.match(r"[A-Za-z ]*", pattern).group().strip()


def file_format(file_name: str, lines: Sequence[str]) -> BoxFormat | None:
    """The BLOCKS, ROWS or JSON_LINES format of an annotation file named `file_name` whose first
    lines are `lines`: its name, and a path then a count (BLOCKS), a header naming the format's
    columns (ROWS), or a JSON object holding its key and its list of boxes (JSON_LINES).

    >>> file_format("wider_face_val_bbx_gt.txt", ["0--Parade/0_Parade_marchingband_1_465.jpg", "1", "345 211 4 4 2 0 0 0 0 0"]).name
    'WIDER FACE boxes'
    >>> file_format("train-annotations-bbox.csv", ["ImageID,Source,LabelName,Confidence,XMin,XMax,YMin,YMax"]).name
    'Open Images boxes'
    >>> file_format("annotations_val.csv", ["val_0.jpg,5,1429,219,1612,object,2336,4160"]).name
    'SKU-110K boxes'
    >>> file_format("gt.txt", ["00000.ppm;774;411;815;446;11", "00001.ppm;983;388;1024;432;40"]).name
    'GTSDB boxes'
    >>> file_format("gt.txt", ["00000.ppm;774;411;815;446;stop"]) is None
    True
    >>> file_format("annotations_val.csv", ["image,xmin,ymin,xmax,ymax,label"]) is None
    True
    >>> file_format("boxes.csv", ["image,xmin,ymin,xmax,ymax", "a.jpg,1,2,30,40"]).name
    'Box table of one class'
    >>> file_format("labels.csv", ['1478019952686311006.jpg 950 574 1004 620 0 "car"']).name
    'Udacity Autti boxes'
    >>> file_format("labels.csv", ["img_1.jpg,cat", "img_2.jpg,dog"]) is None
    True
    >>> file_format("annotation_val.odgt", ['{"ID": "273271,1b9330008da38cd6", "gtboxes": []}']).name
    'CrowdHuman boxes'
    >>> file_format("annotation_val.odgt", ['{"ID": "x"}']) is None
    True
    >>> file_format("annotation_val.odgt", ['{"ID": "x", "gtboxes": [{"tag": "person", "fbox": [1, 2']).name
    'CrowdHuman boxes'
    >>> file_format("train-annotations-bbox.csv", ["\ufeffImageID,Source,LabelName,Confidence,XMin,XMax,YMin,YMax"]).name
    'Open Images boxes'
    """
    # A UTF-8 byte-order mark (Excel's "CSV UTF-8") opens the first line: `\ufeffImageID` is no column name.
    rows = [line.strip() for line in (*(line.removeprefix("\ufeff") for line in lines[:1]), *lines[1:]) if line.strip()]
    for found in FORMATS:
        if found.pairing in (PER_IMAGE, FOLDER_TABLES, FRAME_ROWS, PER_IMAGE_MAT, FOLDER_MAT) or not re.search(found.files + "$", file_name) or not rows:
            continue
        if found.pairing == JSON_LINES:
            if _json_line(found, rows[0]):
                return found
            continue
        if found.pairing == JSON_DOCUMENT:
            if (_yaml_document if found.document == "yaml" else _json_document)(found, "\n".join(rows)):
                return found
            continue
        if found.pairing == NAMED_LINES:  # every line a file's name, a colon, then its objects or nothing
            from shardify.converters import named_box_lines  # (the reader's own shape: one place says it)

            # (the last may be cut; one line in ten may be damaged, STSD's 'malformed' ones: each rejects its image)
            head = rows[: max(1, len(rows) - 1)]
            good = sum(named_box_lines.is_named_line(found, row) for row in head)
            if good and good >= 0.9 * len(head) and any(named_box_lines.has_box(found, row) for row in head):
                return found  # (lines of one word each, `photo.jpg:cat`, are a label list: no box in them)
            continue
        if found.pairing == IDL_LINES:  # every line a quoted path, then its boxes or nothing
            if all(_IDL_LINE.fullmatch(row) for row in rows[: max(1, len(rows) - 1)]):  # (the last may be cut)
                return found
            continue
        if found.pairing == FRAMES_XML:
            head = "\n".join(rows)
            if re.search(r"<sequence\b", head) and re.search(rf"<{found.entries_field}\b[^>]*\b{found.number_field}=", head):
                return found
            continue
        # (a path line names a file: its extension, or its folders where the format leaves the extension out)
        if found.pairing == BLOCKS and len(rows) >= 2 and ("." in rows[0] or "/" in rows[0]) and not is_number(rows[0]) and rows[1].isdigit():
            return found
        if found.pairing == ROWS and found.columns:
            if all(_headerless_row(found, found.row_cells(row)) for row in rows[:5]):
                return found
            continue
        if found.pairing == ROWS:
            header = [cell.strip().strip('"') for cell in rows[0].split(found.separator or ",")]
            needed = [found.key_field, *found.box_fields, *([found.class_field] if found.class_field else [])]
            others = set(header) - set(needed)
            if all(column in header for column in needed) and (found.only_columns is None or others <= set(found.only_columns)):
                return found
    return None


# An IDL line's shape, loosely (converters/idl_boxes.py reads it exactly): a quoted path, then `:` and
# parenthesised boxes, or nothing, then `;` (or the file's last `.`).
_IDL_LINE = re.compile(r'"[^"]+"\s*(:\s*\(\s*[-+0-9.eE]+\s*(,\s*[-+0-9.eE]+\s*){3}\).*)?[;.,]?')


def _headerless_row(fmt: BoxFormat, cells: Sequence[str]) -> bool:
    """A row of a headerless ROWS table: its count of cells, a key that is no number, a class that
    is no number (a count of 8 numbers-and-a-name cells is common: only the documented places tell
    it), the box a number in each field, and, with corners in pixels and the image's size in the
    row, corners in order inside the image (an `id,class,x,y,w,h,W,H` row is no SKU-110K row).

    >>> fmt = next(f for f in FORMATS if f.name == "SKU-110K boxes")
    >>> [_headerless_row(fmt, r.split(",")) for r in ("a.jpg,5,9,30,40,object,64,64", "a.jpg,5,9,30,40,7,64,64", "a.jpg,10,20,5,6,object,64,64")]
    [True, False, False]
    """
    if not len(fmt.columns) - fmt.optional_columns <= len(cells) <= len(fmt.columns):
        return False
    by_name = dict(zip(fmt.columns, (cell.strip() for cell in cells)))
    if is_number(by_name[fmt.key_field]) or not all(is_number(by_name[f]) for f in fmt.box_fields):
        return False
    if fmt.class_field in by_name:
        cell = by_name[fmt.class_field]
        if not cell or (not cell.isdigit() if fmt.numbered_class else is_number(cell)):
            return False
    if fmt.convention == XYXY_PIXELS and len(fmt.box_fields) == 4:
        x1, y1, x2, y2 = (float(by_name[f]) for f in fmt.box_fields)
        width = float(by_name["image_width"]) if is_number(by_name.get("image_width", "")) else math.inf
        height = float(by_name["image_height"]) if is_number(by_name.get("image_height", "")) else math.inf
        return 0 <= x1 < x2 <= width and 0 <= y1 < y2 <= height
    return True


def _json_line(fmt: BoxFormat, line: str) -> bool:
    """A JSON_LINES file's line: an object holding the format's key and its list of boxes."""
    try:
        found = json_input.parse(line)
    except InvalidInputError:  # a line longer than detection reads is cut: its start says as much
        key, boxes = re.escape(json.dumps(fmt.key_field)), re.escape(json.dumps(fmt.boxes_field))
        return bool(re.match(rf'\{{\s*{key}\s*:\s*"[^"]*"\s*,\s*{boxes}\s*:\s*\[', line))
    return isinstance(found, dict) and isinstance(found.get(fmt.key_field), str) and isinstance(found.get(fmt.boxes_field), list)


def _json_document(fmt: BoxFormat, head: str) -> bool:
    """A JSON_DOCUMENT file's start: its entries' field (or a list), an entry's key naming a file,
    and its list of boxes (judged on the start alone: a document is read whole only when converted)."""
    if fmt in class_keyed_documents.FORMATS:  # a list of images, objects keyed by class (Labelbox's XY export)
        return class_keyed_documents.recognises(head)
    if fmt.entries_field == keyed_box_documents.KEYED:  # an object keyed by image (HaGRID's, VIA's)
        return keyed_box_documents.recognises(fmt, head)
    if not head.lstrip().startswith("{" if fmt.entries_field else "["):
        return False
    if fmt.entries_field and not re.search(rf'{re.escape(json.dumps(fmt.entries_field))}\s*:\s*[{{\[]', head):
        return False
    # (a nested key, `image.pathname`, by its last step: its object opens the entry)
    key = re.search(rf'{re.escape(json.dumps(fmt.key_field.split(".")[-1]))}\s*:\s*"[^"]+\.[A-Za-z]+"', head)
    # (a list of objects, or empty, holding the box's field: a list of class names is a multi-label file's)
    boxes = re.search(rf'{re.escape(json.dumps(fmt.boxes_field))}\s*:\s*\[\s*[{{\]]', head)
    # (every step of a box's first field, and its class field: rows of one kind differ in those names alone,
    # `bbox.min.x` of `label` beside `bounding_box.minimum.c` of `category`, and the first to match is read)
    # A head cut inside its first box (`"box2d": {`) is judged by what it shows: that box's first step.
    steps = fmt.box_fields[0].split(".")
    first = re.search(rf'{re.escape(json.dumps(steps[0]))}\s*:', head)
    cut = bool(first) and "}" not in head[first.end():]
    named = (*(steps[:1] if cut else steps), fmt.class_field.split(".")[-1])
    box = all(re.search(rf'{re.escape(json.dumps(step))}\s*:', head) for step in named)
    return bool(key and boxes and box)


def _yaml_document(fmt: BoxFormat, head: str) -> bool:
    """A YAML list of entries' start: an entry opening with its list of boxes (or its key), its
    key naming a file, and a box's first field (or an empty list of boxes)."""
    entry = re.search(rf"(?m)^- (?:{re.escape(fmt.boxes_field)}|{re.escape(fmt.key_field)}):", head)
    key = re.search(rf"(?m)^\s*-?\s*{re.escape(fmt.key_field)}:\s*\S+\.[A-Za-z]+\s*$", head)
    box = re.search(rf"\b{re.escape(fmt.box_fields[0])}:", head) or re.search(rf"{re.escape(fmt.boxes_field)}:\s*\[\]", head)
    return bool(entry and key and box)


def document_key(key: str) -> str:
    """A document's key as files are named: an absolute path by its file's name (Bosch's test.yaml
    names the authors' server), a relative one without `./`.

    >>> document_key("./rgb/train/a_bag/24.png"), document_key("/net/pal-soc1/university_run1/24068.png")
    ('rgb/train/a_bag/24.png', '24068.png')
    """
    key = key.strip().replace("\\", "/")
    if key.startswith("/"):
        return posixpath.basename(key)
    return posixpath.normpath(key) if key.startswith("./") else key


def unsuffixed(stem: str) -> str:
    """A file's stem less its last `_`- or `-`-separated part (UA-DETRAC v3's `MVI_20011_v3` names the
    sequence `MVI_20011`); the stem where it has none.

    >>> unsuffixed("MVI_20011_v3"), unsuffixed("cam-north-2"), unsuffixed("seq")
    ('MVI_20011', 'cam-north', 'seq')
    """
    return re.sub(r"[_-][^_-]*$", "", stem)


def document_keys(fmt: BoxFormat, head: str) -> list[str]:
    """The image keys a JSON_DOCUMENT's start names (to tell whether they carry folders and extensions)."""
    if fmt in class_keyed_documents.FORMATS:
        return class_keyed_documents.keys(head)
    if fmt.entries_field == keyed_box_documents.KEYED:
        return keyed_box_documents.keys(fmt, head)
    if fmt.document == "yaml":
        return [document_key(k.strip("'\"")) for k in re.findall(rf"(?m)^\s*-?\s*{re.escape(fmt.key_field)}:\s*(\S+)\s*$", head)]
    return re.findall(rf'{re.escape(json.dumps(fmt.key_field.split(".")[-1]))}\s*:\s*"([^"]+)"', head)


def frame_shift(first_listed: int | None, present: Collection[int]) -> int | None:
    """What to add to a FRAMES_XML document's frame numbers to name its files, decided by the base
    each side counts from: the document's from its first frame (0 or 1: UA-DETRAC's count from 1,
    and leave out frames of no target, so a first number above 1 tells no base), the files' from
    the numbers present in the sequence's folder (`img00000.jpg`: from 0; `img00001.jpg` the lowest:
    from 1). Frames counted from 1 over files counted from 0 had every box on the frame before its
    own, the last frame naming no file. Where the files count from 0 and the document's base cannot
    be told, None: the caller stops. Where the files' base cannot be told (a sample without their
    first), 0: the numbers as written.

    >>> frame_shift(1, {1, 2, 3}), frame_shift(1, {0, 1, 2}), frame_shift(0, {1, 2}), frame_shift(0, {0, 1})
    (0, -1, 1, 0)
    >>> frame_shift(3, {1, 2, 3}), frame_shift(3, {0, 1, 2, 3}), frame_shift(103, {101, 102, 103})
    (0, None, 0)
    """
    files_base = 0 if 0 in present else 1 if present and min(present) == 1 else None
    listed_base = first_listed if first_listed in (0, 1) else None
    if files_base is None:
        return 0
    if listed_base is None:
        return 0 if files_base == 1 else None  # counted from 1 as the format's own, or from 0: cannot be told
    return files_base - listed_base
