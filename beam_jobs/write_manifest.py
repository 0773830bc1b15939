"""WriteManifest: gather the (small) shard results, write the rejects, repairs and duplicates
reports, other tools' metadata (TensorFlow Datasets', a detection dataset's label map), the
version's inputs file and its own manifest (`manifest-v<N>.json`), then the manifest.

The manifest is written last and atomically: its presence means every shard it lists is complete.
In an append the previous version stays whole until then: its manifest, shards and version files
are never touched, and the new manifest lists its shards and the new ones.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from json.encoder import encode_basestring_ascii as _quoted
from typing import Any

import apache_beam as beam
from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.find_duplicates import PackedGroups, unpacked
from shardify.beam_jobs.output import folder as output_folder
from shardify.beam_jobs.output import resume
from shardify.beam_jobs.output.lock import check_held
from shardify.format import manifest_build, naming, versions
from shardify.format.inputs_columns import InputsTable
from shardify.format.manifest import parse_manifest
from shardify.interop import metadata_files
from shardify.plan.entries import DuplicateGroup, Reject, Repair
from shardify.plan.requests import RejectLimit, why_no_manifest
from shardify.plan.shard_plans import PlanSummary, ShardResult

__all__ = ["WriteManifest"]


def _write_report(
    output: str, name: str, items: list[Reject] | list[Repair] | list[DuplicateGroup], earlier: str = ""
) -> None:
    """One JSON line per item, after `earlier` (an append's reports go on from the previous
    version's). No file when there are none: Beam's S3 file system cannot write an empty object
    (S3 refuses a multipart upload of no parts), and none is left from an earlier run."""
    text = earlier + "".join(_duplicate_line(i) if isinstance(i, DuplicateGroup) else json.dumps(i.to_json()) + "\n" for i in items)
    if text:
        output_folder.write_text_atomically(output, name, text)
    else:
        output_folder.remove_files(output, [name])


def _duplicate_line(group: DuplicateGroup) -> str:
    """`json.dumps(group.to_json())` and its newline, the same bytes (strings quoted by the encoder
    `json.dumps` uses): a group per duplicated content of every version, in an append too, and
    `dumps` builds a dictionary per record first (8,000 groups of four: 38 ms against 13 ms)."""
    records = ", ".join(f'{{"split": {_quoted(split)}, "id": {_quoted(rid)}}}' for split, rid in group.records)
    return f'{{"sha256": {_quoted(group.sha256)}, "records": [{records}]}}\n'


def _write_reports(
    output: str, rejects: list[Reject], repairs: list[Repair], duplicates: list[DuplicateGroup], version: versions.VersionPlan
) -> None:
    previous = json.loads(version.previous) if version.appends else {}
    for name, items, key in ((naming.REJECTS_FILENAME, rejects, "rejected"), (naming.REPAIRS_FILENAME, repairs, "repaired")):
        _write_report(output, name, items, _earlier_report(output, name, previous.get(key, {}).get("count", 0)))
    _write_report(output, naming.DUPLICATES_FILENAME, duplicates)


def _earlier_report(output: str, name: str, count: int) -> str:
    """The previous version's report, which an append's report goes on from: its first `count`
    lines, the ones its manifest counts (a killed append may have written more)."""
    path = FileSystems.join(output, name)
    if not count or not FileSystems.exists(path):
        return ""
    lines = []
    with FileSystems.open(path) as f:
        for line in f:
            if len(lines) == count:
                break
            lines.append(line.decode("utf-8", "replace").rstrip("\n") + "\n")
    return "".join(lines)


def _finish(
    results: list[ShardResult],
    summary: PlanSummary,
    discover_rejects: list[Reject],
    packed_duplicates: list[PackedGroups],
    output: str,
    limit: RejectLimit,
    options: Mapping[str, Any],
    lock_token: str,
    held: int | list[int] = 0,
    version: versions.VersionPlan = versions.VersionPlan(),
) -> str:
    held = sum(held) if isinstance(held, list) else held  # the pipeline's [sum] or [] when none is held
    if lock_token:  # a run that took the folder over owns its files: touch none of them
        check_held(output, lock_token)
    if summary.refusal:  # nothing was written; an earlier run's files stay as they are
        return ""
    rejects = sorted(
        [*discover_rejects, *(r for result in results for r in result.rejects)], key=Reject.sort_key
    )
    repairs = sorted((r for result in results for r in result.repairs), key=lambda r: r.relpath)
    duplicates = sorted(unpacked(packed_duplicates), key=lambda group: group.records)
    batch = manifest_build.build_manifest(
        summary=summary, results=results, rejects=rejects, repairs=repairs, duplicates=duplicates, options=options
    )
    counts = batch["inputs"]
    if version.appends and not counts["written"]:
        # Nothing new: no version is made, and the previous one stays the latest, untouched.
        output_folder.remove_stale_files(output, keep=_listed(json.loads(version.previous)))
        return ""
    if not version.appends:  # written even when no manifest is: they say why (see launch.py)
        _write_reports(output, rejects, repairs, duplicates, version)
    if why_no_manifest(written=counts["written"], rejected=counts["rejected"], limit=limit):
        if not version.appends:
            output_folder.remove_stale_files(output, keep=[name for r in results for name in (r.path, r.index_path)])
        return ""  # No manifest: the output is incomplete (an append's is the previous version), and the launcher says why.
    previous = json.loads(version.previous) if version.appends else None
    new_labels = [label for label in batch["labels"] if label not in version.labels]
    changed = sum(1 for reject in rejects if reject.stage == "append")
    planned = sum(plan.num_records for plan in summary.splits.values())
    record = versions.version_record(version, batch=batch, new_labels=new_labels, held=held, changed=changed, planned=planned)
    if previous is None:
        document = {**batch, "dataset_version": record, "history": []}
    else:
        document = versions.merge_manifests(previous, batch, record)
    if lock_token:
        check_held(output, lock_token)
    if version.appends:
        _write_reports(output, rejects, repairs, duplicates, version)
    # Shards of an earlier run that no version lists (a killed run's, a replaced conversion's) go;
    # so do the version files of a conversion this one replaces.
    output_folder.remove_stale_files(output, keep=_listed(document))
    if not version.appends:
        output_folder.remove_files(output, [n for n in output_folder.list_names(output) if naming.parse_version_filename(n)])
    text = manifest_build.dumps(document)
    _write_inputs(output, results, version.number)
    # Derived from the manifest as read back, exactly as `shardify export-metadata` derives them.
    files = metadata_files(parse_manifest(text, output))
    output_folder.replace_metadata_files(output, files)
    output_folder.write_text_atomically(output, naming.version_manifest_filename(version.number), text)
    output_folder.write_text_atomically(output, naming.MANIFEST_FILENAME, text)
    # Kept until now so that a run failing short of its manifest can be resumed (see resume.py).
    output_folder.remove_files(output, [name for name in output_folder.list_names(output) if naming.is_shard_result(name)])
    return naming.MANIFEST_FILENAME


def _write_inputs(output: str, results: list[ShardResult], number: int) -> None:
    """The version's inputs list, from the result file each shard's writer left (see
    resume.recorded_inputs), and its columns beside it for the next append (`inputs_columns`).
    Both by path: an append looks the listing (in path order) up in the columns, and rows in the
    shards' shuffled order made each look-up a cache miss (2.5x the time)."""
    table, digest = InputsTable(), hashlib.sha256()
    for row in resume.recorded_inputs(output, results):
        table.add(*row)

    def hashed(chunks: Iterable[bytes]) -> Iterator[bytes]:
        for chunk in chunks:
            digest.update(chunk)
            yield chunk

    output_folder.write_chunks_atomically(output, naming.inputs_filename(number), hashed(table.lines()))
    content = table.content(digest.hexdigest())
    if content is None:
        output_folder.remove_files(output, [naming.inputs_columns_filename(number)])
    else:
        output_folder.write_bytes_atomically(output, naming.inputs_columns_filename(number), content)


def _listed(document: Mapping[str, Any]) -> list[str]:
    """Every shard and index file a manifest document lists."""
    return [
        name
        for split in document["splits"].values()
        for shard in split["shards"]
        for name in (shard["path"], shard.get("index", ""))
        if name
    ]


class WriteManifest(beam.PTransform):
    """ShardResult -> the manifest's name ("" when nothing was written); `duplicates` are
    FindDuplicates' groups, packed by bucket."""

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
        held: beam.PCollection | None = None,
        version: versions.VersionPlan = versions.VersionPlan(),
    ) -> None:
        super().__init__()
        self._held = held
        self._version = version
        self._lock_token = lock_token
        self._output = output
        self._summary = summary
        self._rejects = rejects
        self._duplicates = duplicates
        self._options = dict(options)
        self._limit = limit

    def expand(self, results: beam.PCollection) -> beam.PCollection:
        pipeline = results.pipeline
        held = self._held if self._held is not None else pipeline | "NoneHeld" >> beam.Create([])
        # One count per batch of files listed, summed: no default for no batch (a stage of its own
        # on the local runner), so at most one sum reaches _finish's list.
        num_held = held | "CountHeld" >> beam.CombineGlobally(sum).without_defaults()
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
                beam.pvalue.AsList(num_held),
                self._version,
            )
        )
