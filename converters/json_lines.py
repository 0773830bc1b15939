"""JSON Lines under a .json name: an object a line, told by the file's first lines, not its name.

Many downloads ship JSON Lines named `.json` (the News Category Dataset's
`News_Category_Dataset_v3.json`, Yelp's `review.json`): read as one JSON document they fail to parse
past the first line, and detection looked at them only as COCO annotations or records documents.
A .json whose first line is one whole JSON object and whose next line opens another is JSON Lines:
a table read as a .jsonl is (`tables.JSONL`), a row per line.
"""

from __future__ import annotations

import json
from typing import BinaryIO

__all__ = ["MAX_FIRST_LINE_BYTES", "head_of_lines", "looks_like_json_lines"]

# A first line longer than a head read (a 100 kB review) is read on this far, to see the line after
# it: past this the file's kind is judged on its cut head (a table reader's row limit is larger).
MAX_FIRST_LINE_BYTES = 8 << 20
_READ_ON_BYTES = 1 << 20


def head_of_lines(fileobj: BinaryIO, head_bytes: int) -> bytes:
    """The first `head_bytes` of `fileobj`, read on in steps (to MAX_FIRST_LINE_BYTES) while they
    hold no second line: a .json of JSON lines whose first line is longer than a head was judged
    on its cut first line, not JSON, and the whole file set aside."""
    head = fileobj.read(head_bytes)
    while head.count(b"\n") < 2 and len(head) < MAX_FIRST_LINE_BYTES and len(head) >= head_bytes:
        more = fileobj.read(min(_READ_ON_BYTES, MAX_FIRST_LINE_BYTES - len(head)))
        if not more:
            break
        head += more
    return head


def looks_like_json_lines(head: bytes) -> bool:
    """For detection and the table reader: the first bytes of a file hold one whole JSON object on
    the first line and the start of another on the next.

    >>> looks_like_json_lines(b'{"a": 1}\\n{"a": 2}\\n'), looks_like_json_lines(b'{"images": [\\n{"id": 1}')
    (True, False)
    >>> looks_like_json_lines(b'{"a": ' + b"[" * 10_000 + b"]" * 10_000 + b'}\\n{"a": 2}\\n')
    True
    """
    lines = [line for line in head.lstrip(b"\xef\xbb\xbf").split(b"\n") if line.strip()]
    if len(lines) < 2 or not lines[1].lstrip().startswith(b"{"):
        return False
    try:
        return isinstance(json.loads(lines[0]), dict)
    except RecursionError:  # nested past the parser (`{"a": [[[...` 10,000 deep): an object by its brackets,
        first = lines[0].strip()  # its row rejected when read (`JSON nested too deeply`), the rest read
        return first.startswith(b"{") and first.endswith(b"}")
    except (ValueError, UnicodeDecodeError):
        return False
