"""Tables of boxes per sequence of frames, a row per box naming its frame by number (FRAME_ROWS rows
of `shardify.plan.box_formats.FORMATS`: UAVDT's `<seq>_gt_whole.txt`, VisDrone-VID's, KITTI tracking's,
MOTChallenge's gt/gt.txt).

Each row is read on its own, streamed (a sequence's table of MOT20 runs to tens of MB), as an
EvidenceRow keyed by the path of the sequence's folder of frames, then the frame's number
(`UAV-benchmark-M/M0101/7`, `MOT17/train/MOT17-02-FRCNN/img1/7`: the whole path, so that another folder
of the sequence's name, a test set's or a second camera's, is never named): the join gathers a frame's
rows into its record, as it gathers an image's rows of a ROWS table. A frame no row names has no objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from shardify.converters import tables
from shardify.converters.box_objects import box_object, labels_of
from shardify.converters.evidence_files import EvidenceRow
from shardify.converters.evidence_rows import line_rows
from shardify.converters.objects import text_box_object
from shardify.errors import InvalidInputError
from shardify.plan.box_formats import BoxFormat

__all__ = ["frame_table_rows"]


def frame_table_rows(lines: Iterable, fmt: BoxFormat, folder: str) -> Iterator[EvidenceRow | tables.RowError]:
    """An EvidenceRow per box row of a sequence's table whose frames are in `folder`: its frame's key, its object (none for a row
    the format skips: an ignored region, a DontCare, a box not considered); a RowError for a line
    that is no row of the format (its count of fields, its frame number not a whole number), an
    EvidenceRow with `error` (its frame rejected, never written without the box) for a box of
    numbers that are no box (negative size, NaN).
    """
    def read(number: int, text: str) -> Iterator[EvidenceRow | tables.RowError]:
        fields = fmt.fields_of(text)
        if len(fields) not in fmt.fields:
            yield tables.RowError(number, f"{len(fields)} fields, not the {' or '.join(map(str, fmt.fields))} of a {fmt.name} row")
            return
        frame = fields[int(fmt.number_field)]
        if not (frame.isascii() and frame.isdigit()):
            yield tables.RowError(number, f"its frame number {frame[:40]!r} is no whole number")
            return
        key = f"{folder}/{int(frame)}"
        skipped = fmt.skip_reason(fields)
        where = f"row {number} (frame {int(frame)})"
        try:
            if skipped and not fmt.class_of(fields).strip():  # (a skipped row of a class number the format names not)
                objects = (text_box_object(fields[int(fmt.class_field)] or "?", (), fmt.convention, where=where, skipped=skipped),)
            else:
                objects = (box_object(fmt, fields, where),)
        except InvalidInputError as error:
            yield EvidenceRow(number, key, error=error.reason)
            return
        yield EvidenceRow(number, key, labels=labels_of(objects), objects=objects)

    yield from line_rows(lines, read)
