"""Reading box lists of a line an image: the image's file name, a colon, then its objects, each
ended by a semicolon, each a few fields at the row's separator (`box_format.NAMED_LINES`).

The Swedish Traffic Signs Dataset's `Set1/annotations.txt` beside `Set1/Set1Part0/*.jpg`:

    1277381012Image000021.jpg:VISIBLE, 862.51, 311.64, 824.48, 271.67, PROHIBITORY, 70_SIGN;
    1277381052Image000028.jpg:
    1277381104Image000042.jpg:MISC_SIGNS;

An object is the row's `fields` at its `box_fields` (the box) and `class_field` (its class); an
object of one word is an object of that class whose box the file does not give (STSD's
`MISC_SIGNS`: signs of no kind it annotates; meerkat's builder gives them a box of -1s, other loaders
seen by search skip them): a record's objects are boxes, so it is carried as a skipped object, named
in the image's repaired.jsonl line, never silently gone nor stored as a box;
an image of no object is its name alone. The format lists every image (an image no line names is
outside the annotated set). Files are untrusted: an object not of this shape (STSD's own
'Annotation file is malformed' coordinates) is its image's error, never written with some of its
objects; a line naming no file inside SRC, or an image named twice, is said.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from shardify.converters import tables
from shardify.converters.box_objects import labels_of
from shardify.converters.evidence_files import EvidenceRow
from shardify.converters.evidence_rows import key_fault, line_rows
from shardify.converters.objects import text_box_object
from shardify.errors import InvalidInputError
from shardify.plan.box_formats import BoxFormat, is_number
from shardify.plan.entries import SourceObject
from shardify.plan.label_names import normalise_label

__all__ = ["has_box", "is_named_line", "named_keys", "named_rows"]

# Why an object of one word is carried only to be named in repaired.jsonl: a record's objects are boxes.
_NO_BOX = "the file names its class and gives no box (STSD's MISC_SIGNS): a record's objects are boxes"

# The image's file name (an extension of letters and digits), a colon, then the rest.
_LINE = re.compile(r"\s*([^:;]+?\.[A-Za-z][A-Za-z0-9]{1,4})\s*:(.*)")


def _objects(rest: str) -> list[str]:
    """The objects of a line's rest: each ended by a semicolon (the last one's may be missing)."""
    return [part.strip() for part in rest.split(";") if part.strip()]


def is_named_line(fmt: BoxFormat, line: str) -> bool:
    """A line of `fmt`'s shape: a file name, a colon, objects of its fields or of one word.

    >>> from shardify.plan.box_formats import format_named
    >>> fmt = format_named("STSD sign lists")
    >>> is_named_line(fmt, "12Image000021.jpg:VISIBLE, 862.5, 311.6, 824.4, 271.6, PROHIBITORY, 70_SIGN;")
    True
    >>> is_named_line(fmt, "12Image000028.jpg:"), is_named_line(fmt, "12Image000042.jpg:MISC_SIGNS;")
    (True, True)
    >>> is_named_line(fmt, "12Image000042.jpg:1, 2, 3;"), is_named_line(fmt, "a car: 1, 2, 3, 4")
    (False, False)
    """
    found = _LINE.fullmatch(line)
    if found is None:
        return False
    for part in _objects(found.group(2)):
        fields = fmt.fields_of(part)
        if len(fields) == 1 and not is_number(fields[0]) and " " not in fields[0]:
            continue
        if not fmt.box_line(fields):
            return False
    return True


def has_box(fmt: BoxFormat, line: str) -> bool:
    """Whether the named line holds an object with a box: a file of lines naming one word each
    (`photo.jpg:cat`, a label list) is no list of boxes, however its lines parse.

    >>> from shardify.plan.box_formats import format_named
    >>> fmt = format_named("STSD sign lists")
    >>> has_box(fmt, "a.jpg:MISC_SIGNS;"), has_box(fmt, "a.jpg:VISIBLE, 9, 9, 1, 1, OTHER, STOP;")
    (False, True)
    """
    found = _LINE.fullmatch(line)
    return found is not None and any(fmt.box_line(fmt.fields_of(part)) for part in _objects(found.group(2)))


def named_keys(lines: list[str]) -> list[str]:
    """The file names the lines name (to judge how they name files)."""
    return [found.group(1).strip() for line in lines if (found := _LINE.fullmatch(line))]


def named_rows(lines: Iterator[tuple[int, str] | tables.RowError], fmt: BoxFormat) -> Iterator[EvidenceRow | tables.RowError]:
    """An EvidenceRow per image of a file of named lines: its line's number, its name, its objects
    (their classes its labels); with `error` where an object is not of the row's shape or a number
    is no finite number, or a second line names the image."""
    first: dict[str, int] = {}

    def line(number: int, text: str) -> Iterator[EvidenceRow | tables.RowError]:
        found = _LINE.fullmatch(text)
        if found is None:
            yield tables.RowError(number, f"not a line of {fmt.name} ('<file>:<object>; ...'): {text[:80]!r}")
            return
        key = found.group(1).strip()
        outside = f"its name {key[:200]!r} leads outside the folder: it names no image"
        fault = key_fault(number, key, first, outside, "lines", "objects")
        if fault is not None:
            yield fault
            return
        objects = []
        for k, part in enumerate(_objects(found.group(2)), 1):
            fields = fmt.fields_of(part)
            where = f"line {number}, object {k}"
            if len(fields) == 1 and not is_number(fields[0]) and " " not in fields[0]:
                objects.append(SourceObject(label=normalise_label(fields[0]), skipped=_NO_BOX))  # a class, no box given
                continue
            if not fmt.box_line(fields):
                yield EvidenceRow(number, key, error=f"{where} is not a {fmt.name} object: {part[:80]!r}")
                return
            try:
                objects.append(text_box_object(fmt.class_of(fields), [fields[int(i)] for i in fmt.box_fields],
                                               fmt.convention, where=where))
            except InvalidInputError as error:
                yield EvidenceRow(number, key, error=error.reason)
                return
        yield EvidenceRow(number, key, labels=labels_of(objects), objects=tuple(objects))

    yield from line_rows(lines, line)
