"""A column of annotators' vote counts, `(3, 2)`: no class, refused before anything is written.

Crowd-labelled datasets publish the raw judgment as a tuple of counts: SemEval-2015 PIT's Label
`(3, 2)` (of five workers, three said paraphrase, two not), Twitter-sentiment sets' `(pos, neg, neutral)`
counts, agreement tables' `(yes, no)`. Read as classes, each distinct tuple became a class of its
own (`(3, 2)` and `(4, 1)` two classes of one meaning, exit 0). Which tuple means which class is the
dataset's rule, in its README (PIT: 3 or more yes a paraphrase, 0 or 1 not, 2 debatable and left
out), not something a converter may guess: the majority would call PIT's debatable `(2, 3)` pairs
non-paraphrases. So a column every sampled cell of which is such a tuple (two counts or more, whole
numbers, in parentheses or brackets) is no label column, whether found by its content, by its name,
or named by `--label-column`: the run stops naming the column, what it holds, and the ways on
(a column of classes with `--label-column`, the votes kept as a feature of unlabelled records with
`--keep-columns`, or a layout file that states the rule).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shardify.converters.label_scores import ScoreLabelColumn
from shardify.errors import InvalidInputError

__all__ = ["VoteCountColumn", "is_vote_count", "vote_columns", "refuse_vote_counts"]

_VOTES = re.compile(r"^[(\[]\s*\d+(?:\s*,\s*\d+)+\s*[)\]]$")
_SHOWN = 3


def is_vote_count(cell: object) -> bool:
    """The cell is a tuple of two or more whole counts.

    >>> [is_vote_count(c) for c in ("(3, 2)", "[0,5]", "(1, 2, 2)", "(0.2, 0.8)", "3", "(cat, dog)")]
    [True, True, True, False, False, False]
    """
    return isinstance(cell, str) and bool(_VOTES.match(cell.strip()))


def vote_columns(columns: Sequence[str], sample: Sequence[Sequence[object]]) -> list[str]:
    """The columns every non-empty sampled cell of which is a vote count (some cells non-empty)."""
    found = []
    for i, name in enumerate(columns):
        cells = [row[i] for row in sample if i < len(row) and isinstance(row[i], str) and row[i].strip()]
        if cells and all(is_vote_count(cell) for cell in cells):
            found.append(name)
    return found


class VoteCountColumn(ScoreLabelColumn):
    """A column of vote counts where a label would be (see the module's docstring)."""

    def __init__(self, column: str, found: Sequence[str], header: bool = True) -> None:
        shown = ", ".join(repr(cell) for cell in dict.fromkeys(found))
        where = f"column {column}" if not header else repr(column)
        InvalidInputError.__init__(
            self,
            f"{where} holds vote counts ({shown}): annotators' votes per answer, not classes (each tuple would be a "
            f"class of its own, and which tuple means which class is the dataset's rule, in its README). Name a "
            f"column of classes with --label-column C, keep the votes as a feature of unlabelled records with "
            f"--keep-columns {column}, or state the rule in a layout file (--layout-file)",
        )
        self.candidates = (column,)


def refuse_vote_counts(columns: Sequence[str], named: str, keep: Sequence[str], sample: Sequence[Sequence[object]],
                       header: bool) -> bool:
    """Whether some column holds vote counts (kept as a feature: the records are then unlabelled unless
    a label is named). Raises VoteCountColumn where a column not kept as a feature holds them, unless the user
    named another column as the label (`named`): a label found by name or content elsewhere is a
    guess beside the votes (PIT's topic ids, a whole number in column 1), and the votes named as the
    label would be a class per tuple.

    >>> try:
    ...     refuse_vote_counts(["1", "2", "3"], "", (), [("1", "a b c", "(3, 2)"), ("2", "d e", "(1, 4)")], False)
    ... except VoteCountColumn as stop:
    ...     print(str(stop)[:52])
    column 3 holds vote counts ('(3, 2)', '(1, 4)'): ann
    """
    found = vote_columns(columns, sample) if sample else []
    for name in found:
        if name in keep or (named and name != named):
            continue
        i = columns.index(name)
        cells = [str(row[i]).strip() for row in sample if i < len(row) and str(row[i] or "").strip()]
        raise VoteCountColumn(name, cells[:_SHOWN], header)
    return bool(found)
