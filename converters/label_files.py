"""Label files: rows that name files and give their labels (and captions), in the shapes public
datasets ship them in.

  table   CSV, TSV, JSONL or Parquet with a key column (a path, a file name, or an id: the file's
          stem) and a label column, maybe a caption column (competition downloads, most CSVs)
  lines   a .txt file: `name label` per line (ImageNet's validation labels as Caffe lists them), or
          one label per line, the n-th line for the n-th file in path order
          (ILSVRC2012_validation_ground_truth.txt); with `--label-column N`, `key f2 f3 ...` lines
          whose field N is the label (mini-MIAS's Info.txt: `field_lines`)
  coco    a COCO-style .json: "images" with "file_name" (or LVIS's "coco_url", its path read as the
          file's: see `coco_urls`), "annotations" naming categories and/or
          holding captions, "categories": one row per image, its categories as its labels
          (multi-label), its captions joined with a line break. Image ids must be unique whole
          numbers from 0 to 2^63 - 1 (written as image/source_id): an image with another id, or
          sharing its id, is rejected, naming it (whose annotations are whose cannot be told).
          An annotation naming a category "categories" does not list labels nothing: the image
          keeps the categories its other annotations name, and is rejected only when its
          annotations name no listed category at all. A category that cannot be used (a name
          with a line break, a name or id given twice) rejects the images that name it, not
          the others. A top-level field of the wrong type ("annotations": "x") refuses the file.

Every row comes back as a LabelRow or a RowError with its reason, numbered as the file shows it
(the header is row 1 of a table; lines count from 1; COCO images by their place in "images").
What a COCO entry may hold (ids, categories, top-level types) is judged in `coco_entries`; a COCO
file's rows are read in `coco_label_rows`, and the row they all come back as is `label_rows.LabelRow`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import BinaryIO

from shardify.converters import coco_label_rows, cr_lines, field_lines, label_sentences, one_hot, sniffed_tables, table_scans, tables, vote_majority
from shardify.converters.coco_entries import coco_categories  # (re-exported: class_lists reads it from here)
from shardify.converters.coco_label_rows import DROPPED_CAPTION_FLAGS, MAX_ANNOTATION_BYTES  # (re-exported: detection bounds its reads by it)
from shardify.converters.columns import KEY_COLUMN_NAMES, choose_column, label_file_columns
from shardify.converters.label_cells import split_labels
from shardify.converters.label_rows import LabelRow  # (re-exported: callers read it from here)
from shardify.converters.one_hot_stops import check_one_hot_classes
from shardify.errors import InvalidInputError
from shardify.format.contract import ObjectSchema
from shardify.inputs.whole_numbers import is_decimal, scores
from shardify.plan.keyed_tables import class_numbered, is_class_number, no_class_number
from shardify.plan.tag_labels import label_lists, list_labels

__all__ = [
    "TABLE",
    "LINES",
    "COCO",
    "MAX_ANNOTATION_BYTES",
    "DROPPED_CAPTION_FLAGS",
    "LabelRow",
    "label_file_format",
    "read_label_rows",
    "coco_categories",
]

TABLE, LINES, COCO = "table", "lines", "coco"


def label_file_format(path: str, key_column: str = "") -> str:
    """TABLE, LINES or COCO from the file's extension. A .txt is `name label` lines, unless a key
    column is named (`--key-column`): then a table of named columns, as Leafsnap's tab-separated
    `leafsnap-dataset-images.txt` (`file_id`, `image_path`, `segmented_path`, `species`, `source`).

    Raises:
      InvalidInputError: none of those.
    """
    ext = path.rsplit(".", 1)[-1].lower()
    if ext == "txt":
        return TABLE if key_column else LINES
    if ext == "json":
        return COCO
    if ext in tables.TABLE_FORMATS:
        return TABLE
    raise InvalidInputError(f"not a label file: expected .csv, .tsv, .jsonl, .parquet, .txt or .json, got {path}")


def read_label_rows(
    fileobj: BinaryIO,
    path: str,
    *,
    label_column: str = "",
    label_separator: str = "",
    captions: bool = True,
    size_bytes: int | None = None,
    objects: ObjectSchema | None = None,
    key_column: str = "",
    keep_columns: Sequence[str] = (),
    label_votes: str = "",
) -> Iterator[LabelRow | tables.RowError]:
    """Every row of the label file at `path` (open as `fileobj`).

    Args:
      label_votes: a table's rows labelled by their vote-count columns under this rule (`--label-from-votes`,
        `vote_majority`), or "": a label column labels them.
      objects: COCO: the object features to read (boxes, masks, keypoints), or None for none.
      key_column: a table's key column where detection found it by its cells
        (`shardify.plan.key_columns`), else "": the usual names decide.

    Raises:
      InvalidInputError: the file as a whole cannot be read (no header, not JSON, too large).
    """
    fmt = label_file_format(path, key_column)
    if label_votes and fmt != TABLE:
        raise InvalidInputError(f"--label-from-votes reads a table's vote-count columns, and {path} is no table ({fmt})")
    if fmt == LINES and (field := field_lines.field_number(label_column)) is not None:  # `key f2 f3 ...`, the label field N
        yield from field_lines.field_rows(cr_lines.as_lines(fileobj), size_bytes, field)
    elif fmt == LINES:
        yield from _lines(cr_lines.as_lines(fileobj), size_bytes)  # (lines ended by CR alone: a row each)
    elif fmt == COCO:
        yield from coco_label_rows.coco_rows(fileobj, size_bytes, captions, objects, label_column)
    else:
        table_fmt = sniffed_tables.SNIFFED if path.lower().endswith(".txt") else tables.table_format(path)  # (tab-separated)
        if label_votes:
            yield from _voted_table(fileobj, table_fmt, size_bytes, captions, key_column, path=path)
            return
        yield from _table(fileobj, table_fmt, size_bytes, label_column, label_separator, captions, key_column, keep_columns,
                          path=path)


def _table(
    fileobj: BinaryIO, fmt: str, size_bytes: int | None, label_column: str, separator: str, captions: bool, key_column: str = "",
    keep_columns: Sequence[str] = (), *, path: str = "",
) -> Iterator[LabelRow | tables.RowError]:
    header, rows = table_scans.read_table(fileobj, fmt, size_bytes)
    several = _several_keys(header.columns, key_column)  # `--key-column clinic,derm`: each column's file a record
    key_column = several[0] if several else key_column
    label_column, also = _several_labels(header.columns, label_column)  # `--label-column Type1,Type2`: multi-label
    key = label_file_columns(header.columns, captions=captions, key_column=key_column).key if header.columns else ""
    onehot = one_hot.label_columns(header.columns, header.sample, key, keep_columns) if not label_column else ()
    if onehot and label_file_columns(header.columns, captions=captions, key_column=key_column).label:
        onehot = ()  # a column named as labels are named wins
    check_one_hot_classes(onehot, header, path)
    judged = bool(header.sample) and not separator and not onehot  # the label column's cells, as the first rows hold them
    label = label_file_columns(header.columns, label_column, captions=captions, key_column=key_column).label if judged else ""
    numbered = judged and _class_numbered(header, label)
    scored = judged and not numbered and _scored(header, label)  # (scores kept as written: a `nan` among them no class)
    # `['Comedy', 'Drama']` cells (as a keyed table's, `tag_labels.label_lists`): each a record's labels
    listed = judged and _list_literals(header, label)
    # a column of single label words: a cell written as a sentence is its row's reject, not a class
    worded = judged and not label_column and not numbered and not listed and _label_worded(header, label)
    def label_cell(row: object) -> object:
        return None if isinstance(row, tables.RowError) else row.cells.get(label)

    for row, sentence in label_sentences.held_back(rows, label_cell, label, worded):
        if isinstance(row, tables.RowError):
            yield row
            continue
        cells = _with_dotted_fields(row.cells)
        columns = label_file_columns(header.columns or tuple(cells), label_column, captions=captions, key_column=key_column)
        key_column = _nested_key(cells, columns.key)
        value = cells.get(key_column)  # a JSONL id can be 0
        key = ("" if value is None else str(value)).replace("\ufeff", "").strip()
        if not key:
            yield tables.RowError(row.row, f"empty {columns.key!r}")
            continue
        if onehot and one_hot.blank_row(cells, onehot):  # DFUC 2021's `100023.jpg,,,,`: listed, not yet labelled
            yield from _each_key(LabelRow(row.row, key, (), "", True, unlabelled=True), cells, several)
            continue
        if onehot:  # ISIC 2018's `image,MEL,NV,...` of 0.0 and 1.0: the columns set to 1
            found = one_hot.labels_of(cells, onehot)
            if isinstance(found, str):
                yield tables.RowError(row.row, found, key)
            else:
                yield from _each_key(LabelRow(row.row, key, found, "", True), cells, several)
            continue
        if also:  # several label columns: the cells given, each a label (`Type1,Type2`: a second type where given)
            yield from _each_key(_labels_of_columns(row.row, key, [cells.get(c) for c in (columns.label, *also)], separator),
                                 cells, several)
            continue
        cell = cells.get(columns.label) if columns.label else None
        if isinstance(cell, dict):  # a nested label: which of its fields is for the user to say
            fields = ", ".join(f"{columns.label}.{name}" for name in list(cell)[:4])
            yield tables.RowError(row.row, f"{columns.label!r} is an object: name its field with --label-column ({fields})", key)
            continue
        if numbered and isinstance(cell, str) and not is_class_number(cell.strip()):
            yield tables.RowError(row.row, no_class_number(cell.strip()), key)
            continue
        if scored and isinstance(cell, str) and not is_decimal(cell.strip()):
            yield tables.RowError(row.row, f"label {cell.strip()[:40]!r} is no number, where the column's labels are scores "
                                           "(numbers kept as written)", key)
            continue
        if sentence:  # a sentence in a column of label words, in too few rows to be a class
            yield tables.RowError(row.row, sentence, key)
            continue
        names = list_labels(cell) if listed and isinstance(cell, str) else None
        if listed and names is None:
            yield tables.RowError(row.row, f"{str(cell)[:40]!r} is no list of labels, as the label column's other rows hold (['a', 'b'])", key)
            continue
        try:
            labels = split_labels(cell if names is None else list(names), separator)
        except InvalidInputError as error:
            yield tables.RowError(row.row, error.reason, key)
            continue
        # an explicit [] (or `[]` in a column of list literals) is a record with no labels
        if columns.label and not labels and cell != [] and names is None:
            yield tables.RowError(row.row, f"empty label for {key!r}", key)
            continue
        caption = cells.get(columns.caption) if columns.caption else None
        yield from _each_key(LabelRow(row.row, key, labels, caption if isinstance(caption, str) else "", bool(columns.label)),
                             cells, several)


def _voted_table(
    fileobj: BinaryIO, fmt: str, size_bytes: int | None, captions: bool, key_column: str, *, path: str = ""
) -> Iterator[LabelRow | tables.RowError]:
    """A table's rows, each labelled by the majority of its vote-count columns (`vote_majority`): FER+'s
    `fer2013new.csv`. A row of no majority, or of a cell that is no count, is its row's reject."""
    header, rows = table_scans.read_table(fileobj, fmt, size_bytes)
    key_name = label_file_columns(header.columns, captions=captions, key_column=key_column).key if header.columns else ""
    votes = vote_majority.vote_columns_of(header.columns, header.sample, key_name, path)
    for row in rows:
        if isinstance(row, tables.RowError):
            yield row
            continue
        value = row.cells.get(key_name)
        key = ("" if value is None else str(value)).replace("\ufeff", "").strip()
        if not key:
            yield tables.RowError(row.row, f"empty {key_name!r}")
            continue
        label = vote_majority.majority_label(row.cells, votes)
        if isinstance(label, tuple):
            yield tables.RowError(row.row, label[1], key)
        else:
            yield LabelRow(row.row, key, (label,), "", True)


def _several_labels(columns: Sequence[str], label_column: str) -> tuple[str, tuple[str, ...]]:
    """`--label-column` as its first label column and the further ones where it names several
    (`Type1,Type2`, each a column of `columns`: a row's labels the union of their given cells), else
    (`label_column`, ()): one column, read as before (a header name holding a comma included).

    Raises:
      InvalidInputError: a further name is no column of the table.
    """
    names = tuple(part.strip() for part in label_column.split(",") if part.strip())
    if len(names) < 2 or label_column in columns:
        return label_column, ()
    missing = [name for name in names if name not in columns]
    if missing or len(set(names)) != len(names):
        raise InvalidInputError(f"--label-column {label_column!r} names {', '.join(map(repr, missing)) or 'a column twice'}: "
                                f"name each label column of {list(columns)} once")
    return names[0], names[1:]


def _labels_of_columns(number: int, key: str, cells: Sequence[object], separator: str) -> LabelRow | tables.RowError:
    """A row's labels from several label columns: each given cell a label (or split by
    `separator`), once each in column order; none given is the row's reject."""
    try:
        labels = tuple(dict.fromkeys(label for cell in cells if isinstance(cell, str) and cell.strip()
                                     for label in split_labels(cell, separator)))
    except InvalidInputError as error:
        return tables.RowError(number, error.reason, key)
    return LabelRow(number, key, labels, "", True) if labels else tables.RowError(
        number, f"empty label for {key!r} (its {len(cells)} label columns empty)", key)


def _several_keys(columns: Sequence[str], key_column: str) -> tuple[str, ...]:
    """The key columns `key_column` names where it names several (`clinic,derm`, each a column of
    `columns`), else (): one key column, read as before."""
    names = tuple(part.strip() for part in key_column.split(",") if part.strip())
    return names if len(names) > 1 and all(name in columns for name in names) else ()


def _each_key(row: LabelRow, cells: dict[str, object], several: Sequence[str]) -> Iterator[LabelRow | tables.RowError]:
    """`row` as it is, or with several key columns one row per column's file, each with the row's
    labels (Derm7pt's `clinic` and `derm` photographs of one case); an empty cell is the row's error."""
    if not several:
        yield row
        return
    for name in several:
        value = cells.get(name)
        key = ("" if value is None else str(value)).strip()
        yield dataclasses.replace(row, key=key) if key else tables.RowError(row.row, f"empty {name!r}")


def _class_numbered(header: tables.TableHeader, label: str) -> bool:
    """The label column's sampled cells (CSV, TSV) are mostly class numbers (`0,1,2`): then a cell
    that is none (`nan`, `-1`, `2.5`) rejects its row, naming it, as a keyed table's does."""
    if not label or label not in header.columns:
        return False
    at = header.columns.index(label)
    return class_numbered([row[at].strip() for row in header.sample if at < len(row)])


def _scored(header: tables.TableHeader, label: str) -> bool:
    """Most of the label column's sampled cells (CSV, TSV) are scores kept as written (`whole_numbers.scores`;
    as `class_numbered` judges class numbers): then a cell that is none (`nan`, `?`, a word, in the sample or
    deep in the file past it) rejects its row, never a class 'nan' beside the scores."""
    if not label or label not in header.columns:
        return False
    at = header.columns.index(label)
    return scores([row[at].strip() for row in header.sample if at < len(row) and row[at].strip()])


def _label_worded(header: tables.TableHeader, label: str) -> bool:
    """The label column's sampled cells (CSV, TSV) are single label words (`label_sentences`)."""
    if not label or label not in header.columns:
        return False
    at = header.columns.index(label)
    return label_sentences.worded_column([row[at] for row in header.sample if at < len(row)])


def _list_literals(header: tables.TableHeader, label: str) -> bool:
    """The label column's sampled cells (CSV, TSV) are mostly list literals (`['Comedy', 'Drama']`):
    each cell is then its row's several labels, and a cell that is none rejects its row."""
    if not label or label not in header.columns:
        return False
    at = header.columns.index(label)
    return label_lists([str(row[at]).strip() for row in header.sample if at < len(row)])


# Nested JSON objects are followed this deep for dotted names (`label.name`); deeper is no label.
_MAX_FIELD_DEPTH = 8


def _with_dotted_fields(cells: dict[str, object]) -> dict[str, object]:
    """A JSON row's cells, each nested object's fields added under dotted names (`{"image": {"file":
    "a.jpg"}}` also gives `image.file`), so that `--label-column label.name` names a nested field.
    The object itself stays under its name: a label column naming it is still refused as no label.

    >>> _with_dotted_fields({"image": {"file": "a.jpg"}, "label": {"name": "cat"}})["label.name"]
    'cat'
    """
    if not any(isinstance(value, dict) for value in cells.values()):
        return cells
    found: dict[str, object] = {}

    def add(prefix: str, value: object, depth: int) -> None:
        found.setdefault(prefix, value)
        if isinstance(value, dict) and depth < _MAX_FIELD_DEPTH:
            for name, inner in value.items():
                add(f"{prefix}.{name}", inner, depth + 1)

    for name, value in cells.items():
        add(str(name), value, 0)
    return found


def _nested_key(cells: dict[str, object], key: str) -> str:
    """The key column, or where it holds an object (`"image": {"file": "a.jpg", "size": ...}`),
    its field of a usual key name (`image.file`), or its one string field."""
    value = cells.get(key)
    if not isinstance(value, dict):
        return key
    strings = [name for name, inner in value.items() if isinstance(inner, str)]
    chosen = choose_column(strings, "", KEY_COLUMN_NAMES, "key") or (strings[0] if len(strings) == 1 else "")
    return f"{key}.{chosen}" if chosen else key


# A `name label` line whose label holds this many numbers is a record of fields (mini-MIAS's
# `mdb001 G CIRC B 535 425 197`: x, y, radius), not a label holding spaces (`Cessna 172`, one).
_RECORD_NUMBERS = 2


def _lines(fileobj: BinaryIO, size_bytes: int | None) -> Iterator[LabelRow | tables.RowError]:
    """`name label` lines, or one label per line (the key is then the line's place among labels).

    The label of a `name label` line is the rest of the line after its first field, its words
    joined by one space: FGVC-Aircraft's `images_family_train.txt` (`1025794 Boeing 707`, read by
    torchvision's FGVCAircraft as `line.strip().split(" ", 1)`) had every line of a label holding
    a space rejected, or, read field by field, Boeing 707 and 727 merged into `Boeing`. A line whose
    rest holds two or more numbers is a record of fields, not a label: its RowError names
    `--label-column N`.

    >>> import io
    >>> rows = _lines(io.BytesIO(b"1025794 Boeing 707\\r\\n0034309 A300\\n7\\nm1 G CIRC B 535 425 197\\n"), None)
    >>> [(r.key, r.labels) if isinstance(r, LabelRow) else (r.row, r.reason[:28]) for r in rows]
    [('1025794', ('Boeing 707',)), ('0034309', ('A300',)), (3, '1 field where the file holds'), (4, '7 fields, 3 of them numbers:')]
    """
    pairs: bool | None = None
    labelled = 0
    for number, text in field_lines.text_lines(fileobj, size_bytes):
        if isinstance(text, tables.RowError):
            yield text
            continue
        fields = text.split()
        if not fields:
            continue
        if pairs is None:
            pairs = len(fields) >= 2
        if (len(fields) < 2) if pairs else (len(fields) != 1):
            shape = "`name label`" if pairs else "one label"
            yield tables.RowError(number, f"{len(fields)} field{'s' * (len(fields) != 1)} where the file holds {shape} per line")
            continue
        if pairs and sum(map(is_decimal, fields[1:])) >= _RECORD_NUMBERS:
            yield tables.RowError(
                number,
                f"{len(fields)} fields, {sum(map(is_decimal, fields[1:]))} of them numbers: a record's "
                "fields, not one label; --label-column N reads its field N as the label",
            )
            continue
        labelled += 1
        # (a label holding spaces is the rest of the line: FGVC-Aircraft's `1025794 Boeing 707`)
        key, label = (fields[0], " ".join(fields[1:])) if pairs else (f"#{labelled}", fields[0])
        try:
            yield LabelRow(number, key, split_labels(label, ""))
        except InvalidInputError as error:
            yield tables.RowError(number, error.reason, key if pairs else "")
