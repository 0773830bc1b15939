"""Every JSON the annotation readers added last (per-image documents, documents of many images,
JSON-lines tables read as CSV, COCO files per split folder, JSON cells) is read through
`json_input.parse`: a document nested deeper than Python's recursion limit is that file's
reason, never a RecursionError (a traceback, or "the conversion failed", exit 1: it was, merged
from branches that each read JSON with `json.loads` and caught only ValueError)."""

from __future__ import annotations

import io

import pytest

from shardify.converters import box_text, json_box_files, json_line_cells
from shardify.errors import InvalidInputError
from shardify.plan.box_formats import FORMATS, JSON_DOCUMENT, PER_IMAGE_JSON

_DEEP = b"[" * 200_000 + b"]" * 200_000


def _format(pairing: str):
    return next(fmt for fmt in FORMATS if fmt.pairing == pairing)


def test_a_per_image_json_nested_too_deeply_is_no_format_and_no_objects() -> None:
    assert json_box_files.json_format("annotations", _DEEP) is None
    with pytest.raises(InvalidInputError, match="nested too deeply"):
        box_text.per_image_json_objects(_DEEP, _format(PER_IMAGE_JSON))


def test_a_document_of_images_nested_too_deeply_cannot_be_read() -> None:
    with pytest.raises(box_text.UnreadableDocument, match="nested too deeply"):
        list(box_text.document_rows(io.BytesIO(_DEEP), _format(JSON_DOCUMENT)))


def test_a_json_line_nested_too_deeply_is_a_row_the_readers_reject() -> None:
    lines = [_DEEP.decode(), '{"img": "a.png", "label": 1}']
    assert json_line_cells.as_csv_lines(lines) == ["", "img,label", "a.png,1"]  # its row is empty: a reject
