"""FindInputs: the listed files become Candidates, by the transform of the source's layout.

    [Listed] --LabelFromPath | ScanTables | JoinLabelFile | PairCaptions | WebDatasetSamples--> [Candidate]

Every transform returns {CANDIDATES, REJECTS, COLUMNS, NOTES} (see `candidates.py`).
"""

from __future__ import annotations

import apache_beam as beam

from shardify.beam_jobs.discover.arrays import ArrayElements
from shardify.beam_jobs.discover.class_folders import LabelFromPath
from shardify.beam_jobs.discover.label_file_found import label_file_paths
from shardify.beam_jobs.discover.image_captions import PairCaptions
from shardify.beam_jobs.discover.label_file import JoinLabelFile
from shardify.beam_jobs.discover.left_out_keys import left_out_paths
from shardify.beam_jobs.discover.tables import ScanTables
from shardify.beam_jobs.discover.webdataset import WebDatasetSamples
from shardify.config import ConvertConfig
from shardify.plan import layout as layout_lib
from shardify.plan.evidence import KEYED_LABELS
from shardify.plan.layout import SourceLayout

__all__ = ["FindInputs"]


def FindInputs(  # noqa: N802
    config: ConvertConfig, source_layout: SourceLayout, listing_rejects: beam.PCollection, index_folder: str
) -> beam.PTransform:
    """The layout's transform: [Listed] -> {CANDIDATES: [Candidate], REJECTS, COLUMNS, NOTES}.

    Args:
      listing_rejects: the Rejects of files that could not be listed (a label file may name them).
      index_folder: where .tar.gz indexes are (for tables inside such archives).
    """
    name = source_layout.name
    if name in (layout_lib.IMAGE_FOLDERS, layout_lib.TEXT_FOLDERS, layout_lib.NAMED_FILES):
        return LabelFromPath(source_layout, config.label_from_name, config.label_separator, config.unlabelled_files)
    if name == layout_lib.TABLES:
        keyed = tuple(e for e in source_layout.evidence if e.kind == KEYED_LABELS)  # (label_join.py)
        return ScanTables(config, index_folder, source_layout.media, source_layout.line_files, keyed, dict(source_layout.row_labels),
                           dict(source_layout.split_ids), source_layout.text_joins, dict(source_layout.table_labels))
    if name in (layout_lib.LABEL_FILE, layout_lib.COCO):
        labels_paths = label_file_paths(config.source, source_layout.labels_file,
                                        follow_outside_links=config.follow_outside_links)
        return JoinLabelFile(
            labels_paths, source_layout, config.table_options, listing_rejects, config.excludes, left_out_paths(config)
        )
    if name == layout_lib.ARRAYS:
        return ArrayElements(config.source, source_layout, follow_outside_links=config.follow_outside_links)
    if name == layout_lib.WEBDATASET:
        return WebDatasetSamples(
            config.source, source_layout, follow_outside_links=config.follow_outside_links, index_folder=index_folder
        )
    return PairCaptions(source_layout)
