"""A headerless table's column of short words too few rows to tell labels from names: the run stops.

In a table without a header row the label column is found by its cells
(`label_columns.label_by_content`): short single words, or small numbers, that repeat down the
rows (at most half as many distinct values as cells). A column of words that all differ in many
rows is ids or names (a dictionary's headwords) and is no label. Between the two, nothing tells:
10kGNAD's `Sport;'text'` rows labelled with nine topics hold, in a table's first rows, as many
topics as rows, and a miniature or a short table of them was written unlabelled with exit 0.

So where no label column was found in a table of texts and one other column (`label;'text'`,
`premise, hypothesis, label`), that column, if its sampled cells are all single words (no digits,
no commas, not one value repeated everywhere) and it is not shown to be ids (fewer than
MIN_ROWS_FOR_IDS sampled rows, or some word repeated), stops the run (from one row on: the table
is headerless, its rows data), naming
`--label-column N` (it is the label) and `--keep-columns N` (it is a feature, the records
unlabelled). A table of more columns beside its texts (the STS Benchmark's genre, file, year and
score) is metadata as often as labels: it is left to the other rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.converters.column_names import shown_column
from shardify.converters.joined_labels import joined_separator, label_parts
from shardify.converters.label_columns import UnnamedLabelColumn
from shardify.converters.label_content import MAX_LABEL_NUMBER, MIN_ROWS_FOR_IDS, MIN_ROWS_FOR_LABELS, label_word, row_numbers
from shardify.inputs.whole_numbers import whole_at_most

__all__ = ["FEW_ROWS", "UndecidedWords", "refuse_undecided_words"]

# Only headerless tables are judged here (their rows are data), so a row or two is judged too: a
# table of two `text<TAB>label` rows was written unlabelled with exit 0 (from three rows it
# stopped). Below _ROWS_FOR_CONSTANT rows, one word in every row may be the one class they show; from
# there, one value everywhere is metadata (a language code), no label.
_MIN_ROWS = 1
_ROWS_FOR_CONSTANT = 3
# Tables of fewer rows were not judged before (beam_jobs/discover/text_columns.py leaves them to
# the header question where a sibling table's first row names columns).
FEW_ROWS = 3
# Whole numbers up to MAX_LABEL_NUMBER are class numbers as often as counts: `label_content` reads
# them as labels from MIN_ROWS_FOR_LABELS rows on, where they repeat; in fewer rows (a table of two
# `text<TAB>1` rows, written unlabelled with exit 0) nothing tells, and the run stops. (Rows in
# which words that all differ are ids, and what a label word is, are `label_content`'s too.)


class UndecidedWords(UnnamedLabelColumn):
    """A headerless table's column of words that may be its labels or names (the run stops on it,
    with or without a header row: beam_jobs/discover/text_columns.py, table_agreement.py).
    `separator`: the character its cells join several labels with (`joined_labels`), "" where none."""

    separator = ""


def _words(cells: Sequence[object]) -> bool:
    values = [cell.strip() for cell in cells if isinstance(cell, str)]
    joined = joined_separator(values)  # (ATIS's `atis_flight#atis_airfare`: each part a label word)
    parts = [p for v in values for p in label_parts(v)] if joined else values
    return len(values) == len(cells) and (len(set(values)) > 1 or len(values) < _ROWS_FOR_CONSTANT) and all(
        label_word(v) for v in parts
    )


def _few_numbers(cells: Sequence[object]) -> bool:
    values = [cell.strip() for cell in cells if isinstance(cell, str)]
    return len(values) == len(cells) < MIN_ROWS_FOR_LABELS and all(whole_at_most(v, MAX_LABEL_NUMBER) for v in values)


def refuse_undecided_words(columns: Sequence[str], texts: Sequence[str], sample: Sequence[Sequence[object]]) -> None:
    """Raises UnnamedLabelColumn where a column of `columns` (a headerless table's) other than
    `texts` holds single words that may be labels and may be names (see the module's docstring).

    >>> try:
    ...     refuse_undecided_words(["1", "2"], ["2"], [["Sport", "a b c"], ["Web", "d e f"], ["Etat", "g h"]])
    ... except UndecidedWords as stop:
    ...     print(stop.candidates)
    ('1',)
    >>> refuse_undecided_words(["1", "2"], ["2"], [[f"w{c}ord", "a b"] for c in "abcdefghij"])  # no word repeats in 10
    """
    # (a column counting the rows, `1 ::: title ::: genre ::: text`, is their numbers: no metadata)
    others = [name for i, name in enumerate(columns) if name not in texts
              and not row_numbers([str(row[i]).strip() for row in sample if i < len(row)])]
    if len(sample) < _MIN_ROWS or len(others) != 1:
        return  # (metadata columns beside the texts: genre, source, year)
    found, numbers = [], []
    for i, name in enumerate(columns):
        cells = [row[i] for row in sample if i < len(row)]
        if name not in texts and len(cells) == len(sample) and _few_numbers(cells) and not row_numbers([str(c).strip() for c in cells]):
            numbers.append(name)
        if name in texts or len(cells) < len(sample) or not _words(cells):
            continue
        distinct = len({str(c).strip() for c in cells})
        if len(cells) < MIN_ROWS_FOR_IDS or distinct < len(cells):
            found.append(name)
    if found:
        name = found[0]
        separator = joined_separator([row[columns.index(name)] for row in sample])
        several = (f" (--label-separator {separator!r} with it: cells such as "
                   f"{next(str(r[columns.index(name)]).strip() for r in sample if separator in str(r[columns.index(name)]))!r} "
                   "join labels that also stand alone)") if separator else ""
        stop = UndecidedWords(
            f"no header row names the label, and {shown_column(name)} holds single words, too few of them repeated "
            f"to tell labels from names: name the label with --label-column {name}{several} (or another column); "
            f"--keep-columns {name} keeps it as a feature, the records unlabelled",
            found,
        )
        stop.separator = separator or ""
        raise stop
    if numbers:
        name = numbers[0]
        raise UndecidedWords(
            f"no header row names the label, and {shown_column(name)} holds small whole numbers in too few rows "
            f"({len(sample)}) to tell class numbers from counts: name the label with --label-column {name} (or another "
            f"column); --keep-columns {name} keeps it as a feature, the records unlabelled",
            numbers,
        )
