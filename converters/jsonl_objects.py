"""The one reader of JSON-lines annotation files: a JSON object a line, each naming an input by a
key field (CrowdHuman's `.odgt` by `ID`, Hugging Face's `metadata.jsonl` by `file_name`).

Each line is untrusted: it goes through `json_input.parse` with unique keys, so a line nested past
the parser, a number too long to convert, a lone surrogate or a key given twice (`json.loads` keeps
the last value silently: `{"ID": "a", "gtboxes": [], "gtboxes": [...]}`) is a `tables.RowError`
with the reason, never a traceback and never read as one of its values. Lines come from
`evidence_files.text_lines`, which bounds each (a line of 100 MB is read in pieces, never whole).

A line that cannot be read still names its input where its text says so: the key's value is found
in the line's start (`"ID": "273271,c9db000d5146c15"`), and the RowError carries it as `key`, so
the reader rejects that input with the reason instead of writing it without its annotation. A
line whose text gives the key two different values names both: either could be meant.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator

from shardify.converters import tables
from shardify.errors import InvalidInputError
from shardify.inputs import json_input

__all__ = ["json_objects", "keys_named"]

# How much of a line that cannot be read is searched for the key: CrowdHuman and imagefolder
# lines give it first; deeper in the line it may be a nested object's.
_HEAD_CHARS = 4096


def json_objects(
    lines: Iterable[tuple[int, str] | tables.RowError], key_field: str
) -> Iterator[tuple[int, dict] | tables.RowError]:
    """(line number, object) of every line that is one JSON object with unique keys; blank lines
    are skipped; every other line is a RowError saying why, with `key` the value the line's start
    gives `key_field` (one RowError per value where it gives several; `key` "" where it gives none).

    >>> [(r.row, r.key) for r in json_objects([(1, '{"ID": "a", "ID": "b"}'), (2, "[1]")], "ID")]
    [(1, 'a'), (1, 'b'), (2, '')]
    """
    for item in lines:
        if isinstance(item, tables.RowError):  # too long, or not UTF-8: its start may still name its input
            yield from _named(item, item.head, key_field)
            continue
        number, text = item
        if not text.strip():
            continue
        try:
            value = json_input.parse(text, unique_keys=True)
        except InvalidInputError as error:
            yield from _named(tables.RowError(number, error.reason), text, key_field)
            continue
        if not isinstance(value, dict):
            yield tables.RowError(number, f"not a JSON object but a JSON {_json_type(value)}")
            continue
        yield number, value


def keys_named(text: str, key_field: str) -> list[str]:
    """The distinct string values `text` (a line's start) gives `key_field`, in order.

    >>> keys_named('{"ID": "273271,1b9330008da38cd6", "gtboxes": [{"tag": "person", "fbox": [1, 2', "ID")
    ['273271,1b9330008da38cd6']
    """
    pattern = re.escape(json.dumps(key_field)) + r'\s*:\s*("(?:[^"\\\x00-\x1f]|\\.){1,1000}")'
    found: list[str] = []
    for match in re.finditer(pattern, text[:_HEAD_CHARS]):
        try:
            value = json_input.parse(match.group(1))
        except InvalidInputError:
            continue
        if isinstance(value, str) and value.strip() and "\ufffd" not in value and value not in found:
            found.append(value)
    return found


def _named(error: tables.RowError, text: str, key_field: str) -> Iterator[tables.RowError]:
    keys = keys_named(text, key_field) if text else []
    if not keys:
        yield error
    for key in keys:
        yield tables.RowError(error.row, error.reason, key=key, head=error.head)


def _json_type(value: object) -> str:
    return {list: "array", str: "string", bool: "boolean", type(None): "null"}.get(type(value), "number")
