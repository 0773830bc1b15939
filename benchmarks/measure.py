"""Whole-process measurements: wall time, CPU seconds and peak memory of the process tree (RSS
summed over the process and all its children, sampled; CPU as the kernel accounts the reaped
tree), median over repeats after a warm-up. On a shared machine the CPU seconds are the steadier
figure."""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import psutil

SAMPLE_SECONDS = 0.05


@dataclass(frozen=True)
class Measurement:
    seconds: float
    peak_rss_bytes: int
    cpu_seconds: float = 0.0  # user + system of the command and every process it reaped


def run_once(command: Sequence[str], *, before: Callable[[], None] | None = None) -> Measurement:
    if before:
        before()
    started = time.perf_counter()
    cpu_before = children_cpu()
    process = subprocess.Popen(list(command), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    root = psutil.Process(process.pid)
    peak = 0
    while process.poll() is None:
        total = 0
        try:
            for p in [root, *root.children(recursive=True)]:
                try:
                    total += p.memory_info().rss
                except psutil.Error:
                    pass
        except psutil.Error:
            pass
        peak = max(peak, total)
        time.sleep(SAMPLE_SECONDS)
    seconds = time.perf_counter() - started
    cpu = children_cpu() - cpu_before
    if process.returncode != 0:
        err = process.stderr.read().decode(errors="replace")[-2000:] if process.stderr else ""
        raise RuntimeError(f"{' '.join(command)} failed ({process.returncode}):\n{err}")
    return Measurement(seconds, peak, cpu)


def children_cpu() -> float:
    """User + system seconds of every reaped descendant so far (one command runs at a time here)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def median_of(command: Sequence[str], *, repeats: int, before: Callable[[], None] | None = None) -> Measurement:
    """One warm-up run (fills the page cache), then the median of `repeats` runs."""
    run_once(command, before=before)
    runs = [run_once(command, before=before) for _ in range(repeats)]
    return Measurement(
        statistics.median(r.seconds for r in runs),
        int(statistics.median(r.peak_rss_bytes for r in runs)),
        statistics.median(r.cpu_seconds for r in runs),
    )


def python(*args: str) -> list[str]:
    return [sys.executable, *args]


def cat_command(images: Path, folder: Path) -> list[str]:
    """`cat` of every benchmark image into one file in `folder`: reading at the disk's pace."""
    return ["bash", "-c", f"find {images} -type f -name '*.jpg' -print0 | xargs -0 cat > {folder}/all"]


def fresh_folder(path: Path) -> Callable[[], None]:
    """A `before` hook that empties `path` (or makes it) ahead of each run."""

    def clear() -> None:
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir(parents=True)

    return clear
