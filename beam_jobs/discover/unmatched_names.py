"""Folders a `--label-from-name` pattern matches no file of, beside folders it labels.

A download labelled by its file names often ships other inputs beside the named ones whose names
carry no label at all: Ships in Satellite Imagery's `shipsnet/shipsnet/1__<scene>__<lon>_<lat>.png`
chips (the first field the class, by the dataset's README) beside `scenes/scenes/sfbay_1.png`, the
whole scenes they were cut from, which a user scans with the trained classifier. The pattern that
labels the chips (`'^([01])__'`) matches none of the scenes: each is rejected, and the run stops
over the reject limit naming only "raise the limit". Whether such files are records without a
label or files to leave out is the user's to say; no rule can tell scenes from a mis-named class.

So, before writing: where the pattern matches no file in a whole folder tree while it labels files
elsewhere, and those files are more rejects than `--max-rejects` allows (the run would stop anyway;
fewer stay the run's rejects, in rejected.jsonl, as before), stop naming the folders, how many
files each holds, and the two options that decide: `--unlabelled-files 'F/**'` (records without a
label: `discover/class_folders.py`) or `--exclude 'F/**'`. Files the pattern misses in folders it
also labels are a per-file fault, left to the run's rejects.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.excludes import Excludes, exclude_option
from shardify.plan import layout
from shardify.plan.file_roles import is_media_file

__all__ = ["check_unmatched_names", "unlabelled_note", "unmatched_trees"]

# Folders a stop names at most (the count of the rest said).
_SHOWN = 4


def _ancestors(folder: str) -> list[str]:
    """`a/b/c` -> [`a`, `a/b`, `a/b/c`]."""
    parts = folder.split("/")
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def unmatched_trees(inputs: Sequence[str], pattern: str, unlabelled: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """{the topmost folder holding no file `pattern` labels: its inputs the pattern does not match},
    for inputs not already under an `unlabelled` glob; {} where the pattern labels no input at all
    (that is no sign of other parts: the pattern is wrong, and the run's rejects say so).

    >>> unmatched_trees(["ships/ships/1__a.png", "ships/ships/0__b.png", "scenes/scenes/sf.png"], r"^([01])__")
    {'scenes': ['scenes/scenes/sf.png']}
    >>> unmatched_trees(["ships/1__a.png", "ships/x.png", "test/y.png", "z.png"], r"^([01])__")  # a stray, the root's
    {'test': ['test/y.png']}
    >>> unmatched_trees(["a/1__a.png", "b/sf.png"], r"^([01])__", ("b/**",)), unmatched_trees(["b/sf.png"], r"^([01])__")
    ({}, {})
    """
    regex = re.compile(pattern)
    covered = Excludes(unlabelled)
    labelled_folders: set[str] = set()
    missed: list[str] = []
    for path in inputs:
        match = regex.search(posixpath.basename(path))
        if match is not None and match.group(1):
            labelled_folders.update(_ancestors(posixpath.dirname(path)) if "/" in path else [""])
        elif not (unlabelled and covered(path)):
            missed.append(path)
    if not labelled_folders:
        return {}
    trees: dict[str, list[str]] = {}
    for path in missed:
        folder = posixpath.dirname(path)
        top = next((a for a in _ancestors(folder) if a not in labelled_folders), "") if folder else ""
        if top:
            trees.setdefault(top, []).append(path)
    return dict(sorted(trees.items()))


def check_unmatched_names(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stops where `--label-from-name` labels files in some folders and matches none of another
    tree's, more of them than the reject limit allows (see the module's doc).

    Raises:
      UsageError: naming the trees, their counts and `--unlabelled-files` / `--exclude` for each.
    """
    if detected.name != layout.NAMED_FILES or not config.label_from_name:
        return
    inputs = [p for p in sample if is_media_file(p, detected.media) and not detected.is_auxiliary(p)]
    trees = unmatched_trees(inputs, config.label_from_name, config.unlabelled_files)
    missed = sum(len(files) for files in trees.values())
    if not trees or not config.max_rejects.exceeded(rejected=missed, tried=len(inputs)):
        return
    shown = list(trees.items())[:_SHOWN]
    listed = ", ".join(
        f"{folder}/ ({len(files)} file{'s' if len(files) != 1 else ''}, e.g. {files[0]})" for folder, files in shown
    )
    more = f" and {len(trees) - _SHOWN} more folders" if len(trees) > _SHOWN else ""
    keep = " ".join(exclude_option(folder, tree=True).replace("--exclude", "--unlabelled-files", 1) for folder, _ in shown)
    leave = " ".join(exclude_option(folder, tree=True) for folder, _ in shown)
    raise UsageError(
        f"--label-from-name {config.label_from_name!r} labels files elsewhere but matches no file name in {listed}{more}: "
        "another part of the download whose names carry no label (whole scenes beside their chips, an unlabelled test "
        f"set) or a class the pattern misses: {keep} to write them as records without a label, or {leave} to leave "
        "them out, or a pattern that matches their names too"
    )


def unlabelled_note(config: ConvertConfig) -> str:
    """The plan's line saying which files `--unlabelled-files` keeps as records without a label ("" for none)."""
    if not config.unlabelled_files:
        return ""
    globs = ", ".join(repr(p) for p in config.unlabelled_files)
    return f"records without a label: the files under {globs} that --label-from-name {config.label_from_name!r} does not match"
