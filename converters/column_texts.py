"""Which columns of a table hold its text when `--text-column` names none, and which may not.

Why a module of its own: finding the text (a pair of names, a text name, else the columns whose
content is text: one is the text, two a text and its pair) has its own refusals, raised before
writing (`SeveralTextColumns`, `OneTextTwice`, a column of number rows), apart from the label
column's checks (`label_columns`). `columns.resolve_columns` calls `found_texts` and
`refuse_number_rows`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from shardify.converters import attribute_rows, column_content, label_phrases, markup_copies, name_columns, nested_pairs, phrase_columns
from shardify.plan import label_candidates
from shardify.converters.column_names import LABEL_COLUMN_NAMES, PAIR_COLUMN_NAMES, TEXT_COLUMN_NAMES, choose_column, shown_column
from shardify.errors import InvalidInputError

__all__ = [
    "NoTextColumn",
    "SeveralTextColumns",
    "OneTextTwice",
    "found_texts",
    "named_as_text",
    "refuse_number_rows",
]

# Last words of a column name that make it the text column of a table read row by row (JSON lines,
# Parquet: no sample of cells to judge by) when no name of TEXT_COLUMN_NAMES is a column's:
# poem_sentiment's `verse_text`, `tweet_text`. Not where another word of the name is a label's
# (`label_text`, the class's name as text).
_TEXT_WORD_ENDINGS = frozenset({"text", "sentence", "review", "content", "comment", "headline"})


def found_texts(
    columns: Sequence[str], label: str, sample: Sequence[Sequence[object]], header: bool
) -> tuple[tuple[str, ...], str, tuple[tuple[str, str], ...]]:
    """(text columns, pair column or "", [(column, why it is not text)]) with no --text-column:
    a pair of names (`sentence1`/`sentence2`), else a text name, else the columns whose content is
    text: one is the text, two a text and its pair, in the table's order.

    Raises:
      InvalidInputError: no column holds text (a table of ids or numbers is no dataset of texts),
        or more than two do (which is meant cannot be told).
    """
    lowered = {name.lower(): name for name in columns}
    for first, second in PAIR_COLUMN_NAMES:
        if first in lowered and second in lowered:
            nested_pairs.refuse_nested_pair(lowered[first], lowered[second], columns, sample)  # HotpotQA's `context`
            return (lowered[first],), lowered[second], ()
    found = choose_column(columns, "", TEXT_COLUMN_NAMES, "text")
    if found:
        return (found,), "", ()
    others = [c for c in columns if c != label]
    if not sample:  # nothing to judge by: the only other column, as before, or the one named as a text
        if len(others) == 1:
            return (others[0],), "", ()
        ending = named_as_text(others)
        if ending:
            return (ending,), "", ()
        raise InvalidInputError(f"no text column among {list(columns)}: name it with --text-column")
    kinds = {name: column_content.column_kind([row[columns.index(name)] for row in sample]) for name in others}
    texts = [name for name in others if kinds[name] == column_content.TEXT]
    unused = tuple((name, kind) for name, kind in kinds.items() if kind != column_content.TEXT)
    shown = ", ".join(f"{shown_column(name)} holds {kind}" for name, kind in unused)
    if not texts:
        raise NoTextColumn(
            f"no column holds text ({shown}{'' if header else '; no header row'}): not a table of texts; "
            f"name the text with --text-column if it is one; or, a table of attributes, "
            f"{attribute_rows.attributes_remedy(columns, sample, header)}"
        )
    # a column that is another's text with inline annotation markup (MASSIVE's `annot_utt` beside
    # `utt`) is that text's annotation, no text of its own
    marked = _marked_copies(texts, [[row[columns.index(t)] for row in sample if len(row) == len(columns)] for t in texts])
    if marked:
        unused = (*unused, *((t, column_content.MARKED_COPY) for t in marked))
        texts = [t for t in texts if t not in marked]
    texts, unused = markup_copies.without_rendered(texts, [[row[columns.index(t)] for row in sample if len(row) == len(columns)] for t in texts], unused)
    if len(texts) > 2:
        # more than two texts, some of them a template's fill (fra.txt's attribution beside its sentence
        # pair): those are no texts
        templated = [t for t in texts if column_content.same_opening([row[columns.index(t)] for row in sample])]
        if 0 < len(texts) - len(templated) <= 2:
            unused = (*unused, *((t, column_content.TEMPLATED) for t in templated))
            texts = [t for t in texts if t not in templated]
    if len(texts) > 2:
        # a column of repeated short phrases among them is a class (MTSamples' `medical_specialty`)
        labels = [t for t in texts if header and label_phrases.repeated_phrases([row[columns.index(t)] for row in sample])]
        also = f"; {shown_column(labels[0])} holds a few repeated short phrases, as labels do: name it with --label-column {labels[0]!r}" if labels else ""
        left = [t for t in texts if t not in labels]
        likely = label_candidates.ranked_texts(left, [[row[columns.index(t)] for row in sample if len(row) == len(columns)] for t in left])
        raise SeveralTextColumns(
            f"{len(texts)} columns hold text ({', '.join(shown_column(t) for t in texts)}): name the text with "
            f"--text-column (a name or number; several, comma-separated, are joined; by their cells the likeliest "
            f"body is {likely[0]!r}: texts in every row first, then the longest){also}",
            tuple(left), likely[0],
        )
    if len(texts) == 2 and column_content.one_within_other(*([row[columns.index(t)] for row in sample if len(row) == len(columns)] for t in texts)):
        raise OneTextTwice(
            f"no text column among {list(columns)} is the one text: {shown_column(texts[0])} and {shown_column(texts[1])} hold one text "
            "twice (a copy or a span of the other), no sentence pair: name the text with --text-column"
        )
    if len(texts) == 2 and not label:
        # a few rows' short phrases beside longer texts, no label column found: the label, or a stop (`phrase_columns`)
        # (DBpedia's `<class>,<title>,<content>` has its label: the title is the pair's first text)
        label_phrase = phrase_columns.phrase_beside_text(columns, texts, [[row[columns.index(t)] for row in sample] for t in texts], header)
        if label_phrase:
            return tuple(t for t in texts if t != label_phrase), "", (*unused, (label_phrase, phrase_columns.PHRASE_LABEL))
    if len(texts) == 2:
        # a pair's two texts are both there in every row (NLI, paraphrase); a column of text left empty
        # in some rows is a record's metadata (a tweet's `Location` beside `OriginalTweet`), not its pair
        gaps = {name: sum(not str(row[columns.index(name)] or "").strip() for row in sample if len(row) == len(columns))
                for name in texts}
        full = [name for name in texts if not gaps[name]]
        if len(full) == 1:
            gappy = next(name for name in texts if gaps[name])
            return (full[0],), "", (*unused, (gappy, "text, empty in some rows: no pair"))
    if len(texts) == 1:
        _refuse_names_among_attributes(columns, label, sample, header, texts[0], [kinds[c] for c in others if c != texts[0]])
    return (texts[0],), texts[1] if len(texts) == 2 else "", unused


def _refuse_names_among_attributes(columns: Sequence[str], label: str, sample: Sequence[Sequence[object]], header: bool,
                                   text: str, other_kinds: Sequence[str]) -> None:
    """Raises NoTextColumn where the one text column holds proper names among columns of attributes
    (`name_columns`: a passenger table's `Name`): a row of attributes a record, or the names as texts,
    is the user's to say."""
    cells = [row[columns.index(text)] for row in sample if len(row) == len(columns)]
    if not name_columns.attribute_table_names(text, other_kinds, cells, column_content.TEXT):
        return
    said = functools.partial(_names_reason, tuple(columns), tuple(map(tuple, sample)), header, text, len(other_kinds))
    raise NoTextColumn(said(label), label=label, reword=said)


def _names_reason(columns: Sequence[str], sample: Sequence[Sequence[object]], header: bool, text: str, others: int,
                  label: str) -> str:
    """The reason of the names-among-attributes stop, naming `label` (or the likeliest class by cells); a
    module-level function so that the stop's `reword` (a partial of it) pickles with the exception."""
    return (f"the one column of words, {shown_column(text)}, holds proper names (a few capitalised words a cell, no "
            f"sentence) beside {others} columns of numbers, codes and single words: a table of attributes, not of "
            f"texts; {attribute_rows.attributes_remedy(columns, sample, header, label=label)}; or --text-column {text!r} "
            "if the names are the texts")


def _marked_copies(texts: Sequence[str], cells: Sequence[Sequence[object]]) -> list[str]:
    """The text columns that are another text column with inline markup (`column_content.marked_copy`)."""
    return [texts[m] for m in range(len(texts))
            if any(p != m and column_content.marked_copy(cells[p], cells[m]) for p in range(len(texts)))]


def named_as_text(columns: Sequence[str]) -> str:
    """The one column whose name ends in a text word (`_TEXT_WORD_ENDINGS`) and holds no label word,
    or "" where none or several do (`raw_text`, `clean_text`: the choice is the user's).

    >>> [named_as_text(c) for c in (["id", "verse_text", "label"], ["raw_text", "clean_text"], ["tweet", "label_text"])]
    ['verse_text', '', '']
    """
    found = []
    for name in columns:
        words = [w for w in re.split(r"[^a-z0-9]+", name.lower().strip()) if w]
        if words and words[-1] in _TEXT_WORD_ENDINGS and not set(words[:-1]) & set(LABEL_COLUMN_NAMES):
            found.append(name)
    return found[0] if len(found) == 1 else ""


class OneTextTwice(InvalidInputError):
    """Two columns of text of which one holds the other (a cleaned copy, a span): which is the
    record's text is the user's to say (`--text-column`). Found from a table's first rows, so the
    run stops before writing (beam_jobs/discover/text_columns.py), never a reject per row."""


class NoTextColumn(InvalidInputError):
    """No column of a table's sampled rows holds text and none is named (a table of measurements or
    ids), or its one column of words holds names among attributes (`name_columns`): each row is a
    reject where other inputs are written; where every table of a source is such a table, detection
    stops before writing on it (beam_jobs/discover/text_columns.py), else every row was rejected and
    the run failed with exit 1, nothing written (Water Quality's `water_potability.csv`, blind round
    thirty-six)."""

    def __init__(self, reason: str, label: str = "", reword: Callable[[str], str] | None = None) -> None:
        super().__init__(reason)
        self.label = label  # the label column the remedy names, where one was found (not guessed by cells)
        self.reword = reword  # the reason again with a label column found by the stop's caller, where it can be


class SeveralTextColumns(InvalidInputError):
    """More than two columns hold text and none is named: which is the text is the user's to say
    (detection stops before writing on it: beam_jobs/discover/text_columns.py)."""

    def __init__(self, reason: str, texts: Sequence[str], likely: str = "") -> None:
        super().__init__(reason)
        self.texts = tuple(texts)  # the columns that hold text, in the table's order
        self.likely = likely or (texts[0] if texts else "")  # the likeliest body by its cells (label_candidates)


def refuse_number_rows(columns: Sequence[str], texts: Sequence[str], sample: Sequence[Sequence[object]]) -> None:
    """A text column (named or found) whose sampled cells are mostly rows of numbers is no text:
    written as one, every record would be a vector's digits (FER2013's `pixels`).

    Raises:
      InvalidInputError: naming the column.
    """
    for name in texts:
        if name and sample and name in columns:
            cells = [row[columns.index(name)] for row in sample if len(row) == len(columns)]
            if column_content.column_kind(cells) == column_content.NUMBER_ROWS:
                raise InvalidInputError(
                    f"{shown_column(name)} holds {column_content.NUMBER_ROWS}: shardify does not read such tables as "
                    "texts, nor as images; convert the images to files, or name another text column with --text-column"
                )
