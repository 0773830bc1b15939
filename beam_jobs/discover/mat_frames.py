"""Folders of frames each holding one MATLAB file of their frames' polygons (`box_formats.FOLDER_MAT`:
EgoHands' `_LABELLED_SAMPLES/<video>/polygons.mat` beside `frame_<n>.jpg`), found in the sample.

Known by content (`converters/mat_frame_polygons.frames_format`): a struct array whose every field of
every element is an N x 2 polygon or empty, with at least as many elements as the folder's sampled
images (the conversion reads each folder's file whole and checks the count exactly). Found, the frames'
objects are those polygons and label the frames, so the video folders are not read as classes (they
were written so with exit 0 before `folder_annotations`' stop, and then stopped naming nothing that
reads the files). One Evidence covers the tree (the files' folders' common ancestor), keyed by each
frame's path from SRC without its extension: every folder's file is read at conversion, sampled or not.
Detection opens a few files.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import mat_frame_polygons
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.evidence import Evidence, KeyRule

__all__ = ["frames_mat_evidence"]

# Files opened at detection (each read whole: a video's polygons are about 1 MB).
_FILES_READ = 4
# Key components: the whole path from SRC, however deep.
_WHOLE_PATH = 64


def frames_mat_evidence(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    """One BOX_FILES Evidence per FOLDER_MAT row whose files lie one to a folder of sampled images and
    hold polygons for at least as many frames; [] where none does."""
    images = Counter(posixpath.dirname(p) for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS)
    mats = [p for p in sample if layout.extension(p) == "mat" and posixpath.dirname(p) in images]
    per_folder = Counter(posixpath.dirname(p) for p in mats)
    found: dict[str, list[str]] = {}
    for path in [p for p in mats if per_folder[posixpath.dirname(p)] == 1][:_FILES_READ]:
        data = _read(config, path)
        fmt = mat_frame_polygons.frames_format(data) if data else None
        if fmt is not None and mat_frame_polygons.frame_count(data, fmt) >= images[posixpath.dirname(path)]:
            found.setdefault(fmt.name, []).append(path)
    evidence = []
    for name, paths in sorted(found.items()):
        parents = sorted({posixpath.dirname(p) for p in paths})
        top = posixpath.commonpath(parents) if len(parents) > 1 else posixpath.dirname(parents[0])
        shown = ", ".join(paths[:3]) + (" and more" if len(paths) > 3 else "")
        note = (
            f"{top or 'SRC'}/: a MATLAB file of polygons in each folder of frames ({shown}), an element per frame "
            f"in name order, each field a class: {name}"
        )
        evidence.append(
            Evidence(top, evidence_lib.BOX_FILES, KeyRule(_WHOLE_PATH, False), box_format=name, image_folder=".", note=note)
        )
    return evidence


def _read(config: ConvertConfig, path: str) -> bytes:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            data = fileobj.read(mat_frame_polygons.MAX_FRAMES_MAT_BYTES + 1)
    except (OSError, InvalidInputError):
        return b""
    return data if len(data) <= mat_frame_polygons.MAX_FRAMES_MAT_BYTES else b""
