"""Beam's reading of a function's parameters, done once per function instead of thousands of times.

Beam asks for the parameters of every method of a DoFn (`inspect.signature`, through
`core.get_function_args_defaults`) each time it checks whether the DoFn keeps state:
`userstate.get_dofn_specs` wraps every bound method `dir(dofn)` lists, about 30 a DoFn, and is
called several times per ParDo while the pipeline is built, turned into its protos and each bundle
processor is made. A conversion's ~70 ParDos cost ~17,000 signatures: about a third of the CPU of
a conversion of three files (measured with cProfile here). Most of those methods are DoFn's own
(`display_data`, `default_label`, ...), the same function for every DoFn.

A bound method's parameters are its function's, less the first; a function's do not change while it
lives. So the answer is kept per function (weakly: a lambda given to `beam.Map` goes with its
pipeline), each caller gets lists of its own, and anything else (builtins, callable objects,
partials) is read as Beam reads it. The state and timer specs a DoFn's methods declare are read
from those parameters: kept per DoFn object while it lives (a DoFn unpickled in a worker is a new
object, read afresh), each caller getting sets of its own; what Beam refuses is refused every time.

Beam also reads the source of every DoFn's `process` (`inspect.getsourcelines`, then a scan of its
lines) each time a ParDo is made, to warn where it both yields and returns: ~0.1 s of a conversion's
~0.5 s of CPU with the ~70 ParDos made anew for each run. The answer is kept per function as well;
Beam's own warning then comes once per function rather than once per ParDo.
"""

from __future__ import annotations

import types
import weakref
from collections.abc import Callable

__all__ = ["cache_signatures"]

_Reader = Callable[[object], tuple[list[str], list[object]]]


def cache_signatures() -> None:
    """Makes Beam answer `get_function_args_defaults` and its yield-and-return check once per
    function and `get_dofn_specs` once per DoFn object (idempotent)."""
    from apache_beam.transforms import core, userstate

    if not (hasattr(core, "get_function_args_defaults") and hasattr(userstate, "get_dofn_specs")):
        return  # a Beam that names them otherwise: conversions run as fast as Beam makes them
    if getattr(core.get_function_args_defaults, "_shardify_cached", False):
        return
    core.get_function_args_defaults = _cached(core.get_function_args_defaults)
    userstate.get_dofn_specs = _specs_cached(userstate.get_dofn_specs)
    if hasattr(core, "_check_fn_use_yield_and_return"):
        core._check_fn_use_yield_and_return = _yield_check_cached(core._check_fn_use_yield_and_return)


def _cached(read: _Reader) -> _Reader:
    bound: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # function -> its bound methods' answer
    plain: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # function -> its own answer

    def get_function_args_defaults(f):  # noqa: ANN001, ANN202 - Beam's signature
        if isinstance(f, types.MethodType) and isinstance(f.__func__, types.FunctionType):
            cache, key = bound, f.__func__
        elif isinstance(f, types.FunctionType):
            cache, key = plain, f
        else:
            return read(f)
        found = cache.get(key)
        if found is None:
            found = cache[key] = read(f)
        args, defaults = found
        return list(args), list(defaults)

    get_function_args_defaults._shardify_cached = True
    get_function_args_defaults.__doc__ = read.__doc__
    return get_function_args_defaults


def _specs_cached(read: Callable[[object], tuple[set, set]]) -> Callable[[object], tuple[set, set]]:
    # id -> (a weak reference to the DoFn, its specs); by identity, not equality (a DoFn may define
    # __eq__, or not be hashable), dropped when the DoFn goes.
    kept: dict[int, tuple[weakref.ref, tuple[set, set]]] = {}

    def get_dofn_specs(dofn):  # noqa: ANN001, ANN202 - Beam's signature
        found = kept.get(id(dofn))
        if found is None or found[0]() is not dofn:
            try:
                ref = weakref.ref(dofn, lambda _, key=id(dofn): kept.pop(key, None))
            except TypeError:  # an object without weak references: read each time
                return read(dofn)
            found = kept[id(dofn)] = (ref, read(dofn))
        states, timers = found[1]
        return set(states), set(timers)

    get_dofn_specs.__doc__ = read.__doc__
    return get_dofn_specs


def _yield_check_cached(check: Callable[[object], bool]) -> Callable[[object], bool]:
    kept: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # function -> Beam's answer

    def check_fn_use_yield_and_return(fn: object) -> bool:
        function = fn.__func__ if isinstance(fn, types.MethodType) else fn
        if not isinstance(function, types.FunctionType):
            return check(fn)
        found = kept.get(function)
        if found is None:
            found = kept[function] = check(fn)
        return found

    check_fn_use_yield_and_return.__doc__ = check.__doc__
    return check_fn_use_yield_and_return
