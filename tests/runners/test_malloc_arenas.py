"""The local runner caps glibc's malloc arenas for itself and its worker processes (they inherit
its environment), and keeps a cap the user set."""

from __future__ import annotations

import os

import pytest

from shardify.beam_jobs.runners.runner import MALLOC_ARENAS, discard, make_pipeline


def test_the_local_runner_caps_malloc_arenas_for_its_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    discard(make_pipeline(num_workers=2))
    assert os.environ["MALLOC_ARENA_MAX"] == MALLOC_ARENAS


def test_a_cap_the_user_set_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    discard(make_pipeline(num_workers=2))
    assert os.environ["MALLOC_ARENA_MAX"] == "4"
