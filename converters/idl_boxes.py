"""Reading IDL box files: a line an image, its quoted path, then its boxes as parenthesised corners.

The IDL format of the Darmstadt/MPI pedestrian work (AnnotationLib's `.idl`), shipped by Brainwash
(`brainwash_train.idl`), the TUD sets (TUD-Brussels, TUD-Pedestrians, TUD-MotionPairs'
`train-pos.idl`) and the ETH sequences:

    "brainwash_10_27_2014_images/00000000_640x480.png": (194.0, 78.0, 230.0, 114.0), (286.0, 48.0, 317.0, 82.0);
    "DaSide0811-seq6-001.png": (212, 204, 232, 261):0.95/1;
    "seq03-img-left/image_00000100_0.png";

Each box is `(x1, y1, x2, y2)` in pixels, optionally followed by `:score` or `:score/id` (a
detector's confidence and a track id: no class); a line ends with `;`, the file's last with `.`; an
image of no box is its path alone. The format names no class: every box is of the row's
`single_class`, and the image carries no label of it (`labels=()`): the records are unlabelled, their
objects counted, as the dataset documents them ("annotated people", "heads"). Files are untrusted:
a line not of this shape is its image's error (never written with some of its boxes), or a
`tables.RowError` where no image can be named.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from shardify.converters import tables
from shardify.converters.evidence_files import EvidenceRow
from shardify.converters.evidence_rows import key_fault, line_rows
from shardify.converters.objects import text_box_object
from shardify.errors import InvalidInputError
from shardify.plan.box_formats import BoxFormat
from shardify.plan.entries import is_inside

__all__ = ["is_idl_line", "idl_keys", "idl_rows"]

_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"  # (one way to read each number: no backtracking blow-up)
_BOX = rf"\(\s*({_NUMBER})\s*,\s*({_NUMBER})\s*,\s*({_NUMBER})\s*,\s*({_NUMBER})\s*\)(?:\s*:\s*{_NUMBER}(?:\s*/\s*-?\d+)?)?"
# A whole line: the quoted path, then nothing or `:` and boxes separated by commas, then `;` or `.`.
_LINE = re.compile(rf'\s*"([^"]+)"\s*(?::\s*({_BOX}(?:\s*,\s*{_BOX})*))?\s*[;.,]?\s*')
_BOXES = re.compile(_BOX)


def is_idl_line(line: str) -> bool:
    """A line of an IDL file (its path quoted, its boxes parenthesised corners).

    >>> is_idl_line('"a/0001.png": (10.0, 4.0, 15.0, 9.0), (13, 5, 18, 10);'), is_idl_line('"b.png";')
    (True, True)
    >>> is_idl_line('"a.png": (1, 2, 3, 4):0.9/2.'), is_idl_line('a.png 1 2 3 4'), is_idl_line('"a": "b"')
    (True, False, False)
    """
    return bool(_LINE.fullmatch(line))


def idl_keys(lines: Sequence[str]) -> list[str]:
    """The paths the IDL lines name (to judge how they name files: folders, extensions)."""
    return [found.group(1) for line in lines if (found := _LINE.fullmatch(line))]


def idl_rows(lines: Iterator[tuple[int, str] | tables.RowError], fmt: BoxFormat) -> Iterator[EvidenceRow | tables.RowError]:
    """An EvidenceRow per image of an IDL file: its line's number, its path, its boxes as objects of
    the format's one class, no label; with `error` where a box is no box (a number not finite, or the
    line not of the shape after its path) or a second line names the image."""
    first: dict[str, int] = {}

    def line(number: int, text: str) -> Iterator[EvidenceRow | tables.RowError]:
        found = _LINE.fullmatch(text)
        if found is None:
            named = re.match(r'\s*"([^"]+)"', text)
            if named and is_inside(named.group(1).replace("\\", "/")):
                first.setdefault(named.group(1).strip(), number)  # (a later line of it is no second chance)
                yield EvidenceRow(number, named.group(1), error=f"line {number} is not an IDL line of boxes: {text[:80]!r}")
            else:
                yield tables.RowError(number, f"not an IDL line ('\"path\": (x1, y1, x2, y2), ...;'): {text[:80]!r}")
            return
        key = found.group(1).strip()
        fault = key_fault(number, key, first, f"its path {key[:200]!r} leads outside the folder: it names no image", "lines")
        if fault is not None:
            yield fault
            return
        try:
            objects = tuple(text_box_object(fmt.single_class, list(box.groups()), fmt.convention, where=f"line {number}")
                            for box in _BOXES.finditer(found.group(2) or ""))
        except InvalidInputError as error:
            yield EvidenceRow(number, key, error=error.reason)
            return
        yield EvidenceRow(number, key, labels=(), objects=objects)

    yield from line_rows(lines, line)
