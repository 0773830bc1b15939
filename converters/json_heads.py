"""The top of a JSON document cut short: its values that are whole in the bytes read, to judge its shape.

Detection reads a document's first bytes only (a large file's whole is never parsed to guess its
layout), and `json.loads` refuses a document cut short. `head_sample` parses what is there: the top
list or object with the values complete in the head, up to _SAMPLED, reading on into a list cut
short (the wrapper `{"version": ..., "data": [{...}, {...` keeps its first records). It is a module
of its own because it is a parser, not a judgement of shape: `json_shapes` and discovery's JSON
checks (split ids, record paths, documents, label columns) each judge what it returns.
"""

from __future__ import annotations

import json

__all__ = ["head_sample"]

# Values taken from a document's head to judge its shape.
_SAMPLED = 16


def head_sample(head: bytes) -> tuple[object, bool]:
    """(the top container of a document cut short at `head`, holding the values complete in it, up
    to _SAMPLED, or None where the head opens no list or object or no value of it is whole;
    whether more of it lies past what was read). A value cut short that opens a list is sampled
    the same way (an object cut short is left out: its fields are not all there), and ends the sample (`{"version": "1.0", "data": [{...}, {...`: the
    wrapper holding the first records of its list).

    >>> head_sample(b'{"version": "1.0", "data": [{"a": 1}, {"a": 2}, {"a"')
    ({'version': '1.0', 'data': [{'a': 1}, {'a': 2}]}, True)
    """
    text = head.decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
    if text[:1] not in ("[", "{"):
        return None, False
    found, _, more = _sample(text, 0, 0)
    return found or None, more


# Containers cut short that are sampled inside one another.
_MAX_DEPTH = 8


def _sample(text: str, at: int, depth: int) -> tuple[dict | list, int, bool]:
    """(the container opening at `at` with its whole values, where it ends, whether it was cut short)."""
    decoder = json.JSONDecoder()
    mapping = text[at] == "{"
    found: dict | list = {} if mapping else []
    at += 1
    while len(found) < _SAMPLED:
        at = _skip(text, at, ",")
        if at >= len(text):
            return found, at, True
        if text[at] in "]}":
            return found, at + 1, False
        key = ""
        try:
            if mapping:
                key, at = decoder.raw_decode(text, at)
                at = _skip(text, at, ":")
            value, at = decoder.raw_decode(text, at)
        except (ValueError, RecursionError):
            if at < len(text) and text[at] == "[" and depth < _MAX_DEPTH:  # a list cut short: its whole values too
                inner, _, _ = _sample(text, at, depth + 1)
                if inner:
                    _put(found, key, inner)
            return found, len(text), True
        _put(found, key, value)
    return found, at, True


def _put(found: dict | list, key: object, value: object) -> None:
    if isinstance(found, dict):
        found[str(key)] = value
    else:
        found.append(value)


def _skip(text: str, at: int, separator: str) -> int:
    while at < len(text) and (text[at].isspace() or text[at] == separator):
        at += 1
    return at
