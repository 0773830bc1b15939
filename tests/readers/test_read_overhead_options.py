"""benchmarks/read_overhead.py's `--option FIELD=VALUE`: a tf.data.Options field set on whichever
pipeline runs (the decode limit as well as `load`), so that a setting measured against the limit
is the setting asked for, and a misspelt field stops the run instead of measuring the defaults."""

from __future__ import annotations

import pytest

from benchmarks.read_overhead import _data_options


def test_fields_are_set_with_their_types() -> None:
    options = _data_options(
        ["threading.private_threadpool_size=2", "experimental_optimization.inject_prefetch=false", "autotune.enabled=False"]
    )
    assert options.threading.private_threadpool_size == 2
    assert options.experimental_optimization.inject_prefetch is False
    assert options.autotune.enabled is False


def test_a_misspelt_field_stops() -> None:
    with pytest.raises(AttributeError):
        _data_options(["threading.private_threadpool=2"])
