"""Planning math and names, tested directly (no Beam)."""

from __future__ import annotations

from collections import Counter

import pytest

from shardify.format import naming
from shardify.plan import requests, shard_math


@pytest.mark.parametrize("records,shards", [(0, 1), (1, 1), (10, 4), (72, 4), (1000, 7), (5, 5)])
def test_boundaries_cover_everything_and_differ_by_at_most_one(records: int, shards: int) -> None:
    ends = shard_math.shard_boundaries(records, shards)
    sizes = [b - a for a, b in zip([0, *ends], ends)]
    assert len(sizes) == shards and sum(sizes) == records
    assert max(sizes) - min(sizes) <= 1


def test_shards_are_contiguous_runs_larger_first() -> None:
    ends = shard_math.shard_boundaries(10, 3)
    items = list(range(10))
    assert [items[a:b] for a, b in zip([0, *ends], ends)] == [[0, 1, 2, 3], [4, 5, 6], [7, 8, 9]]


def test_record_numbers_count_every_planned_record_of_every_split_once() -> None:
    splits = {"validation": (3, 2), "train": (10, 4), "test": (5, 5)}
    numbers = []
    for split in sorted(splits):
        num_records, num_shards = splits[split]
        ends = shard_math.shard_boundaries(num_records, num_shards)
        for shard, (start, end) in enumerate(zip([0, *ends], ends)):
            first = shard_math.first_record_number(splits, split, shard)
            numbers += range(first, first + end - start)
    assert numbers == list(range(18))  # test 0-4, train 5-14, validation 15-17
    assert shard_math.first_record_number(splits, "train", 2) == 5 + 6


def test_sort_key_is_stable_and_seeded() -> None:
    assert shard_math.sort_key(0, "a/b.jpg") == shard_math.sort_key(0, "a/b.jpg")
    assert shard_math.sort_key(0, "a/b.jpg") != shard_math.sort_key(1, "a/b.jpg")
    # Pinned: the order must not change between versions or machines.
    assert shard_math.sort_key(0, "a/b.jpg") == int.from_bytes(
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
    from shardify.plan.entries import Reject
    from shardify.plan.shard_plans import PlanSummary, SplitPlan

    summary = PlanSummary(
        layout="image_folders",
        media="image",
        captions=False,
        labels=("a", "b"),
        label_mode="single",
        columns=(),
        shards_request="8",
        splits={"train": SplitPlan(3, 300, 3, {"a": 2, "b": 1}), "test": SplitPlan(1, 10, 1, {"a": 1, "b": 0})},
        num_rejected=1,
        reject_examples=(Reject("labels.csv", "labels", "names no file: 'x.jpg'", 4),),
        num_skipped=2,
    )
    from shardify.cli.plan_text import describe_plan

    text = describe_plan(summary)
    assert "layout: image_folders; 4 records, 2 labels, 2 splits" in text and "a=2, b=1" in text
    assert "8 shards asked for train, but it has only 3 records" in text
    assert "asked for test" not in text  # a smaller split is scaled down, not short of records
    assert "labels.csv row 4: names no file: 'x.jpg'" in text and "skipped (junk files): 2" in text
    assert PlanSummary.from_json(summary.to_json()) == summary


def test_split_ratios_parse_and_keep_assignments_when_files_are_added() -> None:
    ratios = requests.parse_split_ratios("train=80,validation=10,test=10")
    assert ratios == requests.parse_split_ratios("train=0.8,validation=0.1,test=0.1")
    before = {f"{i}.txt": ratios.assign(0, f"{i}.txt") for i in range(2000)}
    after = {f"{i}.txt": ratios.assign(0, f"{i}.txt") for i in range(3000)}
    assert all(after[name] == split for name, split in before.items())
    shares = Counter(after.values())
    assert 0.77 < shares["train"] / 3000 < 0.83 and 0.08 < shares["test"] / 3000 < 0.12
    assert Counter(ratios.assign(1, name) for name in before) != Counter(before.values())  # seeded
    for bad in ("train=0.8,test=0.3", "train=0.8", "train=x,test=1", "train", "a=0.5,a=0.5"):
        with pytest.raises(ValueError):
            requests.parse_split_ratios(bad)


def test_shards_per_split_scales_by_records_or_takes_explicit_counts() -> None:
    records = {"train": 8000, "validation": 1000, "test": 3}
    assert shard_math.shards_per_split(records, requests.parse_shards("64")) == {"train": 64, "validation": 8, "test": 1}
    explicit = shard_math.shards_per_split(records, requests.parse_shards("train=10,validation=4"))
    assert explicit == {"train": 10, "validation": 4, "test": 1}
    assert shard_math.shards_per_split({"train": 5}, requests.parse_shards("64")) == {"train": 5}
    for bad in ("0", "train=0", "x", "train=", "100000"):
        with pytest.raises(ValueError):
            requests.parse_shards(bad)
    with pytest.raises(ValueError, match=f"a shard count is 1 to {requests.MAX_SHARDS:,}"):
        requests.parse_shards("0")  # a number: not "expected a number"


def test_layout_detection_from_a_sample() -> None:
    from shardify.plan import layout_guess

    detect = layout_guess.detect_layout
    assert detect(["cat/1.jpg", "dog/2.png"], ["cat", "dog"]).name == "image_folders"
    assert detect(["pos/1.txt", "neg/2.txt", "neg/3.jpg"], ["pos", "neg"]).name == "text_folders"
    assert detect(["reviews.csv", "more.jsonl", "README.md"], []).name == "tables"
    captions = detect(["img/1.jpg", "img/2.jpg", "txt/1.txt", "txt/2.txt"], ["img", "txt"])
    assert captions.name == "image_captions" and captions.captions
    splits = detect(["train/a/1.txt", "val/a/2.txt"], ["train", "val"])
    assert splits.split_folders == ("train", "val") and splits.split_of("val/a/2.txt") == ("val", "a/2.txt")
    assert detect(["train/a/1.txt"], ["train", "cats"]).split_folders == ()  # not all folders are splits
    by_id = detect(["x/001.jpg"], ["x"], label_file=layout_guess.LabelFileSample("labels.csv", ("001", "002")))
    assert (by_id.name, by_id.label_key) == ("label_file", "stem")
    assert detect(["x/001.jpg"], ["x"], label_file=layout_guess.LabelFileSample("l.csv", ("x/001.jpg",))).label_key == "path"
    assert detect(["a/1.jpg"], ["a"], forced="text_folders").name == "text_folders"
