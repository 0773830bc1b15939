"""Which column of a table is its label, checked before a record is written.

Why a module of its own: a label column found by its name may hold scores, values unique to each
row, or sit beside another column that holds labels by its content; a table without a header row
has its label found by its cells (`label_kind`, in `label_content`). Each doubt stops the run
before writing, naming the columns and `--label-column` (`UnnamedLabelColumn`), as a wrong label
would be written with exit 0. `columns.resolve_columns` calls these checks in its order; they read only the column names
(`column_names`) and the sampled cells.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from shardify.converters import (
    crowd_columns,
    label_content,
    label_phrases,
    label_rank,
    label_runs,
    label_scores,
    list_cells,
    no_label_values,
    split_column,
)
from shardify.converters.column_content import is_number
from shardify.converters.column_names import (
    KEY_COLUMN_NAMES,
    LABEL_COLUMN_NAMES,
    PAIR_COLUMN_NAMES,
    RATING_COLUMN_NAMES,
    shown_column,
)
from shardify.converters.label_content import (  # re-exported: callers read them as label_columns.<name>
    ID_LISTS,
    MAX_LABEL_NUMBER,
    MIN_ROWS_FOR_IDS,
    MIN_ROWS_FOR_LABELS,
    WORDS,
    first_column_ids,
    label_kind,
    label_word,
    single_label_words,
)
from shardify.errors import InvalidInputError
from shardify.inputs.whole_numbers import whole_at_most
from shardify.plan import label_candidates, label_words

if TYPE_CHECKING:
    from shardify.converters.columns import TableOptions

__all__ = [
    "UnnamedLabelColumn",
    "SeveralLabelColumns",
    "ID_LISTS",
    "found_by_ending",
    "named_twice",
    "coarse_named",
    "texts_told",
    "refuse_second_label",
    "refuse_reused",
    "unless_scores",
    "unless_unique",
    "refuse_unnamed_labels",
    "first_column_ids",
    "label_by_content",
    "refuse_label_elsewhere",
    "label_kind",
    "single_label_words",
    "label_word",
    "MAX_LABEL_NUMBER",
    "MIN_ROWS_FOR_IDS",
    "MIN_ROWS_FOR_LABELS",
]


def found_by_ending(columns: Sequence[str], label: str) -> bool:
    """`label` was chosen by its name's last word (`product_category`), no column being named as a
    label outright (`label`, `category`: LABEL_COLUMN_NAMES)."""
    return not {name.lower() for name in columns} & set(LABEL_COLUMN_NAMES)


# Names that say "the label" alone (`label_words`' DECISIVE role): beside them another column named
# `target` or `sentiment` is a feature.
_DECISIVE_LABEL_NAMES = frozenset(label_words.words(label_words.DECISIVE))


# Names of a label column that say what it holds, a polarity, where a table may hold a finer label by
# content beside it (MELD's `Sentiment` beside `Emotion`, seven words): the content check runs
# (`label_words`' POLARITY role: the one vocabulary of label words).
_COARSE_LABEL_NAMES = frozenset(label_words.words(label_words.POLARITY))
# The most words of a finer label's cell beside a polarity (`Very positive`, `anger`).
_MAX_LABEL_WORDS = 3


def coarse_named(label: str, columns: Sequence[str] = ()) -> bool:
    """`label` was chosen by a name that says a polarity (`_COARSE_LABEL_NAMES`), or by a name that
    does not say "the label" alone (`category`, `class`, `target`: not `_DECISIVE_LABEL_NAMES`) beside
    another column whose name holds a label word of the vocabulary (`label_candidates.label_evidence`:
    `intent`, `topic`, `genre`, `emotion`). Either way a column of label words beside it is another
    label and which one the dataset is published for is a guess: the Bitext customer-support table's
    `category` (ORDER, ACCOUNT) beside its `intent` (cancel_order, ...), the task, had labelled every row
    by its category with exit 0. `refuse_second_label(words_only=True)` then looks at those columns'
    cells (a few words each, no numbers, no sentences), so a column merely named so passes. A column
    named for a polarity beside a category is that category's sentiment (SemEval ABSA's
    `aspectCategory_polarity` beside `category`, read as before), not such a second label.

    >>> coarse_named("Sentiment"), coarse_named("category", ["text", "category", "intent"])
    (True, True)
    >>> coarse_named("category", ["text", "category", "author"]), coarse_named("label", ["text", "label", "topic"])
    (False, False)
    >>> coarse_named("category", ["text", "category", "aspectCategory_polarity"])
    False
    """
    if label.lower() in _COARSE_LABEL_NAMES:
        return True
    return label.lower() not in _DECISIVE_LABEL_NAMES and any(
        name != label and label_candidates.label_evidence(name) == 2
        and not set(re.split(r"[^a-z0-9]+", name.lower())) & _COARSE_LABEL_NAMES for name in columns)


def named_twice(columns: Sequence[str], label: str) -> bool:
    """`label` was chosen by a name that does not decide alone (`target`), and another column is
    named as a label outright too (`sentiment`): which is the label is a guess.

    >>> named_twice(["Tweet", "Target", "Stance", "Sentiment"], "Target"), named_twice(["text", "label", "category"], "label")
    (True, False)
    """
    named = [name for name in columns if name.lower() in LABEL_COLUMN_NAMES]
    return label.lower() not in _DECISIVE_LABEL_NAMES and len(named) > 1


@contextlib.contextmanager
def texts_told(texts: Sequence[str], pair: str, options: TableOptions) -> Iterator[None]:
    """A label stop raised inside also says how the texts would be read where two columns of text
    were found by their content, not named (the Amazon multilingual reviews' `review_body` beside
    `review_title`): the user names the label and, in the same step, the text, or a second run
    stops again or writes a title as each review's pair."""
    try:
        yield
    except UnnamedLabelColumn as stop:
        named = {tuple(n.lower() for n in names) for names in PAIR_COLUMN_NAMES}
        if not pair or options.text_columns or (texts[0].lower(), pair.lower()) in named:
            raise
        raise UnnamedLabelColumn(
            f"{stop}; the text is read from {texts[0]!r} and its pair from {pair!r} (two columns of text): "
            f"--text-column {texts[0]!r} reads {texts[0]!r} alone, --text-column {pair!r} {pair!r} alone (a title over "
            f"its body is no pair)", stop.candidates) from stop


def refuse_second_label(columns: Sequence[str], label: str, taken: Sequence[str], sample: Sequence[Sequence[object]],
                        *, words_only: bool = False) -> None:
    """A label column found by its name's ending beside another column holding labels by its
    content (the Amazon multilingual reviews' `product_category` beside `stars`, the label the
    dataset is published for): which is the label is a guess, and a wrong one writes every record
    under another label with exit 0. With `words_only` (a polarity's name chose the label:
    `coarse_named`), only a column of words named as a label is another (MELD's `Emotion` beside
    `Sentiment`), never metadata of a few repeated words (`Country`, `Time of Tweet`).

    Raises:
      UnnamedLabelColumn: naming both columns and `--label-column`.
    """
    others: tuple[str, ...] = ()
    if words_only:  # a polarity's column (`coarse_named`): a finer label beside it is a column named as a label
        # holding words (MELD's `Emotion`, however few rows repeat them), never numbers (the Rotten Tomatoes
        # phrases' `SentenceId`) nor metadata of a few words (a tweets table's `Time of Tweet`, `Country`)
        others = tuple(name for i, name in enumerate(columns) if name not in (*taken, label)
                       and label_candidates.label_evidence(name) == 2 and _label_words(i, sample))
        # (stopping anyway, the stop names the true/false columns too, a label by content whatever its name:
        # ArSarcasm's `sarcasm` beside `sentiment` and `original_sentiment`; never a stop of their own)
        others = (*others, *(name for i, name in enumerate(columns) if others and name not in (*taken, label, *others)
                             and _true_false(i, sample))) if others else others
    else:
        try:
            refuse_unnamed_labels(columns, (*taken, label), sample)
        except UnnamedLabelColumn as found:
            others = found.candidates
        others = (*others, *(name for name in _ratings(columns, (*taken, label), sample) if name not in others))
    if others:
        candidates = (label, *others)
        shown = " and ".join(shown_column(name) for name in others)
        raise UnnamedLabelColumn(
            f"{shown_column(label)} is named like a label, but {shown} also {'hold' if len(others) > 1 else 'holds'} labels by their content "
            f"(a few repeated words, short phrases, numbers or true/false): which is the label is a guess; name it with "
            f"--label-column {label!r} or --label-column {others[0]!r}"
            + "".join(f" or --label-column {name!r}" for name in others[1:]), candidates)


def _true_false(index: int, sample: Sequence[Sequence[object]]) -> bool:
    """The sampled cells of column `index` are booleans written out (`True`/`False`, pandas' spelling).

    >>> _true_false(0, [["True"], ["false"], ["True"]]), _true_false(0, [["True"], ["maybe"]]), _true_false(0, [[""]])
    (True, False, False)
    """
    cells = [str(row[index]).strip().lower() for row in sample if index < len(row) and str(row[index]).strip()]
    return bool(cells) and set(cells) <= {"true", "false"}


def _label_words(index: int, sample: Sequence[Sequence[object]]) -> bool:
    """The sampled cells of column `index` are words, a label's few (no numbers, no sentences).

    >>> _label_words(0, [["joy"], ["anger"], ["neutral"]]), _label_words(0, [["0.5"], ["1"]]), _label_words(0, [["a b c d e"]])
    (True, False, False)
    """
    cells = [row[index] for row in sample if index < len(row)]
    return bool(cells) and all(
        isinstance(cell, str) and 0 < len(cell.split()) <= _MAX_LABEL_WORDS and not is_number(cell) for cell in cells)



def _ratings(columns: Sequence[str], taken: Sequence[str], sample: Sequence[Sequence[object]]) -> list[str]:
    """Columns named as a rating is (RATING_COLUMN_NAMES: Yelp's and the Amazon reviews' `stars`,
    `overall`, `rating`) whose sampled cells are all small whole numbers: a review's label, however
    few rows show its repeats."""
    found = []
    for i, name in enumerate(columns):
        cells = [str(row[i]).strip() for row in sample if len(row) == len(columns)]
        if name not in taken and name.lower() in RATING_COLUMN_NAMES and cells and all(
            whole_at_most(c, MAX_LABEL_NUMBER) for c in cells
        ):
            found.append(name)
    return found


def refuse_reused(texts: Sequence[str], pair: str, label: str, options: TableOptions) -> None:
    """A column read twice: `--text-column 2,2` would write each text twice, and a label column
    named by the user that is the text (`--label-column text`) a label unique to each record.

    Raises:
      InvalidInputError: naming the column and the option.
    """
    twice = next((column for column in texts if texts.count(column) > 1), "")
    if twice:
        given = ",".join(options.text_columns)
        raise InvalidInputError(f"--text-column {given} names column {twice!r} twice: name each text column once")
    if options.label_column and label and label in (*texts, pair):
        raise InvalidInputError(
            f"--label-column {options.label_column} is column {label!r}, which holds the text: each record's label "
            "would be its own text; name the column of the labels"
        )


def unless_scores(columns: Sequence[str], label: str, options: TableOptions, sample: Sequence[Sequence[object]]) -> str:
    """The label column found by its name, "" where the user keeps it as a feature; refused where
    its cells are scores (`label_scores`)."""
    if label in options.keep_columns:
        return ""
    i = columns.index(label) if label in columns else -1
    found = label_scores.fractions([row[i] for row in sample if 0 <= i < len(row)])
    if found:
        raise label_scores.ScoreLabelColumn(label, found)
    return label


def unless_unique(columns: Sequence[str], label: str, sample: Sequence[Sequence[object]]) -> str:
    """The label column found by its name, unless its sampled cells all differ in MIN_ROWS_FOR_IDS
    rows or more (a question's `Tags`, `<java><swing>`, unique to each row): a value unique to each
    record is an id or a text, no label. Another column holding labels by its content is then
    named (`refuse_unnamed_labels`); with none, the run stops naming the column, which
    `--label-column` keeps as the label.

    Raises:
      UnnamedLabelColumn: naming the columns that could be the label.
    """
    i = columns.index(label) if label in columns else -1
    cells = [str(row[i]).strip() for row in sample if 0 <= i < len(row)]
    if i < 0 or len(cells) < MIN_ROWS_FOR_IDS or len(set(cells)) < len(cells):
        return label
    unique = f"{shown_column(label)} is named like a label, but each of its {len(cells)} sampled cells differs (an id or a text, no label)"
    try:
        refuse_unnamed_labels(columns, (label,), sample)
    except UnnamedLabelColumn as found:
        raise UnnamedLabelColumn(f"{unique}; {found}", found.candidates) from None
    raise UnnamedLabelColumn(f"{unique}: name it with --label-column {label!r} to keep it as the label", (label,))


def refuse_unnamed_labels(columns: Sequence[str], taken: Sequence[str], sample: Sequence[Sequence[object]]) -> None:
    """A table with a header row, no column named as the label, and another column whose cells
    are labels by their content (Kaggle's `id,text,author` with EAP/HPL/MWS; a tweets table's
    `airline_sentiment` beside confidences and counts): written unlabelled, every record would lose
    its class with exit 0. Keys (`id`, `file`) are not looked at.

    Raises:
      UnnamedLabelColumn: naming the columns that could be the label.
    """
    keys = {name.lower() for name in KEY_COLUMN_NAMES}
    cells = {i: [row[i] for row in sample if len(row) == len(columns)] for i in range(len(columns))}
    # a "name" that is one of its own column's values (`joy` over joy/sad) is a data row read as a
    # header, which the tables' agreement reads as data (beam_jobs/discover/table_agreement.py)
    found = [
        name for i, name in enumerate(columns)
        if name and name not in taken and name.lower() not in keys
        and name.strip().lower() not in {str(c).strip().lower() for c in cells[i]}
        and (label_kind(cells[i]) or label_phrases.repeated_phrases(cells[i]) or list_cells.list_column(cells[i], words=True)
             or _lone_words(columns, taken, keys, cells, i) or label_content.whole_decimals(cells[i]))
        and not split_column.names_splits(cells[i])  # each row's split (MASSIVE's `partition`), never a label
    ]
    if found:
        # a column named as an id (HWU64's `userid`, `answerid`) is offered last: a worker's or an
        # answer's number repeats as labels do, but is rarely the class (`class_id` is no such name)
        # and a column named as a class (`fraudulent`, `variety`) first, a feature's (`has_questions`) last
        found = label_candidates.ranked_labels(found)
        found.sort(key=_named_as_id)
        found = label_rank.ranked_candidates(found, {name: cells[columns.index(name)] for name in found})
        found = crowd_columns.ranked(found, columns)  # a crowd export's answers first, its bookkeeping (`_golden`) last
        shown = " and ".join(shown_column(name) for name in found)
        raise UnnamedLabelColumn(
            f"no column is named as the label, and {shown} {'each hold' if len(found) > 1 else 'holds'} a few repeated "
            "words, short phrases, numbers or true/false, "
            f"as labels do: name the label with {_label_offer(columns, found[0], taken, sample)} (or another column); "
            f"--keep-columns {found[0]} keeps it as a feature, the records unlabelled"
            + no_label_values.hint(found[0], cells[columns.index(found[0])])
            + _flags_beside_classes(found, {name: cells[columns.index(name)] for name in found}), found)


def _label_offer(columns: Sequence[str], name: str, taken: Sequence[str], sample: Sequence[Sequence[object]]) -> str:
    """`--label-column NAME`, with `--label-separator` (and the text where a pair would be read) where the
    column's cells are joined tags (a questions table's `python|pandas`: read whole, each combination a class)."""
    from shardify.converters import joined_tags  # imported here: joined_tags raises this module's UnnamedLabelColumn

    separator = joined_tags.joined_separator([row[columns.index(name)] for row in sample if len(row) == len(columns)])
    if not separator:
        return f"--label-column {name!r}"
    return joined_tags.tags_offer(name, separator, joined_tags.pair_body(columns, name, sample))


def _lone_words(columns: Sequence[str], taken: Sequence[str], keys: set[str], cells: dict[int, list[object]], i: int) -> bool:
    """Column `i` is the one column beside the text (keys and blank names aside), its cells single
    words some of which repeat, in too few rows for `label_kind` (Language Detection's `Text,Language`:
    17 languages over a sample of 20 rows had been written unlabelled with exit 0, blind32). No
    other column could be the label; whether this one is, the user says. Blank cells are rows without a
    label, no sign either way (two blanks in twenty had hidden it, exit 0: review30)."""
    others = [j for j, name in enumerate(columns) if name and name not in taken and name.lower() not in keys]
    values = [v for c in cells[i] if (v := str(c if c is not None else "").strip().lower())]
    return (others == [i] and len(values) >= MIN_ROWS_FOR_LABELS and single_label_words(values)
            and len(set(values)) < len(values) and not all(is_number(v) for v in values))


def _flags_beside_classes(found: Sequence[str], cells: dict[str, list[object]]) -> str:
    """The option that reads 0/1 class columns as one multi-hot set where 0/1 columns named as a
    record's features (`verified` beside `toxic`, `insult`: `label_candidates.FEATURE_WORDS`) kept
    them from being read so; "" otherwise.

    >>> _flags_beside_classes(["toxic", "insult", "verified"], {"toxic": ["0", "1"], "insult": ["1", "0"], "verified": ["1", "1"]})
    '; or, where the other 0/1 columns are one multi-hot set of classes, --keep-columns verified keeps the flag as a feature'
    """
    bits = [name for name in found if cells[name] and {str(c).strip() for c in cells[name]} <= {"0", "1"}]
    flags = [name for name in bits if label_candidates.label_evidence(name) == 0]
    if not flags or len(bits) - len(flags) < 2:
        return ""
    return (f"; or, where the other 0/1 columns are one multi-hot set of classes, --keep-columns {','.join(flags)} "
            f"keeps the flag{'s' if len(flags) > 1 else ''} as {'features' if len(flags) > 1 else 'a feature'}")


# Names of a row's own number run together (`userid`), beside `..._id` and `... id`.
_ID_WORDS = frozenset({"id", "uid", "qid", "pid", "userid", "workerid", "answerid", "questionid", "itemid", "productid",
                       "reviewid", "postid", "authorid", "sessionid", "docid", "rowid", "sampleid", "recordid", "imageid"})


def _named_as_id(name: str) -> bool:
    """The column's name ends in an id word and holds no label word (`userid`, `worker_id`; not `class_id`).

    >>> [_named_as_id(n) for n in ("userid", "worker_id", "class_id", "intent", "Valid", "answerid")]
    [True, True, False, False, False, True]
    """
    words = [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w]
    return bool(words) and words[-1] in _ID_WORDS and not any(w in ("class", "label", "category", "target") for w in words)


class UnnamedLabelColumn(InvalidInputError):
    """Columns hold labels by their content and none is named as the label (detection stops
    before writing on it: beam_jobs/discover/text_columns.py)."""

    def __init__(self, reason: str, candidates: Sequence[str]) -> None:
        super().__init__(reason)
        self.candidates = tuple(candidates)


class SeveralLabelColumns(InvalidInputError):
    """A headerless table in which two columns or more could each be the label by their cells: the
    same for every row, so detection stops before writing on it (beam_jobs/discover/text_columns.py)
    rather than the scan rejecting every row (exit 1, the reason only in the rejects report)."""

    def __init__(self, reason: str, candidates: Sequence[str]) -> None:
        super().__init__(reason)
        self.candidates = tuple(candidates)


def label_by_content(columns: Sequence[str], texts: Sequence[str], sample: Sequence[Sequence[object]]) -> str:
    """In a table without a header row, the one other column of labels by its cells (see
    `label_kind`), or "". Several such columns: the one column of words beside the text (LIAR:
    `id, label, statement, subjects, speaker, ..., party, ...`), when only one is and no other column of
    words stands next to it (`label_runs`: GermEval 2018's coarse and fine tasks side by side); numbers
    beside it (CoLA's author mark, counts) decide nothing.

    Raises:
      SeveralLabelColumns: two or more columns could each be the label (which is meant cannot be told).
    """
    kinds = {name: label_kind([row[i] for row in sample if i < len(row)]) for i, name in enumerate(columns) if name not in texts}
    found = [name for name, kind in kinds.items() if kind]
    if len(found) > 1:
        at = {columns.index(t) for t in texts if t in columns}
        beside = [
            name for name in found if kinds[name] == WORDS and {columns.index(name) - 1, columns.index(name) + 1} & at
        ]
        run = label_runs.label_run(columns, beside[0], kinds, WORDS) if len(beside) == 1 else []
        # a column of language codes in the run is the records' language, no rival label (review31)
        run = label_runs.without_languages(run, {name: [row[columns.index(name)] for row in sample
                                                        if columns.index(name) < len(row)] for name in run})
        if len(run) > 1:  # the label beside the text is one of a run of labels (a shared task's tasks): a guess
            raise SeveralLabelColumns(label_runs.run_message(run), run)
        if run:
            return run[0]
        shown = " and ".join(shown_column(name) for name in found)
        raise SeveralLabelColumns(
            f"{shown} each hold a few repeated numbers, words or true/false, as labels do, and no header row says "
            f"which is the label: name it with {' or '.join(f'--label-column {name}' for name in found)}",
            found,
        )
    return found[0] if found else ""


def refuse_label_elsewhere(columns: Sequence[str], first: str, taken: Sequence[str],
                           sample: Sequence[Sequence[object]]) -> None:
    """A headerless table's column 1 is its label by position only (the news and review datasets'
    `"3","title","text"`); where another column not read as text holds labels by its cells too
    (`label_kind`: Curai's medical question pairs `dr_id,question_1,question_2,label`, the doctor's
    number 1-11 first, the 0/1 last), which is the class cannot be told, and column 1 written as the
    label would be a wrong label on every row with exit 0.

    Raises:
      UnnamedLabelColumn: naming column 1 and the others, and `--label-column`.
    """
    others = [
        name for i, name in enumerate(columns)
        if name != first and name not in taken and label_kind([row[i] for row in sample if len(row) == len(columns)])
    ]
    if not others:
        return
    found = [first, *others]
    shown = " and ".join(shown_column(name) for name in found)
    offered = " or ".join(f"--label-column {name}" for name in found)
    raise UnnamedLabelColumn(
        f"no header row names the label, and {shown} each hold a few repeated numbers, words or true/false, as "
        f"labels do ({shown_column(first)} is the label only by its place, as the news datasets' "
        f"'\"3\",\"title\",\"text\"' put it): name the label with {offered}", found)
