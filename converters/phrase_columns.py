"""Two columns of text in a table of a few rows, one of them short phrases beside the other's longer
texts (a sentiment sample's `I loved this movie so much,very positive`; an intent sample's
`wake me up at five am,set alarm`): its label, or the second text of a pair.

`column_content.column_kind` reads any cell of two words as text, and judges repeats only from
_MIN_ROWS_FOR_REPEATS (8) rows; `label_phrases.phrase_label` reads a phrase column as a label from 4
rows, where it is no text. Below that, two such columns were taken for a text and its pair: every
record written unlabelled with exit 0, its class as a second text. What tells them apart here is the
kind of the short column, not a dataset's name:

- a phrase: one to `label_phrases.MAX_WORDS` words, at most `label_phrases.MAX_CHARS` characters,
  no digit, no sentence's end (`.`, `!`, `?`: a hypothesis `A man sleeps.` is a pair's sentence);
- beside texts at least _LONGER times as long in words, and of _MIN_TEXT_WORDS words or more on
  average (a translation pair, `Go.`/`Va !`, is two short texts, left a pair).

With a header row, only where the header's cell over the texts is itself a text (a first row of data
taken for the header: `I loved this movie so much,very positive`) is the column judged, and then the
run stops, the header itself in doubt; a header of names (Kaggle's `ID,TITLE,ABSTRACT`: a title beside
its abstract) is left to the other rules. Headerless, such a column whose values repeat (a value in two rows or more, not one value in every row of three
or more) is the label (`PHRASE_LABEL`, chosen by `columns.resolve_columns`). One whose values all
differ, or one value everywhere, cannot be told from a pair's short side (a question's answer,
`William Shakespeare`) in so few rows: the run stops (`UndecidedPhrases`, a
`word_labels.UndecidedWords`, so detection stops on it as on single words), naming `--label-column`
and `--keep-columns`, and `--no-header` where a first row was taken for the header.
From _MANY_ROWS rows, the other rules decide, as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.converters import label_phrases
from shardify.converters.column_names import shown_column
from shardify.converters.word_labels import UndecidedWords

__all__ = ["PHRASE_LABEL", "UndecidedPhrases", "phrase_beside_text"]

# Why a column is no text (`found_texts`' unused list): it is the label, its phrases repeating.
PHRASE_LABEL = "short repeated phrases beside longer texts: the label"
# Rows from which `column_content` judges repeats itself (its _MIN_ROWS_FOR_REPEATS).
_MANY_ROWS = 8
# The longer column's words on average: at least this many, and this many times the phrases'.
_MIN_TEXT_WORDS = 4
_LONGER = 2.0
# From this many rows, one value in every row is no class shown but a constant (metadata).
_ROWS_FOR_CONSTANT = 3
_SENTENCE_ENDS = (".", "!", "?", "\u3002", "\uff01", "\uff1f")


class UndecidedPhrases(UndecidedWords):
    """A column of short phrases beside texts, too few rows to tell a label from a pair's second
    text (detection stops on it before writing: beam_jobs/discover/text_columns.py)."""


def _phrase(cell: str) -> bool:
    """label_phrases' short phrase, and no sentence: a label, not a short text."""
    return label_phrases.is_phrase(cell) and not cell.strip().endswith(_SENTENCE_ENDS)


def _mean_words(cells: Sequence[str]) -> float:
    return sum(len(c.split()) for c in cells) / len(cells)


def phrase_beside_text(
    columns: Sequence[str], texts: Sequence[str], cells: Sequence[Sequence[object]], header: bool
) -> str:
    """The one of two text columns (`texts` of the table's `columns`, their sampled `cells` in the same order) that is a
    label of short phrases beside the other's texts, else "" (a pair, or many rows: not judged here).

    >>> texts = ["I loved this movie so much", "The plot was dull and slow", "Great acting and a fine score"]
    >>> phrase_beside_text(["1", "2"], ["1", "2"], [texts, ["very positive", "very negative", "very positive"]], False)
    '2'
    >>> phrase_beside_text(["1", "2"], ["1", "2"], [["Go.", "Hi.", "Run!"], ["Va !", "Salut !", "Cours !"]], False)  # a translation pair
    ''
    >>> try:
    ...     phrase_beside_text(["1", "2"], ["1", "2"], [texts, ["set alarm", "get weather", "play music"]], False)
    ... except UndecidedPhrases as stop:
    ...     print(stop.candidates)
    ('2',)
    """
    if len(texts) != 2 or len(cells) != 2:
        return ""
    values = [[str(c).strip() for c in column if isinstance(c, str)] for column in cells]
    rows = min(len(v) for v in values)
    if not rows or rows >= _MANY_ROWS or any(len(v) != len(column) for v, column in zip(values, cells)):
        return ""
    short = [i for i in (0, 1) if all(_phrase(c) for c in values[i])]
    if len(short) != 1:
        return ""
    s, t = short[0], 1 - short[0]
    longer = _mean_words(values[t])
    if longer < _MIN_TEXT_WORDS or longer < _LONGER * _mean_words(values[s]):
        return ""
    if header and len(texts[t].split()) < _MIN_TEXT_WORDS:
        return ""  # a header naming its columns (`TITLE`, `ABSTRACT`): a title beside its body, the other rules decide
    folded = [v.casefold() for v in values[s]]
    distinct = set(folded)
    if not header and len(distinct) < len(folded) and (len(distinct) > 1 or len(folded) < _ROWS_FOR_CONSTANT):
        return texts[s]
    name = texts[s]
    if header:  # (a first row of a sentence and a phrase may be data taken for the header: numbered, the columns are)
        number = columns.index(name) + 1
        options = (f"if the first row is data, --no-header --label-column {number} reads it as the label; "
                   f"--label-column {name!r} names it as the header has it; --keep-columns {name!r} keeps it as a "
                   "feature, the records unlabelled")
    else:
        options = f"name the label with --label-column {name}; --keep-columns {name} keeps it as a feature, the records unlabelled"
    raise UndecidedPhrases(
        f"{'the header names no label column' if header else 'no header row names the label'}, and "
        f"{shown_column(name)} holds short phrases beside longer texts (e.g. {values[s][0][:40]!r}), too few rows "
        f"({rows}) to tell a label from a pair's second text: {options}",
        [name],
    )
