"""A single .json file of records under a key: a table whose rows are the list's objects.

Many datasets ship one JSON document per split, or one for all splits, instead of JSON Lines:
`{"data": [{"text": ..., "label": ...}, ...]}`, `{"version": "1.0", "data": [...]}` (a version or
a description beside the one list), `{"train": [...], "validation": [...], "test": [...]}` (a list
per split, the key naming it), or a bare `[{...}, ...]`; also lists of `[text, label]` pairs under
split keys (CLINC150, `json_pairs`). Where several keys name the same split (CLINC150's `train`
and `oos_train`), each such key is a split of its own name, never two lists merged under one. Each object is a row, read as a JSON Lines
row is (its keys are its columns: `columns.resolve_columns` chooses text and label the same way).

Those shapes are flat records: exactly one list of objects (scalars beside it), or lists of
objects under keys that each name a split. Records nested deeper, found by the document's
structure (a map keyed by id, questions under passages: `json_shapes`), or where `--json-records`
names them, are read here too, one row per record. A document of several lists that are not splits
(COCO's `images`, `annotations`, `categories`) or of nested question-answering (SQuAD's
`data[].paragraphs[].qas[]`, `qa_json`) is not; those have readers of their own. Like a
question-answering JSON, the document is parsed whole by one worker, at most MAX_JSON_BYTES (the
same limit), and again once per shard that holds its rows; a row is known by its position.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from shardify.converters import json_pairs, json_shapes, qa_json, xml_records
from shardify.converters.column_names import LABEL_COLUMN_NAMES
from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.plan.structure import split_word

__all__ = ["DOCUMENT", "MAX_JSON_BYTES", "KEY_LABEL_COLUMN", "document_fields", "keyed_by_class", "looks_like_records", "first_split_key", "records_of", "read_records", "read_json_rows", "SplitIds"]

MAX_JSON_BYTES = qa_json.MAX_QA_JSON_BYTES
# The start of a document of records: `[{`, or an object whose scalar keys lead to a key holding
# `[{` (`{"version": "1.0", "data": [{`).
_SCALAR = rb'(?:"(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*|true|false|null)'
_HEAD = re.compile(rb'\s*(?:\[\s*\{|\{\s*(?:"(?:[^"\\]|\\.)*"\s*:\s*' + _SCALAR + rb'\s*,\s*)*"([^"\\]*)"\s*:\s*\[\s*\{)')
# `--json-records .`: each document is one record, its top-level fields the cells (EURLEX57K's
# `dataset/train/32014R0001.json`: title, header, recitals, main_body, concepts). Its record is known
# by the file's path alone (`records.py`), as a text file's is.
DOCUMENT = "."
# Keys whose list of objects is an annotation file's (COCO and its kin), never rows of a table.
_ANNOTATION_KEYS = frozenset({"images", "annotations", "categories"})


def looks_like_records(head: bytes) -> bool:
    """For detection: a .json's first bytes open a list of objects, at the top or under a key that
    is not an annotation file's, and are not question-answering JSON.

    >>> looks_like_records(b'{"version": "1.0", "data": [{"text": "a"'), looks_like_records(b'{"images": [{"id": 1')
    (True, False)
    """
    if qa_json.looks_like_qa(head):
        return False
    if json_pairs.looks_like_pairs(head):
        return True
    found = _HEAD.match(head.lstrip(b"\xef\xbb\xbf"))
    if found is not None and (found.group(1) or b"").decode("utf-8", "replace") not in _ANNOTATION_KEYS:
        return True
    # under a map keyed by id, or questions under passages; or records that could lie in two places (a stop names them)
    return json_shapes.looks_nested(head) is not None or bool(json_shapes.head_record_paths(head))


def first_split_key(head: bytes) -> str:
    """For detection: the key naming a split that a document of records opens its first list
    under (`{"train": [{...`, CLINC150's `{"oos_val": [["...`), or "": a document of its own
    splits, which another opening under the same split would be merged with.

    >>> first_split_key(b'{"train": [{"text": "a"'), first_split_key(b'{"data": [{"text": "a"'), first_split_key(b'{"oos_val": [["a", "b"]')
    ('train', '', 'oos_val')
    """
    found = json_pairs.first_key(head) or _HEAD.match(head.lstrip(b"\xef\xbb\xbf"))
    if found is None:
        return ""
    key = (found.group(1) or b"").decode("utf-8", "replace")
    return key if split_word(key) else ""


def _objects(value: object) -> bool:
    return isinstance(value, list) and bool(value) and isinstance(value[0], dict)


def records_of(document: object) -> list[tuple[str, list]] | str:
    """[(split or "", the list of rows)] of a document of records, or why it is not one.

    >>> records_of({"version": 2, "data": [{"text": "a"}]})
    [('', [{'text': 'a'}])]
    >>> records_of({"train": [{"text": "a"}], "test": [{"text": "b"}]})
    [('train', [{'text': 'a'}]), ('test', [{'text': 'b'}])]
    >>> records_of({"images": [{"id": 1}], "annotations": [{"id": 2}]})
    'not records: lists of objects under images, annotations, which are not splits'
    """
    if _objects(document):
        return [("", document)]
    if not isinstance(document, dict):
        return "not records: neither a list of objects nor an object holding one"
    lists = [(key, value) for key, value in document.items() if isinstance(value, list)]
    if lists and all(split_word(key) for key, _ in lists) and any(json_pairs.is_pair_list(v) for _, v in lists):
        return [(split, [json_pairs.pair_row(row) for row in rows]) for split, rows in _split_names(lists)]
    if not lists or not any(_objects(value) for _, value in lists):
        return "not records: no list of objects in it (--json-records . reads each such document as one record)"
    if len(lists) == 1:
        return [("", lists[0][1])]
    if all(split_word(key) for key, _ in lists):
        return _split_names(lists)
    if keyed := keyed_by_class(document):
        return [("", keyed)]
    return f"not records: lists of objects under {', '.join(key for key, _ in lists)}, which are not splits"


# The column a list's key is written into where the keys are the classes (`keyed_by_class`).
KEY_LABEL_COLUMN = "label"


def keyed_by_class(document: dict) -> list[dict]:
    """The rows of a document whose keys are its classes, each row with its key as its `label`, or
    []: every value a list of objects of one shape, the same shape under every key (two keys at
    least, none an annotation file's, none naming a split, no row holding a label column of its own:
    `{"en": [{"text", "sentiment"}], "fr": [...]}` is subsets of one labelled table, not classes).
    FewRel's `{"P931": [{"tokens": [...], "h": [...], "t": [...]}, ...], "P4552": [...]}`; COCO's
    `images` beside `annotations` (other shapes) is no such document.

    >>> keyed_by_class({"pos": [{"text": "good"}], "neg": [{"text": "bad"}]})
    [{'text': 'good', 'label': 'pos'}, {'text': 'bad', 'label': 'neg'}]
    >>> keyed_by_class({"questions": [{"id": 1, "q": "a"}], "answers": [{"id": 1, "a": "b"}]})
    []
    >>> keyed_by_class({"en": [{"text": "good", "sentiment": "pos"}], "fr": [{"text": "bon", "sentiment": "pos"}]})
    []
    """
    if len(document) < 2 or any(key in _ANNOTATION_KEYS or split_word(key) for key in document):
        return []
    shapes = set()
    for value in document.values():
        if not isinstance(value, list) or not value or not all(isinstance(row, dict) for row in value):
            return []
        shapes |= {frozenset(row) for row in value}
    if len(shapes) != 1 or any(_label_like(name) for name in next(iter(shapes))):
        return []  # rows labelled by a column of their own: the keys are subsets (languages, sources), not classes
    return [{**row, KEY_LABEL_COLUMN: key} for key, rows in document.items() for row in rows]


def _label_like(name: str) -> bool:
    """A row's key that names a label (`label`, `sentiment`, `gold_label`, `topic_class`)."""
    lowered = name.lower()
    return lowered in LABEL_COLUMN_NAMES or lowered.endswith(("label", "labels", "class", "category"))


def _split_names(lists: list[tuple[str, list]]) -> list[tuple[str, list]]:
    """(split, rows) per key naming a split: the split it names, or the key itself (letters,
    digits and `_`) where other keys name the same split (`oos_train` beside `train`).

    >>> [s for s, _ in _split_names([("train", []), ("val", []), ("oos_train", []), ("oos_val", [])])]
    ['train', 'val', 'oos_train', 'oos_val']
    """
    named = [(str(split_word(key)), key, rows) for key, rows in lists]
    counts: dict[str, int] = {}
    for split, _, _ in named:
        counts[split] = counts.get(split, 0) + 1
    return [
        (split if counts[split] == 1 or key == split else re.sub(r"[^A-Za-z0-9_]", "_", key), rows)
        for split, key, rows in named
    ]


def read_records(
    fileobj: BinaryIO, size_bytes: int | None = None, split_ids: SplitIds | None = None, record_path: str = ""
) -> Iterator[tuple[int, str, dict | str]]:
    """(position from 0, split or "", the row's cells or why it is unusable) of every record.

    A document whose records lie nested (`json_shapes`: under a map keyed by id, questions under
    passages) gives one row per record found there, or where `record_path` (`--json-records`)
    says; `split_ids`, the ids file beside it, splits the records of a map keyed by id by their keys.

    Raises:
      InvalidInputError: the document is larger than MAX_JSON_BYTES, not JSON (cut short), nested
        too deeply, or not records (`records_of`).
    """
    head = fileobj.read(256)
    xml = xml_records.is_xml(head)  # an XML document of records (SemEval's sentences), read as JSON's are
    limit = xml_records.MAX_XML_BYTES if xml else MAX_JSON_BYTES  # (never a gigabyte read for an XML refused at 256 MiB)
    data = head + fileobj.read(max(0, (limit + 1 if size_bytes is None else min(size_bytes, limit + 1)) - len(head)))
    if xml:
        for position, row in enumerate(xml_records.records(data)):
            yield position, "", row
        return
    if len(data) > MAX_JSON_BYTES:
        raise InvalidInputError(f"a JSON document larger than {MAX_JSON_BYTES:,} bytes (parsed whole, so refused)")
    document = json_input.parse(data, unique_keys=True)
    del data
    if record_path == DOCUMENT:  # the user's word: the document is one record
        cells = document_fields(document)
        yield 0, "", cells
        return
    if record_path:  # the user's word
        named = json_shapes.shape_at(document, record_path)
        if isinstance(named, str):
            raise InvalidInputError(named)
        yield from _nested_records(document, named, split_ids)
        return
    shape = json_shapes.shape_of(document)
    if shape is not None and (shape.keyed or shape.nested):  # under a map keyed by id, or questions under passages
        yield from _nested_records(document, shape, split_ids)
        return
    places = json_shapes.record_paths(document)
    if places:  # (CoQA's stories, read as flat rows, were each one record of lists)
        raise InvalidInputError(
            f"its records could lie at {' or '.join(places)}: which is meant cannot be told; name it with --json-records"
        )
    found = records_of(document)
    if isinstance(found, str):
        raise InvalidInputError(found)
    position = 0
    for split, rows in found:
        for row in rows:
            if isinstance(row, json_pairs.NotAPair):  # a `[text, label]` list's element that is no pair: why
                yield position, split, row
            else:
                yield position, split, row if isinstance(row, dict) else f"a record that is not a JSON object ({type(row).__name__})"
            position += 1


def document_fields(document: object) -> dict | str:
    """The cells of a document read as one record (`--json-records .`): its top-level fields, or why
    it is none. A field may hold a text, a number, or a list of them (EURLEX57K's `main_body`
    paragraphs, its `concepts` ids); a field holding objects is kept as it is (no column chosen from
    it is text, which the columns' checks say).

    >>> document_fields({"title": "A law", "main_body": ["Art. 1", "Art. 2"], "concepts": ["1402", "693"]})
    {'title': 'A law', 'main_body': ['Art. 1', 'Art. 2'], 'concepts': ['1402', '693']}
    >>> document_fields([{"title": "a"}])
    'a document read as one record (--json-records .) is no JSON object but a list'
    >>> document_fields({"version": "1.1", "data": [{"title": "a"}]})[:60]
    'a document read as one record (--json-records .) holds recor'
    """
    if not isinstance(document, dict):
        return f"a document read as one record (--json-records .) is no JSON object but a {type(document).__name__}"
    held = next((key for key, value in document.items() if _objects(value)), None)
    if held is not None:  # (SQuAD's `data`: records, never one record's field)
        return f"a document read as one record (--json-records .) holds records, a list of objects under {held[:40]!r}: " \
               "name where they lie with --json-records PATH instead"
    return dict(document)


@dataclass(frozen=True)
class SplitIds:
    """A file mapping split names to the ids of a map's records (`json_shapes.split_ids`)."""

    path: str
    splits: dict[str, str]


def _nested_records(document: object, shape: json_shapes.RecordShape, split_ids: SplitIds | None) -> Iterator[tuple[int, str, dict | str]]:
    for position, record in enumerate(json_shapes.records_by_shape(document, shape)):
        split = ""
        if split_ids is not None:
            split = split_ids.splits.get(record.key, "")
            if not split and not isinstance(record.cells, str):
                yield position, "", f"its id {record.key!r} is in no split of {split_ids.path}"
                continue
        yield position, split, record.cells


def read_json_rows(fileobj: BinaryIO, size_bytes: int | None = None, record_path: str = "") -> Iterator[tuple[int, dict | str]]:
    """(position, cells or why not) of a .json table, question-answering or records by its start:
    what the writer fetches a shard's rows with."""
    head = fileobj.read(qa_json.HEAD_BYTES)
    fileobj.seek(0)
    if qa_json.looks_like_qa(head):
        yield from qa_json.read_questions(fileobj, size_bytes)
        return
    for position, _, cells in read_records(fileobj, size_bytes, record_path=record_path):
        yield position, cells
