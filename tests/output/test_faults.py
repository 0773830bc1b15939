"""Faults: a conversion killed with SIGKILL part-way, then re-run."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from shardify.format import naming


def _shardify(*args: str) -> list[str]:
    return [str(Path(sys.executable).with_name("shardify")), *args]


def _planned(out: Path) -> bool:
    return (out / naming.PLAN_FILENAME).exists()


def _first_shard_done(out: Path) -> bool:
    return any(naming.parse_shard_filename(p.name) for p in out.iterdir()) if out.exists() else False


def _args(sample_images: Path, out: Path) -> list[str]:
    return ["convert", str(sample_images), str(out), "--shards", "36", "-q"]


@pytest.fixture(scope="module")
def clean(sample_images: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The uninterrupted conversion both kill moments compare with (in this process: only the kill
    needs a process of its own); tests must not modify it."""
    out = tmp_path_factory.mktemp("clean") / "out"
    result = run_shardify(*_args(sample_images, out))
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.parametrize("moment", [_planned, _first_shard_done], ids=["after planning", "while writing"])
def test_killed_run_leaves_no_manifest_and_a_rerun_gives_identical_bytes(
    moment, sample_images: Path, clean: Path, tmp_path: Path
) -> None:
    def command(out: Path) -> list[str]:
        return _shardify(*_args(sample_images, out))

    out = tmp_path / "out"
    # Its own session, so that the kill reaches Beam's worker processes too.
    run = subprocess.Popen(command(out), start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not moment(out):
        assert run.poll() is None and time.monotonic() < deadline, "the run ended before the moment came"
        time.sleep(0.002)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    left = sorted(p.name for p in out.iterdir())
    assert naming.MANIFEST_FILENAME not in left, left
    assert all(naming.is_shardify_file(name) for name in left), left  # temporaries are recognisable

    rerun = run_shardify(*_args(sample_images, out))  # what the command does: this process will do
    assert rerun.returncode == 0, rerun.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(p.name for p in clean.iterdir())  # nothing of the killed run left over
    for name in names:
        assert (out / name).read_bytes() == (clean / name).read_bytes(), name


def test_a_full_disk_fails_clearly_with_no_manifest_and_a_rerun_finishes(sample_images: Path, tmp_path: Path) -> None:
    """The file-size limit stands in for a full disk: writes past it fail as ENOSPC would (EFBIG)."""
    out = tmp_path / "out"
    command = _shardify("convert", str(sample_images), str(out), "--shards", "1", "-q")
    shard_bytes = sum(p.stat().st_size for p in sample_images.rglob("*.*"))
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (shard_bytes // 2, shard_bytes // 2))  # noqa: E731
    full = subprocess.run(command, capture_output=True, text=True, timeout=300, preexec_fn=limit)
    assert full.returncode == 1
    assert "error: cannot write" in full.stderr and "File too large" in full.stderr, full.stderr
    assert "Traceback" not in full.stderr
    left = sorted(p.name for p in out.iterdir())
    assert naming.MANIFEST_FILENAME not in left and all(naming.is_shardify_file(n) for n in left), left

    rerun = run_shardify(*command[1:])  # the limit is gone: this process will do
    assert rerun.returncode == 0, rerun.stderr
    assert not [name for name in os.listdir(out) if naming.is_temp_filename(name)]


def test_an_output_that_cannot_be_a_folder_fails_before_any_work(sample_images: Path, tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("a file, not a folder")
    for out in (taken, taken / "below"):
        result = run_shardify("convert", str(sample_images), str(out))
        assert result.returncode == 1
        assert f"error: cannot write into output folder {out}" in result.stderr, result.stderr
        assert "Traceback" not in result.stderr and "layout:" not in result.stderr  # refused before planning
    assert taken.read_text() == "a file, not a folder"
