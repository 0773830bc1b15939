"""Reading the files a dataset ships about its inputs' splits and labels (see
`shardify.plan.evidence` for the shapes and how each is recognised).

Every row comes back as an `EvidenceRow` (the key that names a file, the split it gives, the labels
it gives) or a `tables.RowError` naming its line. Files are untrusted: lines are read to a bounded
length, a file's whole size is bounded, and anything not of the recognised shape is a row error,
never an exception.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from shardify.converters import json_line_cells, jsonl_objects, label_files, mat_structs, multi_hot_rows, tables
from shardify.converters.label_cells import split_labels
from shardify.converters.objects import hf_objects, voc_objects, yolo_objects
from shardify.errors import InvalidInputError
from shardify.inputs.files import size_of
from shardify.format.contract import ObjectSchema
from shardify.plan import evidence as evidence_lib, headerless_tables
from shardify.plan.entries import SourceObject, is_inside
from shardify.plan.evidence import Evidence
from shardify.plan.keyed_tables import is_class_number, no_class_number
from shardify.plan.composite_keys import key_of
from shardify.plan.tag_labels import list_labels
from shardify.plan.label_names import normalise_label

__all__ = [
    "EvidenceRow",
    "read_evidence",
    "read_id_paths",
    "text_lines",
    "first_lines",
    "voc_annotation",
    "yolo_annotation",
    "read_mat",
    "mat_variables",
    "MAX_EVIDENCE_BYTES",
    "MAX_XML_BYTES",
    "MAX_MAT_BYTES",
]

# A list or matrix file is read whole by one worker: CelebA's attribute matrix (26 MB) and Kaggle
# ImageNet's LOC_train_solution.csv (~100 MB) are the largest seen; more is not such a file.
MAX_EVIDENCE_BYTES = 1 << 30
# A longer line is not one of a list's lines.
_MAX_LINE_BYTES = 1 << 20
# A Pascal VOC annotation is a few kilobytes; a larger file is not one.
MAX_XML_BYTES = 1 << 20
# A dataset's split or label arrays in a .mat file: Stanford Dogs' file_list.mat is 1 MB.
MAX_MAT_BYTES = 64 << 20


@dataclass(frozen=True)
class EvidenceRow:
    """One row of an evidence file.

    Attributes:
      row: its line (counted from 1), or its place in a COCO file's "images".
      key: how it names a file, as written.
      split: the split it gives, or "".
      labels: the labels it gives, or None where it gives none.
      objects: the objects of the image it names, or None where it gives none.
      source_id: the dataset's own id of the image it names (COCO's), or "".
      error: why the image's own annotation file (a VOC .xml, a YOLO .txt) is unusable: the image
        is rejected with it, rather than written without its objects.
      mask: a segmentation dataset's mask of the image: (its path relative to SRC, its size).
    """

    row: int
    key: str
    split: str = ""
    labels: tuple[str, ...] | None = None
    objects: tuple[SourceObject, ...] | None = None
    source_id: str = ""
    error: str = ""
    mask: tuple[str, int] | None = None


# The start of a line too long to read kept with its RowError: room for any key before the long cell.
_HEAD_BYTES = 4096


def text_lines(fileobj: BinaryIO) -> Iterator[tuple[int, str] | tables.RowError]:
    """(line number, text) of each line, a RowError for one too long or not UTF-8 text."""
    number = 0
    while True:
        line = fileobj.readline(_MAX_LINE_BYTES + 1)
        if not line:
            return
        number += 1
        if len(line) > _MAX_LINE_BYTES:
            head = line[:_HEAD_BYTES].decode("utf-8", "replace")
            yield tables.RowError(number, f"line longer than {_MAX_LINE_BYTES:,} bytes", head=head)
            while line and not line.endswith(b"\n"):
                line = fileobj.readline(_MAX_LINE_BYTES)
            continue
        try:
            yield number, line.decode("utf-8-sig" if number == 1 else "utf-8").rstrip("\r\n")
        except UnicodeDecodeError as error:  # its start may still name its input (an .odgt line's ID)
            yield tables.RowError(number, f"not valid UTF-8 ({error.reason})", head=line[:_HEAD_BYTES].decode("utf-8", "replace"))


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
        yield from _mat_rows(read_mat(fileobj), found)
        return
    if found.kind == evidence_lib.COCO_SPLIT:
        rows = label_files.read_label_rows(fileobj, found.path, captions=False, size_bytes=size_bytes, objects=objects)
        for row in rows:
            if isinstance(row, tables.RowError):
                yield row
            else:  # an image entry without categories (a test split's) is unlabelled
                labels = row.labels if row.has_labels else None
                yield EvidenceRow(row.row, row.key, found.split, labels, row.objects, row.source_id)
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
    yield from reader(lines, found, id_paths or {})


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
        fields = _table_cells(text, found) if found.header else _fields(text)
        if not fields or text.lstrip().startswith("#") or (found.header and number == 1):
            continue
        if found.column >= len(fields):
            yield tables.RowError(number, f"{len(fields)} fields: the file's name is in field {found.column + 1} of its rows")
            continue
        if found.label_column is None:
            yield EvidenceRow(number, fields[found.column], found.split)
            continue
        # A row naming its input but no usable label rejects that input, naming the row: read as
        # a row's reject alone, the input fell into no split without a word (a split list that labels).
        try:
            if found.label_column >= len(fields):
                raise InvalidInputError(f"{len(fields)} fields: no label after the name")
            label = normalise_label(_label_field(fields, found, shape))
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
    header = found.header or found.path.lower().endswith(".csv")
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
            yield tables.RowError(number, "a name without a label")
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
    needed = max(found.column, label_column) + 1
    for item in lines:
        if isinstance(item, tables.RowError):
            yield item
            continue
        number, text = item
        if not text.strip():
            continue
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
        if not key or not value:
            yield tables.RowError(number, "an empty key" if not key else "a name without a label")
            continue
        if found.label_numbers and not is_class_number(value):
            yield tables.RowError(number, no_class_number(value))
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


def first_lines(data: bytes, count: int) -> list[str]:
    """The first `count` lines of a file's first bytes, as text (undecodable bytes replaced): what
    `recognise` looks at. A byte-order mark is no content (ICDAR's `gt_img_1.txt` start with one)."""
    text = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8-sig", errors="replace", newline=None)
    return [line.rstrip("\n") for _, line in zip(range(count), text)]


def voc_annotation(data: bytes) -> tuple[SourceObject, ...]:
    """The objects of a Pascal VOC annotation (`<annotation><object>`: name, box, flags).

    Raises:
      InvalidInputError: not such a file (too large, not XML, no <annotation> root).
    """
    import xml.etree.ElementTree as ElementTree  # noqa: N813 - its own name; expat refuses entity bombs

    if len(data) > MAX_XML_BYTES:
        raise InvalidInputError(f"larger than {MAX_XML_BYTES >> 20} MiB: not a VOC annotation")
    if b"<!ENTITY" in data:
        raise InvalidInputError("declares XML entities: not a VOC annotation")
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        raise InvalidInputError(f"not well-formed XML: {error}") from None
    if root.tag != "annotation":
        raise InvalidInputError(f"root element <{root.tag}>, not <annotation>")
    return voc_objects(root)


def read_mat(fileobj: BinaryIO) -> dict[str, Any]:
    """A MATLAB (v5) file's variables, by scipy, which is imported only here.

    Raises:
      InvalidInputError: too large, not a .mat file scipy reads (v7.3 files are HDF5), or no scipy.
    """
    size = size_of(fileobj)
    if size is not None and size > MAX_MAT_BYTES:  # refused unread
        raise InvalidInputError(f"larger than {MAX_MAT_BYTES >> 20} MiB: not a list of this dataset's")
    data = fileobj.read(MAX_MAT_BYTES + 1)
    if len(data) > MAX_MAT_BYTES:
        raise InvalidInputError(f"larger than {MAX_MAT_BYTES >> 20} MiB: not a list of this dataset's")
    try:
        from scipy.io import loadmat
    except ImportError as error:
        raise InvalidInputError(f".mat files need scipy, which is not installed ({error}): pip install scipy") from None
    try:
        return {k: v for k, v in loadmat(io.BytesIO(data)).items() if not k.startswith("__")}
    except Exception as error:  # noqa: BLE001 - scipy fails on a damaged file in many ways
        raise InvalidInputError(f"not a MATLAB file scipy reads: {type(error).__name__}: {error}") from None


def _strings(value: Any) -> list[str] | None:
    """The strings of a cell array (N x 1 or 1 x N of char arrays), or None."""
    import numpy as np

    array = np.asarray(value)
    if array.dtype != object:
        return None
    found = []
    for cell in array.reshape(-1):
        text = np.asarray(cell).reshape(-1)
        if text.size != 1 or not isinstance(text[0], str):
            return None
        found.append(str(text[0]))
    return found


def _numbers(value: Any) -> list[int] | None:
    """The whole numbers of a numeric vector, or None."""
    import numpy as np

    array = np.asarray(value)
    if array.dtype.kind not in "iuf" or 1 not in array.shape[:2] and array.ndim > 1:
        return None
    flat = array.reshape(-1)
    if not np.all(np.isfinite(flat)) or not np.all(flat == np.round(flat)) or (flat.size and flat.min() < 0):
        return None
    return [int(v) for v in flat]


def mat_variables(variables: dict[str, Any]) -> dict[str, tuple[str, tuple[int, ...]]]:
    """{name: ("numbers" | "strings" | "other", shape)}: what `recognise.mat_evidence` reads."""
    import numpy as np

    described = {}
    for name, value in variables.items():
        kind = "strings" if _strings(value) is not None else "numbers" if _numbers(value) is not None else "other"
        described[name] = (kind, tuple(np.asarray(value).shape))
    return described


def _mat_rows(variables: dict[str, Any], found: Evidence) -> Iterator[EvidenceRow | tables.RowError]:
    if found.kind == evidence_lib.MAT_OBJECTS:  # a struct array of per-image boxes and classes
        for row in mat_structs.struct_rows(variables, found.variable, found.names):
            if not row.file:
                yield tables.RowError(row.row, row.error)
            else:
                key = found.prefix + row.file
                error = f"{found.path}: {row.error}" if row.error else ""
                yield EvidenceRow(row.row, key, row.split or found.split, row.labels, row.objects, error=error)
        return
    if found.kind == evidence_lib.MAT_SPLITS:
        for variable, split in found.codes:
            numbers = _numbers(variables.get(variable))
            if numbers is None:
                yield tables.RowError(0, f"no array of image numbers named {variable!r}")
                continue
            for index, number in enumerate(numbers, start=1):
                yield EvidenceRow(index, str(number), split)
    elif found.kind == evidence_lib.MAT_LABELS:
        labels = _numbers(variables.get(found.variable))
        if labels is None:
            yield tables.RowError(0, f"no array of labels named {found.variable!r}")
            return
        for index, label in enumerate(labels, start=1):
            yield EvidenceRow(index, str(index), labels=(str(label),))
    else:  # a split list kept as a cell of paths
        paths = _strings(variables.get(found.variable))
        if paths is None:
            yield tables.RowError(0, f"no cell of paths named {found.variable!r}")
            return
        for index, path in enumerate(paths, start=1):
            yield EvidenceRow(index, path, found.split)


def yolo_annotation(data: bytes, names: tuple[str, ...]) -> tuple[SourceObject, ...]:
    """The objects of a YOLO label file (see `objects.yolo_objects`).

    Raises:
      InvalidInputError: too large, not UTF-8 text, or a line of another shape.
    """
    if len(data) > MAX_XML_BYTES:
        raise InvalidInputError(f"larger than {MAX_XML_BYTES >> 20} MiB: not a YOLO label file")
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark (Windows tools write one) is no field
    except UnicodeDecodeError as error:
        raise InvalidInputError(f"not UTF-8 text ({error.reason})") from None
    return yolo_objects(text, names)
