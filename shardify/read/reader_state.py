"""A `ShardDataset` reader's state, and merging every reader's into one that any layout resumes.

A state is plain values (a checkpoint holds it as JSON would):

    {"format": STATE_FORMAT, "seed": 3, "epoch": 1,
     "base": [[0, 30]],          # what was left of the epoch (spans of its order T) when this layout began it
     "layout": [2, 2],           # ranks, DataLoader workers of each
     "reader": [1, 0],           # this reader's rank and worker
     "position": 4}              # records it has yielded of its part of `base`

Each reader's part of `base` is fixed by the layout (`shardify.read.epoch_order.split_spans`), so
a state resumes that one reader exactly, and every reader's states together say exactly which
records of the epoch were consumed. Why per reader and not one global count: a DataLoader takes
whole batches from its workers in turn, so at a checkpoint one worker has given a batch more than
another; only each reader's own count says which records those were. `merge_states` turns them
into the records left (`base` of a state with no layout), which any number of ranks and workers
split afresh. Nothing here imports torch.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from shardify.errors import ReadOptionError
from shardify.read.epoch_order import Spans, consume_spans, count_spans, split_spans

__all__ = ["STATE_FORMAT", "reader_part", "merge_states", "as_spans"]

STATE_FORMAT = "shardify.torch.ShardDataset/2"
_OLD_FORMATS = ("shardify.torch.ShardDataset/1",)


def as_spans(value: Any) -> Spans:
    """Spans from a state's plain lists, checked: increasing, disjoint, non-empty ranges.

    Raises:
      ReadOptionError: not spans.
    """
    try:
        spans = tuple((int(start), int(stop)) for start, stop in value)
    except (TypeError, ValueError):
        raise ReadOptionError(f"base={str(value)[:80]} must be a list of [start, stop] pairs") from None
    end = 0
    for start, stop in spans:
        if not end <= start < stop:
            raise ReadOptionError(f"base={str(value)[:80]} must be increasing, disjoint [start, stop) ranges")
        end = stop
    return spans


def reader_part(base: Spans, layout: tuple[int, int], reader: tuple[int, int]) -> Spans:
    """The part of `base` reader (rank, worker) of layout (ranks, workers) reads."""
    return split_spans(split_spans(base, layout[0], reader[0]), layout[1], reader[1])


def check_format(state: Any) -> None:
    """Raises ReadOptionError where `state` is not a ShardDataset state of this version."""
    if isinstance(state, Mapping) and state.get("format") in _OLD_FORMATS:
        raise ReadOptionError(
            "the state was taken by an older shardify, whose epoch order depended on the number of readers: "
            "it cannot be resumed exactly; start the epoch again"
        )
    if not isinstance(state, Mapping) or state.get("format") != STATE_FORMAT:
        raise ReadOptionError(f"not a ShardDataset state: {str(state)[:80]}")


def _find(value: Any) -> Iterator[Mapping[str, Any]]:
    """Every ShardDataset state inside `value` (nested mappings and lists, e.g. the states of
    torchdata StatefulDataLoaders, one per rank), without knowing their layout."""
    if isinstance(value, Mapping):
        if value.get("format") in (STATE_FORMAT, *_OLD_FORMATS):
            yield value
            return
        for item in value.values():
            yield from _find(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _find(item)


def _remaining(state: Mapping[str, Any]) -> Spans:
    base = as_spans(state["base"])
    if state.get("reader") is None:
        return base
    layout, reader = tuple(state["layout"]), tuple(state["reader"])
    return consume_spans(reader_part(base, layout, reader), int(state["position"]))


def merge_states(states: Any) -> dict[str, Any]:
    """One state from every reader's, that a ShardDataset with any ranks and workers resumes.

    `states` holds them anywhere inside: a list of every rank's `ShardDataset.state_dict()`
    (num_workers=0), or of every rank's torchdata `StatefulDataLoader.state_dict()` (each holds its
    workers' states), gathered with `torch.distributed.all_gather_object`. Load the result with
    `ShardDataset.load_state_dict` in every rank of the new layout, before making its DataLoader.

    Raises:
      ReadOptionError: no state in `states`, states of different epochs, seeds or layouts, two
        different states of one reader, or a reader's state missing (naming it).
    """
    found = list(_find(states))
    if not found:
        raise ReadOptionError(f"no ShardDataset state in {str(states)[:80]}: pass every rank's state_dict()")
    for state in found:
        check_format(state)
    keys = {(int(s["seed"]), int(s["epoch"]), str(as_spans(s["base"])), str(s.get("layout"))) for s in found}
    if len(keys) > 1:
        raise ReadOptionError(
            f"the states are of different epochs, seeds or layouts ({sorted(keys)[:3]}): pass the states of one "
            "checkpoint, every reader's"
        )
    first = found[0]
    if first.get("layout") is None:  # already merged: one state says it all
        remaining = _remaining(first)
    else:
        ranks, workers = (int(n) for n in first["layout"])
        by_reader: dict[tuple[int, int], Mapping[str, Any]] = {}
        for state in found:
            reader = tuple(int(n) for n in state["reader"])
            if reader in by_reader and int(by_reader[reader]["position"]) != int(state["position"]):
                raise ReadOptionError(f"two states of reader {list(reader)} (rank, worker) disagree: pass one checkpoint's")
            by_reader[reader] = state
        missing = [[r, w] for r in range(ranks) for w in range(workers) if (r, w) not in by_reader]
        if missing:
            raise ReadOptionError(
                f"the states of readers {missing[:8]} (rank, worker) of {ranks} ranks x {workers} workers are missing: "
                "gather every rank's state (torch.distributed.all_gather_object) and pass them all"
            )
        parts = [_remaining(by_reader[(r, w)]) for r in range(ranks) for w in range(workers)]
        remaining = _joined([span for part in parts for span in part])
    return {
        "format": STATE_FORMAT,
        "seed": int(first["seed"]),
        "epoch": int(first["epoch"]),
        "base": [list(span) for span in remaining],
        "layout": None,
        "reader": None,
        "position": 0,
        "remaining": count_spans(remaining),
    }


def _joined(spans: list[tuple[int, int]]) -> Spans:
    """Spans in order with touching ones joined."""
    joined: list[tuple[int, int]] = []
    for start, stop in spans:
        if joined and joined[-1][1] == start:
            joined[-1] = (joined[-1][0], stop)
        else:
            joined.append((start, stop))
    return tuple(joined)
