"""Which columns of a table hold text, told from their cells when no column name says so.

A table without a header row, or with column names nobody listed, still has to give each record its
text, and a wrong guess writes wrong records with exit 0: Sentiment140's headerless
`polarity,id,date,query,user,text` joined ids and dates into every text. So a column is text only
when its sampled cells read as text: mostly words (not numbers, dates, times or ids, which are
tokens with digits), several words or long strings (not user names or codes), and varied (not a
few repeated codes such as `NO_QUERY`). A column that is not text says why, for the plan and for
the message that asks the user to name the column.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from shardify.converters import list_cells

__all__ = ["TEXT", "NUMBER_ROWS", "TEMPLATED", "column_kind", "is_number", "is_number_row", "same_opening", "one_within_other",
           "MARKED_COPY", "marked_copy", "TAGGED_TOKENS", "LIST_NAMES"]

TEXT = "text"
NUMBER_ROWS = "rows of numbers (an image or a vector written out as numbers), not text"
# A cell of this many whitespace-separated numbers or more is a vector (FER2013's `pixels`: 2304
# grey levels of a 48x48 image), never a text, even when a user names its column as one.
_MIN_NUMBERS_IN_A_ROW = 16
# A column whose cells are numbers half the time or more holds numbers (labels, ids, scores).
_MAX_NUMBER_SHARE = 0.5
# Tokens holding a digit: a date (`Mon Apr 06 22:19:45 PDT 2009`: 3 of 6), an id, a time. Prose
# holds a few (`2 hours`, `1990s`), far below a third of its words.
_MAX_DIGIT_TOKEN_SHARE = 0.34
# Text is several words, or (scripts written without spaces) long: a user name or a code is one
# short token.
_MIN_MULTIWORD_SHARE = 0.5
_MIN_MEAN_CHARS_WITHOUT_SPACES = 20
# In scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar) a
# character is about a word or a syllable: a cell of this many of them is several words, as a
# short question is (LCQMC's `喜欢打篮球的男生喜欢什么样的女生`, its sentence pairs once read as
# "single words" and the whole table rejected, exit 1). Class names there are two to four. Katakana
# is not counted: a word written in it (`ポジティブ`, a label) is one word, and Japanese sentences
# hold kanji or hiragana.
_MIN_UNSPACED_SCRIPT_CHARS = 5
_UNSPACED_SCRIPTS = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u309f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# Codes repeat (`NO_QUERY` on every row); texts seldom do. Judged only on samples large enough for
# repeats to show.
_MIN_DISTINCT_SHARE = 0.5
# Tokens each a word and its tags after slashes (`Ciara/B-ENT/NNP/B-NP/O`, Brown's `The/at`): a tagged
# copy of a sentence (SemEval-2015 PIT's Sent_1_tag, POS-tagged corpora), an annotation, no text of its
# own; told where most tokens are so (a URL or an `and/or` among words is not).
LIST_NAMES = "lists of names (`['a', 'b']`: several labels a cell), not text"
TAGGED_TOKENS = "tagged tokens (word/TAG: an annotation of a text), not text"
# A JSON list of objects or an object written in a cell (a JSON-lines row's nested field, Climate-FEVER's
# `evidences`: [{evidence_id, evidence_label, evidence, votes}, ...]): fields of their own, no text; read
# as the pair's second text, every row had been rejected "non-text cell" (exit 1).
NESTED = "nested objects (a JSON list of objects or an object), not text"
_TAGGED_TOKEN = re.compile(r"^[^/\s]+(?:/[^/\s]+)+$")
_MIN_TAGGED_SHARE = 0.8
_MIN_ROWS_FOR_REPEATS = 8


def _unspaced_words(cell: str) -> bool:
    """The cell holds _MIN_UNSPACED_SCRIPT_CHARS characters or more of a script written without spaces."""
    return len(_UNSPACED_SCRIPTS.findall(cell, 0, 4 * _MIN_UNSPACED_SCRIPT_CHARS)) >= _MIN_UNSPACED_SCRIPT_CHARS


def is_number(text: str) -> bool:
    """The cell reads as a number (Python's float: ints, decimals, exponents, nan, inf)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


# A cell is judged by this many characters at most: a hostile cell of 24 MB split into its
# 8 million tokens took ~450 MB, and no kind needs more than its start to be told.
JUDGED_CHARS = 64 << 10


def is_number_row(text: str) -> bool:
    """The cell is _MIN_NUMBERS_IN_A_ROW or more numbers separated by whitespace.

    >>> is_number_row(" ".join(["70"] * 2304)), is_number_row("in 1990 2 of 3 were 4")
    (True, False)
    """
    tokens = text[:JUDGED_CHARS].split()  # (a row of millions of numbers is judged by its start)
    return len(tokens) >= _MIN_NUMBERS_IN_A_ROW and all(is_number(token) for token in tokens)


def column_kind(values: Sequence[object]) -> str:
    """TEXT when the sampled cells of a column read as text, else why not, in words.

    >>> column_kind(["a fine film", "dull and long", "I would watch it again"])
    'text'
    >>> column_kind(["1467810369", "1467810672"])
    'numbers'
    >>> column_kind(["Mon Apr 06 22:19:45 PDT 2009", "Mon Apr 06 22:19:49 PDT 2009"])
    'dates, times or ids'
    >>> column_kind(["EJ/B-person/NNP/B-NP/O Manuel/I-person/NNP/I-NP/O is/O/VBZ/B-VP/O", "the/O/DT/B-NP/O game/O/NN/I-NP/O"])
    'tagged tokens (word/TAG: an annotation of a text), not text'
    """
    cells = [value.strip()[:JUDGED_CHARS] for value in values if isinstance(value, str) and value.strip()]
    if not cells:
        return "empty cells"
    if sum(is_number(cell) for cell in cells) >= _MAX_NUMBER_SHARE * len(cells):
        return "numbers"
    if sum(is_number_row(cell) for cell in cells) >= _MAX_NUMBER_SHARE * len(cells):
        return NUMBER_ROWS
    tokens = [token for cell in cells for token in cell.split()]
    if sum(any(c.isdigit() for c in token) for token in tokens) >= _MAX_DIGIT_TOKEN_SHARE * len(tokens):
        return "dates, times or ids"
    if list_cells.list_column(cells):
        return LIST_NAMES
    if sum(_json_structure(cell) for cell in cells) * 2 > len(cells):
        return NESTED
    if sum(bool(_TAGGED_TOKEN.match(token)) for token in tokens) >= _MIN_TAGGED_SHARE * len(tokens):
        return TAGGED_TOKENS
    multiword = sum(len(cell.split()) > 1 or _unspaced_words(cell) for cell in cells)
    mean_chars = sum(len(cell) for cell in cells) / len(cells)
    if multiword < _MIN_MULTIWORD_SHARE * len(cells) and mean_chars < _MIN_MEAN_CHARS_WITHOUT_SPACES:
        return "single words (names or codes)"
    if len(cells) >= _MIN_ROWS_FOR_REPEATS and len(set(cells)) < _MIN_DISTINCT_SHARE * len(cells):
        return "a few repeated values (codes)"
    return TEXT


# Cells that all open with the same characters, this many or more, are a template's fill (an
# attribution, `CC-BY 2.0 (France) Attribution: tatoeba.org #...`), not texts; judged on this many
# rows or more. Sentences seldom share their first 16 characters row after row.
TEMPLATE_CHARS = 16
_MIN_ROWS_FOR_TEMPLATE = 4
TEMPLATED = "the same opening on every row (an attribution or a template), not text"


def same_opening(values: Sequence[object]) -> bool:
    """Every sampled cell opens with the same TEMPLATE_CHARS characters or more.

    >>> same_opening([f"CC-BY 2.0 (France) Attribution: tatoeba.org #{n}" for n in range(4)])
    True
    >>> same_opening(["I see them now.", "I see them now, yes.", "I see you.", "I see them now!"])
    False
    """
    cells = [value.strip() for value in values if isinstance(value, str)]
    if len(cells) < _MIN_ROWS_FOR_TEMPLATE or len(cells) < len(values):
        return False
    first = cells[0][:TEMPLATE_CHARS]
    return len(first) == TEMPLATE_CHARS and all(cell[:TEMPLATE_CHARS] == first for cell in cells)


def _plain(cell: object) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", str(cell or "")).casefold().split())


def one_within_other(first: Sequence[object], second: Sequence[object]) -> bool:
    """Two text columns of which, in most sampled rows, one holds the other's words in order (a
    cleaned copy: `raw_text`, `clean_text`; a span: Kaggle's `text`, `selected_text`): one text
    twice, never a text and its pair (a sentence pair's two sentences seldom hold each other).

    >>> one_within_other(["so happy today!", "so glad today"], ["happy today", "glad today"])
    True
    >>> one_within_other(["A dog runs.", "Kids play."], ["A cat sleeps.", "A man cooks."])
    False
    """
    rows = [(_plain(a), _plain(b)) for a, b in zip(first, second)]
    rows = [(a, b) for a, b in rows if a and b]
    inside = sum(a in b or b in a for a, b in rows)
    return bool(rows) and inside * 2 > len(rows)


MARKED_COPY = "the text again with inline annotation markup (`[slot : value]`, `<tag>value</tag>`), not text"
# Inline annotation markup that wraps a span of the plain text, as (pattern, what stays): MASSIVE's
# and SLURP's `annot_utt` (`wake me at [time : five am]`), the bracketed slots of intent datasets
# written as `[value](slot)` (Rasa's training data), and XML-style span tags (`<PER>Ann</PER>`).
_MARKUP = (
    (re.compile(r"\[\s*[\w.-]+\s*:\s*(.*?)\s*\]"), r"\1"),
    (re.compile(r"\[([^\[\]]*)\]\([\w.:-]+\)"), r"\1"),
    (re.compile(r"</?[A-Za-z][\w.-]*(?:\s[^<>]*)?>"), ""),
)


def _unmarked(cell: object) -> str:
    text = str(cell or "")
    for pattern, kept in _MARKUP:
        text = pattern.sub(kept, text)
    return " ".join(text.split())


def marked_copy(plain: Sequence[object], marked: Sequence[object]) -> bool:
    """`marked` is `plain` with inline annotation markup (`_MARKUP`): in every sampled row the
    markup removed leaves the plain cell, and some rows hold markup. The plain column is then the
    record's text, the marked one its annotation (one text twice, never a pair, and which one to
    write is no guess: the markup is no part of what was said).

    >>> marked_copy(["wake me at five am", "play jazz"], ["wake me at [time : five am]", "play [genre : jazz]"])
    True
    >>> marked_copy(["so happy today!", "so glad"], ["happy today", "glad"])
    False
    """
    rows = [(" ".join(str(a or "").split()), str(b or "")) for a, b in zip(plain, marked)]
    rows = [(a, b) for a, b in rows if a or b]
    return bool(rows) and any(a != " ".join(b.split()) for a, b in rows) and all(a == _unmarked(b) for a, b in rows)


def _json_structure(cell: str) -> bool:
    """`cell` is a JSON object, or a list whose first item is one (`[{"evidence_id": ...}]`).

    >>> _json_structure('[{"evidence": "It rose.", "votes": ["SUPPORTS", null]}]'), _json_structure("[cats] and {dogs}")
    (True, False)
    """
    if not (cell.startswith("{") or cell.startswith("[{")):
        return False
    try:
        value = json.loads(cell)
    except ValueError:  # (a cell cut at JUDGED_CHARS: an object's opening is judged by its first key)
        return bool(re.match(r'^\[?\{\s*"[^"]{1,64}"\s*:', cell))
    return isinstance(value, dict) or (isinstance(value, list) and bool(value) and isinstance(value[0], dict))
