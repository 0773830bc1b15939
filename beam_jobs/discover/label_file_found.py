"""Which label or annotation file a source comes with, and what its keys name: found at the top of
SRC (or given with --labels) and sampled, before the pipeline is built; and the layout of a SRC
that is one file (a table, a label file).

Part of detection (`detect.py`): detect -> describe -> check -> plan; this module answers "is
there a label file, and how does it name the files". What it asks of other files lives below it and
is re-exported here, where callers read it: the bounded reads of a file's head (`head_reads.py`),
the stops a label file's cells call for (`label_cell_checks.py`), files that are tables by their
content (`tables_by_content.py`), the COCO-style files of each split (`coco_split_files.py`), where
the file or the tables `--labels` names lie (`given_label_paths.py`).
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import posixpath
from collections.abc import Sequence

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import coco_file_sample, coco_level_check, coco_rivals, pair_companions
from shardify.beam_jobs.discover.coco_split_files import (  # re-exported: callers read them as label_file_found.<name>
    coco_beside_images,
    coco_per_split,
    in_split_folder,
    looks_like_coco,
    lvis_per_split,
    named_by_split_alone,
)
from shardify.beam_jobs.discover.given_label_paths import label_file_paths, labels_file_path, relative_labels_file  # re-exported
from shardify.beam_jobs.discover.head_reads import (  # re-exported
    HEAD_BYTES,
    HEAD_LINES,
    first_line,
    first_row,
    head_lines,
    read_once,
    table_head_lines,
)
from shardify.beam_jobs.discover.label_cell_checks import check_label_cells  # re-exported
from shardify.beam_jobs.discover.tables_by_content import line_tables_at_top  # re-exported
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import field_lines, label_files, separators, table_scans, tables
from shardify.converters.columns import LabelFileColumns, label_file_columns
from shardify.converters.evidence_files import first_lines
from shardify.errors import InvalidInputError, SourceError, UsageError
from shardify.inputs import json_input
from shardify.inputs.files import size_of
from shardify.inputs.paths import join_path
from shardify.plan import key_columns, layout, layout_guess, split_cells, table_groups, unread_table_signs
from shardify.plan.line_files import parallel_pairs
from shardify.plan.structure import split_word

__all__ = [
    "HEAD_BYTES",
    "HF_METADATA_FILES",
    "LABEL_KEY_SAMPLE_ROWS",
    "MAX_GLOB_TABLES",
    "check_label_cells",
    "coco_per_split",
    "first_line",
    "first_row",
    "found_label_file",
    "given_key_column",
    "given_label_file",
    "head_lines",
    "in_split_folder",
    "label_file_paths",
    "label_file_sample",
    "labels_file_path",
    "labels_train_beside_test",
    "line_tables_at_top",
    "looks_like_coco",
    "lvis_per_split",
    "named_by_split_alone",
    "names_files",
    "relative_labels_file",
    "single_file_layout",
    "table_head_lines",
]

# Label file rows looked at to tell path keys from file-name and id keys.
LABEL_KEY_SAMPLE_ROWS = 100
# A Hugging Face imagefolder's metadata files: `file_name` names an image, the other columns are
# its features (`text` a caption). Read as a label file where one lies at the top of SRC.
HF_METADATA_FILES = ("metadata.csv", "metadata.jsonl")

# Tables a `--labels GLOB` may name: each one's first lines are read at detection (64 KiB each).
MAX_GLOB_TABLES = 1000


def names_files(config: ConvertConfig, path: str) -> bool:
    """Whether the first line of the table `path` (relative to SRC) has a `file_name` column (and,
    in JSON lines, no `objects`)."""
    if path.endswith(".jsonl"):
        row = first_row(config, path)
        # with `objects` it is a detection dataset's, read as evidence (hf_metadata)
        return row is not None and isinstance(row.get("file_name"), str) and "objects" not in row
    first = first_line(config, path)
    header = first.decode("utf-8", errors="replace") if first is not None else ""
    return "file_name" in [cell.strip().strip('"') for cell in header.split(",")]


def given_label_file(
    config: ConvertConfig, labels_file: str, sample: Sequence[str] = (), *, codes_later: bool = False
) -> layout_guess.LabelFileSample | None:
    """The label file given or found, as sampled: of a glob's tables (`--labels 'Labels/*.csv'`),
    the first's rows, once every table it names is of one header and reading. `sample`: the listed
    files, whose names pick a table's key column (`label_file_sample`). `codes_later`: a column of split
    codes is asked about by the caller, once it has a guess (`label_file_sample`).

    Raises:
      SourceError: the file given does not exist, or the glob matches none.
      UsageError: a glob's tables differ (`table_groups.check_given`).
    """
    if not labels_file:
        return None
    if table_groups.is_glob(labels_file):
        follow = config.follow_outside_links
        paths = [path for path, _ in label_file_paths(config.source, labels_file, follow_outside_links=follow)]
        if not paths:
            raise SourceError(f"--labels {_cut(labels_file)!r} matches no file (a glob relative to SRC, or an absolute one): "
                              f"name the label tables' folder and suffix, as --labels 'meta/*.csv'")
        if len(paths) > MAX_GLOB_TABLES:
            raise UsageError(f"--labels {labels_file!r} matches {len(paths):,} files; tables read together are each looked "
                             f"into first, {MAX_GLOB_TABLES:,} at most: join them into fewer tables, or name fewer")
        # (.txt files without --key-column are `name label` lines; asked of the name alone, so that a glob matching
        # other files, `/etc/*.conf`, is _check_given_tables' to refuse naming --labels)
        lines = not config.key_column and all(p.rsplit(".", 1)[-1].lower() == "txt" for p in paths)
        if not lines:  # (headerless `name label` lines have no header to agree on: one set of label lines)
            _check_given_tables(labels_file, paths, headerless=config.table_options.header is False)
        found = label_file_sample(paths[0], labels_file, config, sample, codes_later=codes_later)
        if found.captions or found.fmt not in ("table", "lines"):
            raise UsageError(f"--labels {labels_file!r}: several label files are read together only as tables of labels, "
                             f"and {paths[0]} holds {'captions' if found.captions else 'no table'}: name one file")
        return found
    path = labels_file_path(config.source, labels_file)
    if config.labels_file and not FileSystems.exists(path):
        raise SourceError(f"label file {config.labels_file} does not exist")
    return label_file_sample(path, labels_file, config, sample, codes_later=codes_later)


# A pattern shown in a stop is cut to this many characters (a hostile one holds thousands of stars).
_SHOWN_PATTERN_CHARS = 120


def _cut(pattern: str) -> str:
    """`pattern` as a stop shows it: whole up to _SHOWN_PATTERN_CHARS, else its start and its length.

    >>> _cut("meta/*.csv"), _cut("*" * 500)[115:]
    ('meta/*.csv', '*****... (500 characters)')
    """
    return pattern if len(pattern) <= _SHOWN_PATTERN_CHARS else f"{pattern[:_SHOWN_PATTERN_CHARS]}... ({len(pattern):,} characters)"


def _check_given_tables(pattern: str, paths: list[str], *, headerless: bool = False) -> None:
    """The tables `--labels GLOB` names are read as one (`table_groups.check_given`)."""
    heads = {}
    for path in paths:
        try:
            with open_input(path) as fileobj:
                heads[path] = first_lines(fileobj.read(HEAD_BYTES), HEAD_LINES)
        except (OSError, InvalidInputError):
            continue  # rejected with its reason when the pipeline reads it
    table_groups.check_given(pattern, heads, headerless=headerless)


def label_file_sample(
    path: str, shown: str, config: ConvertConfig, sample: Sequence[str] = (), *, codes_later: bool = False
) -> layout.LabelFileSample:
    """The first rows' keys of a label or annotation file, and what it holds. A table's key column
    is the one whose first cells name most of the listed `sample`, where that is not the column its
    header names as the key (`shardify.plan.key_columns`: PetFinder's `PetID`, not `Name`).

    Raises:
      SourceError: it cannot be read.
    """
    try:
        # `--labels F --key-column C`: C names F's inputs (a join's id column never reaches here: given_label_joins
        # reads that table); without --labels, --key-column is a metadata table's (keyed_tables), not a found file's
        given = config.key_column if config.labels_file else ""
        fmt = label_files.label_file_format(path, given)
        if fmt == label_files.COCO:
            coco_level_check.check_levels(path, shown, config)  # (DENTEX's categories_1..3: which is the class)
            return coco_file_sample.coco_sample(path, shown, LABEL_KEY_SAMPLE_ROWS)
        keys, captions, order, cells, labelled = [], False, False, [], False
        key_column = given_key_column(path, given) or _key_column(path, fmt, sample, shown)
        fields = fmt == label_files.LINES and field_lines.field_number(config.label_column) is not None  # `key f2 f3 ...`
        with open_input(path) as fileobj:
            rows = label_files.read_label_rows(
                fileobj, path, label_column=config.label_column, size_bytes=size_of(fileobj), key_column=key_column,
                keep_columns=config.keep_columns, label_votes=config.label_votes,
            )
            for row in itertools.islice(rows, LABEL_KEY_SAMPLE_ROWS):
                if isinstance(row, label_files.LabelRow):
                    keys.append(row.key)
                    captions = captions or bool(row.caption)
                    order = order or (row.key.startswith("#") and not fields)  # (field lines: '#' opens a preamble's comment)
                    cells += row.labels[:1]
                    labelled = labelled or row.has_labels
        if fmt == label_files.TABLE and tables.table_format(path) in (tables.CSV, tables.TSV):
            _check_split_column(path, shown, config, key_column, sample, codes_later=codes_later)
    except (OSError, InvalidInputError) as error:
        raise SourceError(f"cannot read the label file {path}: {getattr(error, 'reason', error)}") from None
    labelled = labelled or captions or order or fmt == label_files.LINES or not keys
    return layout_guess.LabelFileSample(shown, tuple(keys), fmt, captions, order, tuple(cells), labelled, key_column)


def given_key_column(path: str, given: str, *, named: str = "--key-column", shown: str = "") -> str:
    """`--key-column`, the column (or columns, `clinic,derm`) of the table at `path` that names the
    inputs (`key_paths.py`), or "" where none is given. A layout file's `key_column` is checked
    here too (`named` says which, `shown` the table's name relative to SRC).

    Raises:
      UsageError: a column it names is none of the table's.
    """
    if not given:
        return ""
    with open_input(path) as fileobj:
        lines = first_lines(fileobj.read(HEAD_BYTES), HEAD_LINES)
    rows = separators.head_rows(lines, path)  # (a `filename;mask` table's columns, as the reader splits it)
    if tables.table_format(path) == tables.JSONL:
        columns = list(_json_line_cells(path)[0])
    else:
        columns = rows[0] if rows else []
    missing = [name for name in (p.strip() for p in given.split(",")) if name and name not in columns]
    if missing:
        raise UsageError(f"{named} {given!r}: {', '.join(repr(m) for m in missing)} is no column of {shown or path} "
                         f"(its columns: {', '.join(columns[:12])})")
    return given


def _key_column(path: str, fmt: str, sample: Sequence[str], shown: str = "") -> str:
    """A table's key column found by what its first rows name (`key_columns`), or "" where the
    header's names decide (as they did before; no sample, no table of a header). A JSON-lines
    table's columns are its first row's keys of plain values (Hateful Memes' `id`, `img`, `label`,
    `text`), and its cells may name the files relative to its own folder (`img/42953.png` in
    data/train.jsonl for data/img/42953.png): read by its `id` of numbers, every image was a reject."""
    if fmt != label_files.TABLE or not sample:
        return ""
    if tables.table_format(path) == tables.JSONL:
        columns, rows = _json_line_cells(path)
    else:
        header = label_table_head(path)
        if not header.present or not header.columns or not header.sample:
            return ""
        columns, rows = header.columns, header.sample
    if not columns or not rows:
        return ""
    folder = posixpath.dirname(shown) if shown and not os.path.isabs(shown) and "://" not in shown else ""
    beside = [p[len(folder) + 1 :] for p in sample if folder and p.startswith(folder + "/")]
    named = label_file_columns(columns).key
    found = key_columns.key_column_by_values(columns, rows, [*sample, *beside], named)
    return "" if found == named else found


def _json_line_cells(path: str) -> tuple[tuple[str, ...], list[list[object]]]:
    """A JSON-lines table's columns (its first object's keys holding a string or a number) and its
    first rows' cells under them, as a headed table's sample is; ((), []) where it holds none."""
    with open_input(path) as fileobj:
        lines = first_lines(fileobj.read(HEAD_BYTES), HEAD_LINES)
    objects = []
    for line in lines:
        try:
            row = json_input.parse(line)
        except InvalidInputError:
            continue
        if isinstance(row, dict):
            objects.append(row)
    if not objects:
        return (), []
    columns = tuple(k for k, v in objects[0].items() if isinstance(v, (str, int, float)) and not isinstance(v, bool))
    return columns, [["" if row.get(c) is None else row.get(c) for c in columns] for row in objects]


def label_table_head(path: str) -> tables.TableHeader:
    """A label table's header and first rows, as `table_scans.read_table` reads them for a label file (no
    column options), read once per detection (`head_reads.read_once`): its key column, the check of its
    split column and `label_file_splits` each ask for them (each had opened and read the table's head)."""

    def read() -> tables.TableHeader:
        with open_input(path) as fileobj:
            return table_scans.read_table(fileobj, tables.table_format(path), size_of(fileobj))[0]

    return read_once(("label table head", path), read)


def label_table_columns(
    path: str, config: ConvertConfig, key_column: str
) -> tuple[list[str], LabelFileColumns, list[list[str]]] | None:
    """A headed label table's columns, the key and label columns a label file's reading takes among them
    (`--label-column` where it names one; `key_column` found by detection), and its first rows of as many
    cells, as text; None where it has no header or no rows. What the split column's check and
    `label_file_splits` judge the table by."""
    header = label_table_head(path)
    if not header.present or not header.sample:
        return None
    columns = list(header.columns)
    chosen = label_file_columns(columns, config.label_column if config.label_column in columns else "", captions=False,
                                key_column=key_column)
    return columns, chosen, [[str(cell) for cell in row] for row in header.sample if len(row) == len(columns)]


def _check_split_column(
    path: str, shown: str, config: ConvertConfig, key_column: str, sample: Sequence[str], *, codes_later: bool = False
) -> None:
    """Stop where a label table found or given (`labels.csv`) holds a column of split names beside its key
    that was taken for the labels, or beside which no column is read as the labels (`image,score,split`); as a
    keyed table's (`split_cells`, KonIQ-10k's `set`). Beside a label column (`image,label,split`) it is read as
    the splits after detection (`label_file_splits`). Not where split folders among `sample`'s give the splits
    the column repeats. With `codes_later`, a column of split codes beside a label column is asked about after
    detection as well (`label_file_splits`): so the stop carries the guess a layout file mends.

    Raises:
      UsageError: `split_cells.check_split_cells`'s.
    """
    read = label_table_columns(path, config, key_column)
    if read is None:
        return
    columns, chosen, data = read
    split_folders = any(split_word(part) for p in sample for part in p.split("/")[:-1])
    label = columns.index(chosen.label) if chosen.label in columns else None
    # (beside a label column, `label_file_splits.with_split_column` reads it as the splits, or stops; not a glob's tables)
    splits_read = not table_groups.is_glob(shown)
    split_cells.check_split_cells(shown, columns, data, columns.index(chosen.key), label, bool(config.label_column), split_folders,
                                  splits_read=splits_read, codes_asked=not (codes_later and splits_read and label is not None))


def found_label_file(config: ConvertConfig, sample: list[str], top_files: set[str], top_folders: list[str]) -> str:
    """A label or annotation file in SRC used without `--labels`: labels.csv (or .tsv, .jsonl,
    .parquet) beside data files, or the one COCO-style .json at the top or in annotations/.

    Raises:
      UsageError: several annotation files: which one is for the user to say.
    """
    has_data_files = any(layout.extension(p) not in layout.TABLE_EXTENSIONS | {"json"} for p in sample)
    found = [name for name in layout.LABEL_FILE_NAMES if name in top_files]
    # A Hugging Face imagefolder's one metadata file at the top (file_name relative to SRC).
    found += [name for name in HF_METADATA_FILES if name in top_files and names_files(config, name)]
    found = [name for name in found if FileSystems.exists(join_path(config.source, name))]  # not in an archive
    # a labels.csv whose column writes boxes or polygons holds objects, not labels (read as labels, each box's
    # literal was written as a class with exit 0): box evidence reads it, or the unread-table stop names it
    found = [name for name in found if layout.extension(name) not in ("csv", "tsv")
             or unread_table_signs.box_literal_column(head_lines(config, name), "\t" if layout.extension(name) == "tsv" else ",") is None]
    # WiLI's labels.csv beside x_train.txt and y_train.txt describes the classes of y's lines: no label table
    pairs = parallel_pairs(sorted(top_files))
    found = [name for name in found if not (pairs and pair_companions.class_table(
        config, name, [labels for _, labels in pairs], [p for p in top_files if p != name]))]
    if found and has_data_files and not labels_train_beside_test(config, found[0], sample):
        return found[0]
    candidates = [p for p in sample if layout.extension(p) == "json" and p.count("/") <= 1]
    # at the top, in annotations/, or in the one folder that holds every image (TACO's
    # data/annotations.json beside data/batch_1/...: its file names are relative to that folder)
    wrapper = _wrapping_folder([p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS])
    candidates = [p for p in candidates if "/" not in p or p.split("/")[0] in ("annotations", "annotation", wrapper)
                  or in_split_folder(p)]
    coco = sorted(p for p in candidates if looks_like_coco(join_path(config.source, p), p))
    if not coco:  # (DENTEX's training_data/<part>/<part>.json beside its xrays/: deeper than the top's, the one there)
        coco = coco_beside_images(sample, lambda p: looks_like_coco(join_path(config.source, p), p))
    if coco_per_split(coco, keypoints=config.keypoints) or lvis_per_split(config, coco):
        return ""  # one annotation file per split: read as the dataset's evidence (see find_evidence)
    if len(coco) > 1:
        raise UsageError(
            f"{config.source} holds {len(coco)} annotation files ({', '.join(coco)}): choose one with --labels FILE"
        )
    if not (coco and has_data_files):
        return ""
    coco_rivals.check(config, coco[0], candidates, sample)  # a second .json naming the same images: which is meant
    return coco[0]


def labels_train_beside_test(config: ConvertConfig, name: str, sample: list[str]) -> bool:
    """`labels.csv` beside split folders whose first rows name files of the training folders only,
    where a test folder holds files too (Kaggle's dog breed identification: train/<id>.jpg,
    test/<id>.jpg, labels.csv of `id,breed`): a table of the training images' labels, read as a
    keyed table beside the split folders (`label_tables.with_label_table`), so that the test
    images are the test split, unlabelled. Read as the label file, every test image was a reject
    ("no usable row names it") and the run exited 1."""
    if layout.extension(name) not in ("csv", "tsv"):
        return False
    folders = {p.split("/", 1)[0]: split_word(p.split("/", 1)[0]) for p in sample if "/" in p}
    tests = {f for f, split in folders.items() if split == "test"}
    if not tests or not any(split and split != "test" for split in folders.values()):
        return False
    delimiter = "\t" if name.endswith(".tsv") else ","
    keys = {line.split(delimiter, 1)[0].strip().strip('"') for line in head_lines(config, name)[1:] if line.strip()}
    named = {p.split("/", 1)[0] for p in sample if "/" in p and (layout.stem(p) in keys or posixpath.basename(p) in keys)}
    return bool(named) and not named & tests


def _wrapping_folder(images: Sequence[str]) -> str:
    """The top folder every image lies in, or "" (none, or images at the top)."""
    tops = {p.split("/")[0] if "/" in p else "" for p in images}
    return tops.pop() if len(tops) == 1 else ""


# Evidence files read at detection, and the bytes of each looked at.
def single_file_layout(
    config: ConvertConfig, source_file: str, sample: list[str], top_folders: list[str]
) -> layout.SourceLayout:
    """SRC given as one file: a table (one record per row), or a label or annotation file whose
    files lie in its folder. Any .txt or .json is a label file, but a question-answering JSON
    (SQuAD's shape), which is a table; a table is one when its first keys name files (found beside
    it, or spelled like image and text file names).

    Raises:
      UsageError: neither a table nor a label file.
    """
    if layout.extension(source_file) not in layout.TABLE_EXTENSIONS | {"txt", "json"}:
        raise UsageError(
            f"{join_path(config.source, source_file)} is neither a folder, a table (.csv, .tsv, .jsonl, "
            ".parquet, .label) nor a label file (.txt, .json)"
        )
    others = [p for p in sample if p != source_file]
    if line_tables_at_top(config, {source_file}):
        return layout_guess.detect_layout([source_file], [], source_file=source_file, forced=config.layout)
    if config.layout != layout.TABLES:
        label_file = label_file_sample(join_path(config.source, source_file), source_file, config)
        if (
            config.layout in (layout.LABEL_FILE, layout.COCO)
            or label_file.fmt != label_files.TABLE
            or _keys_name_files(label_file.keys, others)
        ):
            check_label_cells(label_file, config)
            detected = layout_guess.detect_layout(others, top_folders, label_file=label_file, forced=config.layout)
            note = f"SRC is the label file {source_file}: the files it names are found in its folder"
            return dataclasses.replace(detected, notes=(note, *detected.notes))
    return layout_guess.detect_layout([source_file], [], source_file=source_file, forced=config.layout)


def _keys_name_files(keys: tuple[str, ...], sample: list[str]) -> bool:
    """The first keys of a table name files: found in the folder, or spelled like file names."""
    if not keys:
        return False
    _, how = layout_guess.choose_label_key(keys, sample)
    known = layout.IMAGE_EXTENSIONS | layout.TEXT_EXTENSIONS
    return "judged by their shape" not in how or all(layout.extension(key) in known for key in keys)
