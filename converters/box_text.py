"""Reading detection boxes written as text, by a row of `shardify.plan.box_formats.FORMATS`.

  per_image_objects  one image's file (KITTI's label_2/<stem>.txt): its lines' objects
  block_rows         one file of `path`, `count`, count box lines per image (WIDER FACE)
  table_rows         one table with a header, one row per box keyed by image id (Open Images)
  json_rows          one JSON object a line per image, its boxes in a list (CrowdHuman's .odgt)
  document_rows      one JSON document listing the images and their boxes (TT100K's annotations.json)
  frame_rows         one XML document per sequence of frames (UA-DETRAC's MVI_20011.xml)
                     (a document of either that cannot be read raises UnreadableDocument; the
                     two live in `box_documents`, re-exported here, the object of a line or row
                     in `box_objects`)
  read_class_names   a headerless `id,name` file naming the classes (class-descriptions-boxable.csv)

Files are untrusted: every line is checked against the format's shape, and what does not fit
makes an `EvidenceRow` with `error` (the image is rejected naming the line: never written with
some of its objects) or, before any image is named, a `tables.RowError`. Rows that are no objects
(the format's `skip`) become skipped objects, named in the image's repair line. Boxes that leave
the image or have no area are the writer's to clip or drop (see `object_values.object_values`).
"""

from __future__ import annotations

import csv
import dataclasses
import re
from collections.abc import Iterator, Sequence
from typing import BinaryIO

from shardify.converters import json_box_files, jsonl_objects, labelme_shapes, tables
from shardify.converters.box_documents import MAX_DOCUMENT_BYTES, UnreadableDocument, document_rows, frame_rows, json_box  # re-exported
from shardify.converters.box_objects import box_object, box_objects, labels_of
from shardify.converters.evidence_files import MAX_XML_BYTES, EvidenceRow, text_lines
from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.plan import box_formats, literal_tables
from shardify.plan.box_formats import BoxFormat
from shardify.plan.entries import SourceObject, is_inside

__all__ = ["named_class", "unnamed_class", "per_image_objects", "per_image_json_objects", "block_rows", "table_rows", "json_rows", "document_rows", "frame_rows",
           "read_class_names", "MAX_CLASS_NAMES_BYTES", "MAX_DOCUMENT_BYTES", "UnreadableDocument"]

# Open Images' class-descriptions.csv (every class, not only the boxable ones) is 12 MB.
MAX_CLASS_NAMES_BYTES = 64 << 20

_Line = tuple[int, str] | tables.RowError


def _shape(fmt: BoxFormat) -> str:
    """What a line of `fmt` holds, its counts of fields said as a range where they run on (a
    transcription holding commas: 9 to 64, not 56 numbers).

    >>> from shardify.plan.box_formats import format_named
    >>> _shape(format_named("Text quadrilaterals beside their images"))
    'a Text quadrilaterals beside their images line of 9 to 64 fields, its box numbers'
    """
    counts = sorted(fmt.fields)
    runs_on = len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1))
    shown = f"{counts[0]} to {counts[-1]}" if runs_on else " or ".join(map(str, counts))
    return f"a {fmt.name} line of {shown} fields, its box numbers"


# The header of PER_IMAGE formats whose files open with the number of boxes that follow (WiderPerson's,
# Guns Object Detection's): a file holding another number of box lines is cut short or padded, its
# image's reject, never written with some of its boxes.
_COUNT_HEADER = r"\d+"


def per_image_objects(data: bytes, fmt: BoxFormat) -> tuple[SourceObject, ...]:
    """The objects of one image's annotation file (an empty file: an image with no objects).

    Raises:
      InvalidInputError: too large, not UTF-8 text, or a line not of the format's shape (named).
    """
    if len(data) > MAX_XML_BYTES:
        raise InvalidInputError(f"larger than {MAX_XML_BYTES >> 20} MiB: not one image's {fmt.name}")
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark is no content (ICDAR's files start with one)
    except UnicodeDecodeError as error:
        if not fmt.line_pattern:
            raise InvalidInputError(f"not UTF-8 text ({error.reason})") from None
        text = data.decode("latin-1")  # PASCAL 1.00's files are Latin-1 (INRIA's `Rh\xf4ne`); its box lines are ASCII
    if fmt.line_pattern:
        return _sentence_objects(text, fmt)
    found, counts = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        fields = fmt.fields_of(line)
        if not fields or fmt.header_line(line):
            counts += [line.strip()] if fields and fmt.header == _COUNT_HEADER else []
            continue
        if not fmt.box_line(fields) and not (len(fields) in fmt.fields and fmt.skip_reason(fields)):
            raise InvalidInputError(f"line {number} is not {_shape(fmt)}: {line.strip()[:80]!r}")
        found.append(box_object(fmt, fields, f"line {number}"))
    if counts and (len(counts) > 1 or int(counts[0]) != len(found)):  # a file cut short, or two files run together
        raise InvalidInputError(f"its count line says {counts[0]} boxes, but it holds {len(found)} box lines"
                                + (f" and {len(counts)} count lines" if len(counts) > 1 else ""))
    return tuple(found)


def named_class(objects: Sequence[SourceObject], number: str, name: str) -> tuple[SourceObject, ...]:
    """The objects of a file of one numbered class (CARPK's `1`) with that class named `name`.

    Raises:
      InvalidInputError: an object of another number (the name given is for `number` alone).
    """
    other = sorted({obj.label for obj in objects} - {number})
    if other:
        raise InvalidInputError(f"its class {other[0]} is not the one class {number} that --label-names names ({name})")
    return tuple(dataclasses.replace(obj, label=name) for obj in objects)


def unnamed_class(objects: Sequence[SourceObject]) -> tuple[SourceObject, ...]:
    """The objects of a file of one class named nowhere (`box_formats.UNNAMED_CLASS`) where no name
    was given (a layout file without `names`): none where there are none, else the image's reject.

    Raises:
      InvalidInputError: objects whose class no one named (written, each would carry a placeholder).
    """
    if any(not obj.skipped for obj in objects):
        raise InvalidInputError("its boxes are of one class no file names: give it with --label-names (one line, the name)")
    return tuple(objects)


def _sentence_objects(text: str, fmt: BoxFormat) -> tuple[SourceObject, ...]:
    """The objects of a per-image file of sentences (`BoxFormat.line_pattern`): a box a matching
    line; a line starting as a box line does but not matching it is refused (a box in another shape
    was dropped, exit 0); every other line is skipped.

    Raises:
      InvalidInputError: the file does not start as the format's, or a box line of another shape.
    """
    lines = [line.strip() for line in text.splitlines()]
    first = next((line for line in lines if line), "")
    if not re.fullmatch(fmt.signature, first):
        raise InvalidInputError(f"its first line is not {fmt.name}'s: {first[:80]!r}")
    opening = re.match(r"[A-Za-z ]*", fmt.line_pattern).group().strip()
    found = []
    for number, line in enumerate(lines, start=1):
        match = re.fullmatch(fmt.line_pattern, line)
        if match is None and opening and line.startswith(opening):
            raise InvalidInputError(f"line {number} is not a {fmt.name} box line: {line[:80]!r}")
        if match is not None:
            found.append(box_object(fmt, match.groupdict(), f"line {number}"))
    return tuple(found)


def document_limit(fmt: BoxFormat) -> int:
    """The most bytes one image's annotation document of `fmt` may hold: LabelMe's carry the image
    again in base64 (`imageData`, a third larger than the image), the others a few KB of boxes."""
    return labelme_shapes.MAX_DOCUMENT_BYTES if fmt.convention == box_formats.POINTS_PIXELS else MAX_XML_BYTES


def per_image_json_objects(data: bytes, fmt: BoxFormat) -> tuple[SourceObject, ...]:
    """The objects of one image's JSON annotation (`box_formats.PER_IMAGE_JSON`).

    Raises:
      InvalidInputError: too large, not a JSON document of the format's shape, or a box that is not
        an object of it (named by its place in the list).
    """
    if len(data) > document_limit(fmt):
        raise InvalidInputError(f"larger than {document_limit(fmt) >> 20} MiB: not one image's {fmt.name}")
    try:
        document = json_input.parse(data, unique_keys=True)  # untrusted: as document_rows reads it
    except InvalidInputError as error:
        raise InvalidInputError(f"not a JSON document ({error.reason})") from None
    boxes = json_box_files.boxes_of(document, fmt)
    if boxes is None:
        raise InvalidInputError(f"no {fmt.boxes_field!r} boxes: not a {fmt.name} document")
    where = (lambda i: f"{fmt.boxes_field[:-1]}{i}") if fmt.boxes_field.endswith("*") else (lambda i: f"{fmt.boxes_field}[{i - 1}]")
    if fmt.convention == box_formats.POINTS_PIXELS:  # LabelMe's shapes: each its points, read by its shape type
        return tuple(labelme_shapes.shape_object(box, where(i)) for i, box in enumerate(boxes, start=1))
    for i, box in enumerate(boxes, start=1):  # a class as text, as the first document's that told the format
        if isinstance(box, dict) and fmt.class_field and not isinstance(box.get(fmt.class_field), (str, type(None))):
            raise InvalidInputError(f"{where(i)}: its {fmt.class_field} {str(box.get(fmt.class_field))[:20]!r} is no class name (text)")
    return tuple(box_object(fmt, json_box(box, fmt, where(i)), where(i)) for i, box in enumerate(boxes, start=1))


def _is_path_line(fields: list[str]) -> bool:
    return len(fields) == 1 and not box_formats.is_number(fields[0])


def block_rows(lines: Iterator[_Line], fmt: BoxFormat) -> Iterator[EvidenceRow | tables.RowError]:
    """An EvidenceRow per image of a BLOCKS file: its path line's number, the path, its objects;
    with `error` where its count is not a whole number or does not match the box lines that
    follow, a box line is not of the format's shape, or a second block names the image. A count of 0 is followed by one line of
    zeros, a placeholder that is named, never an object."""
    block: list[tuple[int, list[str]]] = []  # the path line, then the lines up to the next path
    first: dict[str, int] = {}  # path -> the line that named it first
    for item in lines:
        if isinstance(item, tables.RowError):
            if block:  # a broken line inside an image's block: the image cannot be read whole
                yield EvidenceRow(block[0][0], block[0][1][0], error=f"line {item.row}: {item.reason}")
                block = []
            else:
                yield item
            continue
        number, text = item
        fields = text.split()
        if not fields:
            continue
        if _is_path_line(fields):
            if block:
                yield _block(block, fmt, first)
            block = [(number, fields)]
        elif block:
            block.append((number, fields))
        else:
            yield tables.RowError(number, "a line before any image's path line")
    if block:
        yield _block(block, fmt, first)


def _block(block: list[tuple[int, list[str]]], fmt: BoxFormat, first: dict[str, int]) -> EvidenceRow:
    """One image's block; a second block of one path is that image's error (FDDB lists an image
    once: two blocks' faces were written together as one image's), as JSON entries are."""
    (row, (key,)), rest = block[0], block[1:]
    if key in first:
        return EvidenceRow(row, key, error=f"lines {first[key]} and {row} both give its boxes: which is meant cannot be told")
    first[key] = row
    if not rest or len(rest[0][1]) != 1 or not (rest[0][1][0].isascii() and rest[0][1][0].isdigit()):
        shown = " ".join(rest[0][1])[:40] if rest else "missing"
        return EvidenceRow(row, key, error=f"line {row + 1}: its count of boxes is {shown!r}, not a whole number")
    count, boxes = int(rest[0][1][0]), rest[1:]
    if count == 0 and len(boxes) == 1 and all(v.strip("0.") == "" for v in boxes[0][1]):
        why = "a placeholder line of zeros (its count of boxes is 0)"
        placeholder = SourceObject(label=fmt.single_class or "object", skipped=why)
        return EvidenceRow(row, key, labels=(), objects=(placeholder,))
    if len(boxes) != count:
        return EvidenceRow(row, key, error=f"line {row + 1}: its count says {count} boxes, but {len(boxes)} box lines follow")
    objects = []
    for number, fields in boxes:
        if not fmt.box_line(fields):
            return EvidenceRow(row, key, error=f"line {number} is not {_shape(fmt)}: {' '.join(fields)[:80]!r}")
        try:
            objects.append(box_object(fmt, fields, f"line {number}"))
        except InvalidInputError as error:
            return EvidenceRow(row, key, error=error.reason)
    return EvidenceRow(row, key, labels=labels_of(objects), objects=tuple(objects))


def json_rows(lines: Iterator[_Line], fmt: BoxFormat) -> Iterator[EvidenceRow | tables.RowError]:
    """An EvidenceRow per image of a JSON_LINES file: its line's number, its key, its objects;
    with `error` where a box is not an object of the format's shape (its box not four numbers, no
    class), where the line cannot be read but its start names the image (`jsonl_objects`), or
    where a second line names the image (one line per image: which is meant cannot be told). A line
    naming no image is that line's reject."""
    first_line: dict[str, int] = {}  # key -> the line that named it first
    for item in jsonl_objects.json_objects(lines, fmt.key_field):
        if isinstance(item, tables.RowError):
            named = item.key.strip() and is_inside(item.key.strip().replace("\\", "/"))
            yield EvidenceRow(item.row, item.key.strip(), error=f"line {item.row}: {item.reason}") if named else item
            continue
        number, found = item
        key, boxes = found.get(fmt.key_field), found.get(fmt.boxes_field)
        if not isinstance(key, str) or not key.strip() or not isinstance(boxes, list):
            yield tables.RowError(number, f"no {fmt.key_field!r} naming an image with a {fmt.boxes_field!r} list")
            continue
        key = key.strip()
        if not is_inside(key.replace("\\", "/")):  # `../../etc/x` named the image `x` by its last part
            yield tables.RowError(number, f"its {fmt.key_field} {key[:200]!r} leads outside the folder: it names no image")
            continue
        if key in first_line:
            why = f"lines {first_line[key]} and {number} both give its boxes: which is meant cannot be told"
            yield EvidenceRow(number, key, error=why)
            continue
        first_line[key] = number
        try:
            objects = tuple(box_object(fmt, json_box(box, fmt, f"line {number}"), f"line {number}") for box in boxes)
        except InvalidInputError as error:
            yield EvidenceRow(number, key, error=error.reason)
            continue
        yield EvidenceRow(number, key, labels=labels_of(objects), objects=objects)


def _keyed_error(error: tables.RowError, header: list[str], fmt: BoxFormat) -> EvidenceRow | tables.RowError:
    """A row that cannot be read (a line past the limit) as its image's unusable row, where the
    line's start holds the image's key whole: the image is rejected with it, never written with
    no objects; else the row's reject alone."""
    if not error.head or fmt.key_field not in header:
        return error
    cells = fmt.row_cells(error.head)
    index = header.index(fmt.key_field)
    if index >= len(cells) - 1 or not cells[index].strip():  # the key cell is cut, or is the last one read
        return error
    return EvidenceRow(error.row, cells[index].strip(), error=f"row {error.row}: {error.reason}")


def table_rows(
    lines: Iterator[_Line], fmt: BoxFormat, class_names: dict[str, str] | None
) -> Iterator[EvidenceRow | tables.RowError]:
    """An EvidenceRow per box row of a ROWS table (one image's boxes are several rows, joined
    on its key): the image's id, the box's object; with `error` where the row has another number
    of cells or a box number that is not finite. `class_names`: class id -> name, or None where
    the source names none (the ids are the names)."""
    header: list[str] = list(fmt.columns)  # a headerless table's documented columns, else its first row
    # (columns read by content under a header of other names, `box_columns`: that header is no row)
    header_left = fmt.opens_with_header and bool(fmt.columns)
    for item in lines:
        if isinstance(item, tables.RowError):
            yield _keyed_error(item, header, fmt)
            continue
        number, text = item
        if not text.strip():
            continue
        cells = fmt.row_cells(text)
        if fmt.separator == " ":  # (runs of spaces between cells, as the reading by content split them)
            cells = [cell for cell in cells if cell != ""]
        if header_left:
            header_left = False
            continue
        if not header:
            header = [cell.strip() for cell in cells]
            _check_literal_columns(fmt, header)
            continue
        key = cells[header.index(fmt.key_field)].strip() if len(cells) > header.index(fmt.key_field) else ""
        if fmt.key_template:  # several columns name the image (`video_{video_id}/{video_frame}`)
            key = literal_tables.template_key(fmt.key_template, dict(zip(header, cells)))
        if not key:
            yield tables.RowError(number, f"no {fmt.key_field}")
            continue
        if len(cells) == len(header) and not any(c.strip() for i, c in enumerate(cells) if i != header.index(fmt.key_field)):
            # an image named with every other cell empty (keras-retinanet's `path/to/image.jpg,,,,,`): no box
            yield EvidenceRow(number, key, labels=(), objects=())
            continue
        if not len(header) - (fmt.optional_columns if fmt.columns else 0) <= len(cells) <= len(header):
            yield EvidenceRow(number, key, error=f"row {number} has {len(cells)} cells, not the {len(header)} of its header")
            continue
        try:
            objects = box_objects(fmt, dict(zip(header, cells)), f"row {number}", class_names)
        except InvalidInputError as error:
            yield EvidenceRow(number, key, error=error.reason)
            continue
        yield EvidenceRow(number, key, labels=labels_of(objects), objects=objects)


def _check_literal_columns(fmt: BoxFormat, header: list[str]) -> None:
    """A table of box literals (its format read from a layout file's `box_format:` line, perhaps edited)
    whose header lacks a column the line names: every image would be written without its objects.

    Raises:
      UnreadableDocument: the columns the header lacks.
    """
    if fmt.convention != box_formats.LITERAL_PIXELS:
        return
    wanted = [fmt.key_field, *fmt.box_fields, fmt.class_field, *literal_tables.template_columns(fmt.key_template)]
    missing = [c for c in dict.fromkeys(wanted) if c and c not in header]
    if missing:
        raise UnreadableDocument(f"its header ({','.join(header)[:200]}) has no column {', '.join(map(repr, missing))}, "
                                 f"which the box_format line {fmt.name!r} names")


def read_class_names(fileobj: BinaryIO) -> dict[str, str]:
    """{id: name} of a headerless `id,name` file (Open Images' class-descriptions-boxable.csv).

    Raises:
      InvalidInputError: too large, a line of another shape, or an id given twice.
    """
    names: dict[str, str] = {}
    read = 0
    for item in text_lines(fileobj):
        if isinstance(item, tables.RowError):
            raise InvalidInputError(f"line {item.row}: {item.reason}")
        number, text = item
        read += len(text) + 1
        if read > MAX_CLASS_NAMES_BYTES:
            raise InvalidInputError(f"larger than {MAX_CLASS_NAMES_BYTES >> 20} MiB: not a file of class names")
        if not text.strip():
            continue
        cells = next(csv.reader([text]))
        if len(cells) != 2 or not cells[0].strip() or not cells[1].strip():
            raise InvalidInputError(f"line {number} is not `id,name`")
        if cells[0].strip() in names:
            raise InvalidInputError(f"line {number}: id {cells[0].strip()} is named twice")
        names[cells[0].strip()] = cells[1].strip()
    return names
