"""What detection reads of a file it looks into: its first line, its first lines (a JSON-lines
file's as CSV lines), its first JSON row; never the whole file, and never an error.

Detection looks at hundreds of files of a download before the pipeline is built; every reader of
a split list, label table or annotation head goes through these so that what is read of each file
stays bounded (HEAD_BYTES), a member of an archive read as a folder is read as a file there
(`archive_heads`), and a file that cannot be read is passed over here and reported by the
pipeline. `label_file_found` re-exports them, where most callers read them.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator
from typing import TypeVar

from shardify.beam_jobs.discover import archive_heads
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_line_cells
from shardify.converters import tables as tables_lib
from shardify.converters.evidence_files import first_lines
from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.inputs.paths import join_path

__all__ = [
    "HEAD_BYTES",
    "HEAD_LINES",
    "first_line",
    "first_row",
    "head_bytes",
    "head_lines",
    "read_once",
    "reading_once",
    "table_head_lines",
    "table_headers",
]

# What detection reads of a text file it looks into: its first lines, from its first 64 KiB (a
# first line looked at is at most this long too).
HEAD_BYTES = 64 << 10
HEAD_LINES = 40


def first_line(config: ConvertConfig, path: str) -> bytes | None:
    """The first line (at most HEAD_BYTES) of `path` relative to SRC, or None where it cannot be
    read."""
    head = _head(config, path)
    return None if head is None else head.split(b"\n", 1)[0] + (b"\n" if b"\n" in head else b"")


# Files whose heads one detection keeps (`reading_once`): at most 16 MiB held; a file past them is
# read each time it is looked into, as outside a detection.
_HEADS_KEPT = 256


def head_lines(config: ConvertConfig, relpath: str, *, lines: int = HEAD_LINES) -> list[str]:
    """The first `lines` lines of `relpath` (relative to SRC) within its first HEAD_BYTES, or []
    where it cannot be read: detection only looks, the pipeline reports what it cannot read."""
    head = _head(config, relpath)
    return [] if head is None else first_lines(head, lines)


def head_bytes(config: ConvertConfig, relpath: str, limit: int = HEAD_BYTES) -> bytes:
    """The first `limit` bytes of `relpath` (relative to SRC), or b"" where it cannot be read."""
    if limit <= HEAD_BYTES:
        return (_head(config, relpath) or b"")[:limit]
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            return fileobj.read(limit)
    except (OSError, InvalidInputError):
        return archive_heads.member_head(config.source, relpath, limit) or b""  # a member of an archive read as a folder


def table_head_lines(config: ConvertConfig, relpath: str) -> list[str]:
    """`head_lines`, a JSON-lines file's as the CSV lines its rows make (`json_line_cells`): the
    readers of split lists and label tables read them so."""
    lines = head_lines(config, relpath)
    return json_line_cells.as_csv_lines(lines) if json_line_cells.is_json_lines(relpath) else lines


def first_row(config: ConvertConfig, path: str) -> dict | None:
    """The first row of the JSON lines file `path` relative to SRC, where it is an object."""
    first = first_line(config, path)
    try:
        row = json_input.parse(first) if first is not None else None
    except InvalidInputError:
        return None
    return row if isinstance(row, dict) else None


def _head(config: ConvertConfig, relpath: str) -> bytes | None:
    """The first HEAD_BYTES of `relpath` (relative to SRC), or of the archive member it names;
    None where it cannot be read. Inside `reading_once` each file's is read once (up to
    _HEADS_KEPT files): a split list or annotation table was read again by each rule that looks
    at it (a box table's head by five readers, 12 opens of each of BelgiumTSC's GT-*.csv)."""
    kept = _HEADS.get()
    key = (config.source, relpath)
    if kept is not None and key in kept:
        return kept[key]
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            head = fileobj.read(HEAD_BYTES)
    except (OSError, InvalidInputError):
        head = archive_heads.member_head(config.source, relpath, HEAD_BYTES)  # a member of an archive read as a folder
    if kept is not None and len(kept) < _HEADS_KEPT:
        kept[key] = head
    return head


# The table headers read while one detection runs (`reading_once`), by (SRC, path, --header,
# --encoding); None for a table that could not be read.
_HEADERS: contextvars.ContextVar[dict[tuple, tables_lib.TableHeader | None] | None] = contextvars.ContextVar(
    "shardify_table_headers", default=None)
# The heads of the files read while one detection runs (`_head`), by (SRC, path); None: unreadable.
_HEADS: contextvars.ContextVar[dict[tuple[str, str], bytes | None] | None] = contextvars.ContextVar(
    "shardify_file_heads", default=None)
# What other readings read while one detection runs (`read_once`), by their keys.
_READ: contextvars.ContextVar[dict[tuple, object] | None] = contextvars.ContextVar("shardify_read_once", default=None)
_T = TypeVar("_T")


@contextlib.contextmanager
def reading_once() -> Iterator[None]:
    """Inside, `table_headers` reads each table once, and `first_line`, `head_lines` and
    `head_bytes` each file's head once: the cross-table readings (copies, label joins) judge the
    same tables one after the other, and the rules that look at a list or an annotation file
    each read it again; `read_once` keeps what other readings read. Detection runs inside it
    (`detect.detect_source`); outside, every call reads."""
    token, heads, read = _HEADERS.set({}), _HEADS.set({}), _READ.set({})
    try:
        yield
    finally:
        _READ.reset(read)
        _HEADS.reset(heads)
        _HEADERS.reset(token)


def read_once(key: tuple, read: Callable[[], _T]) -> _T:
    """`read()`, called once per `key` inside `reading_once` (a detection) and kept; outside, each
    call reads. For a reading two steps of one detection make of the same file (a joined texts
    table, read whole to judge the join and again to name the columns); `key` names the file and
    everything else the answer depends on. An error is for `read` to return, not raise, where it
    is to be kept too."""
    kept = _READ.get()
    if kept is None:
        return read()
    if key not in kept:
        kept[key] = read()
    return kept[key]  # type: ignore[return-value]


def table_headers(config: ConvertConfig, paths: list[str]) -> dict[str, tables_lib.TableHeader]:
    """Each table's header and first rows as the scan will read them (the user's `--header` and
    `--encoding`), by path; a table that cannot be read is left out (the scan rejects it with its
    reason). What the cross-table readings (label joins, copies) judge tables by."""
    read = _HEADERS.get()
    found = {}
    for path in paths:
        key = (config.source, path, config.table_options.header, config.table_options.encoding)
        if read is None or key not in read:
            header = _table_header(config, path)
            if read is not None:
                read[key] = header
        else:
            header = read[key]
        if header is not None:
            found[path] = header
    return found


def _table_header(config: ConvertConfig, path: str) -> tables_lib.TableHeader | None:
    """`path`'s header as `table_headers` gives it, or None where it cannot be read."""
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return tables_lib.read_header(fileobj, tables_lib.table_format(path), header=config.table_options.header,
                                          encoding=config.table_options.encoding)
    except (OSError, InvalidInputError):
        return None
