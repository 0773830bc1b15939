"""JSON from untrusted bytes, with one error type.

`json.loads` fails in more ways than `JSONDecodeError`: bytes that are not UTF-8 raise
`UnicodeDecodeError`, an integer of more than 4300 digits `ValueError`, and a few thousand nested
brackets `RecursionError`. Every JSON document shardify reads from an input goes through `parse`,
so one crafted line becomes a reject with a reason, never a traceback.
"""

from __future__ import annotations

import json
import re

from shardify.errors import InvalidInputError

__all__ = ["parse"]


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    found = dict(pairs)
    if len(found) < len(pairs):
        seen: set[str] = set()
        repeated = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise InvalidInputError(f"an object repeats the key {repeated!r}: which value is meant cannot be told")
    return found


def parse(data: bytes | str, *, unique_keys: bool = False) -> object:
    """The JSON value in `data`.

    Args:
      unique_keys: refuse an object that holds a key twice (`json.loads` keeps the last silently):
        a table row `{"text": "a", "label": "x", "text": "b"}` means nothing certain.

    Raises:
      InvalidInputError: not UTF-8, not JSON, nested too deeply, a number too long to convert, or
        a string holding a lone surrogate (`"\\ud800"`); with `unique_keys`, a key repeated; the
        reason says which. A leading UTF-8 byte-order mark is skipped, as RFC 8259 allows.
    """
    data = data.removeprefix(b"\xef\xbb\xbf" if isinstance(data, bytes) else "\ufeff")  # RFC 8259 8.1: may be ignored
    try:
        value = json.loads(data, object_pairs_hook=_unique_keys) if unique_keys else json.loads(data)
    except UnicodeDecodeError as error:
        raise InvalidInputError(f"not valid UTF-8 ({error.reason})") from None
    except json.JSONDecodeError as error:
        raise InvalidInputError(f"not JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
    except RecursionError:
        raise InvalidInputError("JSON nested too deeply") from None
    except ValueError as error:  # e.g. "Exceeds the limit (4300 digits) for integer string conversion"
        reason = str(error).split(";")[0]  # not Python's advice to raise its own limit
        raise InvalidInputError(f"JSON value cannot be read ({reason})") from None
    escapes = _SURROGATE_ESCAPE_BYTES if isinstance(data, bytes) else _SURROGATE_ESCAPE
    if escapes.search(data):  # only then can a string hold one (json joins an escaped pair)
        _check_strings(value)
    return value


# `\ud800`..`\udfff`: JSON may escape a lone surrogate, which no UTF-8 text (no record) can hold.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE_ESCAPE_BYTES = re.compile(rb"\\u[dD][89a-fA-F]")


def _check_strings(value: object) -> None:
    """Refuses a lone surrogate in any string of `value` (walked without recursion: JSON nests)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                raise InvalidInputError(
                    f"JSON string holds a lone surrogate (U+{ord(item[error.start]):04X}), which no UTF-8 text holds"
                ) from None
