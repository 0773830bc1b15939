"""The conversion pipeline: Discover | Plan | WriteShards | WriteManifest.

    raw/ --Discover--> Entry --Plan--> ShardTask --WriteShards--> ShardResult --WriteManifest--> manifest.json

Only metadata crosses a shuffle; file bytes are read inside WriteShards, one shard per worker call.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import apache_beam as beam

from shardify import naming
from shardify.beam_jobs import output_folder, runner
from shardify.beam_jobs.discover import ENTRIES, REJECTS, SKIPPED, Discover
from shardify.beam_jobs.plan import SUMMARY, TASKS, Plan
from shardify.beam_jobs.write_manifest import WriteManifest
from shardify.beam_jobs.write_shards import WriteShards
from shardify.defaults import DEFAULT_MAX_PIXELS
from shardify.entries import PlanSummary
from shardify.errors import SourceError
from shardify.paths import is_local_path

__all__ = ["ConvertConfig", "build_pipeline", "run_conversion"]


@dataclass(frozen=True)
class ConvertConfig:
    """What to convert and how; recorded in the manifest's "options" (paths excepted).

    Attributes:
      source: the raw data folder (local path or a Beam file system URL).
      output: the output folder.
      shards: shards per split.
      seed: seeds the record order.
      max_pixels: larger images are rejected.
    """

    source: str
    output: str
    shards: int = 1
    seed: int = 0
    max_pixels: int = DEFAULT_MAX_PIXELS

    def __post_init__(self) -> None:
        if not 1 <= self.shards <= naming.MAX_SHARDS:
            raise ValueError(f"shards={self.shards} must be in 1..{naming.MAX_SHARDS}")
        if self.max_pixels < 1:
            raise ValueError(f"max_pixels={self.max_pixels} must be positive")

    def manifest_options(self) -> dict[str, object]:
        options = asdict(self)
        del options["source"], options["output"]
        return options


def _record_plan(summary: PlanSummary, output: str) -> PlanSummary:
    output_folder.write_text_atomically(output, naming.PLAN_FILENAME, json.dumps(summary.to_json(), indent=2))
    return summary


def build_pipeline(pipeline: beam.Pipeline, config: ConvertConfig) -> None:
    """Adds the conversion's stages to `pipeline`."""
    found = pipeline | "Discover" >> Discover(config.source, seed=config.seed, max_pixels=config.max_pixels)
    # Entry per usable file; Reject per unusable one; relpath per skipped junk file.
    plan = found[ENTRIES] | "Plan" >> Plan(shards=config.shards)
    # ShardTask per shard, and one PlanSummary; the summary is on disk before any shard is written,
    # because WriteShards takes it as a side input.
    summary = plan[SUMMARY] | "RecordPlan" >> beam.Map(_record_plan, config.output)
    results = plan[TASKS] | "WriteShards" >> WriteShards(config.source, config.output, summary)
    # ShardResult per shard written.
    _ = results | "WriteManifest" >> WriteManifest(
        config.output,
        summary=summary,
        rejects=found[REJECTS],
        skipped=found[SKIPPED],
        options=config.manifest_options(),
    )


def _normalise(path: str) -> str:
    return os.path.abspath(path) if is_local_path(path) else path.rstrip("/")


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
      SourceError: the source folder does not exist.
      OutputError: the output folder cannot be claimed (see `output_folder.prepare_output`).
    """
    config = ConvertConfig(**{**asdict(config), "source": _normalise(config.source), "output": _normalise(config.output)})
    if is_local_path(config.source) and not os.path.isdir(config.source):
        raise SourceError(f"source folder {config.source} does not exist or is not a folder")
    output_folder.prepare_output(config.output, overwrite=overwrite)
    pipeline = runner.make_pipeline(runner_name, beam_args, num_workers=num_workers)
    build_pipeline(pipeline, config)
    result = pipeline.run()
    result.wait_until_finish()
    return result
