"""A Candidate per line of a line file (`shardify.plan.line_files`), for ScanTables.

    LineFile --scan_lines--> [Candidate] (one per line: its byte range, line number, labels)

A class file's lines take its class; a text file's line i takes line i of its label file, the two
read in step; a side of a parallel corpus's line i takes line i of the other side as its pair (the
pair's text travels in the Candidate's `caption_text`: the writer reads the first side's line again
by its byte range) (memory does not grow with the files). A line that cannot be a record (blank beside
a label, no label, not text) is rejected with its line number; a file that cannot be read at all
(binary, empty, a label file of another length) is one reject.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import BATCH_SIZE, COLUMNS, NOTES, TEXT_PAIR_COLUMN, HeldFault, reject
from shardify.converters import line_files
from shardify.errors import InvalidInputError
from shardify.format.example_proto import BYTES
from shardify.plan.entries import ROW, Batch, Candidate, MemberLocation
from shardify.plan.line_files import LineFile

__all__ = ["scan_lines"]


def scan_lines(
    open_file: Callable[..., Any],
    spec: LineFile,
    location: MemberLocation | None,
    size: int | None,
    split: str,
    encoding: str,
    scanned: Any,
    separator: str = "",
) -> Iterator:
    """Candidates (in batches), rejects and a note for the line file `spec`; `scanned.last_row`
    follows the lines read. A label file's line is split on `separator` where one is given (AAPD's
    `cs.it math.it`: several labels a line).

    Raises:
      InvalidInputError: the file is binary or empty, or its label file is not of its length.
    """
    beside, what = (spec.labels, "label file") if spec.labels else (spec.pair, "pair file")
    with open_file(spec.path, location) as fileobj:
        line_files.check_text(fileobj)
        if beside:
            with _file_beside(open_file, beside, what) as other:
                line_files.check_text(other)
                texts, others = line_files.count_lines(fileobj, size), line_files.count_lines(other)
                if texts != others:
                    reading = "labels" if spec.labels else "is the pair of"
                    raise InvalidInputError(
                        f"{texts:,} lines where its {what} {beside} has {others:,}: line i no longer {reading} line i"
                    )
                yield from _rows(fileobj, size, spec, location, split, encoding, scanned, other, separator)
        else:
            yield from _rows(fileobj, size, spec, location, split, encoding, scanned, None)
    if spec.pair and scanned.last_row:
        yield beam.pvalue.TaggedOutput(COLUMNS, (TEXT_PAIR_COLUMN, BYTES))  # the records hold a second text
    if not scanned.last_row:
        raise InvalidInputError("empty: no lines of text")


def _file_beside(open_file: Callable[..., Any], path: str, what: str) -> Any:
    """The text file's label or pair file, open; where it cannot be, the text file's reject names it
    (the reason alone, `not a regular file`, read as if the text file were the pipe)."""
    try:
        return open_file(path, None)
    except (InvalidInputError, OSError) as error:
        reason = error.reason if isinstance(error, InvalidInputError) else f"cannot be read ({error.strerror or error})"
        raise InvalidInputError(f"its {what} {path}: {reason}") from None


def _rows(
    fileobj: BinaryIO,
    size: int | None,
    spec: LineFile,
    location: MemberLocation | None,
    split: str,
    encoding: str,
    scanned: Any,
    other: BinaryIO | None,
    separator: str = "",
) -> Iterator:
    """A Candidate per line; `other`: its label file (`spec.labels`) or pair file (`spec.pair`), read in step."""
    batch, fallback, records = Batch(), False, 0
    other_lines = line_files.read_lines(other) if other is not None else None
    held = HeldFault()  # (a fault part-way: the lines read before it are sent first)
    for number, offset, data in held.guard(line_files.read_lines(fileobj, size)):
        scanned.last_row = number
        other_line = next(other_lines, None) if other_lines is not None else None
        label_line = other_line if spec.labels else None
        pair = ""
        if data is None:
            yield reject(spec.path, f"line longer than {line_files.MAX_LINE_BYTES:,} bytes", number)
            continue
        try:
            text, read_as = line_files.decode_line(data, encoding)
        except InvalidInputError as error:
            yield reject(spec.path, error.reason, number)
            continue
        if not text.strip():
            if spec.labels:  # its label is on this line of the label file: say so
                yield reject(spec.path, f"blank line (labelled on line {number} of {spec.labels})", number)
            elif spec.pair:  # its pair is on this line of the other side
                yield reject(spec.path, f"blank line (its pair on line {number} of {spec.pair})", number)
            continue  # a class file's blank line separates nothing: no record
        if spec.pair:
            pair = _pair(other_line[2] if other_line is not None else None, encoding)
            if not pair.strip():
                yield reject(spec.path, f"no text on line {number} of {spec.pair}, the pair's second side", number)
                continue
        fallback = fallback or read_as
        found: tuple[str, ...] = (spec.label,) if spec.label else ()
        if label_line is not None:
            label = _label(label_line[2], encoding)
            if not label:
                yield reject(spec.path, f"no label on line {number} of {spec.labels}", number)
                continue
            found = tuple(n.strip() for n in label.split(separator) if n.strip()) if separator else (label,)
        batch.append(
            Candidate(ROW, spec.path, len(data), found, split=split, unlabelled=not found, row=number, offset=offset, location=location,
                      caption_text=pair)
        )
        records += 1
        if len(batch) == BATCH_SIZE:
            yield batch
            batch = Batch()
    if batch:
        yield batch
    held.raise_held()
    how = f"a record a line ({records:,}), labelled {spec.label!r}" if spec.label else (
        f"a record a line ({records:,}), labelled by the same line of {spec.labels}" if spec.labels else
        f"a sentence pair a line ({records:,}), the second text the same line of {spec.pair}, unlabelled" if spec.pair else
        f"a record a line ({records:,}), unlabelled")
    yield beam.pvalue.TaggedOutput(NOTES, (spec.path, how + (f"; {line_files.READ_AS_FALLBACK}" if fallback else "")))


def _label(data: bytes | None, encoding: str) -> str:
    if data is None:
        return ""
    try:
        return line_files.decode_line(data, encoding)[0].strip()
    except InvalidInputError:
        return ""


def _pair(data: bytes | None, encoding: str) -> str:
    """The other side's line as its text (its line end cut, as the first side's), or ""."""
    if data is None:
        return ""
    try:
        return line_files.decode_line(data, encoding)[0]
    except InvalidInputError:
        return ""
