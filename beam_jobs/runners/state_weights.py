"""Beam's weighing of cached side inputs without a walk over every loaded module for each value.

Beam's worker keeps side inputs in a state cache bounded by their size, and weighs each value it
loads with `objsize.get_deep_size` (`statecache.get_deep_size`). objsize leaves modules' globals out
of a size (they are shared): for that it collects the id of every loaded module's `__dict__`, anew for
each value weighed. A conversion loads ~22 side-input values; with TensorFlow imported, as in a
process that also reads (the tests' workers: ~5,000 modules), that walk was ~0.15-0.2 s of a
conversion's ~0.6 s of CPU (the 72 sample images in process, measured here).

Here the same size is computed with the module dictionaries left out by the filter instead: their
ids are collected again only when the number of loaded modules has changed since the last value,
so a run weighs its values with one walk. Everything else (Beam's size, referents and type filter)
is Beam's own. The weight only decides what the cache evicts first; a value never holds a module's
globals but through a function, which Beam's filter leaves out already.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["weigh_state_once_per_import"]

_LOCK = threading.Lock()


def weigh_state_once_per_import() -> None:
    """Makes Beam's state cache weigh values without walking every module each time (idempotent;
    nothing where Beam or objsize name things otherwise)."""
    try:
        import objsize
        from apache_beam.runners.worker import statecache
    except ImportError:
        return
    beam_sizer = getattr(statecache, "get_deep_size", None)
    parts = ("_size_func", "_get_referents_func", "_filter_func")
    if beam_sizer is None or getattr(beam_sizer, "_shardify_weighed", False) or not all(hasattr(statecache, p) for p in parts):
        return
    statecache.get_deep_size = _deep_size(objsize.get_deep_size, statecache)


def _deep_size(get_deep_size: Callable[..., int], statecache: Any) -> Callable[..., int]:
    module_dicts = _ModuleDicts()
    beam_filter = statecache._filter_func

    def keep(obj: Any) -> bool:
        return not (type(obj) is dict and id(obj) in module_dicts.ids) and beam_filter(obj)

    def deep_size(*objs: Any) -> int:
        """The deep size of `objs` in bytes, as Beam's `statecache.get_deep_size` gives it."""
        module_dicts.refresh()
        return get_deep_size(
            *objs,
            get_size_func=statecache._size_func,
            get_referents_func=statecache._get_referents_func,
            filter_func=keep,
            exclude_modules_globals=False,
        )

    deep_size._shardify_weighed = True
    return deep_size


class _ModuleDicts:
    """The ids of the loaded modules' `__dict__`s, as objsize collects them, made again when the
    number of loaded modules changes."""

    def __init__(self) -> None:
        self.ids: frozenset[int] = frozenset()
        self._count = -1

    def refresh(self) -> None:
        if len(sys.modules) == self._count:
            return
        with _LOCK:
            modules = list(sys.modules.values())
            found = set()
            for module in modules:
                try:
                    found.add(id(vars(module)))
                except TypeError:  # no __dict__ (objsize skips it alike)
                    pass
            self.ids, self._count = frozenset(found), len(modules)
