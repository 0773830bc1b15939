"""A shard's fingerprint (beam_jobs/output/resume.py) decides whether a resume keeps the shard: it
must be equal for equal tasks however their values are held (a resume plans in other processes,
where strings may or may not be interned and equal label tuples may or may not be one object), and
differ when anything that decides the shard's bytes differs. perf35: hashed from the entries'
values as `marshal` format 0 writes them instead of their repr."""

from __future__ import annotations

import dataclasses
import sys

import pytest

from shardify.beam_jobs.output.resume import fingerprint
from shardify.plan.entries import IMAGE, TEXT, Entry, MemberLocation
from shardify.plan.shard_plans import ShardTask

KEY = "0" * 64


def _texts(label: str, *, shared: bool) -> tuple[Entry, ...]:
    labels = (label,)
    return tuple(
        Entry(TEXT, f"{label}/t_{i:06d}.txt", 100 + i, "train", (i * 7919) << 40, labels if shared else (label,))
        for i in range(4)
    )


def test_equal_tasks_have_one_fingerprint_whatever_objects_hold_their_values() -> None:
    built = "class_" + str(1)  # a new string, not interned
    interned = sys.intern("class_1")
    assert built is not interned
    one = ShardTask("train", 0, 2, _texts(built, shared=True))
    other = ShardTask("train", 0, 2, _texts(interned, shared=False))
    assert one.entries[0].labels is one.entries[1].labels and other.entries[0].labels is not other.entries[1].labels
    assert fingerprint(one, KEY) == fingerprint(other, KEY)


@pytest.mark.parametrize(
    "change",
    [
        lambda t: dataclasses.replace(t, entries=(dataclasses.replace(t.entries[0], size_bytes=101), *t.entries[1:])),
        lambda t: dataclasses.replace(t, entries=(dataclasses.replace(t.entries[0], relpath="a/b.txt"), *t.entries[1:])),
        lambda t: dataclasses.replace(t, entries=(dataclasses.replace(t.entries[0], labels=("other",)), *t.entries[1:])),
        lambda t: dataclasses.replace(t, entries=(dataclasses.replace(t.entries[0], unlabelled=True, labels=()), *t.entries[1:])),
        lambda t: dataclasses.replace(t, entries=(t.entries[0].placed("train", 1), *t.entries[1:])),
        lambda t: dataclasses.replace(t, entries=t.entries[::-1]),
        lambda t: dataclasses.replace(t, entries=t.entries[:-1]),
        lambda t: dataclasses.replace(t, split="test"),
        lambda t: dataclasses.replace(t, index=1),
        lambda t: dataclasses.replace(t, num_shards=3),
        lambda t: dataclasses.replace(t, version=2),
    ],
)
def test_anything_that_decides_the_shard_changes_its_fingerprint(change) -> None:
    task = ShardTask("train", 0, 2, _texts("class_1", shared=True))
    assert fingerprint(change(task), KEY) != fingerprint(task, KEY)
    assert fingerprint(task, "1" * 64) != fingerprint(task, KEY)


def test_entries_holding_dataclasses_are_fingerprinted_by_their_values_too() -> None:
    """An archive member's place is a dataclass marshal does not write: such a task is hashed by
    its repr, still equal for equal tasks and different for another place."""

    def member(offset: int) -> ShardTask:
        place = MemberLocation("images.tar", "tar", 10_000, offset, 3)
        entry = Entry(
            IMAGE, "images/a.png", 3, "train", 5, ("a",), location=place, image_format="png", height=1, width=1, channels=1
        )
        return ShardTask("train", 0, 1, (entry,))

    assert fingerprint(member(512), KEY) == fingerprint(member(512), KEY)
    assert fingerprint(member(512), KEY) != fingerprint(member(1024), KEY)
