"""Describe step: a multi-hot label table per split, in a folder of its own beside the split folders.

RFMiD's `2. Groundtruths/a. RFMiD_Training_Labels.csv` (`ID,Disease_Risk,DR,ARMD,...`) labels
`1. Original Images/a. Training Set/<ID>.png`, and the validation and test tables label their own
split folders with the same ids. Before, such a source stopped ("no class folders ... the labels
may be in 2. Groundtruths/*.csv") and `--labels` on one table found "no label column" (the many
class columns that are all 0 in a small sample). Read here, where nothing else labels the inputs
and no option says how: each table's rows label the files of its split's folder only
(`shardify.plan.split_multi_hot`, which says when and why not, and stops where a table's ids name
files of another folder). Part of detection (`detect.py`): detect -> describe -> check -> plan;
nothing is read here but first lines.
"""

from __future__ import annotations

import dataclasses

from shardify.beam_jobs.discover import describe, label_file_found
from shardify.config import ConvertConfig
from shardify.plan import layout, split_multi_hot
from shardify.plan.evidence import LABEL_LINES, Evidence

__all__ = ["with_split_tables"]

# Tables looked into (those whose names name a split), at most this many.
_MAX_TABLES = 12


def _unlabelled(detected: layout.SourceLayout) -> bool:
    structure = detected.structure
    if structure is None or any(e.gives_labels for e in detected.evidence):
        return False
    return not any(level >= 0 for _, level in structure.label_levels) and structure.name_pattern is None


def with_split_tables(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` labelled by its per-split multi-hot tables where it has them and nothing else
    labels its inputs; else unchanged.

    Raises:
      UsageError: such tables whose reading could be wrong (`split_multi_hot.find_split_tables`).
    """
    if detected.name != layout.IMAGE_FOLDERS or not _unlabelled(detected):
        return detected
    if config.labels_file or config.label_level is not None or config.label_from_name or config.split:
        return detected
    if config.label_column or config.key_column:
        return detected
    tables = [p for p in sample if layout.extension(p) in ("csv", "tsv") and not layout.is_junk(p)
              and split_multi_hot.names_split(p)][:_MAX_TABLES]
    if len(tables) < 2:
        return detected
    heads = {p: label_file_found.head_lines(config, p) for p in tables}
    inputs = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS and not layout.is_junk(p)]
    found = split_multi_hot.find_split_tables(heads, inputs, len(sample) < describe.sample_files())
    if not found:
        return detected
    evidence = []
    for table in found:
        shown = ", ".join(map(repr, table.classes[:4])) + (" ..." if len(table.classes) > 4 else "")
        note = (
            f"{table.path}: the {table.split} split's labels, its {len(table.classes)} columns of 0/1 ({shown}) a column "
            f"per class (a row's 1s its labels, multi-label), its ids naming the files of {table.folder}/ only "
            f"({split_multi_hot.SUFFIX})"
        )
        if table.summary:
            note += (f"; {table.summary!r} is 1 exactly where a class column is: a summary ('any class'), no class, "
                     "and a row of no class the empty label set")
        evidence.append(Evidence(
            table.path, LABEL_LINES, table.rule, split=table.split, column=table.key, header=True, prefix=table.prefix,
            classes=table.classes, summary=table.summary, note=note,
        ))
    notes = (*detected.notes, *(e.note for e in evidence))
    return dataclasses.replace(detected, evidence=(*detected.evidence, *evidence), notes=notes)
