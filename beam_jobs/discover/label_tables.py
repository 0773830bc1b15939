"""Describe steps for files that label a folder's images where the folders give no labels: a
metadata table keyed by a column its content names (`shardify.plan.keyed_tables`); split lists
whose lines give labels and one list of inputs per concept are read in `label_lists` (re-exported
here, where detection calls them).

Part of detection (`detect.py`): detect -> describe -> check -> plan. It runs after the dataset's
other evidence files are found (`describe.find_evidence`) and only where none of them labels the
inputs and the folders do not either: no class folders, or class folders that are a download's
parts (`guards`' "numbered parts" and "part as the class": HAM10000_images_part_1/ and _part_2/,
split over two archives for size only). There the part folders are no classes, and the table's
label column labels the inputs (`unlabelled_inputs`).
"""

from __future__ import annotations

import csv
import dataclasses
import io
from collections.abc import Callable, Sequence

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import describe, head_reads, held_out_label_tables, held_out_tables, label_file_found
from shardify.beam_jobs.discover.label_lists import MAX_LIST_DEPTH, MAX_LISTS, with_concept_lists, with_label_lists  # re-exported
from shardify.beam_jobs.discover.unlabelled_inputs import (  # PART_SIGNS re-exported
    PART_SIGNS,
    parts_unlabelled,
    unlabelled_or_parts,
)
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import json_line_cells
from shardify.converters.columns import LABEL_COLUMN_NAMES, choose_column
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import (
    id_label_tables,
    keyed_tables,
    label_joins,
    layout,
    linked_tables,
    list_row_fields,
    split_cells,
    split_named_tables,
    table_groups,
    unlabelled_tables,
)
from shardify.plan.evidence import LABEL_LINES, SPLIT_LIST, Evidence, file_key, key_rule, row_key

__all__ = [
    "PART_SIGNS",
    "check_given_lists",
    "table_group",
    "with_concept_lists",
    "with_label_joins",
    "with_label_lists",
    "with_label_table",
]

# Tables looked into: the top of SRC and one folder down, as downloads put their metadata.
_MAX_DEPTH = 1
_CANDIDATES = 20


def with_label_table(
    config: ConvertConfig, sample: list[str], detected: layout.SourceLayout, only: str = ""
) -> layout.SourceLayout:
    """`detected` labelled by a table keyed by content, where nothing else labels its inputs; else
    unchanged. `only`: the one table to read (named by `--labels` beside split folders).

    Raises:
      UsageError: the table's key or label column is for the user to say (`keyed_tables`), or two
        tables would label the inputs; `--key-column` given where no such table is read.
    """
    if only:
        detected = _without_other_tables(detected, only)
    parts = unlabelled_or_parts(config, sample, detected)
    levels = detected.structure.label_levels if detected.structure is not None else ()
    if (parts is None and only and config.label_level is None and any(level >= 0 for _, level in levels)
            and not any(e.gives_labels for e in detected.evidence)):
        # `--labels train.csv` names the table over class folders (Hotel-ID's hotel_id under its chain folders, which
        # the stop over unread files offers): the table labels, the folders are not read as classes
        detected = describe.at_label_level(detected, 0)
        detected = dataclasses.replace(detected, notes=(*detected.notes, f"--labels {only}: its labels, not the folders'"))
        parts = False
    found = [] if parts is None else _tables(config, sample, detected, only)
    if not found and config.key_column:
        raise UsageError(
            f"--key-column {config.key_column!r} names the key of a metadata table that labels the inputs, and none is "
            "read here (the folders or the dataset's other files label them, or no .csv/.tsv beside them names them): drop it"
        )
    if not found:
        return detected
    if len(found) > 1:
        together, why = split_named_tables.read_together(
            found, {e.path: _table_rows(config, e.path, 1)[0] for e in found}, {e.path: _table_keys(config, e) for e in found}
        )
        if not together:
            raise UsageError(
                f"{', '.join(e.path for e in found)} each name the inputs and give labels, and cannot be read as one split "
                f"each ({why}): keep the one to read in SRC, or say which in a layout file (--dry-run --layout-file FILE, "
                "docs/layout-files.md)"
            )
        read = {e.path for e in together}
        detected = dataclasses.replace(
            detected, evidence=tuple(e for e in detected.evidence if e.path not in read or e.gives_labels)
        )
        detected = parts_unlabelled(detected, parts, together[0].path)
        notes = [f"{e.path}: the {e.split} split's labels (tables named by split words, one header, no key in two)" for e in together]
        return dataclasses.replace(
            detected, evidence=(*detected.evidence, *together), notes=(*detected.notes, *(e.note for e in together), *notes)
        )
    (table,) = found
    held_out_label_tables.check_test_table(config, sample, table.path)  # Pawpularity's test.csv beside train.csv
    same = [e for e in detected.evidence if e.path == table.path and not e.gives_labels]
    if same:  # the table read as a split list of its keys too (`train.csv`): one reading, by its header, keeps the split
        table = dataclasses.replace(table, split=next((e.split for e in same if e.split), ""))
        detected = dataclasses.replace(detected, evidence=tuple(e for e in detected.evidence if e not in same))
    detected = parts_unlabelled(detected, parts, table.path)
    folders = detected.structure is not None and detected.structure.split_level >= 0  # (split folders give the splits)
    splits = None if folders else split_cells.split_codes(table, _table_rows(config, table.path))
    # (a split list of a split the column never names, Kaggle's test.csv beside a train.csv of train and valid
    # rows, gives other inputs theirs: read beside it, an input in both rejected as in two splits, review27)
    coded = {_ONE_SPLIT.get(split, split) for _, split in splits.codes} if splits is not None else set()
    others = [e.path for e in detected.evidence if e.gives_split
              and not (e.kind == SPLIT_LIST and e.split and _ONE_SPLIT.get(e.split, e.split) not in coded)]
    if splits is not None and others:  # two sources of splits: which one is meant is the user's to say
        raise UsageError(
            f"{table.path} gives each input's split in its column {splits.variable!r}, and {', '.join(others[:3])} give "
            f"splits too: which to read cannot be told. Decide: {' '.join('--exclude ' + p for p in others[:3])} (the "
            f"table's column read), or a layout file (--dry-run --layout-file FILE, docs/layout-files.md)"
        )
    if splits is not None:  # KonIQ-10k's `set` beside its `MOS`: the table's column of split names gives the splits
        detected = dataclasses.replace(detected, evidence=(*detected.evidence, splits), notes=(*detected.notes, splits.note))
        # (and not its name too: a `train.csv` whose column holds train and valid had put each valid row in two
        # splits, rejected, review27)
        table = dataclasses.replace(table, split="")
        detected = dataclasses.replace(detected, notes=tuple(n for n in detected.notes if n not in {e.note for e in same}))
    table, tests = _split_tables(config, sample, detected, table)
    return dataclasses.replace(
        detected, evidence=(*detected.evidence, table, *tests), notes=(*detected.notes, table.note, *(e.note for e in tests))
    )


# Split words of one split, when a table's split codes and a split list's split are compared.
_ONE_SPLIT = {"val": "validation", "valid": "validation", "dev": "validation"}


def _without_other_tables(detected: layout.SourceLayout, only: str) -> layout.SourceLayout:
    """`detected` without the keyed tables detection read as labels beside `only`, the table `--labels`
    names over the training folders: the user chose it (RSNA Bone Age's boneage-test-dataset.csv, whose
    'Sex' had labelled the test images, left `--labels boneage-training-dataset.csv` unread and stopped)."""
    others = [e for e in detected.evidence if e.kind == LABEL_LINES and e.path != only]
    if not others:
        return detected
    note = f"not used: {', '.join(e.path for e in others)} (--labels {only} labels the inputs; the test split's unlabelled)"
    return dataclasses.replace(detected, evidence=tuple(e for e in detected.evidence if e not in others),
                               notes=(*detected.notes, note))


def _split_tables(
    config: ConvertConfig, sample: list[str], detected: layout.SourceLayout, table: Evidence
) -> tuple[Evidence, list[Evidence]]:
    """The label table with its split, and the tables beside it keyed as it is without its label
    column (`shardify.plan.unlabelled_tables`: Kaggle's leaf classification's test.csv beside
    train.csv, all images in one folder), where no folder and no other file gives splits."""
    inputs = [p for p in sample if not detected.is_auxiliary(p)]
    if any(e.gives_split for e in detected.evidence) or any(detected.split_of(p)[0] for p in inputs):
        return table, []
    heads = {p: label_file_found.table_head_lines(config, p) for p in _candidates(config, sample, detected)}
    split, tests = unlabelled_tables.split_tables(table, heads, describe.names_inputs(sample, detected))
    return (dataclasses.replace(table, split=split), tests) if tests else (table, [])


def table_group(config: ConvertConfig, sample: list[str]) -> table_groups.TableGroup | None:
    """The tables beside the images that label them together (MLRSNet's `Labels/<category>.csv`,
    see `shardify.plan.table_groups`), read before a layout is guessed: where they are found, the
    source is read as images labelled by them, whatever its folders say.

    Raises:
      UsageError: such tables whose reading together could be wrong (`table_groups.find_group`).
    """
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS and not layout.is_junk(p)]
    if not images:
        return None
    tables = [
        p for p in sample if p.count("/") <= MAX_LIST_DEPTH and layout.extension(p) in ("csv", "tsv") and not layout.is_junk(p)
    ][:MAX_LISTS]
    if len(tables) < 2:
        return None
    heads = {p: label_file_found.head_lines(config, p) for p in tables if FileSystems.exists(join_path(config.source, p))}
    whole = len(sample) < describe.sample_files()

    def known(keys):
        rule = key_rule(keys)
        return {file_key(p, rule) for p in images}, rule

    def names_inputs(keys) -> bool:
        names, rule = known(keys)
        matched = sum(row_key(k, rule) in names for k in keys)
        return matched * 2 > len(keys) if whole else matched > 0

    def strays(keys) -> set[str]:
        names, rule = known(keys)
        return {k for k in keys if row_key(k, rule) not in names}

    return table_groups.find_group(heads, names_inputs, strays if whole else None)


def with_label_joins(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` (tables) with its tables of labels keyed by id joined to the tables of texts
    they label, and its tables of fractions left out (`shardify.plan.label_joins`: Jigsaw's
    test_labels.csv and sample_submission.csv beside test.csv); else unchanged.

    Raises:
      UsageError: which table a labels table labels cannot be told.
    """
    if detected.name != layout.TABLES or detected.source_file or detected.line_files:
        return detected
    paths = [p for p in sample if layout.extension(p) in ("csv", "tsv") and not detected.is_auxiliary(p)][:_CANDIDATES]
    heads, bare = {}, {}
    for path, header in head_reads.table_headers(config, paths).items():
        if header.present:
            heads[path] = (header.columns, header.sample)
        elif len(header.columns) == 2:
            bare[path] = header.sample
    found, left_out = label_joins.recognise_label_joins(heads)
    # OLID's labels-levela.csv (`id,label`, no header) beside testset-levela.tsv
    found += id_label_tables.recognise_id_label_tables(bare, {p: h for p, h in heads.items() if p not in {e.path for e in found}})
    if not found and not left_out:
        return detected
    notes = [e.note for e in found] + [f"{path}: {why}" for path, why in left_out]
    return dataclasses.replace(
        detected, evidence=(*detected.evidence, *found), left_out=(*detected.left_out, *(p for p, _ in left_out)),
        notes=(*detected.notes, *notes),
    )


def check_given_lists(config: ConvertConfig, given: layout.SourceLayout) -> None:
    """A layout file's split lists that label (`label_column`, no `label_rest`) whose first lines
    differ in their number of fields: a label holding a space (FGVC-Aircraft's `0034309 Cessna
    172` beside `0062765 A300B4`), whose rows the reader would reject one by one (exit 1); the run
    stops before writing instead, naming the line to add.

    Raises:
      UsageError: names the list, two rows' field counts and `label_rest: true`.
    """
    for found in given.evidence:
        if found.kind != SPLIT_LIST or found.label_column is None or found.label_rest:
            continue
        lines = [line for line in label_file_found.head_lines(config, found.path) if line.strip() and not line.lstrip().startswith("#")]
        if not found.header and (cut := list_row_fields.label_rest_words(lines, found.label_column, found.path)):
            raise UsageError(
                f"the layout file's split list {found.path} labels by field {found.label_column + 1}, and its row "
                f"{cut.strip()!r} holds more words after it that nothing reads: a label holding a space, cut at the first? "
                "`label_rest: true` in its evidence entry reads the rest of the line as the label (docs/layout-files.md)"
            )
        if not found.path.endswith((".txt", ".lst")):
            continue
        counts = [len(list_row_fields.list_fields(line, found.path)) for line in lines[1 if found.header else 0 :]]
        if len(set(counts)) > 1:
            raise UsageError(
                f"the layout file's split list {found.path} labels by field {found.label_column + 1}, and its first rows hold "
                f"{min(counts)} and {max(counts)} fields: a label holding a space? `label_rest: true` in its evidence entry "
                "reads the rest of the line as the label (docs/layout-files.md)"
            )


def _candidates(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> list[str]:
    """The tables read as label tables: at the top of SRC or one folder down, that exist (not an
    archive's members: read where the pipeline reads them)."""
    paths = [
        p for p in sample
        if p.count("/") <= _MAX_DEPTH and layout.extension(p) in ("csv", "tsv", "jsonl") and detected.is_auxiliary(p)
    ][:_CANDIDATES]
    return [p for p in paths if FileSystems.exists(join_path(config.source, p))]


def _tables(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout, only: str = "") -> list[Evidence]:
    paths = [p for p in _candidates(config, sample, detected) if p == only or not only]
    names_inputs = describe.names_inputs(sample, detected)
    suffixed = _suffixed_not_classes(held_out_tables.suffixed_names(sample, detected), detected)
    found, doubts = [], []
    for path in paths:
        lines = label_file_found.table_head_lines(config, path)

        def recognised(names, stems=(), *, lines=lines, path=path):
            return keyed_tables.recognise_keyed_table(
                path, lines, names, key_column=config.key_column, label_column=config.label_column,
                label_named=lambda header: choose_column(header, "", LABEL_COLUMN_NAMES, "label"),
                label_separator=config.label_separator, input_stems=stems, keep_columns=config.keep_columns,
                multi_hot=path == only,  # (`--labels train.csv`: its 0/1 columns may be read as the classes)
                splits_given=detected.structure is not None and detected.structure.split_level >= 0,
            )

        try:
            table = recognised(names_inputs, [layout.stem(p) for p in sample if not detected.is_auxiliary(p)])
            if table is None and not config.key_column:
                # keys naming the inputs as the stems before `-<n>`, several files a row (PetFinder's
                # `PetID` 86e1089a3 for train_images/86e1089a3-1.jpg and -2.jpg): read so (`KeyRule.suffixed`)
                table = recognised(suffixed)
                table = table and dataclasses.replace(table, key=dataclasses.replace(table.key, suffixed=True))
        except UsageError as doubt:
            doubts.append((path, doubt))
            continue
        if table is not None:
            found.append(table)
    _check_linked(config, found, [p for p in paths if p not in {t.path for t in found} | {d[0] for d in doubts}])
    guessed = [t for t in found if t.classes and t.path != only]  # 0/1 columns read as classes with no option
    if guessed and len(found) > 1:  # a multi-hot table per split (RFMiD's, MuReD's): `split_label_tables` reads them
        found = [t for t in found if t not in guessed]
    # a table keyed as a label table found beside it is, without its label column (Shopee's test.csv
    # beside train.csv's `label_group`): another split's inputs, unlabelled, not a doubt about labels;
    # of the doubts left, the widest table's is said (PetFinder's train.csv, not its test.csv)
    heads = {path: _table_rows(config, path, 1)[0] for path, _ in doubts}
    left = [(path, doubt) for path, doubt in doubts
            if not any(_without_label(heads[path], _table_rows(config, e.path, 1)[0], e) for e in found)]
    if left:
        raise max(left, key=lambda item: len(heads[item[0]]))[1]
    return found


def _check_linked(config: ConvertConfig, found: Sequence[Evidence], others: Sequence[str]) -> None:
    """Stop where a label table found (no `--label-column`) links its inputs to the rows of another
    table beside it that names none (`linked_tables`: IU X-Ray's indiana_projections.csv, `uid` into
    indiana_reports.csv): its label column, read as the labels, may not be the inputs' labels."""
    if config.label_column or not others:
        return
    for table in found:
        if not table.header or table.label_column is None or table.key_template:
            continue
        rows = _table_rows(config, table.path)
        linked_tables.check_linked_tables(table.path, rows[0], rows[1:], table.column, table.label_column,
                                          {p: _table_rows(config, p) for p in others})


def _without_label(header: Sequence[str], labelled: Sequence[str], table: Evidence) -> bool:
    """`header` holds the key column of the label table `table` (of header `labelled`) and not its label column."""
    if not table.header or table.label_column is None or max(table.column, table.label_column) >= len(labelled):
        return False
    return labelled[table.column] in header and labelled[table.label_column] not in header


def _suffixed_not_classes(names: Callable[[Sequence[str]], bool], detected: layout.SourceLayout) -> Callable[[Sequence[str]], bool]:
    """`names` (keys naming the inputs as the stems before `-<n>`), but False for keys most of which
    are the classes the inputs' names give (`structure.name_pattern`: `Abyssinian_1.jpg`,
    `Abyssinian_2.jpg` beside breeds.csv's `breed,species`): such a table describes the classes,
    a row a class and many files a key, and the records' labels are their names'; a table of
    per-sample keys (PetFinder's `<PetID>-<n>.jpg`, a row a pet, a few photos each) names no class."""
    pattern = detected.structure.name_pattern if detected.structure is not None else None
    classes = {label.casefold() for label in pattern.labels} if pattern is not None else set()

    def not_classes(keys: Sequence[str]) -> bool:
        return names(keys) and not (classes and sum(k.strip().casefold() in classes for k in keys) * 2 > len(keys))

    return not_classes


# Rows of a label table read for its keys where several tables may be read together (Mini-ImageNet's
# train.csv holds 38,400).
_KEY_ROWS = 5_000_000


def _table_rows(config: ConvertConfig, path: str, limit: int = 0) -> list[list[str]]:
    """The rows of the table `path` (relative to SRC), its header first, up to `limit` (0: all,
    up to _KEY_ROWS); [[]] where it cannot be read (the pipeline reports that)."""
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            text = io.TextIOWrapper(fileobj, encoding=config.table_options.encoding or "utf-8", errors="replace", newline="")
            lines = text
            if json_line_cells.is_json_lines(path):  # its CSV view, the first object's keys the header
                lines = (line for item in json_line_cells.csv_view(enumerate(text, 1)) for line in item[1:])
            rows = []
            for row in csv.reader(lines, delimiter="\t" if path.lower().endswith(".tsv") else ","):
                if row:
                    rows.append([cell.strip() for cell in row])
                if len(rows) >= (limit or _KEY_ROWS):
                    break
            return rows or [[]]
    except (OSError, InvalidInputError, UnicodeError, csv.Error):
        return [[]]


def _table_keys(config: ConvertConfig, table: Evidence) -> list[str]:
    """The keys of every row of the label table `table`: its key column's cells, or where several
    columns key it (`key_template`), all its cells but the label's."""
    rows = _table_rows(config, table.path)[1 if table.header else 0 :]
    if table.key_template:
        return ["\t".join(c for i, c in enumerate(row) if i != table.label_column) for row in rows]
    return [row[table.column] for row in rows if len(row) > table.column]
