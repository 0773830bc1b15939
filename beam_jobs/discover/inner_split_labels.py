"""Describe step: a label table lying inside a split folder labels that split's files only.

C-NMC 2019's `validation_data/C-NMC_test_prelim_phase_data_labels.csv` names `1.bmp` .. beside
`testing_data/C-NMC_test_final_phase_data/1.bmp` ..: read as a table of bare names it named a file
in two split folders and was no evidence, so no reading, detected or mended in a layout file, could
label the validation cells. `shardify.plan.inner_split_tables` says when such a table is read; here
it becomes `label lines` evidence of its split, keyed by the folders below the split's parent
(`validation_data/C-NMC_test_prelim_phase_data/1.bmp`), which the guess (and a layout file written
from it) carries. Part of detection (`detect.py`): detect -> describe -> check -> plan; only first
lines are read.
"""

from __future__ import annotations

import dataclasses
import posixpath

from shardify.beam_jobs.discover import describe, label_file_found
from shardify.config import ConvertConfig
from shardify.plan import inner_split_tables, layout, split_multi_hot
from shardify.plan.evidence import LABEL_LINES, Evidence, KeyRule

__all__ = ["with_inner_split_tables"]

# Tables looked into, at most this many (each a first-lines read).
_MAX_TABLES = 8


def _bare(found: Evidence) -> bool:
    """Label lines keyed by bare names across the whole source (`label_tables`' reading of a table that
    lies in a split folder: its `1.png` names the test folder's `1.png` too, each a reject): read again here."""
    return (found.kind == LABEL_LINES and found.key == KeyRule() and not found.prefix and not found.split
            and not (found.classes or found.label_separator or found.label_also or found.label_lists))


def _elsewhere(table: inner_split_tables.InnerTable, heads: dict[str, list[str]], inputs: list[str]) -> bool:
    """Some name of `table` is also a file's name outside its split folder: its reading by bare names
    rejected those files (a table whose names are its folder's alone keeps the reading it had)."""
    rows = split_multi_hot.table_rows(table.path, heads[table.path])[1 if table.headed else 0:]
    names = {r[table.key] for r in rows if len(r) > table.key}
    return any(posixpath.basename(p) in names for p in inputs if not p.startswith(table.split_folder + "/"))


def _unlabelled_split_folders(detected: layout.SourceLayout) -> dict[str, str]:
    """Split folder path (relative to SRC) -> its split, for the split folders no class folder
    labels and no evidence labels; {} where the split folders do not lie right under the root."""
    structure = detected.structure
    if structure is None or structure.split_level < 0 or structure.root.count("/") != structure.split_level:
        return {}
    names = dict(structure.split_names)
    labelled = {e.split for e in detected.evidence if e.gives_labels and not _bare(e)}
    return {structure.root + folder: names.get(folder, folder) for folder, level in structure.label_levels
            if folder and level < 0 and names.get(folder, folder) not in labelled and "" not in labelled}


def with_inner_split_tables(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with each unlabelled split folder's own label table read (see the module); else unchanged."""
    if detected.name != layout.IMAGE_FOLDERS or config.labels_file or config.label_from_name or config.split:
        return detected
    if config.label_column or config.key_column or detected.structure is None or detected.structure.name_pattern is not None:
        return detected
    folders = _unlabelled_split_folders(detected)
    read = {e.path for e in detected.evidence if not _bare(e)}
    tables = [p for p in sample if layout.extension(p) in ("csv", "tsv") and not layout.is_junk(p) and p not in read
              and any(p.startswith(f + "/") for f in folders)][:_MAX_TABLES]
    if not tables:
        return detected
    heads = {p: label_file_found.head_lines(config, p) for p in tables}
    inputs = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS and not layout.is_junk(p)]
    found = inner_split_tables.inner_tables(heads, inputs, sorted(folders), len(sample) < describe.sample_files())
    bare = {e.path for e in detected.evidence if _bare(e)}
    found = [t for t in found if t.path not in bare or _elsewhere(t, heads, inputs)]
    evidence = []
    for table in found:
        split = folders[table.split_folder]
        note = (f"{table.path}: its column {table.header[table.key]!r} names the files of {table.folder}/ (the {split} "
                f"split: the folder the table lies in), labelled by its column {table.header[table.label]!r}")
        evidence.append(Evidence(table.path, LABEL_LINES, KeyRule(parts=table.parts, extension=True), split=split,
                                 column=table.key, header=table.headed, cells=0 if table.headed else len(table.header),
                                 label_column=table.label, prefix=table.prefix, note=note))
    if not evidence:
        return detected
    again = {e.path for e in evidence}
    kept = tuple(e for e in detected.evidence if e.path not in again)
    replaced = {e.note for e in detected.evidence if e.path in again}
    notes = tuple(n for n in detected.notes if n not in replaced)
    return dataclasses.replace(detected, evidence=(*kept, *evidence), notes=(*notes, *(e.note for e in evidence)))
