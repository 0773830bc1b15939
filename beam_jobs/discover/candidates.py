"""What every layout's FindInputs transform hands on, and the helpers they share.

Each transform takes lists of listed inputs, `[Listed]`, and returns
{CANDIDATES: lists of Candidate, REJECTS: Reject per unusable input, COLUMNS: (column, dtype) of
kept table columns, NOTES: (source file, how it was read) for the plan}. Files and candidates travel
in lists of up to BATCH_SIZE: Beam's cost per element (tens of microseconds per step on the local
runner) would otherwise exceed the cost of writing a small text record several times over.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

import apache_beam as beam

from shardify.converters.archives import MemberLocation
from shardify.errors import InvalidInputError
from shardify.plan.entries import Batch, Reject

__all__ = [
    "CANDIDATES", "REJECTS", "COLUMNS", "NOTES", "TEXT_PAIR_COLUMN", "ANSWERS_COLUMN", "BATCH_SIZE", "Listed", "reject", "never",
    "nothing", "in_batches", "HeldFault",
]

CANDIDATES, REJECTS, COLUMNS, NOTES = "candidates", "rejects", "columns", "notes"
# Sent on COLUMNS (with dtype string) by a table whose records hold a sentence pair's second text
# (`contract.TEXT_PAIR`): the plan takes it out of the kept columns. Its NUL keeps it apart from
# any column a table names.
TEXT_PAIR_COLUMN = "\x00text/pair"
# Likewise, by a table whose records hold a question's answers (`contract.ANSWER_FEATURES`).
ANSWERS_COLUMN = "\x00text/answers"
# Metadata items per list: large enough to make Beam's per-element cost vanish, small enough that
# a list (~100 KB pickled) spreads work over workers.
BATCH_SIZE = 1000


class Listed(NamedTuple):
    """A listed input: a file, or a member of an archive (then `relpath` is its path as if the
    archive were a folder, and `location` says where its bytes are).

    Attributes:
      relpath: '/'-separated, relative to SRC.
      size: bytes.
      location: for an archive member, where it is; None for a file.
      mtime_ns: the modification time the listing read (ns); -1 where it read none (archive
        members, object stores): what needs it then asks the file system.
    """

    relpath: str
    size: int
    location: MemberLocation | None = None
    mtime_ns: int = -1



def reject(relpath: str, reason: str, row: int = 0, stage: str = "discover") -> beam.pvalue.TaggedOutput:
    return beam.pvalue.TaggedOutput(REJECTS, Reject(relpath, stage, reason, row))


def never(_element: object) -> bool:
    return False


def nothing(pcoll: beam.PCollection, label: str) -> beam.PCollection:
    """An empty PCollection in `pcoll`'s pipeline: a layout without columns or notes. Made by
    filtering `pcoll` out, not by `Create([])`: a Create is a stage of its own (a bundle with its own
    threads on the local runner), where a filter is fused into `pcoll`'s."""
    return pcoll | label >> beam.Filter(never)


def in_batches(items: Iterable[Any]) -> Iterator[Any]:
    """Candidates gathered in Batches of BATCH_SIZE as they come; anything tagged (a reject) passed
    on at once, in its place."""
    batch = Batch()
    for item in items:
        if isinstance(item, beam.pvalue.TaggedOutput):
            yield item
            continue
        batch.append(item)
        if len(batch) == BATCH_SIZE:
            yield batch
            batch = Batch()
    if batch:
        yield batch


class HeldFault:
    """Rows (of a table, of a line file) that stop with a fault part-way (a read error, a member cut
    short): the fault held until the rows read before it, still in the batch being filled, are
    yielded (`for row in held.guard(rows): ...`, the batch sent, then `held.raise_held()`). Raised at
    once, it took that batch (up to BATCH_SIZE rows) with it: rows neither written nor rejected,
    while the reject said only "rows after row N unread"."""

    def __init__(self) -> None:
        self._error: InvalidInputError | OSError | None = None

    def guard(self, rows: Iterator) -> Iterator:
        try:
            yield from rows
        except (InvalidInputError, OSError) as error:
            self._error = error

    def raise_held(self) -> None:
        if self._error is not None:
            raise self._error
