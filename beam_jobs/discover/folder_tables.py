"""A box table in each class folder, naming that folder's images (`box_formats.FOLDER_TABLES`: UEC
FOOD 100's and 256's `<id>/bb_info.txt`, 'img x1 y1 x2 y2' then a box a row keyed by the image's
number): found, every box is an object of the folder's class, and the images' objects label them.

Known by the table's header (its key column and the box's four columns, as a row of
`box_formats.FORMATS` names them, so that the box's convention is written in the file) and by its
rows naming the folder's own images (`row_annotations.names_folder_images`). A table of a key and
four numbers with no header says nothing of whether they are corners or a corner and a size: it is
not read here, and the stop on annotated folders (`guards._check_annotated_points`) stands.

One Evidence covers the tree (the tables' folders' common ancestor), keyed by each image's path
from SRC without its extension: every table is read at conversion, not only the sampled folders'
(UEC FOOD 256 has 256), and an image that lies in two folders (a photo of two foods) is two records,
each with its folder's boxes. Detection reads the first lines of a few tables.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.config import ConvertConfig
from shardify.plan import box_formats, layout, row_annotations
from shardify.plan import evidence as evidence_lib
from shardify.plan.evidence import Evidence, KeyRule

__all__ = ["folder_table_evidence", "header_matches"]

# Tables opened at detection (their first lines only).
_TABLES_READ = 12
# Key components: the whole path from SRC, however deep.
_WHOLE_PATH = 64


def header_matches(fmt: box_formats.BoxFormat, line: str) -> bool:
    """Whether `line` is a FOLDER_TABLES format's header: its key column, then the box's columns.

    >>> fmt = box_formats.format_named("Corner box table per class folder")
    >>> header_matches(fmt, "img x1 y1 x2 y2"), header_matches(fmt, "img x y w h"), header_matches(fmt, "100 1 1 8 12")
    (True, False, False)
    """
    cells = [cell.strip() for cell in fmt.row_cells(line.strip().removeprefix("\ufeff")) if cell.strip()]
    return cells == [fmt.key_field, *fmt.box_fields]


def folder_table_evidence(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    """One BOX_FILES Evidence per FOLDER_TABLES format whose tables lie in the sampled images' folders
    and name their images, at the tables' common ancestor; [] where none does."""
    formats = [f for f in box_formats.FORMATS if f.pairing == box_formats.FOLDER_TABLES]
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    folders = {posixpath.dirname(p) for p in images}
    candidates = [p for p in sample if layout.extension(p) in ("txt", "csv") and posixpath.dirname(p) in folders]
    tables: dict[str, list[str]] = {}
    for path in candidates[:_TABLES_READ]:
        lines = label_file_found.head_lines(config, path)
        first = next((line for line in lines if line.strip()), "")
        for fmt in formats:
            if (re.fullmatch(fmt.files, posixpath.basename(path)) and header_matches(fmt, first)
                    and row_annotations.names_folder_images(path, lines, images)):
                tables.setdefault(fmt.name, []).append(path)
                break
    found = []
    for name, paths in sorted(tables.items()):
        fmt = box_formats.format_named(name)
        parents = sorted({posixpath.dirname(p) for p in paths})
        top = posixpath.commonpath(parents) if len(parents) > 1 else posixpath.dirname(parents[0])
        shown = ", ".join(paths[:3]) + (" and more" if len(paths) > 3 else "")
        note = (f"{top or 'SRC'}/: a box table in each class folder ({shown}: {' '.join((fmt.key_field, *fmt.box_fields))}), "
                f"every box an object of its folder's class: {fmt.shown}")
        found.append(Evidence(top, evidence_lib.BOX_FILES, KeyRule(_WHOLE_PATH, False), box_format=name,
                              image_folder=".", note=note))
    return found
