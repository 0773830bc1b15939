"""A label column that holds scores, not classes: refused before anything is written.

Tables name their label by a usual header (`target`, `label`), and Kaggle's competitions use the
same names for what a model predicts: Jigsaw's unintended-bias `target` is the share of raters who
called a comment toxic (`0.0`, `0.1666666666666667`, `0.8`). Read as classes, every distinct
fraction became a class of its own and the conversion exited 0. A column found by its name whose
sampled cells include a number with a fractional part is a score: the run stops naming the
column, `--label-column` for a column of classes, and `--keep-columns` to keep the scores as a
float feature of unlabelled records (resolve_columns reads a label column the user keeps as a
feature, and nothing else, that way). Whole numbers written as floats (`0.0`, `1.0`) stay classes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from shardify.errors import InvalidInputError

__all__ = ["ScoreLabelColumn", "fractions"]

# Sampled fractional cells shown in the refusal.
_SHOWN = 3


def fractions(cells: Sequence[object]) -> list[str]:
    """The cells that are finite numbers with a fractional part (none: the column is no score).

    >>> fractions(["0.0", "0.8", "1", "0.6666666666666666"]), fractions(["0.0", "1.0", "2"]), fractions(["cat", "0.5"])
    (['0.8', '0.6666666666666666'], [], [])
    """
    found: list[str] = []
    for cell in cells:
        text = cell.strip() if isinstance(cell, str) else ""
        try:
            value = float(text)
        except ValueError:
            return []  # a word among them: labels, or text, not scores
        if math.isfinite(value) and value != int(value):
            found.append(text)
    return found


class ScoreLabelColumn(InvalidInputError):
    """The label column found by its name holds scores (see the module's docstring)."""

    def __init__(self, column: str, found: Sequence[str]) -> None:
        shown = ", ".join(found[:_SHOWN])
        super().__init__(
            f"the label column {column!r} holds fractions ({shown}), scores rather than classes: each value would "
            f"be a class of its own. Name a column of classes with --label-column C, or keep the scores as a "
            f"feature of unlabelled records with --keep-columns {column}"
        )
        self.candidates = (column,)
