"""A `.txt` of sentence pairs, one tab between the two on every line: a headerless two-column TSV.

SemEval STS ships `STS.input.<source>.txt` (`sentence 1<TAB>sentence 2` a line) beside its gold
scores, and bilingual sentence files ship `English sentence<TAB>its translation`. The `.txt` table
reader took a tab table only from three columns up (`header_rows.looks_like_tab_rows`: a story's
stray tab is no table), so a pair a line was "not a table". Two columns are a table here where
every line looked at (the first 20, at least _MIN_LINES) holds exactly one tab and, on both sides,
two words or more with letters in them: two texts, not a label and a text (`ham<TAB>text` is
`line_tables`'), nor a story's stray tab (one line in many).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["looks_like_tab_pairs"]

_LINES = 20
_MIN_LINES = 3
_MIN_WORDS = 2


def _text(cell: str) -> bool:
    words = cell.split()
    return len(words) >= _MIN_WORDS and sum(any(c.isalpha() for c in w) for w in words) >= _MIN_WORDS


def looks_like_tab_pairs(lines: Sequence[str]) -> bool:
    """Every line looked at is two texts with one tab between them.

    >>> looks_like_tab_pairs(["A man is playing a flute.\\tA man plays the flute.", "Kids run.\\tChildren are running.",
    ...                       "The cat sleeps.\\tA cat is asleep."])
    True
    >>> looks_like_tab_pairs(["ham\\tGo until jurong point", "spam\\tFree entry now", "ham\\tOk lar joking"])
    False
    """
    rows = [line.rstrip("\r\n") for line in lines[:_LINES] if line.strip()]
    return len(rows) >= _MIN_LINES and all(
        row.count("\t") == 1 and all(_text(cell) for cell in row.split("\t")) for row in rows
    )
