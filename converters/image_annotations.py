"""One image's own annotation file read into its objects: a Pascal VOC `.xml` or a YOLO `.txt`.

Each is small and untrusted: one over MAX_XML_BYTES, not UTF-8, not XML (or declaring entities) or
of another shape is an `InvalidInputError`, and the image is rejected with it rather than written
without its objects. `evidence_files` re-exports these, where callers read them.
"""

from __future__ import annotations

from shardify.errors import InvalidInputError
from shardify.converters.objects import voc_objects, yolo_objects
from shardify.converters import untrusted_xml
from shardify.plan.entries import SourceObject

__all__ = ["MAX_XML_BYTES", "voc_annotation", "yolo_annotation"]

# A Pascal VOC annotation is a few kilobytes; a larger file is not one.
MAX_XML_BYTES = 1 << 20


def voc_annotation(data: bytes) -> tuple[SourceObject, ...]:
    """The objects of a Pascal VOC annotation (`<annotation><object>`: name, box, flags).

    Raises:
      InvalidInputError: not such a file (too large, not XML, no <annotation> root).
    """
    import xml.etree.ElementTree as ElementTree  # noqa: N813 - its own name; expat refuses entity bombs

    if len(data) > MAX_XML_BYTES:
        raise InvalidInputError(f"larger than {MAX_XML_BYTES >> 20} MiB: not a VOC annotation")
    if b"<!ENTITY" in data:
        raise InvalidInputError("declares XML entities: not a VOC annotation")
    try:
        root = untrusted_xml.parse(data)  # (its errors are ParseErrors: entities in any encoding, unreadable encodings)
    except ElementTree.ParseError as error:
        raise InvalidInputError(f"not well-formed XML: {error}") from None
    if root.tag != "annotation":
        raise InvalidInputError(f"root element <{root.tag}>, not <annotation>")
    return voc_objects(root)


def yolo_annotation(data: bytes, names: tuple[str, ...]) -> tuple[SourceObject, ...]:
    """The objects of a YOLO label file (see `objects.yolo_objects`).

    Raises:
      InvalidInputError: too large, not UTF-8 text, or a line of another shape.
    """
    if len(data) > MAX_XML_BYTES:
        raise InvalidInputError(f"larger than {MAX_XML_BYTES >> 20} MiB: not a YOLO label file")
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark (Windows tools write one) is no field
    except UnicodeDecodeError as error:
        raise InvalidInputError(f"not UTF-8 text ({error.reason})") from None
    return yolo_objects(text, names)
