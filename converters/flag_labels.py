"""The label of a two-column table of texts whose other column is a yes/no flag named as one.

Why a module of its own: a table of one text and one 0/1 column named `is_<x>`, `has_<x>` or `label_<x>` (the
Depression Reddit set's `clean_text,is_depression`, email-spam-10k's `text,is_spam`) stopped every first run
naming `--label-column` (`label_columns.refuse_unnamed_labels`): no label name names it, and a column of numbers
beside one text decides nothing by its cells alone (`beam_jobs/discover/decided_labels.py`: a year or a count
repeats as class numbers do). Its name says what the flag marks of the row, its cells say yes or no, and nothing
else stands beside the text: that stop was only a step the user must take to type what the file says. Here the
flag is taken as the label, where every one of these holds:

- the table has a header, the user named no label, no column kept, one text column and no pair or answers;
- beside the text (keys, and a blank-headed column numbering the rows: pandas' index, aside) stands exactly one
  column: a flag among other columns may be a feature (`has_questions` beside `fraudulent`, HAHA's `is_humor`
  beside vote counts), which still stops;
- its name is a flag's: its first word one of _FLAG_WORDS (`is_depression`, `has_spoiler`, `isSarcastic`,
  `label_spam`) and another after it, none of them _FEATURE_WORDS (`is_retweet`, `has_url`: facts of the post);
- its sampled cells, at least _MIN_ROWS, are 0/1 or true/false only, both values seen, none blank.

The classes are the cells as written (`0`, `1`), as `--label-column` reads them. Plain functions of names and
sampled cells, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from shardify.converters.header_rows import is_row_index

__all__ = ["WHY", "flag_label", "is_flag_name"]

_MIN_ROWS = 4  # sampled cells before a column's values are judged a flag's (both values, some repeated)
_FLAG_WORDS = frozenset({"is", "has", "label"})  # a flag's first word: the names' knowledge as data
_FLAG_VALUES = ({"0", "1"}, {"true", "false"})
# Words after the first that make a flag a fact of the post as it was sent or stored, not a judgement of its text
# (`is_retweet`, `has_url`, `has_media`, `is_verified`: a scraped tweets table's columns): no label however few the
# columns beside it, so the table stops naming --label-column as before (review38: `tweet_id,text,is_retweet` was
# written labelled by whether each tweet was a retweet, exit 0). Data, not code: a new word is a new entry.
_FEATURE_WORDS = frozenset({
    "retweet", "retweeted", "reply", "quote", "quoted", "url", "urls", "link", "links", "media", "image", "images",
    "photo", "video", "attachment", "verified", "deleted", "edited", "pinned", "sponsored", "promoted", "hashtag",
    "hashtags", "mention", "mentions", "emoji", "truncated",
})  # fmt: skip
# the plan's word on a label so found (`columns.TableColumns.describe`): what decided it, and how to say otherwise
WHY = "the one column beside the text, a yes/no flag named as one; --keep-columns keeps it as a feature"


def _words(name: str) -> list[str]:
    """A column name's words, lower-cased: split at `_`, `-`, `.`, spaces and camel case (`isSarcastic`)."""
    return [w.lower() for w in re.split(r"[\s_.\-]+|(?<=[a-z])(?=[A-Z])", name.strip()) if w]


def is_flag_name(name: str) -> bool:
    """A column's name that says it flags something of its row: its first word one of _FLAG_WORDS, another after.

    >>> [is_flag_name(n) for n in ("is_depression", "has_spoiler", "isSarcastic", "label_spam", "Is Duplicate")]
    [True, True, True, True, True]
    >>> [is_flag_name(n) for n in ("island", "hash", "is_", "labels", "depression", "this_is")]
    [False, False, False, False, False, False]
    >>> [is_flag_name(n) for n in ("is_retweet", "has_url", "hasMedia", "is_quote_status")]  # (facts of the post)
    [False, False, False, False]
    """
    words = _words(name)
    return len(words) >= 2 and words[0] in _FLAG_WORDS and not _FEATURE_WORDS.intersection(words[1:])


def _flag_cells(cells: Sequence[object]) -> bool:
    """Cells of a flag: _MIN_ROWS or more, each 0/1 or true/false (one pair), both values seen.

    >>> _flag_cells(["1", "0", "1", "1"]), _flag_cells(["True", "False", "false", "true"])
    (True, True)
    >>> _flag_cells(["1", "1", "1", "1"]), _flag_cells(["1", "0", "2", "1"]), _flag_cells(["1", "0", "", "1"])
    (False, False, False)
    """
    values = [str(cell if cell is not None else "").strip().lower() for cell in cells]
    return len(values) >= _MIN_ROWS and set(values) in _FLAG_VALUES


def flag_label(columns: Sequence[str], taken: Collection[str], keys: Collection[str], sample: Sequence[Sequence[object]]) -> str:
    """The one column beside those `taken` (the text; keys, lower-cased, blank names and a row index aside) where
    it is named as a flag and its cells are a flag's; else "".

    >>> rows = [("so tired of it all", "1"), ("great day at the beach", "0"), ("nothing helps", "1"), ("new job!", "0")]
    >>> flag_label(("clean_text", "is_depression"), ("clean_text",), {"id"}, rows)
    'is_depression'
    >>> flag_label(("text", "is_depression", "has_link"), ("text",), {"id"}, [r + ("0",) for r in rows])
    ''
    >>> flag_label(("clean_text", "depression"), ("clean_text",), {"id"}, rows)
    ''
    >>> flag_label(("Unnamed: 0", "text", "is_spam"), ("text",), {"id"}, [(str(i),) + r for i, r in enumerate(rows)])
    'is_spam'
    """
    full = [row for row in sample if len(row) == len(columns)]
    others = [
        i
        for i, name in enumerate(columns)
        if name and name not in taken and name.strip().lower() not in keys and not is_row_index(name, [r[i] for r in full])
    ]
    if len(others) != 1 or not is_flag_name(columns[others[0]]):
        return ""
    i = others[0]
    return columns[i] if _flag_cells([row[i] for row in full]) else ""
