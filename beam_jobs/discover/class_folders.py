"""Files labelled by their own path: class folders, or a pattern over file names.

    [(relpath, size_bytes)] --LabelFromPath--> [Candidate]

  image_folders, text_folders   the class folder: at the level the layout's structure names (the
                                sibling folders that hold the inputs, past any wrappers; see
                                `shardify.plan.structure`). Files of an `unsup/`-like folder, and of
                                a split without class folders, are unlabelled records, unless their
                                names share a pattern (`cat.0.jpg`) that gives their labels
                                With `--label-separator`, a folder's name is split into its
                                labels (`black_dress` by `_`: black and dress; the Apparel images
                                dataset's colour and garment, see `shardify.plan.crossed_names`)
  named_files                   the one group of `--label-from-name REGEX` over the file name:
                                `cat.123.jpg` -> cat (Kaggle's cats and dogs), `Abyssinian_12.jpg`
                                -> Abyssinian (Oxford-IIIT Pets); files may lie anywhere. A file
                                the pattern does not match is rejected, unless an
                                `--unlabelled-files` glob matches it: then it is a record without
                                a label (Ships in Satellite Imagery's whole scenes beside its
                                labelled chips: inputs a user scans with the classifier)
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import CANDIDATES, COLUMNS, NOTES, REJECTS, Listed, nothing, reject
from shardify.converters.label_cells import split_labels, splits_cells
from shardify.errors import InvalidInputError
from shardify.inputs.excludes import Excludes
from shardify.plan import layout as layout_lib
from shardify.plan.entries import IMAGE, TEXT, Batch, Candidate
from shardify.plan.label_names import normalise_label
from shardify.plan.layout import SourceLayout

__all__ = ["LabelFromPath"]

# Label names a worker keeps normalised (`_LabelFiles._labels`): a dataset's classes, bounded.
_LABELS_KEPT = 4096


class _LabelFiles(beam.DoFn):
    def __init__(self, source_layout: SourceLayout, pattern: str, separator: str = "", unlabelled: tuple[str, ...] = ()) -> None:
        self._layout = source_layout
        self._kind = IMAGE if source_layout.media == "image" else TEXT
        self._pattern = pattern
        self._unlabelled = unlabelled
        self._separator = separator if splits_cells(separator) else ""  # `none`: each name one label, as without

    def setup(self) -> None:
        self._regex = re.compile(self._pattern) if self._pattern else None
        self._unlabelled_files = Excludes(self._unlabelled)
        pattern = self._layout.structure.name_pattern if self._layout.structure is not None else None
        self._name_regex = re.compile(pattern.regex) if pattern is not None else None
        self._normalised: dict[str, tuple[str, ...]] = {}

    def _labels(self, label: str) -> tuple[str, ...]:
        """`(normalise_label(label),)`, or its parts by `--label-separator` (`black_dress` by `_`:
        two labels, each normalised), kept for each label met (a class folder's name is met once
        a file: ~3 µs a file of NFC and a category per character, and one tuple shared by every
        Candidate of the class, not one each). A name it refuses raises each time, never kept.

        Raises:
          InvalidInputError: as `normalise_label`.
        """
        found = self._normalised.get(label)
        if found is None:
            found = split_labels(label, self._separator) if self._separator else (normalise_label(label),)
            if len(self._normalised) < _LABELS_KEPT:
                self._normalised[label] = found
        return found

    def _label_of(self, relpath: str) -> tuple[str | None, str]:
        """(the file's label as written in its path, or None for an unlabelled record; the split
        an unlabelled folder gives it, or "").

        Raises:
          InvalidInputError: the path holds no label where it should.
        """
        if self._regex is not None:  # --label-from-name: its one group over the file's name
            match = self._regex.search(posixpath.basename(relpath))
            if match is None or not match.group(1):
                if self._unlabelled and self._unlabelled_files(relpath):
                    return None, ""  # --unlabelled-files: a record without a label
                raise InvalidInputError(f"the file name does not match --label-from-name {self._pattern!r}")
            return match.group(1), ""
        structure = self._layout.structure
        folder = self._layout.class_folder_of(relpath)
        if folder is not None:
            if structure is not None and folder in structure.unlabelled:
                return None, folder
            return (dict(structure.class_names).get(folder, folder) if structure is not None else folder), ""
        if structure is None or self._layout.class_level_of(relpath) >= 0:
            raise InvalidInputError(f"not inside a class folder (expected {self._expected_path()})")
        if self._name_regex is not None and structure.split_folder_of(relpath) in structure.named_splits:
            match = self._name_regex.match(layout_lib.stem(relpath))  # the label its name gives
            if match is None:
                raise InvalidInputError("its name does not follow the pattern of the others' (<label>_<number>)")
            return match.group(1), ""
        return None, ""  # a split without class folders: its records are unlabelled

    def _expected_path(self) -> str:
        structure = self._layout.structure
        if structure is None:
            return "SRC/<label>/..."
        return f"SRC/{structure.folders_shown('label')}..."

    def process(self, files: list[Listed]) -> Iterator:
        candidates = Batch()
        for item in files:
            try:
                label, split = self._label_of(item.relpath)
                labels = self._labels(label) if label is not None else ()
            except InvalidInputError as error:
                yield reject(item.relpath, error.reason)
                continue
            candidates.append(
                Candidate(self._kind, item.relpath, item.size, labels, split=split, unlabelled=label is None, location=item.location)
            )
        if candidates:
            yield candidates


class LabelFromPath(beam.PTransform):
    """Image or text files labelled by their first folder, or by `pattern` (a regex with one group)
    over their file names when it is given; `separator` (`--label-separator`) splits either into
    several labels; `unlabelled` (`--unlabelled-files`) globs the files `pattern` does not match
    that are records without a label."""

    def __init__(self, source_layout: SourceLayout, pattern: str = "", separator: str = "", unlabelled: tuple[str, ...] = ()) -> None:
        super().__init__()
        self._layout = source_layout
        self._pattern = pattern
        self._separator = separator
        self._unlabelled = unlabelled

    def expand(self, files: beam.PCollection) -> dict:
        found = files | "LabelFromPath" >> beam.ParDo(_LabelFiles(self._layout, self._pattern, self._separator, self._unlabelled)).with_outputs(
            REJECTS, main=CANDIDATES
        )
        return {
            CANDIDATES: found[CANDIDATES],
            REJECTS: found[REJECTS],
            COLUMNS: nothing(files, "NoColumns"),
            NOTES: nothing(files, "NoNotes"),
        }
