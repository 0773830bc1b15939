"""`--labels FILE` naming one split's labels file while another split's twin lies beside it (issue 30).

The book-cover dataset (uchidalab/book-dataset, Task1) ships bookcover30-labels-train.txt and
bookcover30-labels-test.txt side by side. A stop offered `--labels FILE`; given the train file, the
run read it as the labels of every cover and wrote the test covers unlabelled with exit 0. One
--labels file is read, so where the given file's name names a split and a file named alike but for
another split word lies in the same folder, the run stops, naming both: the user converts the splits
one at a time (SRC a folder of one split's inputs) or writes a layout file that reads both.
"""

from __future__ import annotations

import posixpath
import re

from shardify.beam_jobs.discover.label_file_found import head_lines
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan.folder_names import SPLIT_WORDS
from shardify.plan.structure import split_word

__all__ = ["check_label_file_twins"]

_SPLIT_WORD = re.compile(r"(?<![a-z])(" + "|".join(sorted(SPLIT_WORDS, key=len, reverse=True)) + r")(?![a-z])", re.IGNORECASE)


def _pattern(name: str) -> str:
    return _SPLIT_WORD.sub("<split>", name)


def _fields(config: ConvertConfig, path: str) -> int:
    """The number of fields on a file's first line (by the first of tab, comma, space it holds)."""
    head = head_lines(config, path, lines=1)
    line = head[0].strip() if head else ""
    separator = next((s for s in ("\t", ",", " ") if s in line), None)
    return len(line.split(separator)) if separator else (1 if line else 0)


def check_label_file_twins(config: ConvertConfig, labels_file: str, sample: list[str]) -> None:
    """Stop where `labels_file` (relative to SRC) names a split and its twins for other splits lie
    beside it (`bookcover30-labels-train.txt` beside `bookcover30-labels-test.txt`), of as many
    fields a line: a Kaggle `test.csv` of ids only beside `train.csv` of ids and labels is no twin
    (its inputs are unlabelled, rightly).

    Raises:
      UsageError: naming the given file, its twins, and what decides.
    """
    folder, name = posixpath.split(labels_file)
    split = split_word(posixpath.splitext(name)[0])
    if not split:
        return
    twins = sorted(
        p for p in sample
        if posixpath.dirname(p) == folder and p != labels_file and _pattern(posixpath.basename(p)) == _pattern(name)
        and split_word(posixpath.splitext(posixpath.basename(p))[0]) not in (None, split)
    )
    width = _fields(config, labels_file) if twins else 0
    twins = [p for p in twins if width > 1 and _fields(config, p) == width]
    if twins:
        raise UsageError(
            f"--labels {labels_file} labels the {split} split, and {', '.join(twins)} beside it another's: read alone, "
            f"the other split's inputs would be written unlabelled. Convert each split's inputs on their own with its "
            f"labels file, or describe both in a layout file (--dry-run --layout-file FILE writes the guess to mend; "
            f"docs/layout-files.md)"
        )
