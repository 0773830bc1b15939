"""A text join, as a layout holds it: which rows table takes which texts table's text, by which key.

FNC-1's `train_stances.csv` (`Headline,Body ID,Stance`) names its bodies by `Body ID` in
`train_bodies.csv` (`Body ID,articleBody`). The join is data of the layout (`SourceLayout.text_joins`),
written to and read from a layout file as the other entries are; `converters/joined_texts.py` reads
it, `beam_jobs/discover/text_joins.py` finds it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TextJoin"]


@dataclass(frozen=True)
class TextJoin:
    """A rows table whose key column names rows of a texts table.

    Attributes:
      table: the rows table (each row a record).
      texts: the texts table (no records of its own).
      key: the key column, by the same name in both.
      text: the texts table's text column: the rows' joined column, by this name.
    """

    table: str
    texts: str
    key: str
    text: str

    def __post_init__(self) -> None:
        if not (self.table and self.texts and self.key and self.text) or self.table == self.texts or self.key == self.text:
            raise ValueError(f"a text join names two tables and two columns, each once: {self}")
