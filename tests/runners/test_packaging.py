"""The package list is derived from the tree: pyproject.toml's `packages`, the folders that hold
an __init__.py, and the Dataflow worker package (built by walking the import tree) agree."""

from __future__ import annotations

import tomllib

from helpers.sources import REPO
from shardify.beam_jobs.runners.worker_package import shardify_packages


def _folders_with_init() -> set[str]:
    """Every package folder of the repository, named as it installs (package-dir)."""
    tops = {"shardify": "shardify", "converters": "shardify.converters", "beam_jobs": "shardify.beam_jobs", "cli": "shardify.cli"}
    found = set()
    for folder, package in tops.items():
        for init in (REPO / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(REPO / folder).parts
            found.add(".".join((package, *relative)))
    return found


def test_pyproject_lists_every_package_folder_and_the_worker_package_ships_them() -> None:
    declared = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    on_disk = _folders_with_init()
    assert declared == on_disk, f"pyproject.toml lacks {sorted(on_disk - declared)} or lists {sorted(declared - on_disk)}"
    assert set(shardify_packages()) == on_disk
