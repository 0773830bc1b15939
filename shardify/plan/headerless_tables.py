"""Label tables with no header row: a column naming each input among others, the label found by content.

Downloads list their inputs in tables that start with data: the book-cover dataset's
`book30-listing-train.csv` (every cell quoted: ASIN, file name, image URL, title, author, category
id, category), a Kaggle-style `labels.tsv` of `<file><TAB><label>` rows, a metadata table exported
without its header. `keyed_tables` read a table's first row as its header whatever it held, so
`images/img_0.jpg<TAB>cat` became two column names: the first input was written unlabelled, with
exit 0, and a listing's first row named its columns `0078659427.jpg` and `Literature & Fiction`.

A first row that names an input is data (`keyed_tables` hands such a table here). Then:
  - the key is the one column whose cells name inputs, each once (of two, as an ASIN beside its
    `<ASIN>.jpg`, the one spelled as a file name);
  - the label is the column whose values repeat down the rows (a class over many inputs), not a URL,
    not a file name, not a fraction; columns whose values are unique per row (titles, authors in a
    few rows, ids) are no label. Two such columns that map one to one (a category id and its name)
    are one label: the name is read, the class text the plan shows. Columns that do not, or a table
    where no column repeats in the rows read, stop the run naming `--label-column N` and the file;
  - a table of two columns whose second holds one short word a row (`cat`, `dog`) is read so even
    where the rows read are too few to repeat: the `<file> <label>` convention label lines follow
    (`recognise`); numbers there that do not repeat stop (ids as well as classes).
`--label-column N` (a number from 1) decides where given.

The rows are read as CSV or TSV cells, a label holding spaces and quoted commas kept whole
(`converters/evidence_files.py` reads them as a keyed table under `headed`'s stand-in header).
Nothing here reads a file: detection hands in the first rows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence

from shardify.errors import UsageError
from shardify.inputs.whole_numbers import is_decimal, whole_number
from shardify.plan.evidence import LABEL_LINES, Evidence, key_rule

__all__ = ["first_row_is_data", "recognise", "headed"]

# A value spelled like a file name (`0078659427.jpg`, `images/a.png`): a key, never a label.
_FILE_NAME = re.compile(r"[^\s#]+\.[A-Za-z][A-Za-z0-9]{1,4}")
_URL = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
_FRACTION = re.compile(r"[+-]?\d*\.\d+([eE][+-]?\d+)?")
_WHOLE = re.compile(r"[+-]?\d+")
# Columns of numbers beside the key from which a row is a box or coordinates, not a listing.
_BOX_NUMBERS = 4
# Of the rows read, this share at least are of the first row's width (the rest are their rejects).
_MOST = 0.8
# A label a row: at most this long (a title or a description is text, no class).
_MAX_LABEL_CHARS = 64


def first_row_is_data(row: Sequence[str], names_inputs: Callable[[Sequence[str]], bool]) -> bool:
    """Whether a table's first row names an input in one of its cells: a row, not a header."""
    return any(cell and _FILE_NAME.fullmatch(cell) and names_inputs([cell]) for cell in row)


def _label_like(cells: Sequence[str]) -> bool:
    return all(
        cell and len(cell) <= _MAX_LABEL_CHARS and not _URL.match(cell) and not _FILE_NAME.fullmatch(cell)
        and not _FRACTION.fullmatch(cell)
        for cell in cells
    )


def _one_to_one(a: Sequence[str], b: Sequence[str]) -> bool:
    pairs = set(zip(a, b))
    return len(pairs) == len(set(a)) == len(set(b))


def _groups(columns: dict[int, list[str]]) -> list[list[int]]:
    """The candidate columns, those mapping one to one onto each other grouped together."""
    groups: list[list[int]] = []
    for c, cells in columns.items():
        for group in groups:
            if _one_to_one(columns[group[0]], cells):
                group.append(c)
                break
        else:
            groups.append([c])
    return groups


def _stop(path: str, why: str, candidates: Sequence[int]) -> UsageError:
    shown = " or ".join(f"--label-column {c + 1}" for c in candidates) or "--label-column N"
    return UsageError(
        f"{path} has no header row and names each input in one column; {why}: name the label with {shown} "
        "(columns numbered from 1), or --labels FILE for another file"
    )


def recognise(
    path: str, rows: Sequence[Sequence[str]], names_inputs: Callable[[Sequence[str]], bool], *, label_column: str = ""
) -> Evidence | None:
    """A headerless table as label lines keyed by the column naming the inputs (see the module's
    docstring), or None where no single column names them.

    Raises:
      UsageError: the label cannot be told from the rows read; or --label-column is no column.

    >>> rows = [["a.jpg", "http://x/a.jpg", "A Title", "7", "Cookbooks"], ["b.jpg", "http://x/b.jpg", "B", "7", "Cookbooks"],
    ...         ["c.jpg", "http://x/c.jpg", "C", "1", "Biographies"]]
    >>> found = recognise("listing.csv", rows, lambda keys: all(k[1:] == ".jpg" for k in keys))
    >>> found.column, found.label_column, found.header, found.cells
    (0, 4, False, 5)
    """
    if not rows:
        return None
    width = len(rows[0])
    data = [list(row) for row in rows if len(row) == width]
    if width < 2 or len(data) < _MOST * len(rows):
        return None
    columns = {c: [row[c] for row in data] for c in range(width)}
    keys = [c for c, cells in columns.items()
            if len(set(cells)) == len(cells) and all(cells) and not any(_URL.match(cell) for cell in cells) and names_inputs(cells)]
    spelled = [c for c in keys if all(_FILE_NAME.fullmatch(cell) for cell in columns[c])]
    keys = spelled if len(keys) > 1 and spelled else keys
    if len(keys) != 1:
        return None
    (key,) = keys
    if sum(all(is_decimal(cell) for cell in cells) for c, cells in columns.items() if c != key) >= _BOX_NUMBERS:
        return None  # a box or coordinates a row (`image,class,x,y,w,h,W,H`): box tables' (`box_formats`), no listing
    if label_column:
        number = whole_number(label_column) or 0  # (a layout file's column number: any length)
        if not 1 <= number <= width or number - 1 == key:
            raise UsageError(f"{path}: --label-column {label_column!r}: it has no header, its columns are 1..{width} (the inputs' names in {key + 1})")
        label = number - 1
    else:
        label = _label_by_content(path, {c: cells for c, cells in columns.items() if c == key or not names_inputs(cells)}, key)
    note = f"{path}: no header row; labels from its column {label + 1}, keyed by its column {key + 1} (its values name the inputs)"
    return Evidence(path, LABEL_LINES, key_rule(columns[key]), column=key, header=False, label_column=label, cells=width, note=note)


def _label_by_content(path: str, columns: dict[int, list[str]], key: int) -> int:
    others = {c: cells for c, cells in columns.items() if c != key and _label_like(cells)}
    # (one value in every row of a wider table is metadata, a size or a source: no class of its own)
    repeated = {c: cells for c, cells in others.items() if len(set(cells)) < len(cells) and (len(set(cells)) > 1 or len(columns) == 2)}
    if not repeated and len(columns) == 2 and others:
        (c, cells), = others.items()
        if all(not _WHOLE.fullmatch(cell) and len(cell.split()) == 1 for cell in cells):
            return c  # `<file> <label>`: one word a row, as label lines are read
        raise _stop(path, f"its column {c + 1} holds numbers or phrases that never repeat in the {len(cells)} rows read "
                          "(ids as well as classes)", [c])
    if not repeated:
        raise _stop(path, f"no other column's values repeat in the {len(next(iter(columns.values())))} rows read, so none is "
                          "shown to be a class", sorted(others))
    groups = _groups(repeated)
    if len(groups) > 1:
        ranked = sorted(groups, key=lambda g: len(set(repeated[g[0]])))
        few, next_few = len(set(repeated[ranked[0][0]])), len(set(repeated[ranked[1][0]]))
        if few * 2 > next_few:
            raise _stop(path, "columns " + ", ".join(str(c + 1) for g in groups for c in g) + " each repeat values down the "
                              "rows and do not map one to one", [c for g in ranked for c in g])
        groups = ranked[:1]
    (group,) = groups
    named = [c for c in group if not all(_WHOLE.fullmatch(cell) for cell in repeated[c])]
    if len(group) > 1 and len(named) != 1:
        raise _stop(path, "columns " + ", ".join(str(c + 1) for c in group) + " map one to one and none is one column of "
                          "names beside ids", group)
    # of a class id and its name, the name: the class text
    return named[0] if named else group[0]


def headed(lines: Iterable, found: Evidence, delimiter: str = "") -> Iterator:
    """`lines` ((number, text) pairs and row errors) behind a stand-in header of `found.cells`
    columns, where the table has none: the keyed-table reader takes its first line for the header."""
    if found.cells:
        sep = delimiter or ("\t" if found.path.lower().endswith(".tsv") else ",")
        yield 0, sep.join(f"column{i + 1}" for i in range(found.cells))
    yield from lines
