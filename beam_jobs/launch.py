"""What runs before and after the pipeline: SRC and OUT checked, the layout detected, the output
folder locked and claimed, the pipeline run, and, when it wrote no manifest, the reason raised.

    run_conversion:  check SRC and OUT -> detect the layout -> lock OUT -> build_pipeline -> run -> why no manifest?
                     (append: ... lock OUT -> the latest version's manifest, labels, split rule -> build_pipeline
                      for version N+1 -> run -> which version is the latest now?)
    plan_conversion: check SRC and OUT -> detect the layout -> build_pipeline (Discover | Plan only) -> run

An append's options and version are checked in `append_version`; what the finished run wrote is
read back, and its reason raised, in `run_outcome`.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.append_version import append_plan
from shardify.beam_jobs.discover import given_label_joins, table_agreement
from shardify.beam_jobs.discover.detect import SMALL_SOURCE_BYTES, SourceScan, detect_source
from shardify.beam_jobs.discover.files_decide import detect_deciding
from shardify.beam_jobs.discover.held import forget_held
from shardify.beam_jobs.discover.listing import real_folder
from shardify.beam_jobs.discover.recall import KeepProbes, probes_fingerprint, sound_files, unsound
from shardify.beam_jobs.held_layout import held_layout_reuse
from shardify.beam_jobs.output import folder as output_folder
from shardify.beam_jobs.output.lock import OutputLock, check_held
from shardify.beam_jobs.pipeline import PipelineShape, build_pipeline
from shardify.beam_jobs.run_outcome import check_appended, check_finished, read_written_plan
from shardify.beam_jobs.runners import runner
from shardify.config import ConvertConfig
from shardify.errors import SourceError, UsageError
from shardify.format import naming
from shardify.format.versions import VersionPlan, created_now
from shardify.inputs.paths import is_local_path, utf8_name
from shardify.plan.layout import SourceLayout
from shardify.plan.plan_file import read_plan
from shardify.plan.shard_plans import PlanSummary

__all__ = ["run_conversion", "plan_conversion"]

_LOG = logging.getLogger("shardify")


def _normalise(path: str) -> str:
    return os.path.abspath(path) if is_local_path(path) else path.rstrip("/")


def _is_inside(path: str, folder: str) -> bool:
    """`path` lies in `folder` (both as `real_folder` gives them)."""
    if is_local_path(path) != is_local_path(folder):
        return False
    return os.path.commonpath([folder, path]) == folder if is_local_path(path) else path.startswith(folder + "/")


def _check_surroundings(config: ConvertConfig) -> None:
    """SRC, OUT and the label file must not overlap in ways that make a run read its own output.

    OUT inside SRC is allowed: the listing leaves OUT out (by its real path), so nothing written is
    ever read back. OUT equal to SRC, SRC inside OUT and a label file inside OUT are refused.

    Raises:
      UsageError: one of those.
    """
    source, output = real_folder(config.source), real_folder(config.output)
    if source == output:
        raise UsageError(f"OUT {config.output} is SRC: the output would mix with the input; choose another output folder")
    if _is_inside(source, output):
        raise UsageError(f"SRC {config.source} lies inside OUT {config.output}: choose an output folder outside the source")
    if config.labels_file and _is_inside(real_folder(config.labels_file), output):
        raise UsageError(f"the label file {config.labels_file} lies inside OUT {config.output}, which the run rewrites")
    if _is_inside(output, source):
        _LOG.info("OUT lies inside SRC: it is left out of the input")


def _as_folder(source: str) -> tuple[str, str]:
    """(the folder to list, the file SRC names in it, or "" when SRC is a folder).

    Raises:
      SourceError: SRC does not exist.
    """
    if is_local_path(source):
        if os.path.isdir(source):
            return source, ""
        if not os.path.exists(source):
            raise SourceError(f"source {source} does not exist")
        return os.path.dirname(source), utf8_name(os.path.basename(source))  # relative paths are UTF-8 (inputs.paths)
    exact = [m for r in FileSystems.match([source]) for m in r.metadata_list if m.path.rstrip("/") == source]
    return (source.rsplit("/", 1)[0], source.rsplit("/", 1)[1]) if exact else (source, "")


def _prepared(config: ConvertConfig, *, append: bool = False) -> tuple[ConvertConfig, SourceLayout, SourceScan]:
    """The options with SRC and OUT made absolute (SRC a folder: its own, or a file's), the
    source's layout, and how much of it detection saw (an append: OUT's layout where the sample
    shows nothing it does not hold, `held_layout`)."""
    config = dataclasses.replace(config, source=_normalise(config.source), output=_normalise(config.output))
    folder, source_file = _as_folder(config.source)
    config = given_label_joins.as_tables(dataclasses.replace(config, source=folder))  # --labels F --key-column C: texts
    _check_surroundings(config)
    # (a stop whose option the files decide is followed here, as the user's next run would: files_decide)
    reuse = held_layout_reuse(config.output) if append else None
    config, (source_layout, scan), decided, claims = detect_deciding(
        lambda given: detect_source(given, source_file, reuse=reuse), config)
    if decided:  # (what the sampled rows showed, the plan confirms over every record: sampled_claims)
        source_layout = dataclasses.replace(source_layout, notes=(*source_layout.notes, *decided),
                                            sampled_claims=(*source_layout.sampled_claims, *claims))
    config, source_layout = table_agreement.agreed(config, source_layout, scan.sample)
    config = given_label_joins.read_joined(config)  # (the label column is the joined table's, in its evidence)
    return config, source_layout, scan


def _shape(scan: SourceScan, pipeline: beam.Pipeline) -> PipelineShape:
    """What the pipeline needs for this source on this runner (see `PipelineShape`)."""
    return PipelineShape(
        spread=not runner.runs_in_process(pipeline.options), archives=scan.archives or not scan.complete
    )


def _left_to_write(output: str) -> int | None:
    """Input bytes of the shards an interrupted run into `output` did not finish, as its plan
    counts them (whole shards have left their result files, see resume.py); None where no
    interrupted run left any. Only a hint for how to run (the re-run checks every kept shard):
    anything unexpected in the files means None."""
    try:
        kept = sum(1 for name in output_folder.list_names(output) if naming.is_shard_result(name))
        if not kept or FileSystems.exists(FileSystems.join(output, naming.MANIFEST_FILENAME)):
            return None
        summary = read_written_plan(output)
        shards = sum(split.num_shards for split in summary.splits.values())
        return max(0, summary.num_bytes * (shards - kept) // shards) if shards else None
    except Exception:  # noqa: BLE001 - no plan, or not one: run as for the source
        return None


def _for_source(
    pipeline: beam.Pipeline,
    scan: SourceScan,
    runner_name: str,
    beam_args: Sequence[str],
    num_workers: int | None,
    *,
    append: bool = False,
    left_bytes: int | None = None,
) -> beam.Pipeline:
    """The pipeline to run: a small source on the local runner runs in this process, and so does
    an append without --workers: it converts only what is new, usually a small part of SRC, and
    listing the rest costs less than starting worker processes (13.2 s against 5.8 s for 80 new
    images among 8,000 on 2 cores; benchmarks/long_runs.py `append`). `--workers N` spreads a
    large append. So does a resume whose unwritten shards hold no more than a small source
    (`left_bytes`, see `_left_to_write`): its headers are kept in OUT (discover/recall.py), so the
    rest of SRC costs a listing, and the kept shards a read each."""
    small_resume = left_bytes is not None and left_bytes <= SMALL_SOURCE_BYTES
    if runner_name == runner.LOCAL and (scan.small or (num_workers is None and (append or small_resume))):
        runner.discard(pipeline)
        return runner.make_pipeline(runner_name, beam_args, num_workers=num_workers, small=True)
    return pipeline


def _run(pipeline: beam.Pipeline) -> beam.runners.runner.PipelineResult:
    result = pipeline.run()
    result.wait_until_finish()
    return result


def run_conversion(
    config: ConvertConfig,
    *,
    runner_name: str = runner.LOCAL,
    beam_args: Sequence[str] = (),
    num_workers: int | None = None,
    overwrite: bool = False,
    append: bool = False,
) -> beam.runners.runner.PipelineResult:
    """Runs the conversion to the end.

    Args:
      append: add the inputs of SRC that OUT does not hold yet as a new version of OUT (see
        `append_plan`); without it, OUT is converted anew as version 1.

    Raises:
      SourceError: the source folder does not exist, or its layout cannot be read.
      UsageError: SRC and OUT overlap (see `_check_surroundings`), or options conflict with the source.
      OutputError: the output folder is locked by another run or cannot be claimed (see
        `output_lock.OutputLock` and `output_folder.prepare_output`).
    """
    pipeline = runner.make_pipeline(runner_name, beam_args, num_workers=num_workers)  # options checked first
    try:
        FileSystems.set_options(pipeline.options)  # the launcher's own listing uses them too
        config, source_layout, scan = _prepared(config, append=append)
        left = None if append or overwrite else _left_to_write(config.output)
        pipeline = _for_source(pipeline, scan, runner_name, beam_args, num_workers, append=append, left_bytes=left)
        if runner.is_dry_run(pipeline.options):  # Beam builds the job and submits nothing: OUT untouched
            build_pipeline(pipeline, config, source_layout, shape=_shape(scan, pipeline))
            return _run(pipeline)
        with OutputLock(config.output) as lock:
            if append:
                config, version = append_plan(config, source_layout, scan, in_process=runner.runs_in_process(pipeline.options))
            else:
                version = VersionPlan(1, created_now(), config.source)
            output_folder.prepare_output(config.output, overwrite=overwrite, keep_latest=append, source=config.source)
            keep, ignored = _kept_probes(config, write=True)
            build_pipeline(
                pipeline, config, source_layout, lock_token=lock.token, shape=_shape(scan, pipeline), version=version, keep=keep
            )
            result = _run(pipeline)
            # The run kept its own probes instead (maybe under the same name as a damaged file).
            output_folder.remove_files(config.output, unsound(config.output, keep.fingerprint, ignored))
            if append:
                check_appended(config, version)
            else:
                check_finished(config)
            check_held(config.output, lock.token)
        return result
    finally:
        forget_held()  # an append's inputs lists, kept while its pipeline ran in this process
        runner.discard(pipeline)  # refused before it ran: Beam leaves its temporary folder


def _kept_probes(config: ConvertConfig, *, write: bool) -> tuple[KeepProbes, list[str]]:
    """Where this run recalls and keeps header probes (see discover/recall.py), and the kept files
    in OUT it cannot use, said in one line: their inputs are probed again."""
    fingerprint = probes_fingerprint(config.source, config.max_pixels)
    sound, ignored = sound_files(config.output, fingerprint)
    if ignored:
        shown = "; ".join(f"{name}: {why}" for name, why in ignored[:3]) + ("; ..." if len(ignored) > 3 else "")
        _LOG.warning(
            "ignoring %d kept-probes file(s) in %s (%s): their inputs are probed again", len(ignored), config.output, shown
        )
    return KeepProbes(config.output, fingerprint, sound, write=write), [name for name, _ in ignored]


def plan_conversion(
    config: ConvertConfig,
    *,
    beam_args: Sequence[str] = (),
    num_workers: int | None = None,
    append: bool = False,
    on_layout: Callable[[SourceLayout, ConvertConfig], None] | None = None,
) -> PlanSummary:
    """Discovers and plans without writing anything to `config.output`: the dry run (with
    `append`, of the inputs OUT does not hold yet, as `run_conversion` would append them).
    `on_layout` is given the source's layout as soon as it is known, with the options as detection
    completed them (the tables' agreed header and label column, `table_agreement`): the dry run
    writes both to a layout file even when planning then fails.

    Runs locally (planning reads every header, which is cheap next to writing).

    Raises:
      SourceError: as `run_conversion`.
    """
    pipeline = runner.make_pipeline(runner.LOCAL, beam_args, num_workers=num_workers)
    # Hidden, so that even a source folder holding the temporary folder never reads it as input.
    scratch = tempfile.mkdtemp(prefix=".shardify-plan-")
    try:
        FileSystems.set_options(pipeline.options)
        config, source_layout, scan = _prepared(config, append=append)
        if on_layout is not None:
            on_layout(source_layout, config)
        pipeline = _for_source(pipeline, scan, runner.LOCAL, beam_args, num_workers, append=append)
        version = VersionPlan()
        if append:
            config, version = append_plan(config, source_layout, scan)
        keep, _ = _kept_probes(config, write=False)
        build_pipeline(
            pipeline, config, source_layout, plan_only_into=scratch, shape=_shape(scan, pipeline), version=version, keep=keep
        )
        _run(pipeline)
        with open(os.path.join(scratch, naming.PLAN_FILENAME), "rb") as f:
            summary = read_plan(f, os.path.join(scratch, naming.PLAN_FILENAME))
        if summary.refusal:
            raise UsageError(summary.refusal)
        return summary
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        runner.discard(pipeline)
