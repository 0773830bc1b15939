"""Plan: assign each entry its split and sort key, count each split, choose its shard count,
order its entries and cut them into shards.

    [Entry] --AssignSplits--> [Entry] --CountSplits--> counts --Summarize--> PlanSummary
    [Entry] --GroupByBucket--> sorted buckets --CutBuckets--> shard pieces --GroupPieces--> ShardTask

Only metadata is grouped here, and no worker holds a whole split: a split's sort-key range is cut
into buckets of about ENTRIES_PER_BUCKET entries; each bucket is sorted by one worker, which knows
its first entry's global rank from the bucket sizes (a side input) and so which shard each entry
belongs to. A shard that spans buckets is put together from its pieces. The result is exactly the
order and the cuts of sorting the whole split in one place.
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
import logging
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

import apache_beam as beam

from shardify.beam_jobs import counters
from shardify.beam_jobs.coders import GROUPED_BATCHES, GROUPED_PIECES, KEYED_BATCHES, KEYED_PIECES, typed, typed_batches
from shardify.beam_jobs.discover.candidates import ANSWERS_COLUMN, TEXT_PAIR_COLUMN
from shardify.format import contract
from shardify.plan import checks, shard_math
from shardify.plan.batches import Packed
from shardify.plan.entries import IMAGE, ROW, Batch, Entry, Reject
from shardify.plan.label_names import label_order, numbering_base
from shardify.plan.layout import SourceLayout
from shardify.plan.requests import ShardRequest, SplitRatios
from shardify.plan.shard_plans import PlanSummary, ShardTask, SplitPlan

__all__ = ["Plan", "PlanContext", "TASKS", "SUMMARY", "REJECT_EXAMPLES", "ENTRIES_PER_BUCKET"]

TASKS, SUMMARY = "tasks", "summary"
# Rejects listed by name in the plan summary; the rest are counted (all are in rejected.jsonl).
REJECT_EXAMPLES = 10
# Auxiliary files named in the plan; the rest are counted.
AUXILIARY_EXAMPLES = 5
# Entries one worker sorts at a time. Planning 1,000,000 entries of one split in a single worker
# peaked at 2.5 GB over the local runner's processes (benchmarks/plan_scale.py); buckets bound that.
ENTRIES_PER_BUCKET = 100_000
_LOG = logging.getLogger("shardify")


@dataclass(frozen=True)
class PlanContext:
    """What the plan needs besides the entries.

    Attributes:
      layout: the source layout.
      shards: the user's shard request.
      label_names: the vocabulary in index order, or () for the sorted names found.
      multi_label: a label separator was given, so the data is multi-label however many labels
        each record has.
      split_ratios: `--split`: where the source gives no split, a record's split is drawn by them.
      seed: seeds the record order and the ratio split.
      class_ids: how objects' class/label numbers their classes (contract.CLASS_ID_CONVENTIONS).
      version: the output's version the shards are written for (more than 1: an append).
      base_labels: in an append, the labels of the versions before it, in index order: the new
        labels come after them, so that every existing index keeps its meaning.
      resize: `--resize` as its option's text, or "" (see `PlanSummary.resize`).
      store_pixels: `--store-pixels` as its option's text where not "never", or "" (see
        `PlanSummary.store_pixels`).
      label_column_given: `--label-column` named the labels' column (`checks.wrong_guess`).
    """

    layout: SourceLayout
    shards: ShardRequest
    label_names: tuple[str, ...] = ()
    multi_label: bool = False
    split_ratios: SplitRatios | None = None
    seed: int = 0
    class_ids: str = contract.DEFAULT_CLASS_IDS
    version: int = 1
    base_labels: tuple[str, ...] = ()
    resize: str = ""
    store_pixels: str = ""
    label_column_given: bool = False


def _assign_splits(entries: list[Entry], ratios: SplitRatios | None, seed: int) -> Batch:
    """Each entry with its split (the source's, else drawn by `ratios`, else the default) and its
    sort key."""
    return Batch(
        entry.placed(
            shard_math.assign_split(entry.split, ratios, seed, entry.record_id), shard_math.sort_key(seed, entry.record_id)
        )
        for entry in entries
    )


def _record_order(entry: Entry) -> tuple[int, str]:
    return entry.sort_key, entry.record_id


@dataclass(frozen=True)
class _SplitCount:
    num_records: int
    num_bytes: int
    label_counts: dict[str, int]
    max_labels: int
    num_unlabelled: int = 0
    object_counts: dict[str, int] = dataclasses.field(default_factory=dict)
    source_classes: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    keypoint_counts: tuple[int, ...] = ()  # the distinct numbers of keypoints objects carry (not 0)
    # table rows labelled with no label (a multi-hot row of no 1s, a JSON `[]`): multi-label data
    empty_rows: int = 0


def _count_batch(entries: list[Entry]) -> Iterator[tuple[str, _SplitCount]]:
    """(split, counts of this batch's entries in it); CountSplits merges them per split."""
    by_split: dict[str, list[Entry]] = {}
    for entry in entries:
        by_split.setdefault(entry.split, []).append(entry)
    for split, members in by_split.items():
        labels = Counter(label for entry in members for label in entry.labels)
        objects = [obj for entry in members for obj in entry.objects if obj.stored]
        sources: dict[str, set[str]] = {}
        for obj in objects:
            if obj.source_class:
                sources.setdefault(obj.label, set()).add(obj.source_class)
        yield split, _SplitCount(
            num_records=len(members),
            num_bytes=sum(entry.size_bytes for entry in members),
            label_counts=dict(labels),
            max_labels=max(len(entry.labels) for entry in members),
            num_unlabelled=sum(entry.unlabelled for entry in members),
            object_counts=dict(Counter(obj.label for obj in objects)),
            source_classes={label: tuple(sorted(ids)) for label, ids in sources.items()},
            keypoint_counts=tuple(sorted({len(obj.keypoints) // 3 for obj in objects if obj.keypoints})),
            empty_rows=sum(entry.kind == ROW and not entry.labels and not entry.unlabelled for entry in members),
        )


def _merge_counts(counts: Iterable[_SplitCount]) -> _SplitCount:
    num_records = num_bytes = max_labels = unlabelled = empty_rows = 0
    labels: Counter[str] = Counter()
    objects: Counter[str] = Counter()
    sources: dict[str, set[str]] = {}
    keypoints: set[int] = set()
    for count in counts:
        keypoints.update(count.keypoint_counts)
        num_records += count.num_records
        num_bytes += count.num_bytes
        labels.update(count.label_counts)
        max_labels = max(max_labels, count.max_labels)
        unlabelled += count.num_unlabelled
        empty_rows += count.empty_rows
        objects.update(count.object_counts)
        for label, ids in count.source_classes.items():
            sources.setdefault(label, set()).update(ids)
    return _SplitCount(
        num_records,
        num_bytes,
        dict(sorted(labels.items())),
        max_labels,
        unlabelled,
        dict(sorted(objects.items())),
        {label: tuple(sorted(ids)) for label, ids in sorted(sources.items())},
        tuple(sorted(keypoints)),
        empty_rows,
    )


def _num_buckets(num_records: int, entries_per_bucket: int) -> int:
    return max(1, math.ceil(num_records / entries_per_bucket))


def _bucket_of(sort_key: int, num_buckets: int) -> int:
    """Equal ranges of the 64-bit sort key, so buckets in order hold entries in order."""
    return (sort_key * num_buckets) >> 64


_BucketKey = tuple[str, int]  # (split, bucket)


def _by_bucket(entries: list[Entry], summary: PlanSummary, entries_per_bucket: int) -> Iterator[tuple[_BucketKey, tuple[int, Packed]]]:
    """((split, bucket), (how many entries, the entries packed)): packed, so that the launcher's
    grouping table holds their bytes, not an object per entry (see `batches.Packed`)."""
    if summary.refusal:  # a refused plan writes no shard
        return
    buckets = {split: _num_buckets(plan.num_records, entries_per_bucket) for split, plan in summary.splits.items()}
    groups: dict[_BucketKey, Batch] = {}
    for entry in entries:
        groups.setdefault((entry.split, _bucket_of(entry.sort_key, buckets[entry.split])), Batch()).append(entry)
    for key, batch in groups.items():
        yield key, (len(batch), Packed.of(batch))


def _cut_bucket(
    bucket_batches: tuple[_BucketKey, Iterable[tuple[int, Packed]]],
    bucket_sizes: Mapping[_BucketKey, int],
    summary: PlanSummary,
) -> Iterator[tuple[tuple[str, int], tuple[int, Packed]]]:
    """((split, shard), (bucket, entries packed)) for each run of the bucket's sorted entries in one shard."""
    (split, bucket), batches = bucket_batches
    ordered = sorted(itertools.chain.from_iterable(packed.unpacked() for _, packed in batches), key=_record_order)
    first_rank = sum(size for (name, index), size in bucket_sizes.items() if name == split and index < bucket)
    plan = summary.splits[split]
    ends = shard_math.shard_boundaries(plan.num_records, plan.num_shards)
    start = 0
    while start < len(ordered):
        shard = bisect.bisect_right(ends, first_rank + start)
        stop = min(len(ordered), ends[shard] - first_rank)
        yield (split, shard), (bucket, Packed.of(Batch(ordered[start:stop])))
        start = stop


def _assemble_shard(
    shard_pieces: tuple[tuple[str, int], Iterable[tuple[int, Packed]]], summary: PlanSummary, version: int = 1
) -> ShardTask:
    (split, shard), pieces = shard_pieces
    entries = itertools.chain.from_iterable(piece.unpacked() for _, piece in sorted(pieces, key=lambda p: p[0]))
    return ShardTask(split, shard, summary.splits[split].num_shards, tuple(entries), version)


def _notes(context: PlanContext, table_notes: list[tuple[str, str]], base: int, aliases: Mapping[str, str]) -> tuple[str, ...]:
    """How the source was read, for the plan: the layout's detection notes, each way tables were
    read (tables read alike are named together), and numbered labels."""
    by_reading: dict[str, list[str]] = {}
    for table, reading in sorted(table_notes):
        by_reading.setdefault(reading, []).append(table)
    notes = list(context.layout.notes)
    for reading, names in sorted(by_reading.items(), key=lambda item: item[1]):
        shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        notes.append(f"{shown}: {reading}")
    if aliases:
        vocabulary = "--label-names" if context.label_names else context.layout.vocabulary_file or "the names above"
        notes.append(f"labels are numbers: mapped through {vocabulary}, counting from {base}")
    labels_from, splits_from = context.layout.provenance(ratios=context.split_ratios)
    return (f"labels from: {labels_from}", f"splits from: {splits_from}", *notes)


def _mostly_numbers(counts: Mapping[str, _SplitCount]) -> bool:
    """Whether the labels are numbers for the names the dataset ships (TweetEval's mapping.txt):
    most labelled records carry a number. Every label had to be one, so one line of `-1`, `nan`
    or a word switched the mapping off and every label was written as its number (exit 0); now
    such labels are not among the names, and the writer rejects their records (loudly: past
    --max-rejects the run fails)."""
    labelled = numbered = 0
    for count in counts.values():
        for label, number in count.label_counts.items():
            labelled += number
            numbered += number if shard_math.is_number(label) else 0
    return numbered > labelled / 2


def _summarize(
    counts: Mapping[str, _SplitCount],
    num_rejected: int,
    reject_examples: list[Reject],
    num_skipped: int,
    columns: Mapping[str, str],
    table_notes: list[tuple[str, str]],
    num_auxiliary: int,
    auxiliary_examples: list[str],
    context: PlanContext,
) -> PlanSummary:
    try:
        shards = shard_math.shards_per_split(
            {name: c.num_records for name, c in counts.items()},
            context.shards,
            {name: c.num_bytes for name, c in counts.items()},
        )
        refusal = ""
    except ValueError as error:  # a usage error only the whole source shows: nothing is written
        shards, refusal = {name: 1 for name in counts}, str(error)
    found = label_order(label for c in counts.values() for label in c.label_counts)
    names = context.label_names or _declared_classes(context)
    known_base = None
    if not names and found and _mostly_numbers(counts):
        names = context.layout.vocabulary  # numbered labels, with the names the dataset ships
        known_base = context.layout.vocabulary_base
    numbers = {int(label) for label in found if label not in names and shard_math.is_number(label)}
    base = numbering_base(numbers, len(names), known_base) if names and numbers else 0
    if base is None:  # 1 .. k of N names: from 0 or from 1 cannot be told; a guess shifts every label
        refusal = refusal or (
            f"labels are the numbers {min(numbers)} to {max(numbers)} with {len(names)} names: counted from 0 they never "
            f"use 0, counted from 1 they never reach {len(names)}, so which name each number has cannot be told; "
            "convert the whole dataset (a 0 or the last number among its labels decides)"
        )
    aliases, base = shard_math.number_labels(found, names, base=base)
    max_labels = max((c.max_labels for c in counts.values()), default=0)
    if context.base_labels and not names:  # an append: the labels so far keep their indices
        names = (*context.base_labels, *(label for label in found if label not in context.base_labels))
    if not found and not names:
        label_mode = contract.LABEL_NONE
    elif context.multi_label or max_labels > 1 or any(c.empty_rows for c in counts.values()):
        label_mode = contract.LABEL_MULTI
    else:
        label_mode = contract.LABEL_SINGLE
    labels = names or tuple(found)

    def label_counts(count: _SplitCount) -> dict[str, int]:
        named = Counter()
        for label, number in count.label_counts.items():
            named[aliases.get(label, label)] += number
        return {label: named.get(label, 0) for label in labels}

    splits = {
        name: SplitPlan(c.num_records, c.num_bytes, shards[name], label_counts(c), c.num_unlabelled)
        for name, c in sorted(counts.items())
    }
    # Every reject found before writing is counted here once (the writer counts its own).
    counters.counter(counters.INPUTS_REJECTED).inc(num_rejected)
    counters.counter(counters.INPUTS_SKIPPED).inc(num_skipped)
    columns = dict(columns)
    text_pair = columns.pop(TEXT_PAIR_COLUMN, None) is not None  # a table of sentence pairs
    answers = columns.pop(ANSWERS_COLUMN, None) is not None  # question-answering JSON
    summary = PlanSummary(
        layout=context.layout.name,
        media=context.layout.media,
        captions=context.layout.captions,
        labels=tuple(labels),
        label_mode=label_mode,
        columns=tuple(sorted(columns.items())),
        shards_request=str(context.shards),
        splits=splits,
        num_rejected=num_rejected,
        reject_examples=tuple(sorted(reject_examples, key=Reject.sort_key)),
        num_skipped=num_skipped,
        label_aliases=aliases,
        notes=_notes(context, table_notes, base, aliases),
        refusal=refusal,
        num_auxiliary=num_auxiliary,
        auxiliary_examples=tuple(sorted(auxiliary_examples)),
        objects=context.layout.objects,
        resize=context.resize if context.layout.media == IMAGE else "",
        store_pixels=context.store_pixels if context.layout.media == IMAGE else "",
        text_pair=text_pair,
        answers=answers,
    )
    if context.layout.objects.any:
        summary = _with_class_ids(summary, counts, context)
    if not summary.refusal:
        refusal = checks.wrong_guess(summary, context.layout, label_column_given=context.label_column_given)
        summary = dataclasses.replace(summary, refusal=refusal)
    _LOG.debug("plan: %s", summary.to_json())
    return summary


def _declared_classes(context: PlanContext) -> tuple[str, ...]:
    """The detection dataset's declared class list (`SourceLayout.classes`) where it numbers the
    classes: not under --label-names, nor in an append to versions numbered otherwise (their
    records keep their numbers)."""
    classes = context.layout.classes
    if context.label_names or (context.base_labels and context.base_labels != classes):
        return ()
    return classes


def _with_class_ids(summary: PlanSummary, counts: Mapping[str, _SplitCount], context: PlanContext) -> PlanSummary:
    """The plan with its objects' class numbers (by the convention asked for) and counts; refused
    when the source's own ids are asked for and it gives none (or several for one class).
    Contiguous and label-map numbers follow the dataset's declared class list where it has one
    (`SourceLayout.classes`: COCO's categories in id order, YOLO's names), so that a split converted
    on its own numbers each class as the whole dataset does; else the source's ids where it numbers
    every class found, else the labels' order. A declared list that misses a class found is refused."""
    object_counts: Counter[str] = Counter()
    sources: dict[str, set[str]] = {}
    for count in counts.values():
        object_counts.update(count.object_counts)
        for label, ids in count.source_classes.items():
            sources.setdefault(label, set()).update(ids)
    classes = list(summary.labels) + sorted(set(object_counts) - set(summary.labels))
    declared = _declared_classes(context)
    numbered = {c: next(iter(sources[c])) for c in classes if len(sources.get(c, ())) == 1}
    if not declared and classes and len(numbered) == len(classes) and all(n.isdigit() for n in numbered.values()):
        classes.sort(key=lambda c: int(numbered[c]))  # the source's own order: COCO's ids, YOLO's names
    refusal = ""
    unlisted = sorted(set(classes) - set(declared)) if declared else []
    if unlisted:  # the list is not the whole dataset's: numbering by it would be a guess
        refusal = (
            f"objects or labels name classes {context.layout.classes_file} does not list ({', '.join(unlisted[:3])}"
            f"{', ...' if len(unlisted) > 3 else ''}): it is not this dataset's full class list; give the classes in "
            "order with --label-names"
        )
    keypoints = sorted({k for count in counts.values() for k in count.keypoint_counts})
    if summary.objects.keypoints and len(keypoints) > 1:
        refusal = (
            f"--keypoints: objects carry different numbers of keypoints ({', '.join(map(str, keypoints))}); "
            "records hold one number per object: convert each category's annotation file on its own"
        )
    if context.class_ids == contract.CLASS_IDS_SOURCE:
        if declared:  # the source's ids are its own whatever part is converted: the classes of objects found
            classes = [c for c in classes if c in object_counts]
        unnumbered = [c for c in classes if len(sources.get(c, ())) != 1 or not next(iter(sources[c])).isdigit()]
        if unnumbered:
            refusal = refusal or (
                f"--class-ids source: the source gives no single numeric id for {', '.join(unnumbered[:3])}; "
                "use --class-ids label-map (the default) or contiguous"
            )
            class_ids = {}
        else:
            class_ids = {c: int(next(iter(sources[c]))) for c in classes}
    else:
        first = contract.FIRST_CLASS_ID[context.class_ids]
        class_ids = {c: index + first for index, c in enumerate(classes)}
    return dataclasses.replace(
        summary,
        class_ids=class_ids,
        class_id_convention=context.class_ids,
        object_counts=dict(sorted(object_counts.items())),
        num_keypoints=keypoints[0] if summary.objects.keypoints and len(keypoints) == 1 else 0,
        refusal=summary.refusal or refusal,
    )


class Plan(beam.PTransform):
    """[Entry] batches -> {TASKS: ShardTask per shard, SUMMARY: one PlanSummary}.

    Args:
      context: the layout, shard request and label options.
      rejects, skipped, columns, notes: Discover's other outputs, counted into the summary.
      entries_per_bucket: entries one worker orders at a time (see ENTRIES_PER_BUCKET).
    """

    def __init__(
        self,
        context: PlanContext,
        *,
        rejects: beam.PCollection,
        skipped: beam.PCollection,
        columns: beam.PCollection,
        notes: beam.PCollection | None = None,
        auxiliary: beam.PCollection | None = None,
        entries_per_bucket: int = ENTRIES_PER_BUCKET,
    ) -> None:
        super().__init__()
        self._entries_per_bucket = entries_per_bucket
        self._context = context
        self._rejects = rejects
        self._skipped = skipped
        self._columns = columns
        self._notes = notes
        self._auxiliary = auxiliary

    def expand(self, entries: beam.PCollection) -> dict[str, beam.PCollection]:
        context = self._context
        # Batches and tasks carry their types, so that Beam encodes and weighs them with
        # beam_jobs/coders.py's coders instead of pickling each sampled one whole.
        entries = typed_batches(
            typed_batches(entries) | "AssignSplits" >> beam.Map(_assign_splits, context.split_ratios, context.seed)
        )
        # [Entry] batches, each entry with its split and sort key
        num_skipped = self._skipped | "CountSkipped" >> beam.combiners.Count.Globally()
        auxiliary = self._auxiliary if self._auxiliary is not None else self._skipped | "NoAuxiliary" >> beam.Filter(lambda _: False)
        num_auxiliary = auxiliary | "CountAuxiliary" >> beam.combiners.Count.Globally()
        auxiliary_examples = auxiliary | "FirstAuxiliary" >> beam.combiners.Top.Smallest(AUXILIARY_EXAMPLES)
        # Rejects can be as many as inputs: counted, and the first few kept, never collected.
        num_rejected = self._rejects | "CountRejects" >> beam.combiners.Count.Globally()
        reject_examples = self._rejects | "FirstRejects" >> beam.combiners.Top.Smallest(REJECT_EXAMPLES, key=Reject.sort_key)
        summary = (
            entries
            | "CountBatches" >> beam.FlatMap(_count_batch)
            | "CountSplits" >> beam.CombinePerKey(_merge_counts)
            | "CollectSplits" >> beam.combiners.ToDict()
            | "Summarize"
            >> beam.Map(
                _summarize,
                beam.pvalue.AsSingleton(num_rejected),
                beam.pvalue.AsSingleton(reject_examples),
                beam.pvalue.AsSingleton(num_skipped),
                beam.pvalue.AsDict(self._columns),
                beam.pvalue.AsList(self._notes if self._notes is not None else self._skipped | "NoNotes" >> beam.Filter(lambda _: False)),
                beam.pvalue.AsSingleton(num_auxiliary),
                beam.pvalue.AsSingleton(auxiliary_examples),
                self._context,
            )
        )
        # ((split, bucket), [Entry]): metadata only.
        bucketed = typed(
            entries | "KeyByBucket" >> beam.FlatMap(_by_bucket, beam.pvalue.AsSingleton(summary), self._entries_per_bucket),
            KEYED_BATCHES,
        )
        bucket_sizes = (
            bucketed
            | "CountBucket" >> beam.MapTuple(lambda key, counted: (key, counted[0]))
            | "SumBuckets" >> beam.CombinePerKey(sum)
        )
        grouped = typed(bucketed | "GroupByBucket" >> beam.GroupByKey(), GROUPED_BATCHES)
        pieces = typed(
            grouped | "CutBuckets" >> beam.FlatMap(_cut_bucket, beam.pvalue.AsDict(bucket_sizes), beam.pvalue.AsSingleton(summary)),
            KEYED_PIECES,
        )
        grouped_pieces = typed(pieces | "GroupPieces" >> beam.GroupByKey(), GROUPED_PIECES)
        tasks = typed(
            grouped_pieces | "AssembleShards" >> beam.Map(_assemble_shard, beam.pvalue.AsSingleton(summary), context.version),
            ShardTask,
        )
        return {TASKS: tasks, SUMMARY: summary}
