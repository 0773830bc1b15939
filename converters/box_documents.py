"""Documents of boxes read whole, by a row of `shardify.plan.box_formats.FORMATS`:

  document_rows  one JSON document listing the images and their boxes (TT100K's annotations.json)
  frame_rows     one XML document per sequence of frames (UA-DETRAC's MVI_20011.xml)

A document of either that cannot be read at all raises UnreadableDocument: the images it annotates
cannot be told, so none may be written as an image without objects. `json_box` (a box of a JSON
entry as cells by field) is shared with `box_text.json_rows`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import BinaryIO

from shardify.converters import tables, untrusted_xml
from shardify.converters.box_objects import box_object, labels_of
from shardify.converters.evidence_files import EvidenceRow
from shardify.converters.evidence_rows import key_fault
from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.plan import box_formats, class_keyed_documents, keyed_box_documents
from shardify.plan.box_formats import BoxFormat

__all__ = ["document_rows", "frame_rows", "json_box", "MAX_DOCUMENT_BYTES", "UnreadableDocument"]

# A JSON document of boxes is read whole (BDD100K's train labels are 1.1 GiB; TT100K's 20 MB).
MAX_DOCUMENT_BYTES = 2 << 30


class UnreadableDocument(InvalidInputError):
    """A document of boxes read whole (JSON_DOCUMENT, FRAMES_XML) that cannot be read at all: the
    images it annotates cannot be told, so none may be written as an image without objects."""


def document_rows(fileobj: BinaryIO, fmt: BoxFormat) -> Iterator[EvidenceRow | tables.RowError]:
    """An EvidenceRow per entry of a JSON_DOCUMENT (numbered from 1 in the document's order): its
    key, its objects; with `error` where a box is not of the format's shape or a second entry names
    the image.

    Raises:
      UnreadableDocument: the document cannot be read (not JSON, too large, no list of entries):
        which images it annotates cannot be told.
    """
    data = fileobj.read(MAX_DOCUMENT_BYTES + 1)
    if len(data) > MAX_DOCUMENT_BYTES:
        raise UnreadableDocument(f"larger than {MAX_DOCUMENT_BYTES >> 30} GiB: not read as one JSON document")
    if fmt.document == "yaml":
        document = _yaml_document(data)
    else:
        try:
            # untrusted: nested too deeply, a number too long, not UTF-8; a key given twice (json.loads
            # kept the last unsaid: an image's second key wrote it without its first entry's boxes)
            document = json_input.parse(data, unique_keys=True)
        except InvalidInputError as error:
            raise UnreadableDocument(f"not a JSON document ({error.reason[:120]})") from None
    if fmt in class_keyed_documents.FORMATS:  # a list of images, objects keyed by class, reshaped into entries
        try:
            document = class_keyed_documents.entries(document)
        except class_keyed_documents.ClassKeyedDocumentError as error:
            raise UnreadableDocument(error.reason) from None
    elif fmt.entries_field == keyed_box_documents.KEYED:  # an object keyed by image, reshaped into entries
        try:
            document = keyed_box_documents.entries(document, fmt)
        except keyed_box_documents.KeyedDocumentError as error:
            raise UnreadableDocument(error.reason) from None
    class_names = _listed_classes(document, fmt) if fmt.class_list_field else None
    entries = document.get(fmt.entries_field) if fmt.entries_field and isinstance(document, dict) else document
    if isinstance(entries, dict):
        entries = list(entries.values())
    if not isinstance(entries, list):
        raise UnreadableDocument(f"no {fmt.entries_field or 'list'} of images in the document")
    first: dict[str, int] = {}
    for number, entry in enumerate(entries, start=1):
        key = _dig(entry, fmt.key_field) if isinstance(entry, dict) else None  # (nested: BBBC041's image.pathname)
        if not isinstance(key, str) or not key.strip():
            yield tables.RowError(number, f"entry {number} has no {fmt.key_field!r} naming an image")
            continue
        key = box_formats.document_key(key) if fmt.document == "yaml" else key.strip()
        key = key.lstrip("/") if fmt.rooted_keys else key  # (BBBC041's `/images/<uuid>.png`: from the dataset's root)
        outside = f"entry {number}'s {fmt.key_field} {key[:200]!r} leads outside the folder"
        fault = key_fault(number, key, first, outside, "entries")
        if fault is not None:
            yield fault
            continue
        boxes = entry.get(fmt.boxes_field) or []
        if not isinstance(boxes, list):
            yield EvidenceRow(number, key, error=f"entry {number}: its {fmt.boxes_field} is no list")
            continue
        try:
            objects = tuple(box_object(fmt, _named(json_box(box, fmt, f"entry {number}"), fmt, class_names, f"entry {number}"),
                                       f"entry {number}") for box in boxes)
        except InvalidInputError as error:
            yield EvidenceRow(number, key, error=error.reason)
            continue
        yield EvidenceRow(number, key, labels=labels_of(objects), objects=objects)


def _listed_classes(document: object, fmt: BoxFormat) -> dict[str, str]:
    """The class names a document lists at `fmt.class_list_field`, by their number from 0 as text
    (AU-AIR's `categories`).

    Raises:
      UnreadableDocument: no such list of names: every box's class is a number naming nothing, and
        written as the number every label were wrong.
    """
    listed = document.get(fmt.class_list_field) if isinstance(document, dict) else None
    if not isinstance(listed, list) or not listed or not all(isinstance(n, str) and n.strip() for n in listed):
        raise UnreadableDocument(f"no list of class names at {fmt.class_list_field!r}: its boxes' {fmt.class_field} "
                                 "numbers name no class")
    return {str(number): name.strip() for number, name in enumerate(listed)}


def _named(cells: dict[str, str], fmt: BoxFormat, class_names: dict[str, str] | None, where: str) -> dict[str, str]:
    """A box's cells, its class number replaced by the name the document lists for it.

    Raises:
      InvalidInputError: a class that is no number of the list (its entry's image is rejected,
        never written with another class or none).
    """
    if class_names is None:
        return cells
    number = cells.get(fmt.class_field, "")
    if number not in class_names:
        raise InvalidInputError(f"{where}: its {fmt.class_field} {number[:40]!r} is no number of the document's "
                                f"{fmt.class_list_field} (0 to {len(class_names) - 1}): its class cannot be told")
    return {**cells, fmt.class_field: class_names[number]}


def _yaml_document(data: bytes) -> object:
    """A YAML document of boxes (Bosch's train.yaml), read by the safe loader that refuses a key
    given twice (`yaml_keys`: YAML keeps the last unsaid).

    Raises:
      UnreadableDocument: not YAML, or a mapping giving a key twice.
    """
    import yaml

    from shardify.plan.yaml_keys import RepeatedKey, unique_keys_loader

    try:
        return yaml.load(data.decode("utf-8"), Loader=unique_keys_loader())  # (a SafeLoader: no object is built)
    except RepeatedKey as repeated:
        raise UnreadableDocument(f"line {repeated.line}: the key {repeated.key!r} is given twice") from None
    except (yaml.YAMLError, UnicodeDecodeError) as error:
        raise UnreadableDocument(f"not a YAML document ({str(error)[:120]})") from None
    except RecursionError:  # ([[[...]]] thousands deep: the constructor recurses)
        raise UnreadableDocument("not a YAML document (nested too deeply)") from None
    except ValueError as error:  # an int of over 4,300 digits: int()'s limit, as json_input says it
        raise UnreadableDocument(f"not a YAML document (a value cannot be read: {str(error).split(';')[0][:120]})") from None


def frame_rows(fileobj: BinaryIO, fmt: BoxFormat, sequence: str) -> Iterator[EvidenceRow | tables.RowError]:
    """An EvidenceRow per frame of a FRAMES_XML document, keyed `<sequence>/<number>` (the folder
    named as the document, or as its `name` where the document's adds a suffix, the number ending
    the frame's file name), with its objects; `error` where a box is not of the format's shape or a
    second frame has the number.

    Raises:
      UnreadableDocument: the document is not well-formed XML, too large or declares entities (`untrusted_xml`).
    """
    data = fileobj.read(MAX_DOCUMENT_BYTES + 1)
    if len(data) > MAX_DOCUMENT_BYTES:
        raise UnreadableDocument("too large: not read as a sequence's annotations")
    try:
        root = untrusted_xml.parse(data)  # no entity declared or expanded, in any encoding
    except untrusted_xml.UntrustedXmlError as error:
        raise UnreadableDocument(f"not well-formed XML: {error}") from None
    # (the sequence's own name where the file's adds a suffix to it: UA-DETRAC v3's MVI_20011_v3.xml)
    named = (root.get("name") or "").strip()
    if named and named != sequence and box_formats.unsuffixed(sequence) == named:
        sequence = named
    first: dict[str, int] = {}
    for index, frame in enumerate(root.iter(fmt.entries_field), start=1):
        number = (frame.get(fmt.number_field) or "").strip()
        if not (number.isascii() and number.isdigit()):
            yield tables.RowError(index, f"frame {index} has no whole number {fmt.number_field}: {number[:40]!r}")
            continue
        key = f"{sequence}/{int(number)}"
        if key in first:
            yield EvidenceRow(index, key, error=f"frames {first[key]} and {index} both number {number}: which is meant cannot be told")
            continue
        first[key] = index
        try:
            objects = tuple(box_object(fmt, _xml_box(box, fmt), f"frame {number}") for box in frame.findall(fmt.boxes_field))
        except InvalidInputError as error:
            yield EvidenceRow(index, key, error=error.reason)
            continue
        yield EvidenceRow(index, key, labels=labels_of(objects), objects=objects)


def _xml_box(element, fmt: BoxFormat) -> dict[str, str]:
    """An XML box's fields (`element@attribute`: the attribute of the element beneath; `@attribute`: its own)."""
    cells = {}
    for field in (fmt.class_field, *fmt.box_fields, *(f for f, _, _ in fmt.skip), *(f for f, _ in fmt.flags)):
        if not field:
            continue
        path, _, attribute = field.partition("@")
        found = element.find(path) if path else element
        cells[field] = (found.get(attribute) or "") if found is not None else ""
    return cells


def _dig(found: dict, field: str) -> object:
    """A dotted field's value (`bbox.xmin`), or None where a step is missing."""
    for step in field.split("."):
        if not isinstance(found, dict):
            return None
        found = found.get(step)
    return found


def json_box(box: object, fmt: BoxFormat, where: str) -> dict[str, str]:
    """A JSON box's fields as text cells, its list of four numbers as a list cell (`[x, y, w, h]`).

    Raises:
      InvalidInputError: a class that is a JSON object, array, boolean or fraction (its repr
        became the class: `{'name': 'person'}`, `True`).
    """
    if not isinstance(box, dict):
        raise InvalidInputError(f"{where}: a box that is no JSON object")
    cells = {}
    if fmt.class_field:  # a class name, or a whole number naming a class: never an object's repr
        tag = box.get(fmt.class_field)
        if isinstance(tag, bool) or not isinstance(tag, (str, int, type(None))):
            kind = {dict: "object", list: "array", bool: "boolean"}.get(type(tag), "number")
            raise InvalidInputError(f"{where}: its {fmt.class_field} is a JSON {kind}, not a class name")
    for field in (fmt.class_field, *fmt.box_fields, *(f for f, _, _ in fmt.skip), *(f for f, _ in fmt.flags)):
        if not field:
            continue
        value = _dig(box, field)
        if isinstance(value, list) and not _flat_short(value):  # (YAML aliases: a list of 10^9 nested lists)
            raise InvalidInputError(f"{where}: its {field} is a nested or long list, not a box's numbers")
        cells[field] = json.dumps(value) if isinstance(value, list) else "" if value is None else str(value)
    return cells


# A box written as one list cell holds four numbers; a longer list is none (and is never walked whole).
_MAX_LIST_CELL_ITEMS = 16


def _flat_short(value: list) -> bool:
    """A list of at most _MAX_LIST_CELL_ITEMS scalars: what a box's list cell can be. YAML aliases
    share nested lists, so a document of a few hundred bytes holds a list whose walk (json.dumps,
    repr) never ends: only its first level is looked at here."""
    return len(value) <= _MAX_LIST_CELL_ITEMS and all(isinstance(v, (int, float, str, type(None))) for v in value)
