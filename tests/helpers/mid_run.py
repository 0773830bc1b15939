"""Test helper: change SRC while a conversion runs, between its planning and its writing.

The hostile rounds each needed it (a file swapped, cut or deleted after the plan named it); one
copy here keeps the stop-change-continue dance, and its timeouts, the same for all of them.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from helpers.cli_runs import shardify_command
from shardify.format import naming

# Planning a few small files takes seconds; past this the run is taken for hung.
_TIMEOUT_SECONDS = 120


def stopped_at_plan(source: Path, out: Path, change: Callable[[], None], *args: str) -> subprocess.CompletedProcess:
    """Runs `shardify convert SRC OUT --max-rejects 100% -q ARGS`, stops it (SIGSTOP, its whole
    process group) the moment plan.json is written, calls `change()`, lets it go on, and returns
    the finished process. A run still alive when the test ends is killed."""
    command = shardify_command("convert", str(source), str(out), "--max-rejects", "100%", "-q", *args)
    run = subprocess.Popen(command, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + _TIMEOUT_SECONDS
        while not (out / naming.PLAN_FILENAME).exists():
            assert run.poll() is None and time.monotonic() < deadline, "the run ended before planning was done"
            time.sleep(0.002)
        os.killpg(run.pid, signal.SIGSTOP)
        change()
        os.killpg(run.pid, signal.SIGCONT)
        stdout, stderr = run.communicate(timeout=_TIMEOUT_SECONDS)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    return subprocess.CompletedProcess(command, run.returncode, stdout, stderr)
