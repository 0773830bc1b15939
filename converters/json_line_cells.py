"""A JSON-lines table seen as the CSV its rows would make: the keys of its first object the header
row, each line's values the cells of a row under it. Detection and the evidence readers read a
split list or a label table beside the images as CSV lines (`keyed_tables`, `recognise`, the
evidence files' `_keyed_rows` and `_split_list`); a `.jsonl` beside them (Hateful Memes'
`data/train.jsonl`, `dev.jsonl`, `test.jsonl` of `id, img, label, text` beside `data/img/`) was
never looked at, and the run stopped saying the labels may be there.

Rows are numbered as a headed CSV's are: the header row 1, line n of the file row n + 1. A cell is
the value as its text (`1`, `true`, a nested value as its JSON); a key the first object lacks is not
a column, a key a row lacks is an empty cell (the readers reject an empty key or label). Line
breaks inside a value become spaces: a row stays one line.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Sequence

from shardify.errors import InvalidInputError
from shardify.inputs import json_input

__all__ = ["as_csv_lines", "csv_view", "is_json_lines"]


def is_json_lines(path: str) -> bool:
    return path.lower().endswith(".jsonl")


def as_csv_lines(lines: Sequence[str]) -> list[str]:
    """The first lines of a JSON-lines file as CSV lines, the header first; lines that are no
    JSON object are left out (the pipeline's reading rejects each).

    >>> as_csv_lines(['{"id": 1235, "img": "img/01235.png", "label": 0, "text": "a, b"}', '{"id": 7, "img": "img/00007.png"}'])
    ['id,img,label,text', '1235,img/01235.png,0,"a, b"', '7,img/00007.png,,']
    """
    return [text for item in csv_view((n, line) for n, line in enumerate(lines, 1)) if isinstance(item, tuple) for text in item[1:]]


def csv_view(lines: Iterable[tuple[int, str] | object]) -> Iterator[tuple[int, str] | object]:
    """(row number, CSV line) for each (line number, JSON line) of `lines`, the header row first
    (numbered 1); anything else in `lines` (a row's error) passes through, and a line that is no
    JSON object becomes an (n + 1, "") row, which the readers skip or reject."""
    header: list[str] | None = None
    for item in lines:
        if not isinstance(item, tuple):
            yield item
            continue
        number, text = item
        if not text.strip():
            continue
        try:
            row = json_input.parse(text)  # untrusted: nested too deeply, a number too long, ...
        except InvalidInputError:
            row = None
        if not isinstance(row, dict):
            yield number + 1, ""
            continue
        if header is None:
            header = [str(key) for key in row]
            yield 1, _line(header)
        yield number + 1, _line([_cell(row.get(key)) for key in header])


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text


def _line(cells: list[str]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(cells)
    return out.getvalue()
