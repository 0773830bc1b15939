"""The result of resolving a table's columns (`columns.resolve_columns`): which columns feed a record, and how
a row's cells become its text, pair and labels.

It is its own module because the dataclass grew with each way a label column is found and said (whole decimals,
sampled cells, a flag's reason) until `columns` passed the house's line limit; the finding stays in `columns`,
what the finding holds and how it reads a row lives here. `columns` re-exports `TableColumns`, as callers have
always imported it from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from shardify.converters import attribute_rows, list_cells, whole_decimal_labels
from shardify.converters.column_names import OPTIONAL_PAIR_NAMES, TEXT_JOIN, TOKEN_COLUMN_NAMES, shown_column
from shardify.converters.label_cells import split_labels
from shardify.plan import sampled_claims

__all__ = ["TableColumns"]


@dataclass(frozen=True)
class TableColumns:
    """Which columns of a table feed a record.

    Attributes:
      texts: the text column(s), joined with TEXT_JOIN.
      label: the label column, or "" for unlabeled rows.
      keep: extra columns kept as features.
      pair: the column of the second text of a pair (the record's `text/pair`), or "".
      unused: (column, why it is not text) for the columns judged by their content and left out.
      answers: question-answering JSON: the columns of its answers' texts and starts (lists), or ().
    """

    texts: tuple[str, ...]
    label: str
    keep: tuple[str, ...]
    pair: str = ""
    unused: tuple[tuple[str, str], ...] = ()
    answers: tuple[str, str] | tuple[()] = ()
    separator: str = ""  # a label column found by content holding `2,27`: its labels split on ","
    classes: tuple[str, ...] = ()  # multi-hot: a 0/1 column per class (Jigsaw's `toxic`, ..., `identity_hate`)
    attributes: bool = False  # `--text-column none`: no text, a row a record of its kept columns (`attribute_rows`)
    label_why: str = ""  # how a label column no label name names was found (`flag_labels`), said in the plan
    # the label column's sampled cells are class numbers written as decimals (`-1.0`): read as whole numbers
    whole_numbers: bool = False
    # the label column found by its sampled cells, no name: the plan confirms it over every row (`sampled_claims`)
    label_sampled: bool = False
    # the label column named so, its sampled cells whole numbers: the plan confirms no fraction follows (`sampled_claims`)
    label_whole: bool = False

    def labels_of(self, value: object, separator: str) -> tuple[str, ...]:
        """The labels of a row's label cell `value`, split on this table's separator or else `separator`, whole
        decimals written as whole numbers where the column holds them (`whole_decimal_labels`).

        Raises:
          InvalidInputError: the cell names no label (`label_cells.split_labels`).
        """
        labels = split_labels(value, self.separator or separator)
        return whole_decimal_labels.as_whole_numbers(labels) if self.whole_numbers else labels

    @property
    def needed(self) -> tuple[str, ...]:
        """Every column a record reads."""
        optional = tuple(c for c in (self.pair, self.label, *self.classes) if c)
        return tuple(dict.fromkeys((*self.texts, *optional, *self.answers, *self.keep)))

    @property
    def pair_optional(self) -> bool:
        """The pair column may be empty in a row (`OPTIONAL_PAIR_NAMES`)."""
        return self.pair.lower() in OPTIONAL_PAIR_NAMES

    def pair_of(self, cells: Mapping[str, object]) -> str | None:
        """The row's second text, or None when its cell is missing or not a string."""
        value = cells.get(self.pair)
        return value if isinstance(value, str) else None

    def text_of(self, cells: Mapping[str, object]) -> str | None:
        """The row's text, or None when a text cell is missing or not a string."""
        # (a column named as a list of words, FewRel's `tokens`, holds the text tokenised: joined by
        # spaces, as it was split; a list in a column named otherwise, `text: ["a", "b"]`, is no text)
        # (a list of one string is that string: Webis Clickbait's `postText: ["<the tweet>"]`)
        # (several columns named to be joined: a list of texts among them, EURLEX57K's `main_body`
        # paragraphs, is its texts joined as the columns are, in order)
        joined = len(self.texts) > 1
        parts = [" ".join(part) if _words_list(part) and column.lower() in TOKEN_COLUMN_NAMES else
                 part[0] if isinstance(part, list) and len(part) == 1 and isinstance(part[0], str) else
                 TEXT_JOIN.join(part) if joined and isinstance(part, list) and all(isinstance(p, str) for p in part) else part
                 for column, part in ((column, cells.get(column)) for column in self.texts)]
        if not all(isinstance(part, str) for part in parts):
            return None
        return TEXT_JOIN.join(parts)  # type: ignore[arg-type]

    def describe(self) -> str:
        if self.attributes:
            return attribute_rows.describe_missing(self.label, self.keep, self.classes)
        label = f"label = {shown_column(self.label)}" if self.label else "no label column"
        label += f" ({self.label_why})" if self.label and self.label_why else ""
        label += f" ({sampled_claims.BY_CELLS})" if self.label_sampled else f" ({sampled_claims.WHOLE})" if self.label_whole else ""
        if self.classes:
            label = (f"labels = the 0/1 columns {', '.join(map(shown_column, self.classes))} (multi-hot: a row's labels are its "
                     "columns holding 1, none the empty label set)")
        if self.separator == list_cells.LIST_LITERAL:
            label += " (several labels a cell: the items of its list)"
        elif self.separator:
            label += f" (several labels a cell, split on {self.separator!r})"
        pair = f", pair = {shown_column(self.pair)}" if self.pair else ""
        pair += f", answers = {' + '.join(map(shown_column, self.answers))}" if self.answers else ""
        unused = "".join(f"; {shown_column(name)} not read ({why})" for name, why in self.unused)
        return f"text = {' + '.join(shown_column(c) for c in self.texts)}{pair}, {label}{unused}"


def _words_list(cell: object) -> bool:
    """A non-empty list of strings: a tokenised text."""
    return isinstance(cell, list) and bool(cell) and all(isinstance(word, str) for word in cell)
