"""JSON documents of records keyed by id, split by a file listing each split's ids beside them.

HateXplain ships its posts as one object keyed by post id (`Data/dataset.json`, see
`converters/json_shapes.py`) and its splits as another JSON file mapping split names to lists of
those ids (`Data/post_id_divisions.json`: `{"train": [...], "val": [...], "test": [...]}`); the
same shape serves any dataset whose records are keyed by id and whose splits are published as id
lists. Such an ids file is no table: read as one it was a reject, and the records all `train`.

A tables layout's `.json` inputs are looked at: an ids file (`json_shapes.split_ids`) pairs with
the documents of records keyed by id in its own folder (`json_shapes.looks_nested`) that it is the
only ids file of, and that lists most of their first keys; it is then no input (`SourceLayout.split_ids`), and arrays of class names
beside them (a `.npy` of strings: HateXplain's `classes.npy`) are left out, the labels being names
already. A record whose id no list holds is its own reject, naming the ids file. An ids file of
that shape that lists one id in two splits, or gives one split twice (JSON keeps the last list unsaid),
stops the run naming the id or the split (read as no ids file, it was a table's reject and every record
went to `train`, exit 0). Only a file whose first bytes open an object at a split name's list is parsed
whole: the documents of records beside it are not read past their head at detection.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence
from typing import BinaryIO

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_shapes, qa_json
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["with_split_ids", "read_split_ids", "parse_split_ids", "MAX_IDS_BYTES"]

# An ids file is parsed whole at detection and again by each worker reading its documents.
MAX_IDS_BYTES = 64 << 20
# Documents looked at.
_LOOKED_AT = 32
# An ids file's first bytes: an object whose first key (a split name) opens a list.
_IDS_HEAD = re.compile(rb'\s*(?:\xef\xbb\xbf)?\s*\{\s*"((?:[^"\\]|\\.){1,64})"\s*:\s*\[')


def with_split_ids(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with its keyed documents paired with the ids file beside them, where one is."""
    if detected.name != layout.TABLES or detected.source_file or detected.split_ids or detected.split_patterns:
        return detected
    looked = [p for p in sample if layout.extension(p) == "json" and not detected.is_auxiliary(p)][:_LOOKED_AT]
    documents = {p: document for p in looked if (document := _document(config.source, p)) is not None}
    ids_files = {p: found for p, document in documents.items() if (found := json_shapes.split_ids(document)) is not None}
    for p, document in documents.items():
        twice = _listed_twice(document) if p not in ids_files else None
        repeated = _repeated_split(config.source, p) if p in ids_files or twice else ""
        if not twice and not repeated:
            continue
        listed = {str(i): "" for ids in document.values() for i in ids}
        if any(posixpath.dirname(d) == posixpath.dirname(p) and d != p and _keyed(config, d, listed) for d in looked):  # beside the records it would split
            said = (f"gives the split {repeated!r} twice (JSON keeps the last list, dropping the first unsaid)" if repeated
                    else f"lists {twice[0]!r} under both {twice[1]!r} and {twice[2]!r}")  # type: ignore[index]
            raise UsageError(
                f"{p} maps split names to lists of ids, as a file splitting records keyed by id does, but {said}: "
                "which split a record is in cannot be told (mend the file, or move it out of SRC to read the records unsplit)"
            )
    pairs = []
    for folder in sorted({posixpath.dirname(p) for p in ids_files}):
        here = [p for p in ids_files if posixpath.dirname(p) == folder]
        if len(here) != 1:
            continue  # two ids files: which splits which is not told
        ids = ids_files[here[0]]
        pairs += [(p, here[0]) for p in looked if posixpath.dirname(p) == folder and p not in ids_files and _keyed(config, p, ids)]
    if not pairs:
        return detected
    folders = {posixpath.dirname(d) for d, _ in pairs}
    names = [p for p in sample if layout.extension(p) == "npy" and posixpath.dirname(p) in folders and _names_array(config, p)]
    note = ("records keyed by id, split by the ids files beside them: "
            + ", ".join(f"{ids} for {document}" for document, ids in pairs))
    if names:
        note += f"; class names beside them, the labels being names already: {', '.join(names)} (left out)"
    return dataclasses.replace(
        detected, split_ids=tuple(pairs), left_out=(*detected.left_out, *names), notes=(*detected.notes, note)
    )


def read_split_ids(source: str, relpath: str) -> dict[str, str] | None:
    """{id: split} of the ids file at `relpath`, or None where it is none (or unreadable)."""
    return json_shapes.split_ids(_document(source, relpath))


def _document(source: str, relpath: str) -> object:
    """The JSON object at `relpath` where it could be an ids file (an object, at most
    MAX_IDS_BYTES), else None."""
    try:
        with open_input(join_path(source, relpath)) as fileobj:
            return _object_read(fileobj)
    except (OSError, InvalidInputError):
        return None


def _object_read(fileobj: BinaryIO) -> object:
    """The JSON object an open file holds, where its head is an ids file's (`{"<split>": [`) and it
    is at most MAX_IDS_BYTES, else None: a document of records is not parsed whole to tell.

    Raises:
      InvalidInputError: not JSON.
    """
    head = fileobj.read(qa_json.HEAD_BYTES)
    found = _IDS_HEAD.match(head)
    try:
        key = json_input.parse(b'"' + found.group(1) + b'"') if found else None  # (`"\u0074rain"` spells train)
    except InvalidInputError:  # an escape no string holds: no split name
        key = None
    if not isinstance(key, str) or not split_word(key):
        return None
    data = head + fileobj.read(MAX_IDS_BYTES + 1 - len(head))
    return None if len(data) > MAX_IDS_BYTES else json_input.parse(data)


def _repeated_split(source: str, relpath: str) -> str:
    """The key an ids-shaped file gives twice, or "" (read again only for such small files)."""
    try:
        with open_input(join_path(source, relpath)) as fileobj:
            json_input.parse(fileobj.read(MAX_IDS_BYTES + 1), unique_keys=True)
    except InvalidInputError as error:
        found = re.search(r"repeats the key '(.*)'", str(error))
        return found.group(1) if found else ""
    except OSError:
        return ""
    return ""


def _listed_twice(document: object) -> tuple[str, str, str] | None:
    """(id, split, other split) where `document` has an ids file's shape (`json_shapes.split_ids`)
    but for an id listed under two splits.

    >>> _listed_twice({"train": ["a", 1], "test": ["1"]}), _listed_twice({"train": ["a"], "test": ["b"]})
    (('1', 'train', 'test'), None)
    """
    if not isinstance(document, dict) or len(document) < 2 or not all(
        split_word(split) and isinstance(ids, list) and all(isinstance(i, (str, int)) and not isinstance(i, bool) for i in ids)
        for split, ids in document.items()
    ):
        return None
    seen: dict[str, str] = {}
    for split, ids in document.items():
        for ident in ids:
            if str(ident) in seen:
                return str(ident), seen[str(ident)], split
            seen[str(ident)] = split
    return None


def parse_split_ids(fileobj: BinaryIO) -> dict[str, str] | None:
    """{id: split} of an open ids file, or None where it is none.

    Raises:
      InvalidInputError: not JSON.
    """
    return json_shapes.split_ids(_object_read(fileobj))


def _keyed(config: ConvertConfig, relpath: str, ids: dict[str, str]) -> bool:
    """A document of records keyed by id, most of whose first keys the ids file lists (an ids
    file of other names, image files or another document's ids, splits nothing here)."""
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            head = fileobj.read(qa_json.HEAD_BYTES)
    except (OSError, InvalidInputError):
        return False
    shape = json_shapes.looks_nested(head)
    sample, _ = json_shapes.head_sample(head)
    if shape is None or not shape.keyed or not isinstance(sample, dict):
        return False
    return sum(key in ids for key in sample) * 2 > len(sample)


def _names_array(config: ConvertConfig, relpath: str) -> bool:
    """A small `.npy` of strings (a list of class names), read by its header alone."""
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            head = fileobj.read(256)
    except (OSError, InvalidInputError):
        return False
    return head.startswith(b"\x93NUMPY") and (b"'descr': '<U" in head or b"'descr': '|S" in head)
