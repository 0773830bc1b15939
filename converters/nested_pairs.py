"""A pair of columns named as a record's two texts, one of which holds lists or objects.

Why a module of its own: the pair names (`column_names.PAIR_COLUMN_NAMES`: `question`/`context`,
`question`/`answer`) chose the pair before any cell was looked at. In multi-hop question answering
(HotpotQA's and 2WikiMultihopQA's `context`: `[[title, [sentence, ...]], ...]`) or trivia sets
(TriviaQA's `Answer`: `{"Value", "Aliases", ...}`) the second column is a nested structure, no
text: every row was a reject ("empty or non-text 'context' cell") and the run exited 1 with the
reason only in rejected.jsonl. Which column is the text, and whether any is the label (such a
download's `answer` is a text, no class), the files cannot say: detection stops before writing
(beam_jobs/discover/text_columns.py) naming `--text-column` and `--label-column`. A pair whose
cells are text (SQuAD's `question` and `context` as strings) is read as before.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from shardify.errors import InvalidInputError

__all__ = ["NestedPair", "refuse_nested_pair"]


class NestedPair(InvalidInputError):
    """A pair named as two texts whose column holds lists or objects: the user says the text."""


def _nested(cell: object) -> str:
    """"lists" or "objects" for a nested value, as read or as a JSON table's sample spells it
    (`json_sample.as_cell`: the value dumped as JSON); "" for anything else."""
    if isinstance(cell, str) and cell[:1] in ("[", "{"):
        try:
            cell = json.loads(cell)
        except ValueError:
            return ""
    return "lists" if isinstance(cell, (list, tuple)) else "objects" if isinstance(cell, dict) else ""


def refuse_nested_pair(first: str, second: str, columns: Sequence[str], sample: Sequence[Sequence[object]]) -> None:
    """Raises NestedPair where a sampled cell of `first` or `second` is a list or an object.

    >>> refuse_nested_pair("question", "context", ["question", "context"], [("Who?", "He did.")])
    >>> try:
    ...     refuse_nested_pair("question", "context", ["question", "context"], [("Who?", [["Ann", ["She did."]]])])
    ... except NestedPair as error:
    ...     print(error.reason.split(";")[0])
    the columns 'question' and 'context' are named as a text and its pair, but 'context' holds lists, no text (a nested structure)
    """
    for name in (first, second):
        index = columns.index(name)
        kinds = {_nested(row[index]) for row in sample if len(row) > index} - {""}
        if kinds:
            raise NestedPair(
                f"the columns {first!r} and {second!r} are named as a text and its pair, but {name!r} holds "
                f"{' and '.join(sorted(kinds))}, no text (a nested structure); name the record's text with --text-column "
                "(a column, or several comma-separated, joined) and the label with --label-column (a column, or `none`)"
            )
