"""Beam's state cache weighs side inputs as objsize does, without walking every module for each value
(beam_jobs/runners/state_weights.py)."""

from __future__ import annotations

import dataclasses
import sys
import types

import objsize
import pytest
from apache_beam.runners.worker import statecache

from shardify.beam_jobs.runners.state_weights import weigh_state_once_per_import


def _beams_weight(*objs: object) -> int:
    """Beam's own weighing (objsize walking every loaded module's globals)."""
    return objsize.get_deep_size(
        *objs,
        get_size_func=statecache._size_func,
        get_referents_func=statecache._get_referents_func,
        filter_func=statecache._filter_func,
    )


@dataclasses.dataclass(frozen=True)
class _Entry:
    path: str
    labels: tuple[str, ...]


def _values() -> dict[str, object]:
    """Side-input values as a conversion holds them, and values that reach modules' globals."""
    return {
        "dict of lists": {f"class{i}": [f"file{i}_{j}.jpg" for j in range(20)] for i in range(10)},
        "entries": [_Entry(f"a/{i}.png", ("cat", "dog")) for i in range(50)],
        "a module's globals": {"table": vars(sys.modules[__name__]), "rows": list(range(100))},
        "functions and classes": [len, _values, _Entry, types, {"nested": [[None, 1.5, b"x" * 1000]]}],
        "empty": [],
    }


@pytest.fixture(scope="module")
def weigh() -> object:
    weigh_state_once_per_import()
    return statecache.get_deep_size


@pytest.mark.parametrize("name", list(_values()))
def test_each_value_weighs_what_beam_weighs_it(weigh, name: str) -> None:
    value = _values()[name]
    assert weigh(value) == _beams_weight(value) > 0


def test_a_module_loaded_after_the_first_weighing_is_left_out_too(weigh) -> None:
    weigh(_values())  # the module dictionaries collected
    module = types.ModuleType("shardify_test_late_module")
    module.payload = ["x" * 10_000 for _ in range(20)]  # 200 kB that only its globals hold
    sys.modules[module.__name__] = module
    try:
        value = {"globals": vars(module), "own": ["y" * 100]}
        assert weigh(value) == _beams_weight(value) < 100_000
    finally:
        del sys.modules[module.__name__]


def test_installing_twice_keeps_one_weigher(weigh) -> None:
    weigh_state_once_per_import()
    assert statecache.get_deep_size is weigh
