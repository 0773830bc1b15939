"""Checks of a layout file's reading against the source before anything is written (with
`--layout-file` detection is skipped, so these are what stands between a misspelt or wrong line in
it and a run that writes the wrong records with exit 0): its split folders exist, and tables it
reads as texts are not images written out as numbers.
"""

from __future__ import annotations

from shardify.beam_jobs.discover.pixel_row_tables import illustrations, pixel_tables
from shardify.config import ConvertConfig
from shardify.converters import archives
from shardify.errors import UsageError
from shardify.plan import layout

__all__ = ["check_pixel_media", "check_split_folders"]


def check_pixel_media(config: ConvertConfig, given: layout.SourceLayout, sample: list[str]) -> None:
    """A layout file reading tables as texts whose tables hold images written out as numbers
    (converters/pixel_rows.py) would write every image's digits as a text, or reject every row.

    Raises:
      UsageError: names the tables and the line to mend (`media: image`).
    """
    if given.name != layout.TABLES or given.media != "text":
        return
    found = pixel_tables(config, sample, illustrations(sample))
    if found:
        raise UsageError(
            f"{', '.join(found)} hold{'s' if len(found) == 1 else ''} a grey image a row written out as numbers, "
            "which the layout file reads as texts: set `media: image` in it to write them as images "
            "(docs/layout-files.md)"
        )


def check_split_folders(given: layout.SourceLayout, sample: list[str]) -> None:
    """A layout file's split folders exist: a misspelt one (`trian`) would otherwise leave its
    files read as no split's, with no word.

    Raises:
      UsageError: names the folder, the level, and the folders found there.
    """
    structure = given.structure
    if structure is None or structure.split_level < 0 or given.source_file:
        return
    if any(archives.archive_kind(p) for p in sample):
        return  # archives read as folders: their members are not in this sample
    level = structure.split_level
    found = {parts[level] for parts in (p.split("/") for p in sample) if len(parts) > level + 1}
    named = {folder for folder, _ in structure.label_levels if folder} | {folder for folder, _ in structure.split_names}
    missing = sorted(named - found)
    if sample and missing:
        shown = ", ".join(sorted(found)[:8]) or "none"
        raise UsageError(
            f"the layout file names split folder(s) {', '.join(missing)} at level {level}, where no file lies "
            f"(folders there: {shown}): mend the name in structure.label_levels / split_names"
        )
