"""WriteManifest: gather the (small) shard results, write the rejects, repairs and duplicates
reports, other tools' metadata (TensorFlow Datasets', a detection dataset's label map), then
the manifest.

The manifest is written last and atomically: its presence means every shard it lists is complete.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import apache_beam as beam

from shardify.beam_jobs.output import folder as output_folder
from shardify.beam_jobs.output.lock import check_held
from shardify.format import manifest as manifest_lib
from shardify.format import naming
from shardify.interop import metadata_files
from shardify.plan.entries import DuplicateGroup, PlanSummary, Reject, Repair, ShardResult
from shardify.plan.requests import RejectLimit, why_no_manifest

__all__ = ["WriteManifest"]


def _write_report(output: str, name: str, items: list[Reject] | list[Repair] | list[DuplicateGroup]) -> None:
    """One JSON line per item. No file when there are none: Beam's S3 file system cannot write an
    empty object (S3 refuses a multipart upload of no parts), and none is left from an earlier run."""
    if items:
        output_folder.write_text_atomically(output, name, "".join(json.dumps(i.to_json()) + "\n" for i in items))
    else:
        output_folder.remove_files(output, [name])


def _finish(
    results: list[ShardResult],
    summary: PlanSummary,
    discover_rejects: list[Reject],
    duplicates: list[DuplicateGroup],
    output: str,
    limit: RejectLimit,
    options: Mapping[str, Any],
    lock_token: str,
) -> str:
    if lock_token:  # a run that took the folder over owns its files: touch none of them
        check_held(output, lock_token)
    if summary.refusal:  # nothing was written; an earlier run's files stay as they are
        return ""
    rejects = sorted(
        [*discover_rejects, *(r for result in results for r in result.rejects)], key=Reject.sort_key
    )
    repairs = sorted((r for result in results for r in result.repairs), key=lambda r: r.relpath)
    duplicates = sorted(duplicates, key=lambda group: group.records)
    _write_report(output, naming.REJECTS_FILENAME, rejects)
    _write_report(output, naming.REPAIRS_FILENAME, repairs)
    _write_report(output, naming.DUPLICATES_FILENAME, duplicates)
    document = manifest_lib.build_manifest(
        summary=summary, results=results, rejects=rejects, repairs=repairs, duplicates=duplicates, options=options
    )
    output_folder.remove_stale_files(output, keep=[name for r in results for name in (r.path, r.index_path)])
    inputs = document["inputs"]
    if why_no_manifest(written=inputs["written"], rejected=inputs["rejected"], limit=limit):
        return ""  # No manifest: the output is incomplete, and the launcher says why.
    if lock_token:
        check_held(output, lock_token)
    text = manifest_lib.dumps(document)
    # Derived from the manifest as read back, exactly as `shardify export-metadata` derives them.
    files = metadata_files(manifest_lib.parse_manifest(text, output))
    output_folder.replace_metadata_files(output, files)
    output_folder.write_text_atomically(output, naming.MANIFEST_FILENAME, text)
    # Kept until now so that a run failing short of its manifest can be resumed (see resume.py).
    output_folder.remove_files(output, [name for name in output_folder.list_names(output) if naming.is_shard_result(name)])
    return naming.MANIFEST_FILENAME


class WriteManifest(beam.PTransform):
    """ShardResult -> the manifest's name ("" when nothing was written); `duplicates` are
    FindDuplicates' groups."""

    def __init__(
        self,
        output: str,
        *,
        summary: beam.PCollection,
        rejects: beam.PCollection,
        duplicates: beam.PCollection,
        options: Mapping[str, Any],
        limit: RejectLimit,
        lock_token: str = "",
    ) -> None:
        super().__init__()
        self._lock_token = lock_token
        self._output = output
        self._summary = summary
        self._rejects = rejects
        self._duplicates = duplicates
        self._options = dict(options)
        self._limit = limit

    def expand(self, results: beam.PCollection) -> beam.PCollection:
        return (
            results
            | "CollectResults" >> beam.combiners.ToList()
            | "WriteReportAndManifest"
            >> beam.Map(
                _finish,
                beam.pvalue.AsSingleton(self._summary),
                beam.pvalue.AsList(self._rejects),
                beam.pvalue.AsList(self._duplicates),
                self._output,
                self._limit,
                self._options,
                self._lock_token,
            )
        )
