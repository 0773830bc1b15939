"""`--labels FILE --key-column C` where C's cells name files: the column that names the inputs.

A table of labels may name each row's input in more than one column. Leafsnap's
`leafsnap-dataset-images.txt` has `image_path` (the photograph) and `segmented_path` (the leaf's
mask, a PNG of its own under dataset/segmented/); Derm7pt's `meta.csv` has `clinic` and `derm`, a
case's clinical and dermoscopic photographs, both records of the case's diagnosis. Which column
names the records is not for detection to guess (a mask read as a photograph is a wrong record
with exit 0), so the stop names `--key-column`: one column (`image_path`), or several joined by a
comma (`clinic,derm`: each a record of its own with the row's labels).

`--key-column` with `--labels` was the id column joining a labels table onto tables of texts
(`given_label_joins.py`). The two meanings are told apart by the cells: a column whose first cells
are file names (an image or text extension) names files, and no table of texts is joined on it;
so does a column whose cells are the stems of image or text files in the table's folder or the
folders just beneath it (Sartorius's `train.csv`, `id` the 12 hex digits of `train/<id>.png`, a
row per cell; a competition's `image_id` without `.jpg`): an id column over images names them.

Plain functions over the table's first lines; nothing here reads more than its head.
"""

from __future__ import annotations

import functools
import os
import posixpath
import re
from collections.abc import Collection, Sequence

from shardify.beam_jobs.discover import head_reads, label_file_found
from shardify.config import ConvertConfig
from shardify.converters import json_line_cells, separators
from shardify.errors import ShardifyError
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan import table_groups, unread_table_signs
from shardify.plan.file_roles import IMAGE_EXTENSIONS, TEXT_EXTENSIONS
from shardify.plan.layout import extension

__all__ = ["key_columns", "keys_name_files", "path_columns_clause", "table_rows"]

# Share of a column's first non-empty cells that must be file names for the column to name files.
_MOST = 0.5
_FILE_EXTENSIONS = IMAGE_EXTENSIONS | TEXT_EXTENSIONS
# Directory entries looked at, at most, for the stems a column of ids may name (the table's folder and
# the folders in it): enough for a download's train/ of thousands, cheap beside the listing to come.
_STEM_ENTRIES = 200_000


def key_columns(key_column: str) -> tuple[str, ...]:
    """The columns `--key-column` names: one, or several joined by a comma.

    >>> key_columns("clinic, derm")
    ('clinic', 'derm')
    """
    return tuple(part.strip() for part in key_column.split(",") if part.strip())


def table_rows(lines: Sequence[str], relpath: str = "") -> list[list[str]]:
    """A table's first lines as rows of cells, split as the reader splits them
    (`separators.head_rows`: a `filename;mask` table had been one column, its paths unseen); a
    JSON-lines file's as the CSV its rows make."""
    if relpath and json_line_cells.is_json_lines(relpath):
        lines = json_line_cells.as_csv_lines(lines)
    return separators.head_rows(lines, relpath)


def _names_files(cells: Sequence[str]) -> bool:
    cells = [c.strip() for c in cells if c.strip()]
    return bool(cells) and sum(extension(c) in _FILE_EXTENSIONS for c in cells) >= _MOST * len(cells)


@functools.lru_cache(maxsize=32)
def _head(source: str, labels_file: str) -> tuple[tuple[str, ...], ...]:
    config = ConvertConfig(source, "", labels_file=labels_file)
    try:
        given = label_file_found.relative_labels_file(source, labels_file)
        paths = label_file_found.label_file_paths(source, given)
    except (ShardifyError, OSError):  # (an unreadable --labels is refused where it is read, with its reason)
        return ()
    if not paths:
        return ()
    _, rel = paths[0]
    return tuple(tuple(row) for row in table_rows(head_reads.head_lines(config, rel), rel))


def keys_name_files(config: ConvertConfig) -> bool:
    """Whether `--key-column`'s columns of the `--labels` table hold file names (then it names the
    inputs, and is no id column joining tables of texts)."""
    if not (config.labels_file and config.key_column):
        return False
    rows = _head(config.source, config.labels_file)
    if len(rows) < 2:
        return False
    header, data = rows[0], rows[1:]
    wanted = key_columns(config.key_column)
    if not wanted or not all(name in header for name in wanted):
        return False
    columns = [[row[header.index(n)] for row in data if header.index(n) < len(row)] for n in wanted]
    if all(_names_files(cells) for cells in columns):
        return True
    stems = _stems_near(config.source, config.labels_file)
    return bool(stems) and all(_names_stems(cells, stems) for cells in columns)


def _names_stems(cells: Sequence[str], stems: Collection[str]) -> bool:
    """Most of `cells` (as `_names_files` counts) are among `stems`, two of them at least (one id
    that is a file's stem may be chance: a note on `cat_0` is no table of the inputs). The user named
    the column as the key: whether its ids are numbers (HuBMAP's `10044`) or hex (Sartorius's), they
    name those files.

    >>> _names_stems(["0a1b", "0a1b", "ff02"], {"0a1b", "ff02"}), _names_stems(["7", "8"], {"1", "2"})
    (True, False)
    >>> _names_stems(["cat_0"], {"cat_0", "cat_1"})
    False
    """
    cells = [c.strip() for c in cells if c.strip()]
    found = [c for c in cells if c in stems]
    return len(set(found)) >= 2 and len(found) >= _MOST * len(cells)


@functools.lru_cache(maxsize=8)
def _stems_near(source: str, labels_file: str) -> frozenset[str]:
    """The stems of the image and text files in the `--labels` table's folder and the folders
    just beneath it (a local SRC; elsewhere none: the column then reads as ids joining tables)."""
    given = label_file_found.relative_labels_file(source, labels_file)
    if not is_local_path(source) or table_groups.is_glob(given) or given.startswith("/"):
        return frozenset()
    top = join_path(source, posixpath.dirname(given)) if posixpath.dirname(given) else source
    stems: set[str] = set()
    seen = 0
    try:
        folders = [top, *(e.path for e in os.scandir(top) if e.is_dir(follow_symlinks=False))]
    except OSError:
        return frozenset()
    for folder in folders:
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    seen += 1
                    if seen > _STEM_ENTRIES:
                        return frozenset(stems)
                    if extension(entry.name) in _FILE_EXTENSIONS:
                        stems.add(posixpath.splitext(entry.name)[0])
        except OSError:
            continue
    return frozenset(stems)


def _cells(rows: Sequence[Sequence[str]], column: str) -> list[str]:
    at = list(rows[0]).index(column)
    return [row[at].strip().lstrip("./") for row in rows[1:] if at < len(row) and row[at].strip()]


def _label_example(rows: Sequence[Sequence[str]], path_columns: Sequence[str], folders: Collection[str] = ()) -> str:
    """A column that may hold the labels, for the stop's example: the first of words (not numbers,
    not paths) whose first cells repeat (a class, not an id), else the first other column. A column
    whose cells are all among `folders` (the class folders a stop finds too coarse: Hotel-ID's
    `chain`) is never offered: it holds the labels the stop is about, not the ones it asks for.

    >>> rows = [["image", "chain", "hotel", "taken"], ["a.jpg", "0", "63", "2018"], ["b.jpg", "5", "399", "2019"]]
    >>> _label_example(rows, ["image"]), _label_example(rows, ["image"], folders={"0", "5"})
    ('chain', 'hotel')
    >>> _label_example([["Filename", "Width", "Height", "ClassId"], ["a.ppm", "52", "60", "7"]], ["Filename"])
    'ClassId'

    """
    header = list(rows[0]) if rows else []
    others = [c for c in header if c not in path_columns and not (folders and set(_cells(rows, c)) <= set(folders))]
    for column in others:
        cells = _cells(rows, column)
        if cells and not any(c.replace(".", "", 1).isdigit() for c in cells) and len(set(cells)) < len(cells):
            return column
    # else a column named as a class (BelgiumTSC's `ClassId`), then any but a size or a coordinate (its `Width` had
    # been offered as the label)
    named = next((c for c in others if re.search(r"class|label|categor|target", c, re.IGNORECASE)), "")
    return named or next((c for c in others if not unread_table_signs.is_measure(c)), others[0] if others else "LABEL")


def _folder_of(cells: Sequence[str], inputs: Sequence[str]) -> str:
    """The deepest folder under SRC holding every listed input that `cells` name, or ""."""
    named = {posixpath.basename(c) for c in cells}
    folders = [posixpath.dirname(p).split("/") for p in inputs if posixpath.basename(p) in named]
    if not folders:
        return ""
    common = []
    for parts in zip(*folders):
        if len(set(parts)) != 1:
            break
        common.append(parts[0])
    return "/".join(common)


def _masks_of(rows: Sequence[Sequence[str]], key: str, other: str) -> bool:
    """`other`'s files share their stems with `key`'s, row by row, and are PNGs (Leafsnap's
    segmented_path beside image_path): masks or segmentations of them, no photographs of their own. A
    cell naming no file (`nan` for a missing mask: no extension) is passed over (review30)."""
    at, to = list(rows[0]).index(key), list(rows[0]).index(other)
    pairs = [(row[at], row[to]) for row in rows[1:]
             if max(at, to) < len(row) and row[at].strip() and posixpath.splitext(row[to].strip())[1]]
    same = [posixpath.splitext(posixpath.basename(a))[0] == posixpath.splitext(posixpath.basename(b))[0]
            and extension(b) == "png" for a, b in pairs]
    return bool(same) and all(same)


def mask_excludes(rows: Sequence[Sequence[str]], path_columns: Sequence[str], inputs: Sequence[str] = ()) -> list[str]:
    """The folders of the columns after the first whose files are masks of the first's (`_masks_of`):
    what `--exclude` leaves out where the table gives no labels (Flood Area Segmentation's metadata.csv
    `Image,Mask`: with --label-level 0 alone its Mask/ PNGs were read as inputs)."""
    if not path_columns or not rows:
        return []
    return [f for c in path_columns[1:] if _masks_of(rows, path_columns[0], c) and (f := _folder_of(_cells(rows, c), inputs))]


def path_columns_clause(path: str, rows: Sequence[Sequence[str]], path_columns: Sequence[str], inputs: Sequence[str] = (),
                        label: str = "", folders: Collection[str] = ()) -> str:
    """The options a stop names where the table at `path` (its first `rows`, the header first) names
    inputs in `path_columns`: `--key-column` the column (or columns, each file a record of its own),
    `--label-column` an example; a column whose files are masks of another's said so, with the
    `--exclude` that leaves them out; "" for no column. `folders`: class folder names whose column
    is no example (`_label_example`).

    >>> rows = [["case", "clinic", "derm", "diagnosis"], ["1", "a/x.jpg", "a/y.jpg", "nevus"], ["2", "a/z.jpg", "a/w.jpg", "nevus"]]
    >>> path_columns_clause("meta.csv", rows, ["clinic", "derm"])[:73]
    "--labels meta.csv --key-column 'clinic,derm' --label-column 'diagnosis' ("
    """
    if not path_columns or not rows:
        return ""
    label = label or _label_example(rows, path_columns, folders)
    first = path_columns[0]
    masks = [c for c in path_columns[1:] if _masks_of(rows, first, c)]
    if masks:
        excluded = [f for c in masks if (f := _folder_of(_cells(rows, c), inputs))]
        exclude = "".join(f" --exclude {f}" for f in excluded) or " --exclude FOLDER"
        shown = " and ".join(repr(c) for c in masks)
        return (f"--labels {path} --key-column {first!r} --label-column {label!r}{exclude} ({shown} names a PNG of each "
                f"{first!r} file's stem: its mask or segmentation, no record of its own; left in, each is rejected as "
                "named by no row)")
    if len(path_columns) == 1:
        return f"--labels {path} --key-column {first!r} --label-column {label!r} (the column naming the inputs)"
    both = ",".join(path_columns)
    return (f"--labels {path} --key-column {both!r} --label-column {label!r} (each of the columns naming inputs a record "
            f"of its own, with its row's label), or --key-column {first!r} for that column's files alone (the others' "
            "are then rejected as named by no row: --exclude their folder where they are masks or copies)")
