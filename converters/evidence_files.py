"""Reading the files a dataset ships about its inputs' splits and labels (see
`shardify.plan.evidence` for the shapes and how each is recognised).

Every row comes back as an `EvidenceRow` (the key that names a file, the split it gives, the labels
it gives) or a `tables.RowError` naming its line. Files are untrusted: lines are read to a bounded
length, a file's whole size is bounded, and anything not of the recognised shape is a row error,
never an exception.

This module reads the text lists and tables; the row type and line reader (`evidence_rows.py`), the
.mat files (`mat_evidence_files.py`) and one image's VOC or YOLO file (`image_annotations.py`) live
below it, re-exported here where callers read them.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import BinaryIO

from shardify.converters import cr_lines, json_line_cells, split_sources, jsonl_objects, label_files, multi_hot_rows, tables
from shardify.converters.evidence_rows import EvidenceRow, filled_lines, first_lines, prefixed, text_lines  # re-exported
from shardify.converters.image_annotations import MAX_XML_BYTES, voc_annotation, yolo_annotation  # re-exported
from shardify.converters.label_cells import split_labels
from shardify.converters.mat_evidence_files import MAX_MAT_BYTES, mat_rows, mat_variables, read_mat  # re-exported
from shardify.converters.objects import hf_objects
from shardify.errors import InvalidInputError
from shardify.format.contract import ObjectSchema
from shardify.inputs.whole_numbers import is_decimal
from shardify.plan import evidence as evidence_lib
from shardify.plan import headerless_tables, list_row_fields
from shardify.plan.composite_keys import key_of
from shardify.plan.entries import is_inside
from shardify.plan.evidence import Evidence
from shardify.plan.keyed_tables import is_class_number, no_class_number
from shardify.plan.label_names import normalise_label
from shardify.plan.tag_labels import list_labels

__all__ = [
    "MAX_EVIDENCE_BYTES",
    "MAX_MAT_BYTES",
    "MAX_XML_BYTES",
    "EvidenceRow",
    "first_lines",
    "mat_variables",
    "read_evidence",
    "read_id_paths",
    "read_mat",
    "text_lines",
    "voc_annotation",
    "yolo_annotation",
]

# A list or matrix file is read whole by one worker: CelebA's attribute matrix (26 MB) and Kaggle
# ImageNet's LOC_train_solution.csv (~100 MB) are the largest seen; more is not such a file.
MAX_EVIDENCE_BYTES = 1 << 30


def _fields(text: str) -> list[str]:
    return text.replace(",", " ").replace(";", " ").split()


def read_id_paths(fileobj: BinaryIO) -> dict[str, str]:
    """{id: path} from `id path` lines (CUB's images.txt).

    Raises:
      InvalidInputError: a line of another shape.
    """
    paths = {}
    for item in text_lines(fileobj):
        if isinstance(item, tables.RowError):
            raise InvalidInputError(f"line {item.row}: {item.reason}")
        number, text = item
        fields = text.split()
        if not fields:
            continue
        if len(fields) != 2:
            raise InvalidInputError(f"line {number} is not `id path`")
        paths[fields[0]] = fields[1]
    return paths


# Kinds whose `Evidence.prefix` is put before each row's key here (a keyed multi-hot table puts its own).
_PREFIXED = (evidence_lib.SPLIT_LIST, evidence_lib.LABEL_LINES)


def read_evidence(
    fileobj: BinaryIO,
    found: Evidence,
    *,
    id_paths: dict[str, str] | None = None,
    size_bytes: int | None = None,
    objects: ObjectSchema | None = None,
) -> Iterator[EvidenceRow | tables.RowError]:
    """Every row of the evidence file `found`, open as `fileobj`.

    Args:
      id_paths: SPLIT_CODES keyed by ids: `read_id_paths` of `found.ids`.
      objects: COCO files: the object features to read, or None.

    Raises:
      InvalidInputError: the file as a whole cannot be read (too large, not JSON).
    """
    if size_bytes is not None and size_bytes > MAX_EVIDENCE_BYTES:
        raise InvalidInputError(f"larger than {MAX_EVIDENCE_BYTES >> 20} MiB: not a list of this dataset's")
    if found.path.lower().endswith(".mat"):
        yield from mat_rows(read_mat(fileobj), found)
        return
    if found.kind == evidence_lib.SPLIT_CODES and (found.path.lower().endswith((".json", ".yaml", ".yml")) or found.variable):  # {split: [names]}, a split column
        yield from split_sources.split_rows(fileobj, found)
        return
    fileobj = cr_lines.as_lines(fileobj)  # (lines ended by CR alone: a line each)
    if found.kind == evidence_lib.COCO_SPLIT:
        # (its captions too: a per-split file of COCO captions, VizWiz-Captions' annotations/train.json, gives the
        # records their text as captions_train2017.json does; read without them, every image was written textless)
        rows = label_files.read_label_rows(fileobj, found.path, captions=True, size_bytes=size_bytes, objects=objects)
        for row in rows:
            if isinstance(row, tables.RowError):
                yield row
            else:  # an image entry without categories (a test split's) is unlabelled
                labels = row.labels if row.has_labels else None
                yield EvidenceRow(row.row, row.key, found.split, labels, row.objects, row.source_id, caption=row.caption)
        return
    if found.kind == evidence_lib.HF_METADATA:
        yield from _hf_metadata(text_lines(fileobj), found)
        return
    reader = {
        evidence_lib.SPLIT_LIST: _split_list,
        evidence_lib.SPLIT_CODES: _split_codes,
        evidence_lib.ATTRIBUTES: _attributes,
        evidence_lib.LABEL_LINES: _label_lines,
        evidence_lib.CONCEPT_LIST: _concept_list,
    }[found.kind]
    lines = text_lines(fileobj)
    if json_line_cells.is_json_lines(found.path) and found.kind in (evidence_lib.SPLIT_LIST, evidence_lib.LABEL_LINES):
        lines = json_line_cells.csv_view(lines)  # read as the CSV its rows make, as detection read it
    yield from prefixed(reader(lines, found, id_paths or {}), found.prefix if found.kind in _PREFIXED and not found.classes else "")


def _hf_metadata(lines: Iterator, found: Evidence) -> Iterator[EvidenceRow | tables.RowError]:
    """A Hugging Face `imagefolder` metadata.jsonl: one JSON object a line, its `file_name`
    relative to the metadata file's folder, its `objects` the image's boxes and categories. A line
    that cannot be read (`jsonl_objects`) rejects the image its start names, never left to be
    written without its objects."""
    folder = found.path.rpartition("/")[0]
    for item in jsonl_objects.json_objects(lines, "file_name"):
        if isinstance(item, tables.RowError):
            if item.key.strip() and is_inside(item.key.strip().replace("\\", "/")):
                key = f"{folder}/{item.key.strip()}".lstrip("/")
                yield EvidenceRow(item.row, key, error=f"its row {item.row} in {found.path} is unusable: {item.reason}")
            else:
                yield item
            continue
        number, row = item
        name = row.get("file_name")
        if not isinstance(name, str) or not name.strip():
            yield tables.RowError(number, "no file_name")
            continue
        if not is_inside(name.strip().replace("\\", "/")):
            why = f"its file_name {name.strip()[:200]!r} leads outside {found.path}'s folder: it names no image"
            yield tables.RowError(number, why)
            continue
        key = f"{folder}/{name.strip()}".lstrip("/")
        try:
            objects = hf_objects(row.get("objects", {}))
        except InvalidInputError as error:  # the image is rejected with it, never written without its objects
            yield EvidenceRow(number, key, error=f"its objects in {found.path} row {number} are unusable: {error.reason}")
            continue
        yield EvidenceRow(number, key, labels=tuple(sorted({obj.label for obj in objects})), objects=objects)


def _no_score(value: str) -> str:
    return f"label {value[:40]!r} is no number, where the column's labels are scores (numbers kept as written)"


def _label_field(fields: list[str], found: Evidence, shape: list[int]) -> str:
    """The label of a row (the field at `label_column`, or with `label_rest` the rest of the line),
    or raises InvalidInputError where the row's length differs from the first row's (`shape`
    holds it once seen): its label may hold a space, and one field of it would be a wrong label."""
    if found.label_rest:
        return " ".join(fields[found.label_column :])
    if not shape:
        shape.append(len(fields))
    elif len(fields) != shape[0]:
        raise InvalidInputError(
            f"{len(fields)} fields where the file's first row has {shape[0]}: a label holding a space? "
            "(a layout file's evidence `label_rest: true` reads the rest of the line as the label)"
        )
    return fields[found.label_column]


def _table_cells(text: str, found: Evidence) -> list[str]:
    """A headed CSV or TSV split list's row as its cells (a held-out `test.csv` keyed by a column
    after free text: split on spaces, PetFinder's descriptions shifted the key column), else its
    fields split on spaces, commas and semicolons as lists are."""
    if not found.path.lower().endswith((".csv", ".tsv", ".jsonl")):
        return _fields(text)
    delimiter = "\t" if found.path.lower().endswith(".tsv") else ","
    try:
        cells = [cell.strip() for cell in next(csv.reader([text], delimiter=delimiter))]
    except (csv.Error, StopIteration):
        return _fields(text)
    return cells if any(cells) else []


def _split_list(lines: Iterator, found: Evidence, id_paths: dict[str, str]) -> Iterator[EvidenceRow | tables.RowError]:
    shape: list[int] = []  # the first row's number of fields, once read
    for item in lines:
        if isinstance(item, tables.RowError):
            yield item
            continue
        number, text = item
        fields = _table_cells(text, found) if found.header else list_row_fields.list_fields(text, found.path)
        if not fields or text.lstrip().startswith("#") or (found.header and number == 1):
            continue
        if found.column >= len(fields):
            yield tables.RowError(number, f"{len(fields)} fields: the file's name is in field {found.column + 1} of its rows")
            continue
        if found.key.folder:  # a folder named with its trailing '/' (MURA's `.../study1_positive/,1`) names that folder
            fields[found.column] = fields[found.column].rstrip("/") or fields[found.column]
        if found.label_column is None:
            yield EvidenceRow(number, fields[found.column], found.split)
            continue
        # A row naming its input but no usable label rejects that input, naming the row: read as
        # a row's reject alone, the input fell into no split without a word (a split list that labels).
        try:
            if found.label_column >= len(fields):
                raise InvalidInputError(f"{len(fields)} fields: no label after the name")
            label = normalise_label(_label_field(fields, found, shape))
            if found.label_numbers and not is_class_number(label):  # (`-3`, `2.5`, `cat` among class numbers)
                raise InvalidInputError(no_class_number(label))
            if found.label_scores and not is_decimal(label):  # (`nan`, `?` among scores)
                raise InvalidInputError(_no_score(label))
        except InvalidInputError as error:
            yield EvidenceRow(number, fields[found.column], found.split, error=f"row {number} of {found.path}: {error.reason}")
            continue
        yield EvidenceRow(number, fields[found.column], found.split, labels=(label,))


def _split_codes(lines: Iterator, found: Evidence, id_paths: dict[str, str]) -> Iterator[EvidenceRow | tables.RowError]:
    codes = dict(found.codes)
    for item in lines:
        if isinstance(item, tables.RowError):
            yield item
            continue
        number, text = item
        fields = _fields(text)
        if not fields:
            continue
        if len(fields) != 2 or fields[1] not in codes:
            yield tables.RowError(number, f"not `name code` with a code of {', '.join(codes)}")
            continue
        key = fields[0]
        if found.ids:
            if key not in id_paths:
                yield tables.RowError(number, f"id {key} is not in {found.ids}")
                continue
            key = id_paths[key]
        yield EvidenceRow(number, key, codes[fields[1]])


def _attributes(lines: Iterator, found: Evidence, id_paths: dict[str, str]) -> Iterator[EvidenceRow | tables.RowError]:
    names: list[str] = []
    for item in lines:
        if isinstance(item, tables.RowError):
            yield item
            continue
        number, text = item
        fields = text.split()
        if number == 1 or not fields:
            continue  # the count line
        if number == 2:
            try:
                names = [normalise_label(name) for name in fields]
            except InvalidInputError as error:
                yield tables.RowError(number, error.reason)
                return
            continue
        values = fields[1:]
        if len(values) != len(names) or not set(values) <= {"1", "-1", "0"}:
            yield tables.RowError(number, f"not a name and {len(names)} values of 1 or -1")
            continue
        yield EvidenceRow(number, fields[0], labels=tuple(name for name, value in zip(names, values) if value == "1"))


def _label_lines(lines: Iterator, found: Evidence, id_paths: dict[str, str]) -> Iterator[EvidenceRow | tables.RowError]:
    if (found.header or found.cells) and found.path.lower().endswith((".csv", ".tsv", ".jsonl")):
        yield from _keyed_rows(headerless_tables.headed(lines, found), found)
        return
    # (a list keyed by folder is recognised by its rows, the first among them: MURA's headerless
    # `<study folder>/,1` lines, whose first row had been skipped as a header, its study written unlabelled)
    header = found.header or (found.path.lower().endswith(".csv") and not found.key.folder)
    label_column = found.column + 1 if found.label_column is None else found.label_column
    for item in lines:
        if isinstance(item, tables.RowError):
            yield item
            continue
        number, text = item
        if header and number == 1:
            continue
        fields = _fields(text)
        if not fields or text.lstrip().startswith("#"):
            continue
        if len(fields) <= max(found.column, label_column):
            # (the inputs it names are rejected with it, never written unlabelled as if no row named them)
            yield EvidenceRow(number, fields[found.column], error="a name without a label") if len(fields) > found.column \
                else tables.RowError(number, "a name without a label")
            continue
        # Rows differ in length here by design (Kaggle's LOC_val_solution.csv: a box each), so
        # only `label_rest` reads a label holding spaces.
        value = " ".join(fields[label_column:]) if found.label_rest else fields[label_column]
        if found.label_digits and value.isdigit():
            value = value.zfill(found.label_digits)
        try:
            label = normalise_label(value)
        except InvalidInputError as error:
            yield tables.RowError(number, error.reason)
            continue
        yield EvidenceRow(number, fields[found.column], labels=(label,))


def _keyed_rows(lines: Iterator, found: Evidence) -> Iterator[EvidenceRow | tables.RowError]:
    """A keyed table's rows (`keyed_tables`: a header, the key and label columns found by content),
    split as CSV or TSV cells: a label may hold spaces and quoted commas, and a row of another width
    than the header's, or with an empty key or label, is its own reject (split on whitespace, an
    empty cell vanished and the next column's value was read as the label)."""
    delimiter = "\t" if found.path.lower().endswith(".tsv") else ""
    width = 0
    label_column = found.column + 1 if found.label_column is None else found.label_column
    needed = max(found.column, label_column, *found.label_also) + 1
    for item in filled_lines(lines):  # (`lines` goes on beneath it: the multi-hot rows read the rest)
        if isinstance(item, tables.RowError):
            yield item
            continue
        number, text = item
        if not delimiter:  # GTSRB's CSVs are `;`-separated: the header's most frequent of `,;` decides
            delimiter = max(",;", key=text.count)
        try:
            cells = [cell.strip() for cell in next(csv.reader([text], delimiter=delimiter))]
        except (csv.Error, StopIteration) as error:
            yield tables.RowError(number, f"unreadable row: {error}")
            continue
        if not width:
            width = len(cells)  # the header row
            if found.classes:  # a multi-hot table per split (`split_multi_hot`): its class columns by name
                for row in multi_hot_rows.rows(lines, found, cells, delimiter):
                    is_error = isinstance(row, tables.RowError)
                    yield row if is_error else EvidenceRow(row[0], row[1], split=found.split, labels=row[2])
                return
            if width < needed:
                yield tables.RowError(number, f"the header has {width} fields, and the key or label is field {needed}")
                return
            continue
        if len(cells) != width:
            yield tables.RowError(number, f"{len(cells)} fields where the header has {width}")
            continue
        key, value = cells[found.column], cells[label_column]
        if found.key_template:  # a key built from several columns (`input_{0}_{1}_{2}`)
            key = key_of(found.key_template, cells)
        if found.label_also and key:  # several label columns (`Type1,Type2`): the given cells are the labels
            yield _labels_of_columns(number, key, [cells[c] for c in (label_column, *found.label_also)], found)
            continue
        if not key or not value:
            yield tables.RowError(number, "an empty key" if not key else "a name without a label")
            continue
        # a row naming its input with a label that is none rejects that input, naming the row: as the table's
        # row alone, the input was written unlabelled beside the labelled ones
        if found.label_numbers and not is_class_number(value):
            yield EvidenceRow(number, key, found.split, error=f"row {number} of {found.path}: {no_class_number(value)}")
            continue
        if found.label_scores and not is_decimal(value):
            yield EvidenceRow(number, key, found.split, error=f"row {number} of {found.path}: {_no_score(value)}")
            continue
        listed = list_labels(value) if found.label_lists else None
        if found.label_lists and listed is None:
            yield tables.RowError(number, f"{value[:40]!r} is no list of labels, as the label column's other rows hold (['a', 'b'])")
            continue
        try:
            if listed is not None:
                labels = tuple(dict.fromkeys(normalise_label(name) for name in listed))
            else:
                labels = split_labels(value, found.label_separator) if found.label_separator else (normalise_label(value),)
        except InvalidInputError as error:
            yield tables.RowError(number, error.reason)
            continue
        yield EvidenceRow(number, key, split=found.split, labels=labels)


def _labels_of_columns(number: int, key: str, values: list[str], found: Evidence) -> EvidenceRow | tables.RowError:
    """A keyed row's labels from several label columns (`Evidence.label_also`): the cells given,
    each one label (or split by `--label-separator`), once each in column order; a row of none
    given is its reject (no label, as an empty label cell is)."""
    try:
        labels = tuple(dict.fromkeys(
            label for value in values if value
            for label in (split_labels(value, found.label_separator) if found.label_separator else (normalise_label(value),))))
    except InvalidInputError as error:
        return tables.RowError(number, error.reason)
    return EvidenceRow(number, key, split=found.split, labels=labels) if labels else tables.RowError(
        number, f"a name without a label (its {len(values)} label columns empty)")


def _concept_list(lines: Iterator, found: Evidence, id_paths: dict[str, str]) -> Iterator[EvidenceRow | tables.RowError]:
    """A concept's list: each line names one input that shows it (MIRFLICKR-25k's image numbers)."""
    for item in lines:
        if isinstance(item, tables.RowError):
            yield item
            continue
        number, text = item
        fields = text.split()
        if not fields or text.lstrip().startswith("#"):
            continue
        if len(fields) != 1:
            yield tables.RowError(number, f"{len(fields)} fields: a concept list names one input a line")
            continue
        yield EvidenceRow(number, fields[0], labels=found.names)
