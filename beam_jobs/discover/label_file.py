"""JoinLabelFile: files anywhere under SRC, labelled (and captioned) by a label file (or by the
tables a glob names, read as one: `shardify.plan.table_groups`).

    label file --ReadLabelRows--> (key, (row, labels, caption))  \\
                                                                  +--JoinOnKey--> [Candidate]
    [Listed] --KeyFiles--> (key, Listed)                          /

How a row's key meets a file (`SourceLayout.label_key`, chosen at detection and said in the plan):
  path    the path relative to SRC                    `train/0001.jpg`
  name    the file name, wherever the file lies        `0001.jpg` (competition downloads, COCO)
  stem    the file name without its extension          `0001`
  order   the n-th row names the n-th file in path order (one label per line)
  beside  the path relative to the label file's folder  `batch_1/000006.jpg` for data/annotations.json
  stem_number  the stem before `-<n>` or `_<n>`        `86e1089a3` for 86e1089a3-1.jpg, 86e1089a3-2.jpg
          (PetFinder's photos: one row names several files, each its own record with the row's labels)
  under   the path relative to a folder under SRC      `NEL/Nel026.jpg` for release_v0/images/NEL/Nel026.jpg
          (`SourceLayout.key_folder`: Derm7pt's meta.csv, whose keys are the tails of the listed paths)

Keys and paths are compared in Unicode NFC (macOS writes names decomposed). A key that matches
several files rejects each of them, naming them all; a file no row names and a row that names no
file are rejected too. Only metadata is grouped: paths, sizes, labels and row numbers.

Where lists of files beside the label file give splits (`SourceLayout.evidence`: a competition's
`test.csv` of ids, NIH ChestX-ray14's `test_list.txt`), a file no row names is handed on
unlabelled instead (`unlabelled=True`, no labels): the lists are joined after this step
(`evidence.JoinEvidence`), and there it is written in the split a list of an unlabelled split
puts it in, or rejected as no row naming it. Rejected here, the test images of a download whose
label table names the training images only were all rejects, and each row of the test list
"named no file".
"""

from __future__ import annotations

import posixpath
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence

import apache_beam as beam

from shardify.beam_jobs.discover import label_preamble, left_out_keys, row_index_splits
from shardify.beam_jobs.discover.candidates import CANDIDATES, COLUMNS, NOTES, REJECTS, Listed, nothing, reject
from shardify.beam_jobs.open_inputs import open_input
from shardify.converters import label_files, tables
from shardify.converters.columns import TableOptions
from shardify.errors import InvalidInputError
from shardify.inputs.excludes import LEFT_OUT
from shardify.inputs.files import size_of
from shardify.plan import derived_names
from shardify.plan import layout as layout_lib
from shardify.plan.entries import IMAGE, TEXT, Batch, Candidate
from shardify.plan.evidence import MAT_SPLITS, SPLIT_CODES, SPLIT_LIST
from shardify.plan.layout import ORDER, PATH, SourceLayout

__all__ = ["JoinLabelFile", "file_key", "hands_on_unnamed", "row_key"]

_FILES, _ROWS, _UNUSABLE = "files", "rows", "unusable"
# Rows that name a file but cannot label it (a label that is not a name, an image id two images
# share): the file is rejected with the row's reason, and the row is no input of its own.
_BAD_ROWS = "bad_rows"
_STAGE = "labels"
# Evidence that lists the files of a split: a file no row names may be one of them.
_SPLIT_LISTS = (SPLIT_LIST, SPLIT_CODES, MAT_SPLITS)


def hands_on_unnamed(source_layout: SourceLayout) -> bool:
    """Whether the label file's join hands on the files no row names, unlabelled, for the split
    lists beside it to place (see the module's docstring): where such lists are read, and keys are
    not places in path order (one label per line: an unnamed file there is a count gone wrong)."""
    return source_layout.label_key != ORDER and any(e.kind in _SPLIT_LISTS for e in source_layout.evidence)


def _in_other_split(source_layout: SourceLayout, files: Sequence[Listed]) -> bool:
    """Whether a table keying the files of one split folder (`key_folder`, a split's: HC18's
    training_set/ by training_set_pixel_size_and_HC.csv) leaves these files, of another split folder,
    unlabelled: that split's images have no row there to have (its held-out split), where a file
    of the keyed folder no row names is a defect."""
    structure = source_layout.structure
    if source_layout.label_key != layout_lib.UNDER or structure is None or structure.split_level < 0:
        return False
    keyed = structure.split_folder_of(source_layout.key_folder + "/x")
    if not keyed or source_layout.key_folder.count("/") != structure.split_level:  # (the split folder itself)
        return False
    return all(structure.split_folder_of(relpath) not in ("", keyed) for relpath, *_ in files)


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def row_key(key: str, label_key: str, folder: str = "") -> str | None:
    """A label file's key as files are keyed, or None for a path that leaves SRC or is hidden.
    `folder`: BESIDE, the label file's folder relative to SRC, which the key's path is under; UNDER, the
    layout's `key_folder`."""
    if label_key in (layout_lib.BESIDE, layout_lib.UNDER):
        found = row_key(key, PATH)
        return None if found is None else _nfc(posixpath.join(folder, found)) if folder else found
    if label_key == PATH:
        path = key.strip().replace("\\", "/")
        if path.startswith("/") or (len(path) > 1 and path[1] == ":"):
            return None
        path = posixpath.normpath(path)
        if path in (".", "..") or path.startswith("../") or layout_lib.is_junk(path):
            return None
        return _nfc(path)
    return _nfc(key.strip())


def file_key(relpath: str, label_key: str, derived: Sequence[str] = ()) -> str:
    """What a row's key must be to name the file at `relpath` (not used for ORDER). `derived`: the
    layout's `derived_names` rule; a file it derives (a face crop) is keyed as the file it is
    derived from, and takes that file's row."""
    original = derived_names.derived_key(posixpath.basename(relpath), derived) if derived else None
    if original is not None:
        relpath = posixpath.join(posixpath.dirname(relpath), original)
    if label_key in (PATH, layout_lib.BESIDE, layout_lib.UNDER):
        return _nfc(relpath)
    if label_key == layout_lib.NAME:
        return _nfc(posixpath.basename(relpath))
    if label_key == layout_lib.STEM_NUMBER:  # a stem of another shape names no row: `\0` is in no key
        found = layout_lib.numbered_stem(relpath)
        return _nfc(found) if found is not None else "\0" + _nfc(layout_lib.stem(relpath))
    return _nfc(layout_lib.stem(relpath))


class _ReadLabelRows(beam.DoFn):
    """A label file (path, name) -> (key, (row, labels, caption, objects, source id, name)) per row,
    or a Reject with the row number."""

    def __init__(self, source_layout: SourceLayout, options: TableOptions) -> None:
        self._layout = source_layout
        self._options = options
        self._folder = posixpath.dirname(source_layout.labels_file) if source_layout.label_key == layout_lib.BESIDE else ""
        self._folder = source_layout.key_folder if source_layout.label_key == layout_lib.UNDER else self._folder

    def process(self, file: tuple[str, str]) -> Iterator:
        path, name = file
        try:
            with open_input(path) as fileobj:
                rows = label_files.read_label_rows(
                    fileobj,
                    path,
                    label_column=self._options.label_column,
                    label_separator=self._options.label_separator,
                    captions=self._layout.captions,
                    size_bytes=size_of(fileobj),
                    objects=self._layout.objects if self._layout.objects.boxes else None,
                    key_column=self._layout.key_column,
                    keep_columns=self._options.keep_columns,
                    label_votes=self._options.label_votes,
                )
                for row in rows:
                    if isinstance(row, tables.RowError):
                        bad_key = row_key(row.key, self._layout.label_key, self._folder) if row.key else None
                        if bad_key is None:
                            yield reject(name, row.reason, row.row, _STAGE)
                        else:
                            yield beam.pvalue.TaggedOutput(_BAD_ROWS, (bad_key, (row.row, row.reason, name)))
                        continue
                    key = row_key(row.key, self._layout.label_key, self._folder)
                    if key is None:
                        yield reject(name, f"path {row.key!r} leaves SRC or is hidden", row.row, _STAGE)
                        continue
                    labels = None if row.unlabelled else row.labels  # (None: listed, no label yet)
                    yield key, (row.row, labels, row.caption, row.objects or (), row.source_id, name)
        except InvalidInputError as error:
            yield reject(name, f"unusable label file: {error.reason}", stage=_STAGE)
        except OSError as error:
            yield reject(name, f"cannot read the label file: {error}", stage=_STAGE)


class _JoinRowsWithFiles(beam.DoFn):
    """(key, {files, rows, unusable}) -> a labelled Candidate, or Rejects naming what is wrong."""

    def __init__(
        self, source_layout: SourceLayout, excludes: Callable[[str], bool] | None = None, left_out: frozenset[str] = frozenset(),
        labels_path: str = "",
    ) -> None:
        self._layout = source_layout
        self._excludes = excludes  # `--exclude`: a row naming a file it left out says so
        self._left_out = left_out  # (the keys of the files it left out: rows naming them by name or stem)
        self._kind = IMAGE if source_layout.media == "image" else TEXT
        self._hand_on = hands_on_unnamed(source_layout)
        self._labels_path = labels_path
        self._row_splits: dict[int, str] = {}

    def setup(self) -> None:
        if self._layout.row_splits:  # Derm7pt's train_indexes.csv: its rows by number (`row_index_splits`)
            self._row_splits = row_index_splits.row_split_map(self._labels_path, self._layout.row_splits)

    def process(self, joined: tuple[str, dict[str, Iterable]], counts: tuple[int, int] | None = None) -> Iterator:
        key, groups = joined
        files, rows = sorted(groups[_FILES]), sorted(groups[_ROWS])
        name = self._layout.labels_file
        bad_rows = sorted(groups.get(_BAD_ROWS, ()))
        if bad_rows and files:  # one reject per file, with the first bad row's reason
            row, reason, table = bad_rows[0]
            for relpath, *_ in files:
                yield reject(relpath, f"{table} row {row}: {reason}", row, _STAGE)
            return
        if bad_rows and not list(groups[_UNUSABLE]):
            for row, reason, table in bad_rows:
                yield reject(table, reason, row, _STAGE)
        if counts and counts[0] != counts[1]:  # one label per line: any other count shifts labels
            if key == "#1":
                yield reject(name, f"gives {counts[1]} labels for {counts[0]} files: none used", stage=_STAGE)
            for relpath, *_ in files:
                yield reject(
                    relpath,
                    f"{name} gives {counts[1]} labels for {counts[0]} files: one label per line needs one "
                    "line per file, in path order",
                    stage=_STAGE,
                )
            return
        if not files:
            if list(groups[_UNUSABLE]):
                # The file is there but was rejected when listed, with its own reason. (The comment
                # is not on the `return` line: Beam would take that for a returned value and warn.)
                return
            left_out = self._excludes is not None and isinstance(key, str) and (key in self._left_out or self._excludes(key))
            for row, *_, table in rows:
                yield reject(table, f"{LEFT_OUT}: {key!r}" if left_out else f"names no file: {key!r}", row, _STAGE)
            return
        if not rows and self._hand_on:  # the split lists place it, or reject it (evidence.JoinEvidence)
            yield Batch(
                [Candidate(self._kind, relpath, size, unlabelled=True, location=location) for relpath, size, location, _ in files]
            )
            return
        if not rows and _in_other_split(self._layout, files):  # HC18's test_set/, beside the training_set/ its table keys
            yield Batch(
                [Candidate(self._kind, relpath, size, unlabelled=True, location=location) for relpath, size, location, _ in files]
            )
            return
        if not rows and self._layout.merge_rows:  # a row per image and class: an image of none has no class (no defect)
            yield Batch([Candidate(self._kind, relpath, size, (), location=location) for relpath, size, location, _ in files])
            return
        if not rows:
            for relpath, *_ in files:
                yield reject(relpath, f"no usable row in {name} names it", stage=_STAGE)
            return
        derived = self._layout.derived_names
        originals = [f for f in files if derived_names.derived_key(posixpath.basename(f[0]), derived) is None] if derived else files
        if len(originals) > 1 and self._layout.label_key != layout_lib.STEM_NUMBER:
            candidates = ", ".join(relpath for relpath, *_ in files)
            for relpath, *_ in files:
                yield reject(
                    relpath, f"{key!r} names {len(files)} files ({candidates}): a key must name one", rows[0][0], _STAGE
                )
            return
        distinct = {(labels, caption) for _, labels, caption, *_ in rows}
        if len(distinct) > 1 and self._layout.merge_rows:  # a row per image and class: the file's labels are theirs
            merged = tuple(sorted({label for _, labels, *_ in rows for label in labels or ()}))
            rows = [(rows[0][0], merged, *rows[0][2:])]
        elif len(distinct) > 1:
            numbers = ", ".join(f"{row} of {table}" if table != name else str(row) for row, *_, table in rows)
            where = "" if all(table == name for *_, table in rows) else " (several label files)"
            for relpath, *_ in files:
                yield reject(relpath, f"rows {numbers}{'' if where else f' of {name}'} give it different labels{where}", rows[0][0], _STAGE)
            return
        row, labels, caption, objects, source_id, _ = rows[0]
        split = self._row_splits.get(row - 2, "") if self._row_splits else ""  # (row 1 the header; the lists count from 0)
        if self._row_splits and not split:
            shown = ", ".join(f for _, f in self._layout.row_splits)
            for relpath, *_ in files:
                yield reject(relpath, f"row {row} of {name} (number {row - 2} from 0) is in none of the split lists {shown}", row, _STAGE)
            return
        yield Batch(
            [
                Candidate(
                    self._kind,
                    relpath,
                    size,
                    labels or (),
                    row=row,
                    unlabelled=labels is None,
                    caption_text=caption,
                    location=location,
                    objects=objects,
                    source_id=source_id,
                    split=split,
                )
                for relpath, size, location, _ in files  # several only for STEM_NUMBER, or with derived files
            ]
        )


def _key_by_order(
    files: list[Listed], unusable: list[str], extensions: frozenset[str]
) -> Iterator[tuple[str, Listed | str]]:
    """("#n", file) for the n-th file of the layout's media in path order; files rejected while
    listing keep their place ("#n", relpath), so that no label shifts onto the next file."""
    ranked = sorted([(item.relpath, item) for item in files] + [(relpath, relpath) for relpath in unusable], key=lambda pair: pair[0])
    number = 0
    for relpath, item in ranked:
        if layout_lib.extension(relpath) in extensions:
            number += 1
            yield f"#{number}", item
        elif isinstance(item, tuple):
            yield f"-{relpath}", item  # not of the layout's media: named by no row


def _counts(keyed_files: beam.PCollection, rows: beam.PCollection) -> beam.PCollection:
    """(files of the layout's media, label rows): a one-label-per-line file must give one each."""
    ranked = (
        keyed_files
        | "RankedFiles" >> beam.Filter(lambda item: item[0].startswith("#"))
        | "CountFiles" >> beam.combiners.Count.Globally()
    )
    return ranked | "WithRowCount" >> beam.Map(
        lambda files, num_rows: (files, num_rows), beam.pvalue.AsSingleton(rows | "CountRows" >> beam.combiners.Count.Globally())
    )


class JoinLabelFile(beam.PTransform):
    """Files anywhere under SRC, labelled (and captioned) by a label file (see the module's
    docstring for how keys meet files).

    `listing_rejects` are the files rejected while listing (dangling symlinks, ...): rows naming one
    of them are not reported a second time as naming no file."""

    def __init__(
        self,
        labels_paths: list[tuple[str, str]],
        source_layout: SourceLayout,
        options: TableOptions,
        listing_rejects: beam.PCollection,
        excludes: Callable[[str], bool] | None = None,
        left_out: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self._excludes = excludes or None
        self._left_out = tuple(left_out)  # the files `excludes` left out (`left_out_keys`)
        self._labels_paths = labels_paths
        self._layout = source_layout
        self._options = options
        self._listing_rejects = listing_rejects

    def expand(self, files: beam.PCollection) -> dict:
        label_key = self._layout.label_key
        single = files | "Unbatch" >> beam.FlatMap(lambda batch: batch)
        if label_key == ORDER:
            extensions = layout_lib.IMAGE_EXTENSIONS if self._layout.media == "image" else layout_lib.TEXT_EXTENSIONS
            keyed = (
                single
                | "AllFiles" >> beam.combiners.ToList()
                | "KeyByOrder"
                >> beam.FlatMap(
                    lambda listed, unusable: _key_by_order(listed, [r.relpath for r in unusable], extensions),
                    beam.pvalue.AsList(self._listing_rejects),
                )
            )
            keyed_files = keyed | "Files" >> beam.Filter(lambda item: isinstance(item[1], tuple))
            unusable = keyed | "Unusable" >> beam.Filter(lambda item: isinstance(item[1], str))
        else:
            derived = self._layout.derived_names
            keyed_files = single | "KeyFiles" >> beam.WithKeys(lambda item: file_key(item[0], label_key, derived))
            unusable = self._listing_rejects | "KeyUnusable" >> beam.Map(
                lambda rejected: (file_key(rejected.relpath, label_key, derived), rejected.relpath)
            )
        # (key, (relpath, size_bytes))
        rows = (
            files.pipeline
            | "LabelFile" >> beam.Create(self._labels_paths)
            | "ReadLabelRows" >> beam.ParDo(_ReadLabelRows(self._layout, self._options)).with_outputs(REJECTS, _BAD_ROWS, main=_ROWS)
        )
        # (key, (row, labels, caption))
        counts = []
        left_out = frozenset() if label_key == ORDER else left_out_keys.keys_of(self._left_out, lambda p: file_key(p, label_key))
        if label_key == ORDER:
            counts = [beam.pvalue.AsSingleton(_counts(keyed_files, rows[_ROWS]))]
        joined = (
            {_FILES: keyed_files, _ROWS: rows[_ROWS], _UNUSABLE: unusable, _BAD_ROWS: rows[_BAD_ROWS]}
            | "JoinOnKey" >> beam.CoGroupByKey()
            | "MatchRowsToFiles"
            >> beam.ParDo(_JoinRowsWithFiles(self._layout, self._excludes, left_out, self._labels_paths[0][0]), *counts).with_outputs(
                REJECTS, main=CANDIDATES
            )
        )
        rejects = (rows[REJECTS], joined[REJECTS]) | "MergeLabelRejects" >> beam.Flatten()
        if len(self._labels_paths) == 1 and label_preamble.is_field_lines(
            self._labels_paths[0][1], self._options.label_column, self._layout.key_column
        ):  # `Info.txt`'s prose before its `key ... field` lines: a note, no rejects (`label_preamble`)
            preamble = label_preamble.FoldPreamble(self._labels_paths[0][1])
            folded = (joined[CANDIDATES], rejects, rows[_ROWS]) | "FoldPreamble" >> preamble
            rejects, notes = folded[REJECTS], folded[NOTES]
        else:
            notes = nothing(files, "NoNotes")
        return {
            CANDIDATES: joined[CANDIDATES],
            REJECTS: rejects,
            COLUMNS: nothing(files, "NoColumns"),
            NOTES: notes,
        }
