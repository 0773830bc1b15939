"""Whether COCO-style annotation files carry keypoints that a conversion without `--keypoints` leaves out.

AP-10K's `ap10k-train-split1.json` (and COCO's `person_keypoints_train2017.json`) give each object
17 `keypoints` triples beside its box, its categories a `keypoints` list of names and a `skeleton`.
Converted without `--keypoints`, the boxes and classes are right and the keypoints are not stored:
said in the plan, naming the option that stores them, never dropped unsaid.

A file is judged by its first and last bytes (COCO writes `categories`, with their `keypoints`
names and `skeleton`, after the annotations; AP-10K too): a whole file is never parsed here.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError
from shardify.inputs.files import size_of
from shardify.inputs.paths import join_path

__all__ = ["keypoint_files", "unstored_note"]

# Bytes read at each end of a file: its images' head, its categories' tail.
_END_BYTES = 64 << 10
# An object's keypoint triples or count, a category's keypoint names or skeleton: the keys COCO's format gives them.
_KEYPOINT_KEYS = re.compile(rb'"(num_keypoints|skeleton)"\s*:|"keypoints"\s*:\s*\[\s*[-\d"]')


def _carries_keypoints(path: str) -> bool:
    """The file's first or last bytes hold a keypoint key (see `_KEYPOINT_KEYS`)."""
    try:
        with open_input(path) as fileobj:
            head = fileobj.read(_END_BYTES)
            size = size_of(fileobj)
            tail = b""
            if size is not None and size > 2 * _END_BYTES and fileobj.seekable():
                fileobj.seek(size - _END_BYTES)
                tail = fileobj.read(_END_BYTES)
    except (OSError, InvalidInputError):
        return False
    return bool(_KEYPOINT_KEYS.search(head) or _KEYPOINT_KEYS.search(tail))


def keypoint_files(config: ConvertConfig, paths: Iterable[str]) -> list[str]:
    """The annotation files of `paths` (relative to SRC, or absolute) whose objects carry keypoints."""
    return [p for p in paths if _carries_keypoints(p if "://" in p or posixpath.isabs(p) else join_path(config.source, p))]


def unstored_note(config: ConvertConfig, paths: Iterable[str]) -> str:
    """The plan's line where `paths` carry keypoints that `--keypoints` was not given to store, else ""."""
    if config.keypoints:
        return ""
    found = keypoint_files(config, paths)
    if not found:
        return ""
    shown = ", ".join(found[:3]) + (" and more" if len(found) > 3 else "")
    return (f"keypoints: {shown} give objects keypoints, not stored (boxes and classes are): --keypoints stores each "
            "object's keypoints (x and y normalised, visibility)")
