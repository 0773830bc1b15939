"""Where a layout's labels and splits come from, said in one phrase each for the plan.

Every plan (and every layout file's header) says both: the files that give the records' labels,
and those that give their splits, or that there are none. The phrases are read off a
`SourceLayout`'s fields and its evidence; this module decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from shardify.plan.evidence import LABEL_LINES
from shardify.plan.layout_names import ARRAYS, COCO, IMAGE_FOLDERS, NAMED_FILES, TABLES, TEXT_FOLDERS, WEBDATASET

if TYPE_CHECKING:
    from shardify.plan.layout import SourceLayout

__all__ = ["provenance"]


def provenance(layout: SourceLayout, *, ratios: object = None) -> tuple[str, str]:
    """(which files give the records' labels, which give their splits), one phrase each.

    Args:
      layout: the source's layout.
      ratios: `--split`'s ratios, said where nothing else splits.
    """
    label_files = _shown([e.shown for e in layout.evidence if e.gives_labels])
    splitting = [e for e in layout.evidence if e.gives_split]
    if splitting:  # a label table whose rows are a split beside them (train.csv beside test.csv)
        splitting = [e for e in layout.evidence if e.gives_split or (e.kind == LABEL_LINES and e.split)]
    split_files = _shown([e.shown for e in splitting])
    structure = layout.structure
    if label_files and layout.name == TABLES:  # labels tables joined by id (`label_joins`)
        joined = _shown([f"{e.shown} for {e.rows_of}'s rows, by {e.rows_key!r}" for e in layout.evidence if e.rows_of])
        labels = f"each table's label column, where it has one; {joined}"
    elif label_files:
        labels = label_files
    elif layout.labels_file:
        labels = f"the {'annotation' if layout.name == COCO else 'label'} file {layout.labels_file}"
    elif layout.name == ARRAYS:
        labels = "the label arrays beside the images"
    elif layout.name == NAMED_FILES:
        labels = "file names (--label-from-name)"
    elif layout.line_files:
        labels = _shown([f"{f.path}: {f.label}" if f.label else f"{f.path}: {f.labels or ('none, its pair ' + f.pair if f.pair else 'none')}" for f in layout.line_files])
        labels = f"line files ({labels})"
    elif layout.name == TABLES and layout.row_labels:
        shown = _shown([f"{labels_file or 'none shipped'} for {table}'s rows" for table, labels_file in layout.row_labels])
        labels = f"each table's label column, where it has one; line i of {shown}, row i's"
    elif layout.name == TABLES and layout.table_labels:
        shown = _shown([f"{table}: {label or 'unlabelled'}" for table, label in layout.table_labels])
        labels = f"each table's file name, its class ({shown})"
    elif layout.name == TABLES:
        labels = "each table's label column, where it has one"
    elif structure is not None and structure.single_class:
        labels = f"the one class folder, {structure.root}"
    elif structure is not None and any(level >= 0 for _, level in structure.label_levels):
        labels = f"class folders: SRC/{structure.folders_shown()}" + (", or file names" if structure.name_pattern else "")
        if structure.class_path:
            labels += " and every folder below it down to the file's (class_path)"
        if structure.class_leaf:
            labels += ", or the file's own folder below it (class_leaf)"
    elif structure is not None and structure.name_pattern:
        labels = "file names (<label>_<number>)"
    elif structure is None and layout.name in (IMAGE_FOLDERS, TEXT_FOLDERS, WEBDATASET):
        labels = "class folders" if layout.name != WEBDATASET else "each sample's .cls or .json member"
    else:
        labels = "none: the records are unlabelled"
    if layout.split_patterns:
        shown = _shown([f"{split} <- {pattern}" for pattern, split in layout.split_patterns])
        splits = f"path patterns: {shown}"
    elif split_files:
        splits = split_files
    elif layout.name != TABLES and (named_rows := [e for e in layout.evidence if e.kind == LABEL_LINES and e.split]):
        # (a label table named as a split, FSD50K's dev.csv, and nothing else splitting: its rows that split, not
        # "one split, train" above a plan of dev and train)
        splits = _shown([f"{e.shown}: its rows {e.split}" for e in named_rows]) + "; the other inputs train"
    elif layout.row_splits:
        splits = f"the row numbers of {layout.labels_file} that {_shown([f'{f} ({split})' for split, f in layout.row_splits])} list"
    elif layout.split_ids:
        shown = _shown([f"{ids} for {document}'s records" for document, ids in layout.split_ids])
        splits = f"the ids files' lists, by each record's id: {shown}"
    elif layout.split_folders:
        splits = f"split folders: {', '.join(layout.split_folders)}"
    elif structure is not None and structure.split_folders:  # below SRC's top (a layout file's split_level)
        splits = f"split folders: {', '.join(structure.split_folders)} (at level {structure.split_level + 1} from SRC)"
    elif layout.name == ARRAYS:
        splits = "the array files' or arrays' names (data_batch, test_batch, x_train, t10k), or an HDF5 file's groups (train/)"
    elif layout.name == TABLES:
        splits = (
            "the tables' names where they name a split (train.csv, dev.tsv), or their folders' (set-train-2017/), else train; a JSON file's split "
            "keys and a table's split column (Usage, partition) first"
        )
    elif ratios:
        splits = f"--split {ratios}"
    else:
        splits = "none: one split, train"
    return labels, splits


def _shown(paths: Sequence[str], most: int = 4) -> str:
    return ", ".join(paths[:most]) + (f" and {len(paths) - most} more" if len(paths) > most else "")
