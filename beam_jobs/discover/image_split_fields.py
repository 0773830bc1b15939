"""Stop where a JSON file beside the images gives each of them a split that the plan does not read.

Caption datasets in Karpathy's shape (RSICD's `annotations_rsicd/dataset_rsicd.json`, the
`dataset_<name>.json` files image-captioning code reads: `{"images": [{"filename": "airport_1.jpg",
"split": "val", "sentences": [...]}]}`) keep the split of every image inside one document, beside
one folder of all the images. Nothing else there splits them: the plan read one split, `train`,
and the val and test images were written as training images with exit 0. Where the plan has one
split and an auxiliary `.json` names the sampled inputs beside a split field of split words
(`split`, `set`, `subset`, `partition`: train, val, test ...), the run stops naming it before
anything is written. Only the first bytes of a few such files are read.

Such a file whose entries are a list of objects each naming its file and its split is read as the
images' split file since (`converters/split_sources.split_names`: RSICD's images then take the
scene its `txtclasses_rsicd/<scene>.txt` list names, and the split the JSON gives), and its
entries' captions (`sentences` of `raw` texts) are the records' captions (`with_entry_captions`). So are
the captions of COCO files one per split (VizWiz-Captions' `annotations/train.json`, `val.json`: COCO's
"images" and "annotations" with a `caption` each), which detection reads as the splits' annotations:
before, their captions were not read and every image was written without text with exit 0.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import head_reads
from shardify.config import ConvertConfig
from shardify.converters.label_files import DROPPED_CAPTION_FLAGS
from shardify.errors import UsageError
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["caption_file", "check_image_split_fields", "split_fields", "with_entry_captions"]

# An entry's captions, as Karpathy's files write them (`"sentences": [{"raw": ...}]`) or a list of strings.
# Or one caption an entry, the image named again by its next (TextCaps' `"caption_str": "..."`).
_CAPTIONS = re.compile(r'"(sentences|captions)"\s*:\s*\[\s*(\{\s*"[a-z_]+"|")|"(caption_str|caption|sentence)"\s*:\s*"', re.IGNORECASE)
# A COCO annotation's caption (`captions_train2017.json`'s, VizWiz-Captions' annotations/train.json's).
_COCO_CAPTION = re.compile(r'"caption"\s*:\s*"')

_LOOKED_AT = 4
_HEAD_BYTES = 256 << 10
# A field whose value is the entry's split, as annotation documents spell it (data: a new spelling
# is a word here).
_SPLIT_FIELD = re.compile(r'"(split|set|subset|partition|data_split)"\s*:\s*"([^"\\]{1,40})"', re.IGNORECASE)
_STRING = re.compile(r'"([^"\\]{1,300})"')
# Input names the head must hold for the document to be about these inputs.
_NAMED_INPUTS = 2


def split_fields(text: str) -> list[str]:
    """The distinct split words (in order met) that the document's split fields hold.

    >>> split_fields('{"images": [{"filename": "a.jpg", "split": "train"}, {"filename": "b.jpg", "split": "val"}]}')
    ['train', 'val']
    >>> split_fields('{"split": "2021-03 release"}')
    []
    """
    found: list[str] = []
    for _, value in _SPLIT_FIELD.findall(text):
        word = split_word(value)
        if word and value not in found:
            found.append(value)
    return found


def _head(config: ConvertConfig, path: str) -> str:
    return head_reads.head_bytes(config, path, _HEAD_BYTES).decode("utf-8", "replace")  # (an archive member's too)


def check_image_split_fields(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where the plan has one split and an auxiliary JSON gives the sampled inputs splits.

    Raises:
      UsageError: naming the document, the splits it gives, and an input it names.
    """
    if config.split is not None or detected.name not in (layout.IMAGE_FOLDERS, layout.IMAGE_CAPTIONS, layout.TEXT_FOLDERS, layout.LABEL_FILE):
        return
    inputs = [p for p in sample if layout.is_media_file(p, detected.media) and not detected.is_auxiliary(p)]
    if not inputs or any(detected.split_of(p)[0] for p in inputs) or any(e.gives_split for e in detected.evidence):
        return
    names = {posixpath.basename(p) for p in inputs}
    documents = [p for p in sample if layout.extension(p) in ("json", "jsonl") and p not in inputs][:_LOOKED_AT]
    for path in documents:
        text = _head(config, path)
        splits = split_fields(text)
        named = sorted({posixpath.basename(s) for s in _STRING.findall(text)} & names)
        if len(splits) >= 2 and len(named) >= _NAMED_INPUTS:
            raise UsageError(
                f"{path} gives each image a split ({', '.join(splits)}; {named[0]} among the images it names), which "
                "shardify does not read: every image would be written in one split, train. Move the images into a "
                "folder per split as the file says (<split>/<image>), or write a list of each split's image paths "
                "(<split>.txt beside them), then convert"
            )


def with_entry_captions(config: ConvertConfig, detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` whose image records carry the captions of the JSON read as their split file, where
    its entries hold them (Karpathy's `sentences`: RSICD's, Flickr8k's, COCO's `dataset_*.json`):
    each image's captions joined with a line break (as COCO captions are), read with its split
    (`converters/split_sources.entry_captions`). Unchanged where no such file is read, or where the
    records already carry captions of another source."""
    if detected.captions or detected.media != "image" or detected.name != layout.IMAGE_FOLDERS:
        return detected
    found = _caption_files(config, detected)
    if found and found[0].kind == evidence_lib.COCO_SPLIT:
        # (a COCO file per split whose annotations hold captions, VizWiz-Captions': read without them, every image
        # was written textless with exit 0)
        note = (f"{', '.join(e.path for e in found)}: each image's captions (its annotations' caption, those flagged "
                f"{' or '.join(DROPPED_CAPTION_FLAGS)} left out), joined with a line break")
        return dataclasses.replace(detected, captions=True, notes=(*detected.notes, note))
    if not found:
        return detected
    files = [e.path for e in found]
    note = f"{', '.join(files)}: each image's captions (its entries' sentences), joined with a line break, with its split"
    return dataclasses.replace(detected, captions=True, notes=(*detected.notes, note))


def caption_file(config: ConvertConfig, detected: layout.SourceLayout) -> str | tuple[tuple[str, str], ...]:
    """The file the records' captions come from: the label file, or the split file whose entries
    give them (`with_entry_captions`), or "". The writer's `text/source` is `<file>#<entry>`. Where
    a COCO file per split gives them, ((split, file), ...): each record's is its split's file."""
    if detected.labels_file or not detected.captions:
        return detected.labels_file
    found = _caption_files(config, detected)
    if found and found[0].kind == evidence_lib.COCO_SPLIT:
        return tuple((e.split, e.path) for e in found)
    return next((e.path for e in found), "")


def _caption_files(config: ConvertConfig, detected: layout.SourceLayout) -> list:
    """The JSON split files of `detected` whose entries hold captions (Karpathy's), else its COCO files per
    split whose annotations hold them."""
    karpathy = [found for found in detected.evidence
                if found.gives_split and found.kind != evidence_lib.COCO_SPLIT and layout.extension(found.path) == "json"
                and _CAPTIONS.search(_head(config, found.path))]
    if karpathy:
        return karpathy
    return [found for found in detected.evidence
            if found.kind == evidence_lib.COCO_SPLIT and found.split and _COCO_CAPTION.search(_head(config, found.path))]
