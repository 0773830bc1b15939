"""How metadata items travel between pipeline stages: many to one value, pickled as columns.

Beam encodes every element that crosses a stage, and it encodes more than that: each step's output
counter estimates element sizes by encoding a sample of its elements (the first ten of every
bundle, then fewer), and with a thousand inputs an element nearly every element is sampled. A
`Batch` of dataclass instances pickled one object at a time writes each field's name and builds
a dict per item on loading (~1.8 µs and 4.7 µs an Entry, 138 bytes); here it is pickled as one
tuple per field, with a field that holds the same object in every item (the defaults: "", 0, (),
None) stored once. Loading builds each item with its fields in their declared order, as pickle
would, without running `__init__` (as pickle does not).

Only exact instances of plain (not slotted) dataclasses are pickled so, and only when every item
has exactly the declared fields; anything else (tuples, strings, mixed types) is pickled as a
list, item by item, as before.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import operator
import pickle
import zlib
from collections.abc import Iterable
from typing import Any

__all__ = ["Batch", "Packed", "as_batch", "estimated_size"]

# A column whose every item is this very object is stored once, under this marker.
_SAME = "same"
_EACH = "each"


class Batch(list):
    """A list of metadata items (files, Candidates, Entries) that moves between stages as one value.

    Beam's default coder encodes a plain list item by item; a list subclass is pickled in one call,
    which measured 3x cheaper for a list of 1,000 Entries (python -m benchmarks, 50k texts), and
    items of one dataclass are pickled as columns (see the module's docstring).

    >>> import pickle
    >>> from shardify.plan.entries import TEXT, Entry
    >>> batch = Batch([Entry(TEXT, "a.txt", 3), Entry(TEXT, "b.txt", 4, labels=("x",))])
    >>> pickle.loads(pickle.dumps(batch)) == batch
    True
    """

    def __reduce__(self) -> tuple:
        columns = _columns(self)
        if columns is None:
            return (Batch, (list(self),))
        return (_from_columns, columns)


def as_batch(items: Iterable[Any]) -> Batch:
    """`items` as a Batch (itself when it is one already)."""
    return items if isinstance(items, Batch) else Batch(items)


@functools.lru_cache(maxsize=None)
def _field_names(cls: type) -> tuple[str, ...] | None:
    """The declared fields of a plain dataclass, in order; None for any other class."""
    if not dataclasses.is_dataclass(cls) or "__slots__" in cls.__dict__:
        return None
    return tuple(field.name for field in dataclasses.fields(cls))


def _columns(items: list) -> tuple | None:
    """(class, field names, count, columns), each column (_SAME, value) or (_EACH, values); None
    where the items are not all exact instances of one plain dataclass with just its fields."""
    if not items:
        return None
    cls = type(items[0])
    names = _field_names(cls)
    if names is None or set(map(type, items)) != {cls}:
        return None
    states = list(map(vars, items))
    if set(map(len, states)) != {len(names)}:  # an attribute besides the fields
        return None
    try:  # a column at a time: no tuple per item (~0.7 µs an Entry less than rows transposed)
        columns = []
        for name in names:
            values = tuple(map(operator.itemgetter(name), states))
            first = values[0]
            if all(map(operator.is_, values, itertools.repeat(first))):  # the same object: stored once
                columns.append((_SAME, first))
            else:
                columns.append((_EACH, values))
    except KeyError:
        return None
    return (cls, names, len(items), tuple(columns))


def _from_columns(cls: type, names: tuple[str, ...], count: int, columns: tuple) -> Batch:
    expanded = [itertools.repeat(values, count) if how == _SAME else values for how, values in columns]
    new = object.__new__
    batch = Batch()
    append = batch.append
    for row in zip(*expanded):
        item = new(cls)
        item.__dict__.update(zip(names, row))
        append(item)
    return batch


# zlib's fastest level: higher levels took 2-4x the time for no smaller batches of Entries.
PACK_LEVEL = 1

# Items pickled to estimate a batch's encoded size: spread over the batch, so a few long paths or
# many labels at one end still show.
SIZE_SAMPLE = 16


def estimated_size(items: list) -> int:
    """About how many bytes `items` pickle to, from a pickle of SIZE_SAMPLE of them spread evenly.

    Beam asks for an element's size far more often than it encodes the element (see the module's
    docstring): a sample's pickle scaled up costs ~1/60 of pickling a batch of 1,000 Entries. The
    estimate only feeds Beam's size counters; what is written never depends on it.
    """
    count = len(items)
    if count <= SIZE_SAMPLE:
        return len(pickle.dumps(as_batch(items), pickle.HIGHEST_PROTOCOL))
    step = count / SIZE_SAMPLE
    sample = Batch(items[int(i * step)] for i in range(SIZE_SAMPLE))
    return len(pickle.dumps(sample, pickle.HIGHEST_PROTOCOL)) * count // SIZE_SAMPLE


class Packed:
    """A value pickled once and carried as its bytes until a stage unpacks it.

    Where a value crosses a GroupByKey or Reshuffle on the local runner, the launcher decodes each
    element to put it in its grouping table (Beam's `fn_api_runner/execution.py`,
    `GroupingBuffer.append`) and encodes the groups again to hand them on: a Batch of 1,000 Entries
    was 1,000 Python objects there (~580 bytes each, against ~60 pickled), every entry of the plan
    held so twice over (its buckets, then its shards' pieces) and every task once more where the
    writers spread them. A Packed value decodes to its bytes alone, whatever coder carries it
    (beam_jobs/coders.py's, or Beam's pickling fallback), so those tables hold bytes.

    >>> from shardify.plan.entries import TEXT, Entry
    >>> packed = Packed.of(Batch([Entry(TEXT, "a.txt", 3)]))
    >>> pickle.loads(pickle.dumps(packed)).unpacked() == Batch([Entry(TEXT, "a.txt", 3)])
    True
    """

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data

    @classmethod
    def of(cls, value: Any) -> Packed:
        """`value` pickled (a Batch as columns) and compressed: paths and labels repeat their
        prefixes, so a batch of Entries takes about a third of the bytes (~0.3 µs an Entry)."""
        return cls(zlib.compress(pickle.dumps(value, pickle.HIGHEST_PROTOCOL), PACK_LEVEL))

    def unpacked(self) -> Any:
        return pickle.loads(zlib.decompress(self.data))

    def __reduce__(self) -> tuple:
        return (Packed, (self.data,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Packed) and other.data == self.data

    def __hash__(self) -> int:
        return hash(self.data)

    def __repr__(self) -> str:
        return f"Packed({len(self.data)} bytes)"
