"""Named pipes that release a reader stuck on them, for hostile tests of inputs and OUT files that
are FIFOs (a run reading one would wait forever; with `unblocked` it sees an empty file after
HANG_SECONDS, and the test fails by the elapsed time instead of stalling the suite)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["HANG_SECONDS", "unblocked"]

# A reader blocked on a named pipe is released after this long; a run that took longer hung.
HANG_SECONDS = 8.0


@contextmanager
def unblocked(*pipes: Path) -> Iterator[list[float]]:
    """While the block runs, opens each pipe's writing end once a reader waits on it for
    HANG_SECONDS (then closes it: the reader sees an empty file), so a run that would wait
    forever ends. Yields a list the block's elapsed seconds are appended to on exit."""
    done = threading.Event()
    elapsed: list[float] = []

    def release() -> None:
        if done.wait(HANG_SECONDS):
            return
        while not done.is_set():
            for pipe in pipes:
                try:
                    os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))  # ENXIO while no reader waits
                except OSError:
                    pass
            time.sleep(0.1)

    thread = threading.Thread(target=release, daemon=True)
    thread.start()
    start = time.monotonic()
    try:
        yield elapsed
    finally:
        elapsed.append(time.monotonic() - start)
        done.set()
        thread.join()
