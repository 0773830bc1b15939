"""A `--labels` table's key column, found by what its cells name rather than by its header.

The usual key names (`columns.KEY_COLUMN_NAMES`: `path`, `image`, `id`, `name`, ...) are a guess,
and a wrong one where a table also has a column of that name that names no file: PetFinder's
`train.csv` has `Name` (the pet's name, `Nibble`) beside `PetID` (`86e1089a3`, its photos
`86e1089a3-1.jpg`, `86e1089a3-2.jpg`). Taking `Name` for the key rejected every image. The key
column is the one whose first rows' cells name most of the listed files (as paths, file names,
stems, or stems before `-<n>`/`_<n>`, the readings `label_keys.choose_label_key` then chooses
among), in at least half the rows; where the named column names as many, or none names files in
half the rows (a large source sampled thinly), the name decides as before.

Nothing here reads a file: detection (beam_jobs/discover/label_file_found.py) hands in the
table's header and first rows, and the listed sample.
"""

from __future__ import annotations

import posixpath
import unicodedata
from collections.abc import Sequence

from shardify.plan.layout import IMAGE_EXTENSIONS, TEXT_EXTENSIONS, extension, numbered_stem, stem

__all__ = ["key_column_by_values"]

_EXTENSIONS = IMAGE_EXTENSIONS | TEXT_EXTENSIONS


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _file_names(sample: Sequence[str]) -> set[str]:
    """Every spelling of the listed files a key may have."""
    found: set[str] = set()
    for path in (p for p in sample if extension(p) in IMAGE_EXTENSIONS | TEXT_EXTENSIONS):
        numbered = numbered_stem(path)
        found |= {_nfc(path), _nfc(posixpath.basename(path)), _nfc(stem(path))}
        if numbered is not None:
            found.add(_nfc(numbered))
    return found


def key_column_by_values(
    columns: Sequence[str], rows: Sequence[Sequence[object]], sample: Sequence[str], named: str
) -> str:
    """The column whose cells in `rows` name most listed files, or `named` (the column the header
    names as the key) where it names as many, or where no column names any.

    >>> key_column_by_values(["Name", "PetID"], [["Nibble", "a1"], ["Miko", "b2"]], ["t/a1-1.jpg", "t/b2-1.jpg"], "Name")
    'PetID'
    >>> key_column_by_values(["id", "label"], [["x", "cat"]], ["y.jpg"], "id")
    'id'
    >>> key_column_by_values(["id", "img"], [[42953, "img/42953.png"]], ["img/42953.png"], "id")
    'img'
    """
    names = _file_names(sample)
    counts = {}
    for at, column in enumerate(columns):
        cells = [_nfc(str(row[at]).strip()) for row in rows if at < len(row) and str(row[at]).strip()]
        matched = [cell for cell in cells if cell in names]
        # (files named with their extension, then the number of rows: a path column beats an id
        # column of numbers that are the stems, Hateful Memes' `img` over `id`)
        counts[column] = (len(matched), sum(extension(cell) in _EXTENSIONS for cell in matched))
    best = max(counts.values(), default=(0, 0))
    # a column naming a few files by chance (a `split` column's `train`) is no key: most rows must
    if 2 * best[0] < len(rows) or counts.get(named, (0, 0)) >= best:
        return named
    return next(column for column in columns if counts[column] == best)
