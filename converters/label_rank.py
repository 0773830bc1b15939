"""Which candidate a `--label-column` stop gives as its example: the one its evidence favours.

A stop that names several columns holding labels by their content (`label_columns.
refuse_unnamed_labels`) gives the first as the option's example, and a user takes it. In the table's
order that was the first column of repeated values: Amazon Alexa reviews' `rating` (a 1-5 star
scale) before `feedback` (the documented class, 0/1), Steam reviews' `app_name` (a game's name,
repeated by its reviews) before `review_score` (1 recommended, -1 not). Beside the name evidence of
`shardify.plan.label_candidates` (label words first, features' names last), two kinds of evidence
order the rest, as data:

- a column named as a record's metadata (its last word one of METADATA_LAST_WORDS: a name, an id, a
  date, a count of votes (Yelp's `useful`, `funny`, `cool`; Amazon Fine Food's `HelpfulnessNumerator`), a
  product variant) is offered after the others: it repeats because records
  share a source, not because they share a class;
- a column of exactly two values that name a class's two sides (0/1, -1/1, true/false, yes/no,
  pos/neg) before columns of more values: a binary verdict is the class more often than a scale it
  was derived from, and a scale stays offered (the stop names every candidate).

Nothing here decides a label: it orders a stop's candidates only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from shardify.plan import label_candidates

__all__ = ["BINARY_PAIRS", "METADATA_LAST_WORDS", "ranked_candidates"]

# Last words of a column name that say it describes where a record comes from, not its class.
METADATA_LAST_WORDS = frozenset({"name", "names", "title", "id", "ids", "date", "time", "year", "votes", "count",
                                 "variation", "variant", "author", "user", "source", "url", "numerator", "denominator",
                                 "useful", "funny", "cool", "helpful"})
# Two values that name a class's two sides.
BINARY_PAIRS = frozenset({frozenset(p) for p in (("0", "1"), ("-1", "1"), ("true", "false"), ("yes", "no"),
                                                  ("pos", "neg"), ("positive", "negative"), ("y", "n"))})


def _last_word(name: str) -> str:
    """The name's last word, camel case split too (`ProfileName`: name; `HelpfulnessNumerator`: numerator)."""
    words = [w for w in re.split(r"[^a-z0-9]+", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()) if w]
    return words[-1] if words else ""


def _binary(cells: Sequence[object]) -> bool:
    return frozenset(str(c).strip().lower() for c in cells if c is not None) in BINARY_PAIRS


def ranked_candidates(found: Sequence[str], cells: Mapping[str, Sequence[object]]) -> list[str]:
    """The candidates, best evidence first; ties in the table's order (plain function).

    >>> ranked_candidates(["rating", "variation", "feedback"], {"rating": ["5", "4", "5", "3"],
    ...                   "variation": ["Black", "White", "Black", "Black"], "feedback": ["1", "1", "0", "1"]})
    ['feedback', 'rating', 'variation']
    >>> ranked_candidates(["app_name", "review_score", "review_votes", "app_id"], {"app_name": ["A", "A", "B"],
    ...                   "review_score": ["1", "-1", "1"], "review_votes": ["0", "1", "0"], "app_id": ["10", "10", "20"]})
    ['review_score', 'review_votes', 'app_name', 'app_id']
    """
    def key(name: str) -> tuple[int, bool, bool]:
        metadata = _last_word(name) in METADATA_LAST_WORDS
        return (-label_candidates.label_evidence(name), metadata, not _binary(cells.get(name, ())))

    return sorted(found, key=key)
