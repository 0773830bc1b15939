"""The Plan stage's summary: what the plan needs besides the entries (`PlanContext`), each split's
counts (`count_batch` per batch, merged by `merge_counts`) and the `PlanSummary` made of them
(`summarize`): shards per split, label names, numbering and modes, object class ids, notes, and the
refusal when the whole source shows that the plan must not be written.

Plain functions over counts, no Beam transform: `plan.Plan` runs them as its CountBatches,
CountSplits and Summarize steps.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from shardify.beam_jobs import counters
from shardify.beam_jobs.discover.candidates import ANSWERS_COLUMN, TEXT_PAIR_COLUMN
from shardify.format import contract
from shardify.plan import checks, sampled_claims, shard_math
from shardify.plan.entries import IMAGE, ROW, Entry, Reject
from shardify.plan.label_names import label_order, numbering_base
from shardify.plan.layout import SourceLayout
from shardify.plan.requests import ShardRequest, SplitRatios
from shardify.plan.shard_plans import PlanSummary, SplitPlan

__all__ = ["PlanContext", "count_batch", "merge_counts", "summarize"]

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
      base_label_counts: in an append, each held label's records over the versions before it (a new spelling of
        a held class is told by them: `checks.wrong_guess`).
      resize: `--resize` as its option's text, or "" (see `PlanSummary.resize`).
      store_pixels: `--store-pixels` as its option's text where not "never", or "" (see
        `PlanSummary.store_pixels`).
      label_column_given: `--label-column` named the labels' column (`checks.wrong_guess`).
      no_label_said: `--unlabelled-value` said which label cells mean no label (`checks.wrong_guess`).
      label_alias: `--label-alias`'s (spelling, class) pairs: a spelling's records are counted and written
        as its class (`shardify.plan.label_spellings`).
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
    base_label_counts: tuple[tuple[str, int], ...] = ()
    resize: str = ""
    store_pixels: str = ""
    label_column_given: bool = False
    no_label_said: bool = False
    label_alias: tuple[tuple[str, str], ...] = ()


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
    # images labelled by annotations that hold no object (a detection set's negatives): with objects
    # elsewhere, a record of no object, as a COCO image of no annotation is (multi-label, no label)
    empty_images: int = 0


def count_batch(entries: list[Entry]) -> Iterator[tuple[str, _SplitCount]]:
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
            empty_images=sum(entry.kind == IMAGE and not entry.labels and not entry.unlabelled for entry in members),
        )


def merge_counts(counts: Iterable[_SplitCount]) -> _SplitCount:
    num_records = num_bytes = max_labels = unlabelled = empty_rows = empty_images = 0
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
        empty_images += count.empty_images
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
        empty_images,
    )


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
    if aliases and context.layout.label_ids and not context.label_names:
        notes.append(f"labels are ids: named by {context.layout.label_ids_file} ({len(aliases)} of the ids found)")
    elif aliases:
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


def summarize(
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
    spelled = dict(context.label_alias)  # (a spelling the user named: its class, before any numbering)
    raw = label_order(label for c in counts.values() for label in c.label_counts)
    found = label_order(dict.fromkeys(spelled.get(label, label) for label in raw))
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
    ids = dict(context.layout.label_ids) if not context.label_names else {}
    if ids:  # labels written as ids, named by a side file (EURLEX57K's concepts by eurovoc_en.json)
        aliases = {label: ids[label] for label in found if label in ids}
        unnamed = [label for label in found if label not in ids]
        if unnamed:  # (review26: an id past the sample, unnamed, had been written as itself among the names, exit 0)
            side = context.layout.label_ids_file
            refusal = refusal or (
                f"labels are ids named by {side}, but {len(unnamed)} of the {len(found)} ids found are not named there "
                f"({', '.join(map(repr, unnamed[:5]))}{' and more' if len(unnamed) > 5 else ''}): written as themselves "
                f"among the names, they would be classes of another kind; mend {side}, or write every label as its id: "
                f"--exclude '{side}'"
            )
        names, base = tuple(label_order(aliases.get(label, label) for label in found)), 0
    max_labels = max((c.max_labels for c in counts.values()), default=0)
    if context.base_labels and not names:  # an append: the labels so far keep their indices
        names = (*context.base_labels, *(label for label in found if label not in context.base_labels))
    if not found and not names:
        label_mode = contract.LABEL_NONE
    elif context.multi_label or max_labels > 1 or any(c.empty_rows for c in counts.values()) or (
        any(c.empty_images for c in counts.values()) and any(c.object_counts for c in counts.values())
    ):
        label_mode = contract.LABEL_MULTI
    else:
        label_mode = contract.LABEL_SINGLE
    labels = names or tuple(found)
    numbered = aliases  # (the plan's notes say how numbers were named; the user's spellings are in the manifest)
    if spelled:  # each label as found -> its name: the user's spelling first, then the numbering's
        aliases = {label: aliases.get(spelled.get(label, label), spelled.get(label, label)) for label in raw}
        aliases = {label: name for label, name in aliases.items() if name != label}

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
        notes=_notes(context, table_notes, base, numbered),
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
        # (and the label columns the scan found by their sampled cells, which every record must bear out)
        claimed = dataclasses.replace(context.layout, sampled_claims=(
            *context.layout.sampled_claims, *sampled_claims.claims_in_notes(table_notes)))
        refusal = checks.wrong_guess(summary, claimed, label_column_given=context.label_column_given,
                                     no_label_said=context.no_label_said, label_alias=context.label_alias,
                                     held_counts=dict(context.base_label_counts))
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
