"""JSON documents whose records are `[text, label]` pairs under split keys: CLINC150's
`data_full.json` (`{"train": [["what is the apr on my card", "apr"], ...], "val": [...], "test":
[...], "oos_train": [...], "oos_val": [...], "oos_test": [...]}`), and its other versions
(`data_small.json`, `data_imbalanced.json`, `data_oos_plus.json`).

Each pair is a row of two cells, `text` and `label` (PAIR_COLUMNS), so the columns are chosen as a
JSON Lines row's are (`columns.resolve_columns` finds `text` and `label` by name). A pair is read
only in that order, a string and then a string or an integer, as CLINC150 writes them; any other
element of such a list is a row rejected with why. The document is recognised by its start (a key
naming a split whose list opens with a list beginning with a string), and read whole by
`json_records`, which owns the size limit and the split keys.
"""

from __future__ import annotations

import re

from shardify.plan.structure import split_word

__all__ = ["PAIR_COLUMNS", "NotAPair", "looks_like_pairs", "first_key", "is_pair_list", "pair_row"]

PAIR_COLUMNS = ("text", "label")
# `{"<key>": [["` possibly after other split keys' lists: the first key's list is enough to tell.
_HEAD = re.compile(rb'\s*\{\s*"([^"\\]*)"\s*:\s*\[\s*\[\s*"')


class NotAPair(str):
    """Why an element of a list of pairs is no pair (a row's reject), told from a string record."""


def looks_like_pairs(head: bytes) -> bool:
    """For detection: a .json's first bytes open a list of `[text, label]` lists under a key that
    names a split.

    >>> looks_like_pairs(b'{"oos_val": [["set a timer", "oos"], '), looks_like_pairs(b'{"points": [["a", 1]')
    (True, False)
    """
    found = first_key(head)
    return found is not None and split_word(found.group(1).decode("utf-8", "replace")) is not None


def first_key(head: bytes) -> re.Match[bytes] | None:
    """The match of a pairs document's start, its first key the group: `{"<key>": [["`."""
    return _HEAD.match(head.lstrip(b"\xef\xbb\xbf"))


def is_pair_list(value: object) -> bool:
    """A non-empty list whose first element is a `[text, label]` pair."""
    return isinstance(value, list) and bool(value) and isinstance(pair_row(value[0]), dict)


def pair_row(value: object) -> dict | NotAPair:
    """The row of one `[text, label]` pair, or why it is not one.

    >>> pair_row(["how do i pay my bill", "pay_bill"]), pair_row(["no label"])
    ({'text': 'how do i pay my bill', 'label': 'pay_bill'}, 'not a [text, label] pair: a list of 1')
    """
    if not isinstance(value, list) or len(value) != 2:
        shown = f"a list of {len(value)}" if isinstance(value, list) else f"a {type(value).__name__}"
        return NotAPair(f"not a [text, label] pair: {shown}")
    text, label = value
    if not isinstance(text, str) or isinstance(label, bool) or not isinstance(label, (str, int)):
        return NotAPair(f"not a [text, label] pair: [{type(text).__name__}, {type(label).__name__}]")
    return dict(zip(PAIR_COLUMNS, (text, label)))
