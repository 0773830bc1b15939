"""The examples in the docstrings of the modules that read a download, plan and write it (and of
the readers' TensorFlow-free parts) are run: an example that no longer holds fails here instead of
misleading the next reader. Only two modules ran theirs before (`batches`, `box_formats`); of the
167 found then, one failed (a set printed in an order that changes with hash randomization)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import beam_jobs.discover
import converters
import shardify.format
import shardify.inputs
import shardify.plan

# Packages whose every module runs its examples, and single modules of packages that import
# TensorFlow or torch elsewhere.
_PACKAGES = (shardify.plan, beam_jobs.discover, converters, shardify.format, shardify.inputs)
_MODULES = (
    "shardify.read.bench_report",
    "shardify.read.options",
    "shardify.read.option_values",
    "shardify.read.read_options",
    "shardify.read.reader_refusals",
    "shardify.read.read_plan",
    "shardify.read.sharing",
    "shardify.read.epoch_order",
)


def _module_names() -> list[str]:
    names = [info.name for package in _PACKAGES for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}.")]
    return sorted(names) + list(_MODULES)


def test_the_modules_are_found() -> None:
    names = _module_names()
    assert "shardify.plan.folder_names" in names and "beam_jobs.discover.detect" in names and len(names) > 100


@pytest.mark.parametrize("name", _module_names())
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (run: python -m doctest -v {module.__file__})"
