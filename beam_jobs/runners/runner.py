"""Which Beam runner a conversion runs on, chosen explicitly.

Beam's own default local runner (and even `--runner=DirectRunner`) first tries the Prism runner,
which downloads a binary at run time; offline that fails after a delay. The local default here is
the FnApiRunner, constructed directly, running bundles on every core.
"""

from __future__ import annotations

import difflib
import os
import shutil
from collections.abc import Sequence
from typing import TYPE_CHECKING

import apache_beam as beam
from apache_beam.options.pipeline_options import PipelineOptions

from shardify.errors import RunnerError, UsageError

if TYPE_CHECKING:
    from apache_beam.runners.portability.fn_api_runner.fn_runner import ExtendedProvisionInfo

__all__ = ["LOCAL", "RUNNER_ALIASES", "make_pipeline", "discard", "runs_in_process", "is_dry_run"]

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


def _provision_info(options: PipelineOptions) -> ExtendedProvisionInfo:
    """What the worker processes are told, as Beam's DirectRunner does: without the pipeline's
    options, their file systems ignore e.g. `--s3_endpoint_url` and credentials."""
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
        local_args = [
            f"--direct_running_mode={IN_PROCESS_MODE if in_process else DEFAULT_LOCAL_MODE}",
            f"--direct_num_workers={1 if in_process else num_workers or os.cpu_count() or 1}",
        ]
        # Options given after `--` win over our defaults.
        given = {a.split("=", 1)[0] for a in args}
        if "--pipeline_type_check" not in given:
            # Beam checks type hints between steps as it builds the pipeline: a fixed pipeline,
            # tested, gains nothing, and it is ~0.2 s of the 72 sample images' 2.3 s (medians of 8).
            local_args.append("--no_pipeline_type_check")
        options = PipelineOptions([a for a in local_args if a.split("=", 1)[0] not in given] + args)
        return beam.Pipeline(runner=FnApiRunner(provision_info=_provision_info(options)), options=options)
    name = RUNNER_ALIASES.get(runner, runner)
    if name == RUNNER_ALIASES["dataflow"]:
        from shardify.beam_jobs.runners.worker_package import staging_args

        args = staging_args(args)  # Dataflow's workers start without shardify
    try:
        return beam.Pipeline(options=PipelineOptions([f"--runner={name}", *args]))
    except (ValueError, ImportError) as error:
        raise RunnerError(f"runner {runner!r} is not available: {error}") from None


def _check_beam_args(args: Sequence[str], options: PipelineOptions) -> None:
    """Beam discards options it does not know with a log line: a misspelled option would be
    ignored and the run would do something else. Refuse them, with the closest known name.

    Raises:
      UsageError: an unknown option, or a word that is neither an option nor an option's value.
    """
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
