"""Test helper: a conversion that must stop before writing, and what it said.

Several layout tests asserted the same three things each in their own copy (it raises UsageError,
no manifest was written, the message is returned for the test to check); one place keeps them the
same, for a run in this process (`refusal`) and for the command's (`command_refusal`, `stopped`).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from helpers.cli_runs import message, run_shardify
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

__all__ = ["command_refusal", "follows_stop", "refusal", "stopped"]


def refusal(src: Path, out: Path, **options) -> str:
    """The message of the UsageError converting `src` into `out` (with `options`, ConvertConfig's
    keywords) raises; fails the test where it converts, or writes a manifest before stopping."""
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(out), **options))
    assert not (out / "manifest.json").exists()
    return str(stopped.value)


def follows_stop(name: str, batch, work: Path) -> str:
    """Blind batch `batch`'s dataset `name` built under `work`: the first command stops naming every option of
    its FOLLOW, and the conversion with them is right; the stop's message. (The readers tests of several rounds
    each held this in a copy of their own.)"""
    from helpers.unseen_judge import assert_right, names_option

    truth = batch.DATASETS[name](work / "download")
    said = refusal(truth.root, work / "out")
    follow = batch.FOLLOW[name]
    assert follow and all(names_option(said, key) for key in follow), said
    run_conversion(ConvertConfig(str(truth.root), str(work / "followed"), **follow))
    assert_right(truth, work / "followed")
    return said


def command_refusal(src: Path, out: Path) -> str:
    """The one-line message of `shardify convert SRC OUT` stopping with exit 2 before writing a
    manifest; fails the test where it does anything else."""
    result = run_shardify("convert", str(src), str(out))
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert not (out / "manifest.json").exists()
    return said


def stopped(result: subprocess.CompletedProcess, out: Path) -> str:
    """The stderr of a finished command that failed (any non-zero exit) without a traceback and
    before writing OUT's manifest; fails the test where it did not."""
    assert result.returncode != 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert not (out / "manifest.json").exists()
    return result.stderr
