"""Detect data files beside gold files of as many lines (WiC, SemEval STS; see `shardify.plan.gold_files`).

Every data file of the sample but documentation must be one of a pair (`train.data.txt`,
`train.gold.txt`), or a data file named with the same data word whose gold file is not shipped
(WiC's `test/test.data.txt`: its records unlabelled, never labelled from a column). Then:

- each pair's line counts must agree, or the run stops naming both counts (line i of the gold
  labels line i of the data: a line lost in either shifts every label after it);
- a gold line of several words stops as for TweetEval's label files (several labels, or one of
  several words: `--label-separator` decides);
- data files of tab-separated rows (WiC's five columns, STS's sentence pairs) are tables, each row
  labelled by its gold line (`SourceLayout.row_labels`; an unshipped gold file's table is listed
  with "" for its labels, and is read unlabelled); data files of plain lines are read a record a
  line (`LineFile(labels=...)`, as TweetEval's).

Detection reads the first 64 KiB of each file and counts the lines of files up to 256 MiB.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover.line_files import FoundLines, uneven
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters.evidence_files import first_lines
from shardify.converters.header_rows import looks_like_tab_rows, looks_like_tab_table
from shardify.converters.tab_pairs import looks_like_tab_pairs
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout
from shardify.plan.gold_files import data_word, gold_pairs
from shardify.plan.line_files import LineFile

__all__ = ["find_gold_lines"]

_HEAD_BYTES = 64 << 10
_HEAD_LINES = 200


def find_gold_lines(config: ConvertConfig, sample: Sequence[str]) -> FoundLines | None:
    """The data and gold files of SRC, or None where its files are not of this kind alone.

    Raises:
      UsageError: a pair whose line counts differ; gold lines of several words.
    """
    files = sorted(p for p in sample if not layout.is_junk(p) and not _doc(p))
    pairs = gold_pairs(files)
    if not pairs:
        return None
    members = {p for pair in pairs for p in pair}
    words = {data_word(data) for data, _ in pairs}
    lone = [p for p in files if p not in members and data_word(p) in words]
    if any(p not in members and p not in lone for p in files):
        return None  # other data beside the pairs: not this kind alone
    for data, gold in pairs:
        if counts := uneven(config, data, gold):
            raise UsageError(
                f"{data} has {counts[0]:,} lines and {gold} {counts[1]:,}: line i of {gold} labels line i of {data}, so a "
                "line was lost or added in one of them and no label can be trusted; mend the files (nothing was written)"
            )
    if not config.label_separator:
        _check_one_label_a_line(config, pairs)
    heads = {p: first_lines(_head(config, p), _HEAD_LINES) for p in [d for d, _ in pairs] + lone}
    rows = {p: looks_like_tab_rows(lines) or looks_like_tab_table(lines) or looks_like_tab_pairs(lines) for p, lines in heads.items()}
    shown = ", ".join(f"{d} <- {posixpath.basename(g)}" for d, g in pairs[:3]) + (" and more" if len(pairs) > 3 else "")
    unlabelled = f"; without a gold file, unlabelled: {', '.join(lone[:3])}" if lone else ""
    if all(rows.values()):
        note = f"data files of tab-separated rows, each row labelled by the same line of its gold file: {shown}{unlabelled}"
        return FoundLines((), note=note, row_labels=(*pairs, *((p, "") for p in lone)))
    if not any(rows.values()):
        note = f"a text a line, labelled by the same line of its gold file: {shown}{unlabelled}"
        return FoundLines(tuple(LineFile(d, labels=g) for d, g in pairs) + tuple(LineFile(p) for p in lone), note=note)
    return None  # rows in some, lines in others: not one kind


def _check_one_label_a_line(config: ConvertConfig, pairs: Sequence[tuple[str, str]]) -> None:
    for data, gold in pairs:
        several = next((line.strip() for line in first_lines(_head(config, gold), _HEAD_LINES) if len(line.split()) > 1), "")
        if several:
            raise UsageError(
                f"{gold} labels the lines of {data}, and its lines hold several words ({several!r}): several labels a line "
                "or one label of several words: --label-separator ' ' reads each word a label (multi-label); "
                "--label-separator with a character no line holds (';') keeps each line one label"
            )


def _doc(path: str) -> bool:
    return layout.stem(path).lower() in layout.AUXILIARY_NAMES or layout.extension(path) in layout.AUXILIARY_EXTENSIONS or (
        "readme" in posixpath.basename(path).lower()
    )


def _head(config: ConvertConfig, path: str) -> bytes:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            head = fileobj.read(_HEAD_BYTES)
    except (OSError, InvalidInputError):
        return b""
    return b"" if b"\x00" in head else head

