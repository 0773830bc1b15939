"""Which of several columns that could be the label, or the text, is the likelier: the order in
which a stop names them.

Why a module of its own: a stop that names `--label-column` with its candidates in the table's
order offered the first column of repeated values (a job posting's `telecommuting` flag before its
`fraudulent` class; a wine's `country` before its `variety`), and a user who takes the first
candidate converts the wrong label. The evidence is kept as data: words that documented datasets
use to name the class a model learns, and words that name a record's features instead. Nothing
here decides a label; it orders the candidates of a stop (`label_columns.refuse_unnamed_labels`,
the text stop of beam_jobs/discover/text_columns.py), and decides only where one
column of a metadata table is named so (`keyed_tables`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shardify.plan import label_words
from shardify.plan.folder_names import numbered_part, split_word

__all__ = ["FEATURE_NAME_WORDS", "FEATURE_WORDS", "LABEL_NAME_WORDS", "TARGET_NAME_ENDS", "label_evidence", "partition_name",
           "ranked_labels", "ranked_texts"]

# Words of a column name that datasets' documentation uses for the class: the vocabulary's
# CANDIDATE words (`label_words`: the usual ones, then by dataset kind: fraud and spam tasks'
# `fraudulent`, `spam`; skin-lesion tables' `diagnostic`, `dx`; taxonomy tables' `species`,
# `variety`, `breed`; stance and emotion tasks). Not `y`: a point's coordinate beside `x`.
LABEL_NAME_WORDS = frozenset(label_words.words(label_words.CANDIDATE))
# First words of a column name that describe a record rather than class it (`has_company_logo`,
# `has_questions` beside `fraudulent`): offered after the others.
FEATURE_NAME_WORDS = frozenset({"has", "num", "n", "count", "nb"})
# Words, anywhere in a column name, for a record's or its subject's attribute, kept as a 0/1 flag
# beside the classes: a review's or an account's `verified` (`verified_purchase`), a patient's
# `smoker`, a post's `deleted`, `edited`, `pinned`. Named alone (`verified` beside `toxic`, `insult`)
# such a flag had been read as one more class of a multi-hot table, exit 0.
FEATURE_WORDS = frozenset({"verified", "smoker", "deleted", "edited", "anonymous", "retweeted", "sponsored", "pinned",
                           "archived", "stickied"})


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w]


def label_evidence(name: str) -> int:
    """2 for a name holding a label word, 0 for a feature's name, 1 for neither.

    >>> [label_evidence(n) for n in ("fraudulent", "label_group", "has_questions", "country", "N", "verified", "is_smoker")]
    [2, 2, 0, 1, 1, 0, 0]
    """
    words = _words(name)
    if set(words) & LABEL_NAME_WORDS:
        return 2
    if set(words) & FEATURE_WORDS:
        return 0
    return 0 if len(words) > 1 and words[0] in FEATURE_NAME_WORDS else 1  # (`N` alone: ODIR's class Normal)


def partition_name(name: str) -> bool:
    """A 0/1 column named as a split (`is_train`, `val`) or a numbered part (`fold_1`): a row's 1
    gives its record's partition, no class. Read as one-hot classes, every image had been labelled
    by its split or its cross-validation fold, exit 0.

    >>> [partition_name(n) for n in ("is_train", "is_val", "fold_2", "cv1", "ETT - Abnormal", "healthy", "Fold")]
    [True, True, True, True, False, False, False]
    """
    return split_word(name) is not None or numbered_part(name)


def ranked_labels(candidates: Sequence[str]) -> list[str]:
    """The candidates, those named like a label first, then those named as a scored task's target
    (`TARGET_NAME_ENDS`), features' names last, else in the table's order.

    >>> ranked_labels(["telecommuting", "has_company_logo", "employment_type", "fraudulent"])
    ['fraudulent', 'telecommuting', 'employment_type', 'has_company_logo']
    >>> ranked_labels(["essay_set", "rater1_domain1", "domain1_score"])
    ['domain1_score', 'essay_set', 'rater1_domain1']
    """
    return sorted(candidates, key=lambda name: (-label_evidence(name), not _named_as_target(name)))


# Ends of a column name's words that name what a scored task predicts: ASAP's essays' `domain1_score`
# (beside the raters' `rater1_domain1` and the prompt's `essay_set`), Humicroedit's `meanGrade`, a
# review's `rating`. Such a column is offered before the table's other candidates (a user who takes the
# first converted the prompt number as the label); it decides nothing.
TARGET_NAME_ENDS = ("score", "grade", "rating")


def _named_as_target(name: str) -> bool:
    """A column name whose last word ends with a TARGET_NAME_ENDS word (`domain1_score`, `meanGrade`).

    >>> [_named_as_target(n) for n in ("domain1_score", "meanGrade", "rating", "rater1_domain1", "score_count")]
    [True, True, True, False, False]
    """
    words = _words(name)
    return bool(words) and words[-1].endswith(TARGET_NAME_ENDS)


def ranked_texts(texts: Sequence[str], cells: Sequence[Sequence[object]]) -> list[str]:
    """Text columns, those in every sampled row first, then the longest on average: a record's
    body (a posting's `description`, a review's text) before its title, place or benefits.
    `cells[i]`: the sampled cells of `texts[i]`."""
    def key(i: int) -> tuple[bool, float]:
        values = [str(c or "").strip() for c in cells[i]]
        empty = any(not v for v in values)
        return (empty, -sum(len(v) for v in values) / max(len(values), 1))

    return [texts[i] for i in sorted(range(len(texts)), key=key)]
