"""Which columns of a table feed a record, and how cells become feature values.

Columns are named by the user (`--text-column`, `--label-column`, `--keep-columns`) or found by
their usual names. A column is given by its name or by its number counted from 1, as a spreadsheet
shows it (`--text-column 2`); a table without a header row has only numbers ("1", "2", ...).
Several text columns the user names (`--text-column 2,3`, e.g. a title and a body) are joined with
TEXT_JOIN, as asked. Two texts found without asking (a sentence pair, `sentence1`/`sentence2`; or
two columns whose content is text) are never joined: the second is the record's `text/pair`.

This module resolves the columns (`resolve_columns`); its result (`TableColumns`) lives in
`table_columns`, the usual names in `column_names`, the label column's checks in `label_columns`,
the finding of text columns in `column_texts`. Their public names are re-exported here (`columns.X`), as callers
have always read them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from shardify.converters import attribute_rows, flag_labels, joined_tags, label_phrases, list_cells, one_hot, phrase_columns, sparse_labels, vote_labels, word_labels
from shardify.converters import whole_decimal_labels
from shardify.converters.column_names import (
    BOOLEAN_LABEL_NAMES,
    CAPTION_COLUMN_NAMES,
    KEY_COLUMN_NAMES,
    LABEL_COLUMN_NAMES,
    PAIR_COLUMN_NAMES,
    RATING_COLUMN_NAMES,
    TEXT_COLUMN_NAMES,
    TEXT_JOIN,
    choose_column,
    is_integer,
    is_key_name,
    parse_column_list,
    shown_column,
)
from shardify.converters.column_texts import OneTextTwice, SeveralTextColumns, found_texts, refuse_number_rows
from shardify.converters.label_columns import (
    ID_LISTS,
    UnnamedLabelColumn,
    first_column_ids,
    found_by_ending,
    named_twice,
    coarse_named,
    label_by_content,
    refuse_label_elsewhere,
    label_kind,
    refuse_reused,
    refuse_second_label,
    refuse_unnamed_labels,
    texts_told,
    unless_scores,
    unless_unique,
)
from shardify.converters.table_columns import TableColumns
from shardify.errors import InvalidInputError

_SIGNED_WHOLE = re.compile(r"[+-]?\d{1,18}", re.ASCII)  # a class number, signed or not

__all__ = [
    "TEXT_COLUMN_NAMES",
    "PAIR_COLUMN_NAMES",
    "BOOLEAN_LABEL_NAMES",
    "LABEL_COLUMN_NAMES",
    "RATING_COLUMN_NAMES",
    "KEY_COLUMN_NAMES",
    "is_key_name",
    "several_labels",
    "CAPTION_COLUMN_NAMES",
    "TEXT_JOIN",
    "SeveralTextColumns",
    "OneTextTwice",
    "UnnamedLabelColumn",
    "TableOptions",
    "TableColumns",
    "LabelFileColumns",
    "parse_column_list",
    "choose_column",
    "resolve_columns",
    "label_file_columns",
    "is_integer",
]


@dataclass(frozen=True)
class TableOptions:
    """How the user named a table's columns (`--text-column`, `--label-column`, ...).

    Attributes:
      text_columns: names or numbers (from 1) of the text column(s), or () to look for the usual
        names.
      label_column: a name or number, or "" to look for the usual names.
      keep_columns: extra columns to keep as features; ("*",) for all the others.
      label_separator: splits one cell into several labels (multi-label), or "" for none;
        ONE_LABEL ("none") for none, said outright (detection then never asks whether cells that
        look like lists of tags are; see `shardify.plan.tag_labels`).
      header: the first row of a CSV or TSV is a header (True), data (False), or None: decide from
        the row itself (see `tables.looks_like_header`).
      encoding: of a CSV or TSV's bytes (`--encoding`).
      json_records: where a JSON document's records lie, a dotted path (`data.*.questions.*`,
        `--json-records`), or "": found by structure (`json_shapes`).
      labels_from_lines: the rows' labels are another file's lines (a gold file: WiC's
        `train.gold.txt`, `beam_jobs/discover/gold_lines.py`), or none is shipped: no column is
        looked for as the label (an unnamed one would label the rows instead), unless named.
      pair_column: the column that is the pair's second text whatever its content: a texts table's
        text joined onto the rows by key (`joined_texts`, FNC-1's `articleBody`), or "".
      unlabelled_values: label cells that mean "no label" (`--unlabelled-value`, casefolded), () where
        the user said none does, None where the user said nothing (`no_label_values`).
      label_votes: `--label-from-votes`: the rule making a row's class of its vote-count columns
        (`vote_majority`), or "": a label column gives it.
    """

    text_columns: tuple[str, ...] = ()
    label_column: str = ""
    keep_columns: tuple[str, ...] = ()
    label_separator: str = ""
    header: bool | None = None
    encoding: str = "utf-8"
    json_records: str = ""
    labels_from_lines: bool = False
    pair_column: str = ""
    unlabelled_values: tuple[str, ...] | None = None
    label_votes: str = ""


def several_labels(given: str, columns: Sequence[str]) -> tuple[str, ...]:
    """The 0/1 class columns `--label-column A,B,C` names (a row's labels its columns holding 1), where the
    whole is no column and every part is one; else ().

    >>> several_labels("HS,TR,AG", ("id", "text", "HS", "TR", "AG")), several_labels("HS", ("HS",)), several_labels("a,b", ("a,b", "a", "b"))
    (('HS', 'TR', 'AG'), (), ())
    """
    if "," not in given or given in columns:
        return ()
    parts = tuple(part.strip() for part in given.split(","))
    return parts if len(set(parts)) == len(parts) > 1 and all(part in columns for part in parts) else ()


def _is_number(given: str) -> bool:
    return given.isascii() and given.isdigit()


def resolve_columns(
    columns: Sequence[str],
    options: TableOptions,
    *,
    sample: Sequence[Sequence[object]] = (),
    header: bool = True,
    answers: tuple[str, str] | tuple[()] = (),
) -> TableColumns:
    """The columns to read, from the user's names, the usual names (see *_COLUMN_NAMES and
    PAIR_COLUMN_NAMES), else the columns' content (see `column_content`).

    Args:
      columns: the table's column names ("1".."N" without a header row).
      options: what the user asked for.
      sample: the first data rows' cells in column order (CSV, TSV), which show what a column
        holds; () when unknown (JSONL resolves row by row).
      header: the table has a header row. Without one, a whole number in column 1 of a table with
        no label column named makes column 1 the label (the news, review and ontology datasets
        ship as `"3","title","text"`).
      answers: the columns of a question's answers (question-answering JSON), or ().

    Raises:
      InvalidInputError: a named column is missing; no column, or more than two, hold text.
    """
    if attribute_rows.no_text_named(options.text_columns, columns):
        classes = several_labels(options.label_column, columns)  # `--label-column Class1,...,Class14`: multi-hot
        # a split's table without the named label column (Mobile Price's test.csv beside train.csv) is
        # unlabelled, as a table of texts is below; a name in no table at all is refused before writing
        withheld = bool(header and options.label_column and not classes and options.label_column not in columns
                        and not _is_number(options.label_column))
        label, keep = attribute_rows.attribute_columns(columns, "" if withheld else options.label_column,
                                                       options.keep_columns, classes, unlabelled=withheld)
        return TableColumns((), label, keep, classes=classes, attributes=True)
    given = named_label = options.label_column
    named_classes = several_labels(given, columns) if header else ()  # `--label-column HS,TR,AG`: multi-hot, as named
    if header and given and given not in columns and not _is_number(given):
        # a split's table without the named label column (Kaggle's test.csv beside train.csv) is
        # unlabelled; a name in no table at all is refused before writing (discover/text_columns.py)
        given = ""
        options = dataclasses.replace(options, label_column="")
        # (and no other column is its label: HellaSwag's test file, without `label`, was labelled
        # by its `activity_label` under --label-column label, exit 0)
        label = ""
    else:
        label = choose_column(columns, given, LABEL_COLUMN_NAMES, "label")
    elsewhere = options.labels_from_lines and not options.label_column  # a gold file's lines label the rows
    label = "" if elsewhere else label
    if label and not options.label_column and header:
        # kept as a feature (--keep-columns), the user has named it: the records are unlabelled
        named_label = label if label in options.keep_columns else ""
        label = unless_scores(columns, label, options, sample)
        if label and not options.label_separator:  # MPST's `tags`: joined tags, read whole each combination a class
            joined_tags.refuse_joined(columns, label, sample)
        label = unless_unique(columns, label, sample)
        label = sparse_labels.unless_sparse(columns, label, sample)  # CFPB's `Tags`, empty in most rows
    # a label named so, its sampled cells whole numbers (`unless_scores` let it be): every row must bear that out
    whole = bool(label) and label in columns and not options.label_column and header and _whole_cells(columns, label, sample)
    by_position = not label and not elsewhere and not header and sample and len(columns) > 1
    by_position = bool(by_position and is_integer(sample[0][0]) and not first_column_ids(sample))
    if by_position:
        label = columns[0]
    by_cells = label if by_position else ""  # a label found by its sampled cells: every row must bear it out
    texts = tuple(choose_column(columns, given, (), "text") for given in options.text_columns)
    pair, unused = "", ()
    if options.pair_column and options.pair_column in columns:  # a texts table's text joined by key (`joined_texts`): the pair, said so
        at = columns.index(options.pair_column)
        own = [c for c in columns if c != options.pair_column]
        if not texts:
            texts, found_pair, unused = found_texts(own, label, [tuple(r[:at]) + tuple(r[at + 1:]) for r in sample], header)
            if found_pair:
                raise InvalidInputError(f"{shown_column(texts[0])} and {shown_column(found_pair)} hold texts beside the joined "
                                        f"{shown_column(options.pair_column)}: name the text with --text-column")
        pair = options.pair_column
    elif not texts:
        try:
            texts, pair, unused = found_texts(columns, label, sample, header)
            phrased = next((n for n, why in unused if why == phrase_columns.PHRASE_LABEL and not options.label_column), "")
            by_cells = by_cells or ("" if label else phrased)
            label = label or phrased
            unused = tuple((n, why) for n, why in unused if n != label)
        except SeveralTextColumns as stop:  # the label a guess too: one stop names both
            if label or options.label_column or not header or not sample:
                raise
            raise sparse_labels.with_label_candidates(stop, columns, sample) from None
        if label in (*texts, pair) and not options.label_column:  # a label name that holds a text
            label = ""
        elif label in (*texts, pair) and header and _is_number(options.label_column):
            # `--label-column 2` numbers the columns of the split's headerless tables; in a table
            # with a header (GLUE's test.tsv: `index, sentence`) that number falls on the text,
            # which is no label: the table is unlabelled (its plan line says "no label column").
            label = ""
    if by_position and label == columns[0] and not options.label_column:
        refuse_label_elsewhere(columns, label, (*texts, pair, *answers, *options.keep_columns), sample)
    # `(3, 2)`: no class; kept as a feature, the records are unlabelled (no id column guessed instead)
    votes = vote_labels.refuse_vote_counts(columns, options.label_column, options.keep_columns, sample, header)
    label = "" if votes and not options.label_column else label
    refuse_reused(texts, pair, label, options)
    guessed = found_by_ending(columns, label) or named_twice(columns, label)
    if label and not options.label_column and header and sample and (guessed or coarse_named(label, columns)):
        with texts_told(texts, pair, options):
            refuse_second_label(columns, label, (*texts, pair, *answers, *options.keep_columns), sample, words_only=not guessed)
    if not label and not elsewhere and not options.label_column and not header and sample and not votes:
        # Headerless: the label column by its cells, also beside a text the user named (LIAR's
        # `--text-column 3` once wrote every record unlabelled with exit 0).
        label = label_by_content(columns, (*texts, pair), sample) or label_phrases.phrase_label(columns, (*texts, pair), sample)
        by_cells = label
        unused = tuple((name, why) for name, why in unused if name != label)
        if not label and not options.keep_columns:  # words too few rows to tell labels from names: stop
            try:
                word_labels.refuse_undecided_words(columns, (*texts, pair, *answers), sample)
            except word_labels.UndecidedWords as stop:
                if not pair:
                    raise
                # what else the stop's option leaves read: a text and its pair, which may be no pair
                # (a title beside its description): the option that names the one text, said with it
                said = (f"{stop.reason}; read so, the text is {shown_column(texts[0])} and its pair {shown_column(pair)}: "
                        "--text-column N names the one text (several, comma-separated, are joined)")
                stop.args = (said,)
                stop.reason = stop.args[0]
                raise
    if options.keep_columns == ("*",):
        keep = tuple(c for c in columns if c not in (*texts, pair, label, *answers))
    else:
        missing = [c for c in options.keep_columns if c not in columns]
        if missing:
            raise InvalidInputError(f"--keep-columns {missing} not in the columns {list(columns)}")
        keep = tuple(c for c in options.keep_columns if c not in (*texts, pair, label, *answers))
    unused = tuple((name, why) for name, why in unused if name not in keep)
    refuse_number_rows(columns, (*texts, pair), sample)
    classes: tuple[str, ...] = ()
    flag = ""
    if not label and not named_label and not elsewhere and header and sample:
        classes = one_hot.text_table_classes(columns, (*texts, pair, *answers, *keep), sample, KEY_COLUMN_NAMES)
        unused = tuple((name, why) for name, why in unused if name not in classes)
        # one text beside one `is_<x>` 0/1 column (`clean_text,is_depression`): the flag is the label (`flag_labels`)
        flag = flag_labels.flag_label(columns, texts, {k.lower() for k in KEY_COLUMN_NAMES}, sample) if (
            not classes and len(texts) == 1 and not pair and not answers and not keep) else ""
        label = label or flag
        whole = whole or (bool(flag) and _whole_cells(columns, flag, sample))  # 0/1: the plan confirms no fraction follows
        unused = tuple((name, why) for name, why in unused if name != flag)
        if not classes and not flag:
            with texts_told(texts, pair, options):
                try:
                    refuse_unnamed_labels(columns, (*texts, pair, *answers, *keep), sample)
                except UnnamedLabelColumn as stop:
                    # 0/1 columns beside others (PubMed's MeSH roots beside meshMajor): name the multi-hot reading
                    remedy = one_hot.multi_hot_remedy(columns, texts, pair, sample, KEY_COLUMN_NAMES)
                    if not remedy:
                        raise
                    raise UnnamedLabelColumn(f"{stop}{remedy}", stop.candidates) from stop
    if named_classes:
        classes = named_classes
        unused = tuple((name, why) for name, why in unused if name not in classes)
    if label and sample and header and not options.label_separator and not options.label_column:
        joined_tags.refuse_joined(columns, label, sample)  # found by its content too (a questions table's `python|pandas`)
    separator = ""
    if label and sample and not options.label_separator and label in columns and list_cells.list_column(
            [row[columns.index(label)] for row in sample if columns.index(label) < len(row)]):
        separator = list_cells.LIST_LITERAL  # `['cs.LG', 'cs.AI']`: the items are the labels
    elif label and not header and sample and not options.label_separator and label in columns:
        i = columns.index(label)
        if label_kind([row[i] for row in sample if i < len(row)]) == ID_LISTS:
            separator = ","
    # (a float export's class numbers, `-1.0`, read as whole numbers: blind45's Twitter table beside Reddit's `-1`)
    decimals = bool(label and sample and not separator and label in columns) and whole_decimal_labels.whole_decimal_column(
        row[columns.index(label)] for row in sample if columns.index(label) < len(row))
    sampled = bool(label) and label == by_cells and not options.label_column
    why = flag_labels.WHY if flag and label == flag else ""
    return TableColumns(texts, label, keep, pair, unused, answers, separator, classes, whole_numbers=decimals,
                        label_sampled=sampled, label_why=why,
                        label_whole=(whole or decimals and not options.label_column) and not sampled and not separator)


def _whole_cells(columns: Sequence[str], label: str, sample: Sequence[Sequence[object]]) -> bool:
    """The label column's sampled cells (of rows of full length, one or more) are all whole numbers, signed ones
    too: a sentiment's `-1`, `0`, `1` are class numbers as `0`, `1`, `2` are, and a `0.5` past the sample is no more
    a class among them (review37: the claim was never made for them, and such a fraction was written as a class)."""
    i = columns.index(label)
    cells = [row[i] for row in sample if len(row) == len(columns)]
    return bool(cells) and all(isinstance(cell, str) and _SIGNED_WHOLE.fullmatch(cell.strip()) for cell in cells)


@dataclass(frozen=True)
class LabelFileColumns:
    """Which columns of a label file name the file, its labels and its caption ("" for none)."""

    key: str
    label: str
    caption: str


def label_file_columns(
    columns: Sequence[str], label_column: str = "", *, captions: bool = True, key_column: str = ""
) -> LabelFileColumns:
    """The key column (`key_column`, found by detection from what the cells name:
    `shardify.plan.key_columns`; else the usual names, else the first column), the label column (`label_column`
    or the usual names, else the second of two columns) and, with `captions`, a caption column
    distinct from both.

    Raises:
      InvalidInputError: `label_column` is not one of `columns`.
    """
    key = key_column if key_column in columns else choose_column(columns, "", KEY_COLUMN_NAMES, "key") or columns[0]
    label = choose_column(columns, label_column, LABEL_COLUMN_NAMES, "label")
    if not label and len(columns) == 2:  # `name label` lines, as ImageNet's validation labels ship
        other = columns[1] if columns[0] == key else columns[0]
        # ... but a caption is no label: Hugging Face's imagefolder `file_name,text` gave each
        # image its caption as its class.
        if not choose_column([other], "", CAPTION_COLUMN_NAMES, "caption"):
            label = other
    caption = choose_column(columns, "", CAPTION_COLUMN_NAMES, "caption") if captions else ""
    return LabelFileColumns(key, label, caption if caption not in (key, label) else "")
