"""Describe steps for a label file's table beside tables of the held-out split's ids.

Competition downloads keep every image in one folder and say which are which in two tables: a
table of labels for the training images and a table of the test images' ids (Kaggle's plant
pathology: `images/Train_<i>.jpg`, `images/Test_<i>.jpg`, `train.csv` of
`image_id,healthy,multiple_diseases,rust,scab` one-hot, `test.csv` of `image_id` alone,
`sample_submission.csv`). Two steps read them:

- `one_hot_label_file`, with no option: a table whose labels are one-hot (or multi-hot) columns
  of 0 and 1 named by the classes, keyed by a column naming the images, is the label file, read
  as `--labels FILE` reads it (`converters/one_hot.py`: a row's labels are its columns set to 1,
  several of them a multi-label record). With no column named as labels are, such a table was no
  label table, and the run stopped naming --labels;
- `with_held_out_tables`, behind a label file's table (given or found): a table beside it keyed by
  the same column without its label column(s), whose keys name other inputs, is the split list of
  a held-out split, unlabelled (`shardify.plan.unlabelled_tables`, as for a keyed table read with
  no option); the label file is then the split list of its own rows' split too. The inputs the
  label file does not name reach those lists (`label_file.JoinLabelFile` hands them on); before,
  each test image was a reject ("no usable row in train.csv names it") and each test.csv row
  "named no file" (exit 1).

A sample submission (`evidence.example_file`) is never labels nor a split. Part of detection
(`detect.py`): detect -> describe -> check -> plan; nothing is read here but first lines.
"""

from __future__ import annotations

import dataclasses
import os
import posixpath
from collections.abc import Sequence

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import describe, label_file_found
from shardify.config import ConvertConfig
from shardify.converters import one_hot, separators
from shardify.converters.columns import label_file_columns
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import layout, table_groups, unlabelled_tables
from shardify.plan.evidence import LABEL_LINES, SPLIT_LIST, Evidence, example_file, file_key, key_rule, row_key
from shardify.plan.structure import split_word

__all__ = ["one_hot_label_file", "with_held_out_tables", "suffixed_names"]

# Tables looked into: at the top of SRC and one folder down, as downloads put them.
_MAX_DEPTH = 1
_MAX_TABLES = 20


def _rows(path: str, lines: Sequence[str]) -> list[list[str]]:
    """A table's first lines as rows, split as the reader splits them (`separators.head_rows`,
    the one rule detection's looks at a table's head share: a `filename;label` table read with
    commas was one column, both key and label, and planning failed, exit 1)."""
    return separators.head_rows(lines, path)


def _tables(sample: Sequence[str], leave: str = "") -> list[str]:
    """The .csv/.tsv files at the top of SRC or one folder down, but `leave` and sample
    submissions."""
    return [
        p for p in sample
        if p.count("/") <= _MAX_DEPTH and layout.extension(p) in ("csv", "tsv") and not layout.is_junk(p)
        and p != leave and not example_file(p)
    ][:_MAX_TABLES]


def _existing(config: ConvertConfig, paths: Sequence[str]) -> list[str]:
    """The paths that are files of SRC (not an archive's members: read where the pipeline reads them)."""
    return [p for p in paths if FileSystems.exists(join_path(config.source, p))]


def _label_columns(rows: list[list[str]], label_column: str, key_column: str = "") -> tuple[str, tuple[str, ...], bool]:
    """(key column, label columns, whether they are one-hot) of a label table as
    `converters.label_files` reads it (`key_column`: found by its cells at detection): `label_column`,
    else a column named as labels are, else one-hot columns; ("", (), False) where it gives no labels."""
    header, sample = rows[0], rows[1:]
    try:
        columns = label_file_columns(header, label_column, captions=False, key_column=key_column)
    except InvalidInputError:
        return "", (), False
    if columns.label:
        return columns.key, (columns.label,), False
    classes = one_hot.label_columns(header, sample, columns.key)
    return (columns.key, classes, True) if classes else ("", (), False)


def one_hot_label_file(config: ConvertConfig, sample: list[str]) -> str:
    """The one table at the top of SRC (or a folder down) whose labels are one-hot columns named
    by the classes, keyed by a column naming the sampled images once each, where the images lie in
    one folder (no class, part or split folders) and no table of the same header lies beside it
    (`table_groups` reads or refuses those); else ""
    (then nothing changes: where no label table is found, the run stops naming --labels).
    Options that say how the source is labelled turn it off."""
    if config.layout not in ("", layout.LABEL_FILE) or config.label_from_name or config.label_level is not None:
        return ""
    if config.label_column or config.key_column or config.split:
        return ""
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS and not layout.is_junk(p)]
    if not images or len({posixpath.dirname(p) for p in images}) > 1:
        return ""  # folders that may be classes, parts or splits: whether the table labels instead is not this step's
    if any(split_word(folder) for folder in images[0].split("/")[:-1]):
        return ""  # a split's folder (a table of the training folder's labels is read beside split folders)
    whole = len(sample) < describe.sample_files()
    heads = {p: _rows(p, label_file_found.head_lines(config, p)) for p in _existing(config, _tables(sample))}
    found = []
    for path, rows in heads.items():
        if len(rows) < 2 or any(p != path and other[:1] == rows[:1] for p, other in heads.items()):
            continue  # tables of one header label parts together (`table_groups`), or compete: not this step's
        key, classes, hot = _label_columns(rows, "")
        if not hot or key not in rows[0]:
            continue
        at = rows[0].index(key)
        keys = [row[at] for row in rows[1:] if len(row) > at and row[at]]
        if len(set(keys)) == len(keys) and _names(keys, images, whole):
            found.append(path)
    return found[0] if len(found) == 1 else ""


def _names(keys: Sequence[str], images: Sequence[str], whole: bool) -> bool:
    """The keys name the images: most of them where the sample is the whole source, one else."""
    rule = key_rule(keys)
    known = {file_key(p, rule) for p in images}
    matched = sum(row_key(k, rule) in known for k in keys)
    return matched * 2 > len(keys) if whole else matched > 0


def suffixed_names(sample: Sequence[str], detected: layout.SourceLayout):
    """Whether a table's keys name the inputs as stems before `-<n>` (`KeyRule.suffixed`): most of
    them where the sample is the whole source, one else (as `describe.names_inputs`)."""
    rule = dataclasses.replace(key_rule(()), suffixed=True)
    known = {file_key(p, rule) for p in sample if not detected.is_auxiliary(p)}
    whole = len(sample) < describe.sample_files()

    def names(keys: Sequence[str]) -> bool:
        matched = sum(row_key(k, rule) in known for k in keys)
        return matched * 2 > len(keys) if whole else matched > 0

    return names


def with_held_out_tables(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` (a label file's layout) with the tables beside its label table keyed as it is
    without its label columns read as the split lists of held-out splits, and the label table as
    the split list of its own rows; else unchanged. Lists found by their names
    (`describe.with_split_lists`) are kept as they are: this adds those their names do not give."""
    path = detected.labels_file
    if (
        detected.name != layout.LABEL_FILE or layout.extension(path) not in ("csv", "tsv") or table_groups.is_glob(path)
        or os.path.isabs(path) or "://" in path or not FileSystems.exists(join_path(config.source, path))
    ):
        return detected  # a table inside SRC, read alone
    heads = {path: label_file_found.head_lines(config, path)}
    rows = _rows(path, heads[path])
    if len(rows) < 2:
        return detected
    key, labels, hot = _label_columns(rows, config.label_column, detected.key_column)
    if not labels or key not in rows[0]:
        return detected
    suffixed = detected.label_key == layout.STEM_NUMBER  # PetFinder's <PetID>-<n>.jpg: the lists key so too
    at = rows[0].index(key)
    added: list[Evidence] = []
    notes = [
        f"{path}: its columns {', '.join(map(repr, labels[:4]))}{' ...' if len(labels) > 4 else ''} of 0 and 1 are one-hot "
        f"labels, a column per class (a row's 1s its labels), of the inputs its column {key!r} names: read as the label file"
    ] if hot and not config.labels_file else []
    heads.update({p: label_file_found.head_lines(config, p) for p in _existing(config, _tables(sample, path))})
    table = Evidence(path, LABEL_LINES, column=at, header=True, label_column=None if hot else rows[0].index(labels[0]))
    names = suffixed_names(sample, detected) if suffixed else describe.names_inputs(sample, detected)
    split, tests = unlabelled_tables.split_tables(table, heads, names, labels if hot else ())
    if suffixed:
        tests = [dataclasses.replace(e, key=dataclasses.replace(e.key, suffixed=True)) for e in tests]
    known = {e.path for e in detected.evidence}
    if tests:
        added = [e for e in tests if e.path not in known]
    if tests and path not in known:
        keys = [row[at] for row in rows[1:] if len(row) > at and row[at]]
        rule = key_rule(keys)
        added.append(Evidence(
            path, SPLIT_LIST, dataclasses.replace(rule, suffixed=True) if suffixed else rule, split=split, column=at, header=True,
            note=f"{path}: its rows' inputs are the {split} split (a table beside it names the held-out inputs)",
        ))
    notes += [e.note for e in added]
    if not notes:
        return detected
    return dataclasses.replace(detected, evidence=(*detected.evidence, *added), notes=(*detected.notes, *notes))
