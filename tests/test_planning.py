"""Planning math and names, tested directly (no Beam)."""

from __future__ import annotations

import pytest

from shardify import naming, planning


@pytest.mark.parametrize("records,shards", [(0, 1), (1, 1), (10, 4), (72, 4), (1000, 7), (5, 5)])
def test_boundaries_cover_everything_and_differ_by_at_most_one(records: int, shards: int) -> None:
    ends = planning.shard_boundaries(records, shards)
    sizes = [b - a for a, b in zip([0, *ends], ends)]
    assert len(sizes) == shards and sum(sizes) == records
    assert max(sizes) - min(sizes) <= 1


def test_cut_keeps_order() -> None:
    items = list(range(10))
    assert [list(s) for s in planning.cut_into_shards(items, 3)] == [[0, 1, 2, 3], [4, 5, 6], [7, 8, 9]]


def test_effective_shards_never_exceed_records() -> None:
    assert planning.effective_num_shards(3, 8) == 3
    assert planning.effective_num_shards(100, 8) == 8
    assert planning.effective_num_shards(0, 8) == 1
    with pytest.raises(ValueError):
        planning.effective_num_shards(10, 0)


def test_sort_key_is_stable_and_seeded() -> None:
    assert planning.sort_key(0, "a/b.jpg") == planning.sort_key(0, "a/b.jpg")
    assert planning.sort_key(0, "a/b.jpg") != planning.sort_key(1, "a/b.jpg")
    # Pinned: the order must not change between versions or machines.
    assert planning.sort_key(0, "a/b.jpg") == int.from_bytes(
        __import__("hashlib").sha256(b"0\x00a/b.jpg").digest()[:8], "big"
    )


def test_shard_names_round_trip() -> None:
    name = naming.shard_filename("train", 3, 64)
    assert name == "train-00003-of-00064.tfrecord"
    assert naming.parse_shard_filename(name) == naming.ShardName("train", 3, 64)
    temp = naming.temp_filename(name, "abc")
    assert naming.parse_shard_filename(temp) is None and naming.is_temp_filename(temp)
    assert naming.final_filename(temp) == name and naming.final_filename(name) == name
    assert not naming.is_shardify_file("notes.txt") and naming.is_shardify_file("manifest.json")
    with pytest.raises(ValueError):
        naming.ShardName("train", 4, 4)


def test_plan_summary_says_when_there_are_fewer_files_than_shards() -> None:
    from shardify.entries import PlanSummary, SplitPlan

    summary = PlanSummary(("a", "b"), 8, {"train": SplitPlan(3, 300, 3, {"a": 2, "b": 1})})
    text = summary.describe()
    assert "found 3 files in 2 labels" in text and "a=2, b=1" in text
    assert "8 shards asked for train, but it has only 3 records" in text
    assert PlanSummary.from_json(summary.to_json()) == summary
