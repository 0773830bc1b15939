"""A local conversion seen from a terminal: Beam's worker output kept out of it, the plan and a
progress bar shown from the files the pipeline writes (so it works for any local running mode).

Beam's worker processes inherit file descriptor 2 and log their start-up at INFO before reading
any option, so the run points descriptor 2 at a log file and keeps the real stderr for us.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import threading
from collections.abc import Iterator
from typing import TextIO

from shardify import naming
from shardify.entries import PlanSummary

__all__ = ["worker_output_to_log", "PlanWatcher"]

_POLL_SECONDS = 0.25


def _uses_fd2(stream: TextIO) -> bool:
    try:
        return stream.fileno() == 2
    except (AttributeError, OSError, ValueError):
        return False


@contextlib.contextmanager
def worker_output_to_log() -> Iterator[tuple[TextIO, str]]:
    """Yields (a stream to the real stderr, the log file's path) while fd 2 goes to the log."""
    handle, log_path = tempfile.mkstemp(prefix=".shardify-workers-", suffix=".log")  # hidden: never an input
    sys.stderr.flush()
    saved_fd2 = os.dup(2)
    os.dup2(handle, 2)
    os.close(handle)
    previous = sys.stderr
    real = os.fdopen(os.dup(saved_fd2), "w", buffering=1) if _uses_fd2(previous) else previous
    sys.stderr = real
    try:
        yield real, log_path
    finally:
        sys.stderr = previous
        if real is not previous:
            real.close()
        os.dup2(saved_fd2, 2)
        os.close(saved_fd2)


def _written_bytes(output: str) -> int:
    total = 0
    with contextlib.suppress(OSError), os.scandir(output) as entries:
        for entry in entries:
            if naming.parse_shard_filename(naming.final_filename(entry.name)):
                total += entry.stat().st_size
    return total


class PlanWatcher:
    """Prints the plan once `plan.json` appears, then a progress bar of shard bytes written."""

    def __init__(self, output: str, stream: TextIO, *, show_plan: bool, show_progress: bool) -> None:
        self._output = output
        self._stream = stream
        self._show_plan = show_plan
        self._show_progress = show_progress
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> PlanWatcher:
        if self._show_plan or self._show_progress:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self._thread.is_alive():
            self._thread.join()

    def _read_plan(self) -> PlanSummary | None:
        try:
            with open(os.path.join(self._output, naming.PLAN_FILENAME), encoding="utf-8") as f:
                return PlanSummary.from_json(json.load(f))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def _watch(self) -> None:
        plan = None
        while plan is None:
            if self._done.wait(_POLL_SECONDS):
                return
            plan = self._read_plan()
        if self._show_plan:
            print(plan.describe(), file=self._stream, flush=True)
        if not self._show_progress:
            return
        from tqdm import tqdm

        # Shards hold a little more than their inputs (framing, metadata): cap at the total.
        with tqdm(total=plan.num_bytes, unit="B", unit_scale=True, desc="writing", file=self._stream, leave=False) as bar:
            while not self._done.wait(_POLL_SECONDS):
                bar.update(max(0, min(plan.num_bytes, _written_bytes(self._output)) - bar.n))
