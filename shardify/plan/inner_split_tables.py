"""A label table lying inside one split folder, naming by bare names the files of a folder of that
split, names other split folders repeat.

C-NMC 2019 (leukemia cells) ships `training_data/fold_<n>/{all,hem}/*.bmp` (class folders),
`validation_data/C-NMC_test_prelim_phase_data/<n>.bmp` labelled by the table beside that folder,
`validation_data/C-NMC_test_prelim_phase_data_labels.csv` (`Patient_ID,new_names,labels`), and
`testing_data/C-NMC_test_final_phase_data/<n>.bmp`, unlabelled and numbered from 1 as well. Before,
the table was no evidence at all: its bare names (`1.bmp`) name a file in two split folders, and
its own name (`..._test_prelim_phase_...`) names another split than the folder it lies in. A
stop's layout file could then not be mended into a right conversion without writing the table's
reading by hand.

Where the table lies says which files it names: a split folder's table names the files of that
split only. It is read so only where nothing could make that wrong:

  - it lies inside a split folder whose files no class folder labels (its label level -1);
  - one column's cells are all bare names (no folder), each naming a file of one and the same
    folder below that split folder (every one of them where the sample is the whole source);
  - one other column is the label: the only other column whose cells repeat, name no file and are
    no fractions (a table of two columns: the other one, if so); two such columns, or none, and
    nothing is read. A column of a value each (a patient id) or of measurements (`0.47`) is no
    class: read as one, each image had been written a class of its own, exit 0 (review32);
  - its first line is a header unless its key cell names a file of that folder (a headerless table
    had lost its first row to a header, and that image written unlabelled among labelled ones).

Its keys then name `<split folder>/<folders down to the files>/<name>` (`Evidence.prefix`, a
`KeyRule` of that many parts), never a file of another split. Nothing here reads a file:
detection (beam_jobs/discover/inner_split_labels.py) hands in each table's first lines.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shardify.inputs.whole_numbers import is_decimal
from shardify.plan.evidence import example_file
from shardify.plan.split_multi_hot import table_rows

__all__ = ["InnerTable", "inner_tables"]

_EXTENSIONS = ("csv", "tsv")


@dataclass(frozen=True)
class InnerTable:
    """A split folder's table: its file, the split folder it lies in, the folder of the files it
    names (relative to SRC), its key column, its label column, its header cells (`column N` each
    where it has no header line) and whether it has a header line."""

    path: str
    split_folder: str
    folder: str
    key: int
    label: int
    header: tuple[str, ...]
    headed: bool = True

    @property
    def prefix(self) -> str:
        """What goes before each key: the folders from the split folder down to the files'."""
        above = posixpath.dirname(self.split_folder)
        return (self.folder[len(above) + 1:] if above else self.folder) + "/"

    @property
    def parts(self) -> int:
        """The path components a key (prefix and name) names."""
        return self.prefix.count("/") + 1


def _file_name(cell: str) -> bool:
    stem, dot, ending = cell.rpartition(".")
    return bool(dot and stem and ending.isalnum() and not ending.isdigit())


def _fraction(cell: str) -> bool:
    """A number written with a fraction or an exponent (a measurement, a score), no class's name."""
    return is_decimal(cell) and any(c in cell for c in ".eE")


def _label_column(header: Sequence[str], data: Sequence[Sequence[str]], key: int) -> int | None:
    """The one column besides `key` that holds labels (see the module), or None."""
    others = [c for c in range(len(header)) if c != key]
    repeating = [c for c in others if len({r[c] for r in data}) < len(data) and not any(_file_name(r[c]) for r in data)
                 and not all(_fraction(r[c]) for r in data if r[c])]
    if len(others) == 1:
        return others[0] if repeating else None
    repeating = [c for c in repeating if all(r[c] for r in data)]
    return repeating[0] if len(repeating) == 1 else None


def _one_table(path: str, lines: Sequence[str], split_folder: str, inputs: Sequence[str], whole: bool) -> InnerTable | None:
    rows = table_rows(path, lines)
    if len(rows) < 2 or len(rows[0]) < 2:
        return None
    if any(len(r) != len(rows[0]) for r in rows):
        return None
    by_name: dict[str, set[str]] = {}
    for p in inputs:
        if p.startswith(split_folder + "/"):
            by_name.setdefault(posixpath.basename(p), set()).add(posixpath.dirname(p))
    for key in range(len(rows[0])):
        headed = rows[0][key] not in by_name  # (a first row naming a file of the split is a row: no header line)
        header = tuple(rows[0]) if headed else tuple(f"column {c + 1}" for c in range(len(rows[0])))
        data = rows[1:] if headed else rows
        cells = [r[key] for r in data]
        if not all(c and "/" not in c and "\\" not in c for c in cells):
            continue
        folders = [by_name.get(c, set()) for c in cells]
        if any(len(f) > 1 for f in folders):
            return None  # a name two folders of the split hold: which one, nothing says
        named = set().union(*folders)
        if len(named) != 1 or not (all(folders) if whole else any(folders)):
            continue
        label = _label_column(header, data, key)
        if label is None:
            return None
        return InnerTable(path, split_folder, named.pop(), key, label, header, headed)
    return None


def inner_tables(
    heads: Mapping[str, Sequence[str]], inputs: Sequence[str], unlabelled_folders: Sequence[str], whole: bool = True
) -> list[InnerTable]:
    """The tables of `heads` (first lines by path relative to SRC) lying inside one of
    `unlabelled_folders` (split folders, relative to SRC, no class folder labels) that label files
    of a folder of it (see the module); at most one a split folder.

    >>> heads = {"val/labels.csv": ["id,name,label", "p1.bmp,1.bmp,1", "p2.bmp,2.bmp,0", "p3.bmp,3.bmp,1"]}
    >>> inputs = ["val/imgs/1.bmp", "val/imgs/2.bmp", "val/imgs/3.bmp", "test/imgs/1.bmp"]
    >>> [(t.folder, t.key, t.label, t.prefix, t.parts) for t in inner_tables(heads, inputs, ["val", "test"])]
    [('val/imgs', 1, 2, 'val/imgs/', 3)]
    >>> inner_tables(heads, inputs, ["test"])
    []
    """
    found: dict[str, InnerTable] = {}
    doubled: set[str] = set()
    for path in sorted(heads):
        name = posixpath.basename(path)
        if "." not in name or name.rsplit(".", 1)[1].lower() not in _EXTENSIONS or example_file(path):
            continue
        folder = next((f for f in unlabelled_folders if path.startswith(f + "/")), "")
        if not folder:
            continue
        table = _one_table(path, heads[path], folder, inputs, whole)
        if table is None:
            continue
        if folder in found:  # two tables of one split folder: which labels, the user says
            doubled.add(folder)
        found[folder] = table
    return [t for folder, t in sorted(found.items()) if folder not in doubled]
