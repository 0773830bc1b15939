"""JSON Lines under a .json name: an object a line, told by the file's first lines, not its name.

Many downloads ship JSON Lines named `.json` (the News Category Dataset's
`News_Category_Dataset_v3.json`, Yelp's `review.json`): read as one JSON document they fail to parse
past the first line, and detection looked at them only as COCO annotations or records documents.
A .json whose first line is one whole JSON object and whose next line opens another is JSON Lines:
a table read as a .jsonl is (`tables.JSONL`), a row per line.
"""

from __future__ import annotations

import json

__all__ = ["looks_like_json_lines"]


def looks_like_json_lines(head: bytes) -> bool:
    """For detection and the table reader: the first bytes of a file hold one whole JSON object on
    the first line and the start of another on the next.

    >>> looks_like_json_lines(b'{"a": 1}\\n{"a": 2}\\n'), looks_like_json_lines(b'{"images": [\\n{"id": 1}')
    (True, False)
    """
    lines = [line for line in head.lstrip(b"\xef\xbb\xbf").split(b"\n") if line.strip()]
    if len(lines) < 2 or not lines[1].lstrip().startswith(b"{"):
        return False
    try:
        return isinstance(json.loads(lines[0]), dict)
    except (ValueError, UnicodeDecodeError):
        return False
