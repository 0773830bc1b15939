"""Records inside JSON that is not a flat list of rows, found by structure, whatever the keys' names.

Public datasets ship records in JSON documents of many shapes: one object keyed by id whose
values are the records (HateXplain's `{post_id: {post_tokens, annotators: [...]}}`), or a mapping
or list of passages each holding a list of questions (DROP's `{passage_id: {passage, qa_pairs:
[{question, answer}]}}`, SQuAD's `data[].paragraphs[].qas[]`). `json_records` reads flat lists of
rows; this module finds the records of the others by what the document holds:

- a *collection* is a list of objects, or an object of two or more entries whose values are all
  objects of one shape (a map keyed by id); an object that is neither is a wrapper, read through
  to its one collection (`{"version": ..., "data": [...]}`);
- an object *holds text* where a field is a string of TEXT_WORDS words or more, or a list of
  strings (a text split into tokens, or sentences); a collection holds text where the median of its
  objects' longest texts has that many words (answers, two or three words, are no records);
- records are the deepest collection that holds text, under objects whose own text is longer (a
  passage over its questions: one record per question); the texts of the objects above join each
  record (the passage beside its question), and their other scalar fields (a story's `type`, which
may name its split).

A record's cells are its scalar fields (a question's one text under its passage's one text named
`question` and `context`, as SQuAD's rows are, whatever the document calls them), its text lists joined (tokens by spaces, sentences by
line breaks), its nested objects' string leaves under dotted names (`answer.number`, the
vocabulary of `--text-column question.stem`), and, for a list of objects whose one field holds
few values repeated across the records (annotators' `label`s), the value more than half of them
give (`annotators.label`); where none does, the record is rejected naming the votes. Numbers
inside nested objects (answer offsets, annotator ids) and lists of lists of numbers (token
rationales) are left out: a record holds texts, a label and kept scalars, no place for them. Which cell is the text and which the
label is then chosen as for any JSON row (`columns.resolve_columns`).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from shardify.converters.json_heads import head_sample

__all__ = [
    "TEXT_WORDS",
    "is_text",
    "RecordShape",
    "Record",
    "shape_of",
    "record_paths",
    "head_record_paths",
    "shape_at",
    "head_sample",
    "looks_nested",
    "records_by_shape",
    "split_ids",
]

# Words a string holds to be a text (a question, a passage), not a name, code or short answer.
TEXT_WORDS = 4
# A nested record's cells where one text is its own and one its passage's (`qa_json.COLUMNS`' names).
QUESTION, CONTEXT = "question", "context"
# A votes field: its values over the sample are at most this many distinct ones ...
_MAX_VOTE_VALUES = 20
# ... and repeat: at most this share of the votes are distinct values.
_VOTE_SHARE = 0.5


@dataclass(frozen=True)
class RecordShape:
    """Where a document's records are: `path` in dotted steps from the top (`*` each element of a
    list or value of a map keyed by id: `*.qa_pairs.*`, `data.*.paragraphs.*.qas.*`), whether the
    top collection is a map keyed by id (`keyed`), and the fields of list-of-object votes."""

    path: str
    keyed: bool
    votes: tuple[str, ...] = ()
    sentences: bool = False  # each record a string of a list, named by the list's field (`sentence_lists`)

    @property
    def nested(self) -> bool:
        """Records under objects that hold texts of their own (questions under a passage)."""
        return self.path.count("*") > 1


@dataclass(frozen=True)
class Record:
    """One record: its top key (a map keyed by id) or "", its cells, or why it is unusable."""

    key: str
    cells: dict[str, object] | str


def _words(value: object) -> int:
    """Words of a text field: a string's, or a list of strings' (tokens or sentences), else 0."""
    if isinstance(value, str):
        return len(value.split())
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return sum(len(v.split()) for v in value)
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):  # [[title, [sentences]], ...]
        leaves = list(_string_leaves(value))
        return sum(len(v.split()) for v in leaves) if leaves and len(leaves) >= len(value) else 0
    return 0


def is_text(value: object) -> bool:
    """A string of TEXT_WORDS words or more, or a list of strings holding as many (a text)."""
    return _words(value) >= TEXT_WORDS


def _string_leaves(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _string_leaves(item)


def _longest_text(item: Mapping) -> int:
    return max((_words(v) for v in item.values()), default=0)


def _text_size(items: Sequence[Mapping]) -> float:
    """The median of the objects' longest texts in words, 0 where that is under TEXT_WORDS."""
    size = statistics.median(_longest_text(item) for item in items) if items else 0
    return size if size >= TEXT_WORDS else 0


def _one_shape(items: Sequence[Mapping]) -> bool:
    """Objects of one shape: the keys all share cover most of each one's keys."""
    shared = set.intersection(*(set(item) for item in items))
    return bool(shared) and all(len(shared) * 2 >= len(item) for item in items)


def _items(node: object, more: bool = False) -> tuple[list[Mapping], bool] | None:
    """(the objects, keyed by id) where `node` is a collection, else None; `more`: the node was
    cut short (a head), so one value of a map may stand for many."""
    if isinstance(node, list) and node and all(isinstance(v, dict) for v in node) and _one_shape(node):
        return list(node), False
    if isinstance(node, dict) and len(node) >= (1 if more else 2) and all(isinstance(v, dict) and v for v in node.values()):
        values = list(node.values())
        if _one_shape(values):
            return values, True
    return None


def _children(items: Sequence[Mapping], key: str) -> list[Mapping] | None:
    """The objects of the collections under `key` in each item, where most items hold one."""
    found: list[Mapping] = []
    holding = 0
    for item in items:
        inner = _items(item.get(key))
        if inner is not None and not inner[1]:
            found += inner[0]
            holding += 1
    return found if found and holding * 2 > len(items) else None


def _find(node: object, steps: tuple[str, ...], more: bool) -> list[RecordShape]:
    """The places the records of `node` could be: one, or several where a collection holds two
    nested collections of texts (CoQA's `questions` beside `answers`), or none."""
    collection = _items(node, more)
    if collection is None:
        if not isinstance(node, dict):
            return []
        found = [_find(value, (*steps, key), False) for key, value in node.items() if isinstance(value, (dict, list))]
        found = [f for f in found if f]
        return found[0] if len(found) == 1 else []  # a wrapper reads through to its one collection
    items, keyed = collection
    own = _text_size(items)
    keys = sorted(set.intersection(*(set(item) for item in items)))
    deeper: list[RecordShape] = []
    for key in keys:
        children = _children(items, key)
        if children is None:
            continue
        inner = _text_size(children)
        if inner and (not own or own > inner):
            deeper += _find([*children], (*steps, "*", key), False)
    if deeper:
        return [RecordShape(d.path, keyed if not steps else d.keyed, d.votes) for d in deeper]
    return [RecordShape(".".join((*steps, "*")), keyed and not steps, _votes(items))] if own else []


def _votes(items: Sequence[Mapping]) -> tuple[str, ...]:
    """`field.key` of lists of objects whose `key` holds few values repeated over the records."""
    found = []
    for field in sorted(set.intersection(*(set(item) for item in items))):
        lists = [item[field] for item in items if isinstance(item.get(field), list)]
        if len(lists) * 2 <= len(items) or not all(v and all(isinstance(o, dict) for o in v) for v in lists):
            continue
        for key in sorted(set.intersection(*(set(o) for v in lists for o in v))):
            values = [o[key] for v in lists for o in v]
            if not all(isinstance(x, str) and x and _words(x) < TEXT_WORDS for x in values):
                continue
            distinct = len(set(values))
            if distinct <= _MAX_VOTE_VALUES and distinct <= len(values) * _VOTE_SHARE and any(len(v) > 1 for v in lists):
                found.append(f"{field}.{key}")
    return tuple(found)


def shape_of(document: object, more: bool = False) -> RecordShape | None:
    """Where the records of a parsed document are, or None: no collection holding text, or a flat
    list of rows (`json_records`' to read), or more than one place they could be.

    >>> shape_of({"p1": {"passage": "one two three four five six", "qa_pairs": [{"question": "how many were there?"}]},
    ...           "p2": {"passage": "seven eight nine ten eleven twelve", "qa_pairs": [{"question": "who won the game then?"}]}})
    RecordShape(path='*.qa_pairs.*', keyed=True, votes=(), sentences=False)
    >>> shape_of({"a1": {"tokens": ["w"] * 8, "votes": [{"label": "x"}, {"label": "x"}]},
    ...           "a2": {"tokens": ["v"] * 8, "votes": [{"label": "y"}, {"label": "x"}]}}).votes
    ('votes.label',)
    """
    found = _find(document, (), more)
    return found[0] if len(found) == 1 else None


def record_paths(document: object, more: bool = False) -> tuple[str, ...]:
    """The places a parsed document's records could be, where there are several (two nested
    collections of texts: which is meant is the user's to say, `--json-records PATH`), else ().

    >>> record_paths({"data": [{"story": "a b c d e f g h", "questions": [{"q": "what was it then?"}],
    ...                         "answers": [{"span": "it was the end"}]}]})
    ('data.*.answers.*', 'data.*.questions.*')
    """
    found = _find(document, (), more)
    return tuple(sorted(f.path for f in found)) if len(found) > 1 else ()


def shape_at(document: object, path: str) -> RecordShape | str:
    """The shape of the records a user names by `path` (`data.*.questions.*`: `*` each element of
    a list or value of an object), or why no records lie there."""
    steps = path.split(".")
    if not path or "" in steps:
        return f"--json-records {path!r} is no dotted path (`data.*.questions.*`)"
    level: list = [document]
    for step in steps:
        if step == "*":
            level = [v for node in level for v in (node.values() if isinstance(node, dict) else node if isinstance(node, list) else [])]
        else:
            level = [node[step] for node in level if isinstance(node, dict) and step in node]
        if not level:
            return f"nothing lies at {step!r} of --json-records {path!r}"
    items = [v for v in level if isinstance(v, dict)]
    if not items and steps[-1] == "*" and len(steps) > 1 and all(isinstance(v, str) for v in level):
        return RecordShape(path, steps[0] == "*" and isinstance(document, dict), sentences=True)
    if not items:
        return f"--json-records {path!r} names no objects"
    return RecordShape(path, steps[0] == "*" and isinstance(document, dict), _votes(items))


def looks_nested(head: bytes) -> RecordShape | None:
    """For detection: the shape of a document whose first bytes hold whole records nested in it:
    under a map keyed by id or a list of passages (a flat list of rows is `json_records`' own)."""
    sample, more = head_sample(head)
    if sample is None:
        return None
    shape = shape_of(sample, more=more)
    return shape if shape is not None and (shape.keyed or shape.nested) else None


def head_record_paths(head: bytes) -> tuple[str, ...]:
    """For detection: the places a document's records could be, from its first bytes, where there
    are several (`record_paths`), else ()."""
    sample, more = head_sample(head)
    return record_paths(sample, more=more) if sample is not None else ()


def records_by_shape(document: object, shape: RecordShape) -> Iterator[Record]:
    """Every record of `document` where `shape` says they are, in document order, with the texts
    of the objects above it."""
    steps = shape.path.split(".")
    yield from _walk(document, steps, {}, "", shape)


def _walk(node: object, steps: list[str], context: dict, key: str, shape: RecordShape) -> Iterator[Record]:
    if not steps:
        if shape.sentences and isinstance(node, str):  # a sentence: its list's field holds it
            yield Record(key, {**context, shape.path.split(".")[-2]: node})
            return
        yield Record(key, _cells(node, context, shape) if isinstance(node, dict) else f"a record that is not a JSON object ({type(node).__name__})")
        return
    step, rest = steps[0], steps[1:]
    if step != "*":
        inner = node.get(step) if isinstance(node, dict) else None
        if inner is None:
            yield Record(key, f"no {step!r} in it, where the other records' lie")
            return
        yield from _walk(inner, rest, context, key, shape)
        return
    if isinstance(node, dict):
        values = node.items()
    elif isinstance(node, list):
        values = ((key, v) for v in node)
    else:
        yield Record(key, f"not a list or object of records ({type(node).__name__})")
        return
    for name, value in values:
        here = dict(context)
        if rest and isinstance(value, dict):  # an object above the records: its texts and scalars join each record
            here.update({f: v for f, v in value.items() if f not in rest and (isinstance(v, (str, int, float, bool)) and v != "")})
        yield from _walk(value, rest, here, key or (name if isinstance(node, dict) else ""), shape)


def _cells(item: Mapping, context: Mapping, shape: RecordShape) -> dict[str, object] | str:
    cells: dict[str, object] = {}
    above = [f for f, v in context.items() if is_text(v)]
    own = [f for f, v in item.items() if isinstance(v, str) and is_text(v)]
    paired = len(above) == 1 and len(own) == 1 and not {QUESTION, CONTEXT} & (set(item) - set(own))
    if paired:  # a question under its passage: named as SQuAD's rows are, the pair `question`, `context`
        cells[CONTEXT], cells[QUESTION] = context[above[0]], item[own[0]]
    for field, value in context.items():
        if paired and field == above[0]:
            continue
        if field not in item:
            cells[field] = value
        elif is_text(value):
            cells[f"context.{field}"] = value
    for field, value in item.items():
        if paired and field == own[0]:
            continue
        if isinstance(value, (str, int, float, bool)) or value is None:
            cells[field] = value
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            cells[field] = " ".join(value) if all(len(v.split()) <= 1 for v in value) else value
        elif isinstance(value, list) and value and all(isinstance(v, list) for v in value) and _words(value) >= TEXT_WORDS:
            cells[field] = "\n".join(" ".join(s.strip() for s in _string_leaves(v)) for v in value)
        elif isinstance(value, dict):
            cells.update(_leaves(value, field))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for name in sorted(set().union(*value)):
                path = f"{field}.{name}"
                if path in shape.votes:
                    cells[path] = _majority([v.get(name) for v in value])
                else:  # (numbers here are offsets or ids: left out)
                    texts = [v[name] for v in value if isinstance(v.get(name), str)]
                    if texts:
                        cells[path] = texts
    refused = [f"{p}: {v.reason}" for p, v in cells.items() if isinstance(v, _NoMajority)]
    return refused[0] if refused else cells


class _NoMajority:
    def __init__(self, reason: str) -> None:
        self.reason = reason


def _majority(votes: list) -> object:
    """The value more than half of `votes` give, or why there is none (a tie: no label to guess)."""
    counted = Counter(v for v in votes if isinstance(v, str) and v)
    if counted:
        value, number = counted.most_common(1)[0]
        if number * 2 > len(votes):
            return value
    shown = ", ".join(f"{v} x{n}" for v, n in counted.most_common()) or "none"
    return _NoMajority(f"no value given by more than half of its {len(votes)} votes ({shown}): no label")


def _leaves(value: Mapping, prefix: str) -> Iterator[tuple[str, object]]:
    """A nested object's non-empty string leaves and lists of strings under dotted names (an
    answer's `number`, `spans`); numbers there are offsets or scores (`consensus.s`), left out."""
    for name, inner in value.items():
        path = f"{prefix}.{name}"
        if isinstance(inner, dict):
            yield from _leaves(inner, path)
        elif isinstance(inner, str) and inner:
            yield path, inner
        elif isinstance(inner, list) and inner and all(isinstance(v, str) for v in inner):
            yield path, list(inner)


def split_ids(document: object) -> dict[str, str] | None:
    """{id: split} of a document mapping split names to lists of ids (HateXplain's
    post_id_divisions.json: `{"train": [ids], "val": [...], "test": [...]}`), or None where it is
    not one (two keys at least, each naming a split, each a list of strings, no id in two).

    >>> split_ids({"train": ["a", "b"], "test": ["c"]})
    {'a': 'train', 'b': 'train', 'c': 'test'}
    >>> split_ids({"train": ["a"], "test": ["a"]}) is None
    True
    """
    from shardify.plan.structure import split_word

    if not isinstance(document, dict) or len(document) < 2:
        return None
    found: dict[str, str] = {}
    for split, ids in document.items():
        if not split_word(split) or not isinstance(ids, list) or not all(isinstance(i, (str, int)) and not isinstance(i, bool) for i in ids):
            return None
        for ident in ids:
            if str(ident) in found:
                return None
            found[str(ident)] = split
    return found or None
