"""Checks of a layout file's reading against the source before anything is written (with
`--layout-file` detection is skipped, so these are what stands between a misspelt or wrong line in
it and a run that writes the wrong records with exit 0): its split folders exist, tables it
reads as texts are not images written out as numbers, and what it names of its label file is
there (its key columns, key folder and row lists: else every file a reject, or a stack trace), and
the folder names `class_leaf` reads each name one class.
"""

from __future__ import annotations

import os

from shardify.beam_jobs.discover import label_file_found, row_index_splits
from shardify.beam_jobs.discover.pixel_row_tables import illustrations, pixel_tables
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import archives, label_files
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.files import size_of
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan import layout, table_groups
from shardify.plan.folder_names import split_word

__all__ = ["check_class_leaves", "check_label_table", "check_pixel_media", "check_split_folders"]


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


def check_class_leaves(given: layout.SourceLayout, sample: list[str]) -> None:
    """`structure.class_leaf` reads each file's own folder as its class: one folder name under two
    class paths (`Fruit/Apple/Red/` and `Vegetables/Onion/Red/`) would make two classes one, with exit 0.

    Raises:
      UsageError: names two paths of one name, and `class_path`, which keeps them apart.

    >>> from shardify.plan.structure import Structure
    >>> given = layout.SourceLayout(layout.IMAGE_FOLDERS, media="image",
    ...                             structure=Structure(label_levels=(("", 0),), class_leaf=True))
    >>> check_class_leaves(given, ["Fruit/Apple/Fuji/1.jpg", "Fruit/Kiwi/2.jpg", "Veg/Onion/Red/3.jpg"])
    >>> check_class_leaves(given, ["train/Apple/Fuji/1.jpg", "iconic/Apple/Fuji/2.jpg"])  # one path below the level
    >>> check_class_leaves(given, ["Fruit/Apple/Red/1.jpg", "Veg/Onion/Red/3.jpg"])
    Traceback (most recent call last):
    ...
    shardify.errors.UsageError: structure.class_leaf reads each file's own folder as its class, but Red/ lies under two class paths (Fruit/Apple/Red/, Veg/Onion/Red/): one class from two; set `class_path: true` instead (the folders from the class level down name the class)
    """
    structure = given.structure
    if structure is None or not structure.class_leaf:
        return
    paths: dict[str, dict[str, str]] = {}  # leaf -> {path below the class level: a path shown}
    for relpath in sample:
        if not layout.is_media_file(relpath, given.media) or given.class_folder_of(relpath) is None:
            continue
        parts = relpath.split("/")
        # (the folders below the class level's own: detection may have taken splits or parts for that level,
        # the Grocery Store's `train/`, `iconic-images-and-descriptions/`, which then differ for one class)
        below = "/".join(parts[given.class_level_of(relpath) + 1:-1])
        paths.setdefault(parts[-2], {}).setdefault(below, "/".join(parts[given.class_level_of(relpath):-1]))
    copies = _class_set_copies(paths)
    for leaf, found in sorted(paths.items()):
        if len(found) > 1 and not set(found) <= copies:
            shown = ", ".join(f"{path}/" for path in sorted(found.values())[:2])
            raise UsageError(
                f"structure.class_leaf reads each file's own folder as its class, but {leaf}/ lies under two class paths "
                f"({shown}): one class from two; set `class_path: true` instead (the folders from the class level down "
                "name the class)"
            )


def _class_set_copies(paths: dict[str, dict[str, str]]) -> set[str]:
    """The paths below the class level that each hold the same two or more leaf folders, and whose
    folders side by side are all split names: copies of one set of classes (Casting Product's raw
    `casting_512x512/def_front/` beside its split `casting_data/train/def_front/`, `.../test/def_front/`),
    one class each leaf name. Siblings that are not split names (`Apple/{Red,Green}` beside
    `Pepper/{Red,Green}`) are coarse classes: not copies, and the refusal stands.

    >>> sorted(_class_set_copies({"a": {"x/a": "", "y/train/a": "", "y/test/a": ""}, "b": {"x/b": "", "y/train/b": "", "y/test/b": ""}}))
    ['x/a', 'x/b', 'y/test/a', 'y/test/b', 'y/train/a', 'y/train/b']
    >>> _class_set_copies({"Red": {"Apple/Red": "", "Pepper/Red": ""}, "Green": {"Apple/Green": "", "Pepper/Green": ""}})
    set()
    """
    leaves: dict[str, set[str]] = {}  # the path above a leaf -> its leaf names
    for leaf, found in paths.items():
        for below in found:
            leaves.setdefault(below.rpartition("/")[0] if below.endswith(leaf) else below, set()).add(leaf)
    parents = {p for p, names in leaves.items() if len(names) >= 2}
    if len(parents) < 2 or len({frozenset(leaves[p]) for p in parents}) != 1:
        return set()
    by_folder: dict[str, list[str]] = {}
    for parent in parents:
        by_folder.setdefault(parent.rpartition("/")[0], []).append(parent.rpartition("/")[2])
    if any(len(names) > 1 and not all(split_word(n) for n in names) for names in by_folder.values()):
        return set()
    return {f"{p}/{leaf}" if p else leaf for p in parents for leaf in leaves[p]}


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


def check_label_table(config: ConvertConfig, given: layout.SourceLayout) -> None:
    """A layout file's label file holds the `key_column` it names, its `key_folder` is a folder
    of SRC, and its `row_splits` lists can be read: as `--key-column` is checked when it is given.

    Raises:
      UsageError: names the file's key, what it names, and what is there instead.
    """
    if given.name != layout.LABEL_FILE or table_groups.is_glob(given.labels_file):
        return
    path = label_file_found.labels_file_path(config.source, given.labels_file)
    if given.key_column:
        label_file_found.given_key_column(path, given.key_column, named="the layout file's key_column", shown=given.labels_file)
    _check_label_reading(config, given, path)
    if given.key_folder and is_local_path(config.source) and not os.path.isdir(os.path.join(config.source, given.key_folder)):
        raise UsageError(f"the layout file's key_folder {given.key_folder} holds no file (no such folder in SRC): "
                         "name the folder, relative to SRC, that the label file's keys are paths under")
    for split, relpath in given.row_splits:
        try:
            with open_input(join_path(config.source, relpath)):
                pass
        except (OSError, InvalidInputError) as error:
            reason = getattr(error, "reason", None) or getattr(error, "strerror", None) or error
            raise UsageError(f"the layout file's row_splits.{split} {relpath} cannot be read: {reason}; "
                             f"the lists of {given.labels_file}'s row numbers lie beside it") from None
    if given.row_splits:
        row_index_splits.check_row_lists(config.source, given.labels_file, path, given.row_splits)


def _check_label_reading(config: ConvertConfig, given: layout.SourceLayout, path: str) -> None:
    """The label file reads as the pipeline will read it (its header, the columns named, the
    classes): a refusal of the whole table (an `options.label_column` that is no column of it, a
    one-hot flag column such as `smoker` among the classes) had come from the pipeline alone, every
    input a reject, exit 1 after writing plan.json, the reason cut in the summary.

    Raises:
      UsageError: names the label file and the reader's reason (the CLI adds the layout file's
        fields for the options it names).
    """
    try:
        if label_files.label_file_format(path, given.key_column) == label_files.COCO:
            return  # (a COCO file is parsed whole to give a row: read once, by the pipeline)
        with open_input(path) as fileobj:
            rows = label_files.read_label_rows(  # (as beam_jobs/discover/label_file.py reads it)
                fileobj, path, label_column=config.label_column, label_separator=config.label_separator,
                captions=given.captions, size_bytes=size_of(fileobj),
                objects=given.objects if given.objects.boxes else None, key_column=given.key_column,
                keep_columns=config.keep_columns, label_votes=config.label_votes)
            next(rows, None)
    except OSError:
        return  # an unreadable label file is the pipeline's reject, with its reason
    except InvalidInputError as error:
        column = f" (options.label_column {config.label_column!r})" if config.label_column else ""
        raise UsageError(f"the layout file's label file {given.labels_file}{column} cannot be read as it says: "
                         f"{error.reason}") from None
