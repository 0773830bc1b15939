"""A table of labels keyed by id beside a table of texts keyed by the same ids, joined by id.

Challenge downloads keep a split's labels apart from its texts: Kaggle's Jigsaw toxic comments ship
`test.csv` (`id,comment_text`) and `test_labels.csv` (`id` and six columns of 0/1, -1 where the
comment was not scored). Read as tables, the labels table held no text and was rejected, and the
test comments were written unlabelled (exit 0). Read here: a table whose columns are one key (its
values unique) and two or more columns of -1, 0 or 1 labels the rows of the one table of texts that
has a column of that name and none of its class columns (its columns besides the key may also be
the class columns of 0/1 of a table of texts, whatever its first rows hold: a row's odd value is
that row's reject): the one whose first keys it shares, or,
where the first rows share none, the one whose name names the same split (`test_labels` ->
`test`). A row's labels are its columns holding 1; a row of -1 only is not scored: its text's
record is unlabelled, counted as such. The join itself runs in the pipeline
(`beam_jobs/discover/label_join.py`), over metadata only.

A table of fractions beside them (`sample_submission.csv`: `id` and six columns of 0.5) is the
shape of a submission, predictions, not labels and not texts: it is left out, and the plan says so.

A labels table may also hold a row's classes in one cell of `name-0;name-1;...` pairs beside its key
(Disaster Response's disaster_categories.csv, `id,categories`: `converters/flag_pairs.py`): where every
sampled cell of its one other column is such a cell naming the same classes in the same order, its
classes are those names and a row's labels the names marked 1; it labels the table of texts holding
its key column as above (`Evidence.label_pairs`). An id twice in either table is the join's to judge
(`beam_jobs/discover/label_join.py`: the same labels twice are one; two text rows of one id, or two
labels rows that differ, reject the text rows, saying so).

Nothing here reads a file: detection hands in each table's header and first rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from shardify.converters.flag_pairs import pair_names
from shardify.errors import UsageError
from shardify.inputs.whole_numbers import is_decimal
from shardify.plan.evidence import KEYED_LABELS, Evidence, example_file
from shardify.plan.structure import split_word

__all__ = ["LABEL_VALUES", "recognise_label_joins"]

# What a labels table's class cells hold: 1 set, 0 not, -1 not scored (the row has no label).
LABEL_VALUES = frozenset({"-1", "0", "1"})
_MIN_CLASSES = 2
# Share of a pairs column's sampled cells naming the same classes (as `keyed_multi_hot` judges 0/1 columns).
_MOST_PAIRS = 0.8


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].rsplit(".", 1)[0]


def _column(sample: Sequence[Sequence[str]], index: int) -> list[str]:
    return [str(row[index]).strip() for row in sample if index < len(row)]


def _one_key(columns: Sequence[str], sample: Sequence[Sequence[str]], others) -> int | None:
    """The one column whose cells are not all `others`-kind, with unique values; None else."""
    keys = [i for i in range(len(columns)) if not all(others(v) for v in _column(sample, i))]
    if len(keys) != 1 or len(columns) - 1 < 1:
        return None
    values = _column(sample, keys[0])
    return keys[0] if len(set(values)) == len(values) == len(sample) else None


def _fraction(value: str) -> bool:
    return is_decimal(value) and 0.0 <= float(value) <= 1.0


def recognise_label_joins(
    tables: Mapping[str, tuple[Sequence[str], Sequence[Sequence[str]]]],
) -> tuple[list[Evidence], list[tuple[str, str]]]:
    """The labels tables to join to tables of texts by id, and the tables of fractions to leave
    out with why.

    Args:
      tables: each table's (columns, first rows), by path relative to SRC: those with a header.

    Raises:
      UsageError: a labels table whose table of texts cannot be told (none or several share its
        first keys and its split), or two labels tables for one table of texts.

    >>> found, left = recognise_label_joins({
    ...     "test.csv": (("id", "text"), [("a1", "good"), ("a2", "bad")]),
    ...     "test_labels.csv": (("id", "x", "y"), [("a1", "-1", "-1"), ("a2", "0", "1")]),
    ...     "sample_submission.csv": (("id", "x", "y"), [("a1", "0.5", "0.5"), ("a2", "0.5", "0.5")])})
    >>> [(e.path, e.rows_of, e.rows_key, e.names) for e in found], [p for p, _ in left]
    ([('test_labels.csv', 'test.csv', 'id', ('x', 'y'))], ['sample_submission.csv'])
    """
    labels, fractions, examples, texts = {}, [], [], {}
    paired: dict[str, tuple[int, tuple[str, ...]]] = {}  # a table of a key and a cell of pairs: its pairs column, classes
    # Class columns of 0/1 the tables of texts hold (train.csv's `toxic`, ...): a table of them alone
    # and a key is a labels table even where a first row holds another value (its row is rejected).
    known = {c for columns, sample in tables.values() for i, c in enumerate(columns) if sample and set(_column(sample, i)) <= {"0", "1"}}
    others = [path for path in tables if not example_file(path)]
    for path, (columns, sample) in sorted(tables.items()):
        if example_file(path) and others and len(columns) <= 1 + _MIN_CLASSES:
            # a key and one or two columns (Quora's `qid,prediction`): a submission's format beside the
            # dataset's tables, which read as texts rejected it and took the run past --max-rejects
            examples.append(path)
            continue
        if (pairs := _pairs_column(columns, sample)) is not None:
            labels[path] = 1 - pairs[0]
            paired[path] = pairs
            continue
        if not sample or len(columns) < 1 + _MIN_CLASSES:
            texts[path] = (columns, sample)
            continue
        key = _one_key(columns, sample, lambda v: v in LABEL_VALUES)
        fraction = _one_key(columns, sample, _fraction)
        if key is None and fraction is None and sum(c not in known for c in columns) == 1:
            key = next(i for i, c in enumerate(columns) if c not in known)
            values = _column(sample, key)
            key = key if len(set(values)) == len(values) == len(sample) else None
        if key is not None and example_file(path):
            examples.append(path)  # a submission's format of 0/1 (`sample_submission.csv`): never labels
            continue
        if key is not None:
            labels[path] = key
            continue
        key = fraction
        if key is not None and any(0.0 < float(v) < 1.0 for i in range(len(columns)) if i != key for v in _column(sample, i)):
            fractions.append(path)
            continue
        texts[path] = (columns, sample)
    found, labelled = [], {}
    for path, key in labels.items():
        columns, sample = tables[path]
        name, classes = columns[key], paired[path][1] if path in paired else tuple(c for i, c in enumerate(columns) if i != key)
        keys = set(_column(sample, key))
        candidates = [t for t, (cols, _) in texts.items() if name in cols and not set(classes) & set(cols)
                      and not (path in paired and columns[paired[path][0]] in cols)]
        if not candidates:
            continue  # no table of texts is keyed by its column: not read so
        target = _target(path, name, keys, candidates, texts)
        if target in labelled:
            raise UsageError(f"{labelled[target]} and {path} both give labels to the rows of {target} by {name!r}: keep one")
        labelled[target] = path
        found.append(Evidence(
            path, KEYED_LABELS, column=key, header=True, names=classes, rows_of=target, rows_key=name,
            label_column=paired[path][0] if path in paired else None, label_pairs=path in paired,
            note=(f"{path}: the labels of {target}'s rows, joined by their column {name!r}: a row's labels its "
                  + (f"column {columns[paired[path][0]]!r}'s `name-1` pairs" if path in paired else "columns holding 1")
                  + f" of {len(classes)} ({', '.join(classes[:4])}{', ...' if len(classes) > 4 else ''}), "
                  + ("a value other than 0 or 1 its row's reject" if path in paired else "a row of -1 only not scored (its record unlabelled)")),
        ))
    why = ("its columns besides the key hold fractions between 0 and 1: a submission's format or predictions, "
           "not labels and not texts: left out")
    named = "named as a sample or a submission, it shows a format: not labels and not texts: left out"
    return found, [(path, why) for path in fractions] + [(path, named) for path in examples]


def _pairs_column(columns: Sequence[str], sample: Sequence[Sequence[str]]) -> tuple[int, tuple[str, ...]] | None:
    """(the column, its classes) of a table of two columns whose one column's sampled cells are each a
    cell of `name-digits` pairs (`flag_pairs.pair_names`), most of them (_MOST_PAIRS) the same names in
    the same order: those are the classes, and a cell naming others is its row's reject; None else.

    >>> _pairs_column(("id", "categories"), [("7", "a-1;b-0"), ("9", "a-0;b-0")])
    (1, ('a', 'b'))
    >>> _pairs_column(("id", "categories"), [("7", "a-1;b-0"), ("9", "b-0;a-0")]) is None
    True
    """
    if len(columns) != 2 or not sample:
        return None
    for index in (1, 0):
        names = [pair_names(row[index]) if index < len(row) else () for row in sample]
        if not all(names):
            continue
        found, count = Counter(names).most_common(1)[0]
        if count >= _MOST_PAIRS * len(names) and (count > len(names) // 2):
            return index, found
    return None


def _target(path: str, name: str, keys: set[str], candidates: list[str], texts) -> str:
    sharing = [t for t in candidates if keys & set(_column(texts[t][1], list(texts[t][0]).index(name)))]
    if len(sharing) == 1:
        return sharing[0]
    split = split_word(_stem(path))
    named = [t for t in (sharing or candidates) if split and split_word(_stem(t)) == split]
    if len(named) == 1:
        return named[0]
    shown = ", ".join(sharing or candidates)
    raise UsageError(
        f"{path} holds labels keyed by its column {name!r}, and which table's rows they label cannot be told ({shown} "
        f"{'share its first keys' if sharing else 'have the column'}): keep the one in SRC, or say it in a layout file "
        "(--dry-run --layout-file FILE writes one: its evidence's rows_of, docs/layout-files.md)"
    )
