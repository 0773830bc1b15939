"""The usual names of a table's columns, and how a column is chosen by its name or number.

Why a module of its own: the tables of names (text, label, pair, key, caption, rating) and
`choose_column` are read by the column resolution (`columns`), by the label column's checks
(`label_columns`), by the finding of text columns (`column_texts`) and by detection; kept here, below
all of them, none of those imports another to learn a name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shardify.errors import InvalidInputError
from shardify.inputs.whole_numbers import whole_number
from shardify.plan import label_words

__all__ = [
    "TEXT_COLUMN_NAMES",
    "TOKEN_COLUMN_NAMES",
    "PAIR_COLUMN_NAMES",
    "OPTIONAL_PAIR_NAMES",
    "BOOLEAN_LABEL_NAMES",
    "LABEL_COLUMN_NAMES",
    "ATTRIBUTE_LABEL_NAMES",
    "RATING_COLUMN_NAMES",
    "KEY_COLUMN_NAMES",
    "CAPTION_COLUMN_NAMES",
    "TEXT_JOIN",
    "is_key_name",
    "indexes_options",
    "parse_column_list",
    "is_integer",
    "shown_column",
    "choose_column",
]

# Column names tried, in order, when the user names none.
# `tokens`: a sentence as a list of its words (FewRel's, CoNLL-style JSON), read joined by spaces.
TEXT_COLUMN_NAMES = ("text", "sentence", "review", "content", "body", "document", "comment", "headline", "tokens",
                     # Goodreads' reviews and the Multi-Domain Sentiment reviews (`converters/pseudo_xml.py`)
                     "review_text")
# Columns whose list of strings is a text split into words (joined by spaces to be read); a list
# in any other column is no text.
TOKEN_COLUMN_NAMES = frozenset({"tokens", "words"})
# The vocabulary's COLUMN names, in the order tried (`shardify/plan/label_words.py`: MNLI's and
# SNLI's `gold_label`, QQP's `is_duplicate`, MRPC's `Quality`, BoolQ's true/false `answer`).
LABEL_COLUMN_NAMES = label_words.words(label_words.COLUMN)
# Whole header names (lower case) of a table of measurements' class (`label_words.ATTRIBUTE`: `Outcome`,
# `Survived`, `species`, `quality`, `y`): one such column of class-like cells converts the table without a stop
# (`shardify/plan/measurement_classes.py`).
ATTRIBUTE_LABEL_NAMES = frozenset(label_words.words(label_words.ATTRIBUTE))
# Last words of a column name that make it the label column when no name above is a column's.
_LABEL_WORD_ENDINGS = [[word] for word in label_words.words(label_words.ENDING)]
# Names of a review's rating (Yelp's `stars`, Amazon's `star_rating`, `overall`, Fine Food's `Score`):
# holding small whole numbers, a second candidate beside a label found by its name's last word.
RATING_COLUMN_NAMES = ("stars", "star_rating", "rating", "ratings", "overall", "score", "review_score")
# Label columns found by these names hold true or false (BoolQ's `answer`); a text there is a
# question-answering dataset's answer, no label, and its row is rejected saying to name the label.
BOOLEAN_LABEL_NAMES = label_words.words(label_words.BOOLEAN)
# Two texts of one record, as the sentence-pair datasets name them (GLUE's MNLI, RTE, QNLI, QQP and
# MRPC's TSVs; SNLI; BoolQ; question answering), lower case, tried before the single names: the
# first is the record's text, the second its pair.
PAIR_COLUMN_NAMES = (
    ("sentence1", "sentence2"),
    ("question1", "question2"),
    ("#1 string", "#2 string"),
    ("premise", "hypothesis"),
    ("context", "hypothesis"),  # ANLI (and NLI sets built on it): the premise named `context`
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


def is_key_name(name: str) -> bool:
    """A column named as a row's key or id (`id`, `image_id`, `ImageId`, `textID`, `index`): its
    whole numbers count or name the rows, never their class (Kannada-MNIST's test.csv `id` beside
    its pixel columns was written as each row's label)."""
    low = name.strip().lower()
    return (low in KEY_COLUMN_NAMES or low in ("index", "idx", "row", "row_id") or low.endswith("_id")
            or bool(re.search(r"[a-z](Id|ID)$", name.strip())))


def indexes_options(cell: object, columns: Sequence[str]) -> bool:
    """A whole number (or one written as text) that numbers one of a row's option columns: the
    columns of one stem followed by their numbers (WinoGrande's `option1`/`option2` and `answer`
    '1'/'2'; SWAG's and HellaSwag's `ending0`..`ending3` and `label`; COPA's `choice1`/`choice2`;
    PIQA's `sol1`/`sol2`). Such a cell is the record's class, the option's number as written; a
    number with no option column of its number is not."""
    if isinstance(cell, bool) or not (isinstance(cell, int) or is_integer(cell)):
        return False
    number = str(int(str(cell).strip()))
    stems: dict[str, set[str]] = {}
    for name in columns:
        found = re.fullmatch(r"([A-Za-z][A-Za-z_ ]*?)[ _]?(\d+)", name.strip())
        if found:
            stems.setdefault(found.group(1).lower(), set()).add(str(int(found.group(2))))
    return any(len(numbers) >= 2 and number in numbers for numbers in stems.values())


def parse_column_list(text: str) -> tuple[str, ...]:
    """'title,body' or '2,3' -> ('title', 'body') or ('2', '3'); '' -> ()."""
    return tuple(part.strip() for part in text.split(",") if part.strip())


def is_integer(text: object) -> bool:
    """True for a cell holding a whole number, such as a numbered label ('3', ' 12')."""
    return isinstance(text, str) and text.strip().isascii() and text.strip().isdigit()


def shown_column(column: str) -> str:
    """A column as messages name it: `column 3` by its number, `'title'` by its name."""
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
        if 1 <= (number := whole_number(given) or 0) <= len(columns):  # (a layout file's number: any length)
            return columns[number - 1]
        raise InvalidInputError(f"no {what} column {given!r}; the columns are {list(columns)} (or 1..{len(columns)})")
    lowered = {name.lower(): name for name in columns}
    exact = next((lowered[c] for c in candidates if c in lowered), "")
    if exact or candidates is not LABEL_COLUMN_NAMES:
        return exact
    # A name ending in a label word (NIH ChestX-ray14's `Finding Labels`, `true_label`), when
    # exactly one column's does: two (`true_label`, `predicted_label`) leave the choice to the user.
    ending = [name for name in columns if re.split(r"[^a-z0-9]+", name.lower().strip())[-1:] in _LABEL_WORD_ENDINGS]
    return ending[0] if len(ending) == 1 else ""

