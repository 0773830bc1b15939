"""Stop where a folder read as WebDataset samples pairs each image with a `.json` that labels nothing.

A WebDataset sample's `json` member labels it through a label field (`label`, `class`, ... :
`converters.columns.LABEL_COLUMN_NAMES`) at the document's top. A folder of `<name>.jpg` beside
`<name>.json` matches the WebDataset key rule too, and then every image was written in one split,
unlabelled, with exit 0: the Strawberry Disease Detection download's LabelMe files (`{"shapes":
[{"label", "points", "shape_type": "polygon"}], "imagePath", "imageData", ...}`, one per image, in
train/ and val/) were read so. A `.json` whose top holds no label field is a per-image annotation
document (a tool's export), not a label member: the run stops naming the files and the keys they
hold, before anything is written. LabelMe's own documents are read as objects since
(`box_beside.py`'s JSON_FORMATS); this stop is for the exports of other shapes (a VIA-like one).
A `.json` that holds boxes (`shardify/plan/box_keys.py`) stops too, beside a label field or not and in
a tar as well: no label member reads boxes, and `{"label", "bbox"}` exports (the label read) and Open
Images' WebDataset shards (a list of box rows, written unlabelled) had lost every box with exit 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.discover import archive_heads
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters.columns import LABEL_COLUMN_NAMES
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input
from shardify.inputs.paths import join_path
from shardify.plan import box_keys, layout

__all__ = ["check_sample_documents"]

# Documents opened: a few, the first in path order (a label member is a few bytes; an annotation
# document may carry its image in base64, so at most this much of each is read).
_DOCUMENTS = 3
_DOCUMENT_BYTES = 1 << 20
_KEYS_SHOWN = 6
_TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz")


def _document(config: ConvertConfig, path: str) -> object | None:
    """The JSON value in `path` (relative to SRC), or None where it cannot be read whole within
    _DOCUMENT_BYTES or parsed (the pipeline reports what it cannot read)."""
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            data = fileobj.read(_DOCUMENT_BYTES + 1)
    except (OSError, InvalidInputError):
        data = archive_heads.member_head(config.source, path, _DOCUMENT_BYTES + 1)  # a member of a tar read as a folder
    if data is None or len(data) > _DOCUMENT_BYTES:
        return None
    try:
        return json_input.parse(data)
    except InvalidInputError:
        return None


def _top_keys(config: ConvertConfig, path: str) -> list[str] | None:
    """The top-level keys of the JSON object in `path`, [] for a list (a list labels nothing: Open
    Images' WebDataset shards hold a list of box rows per image), None where it cannot be read."""
    document = _document(config, path)
    if isinstance(document, list):
        return []
    return [str(key) for key in document] if isinstance(document, dict) else None


def _members(sample: Sequence[str]) -> list[str]:
    return sorted(p for p in sample if layout.sample_key(p)[1] == layout.SAMPLE_JSON_FIELD)[:_DOCUMENTS]


def boxes_held(config: ConvertConfig, sample: Sequence[str]) -> tuple[str, str]:
    """(a sampled `json` member, its box key) where one holds boxes (`box_keys.held_box_key`), else
    ("", ""): boxes that no WebDataset label member reads, whatever else the document holds."""
    for path in _members(sample):
        key = box_keys.held_box_key(_document(config, path))
        if key:
            return path, key
    return "", ""


def _in_tar(path: str) -> bool:
    return any(part.lower().endswith(_TAR_SUFFIXES) for part in path.split("/")[:-1])


def unlabelling_documents(config: ConvertConfig, sample: Sequence[str]) -> dict[str, list[str]]:
    """{document: its top keys} for the first sampled `json` members, where every one read is an
    object with no label field; {} where one labels (or none could be read)."""
    fields = {layout.sample_key(p)[1] for p in sample}
    if fields & (set(layout.SAMPLE_LABEL_FIELDS) - {layout.SAMPLE_JSON_FIELD}) or any(_in_tar(p) for p in sample):
        return {}  # (a .cls member labels; a tar's members are WebDataset's own, whatever their json holds)
    members = _members(sample)
    keys = {p: k for p in members if (k := _top_keys(config, p)) is not None}
    labels = {name.casefold() for name in LABEL_COLUMN_NAMES}
    if not keys or any(labels & {k.casefold() for k in found} for found in keys.values()):
        return {}
    return keys


def _captions_beside(sample: Sequence[str], documents: dict[str, list[str]]) -> list[str]:
    """The `.txt` members of the documents' samples (a caption each: img2dataset's `<key>.jpg`, `<key>.txt`,
    `<key>.json` of its url, caption and sizes), where every document's sample has one; else []."""
    texts = {layout.sample_key(p)[0]: p for p in sample if layout.sample_key(p)[1] == "txt"}
    found = [texts.get(layout.sample_key(p)[0]) for p in documents]
    return [p for p in found if p] if all(found) else []


def check_sample_documents(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where `detected` reads WebDataset samples whose `.json` members hold no label field.

    Raises:
      UsageError: naming the documents, their keys, and what would be lost.
    """
    if detected.name != layout.WEBDATASET or config.layout:
        return  # (a forced --layout webdataset is the user's word)
    _check_boxes(config, sample)
    documents = unlabelling_documents(config, sample)
    if not documents:
        return
    keys = next(iter(documents.values()))
    shown = ", ".join(keys[:_KEYS_SHOWN]) + (", ..." if len(keys) > _KEYS_SHOWN else "")
    captions = _captions_beside(sample, documents)
    if captions:
        raise UsageError(
            f"each image has a .json of the same name beside it ({', '.join(documents)}), read as WebDataset samples whose "
            f".json member labels them; but these documents hold no label field at their top (keys: {shown}), and a .txt "
            f"lies beside each image too ({', '.join(captions)}): an image and its caption, with its metadata (img2dataset's "
            "files output). --exclude '**/*.json' reads each image with its .txt as its caption (the documents left out); "
            "read as they stand, every image would be written unlabelled and its caption lost"
        )
    raise UsageError(
        f"each image has a .json of the same name beside it ({', '.join(documents)}), read as WebDataset samples whose "
        f".json member labels them; but these documents hold no label field at their top (keys: {shown}): they are "
        "per-image annotations of a shape shardify does not read (it reads LabelMe's `shapes`: docs/datasets.md), and "
        "every image would be written unlabelled. Convert their objects to a format shardify reads (COCO, Pascal VOC, "
        "YOLO, LabelMe), then point SRC at that"
    )


def _check_boxes(config: ConvertConfig, sample: Sequence[str]) -> None:
    """Stop where a sample's `.json` holds boxes: read as a label member (or as nothing, in a tar), the
    boxes were dropped with exit 0 (review30: `{"label", "bbox"}` beside each image; Open Images'
    WebDataset shards, a list of `XMin` .. `YMax` rows an image).

    Raises:
      UsageError: naming the document, its box key, and `--layout webdataset` that drops them knowingly.
    """
    path, key = boxes_held(config, sample)
    if not path:
        return
    raise UsageError(
        f"each image has a .json of the same name beside it, read as WebDataset samples whose .json member labels "
        f"them; but {path} holds boxes (its key {key!r}), which no label member reads: every box would be lost. Convert "
        "the objects to a format shardify reads (COCO, Pascal VOC, YOLO, LabelMe: docs/datasets.md), then point SRC at "
        "that; --layout webdataset writes each image with its .json's label alone (or unlabelled), the boxes dropped"
    )
