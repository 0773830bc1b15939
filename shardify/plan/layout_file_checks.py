"""What a layout file's values must hold beyond their types, checked as it is read (`layout_file.loads`).

A layout file is untrusted input: every path it names stays inside SRC, levels are path components
a download could have, a name pattern compiles with one group, two readings of the class are not
both asked for, and no split code is left as `--dry-run` wrote it undecided. Apart from
`layout_file.py`, which owns the file's format (writing, reading, types), because each check is a
rule about the layout's meaning that grows with the layout's fields. Each fault is a UsageError
naming the file and the key.
"""

from __future__ import annotations

import posixpath
import re

from shardify.errors import UsageError
from shardify.plan import layout as layout_lib
from shardify.plan.entries import is_inside
from shardify.plan.split_cells import PLACEHOLDER_SPLIT, UNDECIDED_SPLIT

__all__ = ["MAX_LEVEL", "NO_FOLDER", "check"]

# The key, in a mapping by split folder (label_levels), of files outside split folders.
NO_FOLDER = "*"


def check(source_layout: layout_lib.SourceLayout, where: str) -> None:
    """Every check below, in this order (a file's first fault is the one named).

    Raises:
      UsageError: a path leaving SRC, a level out of range, a bad name pattern, two class readings,
        an undecided split code.
    """
    _check_paths(source_layout, where)
    _check_levels(source_layout, where)
    _check_pattern(source_layout, where)
    _check_class_reading(source_layout, where)
    _check_codes_decided(source_layout, where)


def _check_class_reading(source_layout: layout_lib.SourceLayout, where: str) -> None:
    """`class_path` (every folder down from the class level) and `class_leaf` (the deepest alone) are two
    answers to one question: both at once would leave which one reads the class to the code's order."""
    structure = source_layout.structure
    if structure is not None and structure.class_path and structure.class_leaf:
        raise UsageError(f"{where}: structure.class_path and structure.class_leaf are both true: keep the one that names "
                         "the class (class_path: the folders from the class level down; class_leaf: the file's own folder)")


def _check_pattern(source_layout: layout_lib.SourceLayout, where: str) -> None:
    """A name pattern compiles and holds one group, the label (as `--label-from-name` must)."""
    pattern = source_layout.structure.name_pattern if source_layout.structure is not None else None
    if pattern is None:
        return
    try:
        groups = re.compile(pattern.regex).groups
    except re.error as error:
        raise UsageError(f"{where}: structure.name_pattern.regex {pattern.regex!r} is not a regular expression: {error}") from None
    if groups != 1:
        raise UsageError(f"{where}: structure.name_pattern.regex must hold exactly one group (...), the label; it holds {groups}")


# The deepest path component a level may name: deeper than any download's folders, far below the
# numbers past int64 a hostile file writes (a level of 10**23 was taken, and named no folder).
MAX_LEVEL = 255


def _check_levels(source_layout: layout_lib.SourceLayout, where: str) -> None:
    """`structure.split_level` and each of `label_levels` is -1 (none) or a path component 0..MAX_LEVEL."""
    structure = source_layout.structure
    if structure is None:
        return
    levels = [("structure.split_level", structure.split_level)]
    levels += [(f"structure.label_levels.{folder or NO_FOLDER}", level) for folder, level in structure.label_levels]
    for key, level in levels:
        if not -1 <= level <= MAX_LEVEL:
            raise UsageError(f"{where}: {key} is {level}: a level is -1 (none) or a path component 0..{MAX_LEVEL}, counted from SRC")


def _check_paths(source_layout: layout_lib.SourceLayout, where: str) -> None:
    """Every file the layout names lies inside SRC (a label file may be absolute, as `--labels`),
    and no line file is named twice (the last entry won: `pos.txt` as `positive` then as
    `negative` wrote every positive line as negative, exit 0)."""
    seen: set[str] = set()
    for f in source_layout.line_files:
        if posixpath.normpath(f.path) in seen:
            raise UsageError(f"{where}: line_files names {f.path!r} twice: a file is read once, with one label or label file")
        seen.add(posixpath.normpath(f.path))
    named = [("labels_file", source_layout.labels_file), ("vocabulary_file", source_layout.vocabulary_file)]
    named += [("source_file", source_layout.source_file), ("key_folder", source_layout.key_folder)]
    named += [("label_ids_file", source_layout.label_ids_file)]
    named += [(f"groupings {path}", path) for path in source_layout.groupings]
    named += [(f"row_splits {split}", path) for split, path in source_layout.row_splits]
    for f in source_layout.line_files:
        named += [(f"line_files {f.path} path", f.path), (f"line_files {f.path} labels", f.labels),
                  (f"line_files {f.path} pair", f.pair)]
    for table, labels in source_layout.row_labels:
        named += [(f"row_labels {table}", table), (f"row_labels {table} labels file", labels)]
    for document, ids in source_layout.split_ids:
        named += [(f"split_ids {document}", document), (f"split_ids {document} ids file", ids)]
    for join in source_layout.text_joins:  # (a texts table outside SRC would be read as any table is)
        named += [(f"text_joins {join.table} table", join.table), (f"text_joins {join.table} texts", join.texts)]
    for e in source_layout.evidence:
        named += [(f"evidence {e.path} path", e.path), (f"evidence {e.path} ids", e.ids), (f"evidence {e.path} names_file", e.names_file),
                  (f"evidence {e.path} rows_of", e.rows_of)]
    named += [(f"left_out {path}", path) for path in source_layout.left_out]
    structure = source_layout.structure
    if structure is not None:
        named += [("structure.root", structure.root.rstrip("/"))]
        named += [("structure.mask_folders", folder.rstrip("/")) for folder in structure.mask_folders]
    for i, (glob, _) in enumerate(source_layout.split_patterns):  # `/etc/**`, `a/../../**`: files outside SRC
        if "\\" in glob or not is_inside(glob):
            raise UsageError(f"{where}: split_patterns[{i}] {glob!r} leaves SRC: write globs relative to SRC, without '..'")
    for key, path in named:
        if not path or (key == "labels_file" and path.startswith("/") and ".." not in path.split("/")):
            continue
        if not is_inside(path):
            raise UsageError(f"{where}: {key} {path!r} leaves SRC: name files relative to SRC, without '..'")



def _check_codes_decided(source_layout: layout_lib.SourceLayout, where: str) -> None:
    """No split code is left as `--dry-run` wrote it where detection could not read its meaning
    (`split_cells.UNDECIDED_SPLIT`), nor as the refusal's evidence spells it (`split_cells.PLACEHOLDER_SPLIT`): run
    unedited, every input of that code would be written to a split named so."""
    for e in source_layout.evidence:
        undecided = [code for code, split in e.codes if split in (UNDECIDED_SPLIT, PLACEHOLDER_SPLIT)]
        if undecided:
            left = next(split for code, split in e.codes if code == undecided[0])
            raise UsageError(
                f"{where}: the evidence {e.path} ({e.kind}) leaves the split of its codes {', '.join(map(repr, undecided[:10]))} "
                f"as {left!r}: write each code's split (train, validation or test) in its place, or leave the code out "
                "(its rows then rejects, with the reason)"
            )
