"""Ship shardify to remote Beam workers, so that users do not hand-craft worker set-up.

Remote runners (Dataflow) start workers from Beam's SDK image, which has Beam but not shardify.
`staging_args` writes a small `setup.py` beside a copy of the shardify modules this process runs
and passes it as `--setup_file`: Beam builds it into a source package, stages it, and installs it on
every worker. The workers get only the write path's dependencies, never TensorFlow.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import shutil
import tempfile
from collections.abc import Sequence

from shardify._version import __version__

__all__ = [
    "WORKER_REQUIREMENTS",
    "CLI_ONLY_REQUIREMENTS",
    "STAGING_OPTIONS",
    "shardify_packages",
    "staging_args",
    "write_worker_package",
]

# What the workers need beyond Beam itself: pyproject.toml's dependencies but for Beam and
# CLI_ONLY_REQUIREMENTS (a test holds the two files to each other).
WORKER_REQUIREMENTS = ("google-crc32c>=1.5", "pillow>=11.3", "pi-heif>=1.0", "indexed_gzip>=1.8", "scipy>=1.10", "pycocotools>=2.0.7", "h5py>=3.8")
# Dependencies only the launching process uses: progress bar, command line, HTML report, and a
# YOLO export's data.yaml (read while detecting the layout).
CLI_ONLY_REQUIREMENTS = ("tqdm", "typer", "pygal", "pyyaml")
# Beam options by which a user already says how workers get their code; then we add nothing.
STAGING_OPTIONS = ("--setup_file", "--extra_package", "--extra_packages", "--sdk_container_image")
# The repository's top folders, each installed as a package (pyproject.toml's package-dir): a
# subpackage of one is found from it, but converters/ does not lie inside shardify/.
_TOP_PACKAGES = ("shardify", "shardify.converters", "shardify.beam_jobs", "shardify.cli")


def shardify_packages() -> list[str]:
    """Every package of the running shardify, found by walking its import tree (so a new
    subpackage is shipped without a list to update; a test holds pyproject.toml's list to it).
    The CLI and the readers are not run on workers, but cost nothing to ship."""
    found = set(_TOP_PACKAGES)
    for name in _TOP_PACKAGES:
        package = importlib.import_module(name)
        found.update(m.name for m in pkgutil.walk_packages(package.__path__, f"{name}.") if m.ispkg)
    return sorted(found)

_SETUP_PY = '''import setuptools

setuptools.setup(
    name="shardify",
    version={version!r},
    packages={packages!r},
    install_requires={requirements!r},
)
'''


def write_worker_package(folder: str) -> str:
    """Copies the running shardify's modules under `folder` and writes its setup.py; returns its path."""
    packages = shardify_packages()
    for name in packages:
        source = os.path.dirname(importlib.import_module(name).__file__)
        target = os.path.join(folder, *name.split("."))
        os.makedirs(target, exist_ok=True)
        for file_name in sorted(os.listdir(source)):
            if file_name.endswith(".py"):
                shutil.copyfile(os.path.join(source, file_name), os.path.join(target, file_name))
    setup_py = os.path.join(folder, "setup.py")
    with open(setup_py, "w", encoding="utf-8") as f:
        f.write(_SETUP_PY.format(version=__version__, packages=packages, requirements=list(WORKER_REQUIREMENTS)))
    return setup_py


def staging_args(beam_args: Sequence[str]) -> list[str]:
    """`beam_args` plus `--setup_file` for a generated worker package, unless they already stage code."""
    if any(arg.split("=", 1)[0] in STAGING_OPTIONS for arg in beam_args):
        return list(beam_args)
    folder = tempfile.mkdtemp(prefix="shardify-worker-package-")
    return [*beam_args, f"--setup_file={write_worker_package(folder)}"]
