"""Counts of a local run's work before its plan exists, kept in OUT for the terminal to show.

Listing and checking a million files takes minutes before the plan (and so the progress bar of
records) appears; Beam's counters reach the launcher only when the pipeline ends. Each worker
instead keeps its running count in a small file of its own in OUT (`naming.progress_filename`),
rewritten at most every `INTERVAL_SECONDS` and at the end of each bundle's batch, which
`cli/local_run.py`'s watcher sums. Only for a local OUT: on a cluster the files would cost an
object-store write per second per worker and nothing would read them. The files have temporary
names, so the end of the run removes them with its other temporary files.
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid

from shardify.format import naming
from shardify.inputs.paths import is_local_path

__all__ = ["ProgressFile", "INTERVAL_SECONDS", "read_total"]

INTERVAL_SECONDS = 0.5


class ProgressFile:
    """One worker's running count of `kind`, kept in `output` (a no-op where `output` is not local)."""

    def __init__(self, output: str, kind: str) -> None:
        self._path = os.path.join(output, naming.progress_filename(kind, uuid.uuid4().hex[:12])) if is_local_path(output) else None
        self._count = 0
        self._written_at = 0.0

    def add(self, count: int, *, flush: bool = False) -> None:
        """Adds `count`; writes the total when `flush` or when the last write is old enough."""
        self._count += count
        if self._path is not None and (flush or time.monotonic() - self._written_at >= INTERVAL_SECONDS):
            self._write()

    def _write(self) -> None:
        self._written_at = time.monotonic()
        temp = f"{self._path}.{os.getpid()}"
        with contextlib.suppress(OSError):  # a progress line is never worth failing a run
            with open(temp, "w", encoding="ascii") as f:
                f.write(str(self._count))
            os.replace(temp, self._path)


def read_total(output: str, kind: str) -> int:
    """The sum of every worker's count of `kind` in `output` now (0 where none is there yet)."""
    total = 0
    prefix = naming.progress_filename(kind, "")
    with contextlib.suppress(OSError), os.scandir(output) as entries:
        for entry in entries:
            # prefix + the 12-character token: not a worker's half-written `.pid` file
            if entry.name.startswith(prefix) and len(entry.name) == len(prefix) + 12:
                with contextlib.suppress(OSError, ValueError), open(entry.path, encoding="ascii") as f:
                    total += int(f.read(24) or 0)
    return total
