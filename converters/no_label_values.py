"""Label cells that mean "no label": `--unlabelled-value`, and the words a stop asks about.

Why: tables often fill the label column of rows nobody labelled with a word rather than leaving it
empty (Wikipedia Movie Plots' Genre is 'unknown' for the films Wikipedia gives no genre; other tables
write 'none', 'n/a', 'unlabeled'). Read as a label, that word becomes a class of its own, trained on as
if it were one, with exit 0. Whether it is a class or no label is the dataset's meaning, not something
the cells show, so it is never decided here: `--unlabelled-value WORD` says such rows are unlabelled
(written as any unlabelled record: no class, counted as unlabelled in the manifest), and `--unlabelled-value
''` says no value means that. The stops that offer a label column name the option where that column's
cells hold one of NO_LABEL_WORDS (a table, not code).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["NEVER_A_CLASS", "NO_LABEL_WORDS", "hint", "is_unlabelled", "parse", "refusal", "without_hint"]

# Words that tables write in a label column for "no label" (casefolded): public datasets' spellings.
NO_LABEL_WORDS = frozenset(
    {
        "unknown",
        "none",
        "n/a",
        "na",
        "unlabeled",
        "unlabelled",
        "no label",
        "not labeled",
        "not labelled",
        "(no genres listed)",  # MovieLens' movies.csv: "the dataset's sentinel for no genres"
        # crowd-judgment exports (Figure Eight's Economic News relevance: yes, no, 'not sure'): an answer, no class
        "not sure",
        "can't tell",
        "cannot tell",
    }
)


# The words a plan refuses to write as a class unasked (`refusal`): those that never name one. 'none', 'na' and
# 'n/a' are left out: relation extraction trains on 'NA' (no relation) as a class, sentiment tasks on 'none'.
NEVER_A_CLASS = frozenset(NO_LABEL_WORDS - {"none", "na", "n/a"})
_MIN_CLASSES = 2  # other labels beside the word: a column of one class and 'unknown' is no table of classes


def refusal(labels: Sequence[str], counts: dict[str, int]) -> str:
    """The plan's refusal where its `labels` (a label column's, unasked: no `--unlabelled-value`) include a
    word of NEVER_A_CLASS beside _MIN_CLASSES others, or "". `counts`: records per label.

    >>> refusal(["comedy", "drama", "unknown"], {"unknown": 3})[:60]
    "the labels include 'unknown' (3 records), a word that says a"
    >>> refusal(["comedy", "drama", "none"], {}), refusal(["yes", "unknown"], {})
    ('', '')
    """
    found = [label for label in labels if label.strip().casefold() in NEVER_A_CLASS]
    if not found or len(labels) - len(found) < _MIN_CLASSES:
        return ""
    shown = ", ".join(f"{label!r} ({counts.get(label, 0)} records)" for label in found)
    values = ",".join(label.strip().casefold() for label in found)
    return (
        f"the labels include {shown}, a word that says a row has no label in many tables (Wikipedia Movie Plots' "
        f"Genre 'unknown', MovieLens' '(no genres listed)'), not a class: --unlabelled-value {values!r} writes those "
        "rows unlabelled, --unlabelled-value '' keeps it a class"
    )


def parse(text: str) -> tuple[str, ...]:
    """`--unlabelled-value`'s text as the casefolded values it names (comma-separated; "" names none).

    >>> parse("Unknown"), parse(" unknown , N/A "), parse("")
    (('unknown',), ('unknown', 'n/a'), ())

    Raises:
      ValueError: a list with an empty value in it (`unknown,,none`).
    """
    if not text.strip():
        return ()
    values = tuple(value.strip().casefold() for value in text.split(","))
    if any(not value for value in values):
        raise ValueError(f"--unlabelled-value {text!r} names an empty value: name each value, comma-separated")
    return values


def is_unlabelled(cell: object, values: Sequence[str] | None) -> bool:
    """Whether the label `cell` is one of the `values` that mean no label.

    >>> is_unlabelled(" Unknown ", ("unknown",)), is_unlabelled("drama", ("unknown",)), is_unlabelled("unknown", None)
    (True, False, False)
    """
    return bool(values) and isinstance(cell, str) and cell.strip().casefold() in values


def hint(column: str, cells: Sequence[object]) -> str:
    """A stop's words for a label column whose sampled `cells` hold a word of NO_LABEL_WORDS, or "".

    >>> hint("Genre", ["drama", "unknown", "comedy", "Unknown"])
    "; 'Genre' holds 'unknown' in 2 of the 4 rows read: where it means no label rather than a class, --unlabelled-value 'unknown' writes those rows unlabelled (--unlabelled-value '' keeps it a class)"
    >>> hint("Genre", ["drama", "comedy"])
    ''
    """
    found = [str(cell).strip() for cell in cells if isinstance(cell, str) and cell.strip().casefold() in NO_LABEL_WORDS]
    if not found:
        return ""
    word = min(found).casefold()
    count = sum(value.casefold() == word for value in found)
    return (
        f"; {column!r} holds {word!r} in {count} of the {len(cells)} rows read: where it means no label rather than a "
        f"class, --unlabelled-value {word!r} writes those rows unlabelled (--unlabelled-value '' keeps it a class)"
    )


def without_hint(message: str, later: str) -> str:
    """`message` without its `hint` where the `later` words of the same stop offer the option again (a text stop
    naming the label's candidates, then the label stop a named text meets), so that it is said once.

    >>> said = hint("G", ["unknown", "drama"])
    >>> without_hint("pick a text" + said + "; or more", "; then" + said), without_hint("pick" + said, "")[:7]
    ('pick a text; or more', "pick; '")
    """
    return _HINT.sub("", message) if "--unlabelled-value" in later else message


_HINT = re.compile(r"; (?:'[^']*'|\"[^\"]*\") holds '[^']*' in \d+ of the \d+ rows read: .*? keeps it a class\)")
