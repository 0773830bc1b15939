"""Tables of images written out as numbers whose labels lie in a table of their own, row by row.

The Arabic Handwritten Characters Dataset (AHCD, Kaggle mloey1/ahcd1) ships `csvTrainImages
13440x1024.csv` (headerless, a 32 x 32 grey image a row, 1,024 numbers) beside `csvTrainLabel
13440x1.csv` (headerless, one class number a row: row i labels image row i), and the test set
likewise. Read alone, the label tables were no images, so no table was read as images and every
row was rejected as a text (exit 1). Here a pixel table is paired with the one table beside it
whose name is its own with its image word turned into a label word (NAME_WORDS: `Images` ->
`Label`, `train_images` -> `train_labels`, `X_train` -> `y_train`; sizes such as `13440x1024`
aside). The pair is read as the pixel table's rows labelled by the same row of the label table
(`SourceLayout.row_labels`, checked whole by `converters/row_labels.py` when read) only where that
cannot shift a label: the pixel table is headerless, the label table holds one whole number a line,
and, where both are read to their end here, they hold as many lines. A pair found by its names that
is not of that shape stops before writing, naming both files and what differs.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import pixel_rows, tables
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["NAME_WORDS", "label_partners", "with_pixel_labels"]

# The word that names a table of images, and the word that names its labels' table, in either case
# (`X`/`y`: only as a word of its own, `X_train`; never inside a word).
NAME_WORDS: tuple[tuple[str, str], ...] = (
    (r"images?", r"labels?"),
    (r"pixels?", r"labels?"),
    (r"data", r"labels?"),
    (r"(?<![a-z])x(?![a-z])", r"(?<![a-z])y(?![a-z])"),
)
# A table's size written into its name (`13440x1024`, `13440x1`): not part of what pairs the names.
_SIZE = re.compile(r"\d+\s*x\s*\d+", re.IGNORECASE)
# Lines of a label table at and past which labels all different are no classes: ids or values of
# each row (review27: a `y_train.csv` of row ids had written each image as a class of its own).
_DISTINCT_LINES = 20
# Bytes of each file read to count its lines; past it the writer's whole check decides.
_COUNT_BYTES = 8 << 20
_WHOLE = re.compile(rb"\s*\d{1,6}\s*")


def _without(name: str, word: str) -> str | None:
    """The table's stem without its size and without `word` (once), separators dropped; None where
    the stem holds no such word."""
    stem = _SIZE.sub("", posixpath.splitext(name)[0]).lower()
    found = re.search(word, stem)
    if found is None:
        return None
    return re.sub(r"[\s_.-]+", "", stem[:found.start()] + stem[found.end():])


def label_partners(tables_found: Sequence[str], sample: Sequence[str]) -> dict[str, str]:
    """{pixel table: its label table} for each of `tables_found` with exactly one CSV or TSV in its own
    folder whose name is its name with the image word turned into the label word (NAME_WORDS).

    >>> label_partners(["a/csvTrainImages 6x1024.csv"], ["a/csvTrainImages 6x1024.csv", "a/csvTrainLabel 6x1.csv",
    ...                                                  "a/csvTestLabel 3x1.csv"])
    {'a/csvTrainImages 6x1024.csv': 'a/csvTrainLabel 6x1.csv'}
    >>> label_partners(["X_train.csv"], ["X_train.csv", "y_train.csv", "y_test.csv"])
    {'X_train.csv': 'y_train.csv'}
    """
    found = {}
    for table in tables_found:
        folder, name = posixpath.split(table)
        partners = set()
        for image_word, label_word in NAME_WORDS:
            own = _without(name, image_word)
            if own is None:
                continue
            for other in sample:
                other_folder, other_name = posixpath.split(other)
                if other == table or other_folder != folder or layout.extension(other) not in ("csv", "tsv"):
                    continue
                if _without(other_name, label_word) == own and _without(other_name, image_word) is None:
                    partners.add(other)
        if len(partners) == 1:
            found[table] = partners.pop()
    return found


def _head(config: ConvertConfig, path: str) -> bytes:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return fileobj.read(_COUNT_BYTES + 1)
    except (OSError, InvalidInputError):
        return b""


def _headerless_pixels(config: ConvertConfig, table: str) -> bool | None:
    """True: a pixel table without a header or a label column; False: with a header and no label column;
    None: no pixel table, or one labelled by a column of its own (its labels are its own: a table named
    as its labels is another thing, a legend of class names, review27)."""
    try:
        with open_input(join_path(config.source, table)) as fileobj:
            header = tables.read_header(fileobj, layout.extension(table), header=config.table_options.header,
                                        encoding=config.table_options.encoding)
        columns = pixel_rows.pixel_columns(header.columns, header.sample, config.table_options)
    except (OSError, InvalidInputError):
        return None
    if columns is None or columns.label:
        return None
    return not header.present


def _lines(head: bytes) -> list[bytes]:
    return [line for line in head.removeprefix(b"\xef\xbb\xbf").splitlines() if line.strip()]


def with_pixel_labels(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` (tables of images written out as numbers) with each pixel table labelled row by row by
    its label table (see the module), saying so; else unchanged.

    Raises:
      UsageError: a label table paired by its name that cannot label the rows one by one: the pixel table
        has a header or a label column, the label table holds other than one whole number a line, or
        the two hold different numbers of lines.
    """
    if detected.name != layout.TABLES or detected.media != "image" or detected.row_labels or config.labels_file:
        return detected
    candidates = [p for p in sample if layout.extension(p) in ("csv", "tsv")]
    pairs = []
    for table, labels in sorted(label_partners(candidates, sample).items()):
        shape = _headerless_pixels(config, table)
        if shape is None:
            continue
        label_head, table_head = _head(config, labels), _head(config, table)
        label_lines = _lines(label_head)
        why = ""
        if not shape:
            why = f"{table} has a header row"
        elif not label_lines or not all(_WHOLE.fullmatch(line) for line in label_lines[:1000]):
            why = f"{labels} does not hold one whole number a line"
        elif len(label_lines) >= _DISTINCT_LINES and len({line.strip() for line in label_lines}) == len(label_lines):
            why = f"the {len(label_lines):,} numbers it holds are all different (ids or values of each row, not classes)"
        elif len(label_head) <= _COUNT_BYTES and len(table_head) <= _COUNT_BYTES and len(label_lines) != len(_lines(table_head)):
            why = f"{labels} holds {len(label_lines):,} lines for the {len(_lines(table_head)):,} rows of {table}"
        if why:
            raise UsageError(
                f"{labels} is named as the labels of {table}'s images (row i labels image row i), but {why}: no class "
                f"of each row can be told from it. Decide: --exclude '{labels}' (the rows written unlabelled); or add each "
                f"label to its image's row as a first column and convert the joined table (docs/converting.md)"
            )
        pairs.append((table, labels))
    if not pairs:
        return detected
    shown = ", ".join(f"{table} <- {posixpath.basename(labels)}" for table, labels in pairs[:3]) + (" and more" if len(pairs) > 3 else "")
    note = f"each image row labelled by the same row of its label table: {shown}"
    return dataclasses.replace(detected, row_labels=tuple(pairs), notes=(*detected.notes, note))
