"""`.json` files that hold JSON lines, where a source holds nothing else to convert.

Hugging Face's published files (the Amazon multilingual reviews' `json/train/dataset_en_train.json`)
and many exports name JSON Lines `.json`. Their first lines tell them apart from a JSON document
without doubt: two lines that are each a whole JSON object are no one document (a document's first
line is `{` or `[`, or the whole document on one line). Where the source holds no image and no text
file, and most sampled `.json` files are such lines, they are the source's tables, a record a line,
as `.jsonl` files are (they stopped before writing, naming `--layout tables`, which was right in
every case seen: a guess the files' own lines settle is no guess).
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_lines
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["json_lines_files", "tables_of_json_lines"]

# `.json` files whose first lines are read (each at most label_file_found.HEAD_BYTES).
_FILES_LOOKED_AT = 3


def json_lines_files(config: ConvertConfig, paths: Sequence[str]) -> list[str]:
    """The sampled `.json` files of `paths` (the first _FILES_LOOKED_AT) whose first two lines are
    JSON objects, or [] where half of those looked at or fewer are."""
    looked = [p for p in paths if layout.extension(p) == "json"][:_FILES_LOOKED_AT]
    lines = [p for p in looked if json_lines.looks_like_json_lines(_head(config, p))]
    return lines if lines and len(lines) * 2 > len(looked) else []


def _head(config: ConvertConfig, relpath: str) -> bytes:
    """The file's first lines (`json_lines.head_of_lines`: a first line longer than a head is read
    on), or b"" where it cannot be read: detection only looks."""
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            return json_lines.head_of_lines(fileobj, label_file_found.HEAD_BYTES)
    except (OSError, InvalidInputError):
        return b""


def tables_of_json_lines(config: ConvertConfig, sample: Sequence[str]) -> bool:
    """Whether the sample is a source of `.json` files of JSON lines and no image or text file:
    its tables, read a line a record."""
    if any(layout.is_media_file(p, "image") or layout.is_media_file(p, "text") for p in sample):
        return False
    return bool(json_lines_files(config, sample))
