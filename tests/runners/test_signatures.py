"""Beam's inspection of DoFns done once per function (beam_jobs/runners/signatures.py): the same
answers as Beam's own, read once."""

from __future__ import annotations

import inspect

import apache_beam as beam
import pytest
from apache_beam.transforms import core

from shardify.beam_jobs.runners.signatures import cache_signatures


class _YieldsAndReturns(beam.DoFn):
    def process(self, element):
        if element:
            return [element]
        yield element


class _Yields(beam.DoFn):
    def process(self, element):
        yield element


@pytest.fixture(scope="module", autouse=True)
def cached() -> None:
    cache_signatures()


@pytest.mark.parametrize(("dofn", "both"), [(_YieldsAndReturns, True), (_Yields, False)])
def test_the_yield_and_return_check_answers_as_beam(dofn: type, both: bool) -> None:
    assert core._check_fn_use_yield_and_return(dofn().process) is both
    assert core._check_fn_use_yield_and_return(dofn().process) is both  # kept, the same


def test_a_dofns_source_is_read_once_however_many_pardos_are_made(monkeypatch: pytest.MonkeyPatch) -> None:
    class Fresh(beam.DoFn):
        def process(self, element):
            yield element

    reads = []
    real = inspect.getsourcelines
    monkeypatch.setattr(inspect, "getsourcelines", lambda f: reads.append(f) or real(f))
    for _ in range(3):
        beam.ParDo(Fresh())
    assert [getattr(f, "__qualname__", f) for f in reads] == ["test_a_dofns_source_is_read_once_however_many_pardos_are_made.<locals>.Fresh.process"]
