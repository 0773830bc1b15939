"""Running a conversion from the command line: the plan and progress on a terminal, the outcome
in one line (`convert`), or the plan alone (`dry_run`). `cli/convert.py` parses the options into
the `ConvertConfig` these take.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import typer

from shardify.cli.exit_codes import FAILURE, fail, reporting_errors, without_beam_step
from shardify.cli.layout_option import fields_note, unwritten_note, write_layout_file, written_note
from shardify.config import ConvertConfig
from shardify.errors import DoubtedGuess, ShardifyError, UsageError
from shardify.format import naming
from shardify.inputs.paths import is_local_path
from shardify.plan.plan_file import load_plan

__all__ = ["convert", "dry_run"]

_LOG = logging.getLogger("shardify")


def _configure_logging(stream: TextIO, quiet: bool, *, other_logs: str | None = None) -> None:
    """shardify's messages go to `stream`; other libraries' warnings to the file `other_logs` (the
    worker log of a local run, where they are kept if the run fails) or, without one, to stderr."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(message)s"))
    _LOG.handlers[:] = [handler]
    _LOG.setLevel(logging.WARNING if quiet else logging.INFO)
    _LOG.propagate = False
    # Beam is chatty at INFO; its warnings and errors still show.
    logging.getLogger("apache_beam").setLevel(logging.WARNING)
    root = logging.getLogger()
    root.setLevel(logging.WARNING)
    # A message logged after its stream closed (a worker's watcher thread, when Ctrl-C ends the run
    # while Beam shuts its workers down) is dropped, as the logging docs advise for production,
    # instead of printing "--- Logging error ---" and a traceback under the run's last line.
    logging.raiseExceptions = False
    if other_logs:
        root.handlers[:] = [logging.FileHandler(other_logs, encoding="utf-8")]


def _layout_fields(config: ConvertConfig) -> Callable[[str], str]:
    """A run given a layout file: its stops name the file's fields beside the options (`fields_note`)."""
    return fields_note if config.layout_given is not None else (lambda message: "")


def convert(
    config: ConvertConfig, beam_args: list[str], *, runner: str, workers: int | None, overwrite: bool, quiet: bool, append: bool = False
) -> None:
    """Runs the conversion, showing the plan and progress on a terminal, then says what it wrote."""
    from shardify.beam_jobs.runners.runner import LOCAL, is_dry_run

    started = time.monotonic()
    previous = _latest_version(config.output) if append else 0
    with reporting_errors(interrupted=lambda: _interrupted(config.output, previous), also=_layout_fields(config)):
        if runner == LOCAL:
            from shardify.cli.local_run import PlanWatcher, worker_output_to_log

            with worker_output_to_log() as (stream, log_path):
                _configure_logging(stream, quiet, other_logs=log_path)
                _LOG.info("converting %s -> %s (worker log: %s)", config.source, config.output, log_path)
                show_progress = not quiet and stream.isatty()
                with PlanWatcher(os.path.abspath(config.output), stream, show_plan=not quiet, show_progress=show_progress):
                    result = _run(config, beam_args, runner, workers, overwrite, log_path, append=append)
            os.unlink(log_path)
        else:
            _configure_logging(sys.stderr, quiet)
            _LOG.info("converting %s -> %s on %s", config.source, config.output, runner)
            result = _run(config, beam_args, runner, workers, overwrite, append=append)
    from apache_beam.options.pipeline_options import PipelineOptions

    from shardify.beam_jobs import counters
    from shardify.cli.plan_text import describe_result
    from shardify.format.manifest import load_manifest

    if is_dry_run(PipelineOptions(beam_args)):
        typer.echo(f"dry run on {runner}: the job was built (and shardify staged for its workers); nothing was submitted or written")
        return
    if not is_local_path(config.output):  # the summary reads the manifest from local disk only
        typer.echo(f"finished on {runner}: {config.output}/{naming.MANIFEST_FILENAME} describes the output")
        return
    manifest = load_manifest(config.output)  # run_conversion waited for the end, and raised the reason if there is none
    if append and manifest.version == previous:
        typer.echo(f"nothing new to append: every input of {config.source} is in {config.output} already; version {previous} stays the latest")
        return
    typer.echo(
        describe_result(
            manifest,
            config.output,
            seconds=time.monotonic() - started,
            bytes_read=_bytes_read(config.output),
            kept=counters.total(result, counters.SHARDS_KEPT),
            rewritten=counters.total(result, counters.SHARDS_REWRITTEN),
            probed=counters.total(result, counters.INPUTS_PROBED),
            recalled=counters.total(result, counters.INPUTS_RECALLED),
        )
    )


def _run(
    config: ConvertConfig, beam_args: list[str], runner: str, workers: int | None, overwrite: bool, log_path: str = "", *, append: bool = False
) -> object:
    """`run_conversion`, with a failure inside the runner said in one line.

    Raises:
      ShardifyError: our own errors as they are; the runner's, as `_worker_failure` words them.
    """
    from shardify.beam_jobs.launch import run_conversion

    try:
        return run_conversion(
            config, runner_name=runner, beam_args=beam_args, num_workers=workers, overwrite=overwrite, append=append
        )
    except ShardifyError:
        if log_path:
            os.unlink(log_path)  # refused before any worker ran: nothing to keep
        raise
    except Exception as error:  # a worker failed, or the runner refused the job; Beam re-raises it wrapped
        raise _worker_failure(error, log_path) from None


def _latest_version(out: str) -> int:
    """OUT's latest version (0: none, or unreadable: an append then says why it cannot go on)."""
    from shardify.format.manifest import load_manifest

    if not is_local_path(out):
        return 0
    try:
        return load_manifest(out).version
    except ShardifyError:
        return 0


def _bytes_read(out: str) -> int | None:
    """The input bytes the plan counted (files' sizes, rows' lengths), or None if it cannot say
    (a plan.json replaced since the run wrote it says nothing: see `plan_file`)."""
    try:
        return load_plan(out).num_bytes
    except ShardifyError:
        return None


def _interrupted(out: str, previous: int = 0) -> str:
    """What an interrupted run leaves, and how to go on. `previous`: OUT's latest version before
    the run (an append's); a later one is this run's manifest, written before Ctrl-C came (Beam
    takes a second or more to stop its workers after the manifest): the output is then complete."""
    version = _latest_version(out)
    if version > previous:
        return f"the output was complete before that: {out} holds its manifest (version {version}); nothing to run again"
    try:
        whole = sum(1 for name in os.listdir(out) if naming.is_shard_result(name)) if is_local_path(out) else 0
    except OSError:
        whole = 0
    kept = f"{whole} whole shard{'s' if whole != 1 else ''} in {out} will be kept; " if whole else ""
    return f"no manifest written; {kept}run the same command again to finish"


def _worker_failure(error: Exception, log_path: str = "") -> ShardifyError:
    """The failure Beam re-raised, in one line: our own error's message as it is, else its last
    line, with the worker log to read. (Usage errors never come this way: they are raised before
    the pipeline runs, or recorded in the plan; see `launch._check_finished`.)"""
    last = without_beam_step((str(error).strip().splitlines() or [type(error).__name__])[-1])
    ours = last.rfind("shardify.errors.")
    message = last[ours:].split(": ", 1)[-1] if ours >= 0 else f"the conversion failed: {last}"
    return ShardifyError(f"{message} (worker log: {log_path})" if log_path else message)


def dry_run(
    config: ConvertConfig, beam_args: list[str], workers: int | None, *, append: bool = False, write_layout: Path | None = None
) -> None:
    """Prints the plan (with --append: of the inputs OUT does not hold yet); writes nothing to
    OUT. With `write_layout`, writes detection's guess to that layout file (even a guess whose
    doubt stops the run: the user mends it there)."""
    from shardify.beam_jobs.launch import plan_conversion
    from shardify.cli.local_run import worker_output_to_log
    from shardify.cli.plan_text import describe_plan

    with reporting_errors(interrupted=lambda: "a dry run writes nothing", also=_layout_fields(config)):
        with worker_output_to_log() as (stream, log_path):
            _configure_logging(stream, quiet=True, other_logs=log_path)
            def on_layout(guess: object, used: ConvertConfig) -> None:  # `used`: with the tables' agreed options
                if write_layout is not None:
                    write_layout_file(write_layout, guess, used, source=config.source)

            try:
                summary = plan_conversion(config, beam_args=beam_args, num_workers=workers, append=append, on_layout=on_layout)
            except DoubtedGuess as doubt:
                if write_layout is None:
                    raise
                write_layout_file(write_layout, doubt.guess, config, source=config.source, doubt=str(doubt))
                raise UsageError(f"{doubt}\n{written_note(write_layout, config.source, config.output)}") from None
            except UsageError as stop:  # a stop before any guess: the layout file it was asked for is not left unsaid
                if write_layout is None or write_layout.exists():
                    raise
                raise UsageError(f"{stop}\n{unwritten_note(write_layout)}") from None
            except ShardifyError:
                raise
            except Exception as error:
                last = str(error).strip().splitlines()[-1:] or [type(error).__name__]
                raise ShardifyError(f"planning failed: {last[0]} (worker log: {log_path})") from None
        os.unlink(log_path)
    typer.echo(describe_plan(summary))
    if not append and summary.num_records == 0:  # the run would fail so: the dry run says it, with the run's exit code
        reasons = "; ".join(f"{r.relpath}: {r.reason}" for r in summary.reject_examples[:3])
        fail(
            f"a conversion would write no records: no usable input under {config.source}" + (f" ({reasons})" if reasons else ""),
            code=FAILURE,
        )
    if write_layout is not None:
        typer.echo(written_note(write_layout, config.source, config.output))
    typer.echo(f"dry run: nothing written to {config.output}")
