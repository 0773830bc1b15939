"""Where the label file `--labels` names lies: the one file, or each table its glob names
(`--labels 'Labels/*.csv'`), relative to SRC where it is inside SRC, and where to open it.

Part of detection, read by `label_file_found` (which re-exports these names, where callers read
them), by the listing of inputs (`find_inputs`: a label file inside SRC is no input) and by the
joins and key checks of a given table. A module of its own because it answers a question of paths
alone (the working folder, SRC, links out of SRC, globs), apart from what the file holds.
"""

from __future__ import annotations

import glob as globlib
import os

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import local_globs
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan import table_groups

__all__ = ["label_file_paths", "labels_file_path", "relative_labels_file"]


def relative_labels_file(source: str, labels_file: str) -> str:
    """The label file relative to SRC when it is inside SRC (then it is not an input), else as given;
    a relative glob that matches nothing from the working folder is read under SRC, where such
    tables lie (`--labels 'Labels/*.csv'`). A relative name found in SRC but not in the working
    folder is SRC's (`--labels train.csv`, as a refusal names SRC's files)."""
    if table_groups.is_glob(labels_file) and is_local_path(labels_file) and not os.path.isabs(labels_file):
        if not globlib.glob(labels_file):
            return labels_file
    if is_local_path(source) and is_local_path(labels_file):
        in_source = os.path.join(source, labels_file)
        if not os.path.isabs(labels_file) and not os.path.exists(labels_file) and os.path.isfile(in_source):
            labels_file = in_source
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


def label_file_paths(source: str, labels_file: str, *, follow_outside_links: bool = False) -> list[tuple[str, str]]:
    """(where to open it, its name as rejects name it) of each label file a SourceLayout's
    `labels_file` names: the one file, or every file its glob matches (`Labels/*.csv`), sorted.
    A match inside SRC that the listing rejects (a named pipe, a link out of SRC unless
    `follow_outside_links`) is left to that reject: read as well, a link's outside table labelled
    the images while the report said it was refused."""
    path = labels_file_path(source, labels_file)
    if not table_groups.is_glob(labels_file):
        return [(path, labels_file)]
    if is_local_path(path):  # (Beam's match backtracks on a pattern of many stars: `local_globs`)
        matched = local_globs.local_matches(path)
    else:
        matched = sorted(m.path for result in FileSystems.match([path]) for m in result.metadata_list)
    prefix = path[: len(path) - len(labels_file)] if path.endswith(labels_file) else ""
    matched = [m for m in matched if not (prefix and m.startswith(prefix) and is_local_path(m)
                                          and _listing_rejects(source, m, follow_outside_links))]
    return [(m, m[len(prefix) :] if prefix and m.startswith(prefix) else m) for m in matched]


def _listing_rejects(source: str, path: str, follow_outside_links: bool) -> bool:
    """The listing of SRC rejects the local file `path` inside it: no regular file, or a link out."""
    if not os.path.isfile(path):
        return True
    real_source = os.path.realpath(source)
    return not follow_outside_links and os.path.commonpath([real_source, os.path.realpath(path)]) != real_source
