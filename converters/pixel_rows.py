"""Tables whose column holds an image written out as numbers: a row is one grey image.

FER2013 ships its 35,887 faces as one CSV, `emotion,pixels,Usage`, each `pixels` cell 2,304
space-separated grey levels (a 48 x 48 image, row by row), `Usage` the split (Training,
PublicTest, PrivateTest). Other datasets ship the same kind with a pixel per column (Kaggle's
digit, Fashion-MNIST and sign-language CSVs: `label,pixel1..pixel784`; EMNIST's headerless CSVs):
`pixel_wide.py` finds those columns, and a row is read the same way. Read as text, every record
would be a string of digits; read here, each row becomes a grey PNG image record.

What a row must be, checked on every row (a row that is not is rejected alone, with why): the
cell holds a square number of whole numbers (the side found from the count: 2,304 -> 48), the
side within MIN_SIDE..MAX_SIDE, each number 0..255. Nothing else is guessed: the pixel column is
the one column whose sampled cells are rows of numbers (`column_content.NUMBER_ROWS`); the label
column is `--label-column`, a usual label name, the one other column of whole numbers, or else the
one other column of repeated words (two such stop, naming `--label-column`);
the split column is the one whose sampled values mostly name a split (`split_word`, or
SPLIT_VALUES: FER2013's PublicTest and PrivateTest). Discovery and the writer both find the
columns from the table's header and sampled rows, so they agree without passing them along.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import BinaryIO
from dataclasses import dataclass

import numpy as np

from shardify.converters import column_content, pixel_wide
from shardify.converters.pixel_wide import MAX_SIDE, MIN_SIDE
from shardify.converters.columns import LABEL_COLUMN_NAMES, TableOptions, choose_column, is_key_name
from shardify.errors import InvalidInputError
from shardify.inputs.whole_numbers import whole_at_most
from shardify.converters.split_column import SPLIT_VALUES, split_column, split_of

__all__ = ["MIN_SIDE", "MAX_SIDE", "MAX_CELL_CHARS", "SPLIT_VALUES", "PixelColumns", "pixel_columns", "image_of", "split_of", "is_pixel_table"]

# A grey level is written in at most this many characters with its separator (`255.000 `): a
# longer cell is refused before it is split, as a 64 MB row of `77 77 ...` would take 2 GB as
# 20 million tokens.
_MAX_CHARS_PER_NUMBER = 8
MAX_CELL_CHARS = MAX_SIDE * MAX_SIDE * _MAX_CHARS_PER_NUMBER
_MAX_LABEL_NUMBER = 999
# A class name beside pixel columns is a word or a short phrase (`character_01_ka`); longer cells are texts.
_MAX_CLASS_CHARS = 64


@dataclass(frozen=True)
class PixelColumns:
    """The columns of a table of images written out as numbers.

    Attributes:
      pixels: the column of the images' grey levels.
      label: the label column, or "" (unlabelled).
      split: the column naming each row's split, or "" (the table's split).
      numbered: the label column was found by its whole numbers (not by its name): a row whose
        label is not one is rejected.
    """

    pixels: str
    label: str = ""
    split: str = ""
    numbered: bool = False
    wide: tuple[str, ...] = ()

    def describe(self) -> str:
        label = f"label column {self.label!r}" if self.label else "no label column"
        split = f"split column {self.split!r}" if self.split else "no split column"
        where = f"{len(self.wide):,} columns, a pixel each ({self.pixels})" if self.wide else f"column {self.pixels!r}"
        return f"images written out as numbers in {where} (a grey image a row); {label}; {split}"


def _cells(sample: Sequence[Sequence[object]], columns: Sequence[str], index: int) -> list[object]:
    """A column's sampled cells; a cell past MAX_CELL_CHARS is left out (its row is rejected, and
    judging it would split it whole)."""
    return [row[index] for row in sample if len(row) == len(columns) and not _oversized(row[index])]


def _oversized(cell: object) -> bool:
    return isinstance(cell, str) and len(cell) > MAX_CELL_CHARS


def _label_number(cell: object) -> bool:
    return whole_at_most(cell, _MAX_LABEL_NUMBER)


def pixel_columns(columns: Sequence[str], sample: Sequence[Sequence[object]], options: TableOptions) -> PixelColumns | None:
    """The table's pixel, label and split columns when exactly one column's sampled cells are rows
    of numbers (and `--text-column`, if given, names no other column), else None: a table of texts.

    Raises:
      InvalidInputError: two or more other columns hold whole numbers and none is named the label.
    """
    if not columns or not sample:
        return None
    found = [
        name for i, name in enumerate(columns)
        if column_content.column_kind(_cells(sample, columns, i)) == column_content.NUMBER_ROWS
    ]
    wide = pixel_wide.pixel_per_column(columns, sample) if not found else ()
    if len(found) != 1 and not wide:
        return None
    pixels = found[0] if found else f"{wide[0]}..{wide[-1]}"
    named = [choose_column(columns, given, (), "text") for given in options.text_columns]
    if named and (wide or named != [pixels]):
        return None
    if wide and not options.label_column and len(columns) == len(wide) + 1 and columns[0] not in wide and columns[0].isdigit():
        # headerless (EMNIST's and MNIST's CSVs): the column before the pixels holds the label
        return PixelColumns(pixels, columns[0], "", numbered=True, wide=wide)
    others = [(i, name) for i, name in enumerate(columns) if name != pixels and name not in wide]
    split = split_column(columns, sample, (pixels,))
    label = choose_column(columns, options.label_column, LABEL_COLUMN_NAMES, "label")
    if not label:
        # Most sampled cells, not all: one hostile cell among the first rows (`abc`, `-1`, a number
        # past any label) must not leave every row unlabelled; such a row is rejected alone. A key's
        # numbers (`id`: 0, 1, 2 ...) name the rows, not their classes.
        numbers = [
            name for i, name in others
            if name != split and not is_key_name(name) and _mostly(_label_number, _cells(sample, columns, i))
        ]
        if len(numbers) > 1:
            raise InvalidInputError(
                f"columns {', '.join(map(repr, numbers))} each hold whole numbers beside the images in {pixels!r}: "
                f"name the label with --label-column {numbers[0]}"
            )
        if numbers:
            return PixelColumns(pixels, numbers[0], split, numbered=True, wide=wide)
        return PixelColumns(pixels, _word_label(columns, sample, others, split, pixels), split, wide=wide)
    return PixelColumns(pixels, label, split, wide=wide)


def _word_label(columns: Sequence[str], sample: Sequence[Sequence[object]], others: Sequence[tuple[int, str]],
                split: str, pixels: str) -> str:
    """The one other column of repeated words (Devanagari's `character`: `character_01_ka` ...), or "".

    A label column named unusually held words, not numbers, and the table had been written unlabelled
    with exit 0 (fix27a). Words repeated (at most half the sampled cells distinct) are classes; words
    all different (a file name, an id) name the rows and are no label.

    Raises:
      InvalidInputError: two or more such columns: which is the label, nothing says.
    """
    words = [
        name for i, name in others
        if name != split and not is_key_name(name) and _repeated_words(_cells(sample, columns, i))
    ]
    if len(words) > 1:
        raise InvalidInputError(
            f"columns {', '.join(map(repr, words))} each hold repeated words beside the images in {pixels!r}: "
            f"name the label with --label-column {words[0]} (or another of them)"
        )
    return words[0] if words else ""


def _repeated_words(cells: Sequence[object]) -> bool:
    """Most cells are short words, not numbers, and they repeat (classes, not names of rows)."""
    words = [c.strip() for c in cells if isinstance(c, str) and c.strip() and len(c.strip()) <= _MAX_CLASS_CHARS
             and not column_content.is_number(c.strip())]
    return len(words) >= 2 and len(words) * 2 > len(cells) and len(set(words)) * 2 <= len(words)


def _mostly(test, cells: Sequence[object]) -> bool:  # noqa: ANN001 - a predicate on a cell
    """More than half of `cells` pass `test`."""
    return bool(cells) and sum(map(test, cells)) * 2 > len(cells)


def image_of(cells: Mapping[str, object], columns: PixelColumns) -> np.ndarray:
    """The row's image, [side, side, 1] uint8.

    Raises:
      InvalidInputError: the cell is missing, longer than MAX_CELL_CHARS or not numbers in ASCII
        digits, its count is not a square of a side in MIN_SIDE..MAX_SIDE, or a number is not a
        whole number in 0..255 (NaN, negative, 256); or the label column was found by its whole
        numbers and the row's label is not one (`abc`, `-1`: the row's reject, not a class).
    """
    if columns.numbered:
        label = cells.get(columns.label)
        if isinstance(label, str) and label.strip() and not _label_number(label):
            raise InvalidInputError(
                f"{label[:20]!r} in label column {columns.label!r} is not a whole number 0..{_MAX_LABEL_NUMBER} as its other rows hold"
            )
    if columns.wide:
        return pixel_wide.image_of_cells(cells, columns.wide)
    cell = cells.get(columns.pixels)
    if not isinstance(cell, str) or not cell.strip():
        raise InvalidInputError(f"empty {columns.pixels!r} cell: no image")
    if len(cell) > MAX_CELL_CHARS:
        raise InvalidInputError(
            f"{len(cell):,} characters in {columns.pixels!r}: more than a {MAX_SIDE} x {MAX_SIDE} image written out as numbers takes"
        )
    if not cell.isascii() or "_" in cell:  # Python's float reads `1_0` as 10 and `٣` as 3
        bad = next((t for t in cell.split() if not t.isascii() or "_" in t), cell.strip())
        raise InvalidInputError(f"{bad[:20]!r} in {columns.pixels!r} is not a number written in ASCII digits")
    tokens = cell.split()
    count = len(tokens)
    if count > MAX_SIDE * MAX_SIDE:
        raise InvalidInputError(f"{count:,} numbers in {columns.pixels!r}: more than a {MAX_SIDE} x {MAX_SIDE} image")
    side = int(round(count ** 0.5))
    if side * side != count or side < MIN_SIDE:
        raise InvalidInputError(
            f"{count:,} numbers in {columns.pixels!r}: not a square image of side {MIN_SIDE}..{MAX_SIDE} "
            f"(a grey image a row, its side found from the count: 2,304 is 48 x 48)"
        )
    try:
        values = np.array(tokens, dtype=np.float64)
    except ValueError:
        bad = next(t for t in tokens if not column_content.is_number(t))
        raise InvalidInputError(f"{bad[:20]!r} in {columns.pixels!r} is not a number") from None
    wrong = ~np.isfinite(values) | (values < 0) | (values > 255) | (values != np.floor(values))
    if wrong.any():
        first = int(np.argmax(wrong))
        raise InvalidInputError(
            f"{tokens[first][:20]!r} (number {first + 1:,}) in {columns.pixels!r} is not a grey level, a whole number 0..255"
        )
    return values.astype(np.uint8).reshape(side, side, 1)


def is_pixel_table(fileobj: BinaryIO, relpath: str, options: TableOptions) -> bool:
    """For detection: the CSV or TSV `fileobj` (open at its start) is a table of images written
    out as numbers; its header and first rows are read, no more (`tables.read_header`)."""
    from shardify.converters import tables  # tables imports columns, as this module does

    fmt = relpath.rsplit(".", 1)[-1].lower()
    if fmt not in (tables.CSV, tables.TSV):
        return False
    try:
        header = tables.read_header(fileobj, fmt, header=options.header, encoding=options.encoding)
    except InvalidInputError:
        return False
    try:
        return pixel_columns(header.columns, header.sample, options) is not None
    except InvalidInputError:
        return True  # images, whose label column is for the user to name: the scan says so
