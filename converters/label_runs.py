"""Label columns side by side in a headerless table: a shared task's coarse label and its finer one.

Why a module of its own: `label_columns.label_by_content` takes, among several columns of few
repeated words, the one beside the text (LIAR: `id, label, statement, ..., party, ...`, the party
far from the label). A shared task's file puts its tasks' labels next to each other instead
(GermEval 2018's `tweet<TAB>OFFENSE|OTHER<TAB>INSULT|ABUSE|PROFANITY|OTHER`): the column beside the
text is then only the first of two labels, each as good as the other, and which task the user means
cannot be told from the file. Taking the first would write the other task's labels away with exit 0
for whoever meant it, so the run stops before writing (`label_columns.SeveralLabelColumns`),
naming `--label-column N` for each and `--keep-columns` for the other. Columns of numbers, ids or
a constant word are no label here (`label_kind`: words need two values or more, repeating), and neither is a
column of language codes beside another column of words (`language_tags`: a multilingual table's
`text, sentiment, language`, review31): it is the record's language, and the run without it is the label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shardify.converters import language_tags
from shardify.converters.column_names import shown_column

__all__ = ["label_run", "run_message", "without_languages"]


def label_run(columns: Sequence[str], chosen: str, kinds: Mapping[str, str], words: str) -> list[str]:
    """The columns of words (`kinds[name] == words`) standing next to `chosen` without a gap, `chosen`
    among them, in column order; `[chosen]` alone where no such column touches it.

    >>> kinds = {"2": "w", "3": "w", "8": "w"}
    >>> label_run(["1", "2", "3", "4", "8"], "2", kinds, "w"), label_run(["1", "2", "5", "8"], "2", kinds, "w")
    (['2', '3'], ['2'])
    """
    at = columns.index(chosen)
    start = end = at
    while start > 0 and kinds.get(columns[start - 1]) == words:
        start -= 1
    while end + 1 < len(columns) and kinds.get(columns[end + 1]) == words:
        end += 1
    return list(columns[start:end + 1])


def without_languages(run: Sequence[str], cells: Mapping[str, Sequence[object]]) -> list[str]:
    """`run` less its columns of language codes (`language_tags.language_codes` of `cells[name]`), where a
    column that is not one remains; `run` itself where every column is one or none is.

    >>> cells = {"2": ["pos", "neg", "pos"], "3": ["en", "de", "en"], "4": ["fr", "it", "fr"]}
    >>> without_languages(["2", "3"], cells), without_languages(["3", "4"], cells), without_languages(["2"], cells)
    (['2'], ['3', '4'], ['2'])
    """
    kept = [name for name in run if not language_tags.language_codes(cells.get(name, ()))]
    return kept if kept else list(run)


def run_message(run: Sequence[str]) -> str:
    """The stop's reason for a run of two label columns or more: each column's `--label-column`,
    and the `--keep-columns` that keeps the others as features rather than dropping them."""
    shown = " and ".join(shown_column(name) for name in run)
    offers = []
    for name in run:
        others = ",".join(other for other in run if other != name)
        offers.append(f"--label-column {name} (--keep-columns {others} keeps the other as a feature)")
    return (f"{shown} stand side by side, each holding a few repeated words, as the labels of a shared task's coarse and "
            "finer tasks do (GermEval 2018's OFFENSE/OTHER beside INSULT/ABUSE/PROFANITY/OTHER), and no header row says "
            f"which is the label: name it with {' or '.join(offers)}")
