"""Test helper: a conversion that must stop before writing, and what it said.

Several layout tests asserted the same three things each in their own copy (it raises UsageError,
no manifest was written, the message is returned for the test to check); one place keeps them the
same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError

__all__ = ["refusal"]


def refusal(src: Path, out: Path, **options) -> str:
    """The message of the UsageError converting `src` into `out` (with `options`, ConvertConfig's
    keywords) raises; fails the test where it converts, or writes a manifest before stopping."""
    with pytest.raises(UsageError) as stopped:
        run_conversion(ConvertConfig(str(src), str(out), **options))
    assert not (out / "manifest.json").exists()
    return str(stopped.value)
