"""A label table whose key column is found by its content, not its place or its name.

Metadata tables beside a folder of images name each image in some column, not always the first:
HAM10000's `HAM10000_metadata.csv` is `lesion_id,image_id,dx,dx_type,age,sex,localization`, its
images `HAM10000_images_part_<n>/<image_id>.jpg`; the first column (`lesion_id`) names a lesion,
shared by several images. Reading the first column as the key named no image and stopped; reading
it by a column name (`image_id`) would know one dataset. The key column is the one whose values
name the inputs (their stems, names or relative paths, as `evidence.key_rule` judges a list's
keys), each in one row (a table naming an image in several rows, a box a row, is no label table);
where two columns do, which one is for the user to say (`--key-column`).

The label column is named as labels are named (`columns.LABEL_COLUMN_NAMES`, which detection
hands in as `label_named`, then LABEL_HEADER_NAMES here: the abbreviations clinical and survey tables use); `--label-column`
names another. A table of two columns, the key and whole numbers of a few repeated values
(EyePACS' `image,level`), is labelled by its numbers. A table with no such column and several
columns that could be labels stops naming them: a guess there could be wrong.

Nothing here reads a file: detection (beam_jobs/discover/label_tables.py) hands in the first lines.
"""

from __future__ import annotations

import csv
import posixpath
import re
from collections.abc import Callable, Sequence

from shardify.errors import UsageError
from shardify.format import image_formats
from shardify.inputs.whole_numbers import is_decimal, scores, whole_number
from shardify.plan import (
    headerless_tables,
    keyed_multi_hot,
    label_candidates,
    label_words,
    literal_boxes,
    sparse_columns,
    split_cells,
)
from shardify.plan.composite_keys import composite_key
from shardify.plan.evidence import LABEL_LINES, Evidence, KeyRule, example_file, key_rule
from shardify.plan.structure import split_word
from shardify.plan.tag_labels import label_lists, separated_lists, tag_lists

__all__ = [
    "LABEL_HEADER_NAMES",
    "MAX_CLASS_NUMBER",
    "class_numbered",
    "is_class_number",
    "no_class_number",
    "recognise_keyed_table",
]

# Header names that mean the label besides `columns.LABEL_COLUMN_NAMES`, compared lower-cased:
# `dx` (diagnosis, HAM10000's and ISIC's metadata), `diagnosis`, `finding`.
# The vocabulary's METADATA words (`label_words`).
LABEL_HEADER_NAMES = label_words.words(label_words.METADATA)
# Share of the rows read that must fit for the table to be read (the rest are their rows'
# rejects), and how many repeated keys it may show.
_MOST = 0.8
_FEW_REPEATS = 2
# A table of more columns than this describes its inputs (a metadata table): empty cells among them
# are unknown values, not a sign the file is no table.
_FEW_COLUMNS = 4
# Columns of 0/1 beside the one column of words that make it no sure label: a class a column (a flag or two
# beside a class is a description; RANZCR's eleven line classes are not).
_FLAG_COLUMNS = 3
# Table files read this way.
_EXTENSIONS = (".csv", ".tsv", ".jsonl")  # a .jsonl's lines: its CSV view (`converters/json_line_cells`)
# A header cell: a name, not a value (`image_id`, `Finding Labels`; pandas' `Unnamed: 29`, an export's
# `antagonize:confidence`: a colon had made the COVID-19 image collection's metadata.csv no table).
_NAME = re.compile(r"[A-Za-z][\w .()/:-]*")


def _cells(lines: Sequence[str], delimiter: str) -> list[list[str]]:
    rows = csv.reader([line for line in lines if line.strip()], delimiter=delimiter)
    return [[cell.strip() for cell in row] for row in rows]


def recognise_keyed_table(
    path: str,
    lines: Sequence[str],
    names_inputs: Callable[[Sequence[str]], bool],
    *,
    key_column: str = "",
    label_column: str = "",
    label_named: Callable[[Sequence[str]], str] = lambda header: "",
    label_separator: str = "",
    input_stems: Sequence[str] = (),
    keep_columns: Sequence[str] = (),
    multi_hot: bool = False,
    splits_given: bool = False,
) -> Evidence | None:
    """A table under a header of names whose key column names the inputs, read as label lines
    (`LABEL_LINES` keyed by that column, labelled by the label column); None where no column
    names them, no column but numbers could be the label, the cells cannot be split as the evidence reader splits them (a cell holding a
    space or a quoted comma), or the file is no table.

    Args:
      path: the table, relative to SRC.
      lines: its first lines, the header first.
      names_inputs: whether a column's values name the source's inputs.
      key_column, label_column: `--key-column`, `--label-column`: a header name or a number from 1.
      label_named: the header's column named as labels are (`columns.choose_column` over
        `columns.LABEL_COLUMN_NAMES`), or "".
      label_separator: `--label-separator`: splits the label cells (or `none`: a cell is one label).
      input_stems: the sampled inputs' stems: where no one column names them, several may
        (`shardify.plan.composite_keys`).
      keep_columns: `--keep-columns`: features the user keeps, never the label (RANZCR CLiP's
        `PatientID` beside its 0/1 line classes: kept, the 0/1 columns are the labels, read by the
        `multi_hot` then reads them).
      splits_given: split folders give the inputs' splits (a column of split names then repeats them).
      multi_hot: the user named the table (`--labels`): with no label column, its 0/1 columns are
        read as the classes where every other column is the key or kept and most cells 0/1; found,
        only where every cell is 0/1 and every row holds a 1 (`keyed_multi_hot`).

    Raises:
      UsageError: two columns name the inputs; no column is named as the label and several could
        be; a named column is not one of the table's.

    >>> lines = ["lesion_id,image_id,dx,age", "HAM_1,ISIC_1,nv,40.0", "HAM_1,ISIC_2,mel,45.0"]
    >>> found = recognise_keyed_table("meta.csv", lines, lambda keys: keys[0].startswith("ISIC"))
    >>> found.column, found.label_column, found.header
    (1, 2, True)
    """
    ext = posixpath.splitext(path)[1]
    if ext.lower() not in _EXTENSIONS or example_file(path):
        return None
    rows = _cells(lines, "\t" if ext.lower() == ".tsv" else ",")
    if rows and headerless_tables.first_row_is_data(rows[0], names_inputs):  # `a.jpg<TAB>cat`: no header
        return headerless_tables.recognise(path, rows, names_inputs, label_column=label_column)
    if len(rows) < 2 or len(rows[0]) < 2 or not all(_NAME.fullmatch(cell) for cell in rows[0]):
        return None
    header, rows_read = rows[0], rows[1:]
    # Judged on the rows of the header's width with no empty cell; a few others (`_MOST` of the
    # rows read must fit) are their rows' rejects when the table is read (`evidence_files`).
    data = [row for row in rows_read if len(row) == len(header) and all(row)]
    if (not data or len(data) < _MOST * len(rows_read)) and (
            len(header) > _FEW_COLUMNS or sparse_columns.optional_column(header, rows_read) is not None):
        # a metadata table whose descriptive columns are empty in some rows (PAD-UFES-20's clinical
        # columns, unknown for some patients): judged on its rows of the header's width; a key column
        # holds no empty cell (it would repeat), a label column's empty cell is its row's reject
        data = [row for row in rows_read if len(row) == len(header)]
    if not data or len(data) < _MOST * len(rows_read):
        return None
    key = _key_column(path, header, data, names_inputs, key_column)
    if key is None:
        return None if key_column or not input_stems else _composite(path, header, data, input_stems, label_column, label_named)
    label_column, also = _several_labels(header, label_column, path)
    label = _label_column(path, header, data, key, label_column, label_named, keep_columns)
    split_cells.check_split_cells(path, header, data, key, label, bool(label_column), splits_given)  # KonIQ-10k's `set` column
    if label is not None and label in also:
        raise UsageError(f"{path}: --label-column names its column {header[label]!r} twice: name each label column once")
    classes = keyed_multi_hot.class_columns(header, data, key, keep_columns, strict=not multi_hot) if label is None else ()
    if classes:
        kept = f"; {', '.join(map(repr, keep_columns))} kept out of the labels (not written)" if keep_columns else ""
        return Evidence(
            path, LABEL_LINES, key_rule([row[key] for row in data]), column=key, header=True, classes=classes,
            note=f"{path}: labels from its {len(classes)} columns of 0/1, a class each (multi-label), keyed by its column "
                 f"{header[key]!r} (its values name the inputs){kept}",
        )
    if label is None:
        return None  # ids and numbers only (`image,width,height`): no labels to read
    labels = [row[c] for row in data for c in (label, *also) if row[c] or c == label]
    if literal_boxes.box_cells(labels):  # boxes or polygons (`[{'x': 1, ...}]`): objects, no labels (`literal_tables`)
        return None
    if not label_separator and not also and label_lists(labels):  # `['Comedy', 'Drama']`: multi-label, no guess
        return Evidence(
            path, LABEL_LINES, key_rule([row[key] for row in data]), column=key, header=True, label_column=label,
            label_lists=True,
            note=f"{path}: labels from its column {header[label]!r} (lists, several labels each), keyed by its column "
                 f"{header[key]!r} (its values name the inputs)",
        )
    joined = None if label_separator else separated_lists(labels) or tag_lists(labels)
    if joined:
        separator = joined[0] if len(joined) == 3 else " "
        raise UsageError(
            f"{path} names the inputs in its column {header[key]!r}, and its column {header[label]!r} joins several "
            f"labels in a cell ({joined[-2]!r}, {joined[-1]!r}): --label-separator '{separator}' reads each as a label "
            "(multi-label); --label-separator none keeps each cell one label"
        )
    if not label_separator and any(len(cell.split()) > 1 for cell in labels):
        if label_column:  # the user named the column: say how its cells read, rather than "no label files"
            raise UsageError(f"{path}: its column {header[label]!r} holds labels of several words ({_worded(labels)!r}): "
                             f"{_SEPARATOR_HINT}")
        # one label of words (`Cessna 172`, the COVID-19 image collection's `No Finding` beside its
        # `Pneumonia/Viral/COVID-19`) or tags (`clear primary road`)? A column named as labels are
        # (`label`: the butterfly download's Training_set.csv) is the label file's, which reads and checks
        # it; another (`finding`, `tags`) no reader takes, and nothing else labels the inputs
        # (`beam_jobs/discover/label_tables.py` asks only then): the stop names the column and both readings
        if label_named(header) == header[label]:
            return None
        raise UsageError(
            f"{path} names the inputs in its column {header[key]!r}, and its column {header[label]!r} holds labels of "
            f"several words ({_worded(labels)!r}): --labels {path} --label-column {_shown_name(header[label])} reads each "
            f"cell as one label; or {_SEPARATOR_HINT}"
        )
    keys = [row[key] for row in data]
    numbers = class_numbered(labels)
    read = f"its column {header[label]!r}" if not also else (
        f"its columns {', '.join(repr(header[c]) for c in (label, *also))} (multi-label: a row's labels its cells given)")
    return Evidence(
        path, LABEL_LINES, key_rule(keys), column=key, header=True, label_column=label, label_separator=label_separator,
        label_numbers=numbers and not label_separator, label_also=also,
        label_scores=not numbers and not label_separator and not also and scores(labels),
        note=f"{path}: labels from {read}, keyed by its column {header[key]!r} (its values name the inputs)",
    )


def _several_labels(header: Sequence[str], given: str, path: str) -> tuple[str, tuple[int, ...]]:
    """`--label-column` as the first label column it names and the further ones: `Type1,Type2`
    names two (a row's labels the union of their given cells: Pokemon's types, genre_1..genre_3),
    a header name holding a comma one.

    >>> _several_labels(["Name", "Type1", "Type2"], "Type1, 3", "p.csv"), _several_labels(["a", "b,c"], "b,c", "p.csv")
    (('Type1', (2,)), ('b,c', ()))
    """
    if "," not in given or given in header:
        return given, ()
    first, *rest = (part.strip() for part in given.split(","))
    return first, tuple(_named(header, name, "--label-column", path) for name in rest)


def _composite(
    path: str, header: Sequence[str], data: Sequence[Sequence[str]], stems: Sequence[str], label_column: str,
    label_named: Callable[[Sequence[str]], str],
) -> Evidence | None:
    """The table read as labels keyed by several columns (`composite_keys`), or None."""
    if len(header) < 3:  # two key columns and a label at least
        return None
    fits = composite_key(header, data, stems, [""] * len(data))  # any order of columns building the stems?
    if fits is None:
        return None
    first = int(re.findall(r"\{(\d+)\}", fits)[0])
    label = _label_column(path, header, data, first, label_column, label_named)
    if label is None:
        return None
    template = composite_key(header, data, stems, [row[label] for row in data])  # the orders that fit agree
    used = [int(n) for n in re.findall(r"\{(\d+)\}", template or "")]
    if template is None or label in used:
        return None
    shown = ", ".join(repr(header[c]) for c in used)
    return Evidence(
        path, LABEL_LINES, KeyRule(1, False), column=used[0], header=True, label_column=label, key_template=template,
        note=f"{path}: labels from its column {header[label]!r}, keyed by its columns {shown} ({template!r} names an input)",
    )


def _named(header: Sequence[str], given: str, option: str, path: str) -> int:
    """The column `given` names: a header name, or a number from 1."""
    if given in header:
        return list(header).index(given)
    if 1 <= (number := whole_number(given) or 0) <= len(header):  # (a layout file's column number: any length)
        return number - 1
    raise UsageError(f"{path}: {option} {given!r} is no column of it; the columns are {list(header)} (or 1..{len(header)})")


def _key_column(
    path: str, header: Sequence[str], data: Sequence[Sequence[str]], names_inputs: Callable[[Sequence[str]], bool], given: str
) -> int | None:
    if given:
        return _named(header, given, "--key-column", path)
    # A row per input: a column naming one input in several rows is a table of boxes or
    # measurements (Global Wheat's train.csv, a box a row), not of labels.
    matching = [c for c in range(len(header)) if _unique([row[c] for row in data]) and names_inputs([row[c] for row in data])]
    if len(matching) > 1 and all(len({_stem(row[c]) for c in matching}) == 1 for row in data):
        return matching[0]  # an id and a path naming the same input on every row (Massachusetts roads' metadata.csv)
    if len(matching) > 1:
        shown = ", ".join(repr(header[c]) for c in matching)
        raise UsageError(
            f"{path}: columns {shown} both name the inputs: say which one keys the table with --key-column NAME "
            "(or its number from 1)"
        )
    return matching[0] if matching else None


# A class number: a whole number of ASCII digits up to this (ImageNet-21k's 21,842 is the largest known).
MAX_CLASS_NUMBER = 1_000_000


def is_class_number(cell: str) -> bool:
    """A class number as a cell writes it: whole, in ASCII digits, at most MAX_CLASS_NUMBER (its
    length looked at first, by whole_number: int() refuses over 4,300 digits with a ValueError).

    >>> [is_class_number(c) for c in ("3", "21841", "1000001", "9" * 5000, "2.5")]
    [True, True, False, False, False]
    """
    return (number := whole_number(cell)) is not None and number <= MAX_CLASS_NUMBER


def class_numbered(labels: Sequence[str]) -> bool:
    """Most label cells read are class numbers, of two values or more (as pixel_rows judges): a
    column of class numbers, where a cell that is none (`nan`, `-1`, `2.5`) is its row's reject
    (`no_class_number`), never a class of its own."""
    return sum(is_class_number(cell) for cell in labels) * 2 > len(labels) and len(set(labels)) >= 2


def no_class_number(cell: str) -> str:
    """The reason a label cell of a class-numbered column that is no class number rejects its row."""
    return f"{cell[:40]!r} is no class number, as the label column's other rows hold (whole numbers 0..{MAX_CLASS_NUMBER:,})"


def _class_numbers(values: Sequence[str]) -> bool:
    """Whole numbers of a few values, each repeated (`0`..`4`): class numbers, not measurements
    (`width`, `age`, whose values mostly differ)."""
    distinct = set(values)
    return (
        all(value.isascii() and value.isdigit() for value in values)
        and 2 <= len(distinct) <= len(values) // 2
    )


def _named_as_key(name: str) -> bool:
    """A column named as a row's id (`patient_id`, `id`), offered last as a label."""
    low = name.strip().lower()
    return low in ("id", "key", "index") or low.endswith(("_id", " id"))


def _repeated(values: Sequence[str]) -> bool:
    """Every value given, at least two of them, each repeated on average: classes, not a description."""
    return all(values) and 2 <= len(set(values)) <= len(values) // 2


def _stem(cell: str) -> str:
    """A cell's file stem (`tiff/train/10078660_15.tiff` -> `10078660_15`; an id is its own)."""
    name = posixpath.basename(cell.strip().replace("\\", "/"))
    return name.rsplit(".", 1)[0] if "." in name[1:] else name


def _no_label(cell: str) -> bool:
    """A cell that is no class: a split's name (a `split` column) or a file's path."""
    text = cell.strip()
    return split_word(text) == text or ("/" in text and "." in posixpath.basename(text)[1:])


def _image_names(values: Sequence[str]) -> bool:
    """Most cells (more than half of those given) an image file's name: a column pairing each input with
    another file (Flood Area Segmentation's metadata.csv `Image,Mask`, `0.jpg,0.png`), never its class:
    read as labels it had labelled each image by its mask's name with exit 0 (blind32). A cell or two
    naming none (`nan` for a missing mask, a bare stem) had made it a label column again, exit 0
    (review30): no class column names image files in most of its rows. `--label-column` still takes it.

    >>> _image_names(["0.png", "1.png", "nan", "3.PNG", ""]), _image_names(["cat", "dog", "x.png"])
    (True, False)
    """
    given = [v for v in values if v]
    named = sum(posixpath.splitext(v)[1][1:].lower() in image_formats.IMAGE_SUFFIXES for v in given)
    return named * 2 > len(given)


def _unique(values: Sequence[str]) -> bool:
    """Nearly every value once: a key a row or two repeat is read (each input one label: a
    contradiction rejects it); a column naming one input in many rows (a box a row) is no key."""
    return len(values) - len(set(values)) <= min(_FEW_REPEATS, (1 - _MOST) * len(values))


def _label_column(
    path: str, header: Sequence[str], data: Sequence[Sequence[str]], key: int, given: str, label_named: Callable[[Sequence[str]], str],
    kept: Sequence[str] = (),
) -> int | None:
    if given:
        chosen = _named(header, given, "--label-column", path)
    else:
        name = label_named(header)
        lowered = [cell.lower() for cell in header]
        chosen = list(header).index(name) if name in header else next(
            (lowered.index(n) for n in LABEL_HEADER_NAMES if n in lowered), -1
        )
    if chosen == key:
        raise UsageError(f"{path}: its column {header[key]!r} names the inputs, it cannot also be their label: name another with --label-column")
    if chosen >= 0:
        return chosen
    could = [
        c for c in range(len(header))
        if c != key and header[c] not in kept and not all(not row[c] or is_decimal(row[c]) or _no_label(row[c]) for row in data)
        and not _image_names([row[c] for row in data])
    ]
    if len(header) == 2 and not could and _class_numbers([row[1 - key] for row in data]):
        return 1 - key  # `image,level` (EyePACS' trainLabels.csv): a key and its class number
    # the one column named as a class (`label_candidates.LABEL_NAME_WORDS`: PAD-UFES-20's `diagnostic`
    # among its clinical columns; Shopee's `label_group`, numbers), full and of repeated values,
    # decides; else the stop offers the columns so named first and ids last
    # (not beside an id that repeats: Happywhale's `individual_id` names a class of its own, an individual)
    named = [c for c in range(len(header)) if c != key and label_candidates.label_evidence(header[c]) == 2]
    identities = [c for c in could if _named_as_key(header[c]) and not _unique([row[c] for row in data])]
    if (len(named) == 1 and (len(could) > 1 or named[0] not in could) and _repeated([row[named[0]] for row in data])
            and not set(identities) - set(named)):
        return named[0]
    flags = [c for c in range(len(header)) if c != key and c not in could and all(row[c] in ("0", "1") for row in data)]
    names = {header[c].lower() for c in flags}
    agrees = all(set(re.findall(r"[\w-]+", row[could[0]].lower())) <= names for row in data) if could else False
    if len(could) == 1 and len(flags) >= _FLAG_COLUMNS and not agrees:  # (movie posters' Genre lists its 1 columns)
        # RANZCR CLiP's train.csv: eleven 0/1 line classes, then PatientID, the one column of words, had labelled every
        # image by its patient with exit 0: the 0/1 columns may be the labels (one-hot or multi-label)
        shown = ", ".join(repr(header[c]) for c in flags[:4]) + (f" and {len(flags) - 4} more" if len(flags) > 4 else "")
        raise UsageError(
            f"{path} names the inputs in its column {header[key]!r}; its one column of words, {header[could[0]]!r}, stands "
            f"beside {len(flags)} columns of 0/1 ({shown}), which may be the labels (a class a column): --labels {path} "
            f"--keep-columns {_shown_name(header[could[0]])} reads the 0/1 columns as the classes (multi-label; "
            f"{header[could[0]]!r} kept out of the labels, not written); --labels {path} --label-column "
            f"{_shown_name(header[could[0]])} reads that one column as the label; or --label-level 0 where the table "
            "gives no labels"
        )
    if len(could) <= 1:
        return could[0] if could else None
    could = sorted(could, key=lambda c: (-label_candidates.label_evidence(header[c]), _named_as_key(header[c])))
    shown = ", ".join(repr(header[c]) for c in could)
    # (columns of class numbers are labels too: PetFinder's `AdoptionSpeed`, 0 to 4)
    numbered = [c for c in range(len(header)) if c != key and c not in could and _class_numbers([row[c] for row in data])]
    if numbered:
        shown += "; of class numbers: " + ", ".join(repr(header[c]) for c in numbered)
    worded = [_worded([row[c] for row in data]) for c in could]
    words = next((f"; cells of several words ({w!r}) read as {_SEPARATOR_HINT}" for w in worded if w), "")
    words = sparse_columns.optional_column_note(header, data, could) + words  # `Type1`, `Type2` (often empty)
    bits = keyed_multi_hot.class_columns(header, data, key)  # (mostly 0/1: a NaN row among them, review26)
    if bits:
        words += (f"; its columns {', '.join(map(repr, bits[:4]))}{' and more' if len(bits) > 4 else ''} hold 0 and 1 in most "
                  f"rows, a class each: --labels {path} alone reads them so (a row's 1s its labels, a row of other cells its reject)")
    raise UsageError(
        f"{path} names the inputs in its column {header[key]!r}, and no column is named as the label "
        f"(columns that could be: {shown}): name it with --labels {path} --label-column NAME (--labels keeps the "
        "table as the labels where the folders could be read as classes too; NAME,NAME names several, a row's labels "
        "their cells given: multi-label), or --label-level 0 where the table "
        f"describes the inputs and gives no labels (Carvana's metadata.csv: each car's make and model){words}"
    )


# How a label cell of several words reads: the choice is the user's.
_SEPARATOR_HINT = ("one label each with --label-separator none (`East Asian`, `Cessna 172`), or each word a label "
                   "with --label-separator ' ' (tags: `clear primary road`)")


def _shown_name(name: str) -> str:
    """A column's name as typed after an option: quoted where it holds a space or a quote."""
    return repr(name) if any(c in name for c in " '\"") else name


def _worded(cells: Sequence[str]) -> str:
    """The first cell of several words (`East Asian`), or ""."""
    return next((cell for cell in cells if len(cell.split()) > 1), "")
