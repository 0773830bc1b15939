"""The local runner's worker processes start through `worker_main`: Beam's worker, with what it
imported frozen out of the garbage collector's sight and young collections spaced out; any other
worker command is left as it is."""

from __future__ import annotations

import gc
import json
import sys
from pathlib import Path

import apache_beam as beam

from shardify.beam_jobs.runners import runner, worker_main


def test_a_local_worker_process_runs_with_its_imports_frozen(tmp_path: Path) -> None:
    into = tmp_path / "state.json"

    def _collector_state(_: object, into: str) -> None:  # nested: pickled by value for the worker
        import gc, json, sys  # noqa: E401
        from pathlib import Path

        Path(into).write_text(json.dumps({"frozen": gc.get_freeze_count(), "threshold": gc.get_threshold()[0], "argv": sys.argv}))

    pipeline = runner.make_pipeline(num_workers=1)  # not small: one worker process of its own
    _ = pipeline | beam.Create([0]) | beam.Map(_collector_state, str(into))
    pipeline.run().wait_until_finish()
    state = json.loads(into.read_text())
    assert state["frozen"] > 10_000  # Beam's modules, at least
    assert state["threshold"] == worker_main.GEN0_THRESHOLD
    assert state["argv"][0].endswith("worker_main.py")


def test_only_beams_own_worker_command_is_replaced() -> None:
    beams = f"{sys.executable} -m apache_beam.runners.worker.sdk_worker_main".encode()
    assert runner._worker_command(beams) == f"{sys.executable} -m {worker_main.MODULE}".encode()
    other = b"/opt/other/python -m apache_beam.runners.worker.sdk_worker_main --flag"
    assert runner._worker_command(other) == other


def test_tune_collector_freezes_and_spaces_young_collections() -> None:
    before = gc.get_threshold()
    try:
        worker_main.tune_collector()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (worker_main.GEN0_THRESHOLD, *before[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
