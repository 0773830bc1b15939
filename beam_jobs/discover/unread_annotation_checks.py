"""Stop where annotation files nothing read describe inputs that a guess labels.

`shardify.plan.unread_annotations` holds the signs as functions of a file's first lines; this
module picks the files (beside inputs labelled by their folders or names, or unlabelled: a guess,
and read by no evidence), reads their first lines and stops the run (exit 2) naming them and the
options that decide, before anything is written. Called from `detect.py` with the other guards.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import given_label_joins, head_reads, key_paths, path_columns
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.excludes import exclude_option
from shardify.plan import evidence as evidence_lib
from shardify.plan import file_roles, layout, unread_annotations, unread_table_signs

__all__ = ["check_unread_annotations"]

# Files opened (their first lines only), shallowest first: the dataset's own files lie near its root.
_OPENED = 16
_SHOWN = 3
# Files that lie beside inputs as their documents, tables or annotations: never taken for inputs.
_SIDE_EXTENSIONS = (file_roles.AUXILIARY_EXTENSIONS | file_roles.SCRIPT_EXTENSIONS | file_roles.TEXT_EXTENSIONS
                    | file_roles.TABLE_EXTENSIONS | file_roles.LABEL_LIKE_EXTENSIONS)
_DOCUMENTATION = re.compile(r"(readme|license|licence|copying|citation|changelog|requirements)", re.IGNORECASE)


def _label_of(detected: layout.SourceLayout):
    """The plan's label of an input: its class folder, the label in its name, or None."""
    structure = detected.structure
    levels = dict(structure.label_levels)
    pattern = re.compile(structure.name_pattern.regex) if structure.name_pattern is not None else None

    def label(relpath: str) -> str | None:
        level = levels.get(structure.split_folder_of(relpath), -1)
        parts = relpath.split("/")
        if 0 <= level < len(parts) - 1:
            return parts[level]
        if pattern is not None:
            match = pattern.match(posixpath.splitext(posixpath.basename(relpath))[0])
            return match.group(1) if match else None
        return None

    return label


def _guessed(config: ConvertConfig, detected: layout.SourceLayout) -> bool:
    """The plan's labels (or their absence) are detection's guess: folders or names, no option chose them."""
    if detected.name not in (layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS) or detected.structure is None:
        return False
    if config.label_level is not None or config.label_from_name or config.labels_file or config.layout:
        return False
    return not any(e.gives_labels for e in detected.evidence)


def _candidates(sample: Sequence[str], media: Sequence[str], detected: layout.SourceLayout) -> list[str]:
    inputs = set(media)
    read = {p for e in detected.evidence for p in (e.path, e.ids) if p}
    read.add(getattr(detected, "vocabulary_file", "") or "")
    found = [
        p for p in sample
        if p not in inputs and p not in read and layout.extension(p) in unread_annotations.EXTENSIONS
        and not _DOCUMENTATION.search(posixpath.basename(p)) and not evidence_lib.example_file(p)
        and not detected.structure.is_mask_file(p)
    ]
    # files detection weighed and set aside with a reason (iNaturalist 2021's train.json beside train/<species>/:
    # "split folders and class folders label the files") were read: their reading is detection's, said in the plan
    noted = " ".join(n for n in detected.notes if "not used" in n)
    found = [p for p in found if not any(_named_in(noted, where) for where in (p, posixpath.dirname(p)) if where)]
    return sorted(found, key=lambda p: (p.count("/"), p))[:_OPENED]


def _named_in(text: str, path: str) -> bool:
    """`path` is named in `text` as a whole path (`a/b` in `not used: a/b (...)`, not in `xa/b`)."""
    return re.search(rf"(?<![\w./-]){re.escape(path)}(?=$|[\s/,;:)])", text) is not None


def _keep_option(detected: layout.SourceLayout) -> str:
    """The option that keeps the guess, where the files are no annotations of these inputs."""
    structure = detected.structure
    levels = [level for _, level in structure.label_levels if level >= 0]
    if levels:
        return f"--label-level {max(levels) + 1} (counted from SRC) to keep the folders as the labels"
    if structure.name_pattern is not None:
        return f"--label-from-name '{structure.name_pattern.regex}' to keep the labels read from the file names"
    return "--label-level 0 to write the inputs without labels"


def _unmasked_folders(sample: Sequence[str], media: Sequence[str], detected: layout.SourceLayout) -> list[str]:
    """Top folders whose files (inputs, or files of no known role, which a folder layout takes in to reject) no mask is
    named as, beside a top folder of inputs all of which have one (Finding Lungs in CT Data's `3d_images/IMG_0002.nii.gz`
    volumes beside `2d_images/`, whose slices `2d_masks/` mirrors): written with `--label-level 0` each of those files
    would be a reject (no mask shares its path), so the option that writes the rest leaves them out by name; the user
    says whether they are records."""
    structure = detected.structure
    masked = {posixpath.basename(p).split(".")[0] for p in sample if structure.is_mask_file(p)}
    if not masked:
        return []
    taken = set(media) | {p for p in sample if not structure.is_mask_file(p) and not file_roles.is_junk(p)
                          and layout.extension(p) not in _SIDE_EXTENSIONS}
    tops: dict[str, list[bool]] = {}
    for p in sorted(taken):
        if "/" in p:
            tops.setdefault(p.split("/", 1)[0], []).append(posixpath.basename(p).split(".")[0] in masked)
    if not any(all(found) for found in tops.values()):
        return []
    return sorted(top for top, found in tops.items() if not any(found))


def _guess_said(detected: layout.SourceLayout, media: Sequence[str], label_of) -> str:
    labels = sorted({label_of(p) for p in media} - {None})
    if not labels:
        return "written without labels"
    shown = ", ".join(labels[:_SHOWN]) + (f" and {len(labels) - _SHOWN} more" if len(labels) > _SHOWN else "")
    how = "their folders" if any(level >= 0 for _, level in detected.structure.label_levels) else "their names"
    return f"labelled by {how} ({shown})"


def _quoted(name: str) -> str:
    """A column's name as typed after an option: quoted where it holds a space or a quote."""
    return repr(name) if any(c in name for c in " '\"") else name


def _said(found: unread_annotations.Found) -> str:
    """What a file shows, as the stop says it: the input it names, and why it disagrees with the guess."""
    if found.sign == "lists boxes":
        return f"its column {found.example!r} lists boxes or polygons"
    if found.sign == "names the folders":  # (was "names '34870'names the folders")
        return f"names the folders holding the inputs: {found.example!r}"
    detail = found.sign.removeprefix("names the inputs")
    return f"names {found.example!r}{detail}"


def check_unread_annotations(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where files read by nothing name the inputs whose labels detection guessed
    (`unread_annotations`): the labels, boxes or records may be in them.

    Raises:
      UsageError: naming the files, an example of what they name, and the options that decide.
    """
    if not _guessed(config, detected):
        return
    media = [p for p in sample if layout.is_media_file(p, detected.media) and not detected.structure.is_mask_file(p)]
    if not media:
        return
    label_of = _label_of(detected)
    candidates = _candidates(sample, media, detected)
    if not candidates:
        return
    heads = {p: head_reads.head_lines(config, p) for p in candidates}
    found = unread_annotations.per_input(
        [f for p in candidates if (f := unread_annotations.names_inputs(p, heads[p], media, label_of, least=1))])
    folders = {label_of(p) for p in media if any(level >= 0 for _, level in detected.structure.label_levels)} - {None}
    if folders:
        tables = {p: unread_annotations.folder_ids(heads[p], folders) for p in candidates
                  if layout.extension(p) in unread_annotations.TABLE_EXTENSIONS}
        found += unread_annotations.names_folders(tables)
    # a column of box or polygon literals holds objects, whether or not its rows name the files (the Great Barrier
    # Reef's `annotations`, its rows naming frames by `video_id-video_frame`)
    listed_boxes = {f.path for f in found}
    found += [unread_annotations.Found(p, "lists boxes", column, column=column) for p in candidates
              if p not in listed_boxes and layout.extension(p) in ("csv", "tsv")
              and (column := unread_table_signs.box_literal_column(heads[p], "\t" if layout.extension(p) == "tsv" else ","))]
    if not found:
        return
    shown = "; ".join(f"{f.path} ({_said(f)})" for f in found[:_SHOWN])
    more = f" and {len(found) - _SHOWN} more" if len(found) > _SHOWN else ""
    tables = [f.path for f in found if layout.extension(f.path) in ("csv", "tsv", "txt", "jsonl")]
    # a column finer than the folders: the table read as the labels by that column (Hotel-ID's hotel_id)
    options = [f"--labels {f.path} --label-column {_quoted(f.column)} where that column, not the folders, is the label"
               for f in found if f.column and f.sign != "lists boxes"][:1]
    if tables and (joined := given_label_joins.join_hint(config, sample, tables)):  # texts and their labels by id
        options.append(joined)
    listed = [p for p in sample if layout.is_media_file(p, detected.media)]  # (masks too: Leafsnap's segmented PNGs)
    named = next(((t, c) for t in tables if (c := path_columns.input_path_columns(heads[t], listed))), None)
    if named:  # Leafsnap's image_path and segmented_path: which column names the records, the user says
        table, columns = named
        finer = next((f.column for f in found if f.path == table and f.column and f.sign != "lists boxes"), "")
        options.append(key_paths.path_columns_clause(table, key_paths.table_rows(heads[table]), columns, listed, finer,
                                                     folders=folders) + " where that table holds the labels")
    elif tables:
        options.append(f"--labels {tables[0]} (with --label-column) where that table holds the labels")
    options.append("a layout file that says what each file holds (--dry-run --layout-file FILE: docs/layout-files.md)")
    keep = _keep_option(detected)
    masks = key_paths.mask_excludes(key_paths.table_rows(heads[named[0]]), named[1], listed) if named else []
    if masks and keep.startswith("--label-level 0"):  # a table pairing images and masks alone: the masks left out too
        keep = f"--label-level 0{''.join(' ' + exclude_option(f) for f in masks)} to write the inputs without labels, their masks no records"
    options.append(keep)
    if keep.startswith("--label-level 0") and (unmasked := _unmasked_folders(sample, media, detected)):
        options.append(f"--label-level 0{''.join(' ' + exclude_option(f) for f in unmasked)} to write the inputs without "
                       f"labels where {', '.join(f + '/' for f in unmasked)} holds no records (no mask is named as its files)")
    raise UsageError(
        f"files that no reader took name the inputs, which are {_guess_said(detected, media, label_of)}: {shown}{more}: "
        f"their labels, boxes or records may be in those files, and the guess could be wrong: {' or '.join(options)}"
    )
