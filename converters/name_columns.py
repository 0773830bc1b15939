"""A table of attributes whose one column of words holds proper names: no table of texts.

Why a module of its own: `column_texts.found_texts` takes the one column whose cells read as text for
the records' text. A table of measurements about people, ships or books often has exactly one such
column, and it holds their names ("Braund, Mr. Owen Harris" among a passenger table's class, age,
fare and ticket columns; a book's title among its ratings and counts): written as texts, each record
was a name with the class beside it, exit 0, where the dataset is a row of attributes a record
(blind round forty-two's Titanic). The sign is structural and dataset-blind: the cells are short runs
of capitalised words (a name, not a sentence: no lower-case word but a particle), and most of the
table's other columns hold numbers, codes or single words. Then which reading is meant is the user's
to say: `--text-column none --keep-columns '*'` (a row a record of its columns) or `--text-column C`
(the names are the texts); `column_texts` raises its `NoTextColumn` with both, so detection stops
before writing (beam_jobs/discover/text_columns.py).

A sentence, a review or a headline in sentence case has lower-case words and is not matched; nor is a
table of few columns (a name and its label, `text,label`), which is a table of texts as it stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["attribute_table_names", "proper_names"]

# Lower-case words a proper name or a title may hold (nobiliary and joining particles: "de la Cruz",
# "van der Berg", "War and Peace").
_PARTICLES = frozenset(
    {
        "de",
        "la",
        "le",
        "du",
        "des",
        "del",
        "della",
        "da",
        "di",
        "do",
        "dos",
        "van",
        "von",
        "der",
        "den",
        "ten",
        "ter",
        "y",
        "e",
        "of",
        "the",
        "and",
        "bin",
        "ibn",
        "al",
        "el",
        "zu",
        "st",
    }
)
_WORD = re.compile(r"[^\W\d_][\w'’.-]*", re.UNICODE)
# A name has at most this many words (a long title or a sentence has more).
_MAX_NAME_WORDS = 10
# At least this share of the sampled cells must read as names.
_MIN_NAME_SHARE = 0.9
# The table must have at least this many other columns, this share of them not text, to be a table of
# attributes: a name beside one or two columns is a text and its label.
_MIN_OTHER_COLUMNS = 4
_MIN_ATTRIBUTE_SHARE = 0.75
# Judged on this many cells or more (fewer show too little).
_MIN_CELLS = 4


def proper_names(cells: Sequence[object]) -> bool:
    """Whether the sampled cells read as proper names: each a short run of words every one of which
    opens with a capital letter, but for particles (`_PARTICLES`).

    >>> proper_names(["Braund, Mr. Owen Harris", "Cumings, Mrs. John Bradley (Florence Briggs Thayer)",
    ...               "Heikkinen, Miss. Laina", "McCarthy, Mr. Timothy J", "de la Cruz, Mr. Juan"])
    True
    >>> proper_names(["I loved this film", "Dull and long", "A fine cast, a weak plot", "Never again"])
    False
    >>> proper_names(["The Great Gatsby", "War and Peace", "One Hundred Years of Solitude", "Dune"])  # titles name too
    True
    """
    texts = [str(c).strip() for c in cells if isinstance(c, str) and str(c).strip()]
    if len(texts) < _MIN_CELLS:
        return False
    return sum(_is_name(t) for t in texts) >= _MIN_NAME_SHARE * len(texts)


def _is_name(text: str) -> bool:
    words = _WORD.findall(text)
    if not words or len(words) > _MAX_NAME_WORDS:
        return False
    capitalised = [w for w in words if w[0].isupper()]
    lower = [w for w in words if not w[0].isupper()]
    return bool(capitalised) and all(w.lower() in _PARTICLES for w in lower)


def attribute_table_names(text: str, other_kinds: Sequence[str], cells: Sequence[object], text_kind: str) -> bool:
    """Whether `text`, the one column of a table whose cells read as text, holds proper names among
    columns of attributes: `other_kinds` (every other column's `column_content.column_kind`) at least
    `_MIN_OTHER_COLUMNS`, most of them not text (`text_kind`), and its cells names (`proper_names`).

    >>> kinds = ["numbers", "numbers", "single words (names or codes)", "numbers", "dates, times or ids"]
    >>> attribute_table_names("Name", kinds, ["Braund, Mr. Owen Harris", "Heikkinen, Miss. Laina", "Moran, Mr. James",
    ...                                       "Allen, Mr. William Henry"], "text")
    True
    >>> attribute_table_names("Name", kinds[:2], ["Braund, Mr. Owen Harris", "Heikkinen, Miss. Laina",
    ...                                           "Moran, Mr. James", "Allen, Mr. William Henry"], "text")
    False
    """
    if not text or len(other_kinds) < _MIN_OTHER_COLUMNS:
        return False
    if sum(kind != text_kind for kind in other_kinds) < _MIN_ATTRIBUTE_SHARE * len(other_kinds):
        return False
    return proper_names(cells)
