"""The conversion pipeline: Discover | Plan | WriteShards | FindDuplicates | WriteManifest.

    raw/ --Discover--> Entry --Plan--> ShardTask --WriteShards--> ShardResult --WriteManifest--> manifest.json
                                                            \--> content hashes --FindDuplicates--^

Only metadata crosses a shuffle; file bytes are read inside WriteShards, one shard per worker call.
A dry run stops after Plan: it writes only the plan, into a temporary folder. What runs before the
pipeline (detection, the output's lock) and after it (why no manifest) is in `launch.py`.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

import apache_beam as beam

from shardify.beam_jobs.discover import image_split_fields
from shardify.beam_jobs.discover.held import load_held
from shardify.beam_jobs.discover.recall import KeepProbes
from shardify.beam_jobs.discover.stage import AUXILIARY, COLUMNS, ENTRIES, HELD, NOTES, REJECTS, SKIPPED, Discover
from shardify.beam_jobs.find_duplicates import FindDuplicates
from shardify.beam_jobs.output import folder as output_folder
from shardify.beam_jobs.plan import SUMMARY, TASKS, Plan, PlanContext
from shardify.beam_jobs.write_manifest import WriteManifest
from shardify.beam_jobs.find_duplicates import ContentHashes
from shardify.beam_jobs.write_shards import CONTENT_HASHES, RESULTS, WriteShards
from shardify.config import ConvertConfig
from shardify.converters import label_cells
from shardify.format import naming
from shardify.format.versions import VersionPlan
from shardify.plan.layout import COCO, SourceLayout
from shardify.plan.shard_plans import PlanSummary

__all__ = ["PipelineShape", "build_pipeline"]


def _record_plan(summary: PlanSummary, output: str) -> PlanSummary:
    output_folder.write_text_atomically(output, naming.PLAN_FILENAME, json.dumps(summary.to_json(), indent=2))
    return summary


@dataclass(frozen=True)
class PipelineShape:
    """Steps a run can do without, each a few stages whose start-up a small run feels.

    Attributes:
      spread: reshuffle work over workers (header probing, shards): pointless in one process.
      archives: list archives' members: needed unless detection saw the whole source and no
        archive in it.
    """

    spread: bool = True
    archives: bool = True


def build_pipeline(
    pipeline: beam.Pipeline,
    config: ConvertConfig,
    source_layout: SourceLayout,
    *,
    plan_only_into: str = "",
    lock_token: str = "",
    shape: PipelineShape = PipelineShape(),
    version: VersionPlan = VersionPlan(),
    keep: KeepProbes = KeepProbes(),
) -> None:
    """Adds the conversion's stages to `pipeline`.

    Args:
      plan_only_into: a folder: only Discover and Plan run, and the plan goes there (a dry run).
      lock_token: the token of this run's lock on the output folder; the manifest is written only
        while the lock still holds it ("": not checked).
      shape: steps this run needs (see PipelineShape).
      version: the output's version this run writes; from 2 on, an append to the versions before.
      keep: where header probes are recalled from and kept (see discover/recall.py).
    """
    found = pipeline | "Discover" >> Discover(
        config,
        source_layout,
        index_folder=plan_only_into or config.output,
        spread=shape.spread,
        archives=shape.archives,
        held_files=version.held_files,
        keep=keep,
    )
    # Entry per input; Reject per unusable input; relpath per skipped junk file and per auxiliary
    # file; (column, dtype).
    # COCO: an image's categories; an attribute matrix: the attributes set
    multi_label = label_cells.splits_cells(config.label_separator) or (source_layout.name == COCO and not source_layout.whole_images) or any(e.multi_label for e in source_layout.evidence)
    context = PlanContext(
        source_layout,
        config.shards,
        config.label_names,
        multi_label=multi_label,
        split_ratios=config.split,
        seed=config.seed,
        class_ids=config.class_ids,
        version=version.number,
        base_labels=version.labels,
        base_label_counts=tuple(version.held_label_counts.items()),
        resize=str(config.resize) if config.resize else "",
        store_pixels=str(config.store_pixels) if config.store_pixels else "",
        label_column_given=bool(config.label_column.strip()),
        no_label_said=config.unlabelled_value is not None,
        label_alias=config.label_alias,
    )
    plan = found[ENTRIES] | "Plan" >> Plan(
        context,
        rejects=found[REJECTS],
        skipped=found[SKIPPED],
        columns=found[COLUMNS],
        notes=found[NOTES],
        auxiliary=found[AUXILIARY],
    )
    # ShardTask per shard, and one PlanSummary; the summary is on disk before any shard is written,
    # because WriteShards takes it as a side input.
    summary = plan[SUMMARY] | "RecordPlan" >> beam.Map(_record_plan, plan_only_into or config.output)
    if plan_only_into:
        return
    written = plan[TASKS] | "WriteShards" >> WriteShards(
        config,
        image_split_fields.caption_file(config, source_layout),  # (the label file, or the split file giving captions)
        summary,
        spread=shape.spread,
        first_record=version.first_record,
        line_files=tuple(f.path for f in source_layout.line_files),
        # (and the tables labelled by a labels table joined by id: no column of their own is a label)
        labelled_by_lines=tuple(table for table, _ in (*source_layout.row_labels, *source_layout.table_labels)) + tuple(e.rows_of for e in source_layout.evidence if e.rows_of),
        text_joins=source_layout.text_joins,  # (rows taking a texts table's text by key: FNC-1's stances)
        masks_indexed=source_layout.masks_indexed,  # (a mask in colour among grey ones: a photo, rejected)
    )
    # ShardResult per shard written (its inputs in its result file in OUT); (bucket, Packed [(sha256,
    # split, record id)]) per shard and bucket.
    hashes = written[CONTENT_HASHES]
    if version.held_files:  # duplicates are found over every version's records
        held_hashes = (
            pipeline
            | "HeldFiles" >> beam.Create([version.held_files])
            | "HeldHashes" >> beam.FlatMap(_held_hashes, config.output)
        )
        hashes = (hashes, held_hashes) | "MergeHashes" >> beam.Flatten()
    duplicates = hashes | "FindDuplicates" >> FindDuplicates()
    # DuplicateGroup per content several records hold.
    _ = written[RESULTS] | "WriteManifest" >> WriteManifest(
        config.output,
        summary=summary,
        rejects=found[REJECTS],
        duplicates=duplicates,
        options=_manifest_options(config, source_layout),
        limit=config.max_rejects,
        lock_token=lock_token,
        held=found[HELD],
        version=version,
    )


def _held_hashes(names: tuple[str, ...], output: str):  # noqa: ANN202 - yields FindDuplicates' input
    """(bucket, Packed [(sha256, split, record id)]) of the records earlier versions hold."""
    contents = ContentHashes()
    contents.add_all(load_held(output, names).content_hashes())
    yield from contents.by_bucket()


def _manifest_options(config: ConvertConfig, source_layout: SourceLayout) -> dict[str, object]:
    return {**config.manifest_options(), "source_layout": dataclasses.asdict(source_layout)}
