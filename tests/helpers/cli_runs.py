"""Test helper: run the installed `shardify` command as a user would, always with a timeout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

# No conversion in the tests takes a tenth of this; a hang fails the test instead of the suite.
TIMEOUT_SECONDS = 180


def shardify_command(*args: str) -> list[str]:
    return [str(Path(sys.executable).with_name("shardify")), *args]


def run_shardify(
    *args: str, timeout: float = TIMEOUT_SECONDS, prefix: Sequence[str] = (), **popen
) -> subprocess.CompletedProcess:
    """`shardify ARGS...` in a process of its own (after `prefix`), its output captured as text."""
    command = [*prefix, *shardify_command(*args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, **popen)


def message(stderr: str) -> str:
    """stderr as one line: the parser's usage errors come in a box drawn over several lines."""
    return " ".join(stderr.translate(str.maketrans("", "", "│╭╮╰╯─")).split())


def one_line_error(result: subprocess.CompletedProcess) -> str:
    """The stderr of a refused run, checked to be one `error:` line and no traceback."""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "Traceback" not in result.stderr, result.stderr
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def without_permission_override() -> list[str]:
    """A command prefix under which file permissions hold for this user: as root, `setpriv` drops
    the capabilities that let root read and enter anything (the process keeps uid 0, so the Python
    installation under /root stays usable). Nothing for other users. Skips the test when root has
    no `setpriv`.
    """
    if os.geteuid() != 0:
        return []
    if not shutil.which("setpriv"):
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    caps = "-dac_override,-dac_read_search"
    return ["setpriv", f"--bounding-set={caps}", f"--inh-caps={caps}", "--"]


def packages_imported_by(args: Sequence[str], packages: Sequence[str]) -> tuple[subprocess.CompletedProcess, list[str]]:
    """Runs `shardify ARGS` in a fresh interpreter and returns (the process, those of `packages`,
    or their submodules, that the command imported)."""
    script = (
        "import sys\n"
        "from shardify.cli.main import app\n"
        f"try:\n    app({list(args)!r})\n"
        "except SystemExit as e:\n    assert e.code in (0, None), e.code\n"
        f"print('IMPORTED', sorted(m for m in sys.modules if m.split('.')[0] in {tuple(packages)!r}))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    line = next((line for line in result.stdout.splitlines() if line.startswith("IMPORTED ")), None)
    assert line is not None, f"the command did not finish:\n{result.stderr}"
    return result, eval(line.removeprefix("IMPORTED "))  # noqa: S307 - our own repr of a list of str
