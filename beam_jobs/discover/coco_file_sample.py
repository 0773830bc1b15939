"""The first file names of a COCO (or LVIS) file and whether it holds captions, sampled from a scan of
its bytes for `label_file_found.label_file_sample`: such a file can be hundreds of MB, and detection
does not parse it (the worker that reads it does, once).

Its own module because it reads a JSON file as bytes, by pattern, where the rest of
`label_file_found.py` reads tables and lines by their parsers.
"""

from __future__ import annotations

import re

from shardify.beam_jobs.discover import coco_like
from shardify.beam_jobs.open_inputs import open_input
from shardify.converters import coco_urls, label_files
from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.inputs.files import size_of
from shardify.plan import layout, layout_guess

__all__ = ["coco_sample"]

# Bytes read at a time when scanning a COCO file for its first file names.
_SCAN_BLOCK_BYTES = 1 << 20
_COCO_SCAN_BYTES = 64 << 20  # file names sampled from a COCO file's first 64 MiB at most
_COCO_FILE_NAME = re.compile(rb'"file_name"\s*:\s*"((?:[^"\\]|\\.)*)"')
# HIT-UAV's COCO files name each image's file under "filename": read where no "file_name" is found
_FILENAME = re.compile(rb'"filename"\s*:\s*"((?:[^"\\]|\\.)*)"')


def coco_sample(path: str, shown: str, rows: int) -> layout.LabelFileSample:
    """Keys (the first `rows`) and captions of a COCO file from a scan of its bytes (it can be
    hundreds of MB: the worker that reads it parses it once; detection does not)."""
    keys: list[str] = []
    url_keys: list[str] = []  # LVIS names its images by coco_url only: their paths are its keys
    other_keys: list[str] = []  # ("filename": HIT-UAV's)
    captions = False
    with open_input(path) as fileobj:
        tail = b""
        for _ in range(_COCO_SCAN_BYTES // _SCAN_BLOCK_BYTES):
            block = fileobj.read(_SCAN_BLOCK_BYTES)
            if not block:
                break
            chunk = tail + block
            if len(keys) < rows:
                keys += [key for m in _COCO_FILE_NAME.finditer(chunk) if (key := _json_string(m.group(1)))]
                named = [key for m in _FILENAME.finditer(chunk) if (key := _json_string(m.group(1)))]
                other_keys += named[: rows - len(other_keys)]
                url_keys += coco_urls.url_keys(chunk)[: rows - len(url_keys)]
            captions = captions or b'"caption"' in chunk
            if captions and len(keys) >= rows:
                break
            tail = chunk[-256:]
        if not keys and not url_keys and not other_keys:  # LVIS's images follow its annotations, hundreds of MB in
            url_keys = coco_like.url_keys_at_end(fileobj, size_of(fileobj), rows)
    keys = keys or other_keys or url_keys
    return layout_guess.LabelFileSample(shown, tuple(dict.fromkeys(keys))[:rows], label_files.COCO, captions)


def _json_string(escaped: bytes) -> str | None:
    """The string a JSON string literal's inside spells, or None if it is not valid JSON."""
    try:
        value = json_input.parse(b'"' + escaped + b'"')
    except InvalidInputError:
        return None
    return value if isinstance(value, str) else None
