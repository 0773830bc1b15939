"""Objects that each name a class and hold its example sentences as a list of strings.

Chatbot training files ship intents so: a list of objects, each with a name unique to it (the
class) and a list of short sentences that express it, often beside the bot's replies as another
list (the Chatbots Intent Recognition Dataset's `{"intents": [{"intent": "Greeting", "text": ["Hi",
...], "responses": [...]}]}`; the tutorial shape `{"intents": [{"tag": "greeting", "patterns": [...],
"responses": [...]}]}`). Read as a table, each object was one row whose name was unique to it (no
label) and whose lists were cells: the run stopped offering a list of replies as the label. The
records are the sentences, each labelled by its object's name: `--json-records intents.*.text.*`
reads each string there as a record (`json_shapes`), the object's scalar fields joining it.

Which list holds the examples, and which field names the class, are words as datasets spell them:
data here (`EXAMPLE_FIELDS`, `NAME_FIELDS`), ranked first, never the only ones offered. Plain
functions of a parsed document (or its sampled head); nothing here reads a file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["EXAMPLE_FIELDS", "NAME_FIELDS", "SentenceLists", "sentence_lists"]

# Fields that hold a class's example sentences (offered first), and the bot's answers (offered last).
EXAMPLE_FIELDS = ("text", "patterns", "examples", "utterances", "sentences", "samples", "queries", "questions")
_ANSWER_FIELDS = ("responses", "response", "answers", "replies")
# Fields that name an object's class (offered first).
NAME_FIELDS = ("intent", "tag", "label", "class", "category", "name")
# Objects looked at: enough to see names repeat or not.
_MIN_OBJECTS = 2
# A class's name in such files is an identifier (`Greeting`, `CourtesyGoodBye`, `greeting`): one word; a title
# of words (`The Old Mill`) over an article's sentences names no class.
_MAX_NAME_WORDS = 1
# A string of this many words or more is a text (json_shapes.TEXT_WORDS): an object holding one is a record.
_TEXT_WORDS = 4


@dataclass(frozen=True)
class SentenceLists:
    """Where sentences lie (`paths`, `--json-records` paths, the examples' first) and the fields
    naming each object's class (`names`, the likeliest first)."""

    paths: tuple[str, ...]
    names: tuple[str, ...]


def _ranked(fields: Sequence[str], first: Sequence[str], last: Sequence[str] = ()) -> tuple[str, ...]:
    def rank(field: str) -> tuple[int, int]:
        lowered = field.lower()
        if lowered in first:
            return 0, first.index(lowered)
        return (2, last.index(lowered)) if lowered in last else (1, 0)

    return tuple(sorted(fields, key=rank))


def _collection(document: object) -> tuple[str, list] | None:
    """("key", its objects) of the one list of objects at the top or under a top key, else None."""
    if isinstance(document, list):
        return ("*", document) if document and all(isinstance(v, dict) for v in document) else None
    if not isinstance(document, dict):
        return None
    lists = [(k, v) for k, v in document.items() if isinstance(v, list) and v and all(isinstance(o, dict) for o in v)]
    return (f"{lists[0][0]}.*", lists[0][1]) if len(lists) == 1 else None


def sentence_lists(document: object) -> SentenceLists | None:
    """The lists of sentences of a document of objects each naming its class, or None.

    >>> doc = {"intents": [{"intent": "Greeting", "text": ["Hi", "Hello there"], "responses": ["Hi!"]},
    ...                    {"intent": "Goodbye", "text": ["Bye now"], "responses": ["See you"]}]}
    >>> sentence_lists(doc)
    SentenceLists(paths=('intents.*.text.*', 'intents.*.responses.*'), names=('intent',))
    >>> sentence_lists([{"tag": "a", "patterns": ["x y"]}, {"tag": "a", "patterns": ["z"]}]) is None  # names repeat
    True
    >>> sentence_lists({"data": [{"id": "1", "tokens": ["a", "b"]}, {"id": "2", "tokens": ["c"]}]}) is None  # tokens, ids
    True
    >>> sentence_lists([{"title": "a long text of words", "tags": ["x y"]}, {"title": "b", "tags": ["z w"]}]) is None
    True
    >>> sentence_lists([{"title": "Old Mill", "sentences": ["It stood.", "It fell."]},
    ...                 {"title": "New Inn", "sentences": ["It opened late."]}]) is None  # titles, no class names
    True
    """
    found = _collection(document)
    if found is None or len(found[1]) < _MIN_OBJECTS:
        return None
    prefix, items = found
    common = set.intersection(*(set(item) for item in items))
    if any(isinstance(v, str) and len(v.split()) >= _TEXT_WORDS for item in items for v in item.values()):
        return None  # an object holding a text of its own is a record (a tags list beside its text)
    lists = [f for f in sorted(common) if all(_strings(item[f]) for item in items) and _sentences([item[f] for item in items])]
    names = [f for f in sorted(common) if _names(f, [item[f] for item in items])]
    if not lists or not names:
        return None
    paths = tuple(f"{prefix}.{field}.*" for field in _ranked(lists, EXAMPLE_FIELDS, _ANSWER_FIELDS))
    return SentenceLists(paths, _ranked(names, NAME_FIELDS))


def _strings(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) and v.strip() for v in value)


def _sentences(lists: Sequence[list[str]]) -> bool:
    """Sentences, not tokens nor tags: one holds a space at least, and few repeat across the objects."""
    strings = [v for strings in lists for v in strings]
    return any(" " in v.strip() for v in strings) and len(set(strings)) * 10 >= len(strings) * 9


def _names(field: str, values: Sequence[object]) -> bool:
    """One word each, each object's own (a class per object: no two alike), no ids (`id`, `12`)."""
    lowered = field.lower()
    if lowered in ("id", "key", "uid", "guid") or lowered.endswith(("_id", "id")) and lowered not in NAME_FIELDS:
        return False
    return all(
        isinstance(v, str) and v.strip() and not v.strip().isdigit() and len(v.split()) <= _MAX_NAME_WORDS for v in values
    ) and len(set(values)) == len(values)
