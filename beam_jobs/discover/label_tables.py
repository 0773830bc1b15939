"""Describe step: a metadata table that labels a folder's images by a column its content names
(see `shardify.plan.keyed_tables`), where the folders give no labels.

Part of detection (`detect.py`): detect -> describe -> check -> plan. It runs after the dataset's
other evidence files are found (`describe.find_evidence`) and only where none of them labels the
inputs and the folders do not either: no class folders, or class folders that are a download's
parts (`guards`' "numbered parts" and "part as the class": HAM10000_images_part_1/ and _part_2/,
split over two archives for size only). There the part folders are no classes, and the table's
label column labels the inputs.
"""

from __future__ import annotations

import dataclasses

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import describe, label_file_found
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.paths import join_path
from shardify.plan import guards, keyed_tables, layout
from shardify.plan.evidence import Evidence

__all__ = ["PART_SIGNS", "with_label_table"]

# Signs (shardify.plan.guards) that the class folders are parts of a download, not classes.
PART_SIGNS = ("numbered parts", "part as the class")
# Tables looked into: the top of SRC and one folder down, as downloads put their metadata.
_MAX_DEPTH = 1
_CANDIDATES = 20


def with_label_table(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` labelled by a table keyed by content, where nothing else labels its inputs; else
    unchanged.

    Raises:
      UsageError: the table's key or label column is for the user to say (`keyed_tables`), or two
        tables would label the inputs.
    """
    structure = detected.structure
    if structure is None or any(e.gives_labels for e in detected.evidence):
        return detected
    inputs = [p for p in sample if not detected.is_auxiliary(p)]
    sign = guards.find_sign(inputs, structure)
    parts = sign is not None and sign.sign in PART_SIGNS
    if any(level >= 0 for _, level in structure.label_levels) and not parts or structure.unlabelled:
        return detected  # class folders label the inputs
    found = _tables(config, sample, detected)
    if not found:
        return detected
    if len(found) > 1:
        raise UsageError(
            f"{', '.join(e.path for e in found)} each name the inputs and give labels: keep the one to read in SRC, "
            "or say which in a layout file (--dry-run --layout-file FILE, docs/layout-files.md)"
        )
    (table,) = found
    if parts:
        folders = ", ".join(sign.folders[:3])
        detected = describe.at_label_level(detected, 0)
        detected = dataclasses.replace(
            detected, notes=(*detected.notes[:-1], f"{folders}: parts of the download, not classes ({table.path} labels their files)")
        )
    return dataclasses.replace(detected, evidence=(*detected.evidence, table), notes=(*detected.notes, table.note))


def _tables(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> list[Evidence]:
    paths = [
        p for p in sample
        if p.count("/") <= _MAX_DEPTH and layout.extension(p) in ("csv", "tsv") and detected.is_auxiliary(p)
    ][:_CANDIDATES]
    names_inputs = describe.names_inputs(sample, detected)
    found = []
    for path in paths:
        if not FileSystems.exists(join_path(config.source, path)):
            continue  # an archive's member: read where the pipeline reads it
        lines = label_file_found.head_lines(config, path)
        table = keyed_tables.recognise_keyed_table(
            path, lines, names_inputs, key_column=config.key_column, label_column=config.label_column
        )
        if table is not None:
            found.append(table)
    return found
