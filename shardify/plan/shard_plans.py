"""The plan's values: how each split will be written (`SplitPlan`), the whole plan in numbers
(`PlanSummary`, what the CLI prints and the manifest records), each shard's task for its writer
(`ShardTask`) and what writing it produced (`ShardResult`). The entries they carry are in `entries`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from shardify.format import contract, naming
from shardify.plan.batches import Batch
from shardify.plan.entries import IMAGE, TEXT, Entry, Reject, Repair

__all__ = ["ShardTask", "ShardResult", "SplitPlan", "PlanSummary"]


@dataclass(frozen=True)
class ShardTask:
    """Everything one worker needs to write one shard: the entries in record order.

    Attributes:
      split: split name.
      index: shard index within the split.
      num_shards: number of shards in the split.
      entries: the shard's entries, in the order they are written.
      version: the output's version this shard belongs to (1: the conversion; more: an append).
    """

    split: str
    index: int
    num_shards: int
    entries: tuple[Entry, ...]
    version: int = 1

    @property
    def filename(self) -> str:
        return naming.shard_filename(self.split, self.index, self.num_shards, self.version)

    def __post_init__(self) -> None:
        if not 0 <= self.index < self.num_shards:
            raise ValueError(f"shard index {self.index} outside 0..{self.num_shards - 1}")

    def __reduce__(self) -> tuple:
        """Pickled with its entries as a Batch (as columns): a shard of 80,000 tiny texts was
        pickled 7 times on its way to its writer (Beam samples element sizes by encoding them)."""
        return (_shard_task, (self.split, self.index, self.num_shards, Batch(self.entries), self.version))


def _shard_task(split: str, index: int, num_shards: int, entries: Batch, version: int) -> ShardTask:
    return ShardTask(split, index, num_shards, tuple(entries), version)


@dataclass(frozen=True)
class ShardResult:
    """What writing a shard produced: the manifest's shard entry plus rejects found while writing.

    Attributes:
      split, index, num_shards: which shard.
      path: file name relative to the output folder.
      index_path: the shard's DALI index file, beside it.
      num_records, num_bytes, sha256: of the finished file.
      label_counts: records per label name.
      rejects: inputs that failed while being written.
      repairs: inputs stored other than as found.
      num_unlabelled: records written without a label (see `Entry.unlabelled`).
      num_unmasked: records of a segmentation dataset written without a mask (a split the source
        gives no masks: LoveDA's Test/).
      object_counts: objects written per class (detection datasets).
      input_bytes: bytes of the inputs whose records were written (read, for files).
      num_resized: images `--resize` stored shrunk.
    """

    split: str
    index: int
    num_shards: int
    path: str
    index_path: str
    num_records: int
    num_bytes: int
    sha256: str
    label_counts: dict[str, int] = field(default_factory=dict)
    rejects: tuple[Reject, ...] = ()
    repairs: tuple[Repair, ...] = ()
    num_unlabelled: int = 0
    num_unmasked: int = 0
    object_counts: dict[str, int] = field(default_factory=dict)
    input_bytes: int = 0
    num_resized: int = 0


@dataclass(frozen=True)
class SplitPlan:
    """How one split will be written.

    Attributes:
      num_records: entries planned (rejects found while writing are subtracted later).
      num_bytes: sum of input file sizes.
      num_shards: shards that will be written.
      label_counts: entries per label name.
      num_unlabelled: entries without a label.
    """

    num_records: int
    num_bytes: int
    num_shards: int
    label_counts: dict[str, int]
    num_unlabelled: int = 0


@dataclass(frozen=True)
class PlanSummary:
    """The whole plan in numbers: what the CLI prints before writing and the manifest records.

    Attributes:
      layout: the source layout (see `layout.LAYOUTS`).
      media: "image" or "text": the records' main payload.
      captions: image records also hold a caption text.
      labels: label names; a record's label index is the position in this tuple.
      label_mode: contract.LABEL_SINGLE, LABEL_MULTI or LABEL_NONE.
      columns: (name, dtype) of kept table columns.
      shards_request: what the user asked for, e.g. "64" or "train=64,validation=8".
      splits: split name -> its plan.
      num_rejected: inputs rejected before writing.
      reject_examples: the first few of them, for the summary.
      num_skipped: junk files skipped.
      num_auxiliary: files the dataset ships beside its inputs (documentation, lists, masks, the
        label files read), counted and never converted.
      auxiliary_examples: the first few of them, for the plan.
      label_aliases: labels written as numbers in the source -> their names (see
        `shard_math.number_labels`); inputs keep the number, records get the name.
      notes: how the source was read (detection, table headers and columns), one line each.
      refusal: why nothing may be written, when the whole source shows that an option cannot
        work with it (a usage error: the run exits 2), or "".
      objects: which object features the records hold (detection datasets).
      class_ids: object class name -> the number its objects' class/label holds.
      class_id_convention: how those numbers count (contract.CLASS_ID_CONVENTIONS), or "".
      object_counts: objects planned per class name, all splits together.
      num_keypoints: keypoints per object (COCO's person: 17) where records hold keypoints.
      resize: `--resize` as its option's text ("shorter:256"), or "": images larger than it are
        stored shrunk, and image records then describe their source (contract's `original`).
      store_pixels: `--store-pixels` ("auto" or "always"), or "": some images may be stored as
        their pixels (contract.RAW_PIXELS_FORMAT), and image records describe their source too.
      text_pair: records hold a second text (a table of sentence pairs; see `contract.TEXT_PAIR`).
      answers: records hold a question's answers (question-answering JSON; `contract.ANSWER_FEATURES`).
    """

    layout: str
    media: str
    captions: bool
    labels: tuple[str, ...]
    label_mode: str
    columns: tuple[tuple[str, str], ...]
    shards_request: str
    splits: dict[str, SplitPlan]
    num_rejected: int = 0
    reject_examples: tuple[Reject, ...] = ()
    num_skipped: int = 0
    label_aliases: dict[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    refusal: str = ""
    num_auxiliary: int = 0
    auxiliary_examples: tuple[str, ...] = ()
    objects: contract.ObjectSchema = contract.ObjectSchema()
    class_ids: dict[str, int] = field(default_factory=dict)
    class_id_convention: str = ""
    object_counts: dict[str, int] = field(default_factory=dict)
    num_keypoints: int = 0
    resize: str = ""
    text_pair: bool = False
    answers: bool = False
    store_pixels: str = ""

    @property
    def num_records(self) -> int:
        return sum(s.num_records for s in self.splits.values())

    @property
    def schema(self) -> tuple[contract.Feature, ...]:
        """The features every record of this plan holds."""
        return contract.record_schema(
            image=self.media == IMAGE,
            text=self.media == TEXT or self.captions,
            labels=self.label_mode,
            columns=self.columns,
            objects=self.objects,
            original=bool(self.resize or self.store_pixels),
            text_pair=self.text_pair,
            answers=self.answers,
        )

    @property
    def num_bytes(self) -> int:
        return sum(s.num_bytes for s in self.splits.values())

    def to_json(self) -> dict:
        return {
            "layout": self.layout,
            "media": self.media,
            "captions": self.captions,
            "labels": list(self.labels),
            "label_mode": self.label_mode,
            "columns": [list(column) for column in self.columns],
            "shards_request": self.shards_request,
            "splits": {name: _split_json(split) for name, split in self.splits.items()},
            "num_rejected": self.num_rejected,
            "reject_examples": [r.to_json() for r in self.reject_examples],
            "num_skipped": self.num_skipped,
            "label_aliases": dict(self.label_aliases),
            "notes": list(self.notes),
            **({"text_pair": True} if self.text_pair else {}),
            **({"answers": True} if self.answers else {}),
            **({"refusal": self.refusal} if self.refusal else {}),
            **({"resize": self.resize} if self.resize else {}),
            **({"store_pixels": self.store_pixels} if self.store_pixels else {}),
            **({"num_auxiliary": self.num_auxiliary, "auxiliary_examples": list(self.auxiliary_examples)} if self.num_auxiliary else {}),
            **(
                {
                    "objects": dataclasses.asdict(self.objects),
                    "class_ids": dict(self.class_ids),
                    "class_id_convention": self.class_id_convention,
                    "object_counts": dict(self.object_counts),
                    "num_keypoints": self.num_keypoints,
                }
                if self.objects.any
                else {}
            ),
        }

    @classmethod
    def from_json(cls, data: dict) -> PlanSummary:
        return cls(
            layout=data["layout"],
            media=data["media"],
            captions=data["captions"],
            labels=tuple(data["labels"]),
            label_mode=data["label_mode"],
            columns=tuple((name, dtype) for name, dtype in data["columns"]),
            shards_request=data["shards_request"],
            splits={name: SplitPlan(**split) for name, split in data["splits"].items()},
            num_rejected=data["num_rejected"],
            reject_examples=tuple(
                Reject(r["path"], r["stage"], r["reason"], r.get("row", 0)) for r in data["reject_examples"]
            ),
            num_skipped=data["num_skipped"],
            label_aliases=dict(data.get("label_aliases", {})),
            notes=tuple(data.get("notes", ())),
            refusal=data.get("refusal", ""),
            text_pair=data.get("text_pair", False),
            answers=data.get("answers", False),
            num_auxiliary=data.get("num_auxiliary", 0),
            auxiliary_examples=tuple(data.get("auxiliary_examples", ())),
            objects=contract.ObjectSchema(**data.get("objects", {})),
            class_ids=dict(data.get("class_ids", {})),
            class_id_convention=data.get("class_id_convention", ""),
            object_counts=dict(data.get("object_counts", {})),
            num_keypoints=data.get("num_keypoints", 0),
            resize=data.get("resize", ""),
            store_pixels=data.get("store_pixels", ""),
        )


def _split_json(split: SplitPlan) -> dict:
    """A split's plan as plan.json holds it (num_unlabelled only where there are any)."""
    data = vars(split).copy()
    if not split.num_unlabelled:
        del data["num_unlabelled"]
    return data
