"""A conversion remembers what it learned (issue 34): the header probes it made are kept in OUT
(`probes-*.npz`), so a resume, a re-run or an append reads the headers of only what is new or
changed, and a kept file that is damaged or not this run's is ignored with a notice, never trusted."""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_report
from helpers.sources import SAMPLE_IMAGES, image_bytes
from shardify.beam_jobs import counters
from shardify.beam_jobs import launch
from shardify.beam_jobs.discover.recall import Probe, Stamp, pack_probes, probes_fingerprint, read_kept, sound_files
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.format import naming
from shardify.format.manifest import load_manifest
from shardify.inspect.verify import verify_output

_SHARDS = 6
_IMAGES = sum(1 for p in SAMPLE_IMAGES.rglob("*") if p.is_file() and not p.name.startswith("."))


def _convert(source: Path, out: Path, *, append: bool = False, **options) -> tuple[int, int]:
    """(headers probed, headers recalled) of one in-process conversion."""
    result = run_conversion(ConvertConfig(str(source), str(out), shards=_SHARDS, **options), append=append)
    return counters.total(result, counters.INPUTS_PROBED), counters.total(result, counters.INPUTS_RECALLED)


def _command(source: Path, out: Path, *args: str) -> list[str]:
    return [str(Path(sys.executable).with_name("shardify")), "convert", str(source), str(out), "--shards", str(_SHARDS), *args]


def _shards(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir()) if naming.is_shard_file(p.name)}


def _kept(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if naming.is_probes_file(p.name))


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """sample_data/images copied (so its times can change) and converted without interruption."""
    root = tmp_path_factory.mktemp("clean")
    source, out = root / "src", root / "out"
    shutil.copytree(SAMPLE_IMAGES, source)
    probed, recalled = _convert(source, out)
    assert (probed, recalled) == (_IMAGES, 0)
    return {"source": source, "out": out, "shards": _shards(out)}


def test_a_resume_after_a_kill_reads_no_header_again_and_writes_the_same_bytes(clean: dict, tmp_path: Path) -> None:
    out = tmp_path / "out"
    # Its own session, so that the kill reaches Beam's worker processes too.
    command = _command(clean["source"], out, "-q")
    run = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not (out.exists() and any(naming.is_shard_result(name) for name in os.listdir(out))):
        assert run.poll() is None and time.monotonic() < deadline, "the run ended before a shard was whole"
        time.sleep(0.002)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    assert _kept(out) and naming.MANIFEST_FILENAME not in os.listdir(out)
    # What is left to write is judged from the killed run's own plan, as a hint only (a small rest
    # runs in one process): a plan that is not one gives no hint.
    source_bytes = sum(p.stat().st_size for p in clean["source"].rglob("*") if p.is_file())
    left = launch._left_to_write(str(out))
    assert left is not None and 0 <= left < source_bytes
    plan = (out / naming.PLAN_FILENAME).read_bytes()
    (out / naming.PLAN_FILENAME).write_bytes(plan[:10])
    assert launch._left_to_write(str(out)) is None
    (out / naming.PLAN_FILENAME).write_bytes(plan)

    probed, recalled = _convert(clean["source"], out)
    assert (probed, recalled) == (0, _IMAGES)
    assert _shards(out) == clean["shards"]


def test_only_new_and_changed_files_are_probed_again(clean: dict, tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(clean["source"], source)
    assert _convert(source, out) == (_IMAGES, 0)
    assert _shards(out) == clean["shards"]  # SRC's place is not in the records

    touched = sorted(source.rglob("*.jpg"))[:2]
    for path in touched:  # same bytes, a new time: read again, as a changed file must be
        info = path.stat()
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
    (source / "circle" / "new.png").write_bytes(image_bytes(fmt="PNG", seed=3))
    (source / "circle" / "broken.jpg").write_bytes(b"\xff\xd8 not a JPEG after all")
    probed, recalled = _convert(source, out)
    assert (probed, recalled) == (len(touched) + 2, _IMAGES - len(touched))
    rejects = read_report(out, naming.REJECTS_FILENAME)
    assert [r["path"] for r in rejects] == ["circle/broken.jpg"]

    _convert(source, tmp_path / "fresh")  # the same source, with nothing kept
    again = tmp_path / "again"
    shutil.copytree(tmp_path / "fresh", again)
    probed, recalled = _convert(source, again)  # a reject's reason is recalled too
    assert (probed, recalled) == (0, _IMAGES + 2)
    assert _shards(again) == _shards(tmp_path / "fresh")
    assert read_report(again, naming.REJECTS_FILENAME) == read_report(tmp_path / "fresh", naming.REJECTS_FILENAME)
    assert verify_output(load_manifest(str(again))) == _IMAGES + 1


def _flip_a_byte(data: bytes) -> bytes:
    changed = bytearray(data)
    changed[data.index(b"circle/")] ^= 0x01  # a byte of the paths' column
    return bytes(changed)


def test_a_damaged_kept_file_is_ignored_with_a_notice(clean: dict, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(clean["out"], out)
    (kept,) = _kept(out)
    data = (out / kept).read_bytes()
    (out / kept).write_bytes(_flip_a_byte(data))
    (out / "probes-00000000000000aa.npz").write_bytes(data[: len(data) // 2])  # truncated
    (out / "probes-00000000000000bb.npz").write_bytes(b"PK\x03\x04 not an archive")
    result = run_shardify(*_command(clean["source"], out)[1:])  # what the command says: this process will do
    assert result.returncode == 0, result.stderr
    notices = [line for line in result.stderr.splitlines() if "kept-probes" in line]
    assert len(notices) == 1 and "ignoring 3 kept-probes file(s)" in notices[0], result.stderr
    assert "their inputs are probed again" in notices[0]
    assert "Traceback" not in result.stderr
    assert "known from an earlier run" not in result.stdout  # nothing recalled from them
    assert _shards(out) == clean["shards"]
    assert _kept(out) == [kept] and (out / kept).read_bytes() == data  # the damaged ones gone, this run's probes kept


def test_probes_kept_under_other_options_are_not_used(clean: dict, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    out = tmp_path / "out"
    shutil.copytree(clean["out"], out)
    with caplog.at_level("WARNING", logger="shardify"):
        # --max-pixels decides which images are rejected
        probed, recalled = _convert(clean["source"], out, max_pixels=10_000, max_rejects="100%")
    assert (probed, recalled) == (_IMAGES, 0)
    assert "its fingerprint differs" in caplog.text
    # The same options again: this run's own probes are recalled.
    assert _convert(clean["source"], out, max_pixels=10_000, max_rejects="100%") == (0, _IMAGES)


def _replace_keeping_stamp(path: Path, data: bytes) -> None:
    """Other bytes of the same size under the same modification time: a held file an append must
    not read (as `rsync` and `git status` would not)."""
    info = path.stat()
    assert len(data) == info.st_size
    path.write_bytes(data)
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))


def test_an_append_reads_no_held_file(tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES, source, ignore=shutil.ignore_patterns("more"))
    _convert(source, out)
    held = sorted(source.rglob("*.jpg"))
    original = {path: path.read_bytes() for path in held}
    for path in held:  # were any of them read, as a header or whole, this garbage would show
        _replace_keeping_stamp(path, b"\0" * path.stat().st_size)
    shutil.copytree(SAMPLE_IMAGES / "circle" / "more", source / "circle" / "more")
    added = sum(1 for _ in (source / "circle" / "more").iterdir())
    probed, recalled = _convert(source, out, append=True)
    assert (probed, recalled) == (added, 0)  # only the new files' headers
    manifest = load_manifest(str(out))
    assert manifest.versions[-1]["added"]["records"] == added
    assert not read_report(out, naming.REJECTS_FILENAME)
    for path, data in original.items():
        path.write_bytes(data)  # (their times change: the next check must read them)

    # A held file whose time changed is read to compare: the same bytes stay held, others are reported.
    changed = held[0]
    changed.write_bytes(image_bytes(seed=11))
    (source / "circle" / "newer.jpg").write_bytes(image_bytes(seed=12))
    probed, _ = _convert(source, out, append=True, max_rejects="100%")
    assert probed == 1
    rejects = read_report(out, naming.REJECTS_FILENAME)
    assert [(r["path"], r["stage"]) for r in rejects] == [(changed.relative_to(source).as_posix(), "append")]
    latest = load_manifest(str(out)).versions[-1]["added"]
    assert latest["records"] == 1 and latest["changed"] == 1


def test_a_kept_file_rewritten_whole_with_other_values_fails_its_checksum(tmp_path: Path) -> None:
    """A well-formed archive (every zip CRC right) whose height was changed, its checksum kept."""
    fingerprint = probes_fingerprint(str(tmp_path / "src"), 1000)
    stamp = Stamp(size=10, mtime_ns=5, inode=7)
    name, content = pack_probes([("a/b.jpg", stamp, Probe("jpeg", 3, 4, 3))], fingerprint)
    (tmp_path / name).write_bytes(content)
    columns = dict(np.load(io.BytesIO(content), allow_pickle=False))
    columns["height"] = np.array([30_000], dtype="<i4")
    forged = io.BytesIO()
    np.savez(forged, **columns)
    (tmp_path / "probes-00000000000000cc.npz").write_bytes(forged.getvalue())
    sound, ignored = sound_files(str(tmp_path), fingerprint)
    assert sound == (name,)
    assert ignored == [("probes-00000000000000cc.npz", "its checksum does not match its columns (altered or damaged)")]
    kept = read_kept(str(tmp_path), fingerprint, sound)
    assert kept.recall("a/b.jpg", stamp) == Probe("jpeg", 3, 4, 3)
    assert kept.recall("a/b.jpg", Stamp(size=10, mtime_ns=6, inode=7)) is None  # a new time: read it again
