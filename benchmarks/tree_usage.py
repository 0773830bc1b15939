"""Whole-tree figures for one command: wall seconds, CPU seconds of EVERY process it starts, and
the peak of their summed RSS.

Why a wrapper of its own: a tool like Ray starts daemons (a GCS server, a raylet, workers) that
outlive the command's own waits; when they are orphaned, the kernel hands them to init and their
CPU time is lost to any parent's accounting (what `time` and `getrusage(RUSAGE_CHILDREN)` report).
Here this process makes itself the "child subreaper" (Linux `prctl(PR_SET_CHILD_SUBREAPER)`), so
every orphaned descendant is re-parented to it and reaped by it, and their user+system seconds are
in `RUSAGE_CHILDREN` when it is done. Memory is sampled: the RSS of every live descendant, summed,
every 50 ms (shared pages are counted once per process, as `ps` does).

Usage: python -m benchmarks.tree_usage [--log FILE] -- COMMAND [ARG ...]
Prints one JSON line (and appends it to FILE): wall_s, cpu_s, peak_tree_rss_bytes, processes,
rc, stragglers (descendants still alive when the command exited, waited for up to 30 s, then
killed). Exits with the command's status.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import psutil

PR_SET_CHILD_SUBREAPER = 36
SAMPLE_SECONDS = 0.05
STRAGGLER_WAIT_SECONDS = 30.0


@dataclass(frozen=True)
class TreeUsage:
    wall_s: float
    cpu_s: float
    peak_tree_rss_bytes: int
    processes: int
    rc: int
    stragglers: int


def become_subreaper() -> bool:
    """Orphaned descendants come to this process, not to init (Linux 3.4+); False elsewhere."""
    if not sys.platform.startswith("linux"):
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0


def _tree_rss(me: psutil.Process, seen: set[int]) -> int:
    total = 0
    for p in me.children(recursive=True):
        try:
            total += p.memory_info().rss
            seen.add(p.pid)
        except psutil.Error:
            pass
    return total


def _reap_all() -> None:
    """Reap every finished child (the command's orphans included), without blocking."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def run(command: Sequence[str], *, stdout=None, stderr=None) -> TreeUsage:
    """Runs `command`, waits for it and for every process it left behind; figures for the tree.

    Must be the only user of child processes in this process while it runs (it reaps any child)."""
    if not become_subreaper():
        raise RuntimeError("needs Linux's PR_SET_CHILD_SUBREAPER to account for every descendant")
    me = psutil.Process()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    seen: set[int] = set()
    started = time.perf_counter()
    process = subprocess.Popen(list(command), stdout=stdout, stderr=stderr)
    peak = 0
    while process.poll() is None:
        peak = max(peak, _tree_rss(me, seen))
        time.sleep(SAMPLE_SECONDS)
    wall = time.perf_counter() - started
    stragglers = len(me.children(recursive=True))
    deadline = time.monotonic() + STRAGGLER_WAIT_SECONDS
    while me.children(recursive=True):
        _reap_all()
        peak = max(peak, _tree_rss(me, seen))
        if time.monotonic() > deadline:
            for p in me.children(recursive=True):
                try:
                    p.send_signal(signal.SIGKILL)
                except psutil.Error:
                    pass
            time.sleep(0.2)
        time.sleep(SAMPLE_SECONDS)
    _reap_all()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return TreeUsage(wall, cpu, peak, len(seen | {process.pid}), process.returncode, stragglers)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tree_usage", description=__doc__.splitlines()[0])
    parser.add_argument("--log", type=Path, help="also append the JSON line here")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given (put it after --)")
    usage = run(command)
    line = json.dumps({"command": command, **asdict(usage)})
    print(line, flush=True)
    if args.log:
        with args.log.open("a") as f:
            f.write(line + "\n")
    sys.exit(usage.rc)


if __name__ == "__main__":
    main()
