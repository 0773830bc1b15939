"""Text files whose fields are separated by a token of several characters (` ::: `, ` ||| `).

The csv module splits on one character, so a download that separates its fields with a longer
token was no table at all: Kaggle's IMDb genre-classification files (`train_data.txt`:
`1 ::: Oscar et la dame rose (2009) ::: drama ::: Listening in to a conversation ...`) stopped the
run saying the folder held no labels, and no option read them. Parallel corpora and phrase tables
use ` ||| ` the same way. Such a `.txt` (or a file of no known extension) is a table when every one
of its first lines holds the same token the same number of times (SEPARATORS, a table, not code);
its columns are numbered from 1 unless the first line reads as a header, as a headerless CSV's are,
and the table machinery chooses the text and label columns by their cells as for any CSV.

A row's last field takes the rest of its line: a description holding the token itself stays whole
(its row is not cut into more columns than the table has); a row with fewer fields than the table
is rejected alone, naming its count. Fields are stripped of the spaces around the token.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.errors import InvalidInputError

__all__ = ["FORMATS", "PIPE", "SEPARATORS", "SEPARATOR_OF", "pipe_separated", "separator_of_lines", "split_fields"]

PIPE = "|"

# Tokens that separate fields in text files public datasets ship, by their format name: longest
# first, so ` ::: ` is never read as `::`. A token of one character is the csv module's.
SEPARATORS = (":::", "|||")
FORMATS = {":::": "colon_fields", "|||": "bar_fields", "|": "pipe_fields"}  # `|`: a .csv's alone (`pipe_separated`)
SEPARATOR_OF = {fmt: token for token, fmt in FORMATS.items()}
# Lines needed to tell a table, and the share of them that must hold the token equally often: a
# prose file that mentions `:::` once is no table.
_MIN_LINES = 2
_MIN_SHARE = 0.9
_MAX_FIELDS = 64


def separator_of_lines(lines: Sequence[str]) -> str:
    """The token (SEPARATORS) that splits the non-blank `lines` into the same number of fields, two
    to _MAX_FIELDS, in every line but at most one in ten (a field holding the token itself, a row
    cut short: that row's reject), or "".

    >>> separator_of_lines(["1 ::: A (2009) ::: drama ::: Text.", "2 ::: B (2010) ::: short ::: More text."])
    ':::'
    >>> separator_of_lines(["see the ::: token", "nothing here", "nor here"])
    ''
    """
    rows = [line for line in lines if line.strip()]
    if len(rows) < _MIN_LINES:
        return ""
    for token in SEPARATORS:
        counts = [line.count(token) for line in rows]
        most = max(set(counts), key=counts.count)
        if 1 <= most < _MAX_FIELDS and sum(c == most for c in counts) >= _MIN_SHARE * len(rows):
            return token
    return ""


def pipe_separated(lines: Sequence[str]) -> bool:
    """A `.csv` of `|`-separated fields and no quoting (LJ Speech's `metadata.csv`: `LJ001-0001|Printing,
    in ...|Printing, in ...`, a transcription holding a lone `"`): every non-blank line of `lines` holds
    `|` the same number of times (one to _MAX_FIELDS - 1, never `|||`), two lines or more, and commas do not
    split every line evenly (a comma table with a `|` in a cell of each row stays one). Not for `.txt`
    files: a single `|` is too common in prose for `separator_of_lines` to take it.

    >>> pipe_separated(["LJ001-0001|Printing, in the only sense.|Printing, in the only sense.",
    ...                 'LJ001-0002|"In being comparatively modern.|"In being comparatively modern.'])
    True
    >>> pipe_separated(["a,b|c,d", "e,f|g,h"]), pipe_separated(["one|two", "three"]), pipe_separated(["x|||y", "z|||w"])
    (False, False, False)
    """
    rows = [line for line in lines if line.strip()]
    if len(rows) < _MIN_LINES or any("|||" in line for line in rows):
        return False
    counts = {line.count(PIPE) for line in rows}
    commas = {line.count(",") for line in rows}
    return len(counts) == 1 and 1 <= min(counts) < _MAX_FIELDS and not (len(commas) == 1 and min(commas) >= 1)


def split_fields(line: str, token: str, width: int) -> list[str]:
    """The `width` fields of `line` separated by `token`, each stripped; the last takes the rest of
    the line (a description holding the token stays whole).

    Raises:
      InvalidInputError: the line holds fewer fields than the table.

    >>> split_fields("1 ::: A ::: drama ::: It ::: ends.", ":::", 4)
    ['1', 'A', 'drama', 'It ::: ends.']
    """
    fields = [field.strip() for field in line.rstrip("\r\n").split(token, width - 1)]
    if len(fields) < width:
        raise InvalidInputError(f"{len(fields)} fields separated by {token!r} where the table has {width}")
    return fields
