"""Kept probes found by their keys (beam_jobs/discover/stamp_keys.py) and held inputs counted per
batch (held.py): what a resume or an append looks up must be the very file's row, whatever else
shares its stamp or its path, and an append's count of held inputs must not depend on batching."""

from __future__ import annotations

from pathlib import Path

import pytest

from shardify.beam_jobs.discover import stage
from shardify.beam_jobs.discover.recall import Probe, Stamp, pack_probes, probes_fingerprint, read_kept, sound_files
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format.manifest import load_manifest


def _kept(folder: Path, rows: list[tuple[str, Stamp, Probe]]):  # noqa: ANN202 - KeptProbes
    fingerprint = probes_fingerprint(str(folder / "src"), 1000)
    name, content = pack_probes(rows, fingerprint)
    (folder / name).write_bytes(content)
    return read_kept(str(folder), fingerprint, [name])


def test_hard_links_share_a_stamp_and_keep_their_own_probes(tmp_path: Path) -> None:
    """One inode, one size, one time under three paths (hard links): each path finds its own row."""
    stamp = Stamp(size=100, mtime_ns=-5, inode=(1 << 63) + 9)  # a time before 1970, an inode past int64
    rows = [(f"c/{name}.jpg", stamp, Probe("jpeg", i + 1, 2, 3)) for i, name in enumerate(("a", "b", "ä"))]
    kept = _kept(tmp_path, rows)
    assert kept.recall_many([path for path, _, _ in rows], [stamp] * 3) == [probe for _, _, probe in rows]
    assert kept.recall("c/d.jpg", stamp) is None  # a fourth link nobody probed


def test_a_path_kept_under_two_stamps_gives_the_probe_of_its_stamp_now(tmp_path: Path) -> None:
    old, new = Stamp(10, 1, 7), Stamp(10, 2, 7)
    kept = _kept(tmp_path, [("x.png", old, Probe("png", 1, 1, 1)), ("x.png", new, Probe(reason="not an image"))])
    found = kept.recall_many(["x.png", "x.png", "x.png", "y.png"], [new, old, None, new])
    assert found == [Probe(reason="not an image"), Probe("png", 1, 1, 1), None, None]
    assert kept.recall("x.png", Stamp(11, 2, 7)) is None  # another size: probe it


def test_a_kept_file_replaced_after_the_launchers_check_is_read_as_it_is_now(tmp_path: Path) -> None:
    """read_kept takes the launcher's parse only for the very bytes it reads (in one process)."""
    fingerprint = probes_fingerprint(str(tmp_path / "src"), 1000)
    stamp, probe = Stamp(10, 1, 7), Probe("png", 2, 3, 1)
    files = [pack_probes([(relpath, stamp, probe)], fingerprint) for relpath in ("a.png", "b.png")]
    for name, content in files:
        (tmp_path / name).write_bytes(content)
    sound, ignored = sound_files(str(tmp_path), fingerprint)
    assert sorted(sound) == sorted(name for name, _ in files) and not ignored
    other = Probe("jpeg", 5, 4, 3)
    (tmp_path / files[1][0]).write_bytes(pack_probes([("b.png", stamp, other)], fingerprint)[1])
    kept = read_kept(str(tmp_path), fingerprint, sound)
    assert (kept.recall("a.png", stamp), kept.recall("b.png", stamp)) == (probe, other)


def test_nothing_kept_recalls_nothing(tmp_path: Path) -> None:
    kept = _kept(tmp_path, [])
    assert len(kept) == 0
    assert kept.recall_many(["a.jpg"], [Stamp(1, 1, 1)]) == [None]


def test_an_append_counts_every_held_input_over_all_listing_batches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SkipHeld hands on one count per batch of listed files (here of 3); the version record sums them."""
    monkeypatch.setattr(stage, "BATCH_SIZE", 3)
    source, out = tmp_path / "src", tmp_path / "out"
    for i in range(10):
        folder = source / ("pos" if i % 2 else "neg")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{i}.txt").write_text(f"text number {i}")
    run_conversion(ConvertConfig(str(source), str(out), shards=2))
    (source / "pos" / "new.txt").write_text("a new text")
    run_conversion(ConvertConfig(str(source), str(out), shards=2), append=True)
    added = load_manifest(str(out)).versions[-1]["added"]
    assert (added["records"], added["held"], added["changed"]) == (1, 10, 0)
