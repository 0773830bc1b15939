"""Which columns of a table feed a record, and how cells become feature values.

Columns are named by the user (`--text-column`, `--label-column`, `--keep-columns`) or found by
their usual names. A column is given by its name or by its number counted from 1, as a spreadsheet
shows it (`--text-column 2`); a table without a header row has only numbers ("1", "2", ...).
Several text columns the user names (`--text-column 2,3`, e.g. a title and a body) are joined with
TEXT_JOIN, as asked. Two texts found without asking (a sentence pair, `sentence1`/`sentence2`; or
two columns whose content is text) are never joined: the second is the record's `text/pair`.
"""

from __future__ import annotations

import contextlib
import dataclasses

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from shardify.converters import column_content, label_phrases, label_scores, one_hot, split_column
from shardify.errors import InvalidInputError

__all__ = [
    "TEXT_COLUMN_NAMES",
    "PAIR_COLUMN_NAMES",
    "BOOLEAN_LABEL_NAMES",
    "LABEL_COLUMN_NAMES",
    "RATING_COLUMN_NAMES",
    "KEY_COLUMN_NAMES",
    "is_key_name",
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

# Column names tried, in order, when the user names none.
TEXT_COLUMN_NAMES = ("text", "sentence", "review", "content", "body", "document", "comment", "headline")
# `gold_label`: MNLI, SNLI; `is_duplicate`: QQP; `quality`: MRPC's `Quality`; `answer`: BoolQ's
# true/false (only true/false: see BOOLEAN_LABEL_NAMES).
LABEL_COLUMN_NAMES = (
    "label", "labels", "class", "category", "target", "tags", "tag", "sentiment", "gold_label", "is_duplicate",
    "quality", "answer",
)
# Last words of a column name that make it the label column when no name above is a column's.
_LABEL_WORD_ENDINGS = [["label"], ["labels"], ["class"], ["category"], ["tags"], ["tag"]]
# Names of a review's rating (Yelp's `stars`, Amazon's `star_rating`, `overall`, Fine Food's `Score`):
# holding small whole numbers, a second candidate beside a label found by its name's last word.
RATING_COLUMN_NAMES = ("stars", "star_rating", "rating", "ratings", "overall", "score", "review_score")
# Label columns found by these names hold true or false (BoolQ's `answer`); a text there is a
# question-answering dataset's answer, no label, and its row is rejected saying to name the label.
BOOLEAN_LABEL_NAMES = ("answer",)
# Two texts of one record, as the sentence-pair datasets name them (GLUE's MNLI, RTE, QNLI, QQP and
# MRPC's TSVs; SNLI; BoolQ; question answering), lower case, tried before the single names: the
# first is the record's text, the second its pair.
PAIR_COLUMN_NAMES = (
    ("sentence1", "sentence2"),
    ("question1", "question2"),
    ("#1 string", "#2 string"),
    ("premise", "hypothesis"),
    ("question", "passage"),
    ("question", "context"),
    ("question", "sentence"),
    ("sentence_a", "sentence_b"),
    ("text_a", "text_b"),
    ("headline", "short_description"),  # the News Category Dataset's JSON lines
    ("headline", "description"),
    ("question", "answer"),  # a FAQ's answer text, when no passage is beside it (BoolQ's answer is its label)
    ("title", "body"),  # a post's title and its body (Stack Exchange dumps, forum and issue exports)
)
# Second texts that a record may lack (a news headline's description, empty in some rows): an empty
# cell is an empty `text/pair`, not a reject, as a hypothesis missing from a sentence pair is.
OPTIONAL_PAIR_NAMES = frozenset({"short_description", "description"})
KEY_COLUMN_NAMES = ("path", "file", "filename", "file_name", "image", "id", "name", "key")
CAPTION_COLUMN_NAMES = ("caption", "text", "description")
# Several text columns of a row (a news title and its description) become one text, in the order
# given, separated by a line break.
TEXT_JOIN = "\n"
# Last words of a column name that make it the text column of a table read row by row (JSON lines,
# Parquet: no sample of cells to judge by) when no name of TEXT_COLUMN_NAMES is a column's:
# poem_sentiment's `verse_text`, `tweet_text`. Not where another word of the name is a label's
# (`label_text`, the class's name as text).
_TEXT_WORD_ENDINGS = frozenset({"text", "sentence", "review", "content", "comment", "headline"})


def is_key_name(name: str) -> bool:
    """A column named as a row's key or id (`id`, `image_id`, `ImageId`, `textID`, `index`): its
    whole numbers count or name the rows, never their class (Kannada-MNIST's test.csv `id` beside
    its pixel columns was written as each row's label)."""
    low = name.strip().lower()
    return (low in KEY_COLUMN_NAMES or low in ("index", "idx", "row", "row_id") or low.endswith("_id")
            or bool(re.search(r"[a-z](Id|ID)$", name.strip())))


def parse_column_list(text: str) -> tuple[str, ...]:
    """'title,body' or '2,3' -> ('title', 'body') or ('2', '3'); '' -> ()."""
    return tuple(part.strip() for part in text.split(",") if part.strip())


def is_integer(text: object) -> bool:
    """True for a cell holding a whole number, such as a numbered label ('3', ' 12')."""
    return isinstance(text, str) and text.strip().isascii() and text.strip().isdigit()


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
    """

    text_columns: tuple[str, ...] = ()
    label_column: str = ""
    keep_columns: tuple[str, ...] = ()
    label_separator: str = ""
    header: bool | None = None
    encoding: str = "utf-8"


@dataclass(frozen=True)
class TableColumns:
    """Which columns of a table feed a record.

    Attributes:
      texts: the text column(s), joined with TEXT_JOIN.
      label: the label column, or "" for unlabeled rows.
      keep: extra columns kept as features.
      pair: the column of the second text of a pair (the record's `text/pair`), or "".
      unused: (column, why it is not text) for the columns judged by their content and left out.
      answers: question-answering JSON: the columns of its answers' texts and starts (lists), or ().
    """

    texts: tuple[str, ...]
    label: str
    keep: tuple[str, ...]
    pair: str = ""
    unused: tuple[tuple[str, str], ...] = ()
    answers: tuple[str, str] | tuple[()] = ()
    separator: str = ""  # a label column found by content holding `2,27`: its labels split on ","
    classes: tuple[str, ...] = ()  # multi-hot: a 0/1 column per class (Jigsaw's `toxic`, ..., `identity_hate`)

    @property
    def needed(self) -> tuple[str, ...]:
        """Every column a record reads."""
        optional = tuple(c for c in (self.pair, self.label, *self.classes) if c)
        return tuple(dict.fromkeys((*self.texts, *optional, *self.answers, *self.keep)))

    @property
    def pair_optional(self) -> bool:
        """The pair column may be empty in a row (`OPTIONAL_PAIR_NAMES`)."""
        return self.pair.lower() in OPTIONAL_PAIR_NAMES

    def pair_of(self, cells: Mapping[str, object]) -> str | None:
        """The row's second text, or None when its cell is missing or not a string."""
        value = cells.get(self.pair)
        return value if isinstance(value, str) else None

    def text_of(self, cells: Mapping[str, object]) -> str | None:
        """The row's text, or None when a text cell is missing or not a string."""
        parts = [cells.get(column) for column in self.texts]
        if not all(isinstance(part, str) for part in parts):
            return None
        return TEXT_JOIN.join(parts)  # type: ignore[arg-type]

    def describe(self) -> str:
        label = f"label = {_shown(self.label)}" if self.label else "no label column"
        if self.classes:
            label = (f"labels = the 0/1 columns {', '.join(map(_shown, self.classes))} (multi-hot: a row's labels are its "
                     "columns holding 1, none the empty label set)")
        label += f" (several labels a cell, split on {self.separator!r})" if self.separator else ""
        pair = f", pair = {_shown(self.pair)}" if self.pair else ""
        pair += f", answers = {' + '.join(map(_shown, self.answers))}" if self.answers else ""
        unused = "".join(f"; {_shown(name)} not read ({why})" for name, why in self.unused)
        return f"text = {' + '.join(_shown(c) for c in self.texts)}{pair}, {label}{unused}"


def _is_number(given: str) -> bool:
    return given.isascii() and given.isdigit()


def _shown(column: str) -> str:
    return f"column {column}" if column.isascii() and column.isdigit() else repr(column)


def choose_column(columns: Sequence[str], given: str, candidates: Sequence[str], what: str) -> str:
    """`given` if it names a column (or numbers one, from 1), else the first candidate present
    (case-insensitive), else "".

    Raises:
      InvalidInputError: `given` is neither one of `columns` nor a number within them.
    """
    if given:
        if given in columns:
            return given
        if given.isascii() and given.isdigit() and 1 <= int(given) <= len(columns):
            return columns[int(given) - 1]
        raise InvalidInputError(f"no {what} column {given!r}; the columns are {list(columns)} (or 1..{len(columns)})")
    lowered = {name.lower(): name for name in columns}
    exact = next((lowered[c] for c in candidates if c in lowered), "")
    if exact or candidates is not LABEL_COLUMN_NAMES:
        return exact
    # A name ending in a label word (NIH ChestX-ray14's `Finding Labels`, `true_label`), when
    # exactly one column's does: two (`true_label`, `predicted_label`) leave the choice to the user.
    ending = [name for name in columns if re.split(r"[^a-z0-9]+", name.lower().strip())[-1:] in _LABEL_WORD_ENDINGS]
    return ending[0] if len(ending) == 1 else ""


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
    given = named_label = options.label_column
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
    if label and not options.label_column and header:
        # kept as a feature (--keep-columns), the user has named it: the records are unlabelled
        named_label = label if label in options.keep_columns else ""
        label = _unless_scores(columns, label, options, sample)
        label = _unless_unique(columns, label, sample)
    if not label and not header and sample and len(columns) > 1 and is_integer(sample[0][0]) and not _ids(sample):
        label = columns[0]
    texts = tuple(choose_column(columns, given, (), "text") for given in options.text_columns)
    pair, unused = "", ()
    if not texts:
        texts, pair, unused = _found_texts(columns, label, sample, header)
        if label in (*texts, pair) and not options.label_column:  # a label name that holds a text
            label = ""
        elif label in (*texts, pair) and header and _is_number(options.label_column):
            # `--label-column 2` numbers the columns of the split's headerless tables; in a table
            # with a header (GLUE's test.tsv: `index, sentence`) that number falls on the text,
            # which is no label: the table is unlabelled (its plan line says "no label column").
            label = ""
    _refuse_reused(texts, pair, label, options)
    if label and not options.label_column and header and sample and _by_ending(columns, label):
        with _texts_told(texts, pair, options):
            _refuse_second_label(columns, label, (*texts, pair, *answers, *options.keep_columns), sample)
    if not label and not options.label_column and not header and sample:
        # Headerless: the label column by its cells, also beside a text the user named (LIAR's
        # `--text-column 3` once wrote every record unlabelled with exit 0).
        label = _label_by_content(columns, (*texts, pair), sample) or label_phrases.phrase_label(columns, (*texts, pair), sample)
        unused = tuple((name, why) for name, why in unused if name != label)
    if options.keep_columns == ("*",):
        keep = tuple(c for c in columns if c not in (*texts, pair, label, *answers))
    else:
        missing = [c for c in options.keep_columns if c not in columns]
        if missing:
            raise InvalidInputError(f"--keep-columns {missing} not in the columns {list(columns)}")
        keep = tuple(c for c in options.keep_columns if c not in (*texts, pair, label, *answers))
    unused = tuple((name, why) for name, why in unused if name not in keep)
    _refuse_number_rows(columns, (*texts, pair), sample)
    classes: tuple[str, ...] = ()
    if not label and not named_label and header and sample:
        classes = one_hot.text_table_classes(columns, (*texts, pair, *answers, *keep), sample, KEY_COLUMN_NAMES)
        unused = tuple((name, why) for name, why in unused if name not in classes)
        if not classes:
            with _texts_told(texts, pair, options):
                _refuse_unnamed_labels(columns, (*texts, pair, *answers, *keep), sample)
    separator = ""
    if label and not header and sample and not options.label_separator and label in columns:
        i = columns.index(label)
        if _label_kind([row[i] for row in sample if i < len(row)]) == _ID_LISTS:
            separator = ","
    return TableColumns(texts, label, keep, pair, unused, answers, separator, classes)


def _by_ending(columns: Sequence[str], label: str) -> bool:
    """`label` was chosen by its name's last word (`product_category`), no column being named as a
    label outright (`label`, `category`: LABEL_COLUMN_NAMES)."""
    return not {name.lower() for name in columns} & set(LABEL_COLUMN_NAMES)


@contextlib.contextmanager
def _texts_told(texts: Sequence[str], pair: str, options: TableOptions) -> Iterator[None]:
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
            f"--text-column {texts[0]!r} reads {texts[0]!r} alone", stop.candidates) from stop


def _refuse_second_label(columns: Sequence[str], label: str, taken: Sequence[str], sample: Sequence[Sequence[object]]) -> None:
    """A label column found by its name's ending beside another column holding labels by its
    content (the Amazon multilingual reviews' `product_category` beside `stars`, the label the
    dataset is published for): which is the label is a guess, and a wrong one writes every record
    under another label with exit 0.

    Raises:
      UnnamedLabelColumn: naming both columns and `--label-column`.
    """
    others: tuple[str, ...] = ()
    try:
        _refuse_unnamed_labels(columns, (*taken, label), sample)
    except UnnamedLabelColumn as found:
        others = found.candidates
    others = (*others, *(name for name in _ratings(columns, (*taken, label), sample) if name not in others))
    if others:
        candidates = (label, *others)
        shown = " and ".join(_shown(name) for name in others)
        raise UnnamedLabelColumn(
            f"{_shown(label)} is named like a label (its last word), but {shown} also {'hold' if len(others) > 1 else 'holds'} labels by their content "
            f"(a few repeated words, short phrases, numbers or true/false): which is the label is a guess; name it with "
            f"--label-column {label!r} or --label-column {others[0]!r}", candidates)


def _ratings(columns: Sequence[str], taken: Sequence[str], sample: Sequence[Sequence[object]]) -> list[str]:
    """Columns named as a rating is (RATING_COLUMN_NAMES: Yelp's and the Amazon reviews' `stars`,
    `overall`, `rating`) whose sampled cells are all small whole numbers: a review's label, however
    few rows show its repeats."""
    found = []
    for i, name in enumerate(columns):
        cells = [str(row[i]).strip() for row in sample if len(row) == len(columns)]
        if name not in taken and name.lower() in RATING_COLUMN_NAMES and cells and all(
            is_integer(c) and int(c) <= _MAX_LABEL_NUMBER for c in cells
        ):
            found.append(name)
    return found


def _refuse_reused(texts: Sequence[str], pair: str, label: str, options: TableOptions) -> None:
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


def _unless_scores(columns: Sequence[str], label: str, options: TableOptions, sample: Sequence[Sequence[object]]) -> str:
    """The label column found by its name, "" where the user keeps it as a feature; refused where
    its cells are scores (`label_scores`)."""
    if label in options.keep_columns:
        return ""
    i = columns.index(label) if label in columns else -1
    found = label_scores.fractions([row[i] for row in sample if 0 <= i < len(row)])
    if found:
        raise label_scores.ScoreLabelColumn(label, found)
    return label


def _unless_unique(columns: Sequence[str], label: str, sample: Sequence[Sequence[object]]) -> str:
    """The label column found by its name, unless its sampled cells all differ in _MIN_ROWS_FOR_IDS
    rows or more (a question's `Tags`, `<java><swing>`, unique to each row): a value unique to each
    record is an id or a text, no label. Another column holding labels by its content is then
    named (`_refuse_unnamed_labels`); with none, the run stops naming the column, which
    `--label-column` keeps as the label.

    Raises:
      UnnamedLabelColumn: naming the columns that could be the label.
    """
    i = columns.index(label) if label in columns else -1
    cells = [str(row[i]).strip() for row in sample if 0 <= i < len(row)]
    if i < 0 or len(cells) < _MIN_ROWS_FOR_IDS or len(set(cells)) < len(cells):
        return label
    unique = f"{_shown(label)} is named like a label, but each of its {len(cells)} sampled cells differs (an id or a text, no label)"
    try:
        _refuse_unnamed_labels(columns, (label,), sample)
    except UnnamedLabelColumn as found:
        raise UnnamedLabelColumn(f"{unique}; {found}", found.candidates) from None
    raise UnnamedLabelColumn(f"{unique}: name it with --label-column {label!r} to keep it as the label", (label,))


def _refuse_unnamed_labels(columns: Sequence[str], taken: Sequence[str], sample: Sequence[Sequence[object]]) -> None:
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
        and (_label_kind(cells[i]) or label_phrases.repeated_phrases(cells[i]))
        and not split_column.names_splits(cells[i])  # each row's split (MASSIVE's `partition`), never a label
    ]
    if found:
        # a column named as an id (HWU64's `userid`, `answerid`) is offered last: a worker's or an
        # answer's number repeats as labels do, but is rarely the class (`class_id` is no such name)
        found.sort(key=_named_as_id)
        shown = " and ".join(_shown(name) for name in found)
        raise UnnamedLabelColumn(
            f"no column is named as the label, and {shown} {'each hold' if len(found) > 1 else 'holds'} a few repeated "
            "words, short phrases, numbers or true/false, "
            f"as labels do: name the label with --label-column {found[0]!r} (or another column); "
            f"--keep-columns {found[0]} keeps it as a feature, the records unlabelled", found)


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


# Sampled rows in which column 1's cells, all different, are ids rather than labels.
_MIN_ROWS_FOR_IDS = 8


def _ids(sample: Sequence[Sequence[object]]) -> bool:
    """Column 1's sampled cells are ids (a SemEval-like `6400<TAB>positive<TAB>text`), never
    labels: one is past _MAX_LABEL_NUMBER, or all differ in _MIN_ROWS_FOR_IDS rows or more (labels
    repeat; four AG News rows may each hold another class)."""
    first = [str(row[0]).strip() for row in sample if row]
    large = any(is_integer(cell) and int(cell) > _MAX_LABEL_NUMBER for cell in first)
    return large or (len(first) >= _MIN_ROWS_FOR_IDS and len(set(first)) == len(first))


def _refuse_number_rows(columns: Sequence[str], texts: Sequence[str], sample: Sequence[Sequence[object]]) -> None:
    """A text column (named or found) whose sampled cells are mostly rows of numbers is no text:
    written as one, every record would be a vector's digits (FER2013's `pixels`).

    Raises:
      InvalidInputError: naming the column.
    """
    for name in texts:
        if name and sample and name in columns:
            cells = [row[columns.index(name)] for row in sample if len(row) == len(columns)]
            if column_content.column_kind(cells) == column_content.NUMBER_ROWS:
                raise InvalidInputError(
                    f"{_shown(name)} holds {column_content.NUMBER_ROWS}: shardify does not read such tables as "
                    "texts, nor as images; convert the images to files, or name another text column with --text-column"
                )


# A column of labels numbered by the dataset holds few distinct whole numbers (CoLA's 0/1, a
# polarity's 0/2/4, a class index 1..14), repeated down the rows; ids and counts do not repeat. A
# column of names does the same with short words (LIAR's `half-true`, `pants-fire`); a column of
# class ids joined by commas (GoEmotions' `2,27`) is a multi-label's.
_MAX_LABEL_NUMBER = 999
_MIN_ROWS_FOR_LABELS = 4
_MAX_LABEL_WORD_CHARS = 32
_ID_LISTS = "class ids joined by commas"
_WORDS = "words"


def _label_by_content(columns: Sequence[str], texts: Sequence[str], sample: Sequence[Sequence[object]]) -> str:
    """In a table without a header row, the one other column of labels by its cells (see
    `_label_kind`), or "". Several such columns: the one column of words beside the text (LIAR:
    `id, label, statement, subjects, speaker, ..., party, ...`), when only one is; numbers beside
    it (CoLA's author mark, counts) decide nothing.

    Raises:
      InvalidInputError: two or more columns could each be the label (which is meant cannot be told).
    """
    kinds = {name: _label_kind([row[i] for row in sample if i < len(row)]) for i, name in enumerate(columns) if name not in texts}
    found = [name for name, kind in kinds.items() if kind]
    if len(found) > 1:
        at = {columns.index(t) for t in texts if t in columns}
        beside = [
            name for name in found if kinds[name] == _WORDS and {columns.index(name) - 1, columns.index(name) + 1} & at
        ]
        if len(beside) == 1:
            return beside[0]
        shown = " and ".join(_shown(name) for name in found)
        raise InvalidInputError(
            f"{shown} each hold a few repeated numbers, words or true/false, as labels do, and no header row says "
            f"which is the label: name it with --label-column {found[0]} (or another number)"
        )
    return found[0] if found else ""


def _label_kind(cells: Sequence[object]) -> str:
    """Why the cells are labels, or "": whole numbers from 0 to _MAX_LABEL_NUMBER, true/false or
    short single words, with repeats (at most half as many distinct values as cells; words: two
    or more, in a sample of at least _MIN_ROWS_FOR_LABELS); or whole numbers joined by commas (_ID_LISTS:
    class ids of a multi-label, some cell holding two or more).

    >>> _label_kind(["2,27", "14", "3", "26"]), _label_kind(["false", "true", "false", "false"])
    ('class ids joined by commas', 'labels')
    >>> _label_kind(["ed1x1k", "ed2x2k", "ed3x3k", "ed4x4k"])
    ''
    """
    values = [cell.strip().lower() for cell in cells if isinstance(cell, str)]
    if len(values) < _MIN_ROWS_FOR_LABELS or len(values) < len(cells):
        return ""
    ids = [v.split(",") for v in values]
    if any(len(parts) > 1 for parts in ids) and all(
        is_integer(p.strip()) and int(p) <= _MAX_LABEL_NUMBER for parts in ids for p in parts
    ):
        return _ID_LISTS
    booleans = all(v in ("true", "false") for v in values)
    numbers = all(is_integer(v) and int(v) <= _MAX_LABEL_NUMBER for v in values)
    words = all(
        v and len(v) <= _MAX_LABEL_WORD_CHARS and len(v.split()) == 1 and not any(c.isdigit() for c in v)
        and "," not in v for v in values
    )
    if len(set(values)) * 2 > len(values):
        return ""
    # a constant word (every row's `economy`) is no class: a label of one value is kept for numbers only
    return "labels" if booleans or numbers else _WORDS if words and len(set(values)) > 1 else ""


def _found_texts(
    columns: Sequence[str], label: str, sample: Sequence[Sequence[object]], header: bool
) -> tuple[tuple[str, ...], str, tuple[tuple[str, str], ...]]:
    """(text columns, pair column or "", [(column, why it is not text)]) with no --text-column:
    a pair of names (`sentence1`/`sentence2`), else a text name, else the columns whose content is
    text: one is the text, two a text and its pair, in the table's order.

    Raises:
      InvalidInputError: no column holds text (a table of ids or numbers is no dataset of texts),
        or more than two do (which is meant cannot be told).
    """
    lowered = {name.lower(): name for name in columns}
    for first, second in PAIR_COLUMN_NAMES:
        if first in lowered and second in lowered:
            return (lowered[first],), lowered[second], ()
    found = choose_column(columns, "", TEXT_COLUMN_NAMES, "text")
    if found:
        return (found,), "", ()
    others = [c for c in columns if c != label]
    if not sample:  # nothing to judge by: the only other column, as before, or the one named as a text
        if len(others) == 1:
            return (others[0],), "", ()
        ending = _named_as_text(others)
        if ending:
            return (ending,), "", ()
        raise InvalidInputError(f"no text column among {list(columns)}: name it with --text-column")
    kinds = {name: column_content.column_kind([row[columns.index(name)] for row in sample]) for name in others}
    texts = [name for name in others if kinds[name] == column_content.TEXT]
    unused = tuple((name, kind) for name, kind in kinds.items() if kind != column_content.TEXT)
    shown = ", ".join(f"{_shown(name)} holds {kind}" for name, kind in unused)
    if not texts:
        raise InvalidInputError(
            f"no column holds text ({shown}{'' if header else '; no header row'}): not a table of texts; "
            "name the text with --text-column if it is one"
        )
    # a column that is another's text with inline annotation markup (MASSIVE's `annot_utt` beside
    # `utt`) is that text's annotation, no text of its own
    marked = _marked_copies(texts, [[row[columns.index(t)] for row in sample if len(row) == len(columns)] for t in texts])
    if marked:
        unused = (*unused, *((t, column_content.MARKED_COPY) for t in marked))
        texts = [t for t in texts if t not in marked]
    if len(texts) > 2:
        # more than two texts, some of them a template's fill (fra.txt's attribution beside its sentence
        # pair): those are no texts
        templated = [t for t in texts if column_content.same_opening([row[columns.index(t)] for row in sample])]
        if 0 < len(texts) - len(templated) <= 2:
            unused = (*unused, *((t, column_content.TEMPLATED) for t in templated))
            texts = [t for t in texts if t not in templated]
    if len(texts) > 2:
        # a column of repeated short phrases among them is a class (MTSamples' `medical_specialty`)
        labels = [t for t in texts if header and label_phrases.repeated_phrases([row[columns.index(t)] for row in sample])]
        also = f"; {_shown(labels[0])} holds a few repeated short phrases, as labels do: name it with --label-column {labels[0]!r}" if labels else ""
        raise SeveralTextColumns(
            f"{len(texts)} columns hold text ({', '.join(_shown(t) for t in texts)}): name the text with "
            f"--text-column (a name or number; several, comma-separated, are joined){also}",
            tuple(t for t in texts if t not in labels),
        )
    if len(texts) == 2 and column_content.one_within_other(*([row[columns.index(t)] for row in sample if len(row) == len(columns)] for t in texts)):
        raise OneTextTwice(
            f"no text column among {list(columns)} is the one text: {_shown(texts[0])} and {_shown(texts[1])} hold one text "
            "twice (a copy or a span of the other), no sentence pair: name the text with --text-column"
        )
    if len(texts) == 2:
        # a pair's two texts are both there in every row (NLI, paraphrase); a column of text left empty
        # in some rows is a record's metadata (a tweet's `Location` beside `OriginalTweet`), not its pair
        gaps = {name: sum(not str(row[columns.index(name)] or "").strip() for row in sample if len(row) == len(columns))
                for name in texts}
        full = [name for name in texts if not gaps[name]]
        if len(full) == 1:
            gappy = next(name for name in texts if gaps[name])
            return (full[0],), "", (*unused, (gappy, "text, empty in some rows: no pair"))
    return (texts[0],), texts[1] if len(texts) == 2 else "", unused


def _marked_copies(texts: Sequence[str], cells: Sequence[Sequence[object]]) -> list[str]:
    """The text columns that are another text column with inline markup (`column_content.marked_copy`)."""
    return [texts[m] for m in range(len(texts))
            if any(p != m and column_content.marked_copy(cells[p], cells[m]) for p in range(len(texts)))]


def _named_as_text(columns: Sequence[str]) -> str:
    """The one column whose name ends in a text word (`_TEXT_WORD_ENDINGS`) and holds no label word,
    or "" where none or several do (`raw_text`, `clean_text`: the choice is the user's).

    >>> [_named_as_text(c) for c in (["id", "verse_text", "label"], ["raw_text", "clean_text"], ["tweet", "label_text"])]
    ['verse_text', '', '']
    """
    found = []
    for name in columns:
        words = [w for w in re.split(r"[^a-z0-9]+", name.lower().strip()) if w]
        if words and words[-1] in _TEXT_WORD_ENDINGS and not set(words[:-1]) & set(LABEL_COLUMN_NAMES):
            found.append(name)
    return found[0] if len(found) == 1 else ""


class OneTextTwice(InvalidInputError):
    """Two columns of text of which one holds the other (a cleaned copy, a span): which is the
    record's text is the user's to say (`--text-column`). Found from a table's first rows, so the
    run stops before writing (beam_jobs/discover/text_columns.py), never a reject per row."""


class SeveralTextColumns(InvalidInputError):
    """More than two columns hold text and none is named: which is the text is the user's to say
    (detection stops before writing on it: beam_jobs/discover/text_columns.py)."""

    def __init__(self, reason: str, texts: Sequence[str]) -> None:
        super().__init__(reason)
        self.texts = tuple(texts)  # the columns that hold text, in the table's order


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

