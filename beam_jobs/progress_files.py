"""Counts of a local run's work before its plan exists, for the terminal to show.

Listing and checking a million files takes minutes before the plan (and so the progress bar of
records) appears; Beam's counters reach the launcher only when the pipeline ends. Each worker
instead keeps its running count in a small file of its own in the folder the launcher names in
`PROGRESS_DIR_ENV` (`cli/local_run.py`'s watcher makes it, sums the files, and removes it), rewritten
at most every `INTERVAL_SECONDS` and at the end of each batch. Beam's local worker processes
inherit the variable; where it is not set (other runners, library calls) nothing is written. Never
in OUT: a dry run writes nothing there, and a failed run leaves only what it says it leaves.
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid

__all__ = ["ProgressFile", "PROGRESS_DIR_ENV", "LISTED", "CHECKED", "INTERVAL_SECONDS", "read_total"]

PROGRESS_DIR_ENV = "SHARDIFY_PROGRESS_DIR"
LISTED = "listed"  # files listed
CHECKED = "checked"  # inputs checked (labels, image headers)
INTERVAL_SECONDS = 0.5
_TOKEN_CHARS = 12


class ProgressFile:
    """One worker's running count of `kind` (LISTED, CHECKED); a no-op where no folder is named."""

    def __init__(self, kind: str) -> None:
        folder = os.environ.get(PROGRESS_DIR_ENV, "")
        self._path = os.path.join(folder, f"{kind}-{uuid.uuid4().hex[:_TOKEN_CHARS]}") if folder else None
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


def read_total(folder: str, kind: str) -> int:
    """The sum of every worker's count of `kind` in `folder` now (0 where none is there yet)."""
    total = 0
    prefix = f"{kind}-"
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            # kind-<token>: not a worker's half-written `.pid` file
            if entry.name.startswith(prefix) and len(entry.name) == len(prefix) + _TOKEN_CHARS:
                with contextlib.suppress(OSError, ValueError), open(entry.path, encoding="ascii") as f:
                    total += int(f.read(24) or 0)
    return total
