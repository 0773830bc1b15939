"""Stop where each folder read as a class holds its own annotation file that nothing read.

`shardify.plan.folder_annotations` holds the sign; this module picks the files (directly in the class
folders of a plan whose labels are detection's guess, read by no evidence), reads the first lines of
the text tables among them, and stops the run (exit 2) before anything is written, naming the files
and the options that decide. Called from `detect.py` beside `unread_annotation_checks`, whose guess
test and wording of the guess it shares.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import head_reads, unread_annotation_checks
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import evidence as evidence_lib
from shardify.plan import folder_annotations, layout

__all__ = ["check_folder_annotations"]

_SHOWN = 3


def check_folder_annotations(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where the class folders each hold one annotation file of their own that no reader took
    (`folder_annotations.per_folder`): the folders may be recordings whose frames those files annotate.

    Raises:
      UsageError: naming the files, the folders as labelled, and the options that decide.
    """
    if not unread_annotation_checks._guessed(config, detected):  # (the guards share one test of a guess)
        return
    if not any(level >= 0 for _, level in detected.structure.label_levels):
        return
    media = [p for p in sample if layout.is_media_file(p, detected.media) and not detected.structure.is_mask_file(p)]
    if not media:
        return
    label_of = unread_annotation_checks._label_of(detected)
    read = {p for e in detected.evidence for p in (e.path, e.ids) if p}
    documentation = unread_annotation_checks._DOCUMENTATION

    def skipped(path: str) -> bool:
        return (path in read or bool(documentation.search(posixpath.basename(path))) or evidence_lib.example_file(path)
                or detected.structure.is_mask_file(path))

    files = folder_annotations.folder_files(sample, media, label_of, skipped)
    tables = [p for paths in files.values() for p in paths if layout.extension(p) in folder_annotations.ROW_TABLES]
    heads = {p: head_reads.head_lines(config, p) for p in sorted(tables)[:16]}
    found = folder_annotations.per_folder(files, heads)
    if found is None:
        return
    shown = ", ".join(found.files[:_SHOWN]) + (f" and {len(found.files) - _SHOWN} more" if len(found.files) > _SHOWN else "")
    what = ("a data file (MATLAB, NumPy, pickle or HDF5) that no reader here takes apart" if found.kind == "container"
            else "a table of rows of numbers (boxes, points or tracks by frame)")
    raise UsageError(
        f"each folder read as a class holds one file of its own beside its inputs, {what}: {shown} "
        f"({len(found.files)} of {found.folders} folders sampled); the inputs, "
        f"{unread_annotation_checks._guess_said(detected, media, label_of)}, "
        "may be frames of recordings (videos, sequences) that those files annotate, their folders no classes: "
        "--label-level 0 to write the inputs without labels (the files left out), or "
        f"{unread_annotation_checks._keep_option(detected)} where they are the classes, or a layout file that says "
        "what each file holds (--dry-run --layout-file FILE: docs/layout-files.md)"
    )
