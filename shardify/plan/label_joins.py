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

Nothing here reads a file: detection hands in each table's header and first rows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from shardify.errors import UsageError
from shardify.plan.evidence import KEYED_LABELS, Evidence, example_file
from shardify.plan.structure import split_word

__all__ = ["LABEL_VALUES", "recognise_label_joins"]

# What a labels table's class cells hold: 1 set, 0 not, -1 not scored (the row has no label).
LABEL_VALUES = frozenset({"-1", "0", "1"})
_MIN_CLASSES = 2
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


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
    return bool(_NUMBER.fullmatch(value)) and 0.0 <= float(value) <= 1.0


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
        name, classes = columns[key], tuple(c for i, c in enumerate(columns) if i != key)
        keys = set(_column(sample, key))
        candidates = [t for t, (cols, _) in texts.items() if name in cols and not set(classes) & set(cols)]
        if not candidates:
            continue  # no table of texts is keyed by its column: not read so
        target = _target(path, name, keys, candidates, texts)
        if target in labelled:
            raise UsageError(f"{labelled[target]} and {path} both give labels to the rows of {target} by {name!r}: keep one")
        labelled[target] = path
        found.append(Evidence(
            path, KEYED_LABELS, column=key, header=True, names=classes, rows_of=target, rows_key=name,
            note=(f"{path}: the labels of {target}'s rows, joined by their column {name!r}: a row's labels its columns "
                  f"holding 1 of {len(classes)} ({', '.join(classes[:4])}{', ...' if len(classes) > 4 else ''}), "
                  "a row of -1 only not scored (its record unlabelled)"),
        ))
    why = ("its columns besides the key hold fractions between 0 and 1: a submission's format or predictions, "
           "not labels and not texts: left out")
    named = "named as a sample or a submission, it shows a format: not labels and not texts: left out"
    return found, [(path, why) for path in fractions] + [(path, named) for path in examples]


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
