"""A label table's column of split names, read as the splits: `labels.csv` of `image,label,split` (or `set`,
`partition`, `subset` of train/val/test words), found at the top of SRC or given with --labels.

A label file's reading takes its key and label columns only: every image had been written as train with exit
0, the splits lost (review26); then the run stopped, naming --exclude and a layout file's `split codes`
evidence, which read it right. The column is read here as a keyed table's is (`split_cells.split_codes`,
KonIQ-10k's `set` beside its `MOS`): SPLIT_CODES evidence over the same table, each row's image in its cell's
split, a row whose cell is blank or names a split the sampled rows did not show that image's reject
(`converters/split_sources.split_rows`), never another split. Where split folders give the splits, the column
repeats them (nothing read); where split lists give them too, or the reading cannot key the column's rows as
the label file's (a glob of tables, keys by order or folder), the run stops before writing as before.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Iterator, Sequence

from shardify.beam_jobs.discover.given_label_paths import labels_file_path
from shardify.beam_jobs.discover.label_file_found import label_table_columns
from shardify.config import ConvertConfig
from shardify.converters import label_files, tables
from shardify.errors import DoubtedGuess, UndecidedSplitCodes, UsageError
from shardify.plan import layout, layout_guess, split_cells, table_groups
from shardify.plan.evidence import LABEL_LINES, Evidence, KeyRule
from shardify.plan.structure import split_word

__all__ = ["codes_asked_with_guess", "with_split_column"]

# How a label file's `label_key` names files, as a split column's rows must: its whole path (64 parts: all of
# them), its file name, its stem. Other keys (by order, beside the file, under a folder) are not read so.
_RULES = {layout.PATH: KeyRule(64, True), layout.NAME: KeyRule(1, True), layout.STEM: KeyRule(1, False)}


def with_split_column(
    config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout, label_file: layout_guess.LabelFileSample | None
) -> layout.SourceLayout:
    """`detected` with SPLIT_CODES evidence over its label table's column of split names, where it has one.

    Raises:
      UsageError: the column cannot be read as the splits here (`split_cells.check_split_cells`'s stop, naming
        --exclude and a layout file), or split lists give the splits too (naming them and the --exclude each).
    """
    if label_file is None or label_file.fmt != label_files.TABLE or table_groups.is_glob(label_file.path):
        return detected
    path = labels_file_path(config.source, label_file.path)
    if tables.table_format(path) not in (tables.CSV, tables.TSV):
        return detected
    read = label_table_columns(path, config, label_file.key_column)
    if read is None:
        return detected
    columns, chosen, data = read
    if chosen.key not in columns or chosen.label not in columns:
        return detected  # (no label column: label_file_found's check stopped already)
    key, label = columns.index(chosen.key), columns.index(chosen.label)
    rule = _RULES.get(detected.label_key)
    table = Evidence(label_file.path, LABEL_LINES, rule or KeyRule(), column=key, header=True, label_column=label)
    splits = split_cells.split_codes(table, [columns, *data])
    structure = detected.structure
    if detected.split_folders or (structure is not None and structure.split_level >= 0) \
            or any(split_word(part) for p in sample for part in p.split("/")[:-1]):
        return detected  # split folders give the splits the column repeats (Massachusetts Roads' metadata.csv)
    if splits is None:  # (a `split` column of codes, A/B/C, no split word reads: their meaning is asked, review28)
        split_cells.check_split_cells(label_file.path, columns, data, key, label, bool(config.label_column))
        return detected
    outside = os.path.isabs(label_file.path) or "://" in label_file.path  # (evidence is read inside SRC)
    if rule is None or outside or detected.name != layout.LABEL_FILE or detected.media != "image" or config.split:
        # (read as the splits only where the label file keys images by path, name or stem: else the old stop)
        split_cells.check_split_cells(label_file.path, columns, data, key, label, bool(config.label_column), splits_read=False)
        return detected
    others = [e.path for e in detected.evidence if e.gives_split]
    if others:  # two sources of splits: which one is meant is the user's to say
        raise UsageError(
            f"{label_file.path} gives each image's split in its column {splits.variable!r}, and {', '.join(others[:3])} "
            f"give splits too: which to read cannot be told. Decide: {' '.join('--exclude ' + p for p in others[:3])} "
            f"(the table's column read), or a layout file (--dry-run --layout-file FILE, docs/layout-files.md)"
        )
    return dataclasses.replace(detected, evidence=(*detected.evidence, splits), notes=(*detected.notes, splits.note))




@contextlib.contextmanager
def codes_asked_with_guess(
    config: ConvertConfig, guessed: Callable[[], layout.SourceLayout], label_file: layout_guess.LabelFileSample | None
) -> Iterator[None]:
    """Where the block stops over the label file's column of split codes (`split` of A/B: their meaning asked),
    the stop carries the guess as the block left it (`guessed()`) with SPLIT_CODES evidence over that column, each code's split UNDECIDED_SPLIT:
    `--dry-run --layout-file FILE` writes it for the user to replace each `?` (a file that still holds one is
    refused), where before the stop came with no guess and the file was not written. A table the guess cannot
    key as the label file's, or a stop over another table, stops as it did.

    Raises:
      DoubtedGuess: the codes' meaning is the user's to give, the guess with it.
    """
    try:
        yield
    except UndecidedSplitCodes as stop:
        guess = _undecided_guess(config, guessed(), label_file) if label_file is not None and stop.path == label_file.path else None
        if guess is None:
            raise
        mend = (f"; or --dry-run --layout-file FILE writes this guess with each code's split {split_cells.UNDECIDED_SPLIT!r}: "
                "replace each by train, validation or test, then convert with --layout-file FILE")
        raise DoubtedGuess(f"{stop}{mend}", guess) from None


def _undecided_guess(
    config: ConvertConfig, detected: layout.SourceLayout, label_file: layout_guess.LabelFileSample
) -> layout.SourceLayout | None:
    """`detected` with the label table's undecided split codes as its evidence; None where the table is not read
    as `with_split_column` reads one (a CSV or TSV inside SRC keying images by path, name or stem)."""
    rule = _RULES.get(detected.label_key)
    if rule is None or label_file.fmt != label_files.TABLE or table_groups.is_glob(label_file.path) \
            or os.path.isabs(label_file.path) or "://" in label_file.path or detected.name != layout.LABEL_FILE:
        return None
    path = labels_file_path(config.source, label_file.path)
    read = label_table_columns(path, config, label_file.key_column) if tables.table_format(path) in (tables.CSV, tables.TSV) else None
    if read is None or read[1].key not in read[0] or read[1].label not in read[0]:
        return None
    columns, chosen, data = read
    table = Evidence(label_file.path, LABEL_LINES, rule, column=columns.index(chosen.key), header=True,
                     label_column=columns.index(chosen.label))
    codes = split_cells.undecided_split_codes(table, [columns, *data])
    if codes is None:
        return None
    return dataclasses.replace(detected, evidence=(*detected.evidence, codes), notes=(*detected.notes, codes.note))
