"""The conversion pipeline: Discover | Plan | WriteShards | WriteManifest.

    raw/ --Discover--> Entry --Plan--> ShardTask --WriteShards--> ShardResult --WriteManifest--> manifest.json

Only metadata crosses a shuffle; file bytes are read inside WriteShards, one shard per worker call.
A dry run stops after Plan: it writes only the plan, into a temporary folder.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import tempfile
from collections.abc import Sequence

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems

from shardify import naming
from shardify.beam_jobs import output_folder, runner
from shardify.beam_jobs.config import ConvertConfig
from shardify.beam_jobs.detect import resolve_layout
from shardify.beam_jobs.discover import COLUMNS, ENTRIES, REJECTS, SKIPPED, Discover
from shardify.beam_jobs.plan import SUMMARY, TASKS, Plan, PlanContext
from shardify.beam_jobs.write_manifest import WriteManifest
from shardify.beam_jobs.write_shards import WriteShards
from shardify.entries import PlanSummary
from shardify.errors import RejectLimitError, SourceError
from shardify.layout import SourceLayout
from shardify.paths import is_local_path

__all__ = ["ConvertConfig", "build_pipeline", "run_conversion", "plan_conversion"]


def _record_plan(summary: PlanSummary, output: str) -> PlanSummary:
    output_folder.write_text_atomically(output, naming.PLAN_FILENAME, json.dumps(summary.to_json(), indent=2))
    return summary


def build_pipeline(
    pipeline: beam.Pipeline, config: ConvertConfig, source_layout: SourceLayout, *, dry_run: bool = False
) -> None:
    """Adds the conversion's stages to `pipeline`; with `dry_run`, only Discover and Plan."""
    found = pipeline | "Discover" >> Discover(config, source_layout)
    # Entry per input; Reject per unusable input; relpath per skipped junk file; (column, dtype).
    context = PlanContext(
        source_layout, config.shard_request, config.label_names, multi_label=bool(config.label_separator)
    )
    plan = found[ENTRIES] | "Plan" >> Plan(
        context, rejects=found[REJECTS], skipped=found[SKIPPED], columns=found[COLUMNS]
    )
    # ShardTask per shard, and one PlanSummary; the summary is on disk before any shard is written,
    # because WriteShards takes it as a side input.
    summary = plan[SUMMARY] | "RecordPlan" >> beam.Map(_record_plan, config.output)
    if dry_run:
        return
    results = plan[TASKS] | "WriteShards" >> WriteShards(config, source_layout.labels_file, summary)
    # ShardResult per shard written.
    _ = results | "WriteManifest" >> WriteManifest(
        config.output,
        summary=summary,
        rejects=found[REJECTS],
        options=_manifest_options(config, source_layout),
        limit=config.reject_limit,
    )


def _manifest_options(config: ConvertConfig, source_layout: SourceLayout) -> dict[str, object]:
    return {**config.manifest_options(), "source_layout": dataclasses.asdict(source_layout)}


def _normalise(path: str) -> str:
    return os.path.abspath(path) if is_local_path(path) else path.rstrip("/")


def _prepared(config: ConvertConfig) -> tuple[ConvertConfig, SourceLayout]:
    config = dataclasses.replace(config, source=_normalise(config.source), output=_normalise(config.output))
    if is_local_path(config.source) and not os.path.isdir(config.source):
        raise SourceError(f"source folder {config.source} does not exist or is not a folder")
    return config, resolve_layout(config)


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
) -> beam.runners.runner.PipelineResult:
    """Runs the conversion to the end.

    Raises:
      SourceError: the source folder does not exist, or its layout cannot be read.
      OutputError: the output folder cannot be claimed (see `output_folder.prepare_output`).
    """
    pipeline = runner.make_pipeline(runner_name, beam_args, num_workers=num_workers)
    FileSystems.set_options(pipeline.options)  # the launcher's own listing uses them too
    config, source_layout = _prepared(config)
    dry_run = runner.is_dry_run(pipeline.options)
    if not dry_run:
        output_folder.prepare_output(config.output, overwrite=overwrite)
    build_pipeline(pipeline, config, source_layout)
    result = _run(pipeline)
    if not dry_run:
        _check_finished(config)
    return result


def _read_text(path: str) -> str:
    with FileSystems.open(path) as f:
        return f.read().decode("utf-8")


def _check_finished(config: ConvertConfig) -> None:
    """Raises the reason when the finished pipeline wrote no manifest.

    Raises:
      RejectLimitError: more rejects than `config.max_rejects`.
      SourceError: no usable input at all.
    """
    if FileSystems.exists(FileSystems.join(config.output, naming.MANIFEST_FILENAME)):
        return
    rejects_path = FileSystems.join(config.output, naming.REJECTS_FILENAME)
    rejected = _read_text(rejects_path).count("\n") if FileSystems.exists(rejects_path) else 0
    plan = PlanSummary.from_json(json.loads(_read_text(FileSystems.join(config.output, naming.PLAN_FILENAME))))
    tried = plan.num_records + plan.num_rejected
    if rejected < tried:
        raise RejectLimitError(
            f"{rejected} of {tried} inputs were rejected, more than --max-rejects {config.max_rejects} "
            f"allows: no manifest written (reasons in {rejects_path}; raise the limit to keep the rest)"
        )
    raise SourceError(f"no records written: no usable input under {config.source} (reasons in {rejects_path})")


def plan_conversion(
    config: ConvertConfig, *, beam_args: Sequence[str] = (), num_workers: int | None = None
) -> PlanSummary:
    """Discovers and plans without writing anything to `config.output`: the dry run.

    Runs locally (planning reads every header, which is cheap next to writing).

    Raises:
      SourceError: as `run_conversion`.
    """
    pipeline = runner.make_pipeline(runner.LOCAL, beam_args, num_workers=num_workers)
    FileSystems.set_options(pipeline.options)
    config, source_layout = _prepared(config)
    scratch = tempfile.mkdtemp(prefix="shardify-plan-")
    try:
        build_pipeline(pipeline, dataclasses.replace(config, output=scratch), source_layout, dry_run=True)
        _run(pipeline)
        with open(os.path.join(scratch, naming.PLAN_FILENAME), encoding="utf-8") as f:
            return PlanSummary.from_json(json.load(f))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
