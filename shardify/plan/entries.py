"""The small metadata values that flow between pipeline stages (never file payloads): the inputs
(`Candidate`, `Entry`, where their bytes are and what objects they hold) and what became of those
that were not stored as found (`Reject`, `Repair`, `DuplicateGroup`). The plan made of them (shard
tasks, their results, the summary) is in `shard_plans`."""

from __future__ import annotations

from dataclasses import dataclass

from shardify.plan.batches import Batch

__all__ = ["MemberLocation", "IMAGE", "TEXT", "ROW", "ARRAY", "SourceObject", "Batch", "Candidate", "Entry", "Reject", "Repair", "DuplicateGroup", "row_id", "is_inside"]


# Entry kinds: an image file, a text file, a table row, an image that is one element of an array
# file (CIFAR's batches, MNIST's idx files), stored as a PNG of its pixels.
IMAGE, TEXT, ROW, ARRAY = "image", "text", "row", "array"


@dataclass(frozen=True)
class MemberLocation:
    """Where a member's bytes are.

    Attributes:
      archive: the archive file, relative to SRC.
      kind: "tar", "tar.gz" or "zip" (the outermost archive's; see converters/archives.py).
      archive_bytes: the archive's size when it was listed (a change is caught).
      offset: tar: the data's offset in the (decompressed) archive; zip: the local header's.
      member_bytes: the member's own size.
      method: zip: 0 stored, 8 deflated.
      compressed_bytes: zip: the member's compressed size.
    """

    archive: str
    kind: str
    archive_bytes: int
    offset: int
    member_bytes: int
    method: int = 0
    compressed_bytes: int = 0


@dataclass(frozen=True)
class SourceObject:
    """One object of an image as its annotation gives it, in the annotation's own units (the
    writer normalises it by the stored image's size: see converters/object_values.py).

    Attributes:
      label: its class name.
      box: (xmin, ymin, xmax, ymax): pixels, edges as in [xmin, xmax) (COCO's x + width), or
        fractions of the image when `normalised`; () when the source gives none.
      area: pixels as the source gives it, or -1 (the box's is stored).
      is_crowd, difficult, truncated: 0 or 1.
      source_class: the source's own id of its class (COCO's category_id, YOLO's index), or "".
      polygons: COCO polygons, each (x1, y1, x2, y2, ...) in pixels.
      rle: COCO RLE as JSON text ({"counts", "size"}), or "".
      keypoints: COCO keypoints, (x, y, visibility) after one another.
      normalised: the box is in fractions of the image (YOLO), not pixels.
      skipped: why the annotation's row is no object (KITTI's DontCare, WIDER FACE's invalid
        faces), or "": such a row is carried only to be named in the image's repair line; it is
        never stored, counted or a class.
      frame: (width, height) the annotation says its image has, whose pixels `box` counts (COCO's
        image `width` and `height`), or () where it says none.
    """

    label: str
    box: tuple[float, ...] = ()
    area: float = -1.0
    is_crowd: int = 0
    difficult: int = 0
    truncated: int = 0
    source_class: str = ""
    polygons: tuple[tuple[float, ...], ...] = ()
    rle: str = ""
    keypoints: tuple[float, ...] = ()
    normalised: bool = False
    skipped: str = ""
    frame: tuple[float, float] | tuple[()] = ()

    @property
    def stored(self) -> bool:
        """Whether the writer can store it: not skipped, with a box of some area. The plan counts
        only these, so that its object counts are the manifest's (the writer also drops a box the
        image leaves wholly, which only the image's size shows)."""
        box = self.box
        return not self.skipped and len(box) == 4 and box[2] > box[0] and box[3] > box[1]


@dataclass(frozen=True)
class Entry:
    """One input that will become one record: a file, or a row of a table (never its bytes).

    Attributes:
      kind: IMAGE (an image file, maybe with a caption), TEXT (a text file) or ROW (a table row).
      relpath: the file (for ROW, the table) relative to the source folder, '/'-separated.
      size_bytes: bytes the writer will read: the file's size, or the row's length.
      split: split name: as the source gives it (a split folder or list), or "" until the plan
        assigns one (see `shard_math.assign_split`).
      sort_key: seeded hash that orders records across shards (see `shard_math.sort_key`), set by
        the plan.
      labels: label names; one for single-label data, any number for multi-label, none if unlabeled.
      unlabelled: the source gives this input no label (an `unsup/` folder, a split without
        labels): in single-label data its record holds label -1 (as TensorFlow Datasets writes
        unlabelled records) instead of being rejected for having none.
      row: ROW: the row number in the table (the header is row 1, as in a spreadsheet); from a
        label file: the label file's row; ARRAY: the element's index in its array, from 0.
      part: ARRAY: the array of the file the element is in (an .npz archive's `x_train`), or "".
      objects: IMAGE of a detection dataset: its objects, as its annotation gives them.
      source_id: the dataset's own id of the image (COCO's numeric image id), or "": then
        `image/source_id` is the record's number in the output.
      offset: ROW: byte offset of the row in the table.
      caption_file: IMAGE: relative path of the caption text file, or "".
      caption_bytes: IMAGE: the caption file's size at listing (the writer reads no more).
      location: an archive member's place in its archive (None for a file); caption_location the
        caption's, when it is a member too.
      caption_text: IMAGE: the caption from a label file's caption column; ROW of a side of a parallel
        corpus (`line_rows`): the other side's line, its pair; else "".
      caption_source: IMAGE: the file `caption_text` came from where it is not the label file (a split
        file of entries, one of several: TextCaps' JSON per split), its `text/source` `<file>#<row>`; else "".
      mask_file, mask_bytes: IMAGE of a segmentation dataset: its mask (a PNG beside it, sharing
        its stem) and the mask's size at listing.
      image_format, height, width, channels: IMAGE: from the header probe.
    """

    kind: str
    relpath: str
    size_bytes: int
    split: str = ""
    sort_key: int = 0
    labels: tuple[str, ...] = ()
    row: int = 0
    offset: int = 0
    caption_file: str = ""
    caption_bytes: int = 0
    caption_text: str = ""
    location: MemberLocation | None = None
    caption_location: MemberLocation | None = None
    image_format: str = ""
    height: int = 0
    width: int = 0
    channels: int = 0
    unlabelled: bool = False
    part: str = ""
    objects: tuple[SourceObject, ...] = ()
    source_id: str = ""
    mask_file: str = ""
    mask_bytes: int = 0
    caption_source: str = ""

    def __post_init__(self) -> None:
        if self.unlabelled and self.labels:
            raise ValueError(f"{self.relpath}: an unlabelled entry with labels {self.labels}")
        if self.kind not in (IMAGE, TEXT, ROW, ARRAY):
            raise ValueError(f"entry kind {self.kind!r} is not one of image, text, row, array")
        # (the side files asked one by one: a generator over them cost more than the rest of the checks)
        if (
            not is_inside(self.relpath)
            or (self.caption_file and not is_inside(self.caption_file))
            or (self.mask_file and not is_inside(self.mask_file))
        ):
            raise ValueError(f"{self.relpath!r} must be relative and stay inside the source")
        if min(self.size_bytes, self.offset, self.caption_bytes) < 0:
            raise ValueError(f"{self.relpath}: negative size or offset in {self!r}")
        if self.kind in (IMAGE, ARRAY) and min(self.height, self.width, self.channels) < 1:
            raise ValueError(f"{self.relpath}: impossible image shape in {self!r}")
        if self.kind == ROW and self.row < 1:
            raise ValueError(f"{self.relpath}: table rows are numbered from 1, got {self.row}")

    @property
    def record_id(self) -> str:
        """Unique within a run: the relative path, `table#row` for a table row, `file#index` (or
        `file#array:index`) for an array's element."""
        return _record_id(self.kind, self.relpath, self.row, self.part)

    @property
    def reported_at(self) -> tuple[str, int]:
        """(path, row) a reject of this input names: an array's element by its record id."""
        return (self.record_id, 0) if self.kind == ARRAY else (self.relpath, self.row)

    def placed(self, split: str, sort_key: int) -> Entry:
        """This entry with the split and sort key the plan gives it. `dataclasses.replace` would
        check every field again in `__post_init__` (none of whose checks involves these two):
        15 µs of CPU an entry against 2.5 µs, measured here; the plan places every input.

        >>> Entry(kind=TEXT, relpath="a.txt", size_bytes=1).placed("train", 7).sort_key
        7
        """
        placed = object.__new__(Entry)
        placed.__dict__.update(self.__dict__, split=split, sort_key=sort_key)
        return placed


@dataclass(frozen=True)
class Candidate:
    """An input found by discovery, before its image header is known.

    Attributes: as `Entry`'s of the same names; `split` is the split a list or annotation file of
    the source gives it, or "" (then its split folder, if any, gives it); `shape` an array
    element's (height, width, channels).
    """

    kind: str
    relpath: str
    size_bytes: int
    labels: tuple[str, ...] = ()
    split: str = ""
    unlabelled: bool = False
    part: str = ""
    shape: tuple[int, ...] = ()
    objects: tuple[SourceObject, ...] = ()
    source_id: str = ""
    row: int = 0
    offset: int = 0
    caption_file: str = ""
    caption_bytes: int = 0
    caption_text: str = ""
    location: MemberLocation | None = None
    caption_location: MemberLocation | None = None
    mask_file: str = ""
    mask_bytes: int = 0
    caption_source: str = ""

    @property
    def record_id(self) -> str:
        return _record_id(self.kind, self.relpath, self.row, self.part)


def row_id(relpath: str, row: int) -> str:
    return f"{relpath}#{row}"


def _record_id(kind: str, relpath: str, row: int, part: str) -> str:
    if kind == ROW:
        return row_id(relpath, row)
    if kind == ARRAY:
        return f"{relpath}#{part}:{row}" if part else row_id(relpath, row)
    return relpath


def is_inside(relpath: str) -> bool:
    """True for a relative '/'-separated path that does not climb out of its root."""
    return bool(relpath) and not relpath.startswith("/") and (".." not in relpath or ".." not in relpath.split("/"))


@dataclass(frozen=True)
class Reject:
    """An input left out of the output, with the reason that goes to `rejected.jsonl`.

    Attributes:
      relpath: path relative to the source folder (a label file outside it: as given).
      stage: where it was rejected: "discover", "labels", "probe" or "write".
      reason: one human-readable sentence.
      row: the row of a label file or table the problem is in (header = row 1), or 0.
    """

    relpath: str
    stage: str
    reason: str
    row: int = 0

    def sort_key(self) -> tuple[str, int, str, str]:
        """The rejects report's order: by path, then row; total, so that reports are deterministic."""
        return (self.relpath, self.row, self.stage, self.reason)

    def to_json(self) -> dict:
        data = {"path": self.relpath, "stage": self.stage, "reason": self.reason}
        if self.row:
            data["row"] = self.row
        return data


@dataclass(frozen=True)
class Repair:
    """An input stored other than as found, for `repaired.jsonl`.

    Attributes:
      relpath: path relative to the source folder.
      how: one sentence: what was wrong and what was stored.
      reencoded: the stored bytes are a re-encode, not the file's own.
    """

    relpath: str
    how: str
    reencoded: bool

    def to_json(self) -> dict:
        return {"path": self.relpath, "repair": self.how, "reencoded": self.reencoded}


@dataclass(frozen=True)
class DuplicateGroup:
    """Records whose content (the stored image, else the text) is byte for byte the same.

    Attributes:
      sha256: hex sha256 of that content.
      records: (split, record id) of each, sorted.
    """

    sha256: str
    records: tuple[tuple[str, str], ...]

    @property
    def across_splits(self) -> bool:
        """The same content in two splits: a model is tested on what it trained on."""
        return len({split for split, _ in self.records}) > 1

    def to_json(self) -> dict:
        return {"sha256": self.sha256, "records": [{"split": split, "id": rid} for split, rid in self.records]}
