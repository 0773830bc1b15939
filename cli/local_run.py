"""A local conversion seen from a terminal: Beam's worker output kept out of it, the plan and a
progress bar (records, bytes, rate, time left) shown from the files the pipeline writes, so it
works for any local running mode.

Beam's worker processes inherit file descriptor 2 and log their start-up at INFO before reading
any option, so the run points descriptor 2 at a log file and keeps the real stderr for us.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
import threading
import traceback
from collections.abc import Callable, Iterator
from typing import TextIO

from shardify.beam_jobs.progress_files import CHECKED, LISTED, PROGRESS_DIR_ENV, read_total
from shardify.cli.plan_text import describe_plan
from shardify.format import naming
from shardify.plan.plan_file import PlanFileError, load_plan
from shardify.plan.shard_plans import PlanSummary

__all__ = ["worker_output_to_log", "PlanWatcher"]

_POLL_SECONDS = 0.25


def _uses_fd2(stream: TextIO) -> bool:
    try:
        return stream.fileno() == 2
    except (AttributeError, OSError, ValueError):
        return False


def _log_thread_errors(log_path: str) -> Callable[[threading.ExceptHookArgs], None]:
    """A `threading.excepthook` that appends a thread's uncaught error to the log: after Ctrl-C,
    Beam's runner threads fail one by one as its workers die, each with a traceback."""

    def hook(args: threading.ExceptHookArgs) -> None:
        with contextlib.suppress(OSError), open(log_path, "a", encoding="utf-8") as log:
            log.write(f"Exception in thread {args.thread.name if args.thread else '?'}:\n")
            traceback.print_exception(args.exc_type, args.exc_value, args.exc_traceback, file=log)

    return hook


@contextlib.contextmanager
def worker_output_to_log() -> Iterator[tuple[TextIO, str]]:
    """Yields (a stream to the real stderr, the log file's path) while fd 2, and the errors of
    threads, go to the log."""
    handle, log_path = tempfile.mkstemp(prefix=".shardify-workers-", suffix=".log")  # hidden: never an input
    sys.stderr.flush()
    saved_fd2 = os.dup(2)
    os.dup2(handle, 2)
    os.close(handle)
    previous = sys.stderr
    real = os.fdopen(os.dup(saved_fd2), "w", buffering=1) if _uses_fd2(previous) else previous
    sys.stderr = real
    previous_hook, threading.excepthook = threading.excepthook, _log_thread_errors(log_path)
    interrupted = False
    try:
        yield real, log_path
    except KeyboardInterrupt:
        interrupted = True  # the runner's threads are still failing: keep their errors in the log
        raise
    finally:
        if not interrupted:
            threading.excepthook = previous_hook
        sys.stderr = previous
        if real is not previous:
            real.close()
        os.dup2(saved_fd2, 2)
        os.close(saved_fd2)


class _WrittenSoFar:
    """Records and bytes the shard writers have written so far, read from OUT's files: shards'
    sizes, and their DALI index files' lines (one a record). Finished indexes are counted once."""

    def __init__(self, output: str) -> None:
        self._output = output
        self._finished: dict[str, int] = {}

    def now(self) -> tuple[int, int]:
        records = num_bytes = 0
        with contextlib.suppress(OSError), os.scandir(self._output) as entries:
            for entry in entries:
                final = naming.final_filename(entry.name)
                if not naming.is_shard_file(final):
                    continue
                with contextlib.suppress(OSError):
                    if final.endswith(naming.INDEX_SUFFIX):
                        records += self._lines(entry.path, finished=final == entry.name)
                    else:
                        num_bytes += entry.stat().st_size
        return records, num_bytes

    def _lines(self, path: str, *, finished: bool) -> int:
        if path in self._finished:
            return self._finished[path]
        with open(path, "rb") as f:
            count = sum(block.count(b"\n") for block in iter(lambda: f.read(1 << 20), b""))
        if finished:
            self._finished[path] = count
        return count


def _screen(stream: TextIO) -> dict[str, object]:
    """tqdm's size arguments for `stream`: a terminal that reports no size (0x0: a new
    pseudo-terminal, `docker exec -t` before its first resize) gets 80x24, since tqdm hides every
    bar at or below the screen's height and would show nothing; otherwise tqdm follows the
    terminal (resized windows included)."""
    try:
        size = os.get_terminal_size(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return {}
    if size.columns > 0 and size.lines > 0:
        return {"dynamic_ncols": True}
    return {"ncols": size.columns or 80, "nrows": size.lines or 24}


def _plan_stamp(output: str) -> tuple[int, int] | None:
    try:
        info = os.stat(os.path.join(output, naming.PLAN_FILENAME))
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns


class PlanWatcher:
    """Prints the plan once this run's `plan.json` appears, then a progress bar of records and
    bytes written, with rate and time left; before the plan, how long listing and planning take.

    It reads only files (OUT's, and the counts the stages keep in a temporary folder it names in
    `progress_files.PROGRESS_DIR_ENV` while the run lasts), so it works for every local running
    mode, in process or not.
    """

    def __init__(self, output: str, stream: TextIO, *, show_plan: bool, show_progress: bool) -> None:
        self._output = output
        self._stream = stream
        self._show_plan = show_plan
        self._show_progress = show_progress
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._old_plan = _plan_stamp(output)  # an earlier run's, until this run removes it
        self._counts = ""  # the folder of the stages' counts, while the run lasts
        self._saved_env: str | None = None

    def __enter__(self) -> PlanWatcher:
        if self._show_progress:
            self._counts = tempfile.mkdtemp(prefix=".shardify-progress-")  # hidden: never an input
            self._saved_env = os.environ.get(PROGRESS_DIR_ENV)
            os.environ[PROGRESS_DIR_ENV] = self._counts  # Beam's local workers inherit it
        if self._show_plan or self._show_progress:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self._thread.is_alive():
            self._thread.join()
        if self._counts:
            if self._saved_env is None:
                os.environ.pop(PROGRESS_DIR_ENV, None)
            else:
                os.environ[PROGRESS_DIR_ENV] = self._saved_env
            shutil.rmtree(self._counts, ignore_errors=True)

    def _read_plan(self) -> PlanSummary | None:
        stamp = _plan_stamp(self._output)
        if stamp is None or stamp == self._old_plan:
            return None
        try:
            return load_plan(self._output)  # replaced since the run wrote it: no plan to show
        except PlanFileError:
            return None

    def _watch(self) -> None:
        from tqdm import tqdm

        plan = None
        planning = None
        if self._show_progress:
            planning = tqdm(
                desc="listing and planning", bar_format="{desc} {elapsed}", file=self._stream, leave=False, **_screen(self._stream)
            )
        try:
            while plan is None:
                finished = self._done.wait(_POLL_SECONDS)
                plan = self._read_plan()
                if planning is not None:  # the counts the stages keep in OUT (beam_jobs/progress_files.py)
                    planning.set_description_str(self._planning_counts(), refresh=False)
                    planning.refresh()
                if finished:
                    break
        finally:
            if planning is not None:
                planning.close()
        if plan is None:
            return  # refused or failed before planning: the error says why
        if self._show_plan:
            print(describe_plan(plan), file=self._stream, flush=True)
        if self._show_progress:
            self._progress(plan, tqdm)

    def _planning_counts(self) -> str:
        listed = read_total(self._counts, LISTED)
        checked = read_total(self._counts, CHECKED)
        if not listed:
            return "listing and planning"
        return f"listing and planning: {listed:,} files listed, {checked:,} inputs checked"

    def _progress(self, plan: PlanSummary, tqdm: type) -> None:
        written = _WrittenSoFar(self._output)
        bar_format = "writing {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} records{postfix} [{elapsed}<{remaining}, {rate_fmt}]"
        total_mb = plan.num_bytes / 1e6
        with tqdm(
            total=plan.num_records, unit="rec", bar_format=bar_format, file=self._stream, smoothing=0.3, **_screen(self._stream)
        ) as bar:
            while True:
                finished = self._done.wait(_POLL_SECONDS)
                records, num_bytes = written.now()
                bar.set_postfix_str(f"{num_bytes / 1e6:,.1f} of ~{total_mb:,.1f} MB", refresh=False)
                bar.update(max(0, min(records, plan.num_records) - bar.n))
                if finished:
                    break
