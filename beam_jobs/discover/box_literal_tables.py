"""Tables whose one column writes each row's objects as box or polygon literals, found among the
sample's tables and read as BOX_TABLE evidence (`shardify.plan.literal_tables` reads the roles from
the first lines): Airbus Aircrafts' annotations.csv (`id,image_id,geometry,class`, a polygon a row),
the Great Barrier Reef's train.csv (`annotations`, a list of box dicts per frame, the frame named by
`video_id` and `video_frame`). A table read so is no longer "unread": the stop that named it
(`unread_annotation_checks`) is left for the tables that stay ambiguous.
"""

from __future__ import annotations

import csv
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.config import ConvertConfig
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout, literal_tables
from shardify.plan.evidence import Evidence, KeyRule, key_rule
from shardify.plan.evidence_keys import INPUT_SUFFIX

__all__ = ["literal_table_evidence"]

# Tables looked at (the sample's first), and lines read of each.
_TABLES = 24
_LINES = 200
_EXTENSIONS = {"csv": ",", "tsv": "\t"}


def _names(images: Sequence[str]) -> dict[str, int]:
    """Every spelling by which a cell may name a sampled image (path, file name, stem, path without
    its extension, the last two components with or without it), and how many images it names."""
    found: dict[str, int] = {}
    for path in images:
        two = "/".join(path.split("/")[-2:])
        for key in {path, posixpath.basename(path), layout.stem(path), path.rsplit(".", 1)[0], two, two.rsplit(".", 1)[0]}:
            found[key] = found.get(key, 0) + 1
    return found


def _names_images(lines: Sequence[str], known, delimiter: str) -> bool:
    """Whether a column of a table's first lines names one sampled image a cell, in most rows."""
    try:
        rows = [row for row in csv.reader([line for line in lines if line.strip()], delimiter=delimiter)][1:]
    except csv.Error:  # (a cell past csv's field limit: no table this reads)
        return False
    width = max((len(row) for row in rows), default=0)
    return any(sum(known(row[c]) == 1 for row in rows if c < len(row)) * 2 > len(rows) for c in range(width))


def literal_table_evidence(config: ConvertConfig, sample: Sequence[str], claimed: set[str]) -> list[Evidence]:
    """A BOX_TABLE Evidence per table of `sample` (not among `claimed`) whose column of literals, image
    and class read unambiguously; [] where a label file or pattern was given."""
    if config.labels_file or config.label_from_name:
        return []
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    if not images:
        return []
    names = _names(images)
    # how many sampled images a cell names: a column naming several by one cell (the reef's `video_frame`, `9` in
    # every video's folder) names no image alone
    known = lambda cell: names.get(cell.strip().replace("\\", "/").lstrip("./"), 0)
    found = []
    tables = [p for p in sample if layout.extension(p) in _EXTENSIONS and p not in claimed and not evidence_lib.example_file(p)]
    heads = {path: label_file_found.head_lines(config, path, lines=_LINES) for path in tables[:_TABLES]}
    read = {path: literal_tables.read_literal_table(lines, known, images, _EXTENSIONS[layout.extension(path)])
            for path, lines in heads.items()}
    # another table naming the images (RANZCR's train.csv of 0/1 line classes beside train_annotations.csv's drawn
    # lines of a few images): which holds what the records are, nothing says; the unread-table stop names both
    others = [path for path, table in read.items() if table is None and _names_images(heads[path], known, _EXTENSIONS[layout.extension(path)])]
    for path, table in read.items():
        if table is None or others:
            continue
        delimiter, lines = _EXTENSIONS[layout.extension(path)], heads[path]
        fmt = literal_tables.literal_format(table, delimiter)
        if table.template:
            rule = KeyRule(table.template.count("/") + 1, bool(INPUT_SUFFIX.search(table.template)))
            how = f"its image by the key {table.template!r} over its columns"
        else:
            rows = [row for row in (fmt.row_cells(line) for line in lines[1:] if line.strip())]
            index = fmt.row_cells(lines[0]).index(table.key)
            rule = key_rule([row[index] for row in rows if len(row) > index])
            how = f"its image by {table.key}"
        what = f"the class by {table.class_column}" if table.class_column else f"every object one class, {fmt.single_class!r}"
        note = (f"{path}: objects of the images it names (a row's {table.box} a literal of boxes or polygons, each read as "
                f"its envelope in pixels; {how}; {what}): {fmt.name}")
        found.append(Evidence(path, evidence_lib.BOX_TABLE, rule, box_format=fmt.name, note=note))
    return found
