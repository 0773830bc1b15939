"""What every reader of a dataset's own files hands back, and how it reads their lines: `EvidenceRow`
(the key that names a file, the split and labels it gives), lines read to a bounded length with a
`tables.RowError` for one too long or not UTF-8, and a file's first lines as detection sees them.

Below `evidence_files.py` (which re-exports these) so that the readers of other shapes of evidence
(`mat_evidence_files.py`, `box_text.py`, `folder_tables.py`) share one row type and one line reader
without importing each other.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from shardify.converters import tables
from shardify.plan.entries import SourceObject, is_inside

__all__ = ["EvidenceRow", "filled_lines", "first_lines", "key_fault", "line_rows", "prefixed", "text_lines"]

# A longer line is not one of a list's lines.
_MAX_LINE_BYTES = 1 << 20


@dataclass(frozen=True)
class EvidenceRow:
    """One row of an evidence file.

    Attributes:
      row: its line (counted from 1), or its place in a COCO file's "images".
      key: how it names a file, as written.
      split: the split it gives, or "".
      labels: the labels it gives, or None where it gives none.
      objects: the objects of the image it names, or None where it gives none.
      source_id: the dataset's own id of the image it names (COCO's), or "".
      error: why the image's own annotation file (a VOC .xml, a YOLO .txt) is unusable: the image
        is rejected with it, rather than written without its objects.
      mask: a segmentation dataset's mask of the image: (its path relative to SRC, its size).
      caption: the image's captions, joined with a line break, where the file gives them (Karpathy's
        split files' `sentences`), or "".
    """

    row: int
    key: str
    split: str = ""
    labels: tuple[str, ...] | None = None
    objects: tuple[SourceObject, ...] | None = None
    source_id: str = ""
    error: str = ""
    mask: tuple[str, int] | None = None
    caption: str = ""


# The start of a line too long to read kept with its RowError: room for any key before the long cell.
_HEAD_BYTES = 4096


def text_lines(fileobj: BinaryIO) -> Iterator[tuple[int, str] | tables.RowError]:
    """(line number, text) of each line, a RowError for one too long or not UTF-8 text."""
    number = 0
    while True:
        line = fileobj.readline(_MAX_LINE_BYTES + 1)
        if not line:
            return
        number += 1
        if len(line) > _MAX_LINE_BYTES:
            head = line[:_HEAD_BYTES].decode("utf-8", "replace")
            yield tables.RowError(number, f"line longer than {_MAX_LINE_BYTES:,} bytes", head=head)
            while line and not line.endswith(b"\n"):
                line = fileobj.readline(_MAX_LINE_BYTES)
            continue
        try:
            yield number, line.decode("utf-8-sig" if number == 1 else "utf-8").rstrip("\r\n")
        except UnicodeDecodeError as error:  # its start may still name its input (an .odgt line's ID)
            yield tables.RowError(number, f"not valid UTF-8 ({error.reason})", head=line[:_HEAD_BYTES].decode("utf-8", "replace"))


def line_rows(lines: Iterable[tuple[int, str] | tables.RowError], read: Callable[[int, str], Iterable]) -> Iterator:
    """What `read(number, text)` makes of each line of `lines` (`text_lines`) that holds more than
    spaces, a line's own RowError (too long, not UTF-8) passed on as it is: the head every reader of
    rows a line shares, so that none skips or passes lines its own way."""
    for item in lines:
        if isinstance(item, tables.RowError):
            yield item
        elif item[1].strip():
            yield from read(*item)


def filled_lines(lines: Iterable[tuple[int, str] | tables.RowError]) -> Iterator[tuple[int, str] | tables.RowError]:
    """`lines` without those holding only spaces (`line_rows` handing each line on as it is): for a
    reader whose rows depend on the rows before them (a header read first)."""
    return line_rows(lines, _as_it_is)


def _as_it_is(number: int, text: str) -> tuple[tuple[int, str]]:
    return ((number, text),)


def first_lines(data: bytes, count: int) -> list[str]:
    """The first `count` lines of a file's first bytes, as text (undecodable bytes replaced): what
    `recognise` looks at. A byte-order mark is no content (ICDAR's `gt_img_1.txt` start with one)."""
    text = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8-sig", errors="replace", newline=None)
    return [line.rstrip("\n") for _, line in zip(range(count), text)]


def prefixed(rows: Iterator, prefix: str) -> Iterator:
    """`rows` with `prefix` put before each EvidenceRow's key (a split table's `<split folder>/`:
    `shardify.plan.split_folder_tables`, where one bare name names a file in each split's folder)."""
    for row in rows:
        yield dataclasses.replace(row, key=prefix + row.key) if prefix and isinstance(row, EvidenceRow) else row


def key_fault(
    number: int, key: str, first: dict[str, int], outside: str, rows: str, gives: str = "boxes"
) -> EvidenceRow | tables.RowError | None:
    """Why row `number` of a file of many images' boxes, naming `key`, gives no image its objects: its
    key leads outside the folder (a RowError saying `outside`), or an earlier row gave the same key (the
    image rejected: which row is meant cannot be told, `rows` naming them, "lines" or "entries", `gives`
    what they give); else
    None, `number` kept in `first` as the key's row. One check for the readers of IDL lines, named
    lines and JSON documents, so that each says the same of the same fault.

    >>> first = {}
    >>> key_fault(3, "a.jpg", first, "outside", "lines"), first
    (None, {'a.jpg': 3})
    >>> key_fault(5, "a.jpg", first, "outside", "lines").error
    'lines 3 and 5 both give its boxes: which is meant cannot be told'
    >>> key_fault(6, "../b.jpg", first, "its path leads outside", "lines").reason
    'its path leads outside'
    """
    if not is_inside(key.replace("\\", "/")):
        return tables.RowError(number, outside)
    if key in first:
        twice = f"{rows} {first[key]} and {number} both give its {gives}: which is meant cannot be told"
        return EvidenceRow(number, key, error=twice)
    first[key] = number
    return None
