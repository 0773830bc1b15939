"""A JSON file that gives each input's split: `{split: [names]}` or `{name: split}`.

Downloads publish their splits in JSON as often as in text lists: an annotated-potholes export's
`splits.json` (`{"train": ["img-1.xml", ...], "test": [...]}`, naming each image's annotation file),
ScienceQA's `pid_splits.json` (`{"train": [...], "val": [...], "test": [...], "trainval": [...],
"minitrain": [...]}`), scripts' `dataset.json` (`{"train": [paths], "val": [paths]}`), and the inverse
`{"img-1.jpg": "train", ...}`; one wrapper object around either (`{"splits": {...}}`, as LILA's
camera-trap split files are) is looked through. Read as no split file, every input went to one
split, `train`, with exit 0 (the test images trained on).

This module owns the shape (`split_names`: the file's names per split as it spells them) and the
rows (`split_rows`: an `EvidenceRow` per name, read as `SPLIT_CODES` evidence whose `codes` map the
file's split spellings to the plan's). Whether the names are the inputs', and whether the reading is
sure, is detection's (`beam_jobs/discover/split_files.py`). Files are untrusted: the size is bounded
and any other shape is an `InvalidInputError`, never an exception of another kind.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import BinaryIO

from shardify.converters.evidence_rows import EvidenceRow
from shardify.errors import InvalidInputError
from shardify.plan.evidence import Evidence
from shardify.plan.structure import split_word

__all__ = ["MAX_SPLIT_JSON_BYTES", "read_document", "split_names", "split_rows", "strip_annotation_suffix"]

# A split file is parsed whole, at detection and by the worker reading it.
MAX_SPLIT_JSON_BYTES = 64 << 20
# Wrapper keys looked through (one level): LILA's `{"splits": {"train": [...], "val": [...]}}`.
_WRAPPERS = frozenset({"splits", "split", "data_split", "datasplit", "partition", "partitions", "folds"})
# A name that names an image's annotation file (`img-1.xml`), keyed as the image's stem.
_ANNOTATION_SUFFIX = re.compile(r"\.(xml|json|txt)$", re.IGNORECASE)


def read_document(fileobj: BinaryIO) -> object:
    """The JSON document of `fileobj`, read to MAX_SPLIT_JSON_BYTES.

    Raises:
      InvalidInputError: larger, or not JSON.
    """
    data = fileobj.read(MAX_SPLIT_JSON_BYTES + 1)
    if len(data) > MAX_SPLIT_JSON_BYTES:
        raise InvalidInputError(f"larger than {MAX_SPLIT_JSON_BYTES >> 20} MiB: not a split file")
    try:
        return json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise InvalidInputError(f"not JSON: {str(error)[:200]}") from None


def _name(value: object) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    return value.strip() if isinstance(value, str) and value.strip() else None


def split_names(document: object) -> dict[str, list[str]] | None:
    """{the file's split key: its names in order} where `document` has a split file's shape, else None.

    `{split: [names]}`: every value a list of names (strings or whole numbers), at least one key a
    split word; `{name: split}`: two entries or more, every value a split word. Keys that are no split
    word stay (`minitrain`): whether they make the reading unsure is the caller's.

    >>> split_names({"train": ["a.xml", "b.xml"], "test": ["c.xml"]})
    {'train': ['a.xml', 'b.xml'], 'test': ['c.xml']}
    >>> split_names({"a.jpg": "train", "b.jpg": "val"})
    {'train': ['a.jpg'], 'val': ['b.jpg']}
    >>> split_names({"splits": {"train": ["loc_1"], "val": ["loc_2"]}})
    {'train': ['loc_1'], 'val': ['loc_2']}
    >>> split_names({"cat": ["a.jpg"]}), split_names({"a.jpg": "cat", "b.jpg": "dog"}), split_names([1, 2])
    (None, None, None)
    """
    if not isinstance(document, dict) or not document:
        return None
    if len(document) == 1:
        (key, inner), = document.items()
        if isinstance(key, str) and key.lower() in _WRAPPERS and isinstance(inner, dict):
            return split_names(inner)
    keys = [k for k in document if isinstance(k, str)]
    if len(keys) != len(document):
        return None
    if all(isinstance(v, list) for v in document.values()):
        if not any(split_word(k) for k in keys):
            return None
        names = {k: [_name(v) for v in values] for k, values in document.items()}
        if any(n is None for values in names.values() for n in values):
            return None
        return {k: [n for n in values if n is not None] for k, values in names.items()}
    if len(document) >= 2 and all(isinstance(v, str) and split_word(v.strip()) for v in document.values()):
        by_split: dict[str, list[str]] = {}
        for name, split in document.items():
            if name.strip():
                by_split.setdefault(split.strip(), []).append(name.strip())
        return by_split
    return None


def strip_annotation_suffix(name: str) -> str:
    """`name` without an annotation file's extension (`img-1.xml` -> `img-1`): such a name keys the
    image of its stem (the rule keys files without their extension)."""
    return _ANNOTATION_SUFFIX.sub("", name)


def split_rows(fileobj: BinaryIO, found: Evidence) -> Iterator[EvidenceRow]:
    """An EvidenceRow per name of the split file `found` (SPLIT_CODES of a `.json` file), its split
    the plan's for the file's spelling (`found.codes`); names under a key `codes` leaves out are not
    read (a layout file may leave a split out so).

    Raises:
      InvalidInputError: the file is no longer of a split file's shape.
    """
    names = split_names(read_document(fileobj))
    if names is None:
        raise InvalidInputError("no longer a split file's shape ({split: [names]} or {name: split})")
    codes = dict(found.codes)
    number = 0
    for key, values in names.items():
        split = codes.get(key)
        for name in values:
            number += 1
            if split:
                yield EvidenceRow(number, name if found.key.extension else strip_annotation_suffix(name), split)
