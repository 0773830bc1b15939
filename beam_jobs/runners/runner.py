"""Which Beam runner a conversion runs on, chosen explicitly.

Beam's own default local runner (and even `--runner=DirectRunner`) first tries the Prism runner,
which downloads a binary at run time; offline that fails after a delay. The local default here is
the FnApiRunner, constructed directly, running bundles on every core.

Local worker processes are capped at MAX_WORKERS_PER_CORE a core (`--workers 1000` for ten texts
would fork until the machine's process limit). Under a process limit (`ulimit -u`, which counts
threads too) that leaves no room for the worker processes, the run fails at once with one line
saying so, and a worker process that cannot be started or dies before the run ends fails it too:
Beam's FnApiRunner would otherwise wait forever for the worker to answer (a worker that cannot
start its threads hangs inside gRPC).
"""

from __future__ import annotations

import ctypes
import difflib
import logging
import os
import resource
import shutil
import sys
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

import apache_beam as beam
from apache_beam.options.pipeline_options import PipelineOptions

from shardify.beam_jobs.runners import worker_main
from shardify.beam_jobs.runners.beam_mends import mend_beam
from shardify.errors import RunnerError, ShardifyError, UsageError

if TYPE_CHECKING:
    from apache_beam.runners.portability.fn_api_runner.fn_runner import ExtendedProvisionInfo

__all__ = [
    "LOCAL",
    "RUNNER_ALIASES",
    "MAX_WORKERS_PER_CORE",
    "make_pipeline",
    "discard",
    "runs_in_process",
    "is_dry_run",
    "worker_cap",
]

LOCAL = "local"
# Short names accepted by `--runner`; anything else is passed to Beam as it is.
RUNNER_ALIASES = {
    "dataflow": "DataflowRunner",
    "portable": "PortableRunner",
    "dask": "shardify.beam_jobs.runners.dask_runner.DaskRunner",  # Beam's, mended; needs apache-beam[dask]
    "direct": "DirectRunner",
    "flink": "FlinkRunner",
    "spark": "SparkRunner",
}
# Measured here on 2 cores, 8,000 JPEGs (580 MB), 16 shards, whole `shardify convert`:
# multi_processing 3.75 s, in_memory (one worker) 4.0 s, multi_threading 5.4 s. DESIGN.md's probe
# found threads fastest, but with header probing and record encoding in Python the GIL and the
# threaded mode's gRPC data plane cost more than starting worker processes.
DEFAULT_LOCAL_MODE = "multi_processing"
# Small sources run in the launcher's own process: no worker to start.
IN_PROCESS_MODE = "in_memory"
# Local worker processes per core at most: each is a Python process of ~150 MB with two dozen
# threads; past a few per core they only wait for the disk and the CPU, and a thousand exhaust
# the process limit. `--workers` (and Beam's --direct_num_workers) above the cap are lowered to it.
MAX_WORKERS_PER_CORE = 4
# Processes and threads one local worker process costs this user (measured: 26 threads in the
# worker, its shell, and about 8 in the launcher), with room to spare: what the process limit must
# leave free for each.
TASKS_PER_WORKER = 40
# glibc malloc arenas the local runner's processes use at most (see `_fewer_malloc_arenas`).
MALLOC_ARENAS = "2"
_M_ARENA_MAX = -8  # mallopt's parameter number, from glibc's malloc.h
_LOG = logging.getLogger("shardify")
_WARNED: set[tuple[str, int]] = set()


def worker_cap() -> int:
    """The most local worker processes a run starts: MAX_WORKERS_PER_CORE for each core."""
    return MAX_WORKERS_PER_CORE * (os.cpu_count() or 1)


def _capped(workers: int, asked_by: str) -> int:
    """`workers`, or the cap (said once in the log) when it asks for more."""
    cap = worker_cap()
    if workers <= cap:
        return workers
    if (asked_by, workers) in _WARNED:  # a pipeline remade for the same run
        return cap
    _WARNED.add((asked_by, workers))
    _LOG.warning(
        "%s %d: capped at %d worker processes (%d per core on %d cores)",
        asked_by, workers, cap, MAX_WORKERS_PER_CORE, os.cpu_count() or 1,
    )
    return cap


def _provision_info(options: PipelineOptions) -> ExtendedProvisionInfo | None:
    """What the worker processes are told, as Beam's DirectRunner does: without the pipeline's
    options, their file systems ignore e.g. `--s3_endpoint_url` and credentials.

    None for the in-process mode: its worker is this process, reached without gRPC, and nothing
    asks it for provision info (its file systems take the launcher's options). Encoding the
    options parses them with every registered option (~20-30 ms), for each pipeline made.
    """
    from apache_beam.options.pipeline_options import DirectOptions

    if options.view_as(DirectOptions).direct_running_mode == IN_PROCESS_MODE:
        return None
    from apache_beam.portability.api import beam_provision_api_pb2
    from apache_beam.runners.portability.fn_api_runner.fn_runner import ExtendedProvisionInfo
    from apache_beam.runners.portability.portable_runner import JobServiceHandle

    encoded = JobServiceHandle.encode_pipeline_options(options.get_all_options())
    return ExtendedProvisionInfo(beam_provision_api_pb2.ProvisionInfo(pipeline_options=encoded))


def make_pipeline(
    runner: str = LOCAL, beam_args: Sequence[str] = (), *, num_workers: int | None = None, small: bool = False
) -> beam.Pipeline:
    """A Pipeline on `runner` with `beam_args` (any Beam pipeline option) passed through.

    Args:
      runner: "local" (default), a short name from RUNNER_ALIASES, or a Beam runner class name.
      beam_args: e.g. ["--project=P", "--region=R"].
      num_workers: local worker threads or processes; defaults to every core.
      small: the source is small (see `detect.SourceScan.small`): the local runner runs in this
        process, one bundle at a time, unless `num_workers` or `beam_args` say otherwise. The 72
        sample images convert in about half the time (2.7 s against 5.5 s, measured here): most of
        a small run is starting the worker processes.
    """
    args = list(beam_args)
    mend_beam()  # Beam's per-process costs (see beam_mends.py)
    pipeline = _make(runner, args, num_workers, small)
    try:
        _check_beam_args(args, pipeline.options)  # after the runner's module has registered its options
    except BaseException:
        discard(pipeline)
        raise
    return pipeline


def discard(pipeline: beam.Pipeline) -> None:
    """Removes the temporary folder every Beam Pipeline makes when it is created: Beam removes it
    only when the pipeline runs, so each pipeline built and not run (replaced, refused) left one
    in the temp folder (1,150 of them here after a day of tests)."""
    shutil.rmtree(pipeline.local_tempdir, ignore_errors=True)


def _make(runner: str, args: list[str], num_workers: int | None, small: bool) -> beam.Pipeline:
    if runner == LOCAL:
        from apache_beam.runners.portability.fn_api_runner import FnApiRunner

        in_process = small and num_workers is None
        workers = 1 if in_process else _capped(num_workers, "--workers") if num_workers else os.cpu_count() or 1
        local_args = [
            f"--direct_running_mode={IN_PROCESS_MODE if in_process else DEFAULT_LOCAL_MODE}",
            f"--direct_num_workers={workers}",
        ]
        args[:] = [_capped_beam_arg(a) for a in args]
        # Options given after `--` win over our defaults.
        given = {a.split("=", 1)[0] for a in args}
        if "--pipeline_type_check" not in given:
            # Beam checks type hints between steps as it builds the pipeline: a fixed pipeline,
            # tested, gains nothing, and it is ~0.2 s of the 72 sample images' 2.3 s (medians of 8).
            local_args.append("--no_pipeline_type_check")
        options = _LocalOptions([a for a in local_args if a.split("=", 1)[0] not in given] + args)
        _mend_worker_start()
        _fewer_malloc_arenas()
        return beam.Pipeline(runner=FnApiRunner(provision_info=_provision_info(options)), options=options)
    name = RUNNER_ALIASES.get(runner, runner)
    if name == RUNNER_ALIASES["dataflow"]:
        from shardify.beam_jobs.runners.worker_package import staging_args

        args = staging_args(args)  # Dataflow's workers start without shardify
    try:
        return beam.Pipeline(options=PipelineOptions([f"--runner={name}", *args]))
    except (ValueError, ImportError) as error:
        raise RunnerError(f"runner {runner!r} is not available: {error}") from None


class _LocalOptions(PipelineOptions):
    """Pipeline options whose views are made once per options class.

    Beam makes a view (`cls(flags)`: an argparse parser of every registered option, ~1 ms) each
    time it applies a transform, twice: ~400 views for this pipeline, measured. A view holds no
    state of its own (its values are its parent's `_all_options`, shared), so one view per class
    serves every call.
    """

    def view_as(self, cls):  # noqa: ANN001, ANN201 - Beam's signature
        views = self.__dict__.setdefault("_views", {})
        if cls not in views:
            views[cls] = super().view_as(cls)
        return views[cls]

    def __getstate__(self) -> dict:
        state = super().__getstate__() or dict(self.__dict__)
        return {key: value for key, value in state.items() if key != "_views"}


def _capped_beam_arg(arg: str) -> str:
    """`--direct_num_workers=N` capped as `--workers` is; other arguments as they are."""
    name, _, value = arg.partition("=")
    if name == "--direct_num_workers" and value.isascii() and value.isdigit() and int(value) > 0:
        return f"{name}={_capped(int(value), name)}"
    return arg


def _fewer_malloc_arenas() -> None:
    """Caps glibc's malloc arenas at MALLOC_ARENAS in the launcher and its worker processes (where
    MALLOC_ARENA_MAX is not set already). glibc gives allocating threads arenas of their own, up to
    8 a core, and memory freed in one is not reused by another: the local runner's dozens of gRPC
    threads hand the metadata's bytes between stages, and the peaks added up. Measured on 200,000
    tiny texts (16 shards): process-tree peak 1,183 MB capped against 1,345 MB, CPU alike."""
    os.environ.setdefault("MALLOC_ARENA_MAX", MALLOC_ARENAS)  # the worker processes inherit it
    if not sys.platform.startswith("linux"):
        return
    try:  # this process: arenas made from now on (the pipeline's threads)
        ctypes.CDLL("libc.so.6").mallopt(_M_ARENA_MAX, int(os.environ["MALLOC_ARENA_MAX"]))
    except (OSError, AttributeError, ValueError):  # not glibc, or a value glibc would not take either
        pass


def _mend_worker_start() -> None:
    """Makes a local worker process that cannot start, or dies, fail the run instead of hanging it.

    Beam's FnApiRunner starts each worker process from a thread (`SubprocessSdkWorkerHandler`) and
    then waits, without a timeout, for the worker to answer over gRPC. When the process cannot be
    forked, or exits early (it cannot start its threads under a process limit), that thread dies
    with the error and the runner waits forever. Here the thread's failure aborts the worker's
    control connection, so the runner's wait raises RunnerError with the reason.
    """
    from apache_beam.runners.portability import local_job_service
    from apache_beam.runners.portability.fn_api_runner import worker_handlers

    handler = worker_handlers.SubprocessSdkWorkerHandler
    if getattr(handler, "_shardify_mended", False):
        return

    def start_worker(self) -> None:  # noqa: ANN001 - Beam's handler
        _check_room_for_workers(self.provision_info)
        self.worker = local_job_service.SubprocessSdkWorker(
            _worker_command(self._worker_command_line), self.control_address, self.provision_info, self.worker_id
        )
        self.worker_thread = threading.Thread(name="run_worker", target=_run_worker, args=(self,), daemon=True)
        self.worker_thread.start()

    handler.start_worker = start_worker
    handler._shardify_mended = True


def _worker_command(command: bytes) -> bytes:
    """Beam's local worker command (bytes, as its environment carries it), running `worker_main`
    (Beam's worker, its garbage collector tuned) where it is the one FnApiRunner makes for this
    interpreter; any other as it is."""
    beams = f"{sys.executable} -m apache_beam.runners.worker.sdk_worker_main".encode()
    return f"{sys.executable} -m {worker_main.MODULE}".encode() if command == beams else command


def _run_worker(handler) -> None:  # noqa: ANN001 - Beam's SubprocessSdkWorkerHandler
    """Runs the worker process to its end; if it cannot start or fails, every wait on its control
    connection (now and later) raises RunnerError."""
    try:
        handler.worker.run()
    except Exception as error:  # noqa: BLE001 - Popen's OSError, or Beam's RuntimeError for an exit code
        failure = RunnerError(f"a local worker process could not be started or stopped early ({error}){_process_limit()}")
        _LOG.error("%s", failure)
        _abort(handler.control_conn, failure)
        # The runner also waits for the worker's data; that wait raises what its channel holds here.
        if hasattr(handler.data_conn, "_exception"):
            handler.data_conn._exception = failure


def _check_room_for_workers(provision_info) -> None:  # noqa: ANN001 - Beam's ExtendedProvisionInfo
    """Before a run's first worker process starts: raises ShardifyError when the process limit
    (`ulimit -u`: this user's processes and threads) leaves no room for them all."""
    if getattr(provision_info, "_shardify_checked", False):
        return
    provision_info._shardify_checked = True
    soft, _ = resource.getrlimit(resource.RLIMIT_NPROC)
    if soft == resource.RLIM_INFINITY or os.getuid() == 0:  # root is never held to it
        return
    used = _tasks_of(os.getuid())
    if used is None:
        return
    from google.protobuf import json_format

    options = json_format.MessageToDict(provision_info.provision_info.pipeline_options)
    workers = int(options.get("beam:option:direct_num_workers:v1", 1) or 1)
    room = (soft - used) // TASKS_PER_WORKER
    if room >= workers:
        return
    advice = f"run with --workers {room}, or raise the limit" if room >= 1 else "raise the limit"
    raise ShardifyError(
        f"cannot start {workers} worker processes: this user may run {soft} processes and threads (ulimit -u) and "
        f"runs {used} already, and each worker process takes about {TASKS_PER_WORKER}: {advice}"
    )


def _tasks_of(uid: int) -> int | None:
    """This user's processes and threads now, from /proc (None where there is no /proc)."""
    if not os.path.isdir("/proc"):
        return None
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/status", encoding="ascii", errors="replace") as f:
                status = f.read()
        except OSError:  # ended meanwhile
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        try:
            if int(fields["Uid"].split()[0]) == uid:
                total += int(fields["Threads"].split()[0])
        except (KeyError, ValueError, IndexError):
            continue
    return total


def _abort(connection, failure: Exception) -> None:  # noqa: ANN001 - Beam's ControlConnection
    """Fails every request to a worker that is gone: those waiting now, and any made later."""
    push = connection.push

    def failing_push(request):  # noqa: ANN001, ANN202 - Beam's request and future
        future = push(request)
        if future is not None:
            future.abort(failure)
        return future

    connection.push = failing_push
    connection.abort(failure)


def _process_limit() -> str:
    """A hint naming the process limit, where one is set."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NPROC)
    if soft == resource.RLIM_INFINITY:
        return "; run with fewer --workers"
    return f"; the process limit (ulimit -u) is {soft}: run with fewer --workers, or raise the limit"


def _check_beam_args(args: Sequence[str], options: PipelineOptions) -> None:
    """Beam discards options it does not know with a log line: a misspelled option would be
    ignored and the run would do something else. Refuse them, with the closest known name.

    Raises:
      UsageError: an unknown option, or a word that is neither an option nor an option's value.
    """
    if not args:  # only our own flags, Beam's options all (checked with the user's wherever any is given)
        return  # parsing twice with every registered option costs ~40 ms a pipeline, two a conversion
    known = set(options.get_all_options())
    given = options.get_all_options(retain_unknown_options=True)
    for name in sorted(set(given) - known):
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" (did you mean --{close[0]}?)" if close else ""
        raise UsageError(f"unknown Beam option --{name}{hint}")
    for index, arg in enumerate(args):
        previous = args[index - 1] if index else ""
        if not arg.startswith("-") and not (previous.startswith("--") and "=" not in previous):
            raise UsageError(f"{arg!r} after -- is not a Beam option (they look like --name=value)")


def runs_in_process(options: PipelineOptions) -> bool:
    """The local runner with one worker in this process: nothing to spread work over."""
    from apache_beam.options.pipeline_options import DirectOptions

    direct = options.view_as(DirectOptions)
    return direct.direct_running_mode == IN_PROCESS_MODE and direct.direct_num_workers == 1


def is_dry_run(options: PipelineOptions) -> bool:
    """Beam's `--dry_run=True`: the runner builds the job (Dataflow: graph and staged package) and
    submits nothing, so nothing is written and there is no output to check."""
    from apache_beam.options.pipeline_options import TestOptions

    return bool(options.view_as(TestOptions).dry_run)
