"""Files labelled by their own path: class folders, or a pattern over file names.

    [(relpath, size_bytes)] --LabelFromPath--> [Candidate]

  image_folders, text_folders   the first folder inside SRC (or inside its split folder)
  named_files                   the one group of `--label-from-name REGEX` over the file name:
                                `cat.123.jpg` -> cat (Kaggle's cats and dogs), `Abyssinian_12.jpg`
                                -> Abyssinian (Oxford-IIIT Pets); files may lie anywhere
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import CANDIDATES, COLUMNS, NOTES, REJECTS, Listed, nothing, reject
from shardify.errors import InvalidInputError
from shardify.plan.entries import IMAGE, TEXT, Batch, Candidate
from shardify.plan.label_names import normalise_label
from shardify.plan.layout import SourceLayout

__all__ = ["LabelFromPath"]


class _LabelFiles(beam.DoFn):
    def __init__(self, source_layout: SourceLayout, pattern: str) -> None:
        self._layout = source_layout
        self._kind = IMAGE if source_layout.media == "image" else TEXT
        self._pattern = pattern

    def setup(self) -> None:
        self._regex = re.compile(self._pattern) if self._pattern else None

    def _label_of(self, relpath: str) -> str:
        """The file's label as written in its path.

        Raises:
          InvalidInputError: the path holds no label.
        """
        if self._regex is None:
            folder = self._layout.class_folder_of(relpath)
            if folder is None:
                raise InvalidInputError("not inside a class folder (expected SRC/<label>/...)")
            return folder
        match = self._regex.search(posixpath.basename(relpath))
        if match is None or not match.group(1):
            raise InvalidInputError(f"the file name does not match --label-from-name {self._pattern!r}")
        return match.group(1)

    def process(self, files: list[Listed]) -> Iterator:
        candidates = Batch()
        for item in files:
            try:
                label = normalise_label(self._label_of(item.relpath))
            except InvalidInputError as error:
                yield reject(item.relpath, error.reason)
                continue
            candidates.append(Candidate(self._kind, item.relpath, item.size, (label,), location=item.location))
        if candidates:
            yield candidates


class LabelFromPath(beam.PTransform):
    """Image or text files labelled by their first folder, or by `pattern` (a regex with one group)
    over their file names when it is given."""

    def __init__(self, source_layout: SourceLayout, pattern: str = "") -> None:
        super().__init__()
        self._layout = source_layout
        self._pattern = pattern

    def expand(self, files: beam.PCollection) -> dict:
        found = files | "LabelFromPath" >> beam.ParDo(_LabelFiles(self._layout, self._pattern)).with_outputs(
            REJECTS, main=CANDIDATES
        )
        return {
            CANDIDATES: found[CANDIDATES],
            REJECTS: found[REJECTS],
            COLUMNS: nothing(files, "NoColumns"),
            NOTES: nothing(files, "NoNotes"),
        }
