"""What a person reads about a conversion: the plan before writing, the summary after it.

Both are text for a terminal, built from the plan (`PlanSummary`) and the finished manifest; the
library and the pipeline only ever hand on those values.
"""

from __future__ import annotations

import os

from shardify.cli.exit_codes import printable
from shardify.format import contract, naming
from shardify.format.manifest_model import Manifest
from shardify.inspect.text_view import resize_line
from shardify.plan.requests import parse_shards
from shardify.plan.shard_plans import PlanSummary

__all__ = ["describe_plan", "describe_result"]


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def describe_plan(summary: PlanSummary) -> str:
    """Layout, records, labels with counts, shards per split, rejects: one line each."""
    kind = {"multi": "multi-label ", "none": "unlabeled "}.get(summary.label_mode, "")
    lines = [
        f"layout: {summary.layout}; {summary.num_records} {kind}records, {len(summary.labels)} labels, "
        f"{_plural(len(summary.splits), 'split')}"
    ]
    lines += [f"  {note}" for note in summary.notes]
    request = parse_shards(summary.shards_request)
    if request.bytes_per_shard:
        lines.append(f"  shards of about {summary.shards_request} of input each (--shard-size)")
    largest = max(summary.splits.values(), key=lambda s: s.num_records, default=None)
    for name, split in sorted(summary.splits.items()):
        per_shard = split.num_records / split.num_shards
        lines.append(
            f"  {name}: {split.num_records} records, {split.num_bytes / 1e6:.1f} MB to read, "
            f"{_plural(split.num_shards, 'shard')} of ~{per_shard:.0f} records"
        )
        asked = request.per_split.get(name, 0) or (request.largest if split is largest else 0)
        if split.num_shards < asked:
            lines.append(
                f"    note: {asked} shards asked for {name}, but it has only {split.num_records} "
                f"records: writing {split.num_shards} shards of 1 record"
            )
        if summary.labels:
            lines.append(f"    labels: {_label_counts(summary.labels, split.label_counts, split.num_unlabelled)}")
        elif split.num_unlabelled and summary.label_mode != "none":
            lines.append(f"    labels: unlabelled={split.num_unlabelled}")
    if summary.objects.boxes:
        total = sum(summary.object_counts.values())
        numbered = ", ".join(f"{name}={number}" for name, number in sorted(summary.class_ids.items(), key=lambda item: item[1]))
        lines.append(f"  objects: {total} ({', '.join(f'{n}={c}' for n, c in summary.object_counts.items())})")
        if numbered:
            lines.append(f"    class numbers ({summary.class_id_convention}): {numbered}")
            lines.append(f"    read: {contract.CLASS_ID_READERS.get(summary.class_id_convention, '')}")
        background = [name for name, number in summary.class_ids.items() if number == 0]
        if background and summary.class_id_convention != contract.CLASS_IDS_CONTIGUOUS:
            lines.append(
                f"    note: class {background[0]!r} is numbered 0, the background to Model Garden, the Object "
                "Detection API and torchvision: --class-ids label-map numbers from 1"
            )
    if summary.resize:
        lines.append(
            f"  resize: images whose {summary.resize.replace(':', ' side exceeds ')} px are stored shrunk to it; "
            "the others as found (the manifest's resize block gives the bytes written)"
        )
    if summary.store_pixels:
        which = "every 8-bit image" if summary.store_pixels == "always" else "images of at most 4,096 pixels (64x64)"
        lines.append(
            f"  store pixels ({summary.store_pixels}): {which} stored as uint8 pixels (image/format raw), not encoded; "
            "read by shardify.load and shardify.torch, not by DALI or TensorFlow Datasets"
        )
    if summary.columns:
        lines.append("  kept columns: " + ", ".join(f"{name} ({dtype})" for name, dtype in summary.columns))
    lines.append(f"  skipped (junk files): {summary.num_skipped}")
    if summary.num_auxiliary:
        shown = ", ".join(summary.auxiliary_examples)
        more = f" and {summary.num_auxiliary - len(summary.auxiliary_examples)} more" if summary.num_auxiliary > len(summary.auxiliary_examples) else ""
        lines.append(f"  auxiliary files, not inputs: {summary.num_auxiliary} ({shown}{more})")
    lines.append(f"  rejected before writing: {summary.num_rejected}")
    for reject in summary.reject_examples:
        where = f" row {reject.row}" if reject.row else ""
        lines.append(f"    {printable(f'{reject.relpath}{where}: {reject.reason}', one_line=True)}")
    if summary.num_rejected > len(summary.reject_examples):
        lines.append(f"    ... and {summary.num_rejected - len(summary.reject_examples)} more")
    return printable("\n".join(lines))  # names and labels quote inputs


def describe_result(
    manifest: Manifest,
    out: str,
    *,
    seconds: float,
    bytes_read: int | None,
    kept: int = 0,
    rewritten: int = 0,
    probed: int = 0,
    recalled: int = 0,
) -> str:
    """The lines printed when a conversion finishes: what was written, read, rejected, repaired,
    found twice, and kept from an interrupted run (shards; image headers `recalled` from the
    probes an earlier run kept, `probed` read now)."""
    inputs = manifest.inputs
    num_bytes = sum(split.num_bytes for split in manifest.splits.values())
    num_shards = sum(len(split.shards) for split in manifest.splits.values())
    read = f", {bytes_read / 1e6:.1f} MB read" if bytes_read is not None else ""
    lines = [
        f"wrote {inputs['written']} records in {_plural(num_shards, 'shard')} ({num_bytes / 1e6:.1f} MB written{read}) "
        f"to {out} in {seconds:.1f} s",
        f"inputs: {inputs['seen']} seen, {inputs['rejected']} rejected, {inputs['skipped']} junk skipped"
        + (f", {inputs['auxiliary']} auxiliary" if inputs.get("auxiliary") else ""),
    ]
    if manifest.versions:
        added = manifest.versions[-1].get("added", {})
        if manifest.version > 1:
            lines[0] = (
                f"version {manifest.version}: appended {added.get('records', 0)} records in {_plural(added.get('shards', 0), 'shard')}; "
                f"the output now holds " + lines[0][len("wrote "):]
            )
        if added.get("held"):
            lines.append(f"already in {out}: {added['held']} inputs skipped")
        if added.get("changed"):
            lines.append(f"changed since a version added them: {added['changed']} inputs, not appended (see the rejects)")
        if added.get("labels") and manifest.version > 1:
            lines.append(f"new labels, after the existing ones: {', '.join(added['labels'])}")
    if manifest.data.get("resize"):
        lines.append(resize_line(manifest))
    if kept:
        lines.append(f"resumed: kept {kept} of {num_shards} shards an interrupted run had written")
    if recalled:
        lines.append(f"image headers: {recalled} known from an earlier run's kept probes (files unchanged), {probed} read")
    if rewritten:
        lines.append(
            f"the source or the options changed since an interrupted run: {rewritten} shards it had written were written again"
        )
    if inputs["rejected"]:
        lines.append(f"rejects and reasons: {os.path.join(out, naming.REJECTS_FILENAME)}")
    duplicates = manifest.duplicates or {}
    if duplicates.get("groups"):
        across = f", {duplicates['across_splits']} of them across splits" if duplicates["across_splits"] else ""
        lines.append(
            f"duplicates: {duplicates['records']} records share their content in {duplicates['groups']} groups"
            f"{across}: {os.path.join(out, naming.DUPLICATES_FILENAME)}"
        )
    repaired = manifest.repaired
    if repaired["count"]:
        lines.append(
            f"repaired {repaired['count']} inputs ({repaired['reencoded']} re-encoded): "
            f"{os.path.join(out, naming.REPAIRS_FILENAME)}"
        )
    return printable("\n".join(lines))  # names and labels quote inputs



# A declared class list (LVIS's 1,203 categories) names many labels a split has no record of: past
# this many, those are counted rather than each shown as `=0`.
_ZERO_LABELS_SHOWN = 20


def _label_counts(labels: tuple[str, ...], counts: dict[str, int], unlabelled: int) -> str:
    """`a=3, b=0, ...` for a split; where many labels have no record, those are counted instead.

    >>> _label_counts(("a", "b"), {"a": 3}, 2)
    'a=3, b=0, unlabelled=2'
    >>> _label_counts(tuple(f"c{i}" for i in range(30)), {"c7": 1}, 0)
    'c7=1, and 29 labels with no record'
    """
    empty = [label for label in labels if not counts.get(label, 0)]
    shown = [label for label in labels if counts.get(label, 0) or len(empty) <= _ZERO_LABELS_SHOWN]
    text = ", ".join(f"{label}={counts.get(label, 0)}" for label in shown)
    if len(shown) < len(labels):
        text += f"{', ' if text else ''}and {len(empty)} labels with no record"
    return text + (f", unlabelled={unlabelled}" if unlabelled else "")
