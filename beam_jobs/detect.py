"""Detect a source folder's layout before the pipeline is built, from a bounded sample.

The launcher looks at the top of SRC and at most DETECT_SAMPLE_FILES files, so detection costs the
same for a thousand files or a billion; the pipeline then lists everything.
"""

from __future__ import annotations

import itertools
import os

from apache_beam.io.filesystems import FileSystems

from shardify import layout, naming
from shardify.beam_jobs.config import ConvertConfig
from shardify.beam_jobs.listing import list_tree, real_folder
from shardify.beam_jobs.filesystem import open_input
from shardify.converters import tables
from shardify.entries import Reject
from shardify.errors import InvalidInputError, SourceError, UsageError
from shardify.input_files import size_of
from shardify.paths import is_local_path, join_path

__all__ = ["DETECT_SAMPLE_FILES", "LABEL_KEY_SAMPLE_ROWS", "resolve_layout", "labels_file_path"]

# Files looked at to tell image folders from text folders, tables and caption pairs.
DETECT_SAMPLE_FILES = 2000
# Label file rows looked at to tell path keys from id keys.
LABEL_KEY_SAMPLE_ROWS = 100


def _relative_labels_file(source: str, labels_file: str) -> str:
    """The label file relative to SRC when it is inside SRC (then it is not an input), else as given."""
    if is_local_path(source) and is_local_path(labels_file):
        real_source, real_file = os.path.realpath(source), os.path.realpath(labels_file)
        if os.path.commonpath([real_source, real_file]) == real_source:
            return os.path.relpath(real_file, real_source).replace(os.sep, "/")
        return os.path.abspath(labels_file)
    prefix = source.rstrip("/") + "/"
    return labels_file[len(prefix) :] if labels_file.startswith(prefix) else labels_file


def labels_file_path(source: str, labels_file: str) -> str:
    """Where to open a SourceLayout's label file."""
    if is_local_path(labels_file) and os.path.isabs(labels_file) or "://" in labels_file:
        return labels_file
    return join_path(source, labels_file)


def _label_file_sample(path: str, label_column: str) -> tuple[list[str], bool]:
    """(the first rows' keys, whether the label file has a caption column)."""
    keys, has_caption = [], False
    try:
        with open_input(path) as fileobj:
            header, rows = tables.read_table(fileobj, tables.table_format(path), size_of(fileobj))
            for row in itertools.islice(rows, LABEL_KEY_SAMPLE_ROWS):
                if isinstance(row, tables.Row):
                    columns = tables.label_file_columns(header or list(row.cells), label_column)
                    keys.append(str(row.cells.get(columns.key, "")))
                    has_caption = has_caption or bool(columns.caption)
    except (OSError, InvalidInputError) as error:
        raise SourceError(f"cannot read the label file {path}: {error}") from None
    return keys, has_caption


def resolve_layout(config: ConvertConfig) -> layout.SourceLayout:
    """The source's layout: forced by `config.layout` or detected.

    Raises:
      SourceError: the source or the label file cannot be read.
      UsageError: split folders meet `--split`.
    """
    listing = list_tree(config.source, exclude=[config.output])
    files = (i[0] for i in listing if not isinstance(i, Reject) and not layout.is_junk(i[0]))
    if is_local_path(config.source):
        sample = list(itertools.islice(files, DETECT_SAMPLE_FILES))
        output, root = real_folder(config.output), real_folder(config.source)
        with os.scandir(config.source) as scan:
            top_folders = [
                e.name for e in scan if e.is_dir(follow_symlinks=False) and os.path.join(root, e.name) != output
            ]
    else:
        # Object stores list in name order, so the first files may all lie in one folder ("test/"
        # before "train/"): the top folders come from the whole listing, which Beam's match reads
        # in full anyway.
        sample, folders = [], set()
        for relpath in files:
            if len(sample) < DETECT_SAMPLE_FILES:
                sample.append(relpath)
            if "/" in relpath:
                folders.add(relpath.split("/", 1)[0])
        top_folders = sorted(folders)
    top_files = {p for p in sample if "/" not in p}
    if naming.MANIFEST_FILENAME in top_files and any(naming.parse_shard_filename(p) for p in top_files):
        raise UsageError(
            f"{config.source} is a shardify output (it holds {naming.MANIFEST_FILENAME} and shards): convert the "
            "raw data it was made from, or read it with shardify.load"
        )
    labels_file = _relative_labels_file(config.source, config.labels_file) if config.labels_file else ""
    if not labels_file and config.layout in ("", layout.LABEL_FILE):
        has_data_files = any(layout.extension(p) not in layout.TABLE_EXTENSIONS for p in sample)
        found = [name for name in layout.LABEL_FILE_NAMES if name in top_files]
        if found and has_data_files:
            labels_file = found[0]
    if config.labels_file and not FileSystems.exists(labels_file_path(config.source, labels_file)):
        raise SourceError(f"label file {config.labels_file} does not exist")
    keys, caption_column = (
        _label_file_sample(labels_file_path(config.source, labels_file), config.label_column)
        if labels_file
        else ([], False)
    )
    detected = layout.detect_layout(
        sample, top_folders, labels_file=labels_file, label_keys=keys, caption_column=caption_column, forced=config.layout
    )
    if config.split and detected.split_folders:
        raise UsageError(
            f"{config.source} has split folders ({', '.join(detected.split_folders)}); "
            "--split would mix them: drop --split, or point SRC at one split folder"
        )
    return detected
