"""Batches pickled as columns come back as the same items, field for field and type for type."""

from __future__ import annotations

import doctest
import pickle

from shardify.format.inputs_file import HeldInput
from shardify.plan import batches, shard_math
from shardify.plan.batches import Batch
from shardify.plan.entries import IMAGE, TEXT, Candidate, Entry, MemberLocation, SourceObject
from shardify.plan.shard_plans import ShardTask


def _varied() -> list[Entry]:
    """Entries that differ in every way a field can: defaults, None and objects, -0.0 against
    0.0 in a box, labels shared and not, an unlabelled one."""
    location = MemberLocation("a.tar", "tar", 1000, 512, 30)
    return [
        Entry(TEXT, "a/1.txt", 10, "train", shard_math.sort_key(0, "a/1.txt"), ("a",)),
        Entry(TEXT, "b/2.txt", 0, "", 0, (), unlabelled=True),
        Entry(
            IMAGE, "c/3.jpg", 70, "test", 2**64 - 1, ("c", "d"), image_format="jpeg", height=2, width=3, channels=3,
            objects=(SourceObject("cat", (0.0, -0.0, 1.5, 2.0)), SourceObject("dog", (-0.0, 0.0, 1.0, 1.0))),
            location=location, caption_file="c/3.txt", caption_bytes=4,
        ),
    ]


def _same(left: list, right: list) -> bool:
    """Equal, and with the same field order and the same types (0.0 and -0.0 told apart by repr)."""
    return len(left) == len(right) and all(
        type(a) is type(b) and list(vars(a)) == list(vars(b)) and repr(a) == repr(b) for a, b in zip(left, right)
    )


def test_entries_round_trip_field_for_field() -> None:
    entries = _varied()
    loaded = pickle.loads(pickle.dumps(Batch(entries)))
    assert type(loaded) is Batch
    assert loaded == entries and _same(loaded, entries)
    assert repr(loaded[2].objects[0].box) == "(0.0, -0.0, 1.5, 2.0)"


def test_a_field_the_same_in_every_item_is_stored_once() -> None:
    entries = [Entry(TEXT, f"class_{i % 5}/t_{i:06d}.txt", 250, "train", i, (f"class_{i % 5}",)) for i in range(1000)]
    columnar = len(pickle.dumps(Batch(entries), pickle.HIGHEST_PROTOCOL))
    one_by_one = len(pickle.dumps(list(entries), pickle.HIGHEST_PROTOCOL))
    assert columnar < one_by_one / 2
    assert _same(pickle.loads(pickle.dumps(Batch(entries))), entries)


def test_other_items_are_pickled_as_a_list() -> None:
    mixed = Batch([Entry(TEXT, "a.txt", 1), Candidate(TEXT, "b.txt", 2), ("sha", "train", "a.txt"), "x"])
    assert pickle.loads(pickle.dumps(mixed)) == mixed
    tuples = Batch([("sha", "train", "a.txt"), ("sha2", "test", "b.txt")])
    assert pickle.loads(pickle.dumps(tuples)) == tuples
    assert pickle.loads(pickle.dumps(Batch())) == Batch()


def test_an_item_with_an_attribute_besides_its_fields_keeps_it() -> None:
    entry = Entry(TEXT, "a.txt", 1)
    object.__setattr__(entry, "cached", 7)
    loaded = pickle.loads(pickle.dumps(Batch([Entry(TEXT, "b.txt", 2), entry])))
    assert loaded[1].cached == 7


def test_held_inputs_and_shard_tasks_round_trip() -> None:
    held = [HeldInput("a.txt", 1, 5, "0" * 64, "1" * 64, "train"), HeldInput("b.txt", 2, 6, "2" * 64, "3" * 64, "test", 2)]
    assert _same(pickle.loads(pickle.dumps(Batch(held))), held)
    task = ShardTask("train", 1, 4, tuple(_varied()), version=2)
    loaded = pickle.loads(pickle.dumps(task))
    assert loaded == task and type(loaded.entries) is tuple and _same(list(loaded.entries), list(task.entries))


def test_doctests() -> None:
    assert doctest.testmod(batches).failed == 0
