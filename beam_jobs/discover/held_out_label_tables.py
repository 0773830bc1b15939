"""Stop where the one table read as labels is a held-out split's, and the training split's is beside it.

A competition ships `train.csv` (the key, the features, the target) and `test.csv` (the same less
the target) beside train/ and test/ image folders. Where the training table's target is no class
(PetFinder Pawpularity's 1-100 score) only the test table looked like a label table: its twelve 0/1
photo-metadata columns were read as the test images' classes (multi-label), the training images
written unlabelled, exit 0. The sign is general: the table read is named for a split other than
train, and a table beside it named for train holds every one of its columns and more. Those
columns the test table lacks are the targets: the run stops naming them as `--label-column`
beside `--labels <train table>`, with which the training images are labelled and the test images
are written unlabelled.

The same pair of tables beside images the plan labels by nothing (HC18's
`training_set_pixel_size_and_HC.csv` beside `test_set_pixel_size.csv`: the head circumference is
the training table's one column more) shows a target no reader took: the images were written
unlabelled (their contour masks paired) with exit 0. `check_unread_targets` stops there too.
"""

from __future__ import annotations

import csv
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["check_test_table", "check_unread_targets", "check_unread_train_table", "train_targets"]


def train_targets(test_header: Sequence[str], train_header: Sequence[str]) -> list[str]:
    """The training table's columns the held-out table lacks, where it holds every column of the
    held-out one (the two share their key); [] otherwise.

    >>> train_targets(["Id", "Eyes", "Blur"], ["Id", "Eyes", "Blur", "Pawpularity"])
    ['Pawpularity']
    >>> train_targets(["id", "text"], ["id", "label"]), train_targets(["Id", "Eyes"], ["Id", "Eyes"])
    ([], [])
    """
    if not test_header or not set(test_header) <= set(train_header):
        return []
    extra = [column for column in train_header if column not in test_header]
    return extra if len(extra) < len(train_header) else []


def _header(config: ConvertConfig, path: str) -> list[str]:
    lines = label_file_found.head_lines(config, path, lines=1)
    if not lines:
        return []
    delimiter = "\t" if layout.extension(path) == "tsv" else ","
    return [cell.strip() for cell in next(csv.reader([lines[0]], delimiter=delimiter), [])]


def check_test_table(config: ConvertConfig, sample: Sequence[str], table: str) -> None:
    """Raises UsageError where `table`, about to label the inputs, is a held-out split's table and
    a training table beside it holds its columns and more (see the module); unless `--labels`
    named it."""
    word = split_word(layout.stem(table))
    if not word or word == "train" or config.labels_file:
        return
    folder, extension = posixpath.dirname(table), layout.extension(table)
    for other in sorted(sample):
        if (other == table or posixpath.dirname(other) != folder or layout.extension(other) != extension
                or split_word(layout.stem(other)) != "train"):
            continue
        train_header = _header(config, other)
        targets = train_targets(_header(config, table), train_header)
        if targets:
            shown = " or ".join(f"--label-column {t!r}" for t in targets[:3])
            raise UsageError(
                f"{table}, the {word} split's table, would label the inputs by its columns, while {other} beside it, the "
                f"training split's table, holds the same columns and {', '.join(targets[:3])} more: a held-out table is the "
                f"training table less its targets, so its columns are features, not labels. Read the training table's "
                f"target: --labels {other} {shown} (the {word} images are written unlabelled)"
            )


def check_unread_train_table(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Raises UsageError where a held-out split's table labels the inputs while the training table beside it (same
    folder, same kind, named for train) keys the sampled inputs by its first column and gives no labels (RSNA Bone
    Age's `boneage-training-dataset.csv` 'id,boneage,male' beside `boneage-test-dataset.csv` 'Case ID,Sex', each naming
    its columns its own way, so `check_test_table`'s superset is no sign): the training images were written unlabelled
    and the test images labelled by 'Sex' (M/F) with exit 0. Which of its columns is the target the names cannot say,
    so each is offered. Unless --labels or --label-level decides."""
    if config.labels_file or config.label_level is not None:
        return
    labelling = {e.path for e in detected.evidence if e.gives_labels}
    names = {posixpath.basename(p) for p in sample if layout.extension(p) not in ("csv", "tsv")}
    names |= {layout.stem(p) for p in sample if layout.extension(p) not in ("csv", "tsv")}
    for table in sorted(labelling):
        word = split_word(layout.stem(table))
        if layout.extension(table) not in ("csv", "tsv") or not word or word == "train":
            continue
        for train in sorted(p for p in sample if p not in labelling and p != table
                            and posixpath.dirname(p) == posixpath.dirname(table)
                            and layout.extension(p) == layout.extension(table) and split_word(layout.stem(p)) == "train"):
            train_header = _header(config, train)
            if len(train_header) >= 2 and _keys_inputs(config, train, names):
                _refuse_unread_train(table, word, train, train_header)


def _refuse_unread_train(table: str, word: str, train: str, train_header: Sequence[str]) -> None:
    shown = " or ".join(f"--label-column {c!r}" for c in train_header[1:4])
    raise UsageError(
        f"{table}, the {word} split's table, would label the inputs by its columns, while {train} beside it, the training "
        f"split's table, names inputs by its first column {train_header[0]!r} and would be left unread: the training "
        f"inputs would be written unlabelled and the {word} ones labelled by what is likely a feature. Read the training "
        f"table's target: --labels {train} {shown} (the {word} inputs are written unlabelled)"
    )


def _keys_inputs(config: ConvertConfig, table: str, names: set[str]) -> bool:
    """The table's first column names sampled inputs (by file name or stem) in its first rows."""
    rows = label_file_found.head_lines(config, table)[1:]
    delimiter = "\t" if layout.extension(table) == "tsv" else ","
    keys = {next(csv.reader([row], delimiter=delimiter), [""])[0].strip() for row in rows if row.strip()}
    return len(keys & names) >= 2


def check_unread_targets(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Raises UsageError where the plan labels its images by nothing (masks aside) and a training
    table beside a held-out one keys the inputs with columns more than it (see the module)."""
    structure = detected.structure
    if (config.labels_file or config.label_level is not None or detected.media != "image" or detected.name != layout.IMAGE_FOLDERS
            or any(e.gives_labels for e in detected.evidence)
            or (structure is not None and (structure.name_pattern or any(level >= 0 for _, level in structure.label_levels)))):
        return
    inputs = [p for p in sample if layout.is_media_file(p, "image") and not detected.is_auxiliary(p)]
    names = {posixpath.basename(p) for p in inputs} | {layout.stem(p) for p in inputs}
    tables = [p for p in sample if layout.extension(p) in ("csv", "tsv") and split_word(layout.stem(p))]
    for train in (t for t in tables if split_word(layout.stem(t)) == "train"):
        for held in (t for t in tables if t != train and split_word(layout.stem(t)) != "train"
                     and posixpath.dirname(t) == posixpath.dirname(train)):
            targets = train_targets(_header(config, held), _header(config, train))
            if targets and _keys_inputs(config, train, names):
                shown = " or ".join(f"--label-column {t!r}" for t in targets[:3])
                raise UsageError(
                    f"{train} names the images with {', '.join(targets[:3])}, the columns {held} beside it lacks: the "
                    f"training split's targets, which no reader took (every image would be written unlabelled). Read "
                    f"them: --labels {train} {shown}; or --label-level 0 to write the images without them"
                )
