"""0/1 label columns nested in another: a hierarchy of tasks, not a multi-hot set of classes.

HatEval (SemEval-2019 task 5) ships `hateval2019_en_train.csv` as `id,text,HS,TR,AG`: `HS` is task A
(hateful or not), and `TR` (targeted at an individual) and `AG` (aggressive) are task B's sub-labels,
meaningful only where `HS` is 1 and 0 wherever it is 0. Read as one multi-hot set (`one_hot.text_table_classes`,
Jigsaw's toxic comments' reading), every hateful tweet was labelled with two or three "classes" and exit 0,
where readers train on `HS`. The sign is in the rows: one column (the root) is 0 in some rows and 1 in
others, and every other 0/1 column is 1 in some rows, only where the root is 1, and 0 in some rows where the
root is 1 (a sub-label, not a copy). Then the run stops before writing, naming the columns and both
readings: `--label-column ROOT` (the main task) and `--label-column ROOT,A,B` (all of them as one multi-hot
set, the reading this stop withholds). Independent 0/1 columns (CelebA's attributes, Jigsaw's six, where
`obscene` or `insult` is 1 on comments not marked `toxic`) and a column that the sample never sets (no
evidence either way) leave the multi-hot reading as it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.errors import UsageError

__all__ = ["check_nested_classes", "nested_classes"]

_ONE, _ZERO = frozenset({"1", "1.0"}), frozenset({"0", "0.0"})


def _bits(sample: Sequence[Sequence[object]], at: int) -> list[int | None]:
    cells = [str(row[at]).strip() if at < len(row) else "" for row in sample]
    return [1 if cell in _ONE else 0 if cell in _ZERO else None for cell in cells]


def nested_classes(classes: Sequence[str], columns: Sequence[str], sample: Sequence[Sequence[object]]) -> tuple[str, ...]:
    """(root, nested...) where every one of `classes` but one root is shown nested in it by the sampled
    rows (cells in the order of `columns`): 1 in some row, only where the root is 1, 0 in some row where
    the root is 1; and the root is 0 in some row. () otherwise (rows whose cells are not all 0/1 are passed over).

    >>> cols = ("text", "HS", "TR", "AG")
    >>> rows = [("a", "1", "1", "0"), ("b", "0", "0", "0"), ("c", "1", "0", "1"), ("d", "1", "1", "1"), ("e", "0", "0", "0")]
    >>> nested_classes(("HS", "TR", "AG"), cols, rows)
    ('HS', 'TR', 'AG')
    >>> nested_classes(("HS", "TR", "AG"), cols, rows + [("f", "0", "1", "0")])  # TR set beside HS 0: independent
    ()
    >>> nested_classes(("HS", "TR", "AG"), cols, [r[:3] + ("0",) for r in rows])  # AG never set: no evidence
    ()
    """
    at = {name: list(columns).index(name) for name in classes if name in columns}
    if len(at) != len(classes) or len(classes) < 2:
        return ()
    bits = {name: _bits(sample, i) for name, i in at.items()}
    whole = [k for k in range(len(sample)) if all(bits[name][k] is not None for name in classes)]
    for root in classes:
        if not any(bits[root][k] == 0 for k in whole):
            continue
        others = [name for name in classes if name != root]
        if all(_nested(bits[name], bits[root], whole) for name in others):
            return (root, *others)
    return ()


def _nested(column: list[int | None], root: list[int | None], rows: Sequence[int]) -> bool:
    """`column` is 1 in some of `rows`, only where `root` is, and 0 in some where `root` is 1."""
    return (any(column[k] for k in rows) and all(root[k] for k in rows if column[k])
            and any(root[k] and not column[k] for k in rows))


def check_nested_classes(path: str, classes: Sequence[str], columns: Sequence[str], sample: Sequence[Sequence[object]]) -> None:
    """Stop where the multi-hot `classes` of the table `path` are a hierarchy (`nested_classes`).

    Raises:
      UsageError: naming the root, the nested columns and the two options that decide.
    """
    found = nested_classes(classes, columns, sample)
    if not found:
        return
    root, *nested = found
    shown = ", ".join(map(repr, nested))
    raise UsageError(
        f"{path}: its 0/1 columns {shown} are 1 only where {root!r} is 1 (and 0 in some rows where it is), in the "
        f"{len(sample)} rows read: sub-labels of {root!r} (a task and its sub-tasks), not classes beside it, and read as one "
        f"multi-hot set each positive row would carry several. Decide: --label-column {root} (the main task: each row "
        f"labelled by its {root!r}); or --label-column {','.join(found)} (all of them as one multi-hot set, a row's labels "
        f"its columns holding 1)"
    )
