"""Reading a run's JSONL reports (`rejected.jsonl`, `repaired.jsonl`, `duplicates.jsonl`) as
untrusted input, in bounded time and memory.

A report may be huge (millions of rejects), hold lines that are not JSON, lines of the wrong shape,
or one endless line with no newline; it may be a pipe or a device put in its place. So the file is
opened as every input is (`open_local_input`: a regular file inside the output folder, never
blocking), only the first `max_parsed_lines` lines are parsed, each read to at most
`max_line_bytes`, and the rest are only counted, a block at a time. Problems become notes naming
the line; nothing here raises for what the file holds.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, BinaryIO

from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.inputs.files import open_local_input
from shardify.inputs.paths import join_path

__all__ = ["JsonlScan", "scan_jsonl", "MAX_PARSED_LINES", "MAX_LINE_BYTES"]

# Enough lines to count every reason of any run a person reads through; parsing 100,000 report
# lines takes about 0.3 s here. Lines past it are counted, not parsed.
MAX_PARSED_LINES = 100_000
# A reject line is a path and a reason (well under 1 KiB); a duplicate group lists its records, so
# a group of a few thousand copies still fits. A longer line is not one shardify wrote.
MAX_LINE_BYTES = 1 << 20
# Counting the lines past the parsed ones reads this much at a time.
_COUNT_BLOCK_BYTES = 1 << 20
# Bad lines named one by one in the notes; the rest are counted.
_NAMED_BAD_LINES = 3


@dataclass(frozen=True)
class JsonlScan:
    """What reading one report found.

    Attributes:
      path: the report.
      lines: every line in the file (a last line without a newline counts).
      parsed: lines parsed (the first `max_parsed_lines`); their objects went to `visit`.
      bad_lines: lines among the parsed ones that were not a JSON object of the expected shape.
      notes: one line each: the first bad lines with why, how many more, lines not parsed, or why
        the file could not be read at all.
      readable: False when the file could not be opened (missing, a pipe, no permission).
    """

    path: str
    lines: int
    parsed: int
    bad_lines: int
    notes: tuple[str, ...]
    readable: bool = True


def scan_jsonl(
    root: str,
    name: str,
    visit: Callable[[int, dict[str, Any]], str | None],
    *,
    max_parsed_lines: int = MAX_PARSED_LINES,
    max_line_bytes: int = MAX_LINE_BYTES,
) -> JsonlScan:
    """Reads the report `name` in the output folder `root`, handing each JSON object to `visit`.

    Args:
      root: the output folder; the report must really lie inside it.
      name: the report's file name (a plain name, checked by the manifest's parser).
      visit: called with (line number from 1, object) for each parsed line holding a JSON object;
        returns None when the object has the shape expected, else why not (the line then counts as
        bad).
      max_parsed_lines: lines parsed; the rest are only counted.
      max_line_bytes: a longer line is bad (and skipped without being held in memory).

    Returns:
      The counts and notes; never raises for the file's content or for a file that cannot be read.
    """
    path = join_path(root, name)
    try:
        fileobj = open_local_input(path, real_root=os.path.realpath(root))
    except InvalidInputError as error:
        return JsonlScan(path, 0, 0, 0, (f"{name} cannot be read: {error.reason}",), readable=False)
    except OSError as error:
        return JsonlScan(path, 0, 0, 0, (f"{name} cannot be read: {error.strerror or error}",), readable=False)
    notes: list[str] = []
    lines = parsed = bad = 0
    with fileobj:
        while parsed < max_parsed_lines:
            line = fileobj.readline(max_line_bytes + 1)
            if not line:
                break
            lines += 1
            parsed += 1
            why = None
            if len(line) > max_line_bytes and not line.endswith(b"\n"):
                why = f"longer than {max_line_bytes >> 20} MiB"
                _skip_rest_of_line(fileobj)
            else:
                why = _visit_line(line, lines, visit)
            if why:
                bad += 1
                if bad <= _NAMED_BAD_LINES:
                    notes.append(f"{name} line {lines} skipped: {why}")
        rest = _count_lines(fileobj)
        lines += rest
    if bad > _NAMED_BAD_LINES:
        notes.append(f"{name}: {bad - _NAMED_BAD_LINES} more lines skipped as not a report line")
    if rest:
        notes.append(f"{name}: only the first {parsed:,} of {lines:,} lines were read for details")
    return JsonlScan(path, lines, parsed, bad, tuple(notes))


def _visit_line(line: bytes, number: int, visit: Callable[[int, dict[str, Any]], str | None]) -> str | None:
    """Why the line is bad, or None after `visit` took its object."""
    if not line.strip():
        return "an empty line"
    try:
        value = json_input.parse(line)
    except InvalidInputError as error:  # not JSON, not UTF-8, nested past the parser, 5,000 digits
        return "not JSON" if error.reason.startswith("not JSON") else f"not JSON: {error.reason}"
    if not isinstance(value, dict):
        return f"a JSON {type(value).__name__}, not an object"
    return visit(number, value)


def _skip_rest_of_line(fileobj: BinaryIO) -> None:
    while True:
        block = fileobj.readline(_COUNT_BLOCK_BYTES)
        if not block or block.endswith(b"\n"):
            return


def _count_lines(fileobj: BinaryIO) -> int:
    """Lines from the current position to the end, a block at a time."""
    count = 0
    last = b"\n"
    for block in iter(lambda: fileobj.read(_COUNT_BLOCK_BYTES), b""):
        count += block.count(b"\n")
        last = block[-1:]
    return count + (last != b"\n")
