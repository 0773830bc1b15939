"""Columns of a crowd-judgment export: the judged answers are the label's candidates, the job's bookkeeping never.

Figure Eight (CrowdFlower) exports a job as one table: each question the workers answered is a
column beside its agreement, `<question>:confidence` (the Economic News Article Tone table's
`relevance` beside `relevance:confidence`, `positivity` beside `positivity:confidence`; Twitter US
Airline Sentiment's `airline_sentiment` beside `airline_sentiment_confidence`), and the job's own
columns begin with an underscore (`_unit_id`, `_golden`, `_unit_state`, `_trusted_judgments`,
`_last_judgment_at`). With no column named as the label, the stop offering candidates ranked
`_golden` (TRUE/FALSE: whether a row was a test question for the workers) first. Here a column
with a confidence beside it is offered first, the underscored ones last: an order, never a choice
(which question is the label stays the user's to say). Data, not code: a new export's suffix is a
row of CONFIDENCE_SUFFIXES.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["CONFIDENCE_SUFFIXES", "judged", "ranked"]

# What a crowd export appends to a question's name for the workers' agreement on it.
CONFIDENCE_SUFFIXES = (":confidence", "_confidence", ".confidence")


def judged(columns: Sequence[str]) -> set[str]:
    """The columns a confidence column follows (the questions the crowd answered).

    >>> sorted(judged(["_golden", "relevance", "relevance:confidence", "text", "positivity", "positivity:confidence"]))
    ['positivity', 'relevance']
    >>> judged(["text", "label"])
    set()
    """
    names = set(columns)
    return {name for name in columns if any(name + suffix in names for suffix in CONFIDENCE_SUFFIXES)}


def _bookkeeping(name: str) -> bool:
    """A crowd job's own column (`_golden`, `_unit_state`): an underscore first, then a word."""
    return name.startswith("_") and name[1:2].isalpha()


def ranked(found: Sequence[str], columns: Sequence[str]) -> list[str]:
    """`found` (candidate label columns, best first) with the judged answers moved first and the job's
    bookkeeping last, each group in its order.

    >>> ranked(["_golden", "_trusted_judgments", "relevance"], ["_golden", "_trusted_judgments", "relevance",
    ...        "relevance:confidence"])
    ['relevance', '_golden', '_trusted_judgments']
    >>> ranked(["sentiment", "topic"], ["text", "sentiment", "topic"])
    ['sentiment', 'topic']
    """
    answers = judged(columns)
    return sorted(found, key=lambda name: 0 if name in answers else 2 if _bookkeeping(name) else 1)
