"""The epoch order the PyTorch reader splits among ranks and workers, and the states that resume
it with other numbers of them: plain functions, no torch, checked on many layouts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shardify.errors import ReadOptionError
from shardify.read.epoch_order import EpochOrder, consume_spans, count_spans, split_spans, window_records
from shardify.read.reader_state import STATE_FORMAT, merge_states, reader_part
from shardify.read.shard_reading import shards_read

SHARDS = (7, 8, 0, 8, 7, 3)  # a shard of 0 records too: an append can leave one


def _records(order: EpochOrder, spans) -> list[tuple[int, int]]:
    return [order.locate(s) for plan in order.plans(spans) for s in plan.s_positions]


@pytest.mark.parametrize("shuffle", [True, False])
@pytest.mark.parametrize("window", [1, 4, 7, 33])
def test_an_epoch_is_every_record_once_and_a_function_of_seed_and_epoch(shuffle: bool, window: int) -> None:
    order = EpochOrder(SHARDS, 5, 2, shuffle, window)
    every = Counter((shard, index) for shard, count in enumerate(SHARDS) for index in range(count))
    whole = _records(order, ((0, order.total),))
    assert Counter(whole) == every
    assert whole == _records(EpochOrder(SHARDS, 5, 2, shuffle, window), ((0, order.total),))
    if not shuffle:
        assert whole == sorted(every)  # the manifest's order
    elif window > 1:
        assert whole != _records(EpochOrder(SHARDS, 5, 3, shuffle, window), ((0, order.total),))


@pytest.mark.parametrize("ranks", [1, 2, 3, 5, 40])
@pytest.mark.parametrize("workers", [1, 2, 3])
def test_the_parts_of_every_layout_are_the_epoch_in_order(ranks: int, workers: int) -> None:
    order = EpochOrder(SHARDS, 1, 0, True, 5)
    whole = ((0, order.total),)
    parts = [reader_part(whole, (ranks, workers), (r, w)) for r in range(ranks) for w in range(workers)]
    assert [s for part in parts for s in _records(order, part)] == _records(order, whole)
    sizes = [count_spans(part) for part in parts]
    assert max(sizes) - min(sizes) <= 1


def test_a_reader_reads_only_the_shards_of_its_part() -> None:
    """With windows of at most a shard, 4 readers of 4 shards read one or two shards each, not all."""
    shards = (10, 10, 10, 10)
    order = EpochOrder(shards, 3, 0, True, window_records(shards, 1000))
    whole = ((0, order.total),)
    read = [shards_read(order, reader_part(whole, (2, 2), (r, w))) for r in range(2) for w in range(2)]
    assert all(1 <= len(shards_of) <= 2 for shards_of in read)
    for shards_of, (r, w) in zip(read, [(0, 0), (0, 1), (1, 0), (1, 1)]):
        part = reader_part(whole, (2, 2), (r, w))
        assert {shard for shard, _ in _records(order, part)} == set(shards_of)


def test_resumes_across_random_layouts_read_every_record_once() -> None:
    rng = random.Random(0)
    order = EpochOrder(SHARDS, 8, 1, True, 6)
    for _ in range(20):
        state, read = None, []
        for _ in range(3):
            ranks, workers = rng.randint(1, 4), rng.randint(1, 3)
            base = ((0, order.total),) if state is None else tuple(tuple(s) for s in state["base"])
            states = []
            for r in range(ranks):
                for w in range(workers):
                    part = reader_part(base, (ranks, workers), (r, w))
                    taken = rng.randint(0, count_spans(part))
                    read += _records(order, part)[:taken]
                    states.append({"format": STATE_FORMAT, "seed": 8, "epoch": 1, "base": [list(s) for s in base],
                                   "layout": [ranks, workers], "reader": [r, w], "position": taken})
            state = merge_states([states])
        read += _records(order, tuple(tuple(s) for s in state["base"]))
        assert sorted(read) == sorted(_records(order, ((0, order.total),)))


def test_spans() -> None:
    assert split_spans(((0, 3), (10, 12)), 2, 0) == ((0, 3),)
    assert split_spans(((0, 3), (10, 12)), 2, 1) == ((10, 12),)
    assert split_spans(((0, 2),), 3, 2) == ()  # more readers than records: some read none
    assert consume_spans(((0, 3), (10, 12)), 4) == ((11, 12),)


def test_a_state_is_checked() -> None:
    with pytest.raises(ReadOptionError, match="older shardify"):
        merge_states([{"format": "shardify.torch.ShardDataset/1", "position": 1}])
    with pytest.raises(ReadOptionError, match="increasing"):
        merge_states([{"format": STATE_FORMAT, "seed": 1, "epoch": 0, "base": [[5, 2]], "layout": None, "reader": None}])
