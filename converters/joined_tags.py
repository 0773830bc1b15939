"""A label column of joined tags (MPST's `tags`, `murder, violence, flashback`; a questions table's
`python|pandas`): each cell a few short tags that repeat from row to row, a multi-label column.

Why a module of its own: read whole, each combination of tags was a class of its own (exit 0), and
where every sampled cell differed, the column was taken for an id and the stop offered another
column (MPST's `synopsis_source`, imdb or wikipedia), whose option labelled every synopsis by its
source. Reading the tags with no option is a guess (a class name may hold a comma), so detection
stops naming the options that read them (`refuse_joined`): `--label-column` with
`--label-separator`, and `--text-column` where the texts are otherwise read as a pair (a title
beside its synopsis). `columns.resolve_columns` calls it for a label column found by its name.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.converters import list_cells
from shardify.converters.column_content import is_number
from shardify.converters.column_names import shown_column
from shardify.converters.column_texts import found_texts
from shardify.converters.label_columns import UnnamedLabelColumn
from shardify.errors import InvalidInputError
from shardify.plan import label_candidates

__all__ = ["joined_separator", "pair_body", "refuse_joined", "tags_offer"]

# Characters that join tags in one cell, the commonest first (MPST's ', ', NIH's '|', ';').
_SEPARATORS = (",", "|", ";")
# Words in one tag, at most: a tag is a word or a short phrase ('cult', 'good versus evil').
_MOST_TAG_WORDS = 4
# Share of the sampled cells that must join two tags or more: a list column, not a phrase with a comma now and then.
_MIN_JOINED_SHARE = 0.5
# Joined cells, at least, where fewer than half are joined but each joins tags seen alone (`_combinations`):
# one such cell may be a class named with a comma; two are a column of combinations.
_MIN_COMBINATIONS = 2


def joined_separator(cells: Sequence[object]) -> str:
    """The separator that joins the cells' tags, "" where they are no lists of tags: every cell's
    items short phrases (no number, no sentence), half the cells two items or more, and an item
    found in two cells at least (tags repeat; ids and texts do not).

    >>> joined_separator(["murder, violence", "cult, murder", "romantic", "comedy, cult, violence"])
    ','
    >>> joined_separator(["Paris, France", "Lyon, France"]), joined_separator(["a b, c d", "e f, g h"])
    (',', '')
    >>> joined_separator(["['cs.LG', 'cs.AI']", "['cs.CV', 'cs.LG']", "['cs.CV']"])
    ''
    >>> joined_separator(["It rained, then it stopped all day long.", "We left, and the night was calm again."])
    ''
    >>> joined_separator([{"aliases": ["a", "b"], "value": "a"}, {"aliases": ["c"], "value": "c"}])
    ''
    """
    if any(isinstance(c, (dict, list, tuple)) or str(c).lstrip().startswith("{") for c in cells):
        return ""  # objects (TriviaQA's `answer: {aliases, value, ...}`): a nested value, never tags
    texts = [str(c).strip() for c in cells if str(c or "").strip()]
    if len(texts) < 2 or list_cells.list_column(texts):  # `['cs.LG', 'cs.AI']`: list literals, parsed, never split
        return ""
    for separator in _SEPARATORS:
        lists = [[item.strip() for item in text.split(separator)] for text in texts]
        if not all(item and len(item.split()) <= _MOST_TAG_WORDS and not is_number(item) for items in lists for item in items):
            continue
        if sum(len(items) > 1 for items in lists) < _MIN_JOINED_SHARE * len(lists):
            if _combinations(lists):
                return separator
            continue
        seen: dict[str, int] = {}
        for items in lists:
            for item in set(items):
                seen[item.lower()] = seen.get(item.lower(), 0) + 1
        if any(count > 1 for count in seen.values()):
            return separator
    return ""


def _combinations(lists: Sequence[Sequence[str]]) -> bool:
    """Fewer than half the cells joined, but `_MIN_COMBINATIONS` or more of them, each joining tags the
    column also holds alone: a genre column of `Drama` and `Comedy` where one film in five is `Drama,
    Romance` (review30: read whole, `Drama, Romance` was a class of its own, exit 0). A name with a comma
    now and then joins parts never seen alone (`Paris, France`).

    >>> _combinations([["Drama"], ["Romance"], ["Comedy"], ["Drama", "Romance"], ["Comedy", "Drama"], ["Drama"]])
    True
    >>> _combinations([["cat"], ["dog"], ["cat", "dog"]]), _combinations([["Paris", "France"], ["Lyon", "France"], ["Lyon"]])
    (False, False)
    """
    alone = {items[0].casefold() for items in lists if len(items) == 1}
    joined = [items for items in lists if len(items) > 1]
    return len(joined) >= _MIN_COMBINATIONS and all(item.casefold() in alone for items in joined for item in items)


def tags_offer(label: str, separator: str, body: str = "") -> str:
    """The options that read column `label` tag by tag, with `--text-column body` where the texts
    found with no option would be read as a pair (`body`: the likeliest of the two, else "").

    >>> tags_offer("tags", ",", "plot_synopsis")
    "--label-column 'tags' --label-separator ',' --text-column 'plot_synopsis'"
    """
    offer = f"--label-column {label!r} --label-separator {separator!r}"
    return offer + (f" --text-column {body!r}" if body else "")


def refuse_joined(columns: Sequence[str], label: str, sample: Sequence[Sequence[object]]) -> None:
    """Stop where the label column found by its name holds joined tags (`joined_separator`).

    Raises:
      UnnamedLabelColumn: naming `--label-column` with `--label-separator` (and `--text-column`
        where two texts would be read as a pair), and `--label-separator none`.
    """
    i = columns.index(label) if label in columns else -1
    cells = [row[i] for row in sample if 0 <= i < len(row)]
    separator = joined_separator(cells) if i >= 0 else ""
    if not separator:
        return
    offer = tags_offer(label, separator, pair_body(columns, label, sample))
    raise UnnamedLabelColumn(
        f"{shown_column(label)} holds short tags joined by {separator!r} that repeat from row to row (a multi-label "
        f"column; read whole, each combination would be a class): {offer} reads each tag as a label; --label-column "
        f"{label!r} --label-separator none keeps each cell one label", (label,))


def pair_body(columns: Sequence[str], label: str, sample: Sequence[Sequence[object]]) -> str:
    """The likeliest body where the texts beside `label` would be read as a pair (MPST's `title`
    beside `plot_synopsis`: a title is no sentence pair), else ""."""
    try:
        texts, pair, _ = found_texts(columns, label, sample, True)
    except InvalidInputError:
        return ""
    if not pair:
        return ""
    both = [*texts, pair]
    return label_candidates.ranked_texts(both, [[row[columns.index(t)] for row in sample if len(row) == len(columns)] for t in both])[0]
