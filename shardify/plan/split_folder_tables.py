"""A table per split of bare file names, each beside the split folder its name names.

Kaggle's image sets (the butterfly and human-action sets among them) ship `train/Image_1.jpg` ..
and `test/Image_1.jpg` .., numbered from 1 in each folder, with `Training_set.csv` (`filename,label`)
and `Testing_set.csv` (`filename` alone). A bare name names a file in each folder, so a table read
as a table of paths rejected every image (`'Image_1.jpg' names 2 files`), and the stop offered
`--labels FILE`, which rejects them the same way. The tables' names say which folder they name:
each table's split word (`Training`, `test`) is the name of exactly one split folder of the inputs.

Read so only where nothing could make it wrong:

  - every table's name names a split, no two the same one, and each such split is the name of
    exactly one folder of the inputs;
  - a table is one column of names (the split's files, unlabelled: a split without labels, as
    such downloads document their test set) or two, names and a label;
  - every name read is a bare file name (no folder) naming a file of its own split's folder, and
    at least one table gives labels.

Anything else returns nothing and the stop stands. Each table's names are then keyed
`<folder name>/<name>` (`Evidence.prefix`), so a row names the file of its own split only. A bare
table that names files in several folders and has no split in its name (one `labels.csv` beside
`train/` and `test/`) is not read here: which folder its row labels is the user's to say.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shardify.plan.evidence import KeyRule, example_file
from shardify.plan.split_multi_hot import split_folders, split_of, table_rows

__all__ = ["FolderTable", "RULE", "folder_tables", "names_in_split_folders"]

RULE = KeyRule(parts=2, extension=True)  # `<split folder name>/<file name>`
_EXTENSIONS = ("csv", "tsv")


@dataclass(frozen=True)
class FolderTable:
    """A split's table: its file, split, the inputs' folder it names files of, its key column, and
    its label column (None: the split's files, unlabelled)."""

    path: str
    split: str
    folder: str
    key: int
    label: int | None
    header: tuple[str, ...]

    @property
    def prefix(self) -> str:
        return posixpath.basename(self.folder) + "/"


def folder_tables(heads: Mapping[str, Sequence[str]], inputs: Sequence[str], whole: bool = True) -> list[FolderTable]:
    """The split tables of bare file names that `heads` (first lines by path) hold for `inputs`
    (the sampled inputs' paths), or [] where they are not all such (see the module). `whole`: the
    sample is the whole source, so every name read must name a file of its folder; else one at
    least must (the others' files may be unsampled: one folder's names are the other's too, and the
    table's split word, not the files, says which folder it names).

    >>> heads = {"Training_set.csv": ["filename,label", "Image_1.jpg,ADONIS", "Image_2.jpg,MONARCH"],
    ...          "Testing_set.csv": ["filename", "Image_1.jpg"]}
    >>> inputs = ["train/Image_1.jpg", "train/Image_2.jpg", "test/Image_1.jpg"]
    >>> [(t.path, t.split, t.folder, t.key, t.label) for t in folder_tables(heads, inputs)]
    [('Testing_set.csv', 'test', 'test', 0, None), ('Training_set.csv', 'train', 'train', 0, 1)]
    >>> folder_tables({"labels.csv": heads["Training_set.csv"]}, inputs)
    []
    """
    folders = split_folders(inputs)
    files = set(inputs)
    found: list[FolderTable] = []
    for path in sorted(heads):
        name = posixpath.basename(path)
        if "." not in name or name.rsplit(".", 1)[1].lower() not in _EXTENSIONS or example_file(path):
            continue
        split = split_of(posixpath.splitext(name)[0])
        if not split:
            continue
        rows = table_rows(path, heads[path])
        if len(rows) < 2 or len(rows[0]) not in (1, 2) or len(folders.get(split, ())) != 1:
            return []
        (folder,) = folders[split]
        header, data = tuple(rows[0]), [r for r in rows[1:] if len(r) == len(rows[0])]
        if len(data) < len(rows) - 1 or not data:
            return []
        named = lambda c: [posixpath.join(folder, r[c]) in files for r in data]  # noqa: E731
        key = next((c for c in range(len(header)) if all("/" not in r[c] and "\\" not in r[c] and r[c] for r in data)
                    and (all(named(c)) if whole else any(named(c)))), None)
        if key is None:
            return []
        label = 1 - key if len(header) == 2 else None
        found.append(FolderTable(path, split, folder, key, label, header))
    splits = [t.split for t in found]
    if len(found) < 2 or len(set(splits)) != len(splits) or all(t.label is None for t in found):
        return []
    return found


def names_in_split_folders(path: str, lines: Sequence[str], column: int, header: bool, inputs: Sequence[str]) -> tuple[str, list[str]]:
    """(a bare name of the table `path` and the split folders holding a file of that name) where
    most of its names read each name a file in two or more split folders of `inputs`; else ("", []).

    >>> names_in_split_folders("labels.csv", ["filename,label", "a.jpg,x", "b.jpg,y"], 0, True,
    ...                        ["train/a.jpg", "train/b.jpg", "test/a.jpg", "test/b.jpg"])
    ('a.jpg', ['test', 'train'])
    """
    rows = table_rows(path, lines)[1 if header else 0:]
    names = [r[column] for r in rows if len(r) > column and r[column] and "/" not in r[column]]
    by_name: dict[str, set[str]] = {}
    files = set(inputs)  # once: built per name, 1,000 names over 20,000 inputs took 1.2 s
    for folders_of_split in split_folders(inputs).values():
        for folder in folders_of_split:
            for name in names:
                if posixpath.join(folder, name) in files:
                    by_name.setdefault(name, set()).add(folder)
    shared = [n for n in names if len(by_name.get(n, ())) > 1]
    if not names or len(shared) * 2 < len(names):
        return "", []
    return shared[0], sorted(by_name[shared[0]])
