"""An append's per-file steps over held inputs, tested directly: the listing's order and its
Listed tuples, the held-unchanged test, and the held records' content hashes by bucket (each was
reworked to cost less per file; these pin what they must still answer)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from shardify.beam_jobs.discover import held, listing
from shardify.beam_jobs.discover.candidates import Listed
from shardify.beam_jobs.discover.listing import list_tree
from shardify.beam_jobs.find_duplicates import NUM_BUCKETS, ContentHashes
from shardify.format.inputs_file import HeldInput
from shardify.plan.entries import MemberLocation


def test_the_listing_gives_listed_tuples_in_utf8_name_order(tmp_path: Path) -> None:
    names = ["b.txt", "a.txt", "é.txt", "Z.txt", "a b.txt"]
    for name in names:
        (tmp_path / name).write_text(name)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "x.txt").write_text("xx")
    listed = list(list_tree(str(tmp_path)))
    assert all(type(item) is Listed for item in listed)
    top = [item.relpath for item in listed if "/" not in item.relpath]
    assert top == sorted(names, key=lambda name: name.encode("utf-8"))
    by_path = {item.relpath: item for item in listed}
    info = os.stat(tmp_path / "sub" / "x.txt")
    assert by_path["sub/x.txt"] == ("sub/x.txt", 2, None, info.st_mtime_ns)
    assert by_path["sub/x.txt"].location is None and by_path["sub/x.txt"].mtime_ns == info.st_mtime_ns


@pytest.fixture
def unchanged(monkeypatch: pytest.MonkeyPatch):  # the test held_unchanged gives
    holding = held.HeldInputs()
    holding.add(
        [
            HeldInput.of("a/1.jpg", 10, 1_000, "0" * 64, "1" * 64, "train"),
            HeldInput.of("a/2.jpg", 20, -1, "2" * 64, "3" * 64, "train"),  # a time the inputs list does not know
        ],
        "inputs-v00001.jsonl",
    )
    monkeypatch.setattr(held, "load_held", lambda output, names, per_version=None: holding)
    return held.held_unchanged("out", ["inputs-v00001.jsonl"])


def test_held_unchanged_needs_the_path_size_and_time_listed(unchanged) -> None:
    assert unchanged(Listed("a/1.jpg", 10, None, 1_000))
    assert not unchanged(Listed("a/1.jpg", 11, None, 1_000))  # size changed
    assert not unchanged(Listed("a/1.jpg", 10, None, 1_001))  # time changed
    assert not unchanged(Listed("a/1.jpg", 10, None, -1))  # no time read: SkipHeld asks
    assert not unchanged(Listed("a/3.jpg", 10, None, 1_000))  # not held
    assert not unchanged(Listed("a/2.jpg", 20, None, -1))  # held without a time: SkipHeld compares
    member = MemberLocation("a.tar", "tar", 100, 0, 10)
    assert not unchanged(Listed("a/1.jpg", 10, member, 1_000))  # an archive member is no held file


def test_no_inputs_files_no_test() -> None:
    assert held.held_unchanged("out", []) is None


def test_content_hashes_add_all_buckets_as_add_does() -> None:
    items = [(f"{i * 2654435761 % (1 << 32):08x}" + "0" * 56, "train" if i % 3 else "test", f"r{i}") for i in range(3 * NUM_BUCKETS)]
    one, many = ContentHashes(), ContentHashes()
    for item in items:
        one.add(*item)
    many.add_all(iter(items))
    assert [(b, p.unpacked()) for b, p in one.by_bucket()] == [(b, p.unpacked()) for b, p in many.by_bucket()]
    for bucket, packed in one.by_bucket():
        records = packed.unpacked()
        assert all(int(sha[:8], 16) % NUM_BUCKETS == bucket for sha, _, _ in records)
        assert records == [item for item in items if int(item[0][:8], 16) % NUM_BUCKETS == bucket]  # in the order added
    assert one.pairs("test") == many.pairs("test")
    assert sorted(one.pairs("test")) == sorted((sha, rid) for sha, split, rid in items if split == "test")


def test_the_listing_counts_held_unchanged_files_and_yields_the_rest(tmp_path: Path) -> None:
    """`list_tree(held=...)` settles a held, unchanged file itself (a count, told to `progress`)
    and yields every other file as it would without `held`, in the same order."""
    for name in ("a/1.jpg", "a/2.jpg", "a/3.jpg", "b/4.jpg"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(b"x" * len(name))
    everything = list(list_tree(str(tmp_path)))
    by_path = {item.relpath: item for item in everything}
    stamps = {
        "a/1.jpg": tuple(by_path["a/1.jpg"]),  # held as it is
        "a/2.jpg": (*by_path["a/2.jpg"][:3], by_path["a/2.jpg"].mtime_ns + 1),  # held, its time changed since
        "b/4.jpg": tuple(by_path["b/4.jpg"]),  # held as it is
    }
    held_stamps = listing.HeldStamps(stamps)
    told: list[int] = []
    held_stamps.progress = told.append
    yielded = list(list_tree(str(tmp_path), held=held_stamps))
    assert [item.relpath for item in yielded] == ["a/2.jpg", "a/3.jpg"]  # the changed one and the new one
    assert yielded == [item for item in everything if item.relpath in ("a/2.jpg", "a/3.jpg")]
    assert held_stamps.count == 2 and sum(told) == 2
    assert held_stamps(by_path["a/1.jpg"]) and not held_stamps(by_path["a/2.jpg"]) and not held_stamps(by_path["a/3.jpg"])

